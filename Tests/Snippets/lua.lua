-- A small job queue
local Queue = {}
Queue.__index = Queue

local MAX = 10

function Queue.new()
  return setmetatable({ items = {}, count = 0 }, Queue)
end

function Queue:push(name, priority)
  if self.count >= MAX then
    error("queue full: " .. tostring(self.count))
  end
  table.insert(self.items, { name = name, priority = priority or 0 })
  self.count = self.count + 1
  return self
end

local q = Queue.new():push("build", 2):push("test")
for i, job in ipairs(q.items) do
  print(string.format("%d: %s (%d)", i, job.name, job.priority), true, nil)
end
