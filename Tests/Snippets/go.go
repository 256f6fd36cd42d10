package main

import (
	"fmt"
	"strings"
)

// Job is a unit of work.
type Job struct {
	Name     string
	Priority int
}

func (j Job) String() string {
	return fmt.Sprintf("%s (%d)", j.Name, j.Priority)
}

func run(jobs []Job, limit int) (done []string, err error) {
	for i, job := range jobs {
		if i >= limit {
			return nil, fmt.Errorf("too many jobs: %d", len(jobs))
		}
		done = append(done, strings.ToUpper(job.String()))
	}
	return done, nil
}

func main() {
	out, _ := run([]Job{{"build", 2}, {"test", 1}}, 10)
	fmt.Println(out, true, 3.5)
}
