// Cairo (pixels, paths, PNG) and Pango through pangocairo (text), Debian's libcairo2-dev and
// libpango1.0-dev: what MessagesSDK's UIKit drawing (Sources/MessagesSDK/Drawing) runs on.
// pangocairo's pkg-config file gives the include folders (pango-1.0, glib-2.0, cairo, …).
#pragma once
#include <cairo.h>
#include <pango/pangocairo.h>
