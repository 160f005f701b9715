#define _GNU_SOURCE
#include "cspawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/// The child's stack: a PATH_MAX buffer for the PATH search and a few frames.
#define CSPAWN_STACK_SIZE (64 * 1024)
#define CSPAWN_DEFAULT_PATH "/usr/local/bin:/usr/bin:/bin"

/// What the child reads: everything it needs, prepared by the daemon before the clone.
struct child_context {
    const struct cspawn_request *request;
    pid_t parent;
    /// Write end of the report pipe (close-on-exec: exec closing it is the news of success).
    int report_fd;
    int stdout_fd;
    int stderr_fd;
};

/// Tells the daemon which step failed, with errno, and ends the child.
static void report_and_exit(int report_fd, int stage) {
    struct cspawn_failure failure = {stage, errno};
    ssize_t written = write(report_fd, &failure, sizeof failure);
    (void)written;
    _exit(127);
}

/// Marks every descriptor above stderr close-on-exec by listing /proc/self/fd, for kernels
/// without close_range's CLOEXEC flag (before 5.11). System calls only: no opendir (malloc).
static int mark_descriptors_close_on_exec_by_listing(void) {
    int directory = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return -1;
    char buffer[4096];
    for (;;) {
        long length = syscall(SYS_getdents64, directory, buffer, sizeof buffer);
        if (length < 0 && errno == EINTR) continue;
        if (length <= 0) {
            close(directory);
            return (int)length;
        }
        for (long offset = 0; offset < length;) {
            struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            int fd = 0;
            const char *digit = entry->d_name;
            if (*digit < '0' || *digit > '9') continue;
            for (; *digit >= '0' && *digit <= '9'; digit++) fd = fd * 10 + (*digit - '0');
            if (fd > STDERR_FILENO && fd != directory) fcntl(fd, F_SETFD, FD_CLOEXEC);
        }
    }
}

/// Looks `command` up in `path` and execs the first that runs, as execvp does (an empty
/// entry is the working directory); returns only if none did, with errno EACCES if one
/// was found but refused, else the last error.
static void exec_searching(const char *command, char *const argv[], char *const envp[], const char *path) {
    char candidate[PATH_MAX];
    size_t name_length = strlen(command);
    int refused = 0;
    for (const char *entry = path;;) {
        const char *end = entry;
        while (*end != '\0' && *end != ':') end++;
        size_t directory_length = (size_t)(end - entry);
        if (directory_length + 1 + name_length + 1 <= sizeof candidate) {
            memcpy(candidate, entry, directory_length);
            size_t at = directory_length;
            if (directory_length > 0) candidate[at++] = '/';
            memcpy(candidate + at, command, name_length + 1);
            execve(candidate, argv, envp);
            switch (errno) {
            case EACCES: refused = 1; break;
            case ENOENT: case ENOTDIR: case ESTALE: case ENODEV: case ETIMEDOUT: case ENAMETOOLONG: break;
            default: return;
            }
        }
        if (*end == '\0') break;
        entry = end + 1;
    }
    errno = refused ? EACCES : ENOENT;
}

