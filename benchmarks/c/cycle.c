/*
 * cycle: the throughput floor msghostd's sustained sends are compared against.
 *
 * A user's direct send is eight messages: the control client's `touch`, the `touch` callback
 * to the extension, its `sendMessage`, the reply to it, the extension's reply to the touch,
 * `didStartSending`, the extension's reply to that, and the control reply. This program
 * moves the same eight messages, with frames of the same sizes, between the same kinds of
 * sockets (control DEALER → ROUTER, extension DEALER → ROUTER, both ROUTERs polled by one
 * thread, as in the daemon), with nothing else: no signature, no JSON, no store.
 *
 *   cycle hub CONTROL_ENDPOINT EXTENSION_ENDPOINT
 *       Binds both ROUTERs and relays the cycle for every user until a control message whose
 *       first payload frame is empty arrives; then exits 0. User N's sockets have the routing
 *       ids "c<N>" (control) and "u<N>" (extension). An extension says `hello` once connected
 *       (as a real one does); a touch that comes first waits for it, since a ROUTER drops what
 *       it cannot route yet.
 *
 *   cycle users CONTROL_ENDPOINT EXTENSION_ENDPOINT USERS SECONDS OUTFILE
 *       Runs USERS users, each a control thread (touch, wait for the reply, again, until
 *       SECONDS have passed) and an extension thread (sendMessage inside the touch handler,
 *       then the replies), writes "<cycles> <nanoseconds>" to OUTFILE, stops the hub and
 *       exits 0.
 *
 * Build: cc -O2 -Wall -Wextra -std=c11 -o cycle cycle.c -lzmq -lpthread
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zmq.h>

#define MAX_USERS 64
#define MAX_FRAMES 8

static const char TAG[] = "MSGHOST/1";
static const char SIGNATURE[] = "5b2f0c6e8a1d4f3e9c7b6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f";

/* The messages of one cycle, the sizes msghostd and bench-ext send (header, body). */
static const char TOUCH_REQUEST_HEADER[] = "{\"id\":\"00000000-0000-4000-8000-000000000001\",\"type\":\"touch\",\"time\":1763779200000}";
static const char TOUCH_REQUEST_BODY[] = "{\"device\":\"s1-iphone\",\"payload\":{\"op\":\"send\"}}";
static const char TOUCH_HEADER[] = "{\"id\":\"h-000001\",\"type\":\"touch\",\"time\":1763779200000}";
static const char TOUCH_BODY[] = "{\"instance\":\"i1\",\"payload\":{\"op\":\"send\"}}";
static const char SEND_HEADER[] = "{\"id\":\"00000000-0000-4000-8000-000000000001\",\"type\":\"sendMessage\",\"time\":1763779200000}";
static const char SEND_BODY[] =
    "{\"instance\":\"i1\",\"message\":{\"url\":\"https://example.com/bench?n=1\",\"summaryText\":\"bench message 1\","
    "\"layout\":{\"type\":\"template\",\"caption\":\"bench\","
    "\"subcaption\":\"msghost bench\",\"trailingCaption\":\"bench-c/1\",\"trailingSubcaption\":\"round trip\","
    "\"imageTitle\":\"msghost\",\"imageSubtitle\":\"benchmark message body\"}}}";
static const char REPLY_HEADER[] = "{\"id\":\"h-000002\",\"type\":\"reply\",\"replyTo\":\"00000000-0000-4000-8000-000000000001\",\"time\":1763779200000}";
static const char SEND_REPLY_BODY[] =
    "{\"status\":\"ok\",\"message\":{\"url\":\"https://example.com/bench?n=1\",\"summaryText\":\"bench message 1\","
    "\"accessibilityLabel\":null,\"shouldExpire\":false,\"isPending\":false,\"session\":null,"
    "\"senderParticipantIdentifier\":\"7C1D2E3F-4A5B-4C6D-8E7F-90A1B2C3D4E5\","
    "\"layout\":{\"type\":\"template\",\"caption\":\"bench\",\"subcaption\":\"msghost bench\",\"trailingCaption\":\"bench-c/1\","
    "\"trailingSubcaption\":\"round trip\",\"imageTitle\":\"msghost\",\"imageSubtitle\":\"benchmark message body\",\"image\":null,"
    "\"mediaFileURL\":null}}}";
