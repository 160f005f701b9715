// A module map resolves `header` relative to itself, so <zmq.h> is reached through this shim
// (zmq-limits.md, pitfall 1). pkg-config is left out: on Debian it only adds a prohibited
// -isystem flag, and the default include path finds zmq.h.
#pragma once
#include <zmq.h>
