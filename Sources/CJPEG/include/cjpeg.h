// JPEG decoding and encoding with libjpeg-turbo (Debian's libjpeg-dev) for MessagesSDK's UIImage.
//
// Why C: libjpeg reports a corrupt file by calling its error_exit hook, which must not return;
// the only way back is longjmp, which Swift cannot do. These two functions set the jump point,
// so bad bytes come back as an error message instead of ending the process.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// Decodes `size` bytes of JPEG into a malloc'd buffer of `*width` × `*height` pixels, each a
/// native-endian 0xFFRRGGBB (Cairo's ARGB32, opaque), rows packed. Refuses images of more than
/// `max_pixels` pixels before allocating. Returns 0, or -1 with a message in `error`.
int cjpeg_decode(const unsigned char *data, size_t size, size_t max_pixels,
                 uint32_t **pixels, int *width, int *height, char *error, size_t error_size);

/// Encodes `width` × `height` pixels of Cairo ARGB32 (premultiplied; alpha is dropped, so a
/// transparent pixel is black, as UIKit's JPEG is) at `quality` 0–100 into a malloc'd buffer.
/// `stride` is bytes per row. Returns 0, or -1 with a message in `error`.
int cjpeg_encode(const unsigned char *argb, int width, int height, int stride, int quality,
                 unsigned char **output, unsigned long *output_size, char *error, size_t error_size);

/// Frees what the two functions above allocated.
void cjpeg_free(void *pointer);
