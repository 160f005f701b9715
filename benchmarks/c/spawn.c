/*
 * spawn: what one extension spawn costs, by path ("C cold launch" in docs/PERFORMANCE.md). Not part of msghost-bench: a one-off measurement kept so that it can
 * be repeated.
 *
 * Spawns /bin/true ROUNDS times (default 2000) in each of three ways, interleaved in blocks
 * of 100 so that a noisy moment hits all three, waits for each, and prints the median and
 * the 90th percentile of spawn → reaped, in microseconds:
 *   bare     posix_spawn /bin/true
 *   setpriv  posix_spawn setpriv --pdeathsig KILL -- /bin/true (the launch path before)
 *   cspawn   cspawn_start /bin/true (Sources/CSpawn: own group, parent-death signal, pipes)
 *
 * Build: cc -O2 -Wall -Wextra -std=c11 -I Sources/CSpawn/include -o spawn benchmarks/c/spawn.c Sources/CSpawn/cspawn.c
 */
#define _GNU_SOURCE
#include <cspawn.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double spawn_posix(char *const argv[]) {
    double start = now_us();
    pid_t pid;
    if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0) {
        perror("posix_spawn");
        exit(1);
    }
    waitpid(pid, NULL, 0);
    return now_us() - start;
}

static double spawn_cspawn(void) {
    char *argv[] = {"/bin/true", NULL};
    struct cspawn_request request = {"/bin/true", argv, environ, NULL, NULL};
    struct cspawn_process process;
    struct cspawn_failure failure;
    double start = now_us();
    if (cspawn_start(&request, &process, &failure) != 0) {
        fprintf(stderr, "cspawn: stage %d errno %d\n", failure.stage, failure.error);
        exit(1);
    }
    waitpid(process.pid, NULL, 0);
    double elapsed = now_us() - start;
    close(process.stdout_fd);
    close(process.stderr_fd);
    if (process.pidfd >= 0) close(process.pidfd);
    return elapsed;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    const char *setpriv = access("/usr/bin/setpriv", X_OK) == 0 ? "/usr/bin/setpriv" : "/bin/setpriv";
    char *bare[] = {"/bin/true", NULL};
    char *through_setpriv[] = {(char *)setpriv, "--pdeathsig", "KILL", "--", "/bin/true", NULL};
    double *samples[3];
    for (int way = 0; way < 3; way++) samples[way] = malloc(sizeof(double) * rounds);
    for (int done = 0; done < rounds; done += 100) {
        for (int way = 0; way < 3; way++) {
            for (int i = done; i < done + 100 && i < rounds; i++) {
                samples[way][i] = way == 0 ? spawn_posix(bare) : way == 1 ? spawn_posix(through_setpriv) : spawn_cspawn();
            }
        }
    }
    const char *names[] = {"bare", "setpriv", "cspawn"};
    for (int way = 0; way < 3; way++) {
        qsort(samples[way], rounds, sizeof(double), by_value);
        printf("%-8s median %7.1f us  p90 %7.1f us  (%d spawns)\n", names[way], samples[way][rounds / 2], samples[way][rounds * 9 / 10], rounds);
    }
    return 0;
}