static const char EXT_REPLY_HEADER[] = "{\"id\":\"00000000-0000-4000-8000-000000000002\",\"type\":\"reply\",\"replyTo\":\"h-000001\",\"time\":1763779200000}";
static const char OK_BODY[] = "{\"status\":\"ok\"}";
static const char HELLO_HEADER[] = "{\"id\":\"00000000-0000-4000-8000-000000000000\",\"type\":\"hello\",\"time\":1763779200000}";
static const char HELLO_BODY[] = "{\"app\":\"com.example.bench-c\",\"protocol\":1,\"pid\":4242,\"sdk\":\"cycle/1\"}";
static const char STARTED_HEADER[] = "{\"id\":\"h-000003\",\"type\":\"didStartSending\",\"time\":1763779200000}";
static const char STARTED_BODY[] =
    "{\"instance\":\"i1\",\"conversation\":{\"localParticipantIdentifier\":\"7C1D2E3F-4A5B-4C6D-8E7F-90A1B2C3D4E5\","
    "\"remoteParticipantIdentifiers\":[\"A4E0B1C2-D3E4-4F50-8617-28394A5B6C7D\"],\"selectedMessage\":null},"
    "\"message\":{\"url\":\"https://example.com/bench?n=1\",\"summaryText\":\"bench message 1\","
    "\"accessibilityLabel\":null,\"shouldExpire\":false,\"isPending\":false,\"session\":null,"
    "\"senderParticipantIdentifier\":\"7C1D2E3F-4A5B-4C6D-8E7F-90A1B2C3D4E5\","
    "\"layout\":{\"type\":\"template\",\"caption\":\"bench\",\"subcaption\":\"msghost bench\",\"trailingCaption\":\"bench-c/1\","
    "\"trailingSubcaption\":\"round trip\",\"imageTitle\":\"msghost\",\"imageSubtitle\":\"benchmark message body\",\"image\":null,"
    "\"mediaFileURL\":null}}}";
static const char CONTROL_REPLY_HEADER[] = "{\"id\":\"h-000004\",\"type\":\"reply\",\"replyTo\":\"00000000-0000-4000-8000-000000000001\",\"time\":1763779200000}";

