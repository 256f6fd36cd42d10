package example

import kotlin.math.max

// A unit of work
data class Job(val name: String, val priority: Int = 0)

const val MAX_JOBS = 10

fun run(jobs: List<Job>, limit: Int = MAX_JOBS): List<String> {
    val done = mutableListOf<String>()
    for ((index, job) in jobs.sortedByDescending { it.priority }.withIndex()) {
        if (index >= limit) break
        done += "${job.name} (${job.priority})"
    }
    return done
}

fun main() {
    val jobs = listOf(Job("build", 2), Job("test", 1))
    println(run(jobs))
    val ratio = max(3.5, 1.0)
    println(if (ratio > 2) "big" else null)
}
