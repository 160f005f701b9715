#ifndef CSPAWN_H
#define CSPAWN_H

#include <sys/types.h>

/// msghost's own spawn of an extension process (Linux).
///
/// Why not posix_spawn or swift-subprocess: an extension must get a parent-death signal
/// (`prctl(PR_SET_PDEATHSIG, SIGKILL)`) between fork and exec, so that none outlives a daemon
/// killed with `kill -9`, and neither has a pre-exec hook on Linux. Before this, every launch
/// exec'd `setpriv --pdeathsig KILL` first, which cost about 0.8 ms a spawn.
///
/// The child is made with `clone(CLONE_VM | CLONE_VFORK)` on a stack of its own (as glibc's
/// posix_spawn does): no copy of the daemon's page tables, and the calling thread waits until
/// the child has exec'd or failed. Between clone and exec the child only makes system calls.

/// The step of the child's set-up that failed.
enum cspawn_stage {
    /// In the daemon, before the child exists (pipe2, mmap, clone).
    CSPAWN_STAGE_PARENT = 0,
    CSPAWN_STAGE_SIGNALS = 1,
    CSPAWN_STAGE_PROCESS_GROUP = 2,
    CSPAWN_STAGE_PARENT_DEATH_SIGNAL = 3,
    CSPAWN_STAGE_STANDARD_INPUT = 4,
    CSPAWN_STAGE_STANDARD_OUTPUT = 5,
    CSPAWN_STAGE_WORKING_DIRECTORY = 6,
    CSPAWN_STAGE_EXEC = 7,
};

struct cspawn_request {
    /// A path (with a `/`, relative to the working directory), or a name looked up in
    /// `search_path` as execvp does.
    const char *command;
    /// NULL-terminated; argv[0] included.
    char *const *argv;
    /// NULL-terminated `KEY=VALUE` strings: the child's whole environment.
    char *const *envp;
    /// The PATH to look `command` up in (the child's own); NULL: /usr/local/bin:/usr/bin:/bin.
    const char *search_path;
    /// Where the child runs; NULL: the daemon's working directory.
    const char *working_directory;
};

struct cspawn_process {
    pid_t pid;
    /// A pidfd for the child (readable once it has exited), or -1 where the kernel has none.
    int pidfd;
    /// Read ends of the child's stdout and stderr pipes (close-on-exec).
    int stdout_fd;
    int stderr_fd;
};

struct cspawn_failure {
    /// A `cspawn_stage`.
    int stage;
    int error;
};

/// Starts `request` as a child of the calling thread: stdin /dev/null, stdout and stderr
/// pipes, its own process group (`setpgid(0, 0)`), SIGKILL when the calling thread or the
/// daemon dies (so call it from a thread that outlives the child), every signal at its
/// default and none blocked, no descriptor but 0–2 inherited.
///
/// Returns 0 and fills `process`; or -1 and fills `failure` (the child, if there was one, has
/// been reaped and nothing is left open).
int cspawn_start(const struct cspawn_request *request, struct cspawn_process *process, struct cspawn_failure *failure);

#endif
