#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 10

/* A unit of work */
struct job {
    const char *name;
    int priority;
};

static int compare(const void *a, const void *b) {
    const struct job *x = a, *y = b;
    return y->priority - x->priority;
}

int run(struct job *jobs, size_t count) {
    qsort(jobs, count, sizeof *jobs, compare);
    for (size_t i = 0; i < count && i < MAX_JOBS; i++) {
        printf("%s (%d)\n", jobs[i].name, jobs[i].priority);
    }
    return count > MAX_JOBS ? -1 : 0;
}

int main(void) {
    struct job jobs[] = {{"build", 2}, {"test", 1}};
    return run(jobs, sizeof jobs / sizeof jobs[0]) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
