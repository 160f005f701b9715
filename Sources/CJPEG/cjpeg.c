#include "cjpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error manager with a place to jump back to and the message of the failure.
struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void fail(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    (*info->err->format_message)(info, failure->message);
    longjmp(failure->jump, 1);
}

/// Warnings (a truncated file, extraneous bytes) are not failures: libjpeg fills in gray.
static void ignore(j_common_ptr info, int level) { (void)info; (void)level; }

static void copy_message(const char *message, char *error, size_t error_size) {
    if (error_size > 0) snprintf(error, error_size, "%s", message);
}

int cjpeg_decode(const unsigned char *data, size_t size, size_t max_pixels,
                 uint32_t **pixels, int *width, int *height, char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    struct failure failure;
    uint32_t *volatile out = NULL;
    unsigned char *volatile row = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = fail;
    failure.manager.emit_message = ignore;
    if (setjmp(failure.jump)) {
        copy_message(failure.message, error, error_size);
        jpeg_destroy_decompress(&info);
        free(out);
        free(row);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    if (w == 0 || h == 0 || w * h > max_pixels || info.output_components != 3) {
        copy_message(w * h > max_pixels ? "the image has too many pixels" : "not an RGB image", error, error_size);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    out = malloc(w * h * sizeof(uint32_t));
    row = malloc(w * 3);
    if (out == NULL || row == NULL) {
        copy_message("out of memory", error, error_size);
        jpeg_destroy_decompress(&info);
        free(out);
        free(row);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&info, rows, 1);
        for (size_t x = 0; x < w; x++) {
            out[y * w + x] = 0xFF000000u | (uint32_t)row[3 * x] << 16 | (uint32_t)row[3 * x + 1] << 8 | row[3 * x + 2];
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *pixels = out;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

int cjpeg_encode(const unsigned char *argb, int width, int height, int stride, int quality,
                 unsigned char **output, unsigned long *output_size, char *error, size_t error_size) {
    struct jpeg_compress_struct info;
    struct failure failure;
    unsigned char *volatile row = NULL;
    unsigned char *buffer = NULL;
    unsigned long buffer_size = 0;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = fail;
    failure.manager.emit_message = ignore;
    if (setjmp(failure.jump)) {
        copy_message(failure.message, error, error_size);
        jpeg_destroy_compress(&info);
        free(row);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &buffer_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 0 ? 0 : quality > 100 ? 100 : quality, TRUE);
    row = malloc((size_t)width * 3);
    if (row == NULL) {
        copy_message("out of memory", error, error_size);
        jpeg_destroy_compress(&info);
        return -1;
    }
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        const uint32_t *source = (const uint32_t *)(argb + (size_t)info.next_scanline * (size_t)stride);
        for (int x = 0; x < width; x++) {
            row[3 * x] = (unsigned char)(source[x] >> 16);
            row[3 * x + 1] = (unsigned char)(source[x] >> 8);
            row[3 * x + 2] = (unsigned char)source[x];
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    *output = buffer;
    *output_size = buffer_size;
    return 0;
}

void cjpeg_free(void *pointer) { free(pointer); }
