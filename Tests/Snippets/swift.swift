import Foundation

/// A unit of work.
struct Job: Comparable, CustomStringConvertible {
    let name: String
    var priority = 0

    static func < (lhs: Job, rhs: Job) -> Bool { lhs.priority > rhs.priority }

    var description: String { "\(name) (\(priority))" }
}

enum RunError: Error {
    case tooMany(Int)
}

func run(_ jobs: [Job], limit: Int = 10) throws -> [String] {
    guard jobs.count <= limit else { throw RunError.tooMany(jobs.count) }
    return jobs.sorted().map(\.description)
}

let jobs = [Job(name: "build", priority: 2), Job(name: "test")]
if let done = try? run(jobs) {
    print(done, true, 3.5)
}
