// The short-lived middle process of the parent-death test (Tests/MsgHostTests/Processes/
// ChildProcessTests.swift): starts its arguments through cspawn_start, prints the child's
// pid, and waits to be killed. Its child must die with it.
#include <cspawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: SpawnProbe COMMAND [ARGUMENT...]\n");
        return 2;
    }
    struct cspawn_request request = {argv[1], argv + 1, environ, getenv("PATH"), NULL};
    struct cspawn_process process;
    struct cspawn_failure failure;
    if (cspawn_start(&request, &process, &failure) != 0) {
        fprintf(stderr, "SpawnProbe: stage %d, errno %d\n", failure.stage, failure.error);
        return 1;
    }
    printf("%d\n", (int)process.pid);
    fflush(stdout);
    for (;;) pause();
}
