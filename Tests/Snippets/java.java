package example;

import java.util.ArrayList;
import java.util.List;

/** A unit of work. */
public class Job implements Comparable<Job> {
    private static final int MAX = 10;
    private final String name;
    private final int priority;

    public Job(String name, int priority) {
        this.name = name;
        this.priority = priority;
    }

    @Override
    public int compareTo(Job other) {
        return Integer.compare(other.priority, priority);
    }

    public static List<String> run(List<Job> jobs) {
        List<String> done = new ArrayList<>();
        for (Job job : jobs) {
            if (done.size() >= MAX) break; // enough
            done.add(job.name + " (" + job.priority + ")");
        }
        return done;
    }

    public static void main(String[] args) {
        System.out.println(run(List.of(new Job("build", 2), new Job("test", 1))));
    }
}
