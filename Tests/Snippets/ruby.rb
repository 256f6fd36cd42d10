# A unit of work
class Job
  include Comparable
  attr_reader :name, :priority

  MAX = 10

  def initialize(name, priority = 0)
    @name = name
    @priority = priority
  end

  def <=>(other)
    other.priority <=> priority
  end

  def to_s = "#{name} (#{priority})"
end

jobs = [Job.new("build", 2), Job.new("test", 1)]
jobs.sort.first(Job::MAX).each_with_index do |job, i|
  puts "#{i}: #{job}" if job.priority > 0
end
config = { verbose: true, ratio: 3.5, tags: %w[a b] }