/// The child, between clone and exec: it shares the daemon's memory (CLONE_VM), so it only
/// makes system calls, and reports a failure through the pipe before `_exit`.
static int child_main(void *argument) {
    const struct child_context *context = argument;
    const struct cspawn_request *request = context->request;

    // Every disposition back to its default before any signal is let in: the daemon ignores
    // some (an ignored signal stays ignored across exec) and handles others, and none of its
    // handlers may run here, in its memory. The system call itself, as glibc's posix_spawn
    // does, since glibc's sigaction refuses its own two (32, 33). A kernel sigaction that is
    // all zeros is SIG_DFL with no flags and an empty mask, whatever the architecture's layout.
    unsigned long default_action[8] = {0};
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (signal_number == SIGKILL || signal_number == SIGSTOP) continue;
        syscall(SYS_rt_sigaction, signal_number, default_action, NULL, (NSIG - 1) / 8);
    }
    sigset_t none;
    sigemptyset(&none);
    if (sigprocmask(SIG_SETMASK, &none, NULL) != 0) report_and_exit(context->report_fd, CSPAWN_STAGE_SIGNALS);

    // Its own group, led by itself: SIGTERM/SIGKILL to the group reach whatever it starts.
    if (setpgid(0, 0) != 0) report_and_exit(context->report_fd, CSPAWN_STAGE_PROCESS_GROUP);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) report_and_exit(context->report_fd, CSPAWN_STAGE_PARENT_DEATH_SIGNAL);
    // A daemon that died before the prctl will never send the signal: the child has already
    // been handed to another parent, and must not run on as an orphan.
    if (getppid() != context->parent) _exit(127);

    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0) report_and_exit(context->report_fd, CSPAWN_STAGE_STANDARD_INPUT);
    if (null_fd != STDIN_FILENO) {
        if (dup2(null_fd, STDIN_FILENO) < 0) report_and_exit(context->report_fd, CSPAWN_STAGE_STANDARD_INPUT);
        close(null_fd);
    }
    // The pipes' ends are above stderr (cspawn_start sees to it), so dup2 always makes a new
    // descriptor, without close-on-exec.
    if (dup2(context->stdout_fd, STDOUT_FILENO) < 0 || dup2(context->stderr_fd, STDERR_FILENO) < 0) {
        report_and_exit(context->report_fd, CSPAWN_STAGE_STANDARD_OUTPUT);
    }

    if (request->working_directory != NULL && chdir(request->working_directory) != 0) {
        report_and_exit(context->report_fd, CSPAWN_STAGE_WORKING_DIRECTORY);
    }

    // Nothing of the daemon's (sockets, the database, other children's pipes) crosses exec.
    if (syscall(SYS_close_range, STDERR_FILENO + 1, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
        mark_descriptors_close_on_exec_by_listing();
    }

    if (strchr(request->command, '/') != NULL) {
        execve(request->command, request->argv, request->envp);
    } else {
        exec_searching(request->command, request->argv, request->envp, request->search_path != NULL ? request->search_path : CSPAWN_DEFAULT_PATH);
    }
    report_and_exit(context->report_fd, CSPAWN_STAGE_EXEC);
    return 127;
}

/// A close-on-exec pipe whose ends are both above stderr, so that a daemon started with
/// stdin, stdout or stderr closed cannot have one of them handed to the child as 0–2.
static int pipe_above_standard_descriptors(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    for (int end = 0; end < 2; end++) {
        if (fds[end] > STDERR_FILENO) continue;
        int moved = fcntl(fds[end], F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
        int saved = errno;
        close(fds[end]);
        fds[end] = moved;
        if (moved < 0) {
            close(fds[1 - end]);
            errno = saved;
            return -1;
        }
    }
    return 0;
}

static void close_if_open(int fd) {
    if (fd >= 0) close(fd);
}

int cspawn_start(const struct cspawn_request *request, struct cspawn_process *process, struct cspawn_failure *failure) {
    int report[2] = {-1, -1}, output[2] = {-1, -1}, error[2] = {-1, -1};
    void *stack = MAP_FAILED;
    if (pipe_above_standard_descriptors(report) != 0 || pipe_above_standard_descriptors(output) != 0
        || pipe_above_standard_descriptors(error) != 0
        || (stack = mmap(NULL, CSPAWN_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0)) == MAP_FAILED) {
        *failure = (struct cspawn_failure){CSPAWN_STAGE_PARENT, errno};
        int fds[] = {report[0], report[1], output[0], output[1], error[0], error[1]};
        for (int i = 0; i < 6; i++) close_if_open(fds[i]);
        return -1;
    }

    struct child_context context = {request, getpid(), report[1], output[1], error[1]};
    // Every signal blocked across the clone: the child must not run a handler of the daemon's
    // before it has reset them. CLONE_VFORK: this thread sleeps until the child has exec'd or
    // exited, so `context` and `stack` stay valid for as long as the child reads them.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    pid_t pid = clone(child_main, (char *)stack + CSPAWN_STACK_SIZE, CLONE_VM | CLONE_VFORK | SIGCHLD, &context);
    int clone_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    munmap(stack, CSPAWN_STACK_SIZE);
    close(report[1]);
    close(output[1]);
    close(error[1]);
    if (pid < 0) {
        *failure = (struct cspawn_failure){CSPAWN_STAGE_PARENT, clone_error};
        close(report[0]);
        close(output[0]);
        close(error[0]);
        return -1;
    }

    // The child has exec'd (the pipe closed with nothing in it) or written why it did not.
    struct cspawn_failure reported;
    ssize_t length;
    do {
        length = read(report[0], &reported, sizeof reported);
    } while (length < 0 && errno == EINTR);
    close(report[0]);
    if (length == (ssize_t)sizeof reported) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        close(output[0]);
        close(error[0]);
        *failure = reported;
        return -1;
    }

    process->pid = pid;
    process->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);  // close-on-exec by itself
    process->stdout_fd = output[0];
    process->stderr_fd = error[0];
    return 0;
}
