/*
 * msghost's programs as one executable, for the packages (scripts/package links it from the
 * objects `swift build` made for each program). Each program's Swift Foundation brings 34 MB
 * of ICU data with it: four programs, stripped and deflated, came to 105 MB, against the
 * wheel's 40 MB budget. Linked together, they share one copy of it and of the Swift runtime.
 *
 * Which program runs is the name it was started by: the .deb's /usr/bin entries are symbolic
 * links to it, and the wheel's launchers exec it with argv[0] set. `msghost NAME ARGS…` runs
 * NAME too (what the wheel's stubs in lib/msghost do, for programs started by path).
 *
 * SwiftPM compiles an executable target's entry point as `<module>_main` and renames it to
 * `main` only when it links that target alone, so the four can be linked beside this `main`.
 */
#include <stdio.h>
#include <string.h>

int msghostd_main(int argc, char **argv);
int msghostctl_main(int argc, char **argv);
int msghost_web_main(int argc, char **argv);
int IceCreamExtension_main(int argc, char **argv);
/* The Swift runtime's own hook: CommandLine.arguments then starts at the program's name. */
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static const struct {
    const char *name;
    int (*main)(int argc, char **argv);
} programs[] = {
    {"msghostd", msghostd_main},
    {"msghostctl", msghostctl_main},
    {"msghost-web", msghost_web_main},
    {"IceCreamExtension", IceCreamExtension_main},
};
static const size_t count = sizeof programs / sizeof programs[0];

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int main(int argc, char **argv) {
    const char *name = argc > 0 ? base_name(argv[0]) : "";
    for (size_t i = 0; i < count; i++) {
        if (strcmp(name, programs[i].name) == 0) return programs[i].main(argc, argv);
    }
    if (argc > 1) {
        for (size_t i = 0; i < count; i++) {
            if (strcmp(argv[1], programs[i].name) == 0) {
                _swift_stdlib_overrideUnsafeArgvArgc(argv + 1, argc - 1);
                return programs[i].main(argc - 1, argv + 1);
            }
        }
    }
    fprintf(stderr, "msghost: run as msghostd, msghostctl, msghost-web or IceCreamExtension (a link of that name, "
                    "or `msghost NAME ARGUMENTS…`)%s%s\n", argc > 1 ? "; not " : "", argc > 1 ? argv[1] : "");
    return 64;
}
