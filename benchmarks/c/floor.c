/*
 * floor: the physical limit msghostd's direct send is compared against.
 *
 * A bare libzmq round trip over the same kind of sockets the daemon uses (an extension's
 * DEALER, the daemon's ROUTER), with a message shaped like a real `sendMessage` request:
 * no signature check, no JSON, no store; the server only echoes.
 *
 *   floor server ENDPOINT
 *       Binds a ROUTER at ENDPOINT and echoes every multipart message back to its sender,
 *       unchanged, until one arrives whose first payload frame is empty; then exits 0.
 *
 *   floor client ENDPOINT WARMUP COUNT OUTFILE
 *       Connects a DEALER to ENDPOINT, makes WARMUP untimed then COUNT timed round trips of a
 *       4-frame message (version tag, 64-character hex signature, header JSON, body JSON, the
 *       sizes bench-ext sends), writes the COUNT round trips to OUTFILE (nanoseconds, one per
 *       line), sends the stop message (one empty frame) and exits 0.
 *
 * Build: cc -O2 -Wall -Wextra -std=c11 -o floor floor.c -lzmq
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zmq.h>

#define MAX_FRAMES 16

/* What bench-ext's sendMessage request looks like on the wire: its header has a
 * UUID-formatted counter id, its body the same message bench-ext sends (instance ids are
 * short, e.g. "i1"); 9 + 64 + 87 + 303 bytes. */
static const char TAG[] = "MSGHOST/1";
static const char SIGNATURE[] = "5b2f0c6e8a1d4f3e9c7b6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f";
static const char HEADER[] = "{\"id\":\"00000000-0000-4000-8000-000000000001\",\"type\":\"sendMessage\",\"time\":1763779200000}";
static const char BODY[] =
    "{\"instance\":\"i1\",\"message\":{\"url\":\"https://example.com/bench?n=1\",\"summaryText\":\"bench message 1\","
    "\"layout\":{\"type\":\"template\",\"caption\":\"bench\","
    "\"subcaption\":\"msghost bench\",\"trailingCaption\":\"bench-c/1\",\"trailingSubcaption\":\"round trip\","
    "\"imageTitle\":\"msghost\",\"imageSubtitle\":\"benchmark message body\"}}}";

static void die(const char *what) {
    fprintf(stderr, "floor: %s: %s\n", what, zmq_strerror(zmq_errno()));
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int usage(void) {
    fprintf(stderr,
            "usage: floor server ENDPOINT\n"
            "       floor client ENDPOINT WARMUP COUNT OUTFILE\n");
    return 2;
}

static int server(const char *endpoint) {
    void *ctx = zmq_ctx_new();
    void *sock = zmq_socket(ctx, ZMQ_ROUTER);
    if (!sock) die("zmq_socket");
    int linger = 0;
    zmq_setsockopt(sock, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_bind(sock, endpoint) != 0) die("zmq_bind");

    zmq_msg_t frames[MAX_FRAMES + 1];
    for (int i = 0; i <= MAX_FRAMES; i++) zmq_msg_init(&frames[i]);
    for (;;) {
        /* One whole message: the routing id, then the payload frames. */
        int n = 0, more = 1;
        while (more) {
            zmq_msg_t *frame = &frames[n < MAX_FRAMES ? n : MAX_FRAMES];
            if (zmq_msg_recv(frame, sock, 0) < 0) {
                if (zmq_errno() == EINTR) continue;
                die("zmq_msg_recv");
            }
            more = zmq_msg_more(frame);
            if (n < MAX_FRAMES) n++;
        }
        if (n < 2) continue;
        if (zmq_msg_size(&frames[1]) == 0) break; /* the stop message */
        for (int i = 0; i < n; i++) {
            /* zmq_msg_send hands the frame over and leaves it empty, ready to receive into. */
            while (zmq_msg_send(&frames[i], sock, i + 1 < n ? ZMQ_SNDMORE : 0) < 0) {
                if (zmq_errno() != EINTR) die("zmq_msg_send");
            }
        }
    }
    for (int i = 0; i <= MAX_FRAMES; i++) zmq_msg_close(&frames[i]);
    zmq_close(sock);
    zmq_ctx_term(ctx);
    return 0;
}

static void send_frame(void *sock, const void *data, size_t size, int flags) {
    while (zmq_send(sock, data, size, flags) < 0) {
        if (zmq_errno() != EINTR) die("zmq_send");
    }
}

/* Receives one whole reply; returns how many frames it had. */
static int receive_reply(void *sock, zmq_msg_t *frame) {
    int n = 0, more = 1;
    while (more) {
        if (zmq_msg_recv(frame, sock, 0) < 0) {
            if (zmq_errno() == EINTR) continue;
            die("zmq_msg_recv");
        }
        more = zmq_msg_more(frame);
        n++;
    }
    return n;
}

static int client(const char *endpoint, long warmup, long count, const char *outfile) {
    uint64_t *samples = malloc(sizeof *samples * (size_t)(count > 0 ? count : 1));
    if (!samples) {
        fprintf(stderr, "floor: out of memory\n");
        return 1;
    }
    void *ctx = zmq_ctx_new();
    void *sock = zmq_socket(ctx, ZMQ_DEALER);
    if (!sock) die("zmq_socket");
    int linger = 5000; /* long enough for the stop message to leave */
    zmq_setsockopt(sock, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_connect(sock, endpoint) != 0) die("zmq_connect");

    zmq_msg_t frame;
    zmq_msg_init(&frame);
    for (long i = -warmup; i < count; i++) {
        uint64_t t0 = now_ns();
        send_frame(sock, TAG, sizeof TAG - 1, ZMQ_SNDMORE);
        send_frame(sock, SIGNATURE, sizeof SIGNATURE - 1, ZMQ_SNDMORE);
        send_frame(sock, HEADER, sizeof HEADER - 1, ZMQ_SNDMORE);
        send_frame(sock, BODY, sizeof BODY - 1, 0);
        int n = receive_reply(sock, &frame);
        uint64_t t1 = now_ns();
        if (n != 4) {
            fprintf(stderr, "floor: the echo had %d frames, not 4\n", n);
            return 1;
        }
        if (i >= 0) samples[i] = t1 - t0;
    }
    zmq_msg_close(&frame);

    FILE *out = fopen(outfile, "w");
    if (!out) {
        perror(outfile);
        return 1;
    }
    for (long i = 0; i < count; i++) fprintf(out, "%llu\n", (unsigned long long)samples[i]);
    if (fclose(out) != 0) {
        perror(outfile);
        return 1;
    }
    free(samples);

    send_frame(sock, "", 0, 0); /* stop the server */
    zmq_close(sock);
    zmq_ctx_term(ctx); /* waits (up to LINGER) until the stop message has left */
    return 0;
}

static int parse_count(const char *text, long *value) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < 0) return -1;
    *value = v;
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "server") == 0) return server(argv[2]);
    if (argc == 6 && strcmp(argv[1], "client") == 0) {
        long warmup, count;
        if (parse_count(argv[3], &warmup) || parse_count(argv[4], &count)) return usage();
        return client(argv[2], warmup, count, argv[5]);
    }
    return usage();
}