static void die(const char *what) {
    fprintf(stderr, "cycle: %s: %s\n", what, zmq_strerror(zmq_errno()));
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void send_frame(void *sock, const void *data, size_t size, int flags) {
    while (zmq_send(sock, data, size, flags) < 0) {
        if (zmq_errno() != EINTR) die("zmq_send");
    }
}

/* One envelope: tag, signature (empty on the control endpoint), header, body. With `to`, the
 * routing id first (a ROUTER sending). */
static void send_envelope(void *sock, const char *to, int signed_, const char *header, const char *body) {
    if (to) send_frame(sock, to, strlen(to), ZMQ_SNDMORE);
    send_frame(sock, TAG, sizeof TAG - 1, ZMQ_SNDMORE);
    send_frame(sock, SIGNATURE, signed_ ? sizeof SIGNATURE - 1 : 0, ZMQ_SNDMORE);
    send_frame(sock, header, strlen(header), ZMQ_SNDMORE);
    send_frame(sock, body, strlen(body), 0);
}

/* Receives one whole message into `frames`; returns how many it had (extra ones are dropped).
 * Returns -1 on EAGAIN (a receive timeout). */
static int receive(void *sock, zmq_msg_t *frames) {
    int n = 0, more = 1;
    while (more) {
        zmq_msg_t *frame = &frames[n < MAX_FRAMES ? n : MAX_FRAMES - 1];
        if (zmq_msg_recv(frame, sock, 0) < 0) {
            if (zmq_errno() == EINTR) continue;
            if (zmq_errno() == EAGAIN && n == 0) return -1;
            die("zmq_msg_recv");
        }
        more = zmq_msg_more(frame);
        if (n < MAX_FRAMES) n++;
    }
    return n;
}

/* Whether the header frame names `type` ("type":"<type>"), as the hub tells messages apart. */
static int has_type(zmq_msg_t *header, const char *type) {
    char wanted[64];
    snprintf(wanted, sizeof wanted, "\"type\":\"%s\"", type);
    size_t size = zmq_msg_size(header);
    return size >= strlen(wanted) && memmem(zmq_msg_data(header), size, wanted, strlen(wanted)) != NULL;
}

static int user_index(zmq_msg_t *routing_id) {
    char text[16] = {0};
    size_t size = zmq_msg_size(routing_id);
    if (size < 2 || size >= sizeof text) return -1;
    memcpy(text, zmq_msg_data(routing_id), size);
    int index = atoi(text + 1);
    return index >= 0 && index < MAX_USERS ? index : -1;
}

static int hub(const char *control_endpoint, const char *extension_endpoint) {
    void *ctx = zmq_ctx_new();
    void *control = zmq_socket(ctx, ZMQ_ROUTER);
    void *extensions = zmq_socket(ctx, ZMQ_ROUTER);
    if (!control || !extensions) die("zmq_socket");
    int linger = 0;
    zmq_setsockopt(control, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt(extensions, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_bind(control, control_endpoint) != 0 || zmq_bind(extensions, extension_endpoint) != 0) die("zmq_bind");

    /* Per user: 0 waiting for a touch, 1 waiting for the touch's reply, 2 for didStartSending's;
     * whether its extension said hello, and whether a touch waits for that. */
    int state[MAX_USERS] = {0}, ready[MAX_USERS] = {0}, waiting[MAX_USERS] = {0};
    zmq_msg_t frames[MAX_FRAMES];
    for (int i = 0; i < MAX_FRAMES; i++) zmq_msg_init(&frames[i]);
    zmq_pollitem_t items[] = {{control, 0, ZMQ_POLLIN, 0}, {extensions, 0, ZMQ_POLLIN, 0}};
    char id[16];
    for (;;) {
        if (zmq_poll(items, 2, -1) < 0) {
            if (zmq_errno() == EINTR) continue;
            die("zmq_poll");
        }
        if (items[0].revents & ZMQ_POLLIN) {
            int n = receive(control, frames);
            if (n >= 2 && zmq_msg_size(&frames[1]) == 0) break; /* the stop message */
            int user = n == 5 ? user_index(&frames[0]) : -1;
            if (user >= 0 && state[user] == 0 && has_type(&frames[3], "touch")) {
                state[user] = 1;
                snprintf(id, sizeof id, "u%d", user);
                if (ready[user]) send_envelope(extensions, id, 1, TOUCH_HEADER, TOUCH_BODY);
                else waiting[user] = 1;
            }
        }
        if (items[1].revents & ZMQ_POLLIN) {
            int n = receive(extensions, frames);
            int user = n == 5 ? user_index(&frames[0]) : -1;
            if (user < 0) continue;
            snprintf(id, sizeof id, "u%d", user);
            if (has_type(&frames[3], "hello")) {
                ready[user] = 1;
                send_envelope(extensions, id, 1, REPLY_HEADER, OK_BODY);
                if (waiting[user]) {
                    waiting[user] = 0;
                    send_envelope(extensions, id, 1, TOUCH_HEADER, TOUCH_BODY);
                }
            } else if (has_type(&frames[3], "sendMessage")) {
                send_envelope(extensions, id, 1, REPLY_HEADER, SEND_REPLY_BODY);
            } else if (state[user] == 1) {
                state[user] = 2;
                send_envelope(extensions, id, 1, STARTED_HEADER, STARTED_BODY);
            } else if (state[user] == 2) {
                state[user] = 0;
                snprintf(id, sizeof id, "c%d", user);
                send_envelope(control, id, 0, CONTROL_REPLY_HEADER, OK_BODY);
            }
        }
    }
    for (int i = 0; i < MAX_FRAMES; i++) zmq_msg_close(&frames[i]);
    zmq_close(control);
    zmq_close(extensions);
    zmq_ctx_term(ctx);
    return 0;
}

struct user {
    void *ctx;
    const char *endpoint;
    int index;
    uint64_t deadline;
    long cycles;
};

static atomic_int stopping;

static void *extension_thread(void *argument) {
    struct user *user = argument;
    void *sock = zmq_socket(user->ctx, ZMQ_DEALER);
    char id[16];
    snprintf(id, sizeof id, "u%d", user->index);
    int linger = 0, timeout = 100;
    zmq_setsockopt(sock, ZMQ_ROUTING_ID, id, strlen(id));
    zmq_setsockopt(sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt(sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    if (zmq_connect(sock, user->endpoint) != 0) die("zmq_connect");
    zmq_msg_t frames[MAX_FRAMES];
    for (int i = 0; i < MAX_FRAMES; i++) zmq_msg_init(&frames[i]);
    send_envelope(sock, NULL, 1, HELLO_HEADER, HELLO_BODY);
    while (!atomic_load(&stopping)) {
        int n = receive(sock, frames);
        if (n != 4 || has_type(&frames[2], "reply")) continue; /* the hello's reply */
        if (has_type(&frames[2], "touch")) {
            /* As bench-ext: the send inside the touch handler, then the touch's reply. */
            send_envelope(sock, NULL, 1, SEND_HEADER, SEND_BODY);
            while (receive(sock, frames) < 0 && !atomic_load(&stopping)) {}
        }
        send_envelope(sock, NULL, 1, EXT_REPLY_HEADER, OK_BODY);
    }
    for (int i = 0; i < MAX_FRAMES; i++) zmq_msg_close(&frames[i]);
    zmq_close(sock);
    return NULL;
}

static void *control_thread(void *argument) {
    struct user *user = argument;
    void *sock = zmq_socket(user->ctx, ZMQ_DEALER);
    char id[16];
    snprintf(id, sizeof id, "c%d", user->index);
    int linger = 0;
    zmq_setsockopt(sock, ZMQ_ROUTING_ID, id, strlen(id));
    zmq_setsockopt(sock, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_connect(sock, user->endpoint) != 0) die("zmq_connect");
    zmq_msg_t frames[MAX_FRAMES];
    for (int i = 0; i < MAX_FRAMES; i++) zmq_msg_init(&frames[i]);
    while (now_ns() < user->deadline) {
        send_envelope(sock, NULL, 0, TOUCH_REQUEST_HEADER, TOUCH_REQUEST_BODY);
        if (receive(sock, frames) == 4) user->cycles++;
    }
    for (int i = 0; i < MAX_FRAMES; i++) zmq_msg_close(&frames[i]);
    zmq_close(sock);
    return NULL;
}

static int users(const char *control_endpoint, const char *extension_endpoint, int count, double seconds, const char *outfile) {
    void *ctx = zmq_ctx_new();
    struct user extension[MAX_USERS], control[MAX_USERS];
    pthread_t extension_threads[MAX_USERS], control_threads[MAX_USERS];
    for (int i = 0; i < count; i++) {
        extension[i] = (struct user){ctx, extension_endpoint, i, 0, 0};
        if (pthread_create(&extension_threads[i], NULL, extension_thread, &extension[i]) != 0) die("pthread_create");
    }
    uint64_t start = now_ns();
    uint64_t deadline = start + (uint64_t)(seconds * 1e9);
    for (int i = 0; i < count; i++) {
        control[i] = (struct user){ctx, control_endpoint, i, deadline, 0};
        if (pthread_create(&control_threads[i], NULL, control_thread, &control[i]) != 0) die("pthread_create");
    }
    long cycles = 0;
    for (int i = 0; i < count; i++) {
        pthread_join(control_threads[i], NULL);
        cycles += control[i].cycles;
    }
    uint64_t elapsed = now_ns() - start;
    atomic_store(&stopping, 1);
    for (int i = 0; i < count; i++) pthread_join(extension_threads[i], NULL);

    FILE *out = fopen(outfile, "w");
    if (!out || fprintf(out, "%ld %llu\n", cycles, (unsigned long long)elapsed) < 0 || fclose(out) != 0) {
        perror(outfile);
        return 1;
    }
    void *stop = zmq_socket(ctx, ZMQ_DEALER);
    int linger = 5000; /* long enough for the stop message to leave */
    zmq_setsockopt(stop, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_connect(stop, control_endpoint) != 0) die("zmq_connect");
    send_frame(stop, "", 0, 0);
    zmq_close(stop);
    zmq_ctx_term(ctx);
    return 0;
}

static int usage(void) {
    fprintf(stderr,
            "usage: cycle hub CONTROL_ENDPOINT EXTENSION_ENDPOINT\n"
            "       cycle users CONTROL_ENDPOINT EXTENSION_ENDPOINT USERS SECONDS OUTFILE\n");
    return 2;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "hub") == 0) return hub(argv[2], argv[3]);
    if (argc == 7 && strcmp(argv[1], "users") == 0) {
        char *end;
        long count = strtol(argv[4], &end, 10);
        if (*end || count < 1 || count > MAX_USERS) return usage();
        double seconds = strtod(argv[5], &end);
        if (*end || !(seconds > 0 && seconds <= 3600)) return usage();
        return users(argv[2], argv[3], (int)count, seconds, argv[6]);
    }
    return usage();
}
