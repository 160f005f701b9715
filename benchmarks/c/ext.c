/*
 * bench-ext: a real msghost extension (protocol v1, docs/PROTOCOL.md) in C, for msghost-bench.
 *
 * Started by msghostd with MSGHOST_ENDPOINT, MSGHOST_TOKEN and MSGHOST_APP. It says hello
 * first thing (its spawn → hello time is measured), then answers every callback with a signed
 * {"status":"ok"} (contentSizeThatFits: the size offered), and:
 *
 *   touch {"op":"send"}    inside the touch handler, before acknowledging the touch: one
 *                          sendMessage for the touched instance, timed from just before the
 *                          send to just after its reply is received (CLOCK_MONOTONIC);
 *                          recorded as (ns, 0) or (ns, the error code answered); with
 *                          "session": "<id>" in the payload, the message has that session;
 *   touch {"op":"report"}  writes the recorded samples to the samples file (truncated; one
 *                          "<ns> <code>" line each), forgets them, then acknowledges;
 *   terminate              acknowledges, writes any samples not yet reported, exits 0.
 *
 * The samples file is argv[1] followed by "." and this process's pid (several processes of
 * one app, on different devices, share their manifest's arguments). No argv[1]: nothing is
 * written.
 *
 * Build: cc -O2 -Wall -Wextra -std=c11 -o bench-ext ext.c -lzmq -lsodium -lcjson
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>
#include <zmq.h>

#define TAG "MSGHOST/1"
#define TAG_LEN (sizeof TAG - 1)
#define SIG_LEN 64 /* hex HMAC-SHA256 */
#define MAX_FRAMES 16
#define MAX_HEADER 4096
#define ID_LEN 36 /* our header ids: a counter, UUID-formatted */

static void *sock;
static const char *token;
static size_t token_len;
static unsigned long long next_id;
static char hello_id[ID_LEN + 1];
static int hello_done;
static char *samples_path; /* argv[1] + "." + pid, or NULL */

/* ---- small helpers ------------------------------------------------------------------------ */

static void fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("bench-ext: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static uint64_t monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static long long epoch_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void make_id(char out[ID_LEN + 1]) {
    snprintf(out, ID_LEN + 1, "00000000-0000-4000-8000-%012llx", ++next_id);
}

/* `s` as a JSON string literal (with its quotes) into out; its length, or -1 if it does not fit. */
static int json_string(char *out, size_t cap, const char *s) {
    size_t n = 0;
#define PUT(c)                    \
    do {                          \
        if (n + 1 >= cap) return -1; \
        out[n++] = (char)(c);     \
    } while (0)
    PUT('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            PUT('\\');
            PUT(*p);
        } else if (*p < 0x20) {
            if (n + 7 >= cap) return -1;
            n += (size_t)snprintf(out + n, cap - n, "\\u%04x", *p);
        } else {
            PUT(*p);
        }
    }
    PUT('"');
#undef PUT
    out[n] = 0;
    return (int)n;
}

/* hex(HMAC-SHA256(token, frame0 ‖ frame2 ‖ frame3 …)) into out (65 bytes with the NUL). */
static void sign(char out[SIG_LEN + 1], const void *const *frames, const size_t *sizes, int count) {
    crypto_auth_hmacsha256_state state;
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_init(&state, (const unsigned char *)token, token_len);
    for (int i = 0; i < count; i++) crypto_auth_hmacsha256_update(&state, frames[i], sizes[i]);
    crypto_auth_hmacsha256_final(&state, mac);
    sodium_bin2hex(out, SIG_LEN + 1, mac, sizeof mac);
}

/* ---- sending ------------------------------------------------------------------------------ */

/* One message ready to go: header and signature built, body owned by the caller. */
typedef struct {
    char id[ID_LEN + 1];
    char header[MAX_HEADER];
    size_t header_len;
    char signature[SIG_LEN + 1];
    const char *body;
    size_t body_len;
} outgoing;

static void prepare(outgoing *m, const char *type, const char *reply_to, const char *body) {
    make_id(m->id);
    int n;
    if (reply_to) {
        char quoted[2 * 6 * 64 + 3]; /* a header id is at most 64 characters */
        if (json_string(quoted, sizeof quoted, reply_to) < 0) fail("a header id too long to answer");
        n = snprintf(m->header, sizeof m->header, "{\"id\":\"%s\",\"type\":\"%s\",\"replyTo\":%s,\"time\":%lld}", m->id, type,
                     quoted, epoch_ms());
    } else {
        n = snprintf(m->header, sizeof m->header, "{\"id\":\"%s\",\"type\":\"%s\",\"time\":%lld}", m->id, type, epoch_ms());
    }
    if (n < 0 || (size_t)n >= sizeof m->header) fail("header too long");
    m->header_len = (size_t)n;
    m->body = body;
    m->body_len = strlen(body);
    const void *frames[3] = {TAG, m->header, m->body};
    size_t sizes[3] = {TAG_LEN, m->header_len, m->body_len};
    sign(m->signature, frames, sizes, 3);
}

static void send_frame(const void *data, size_t size, int flags) {
    while (zmq_send(sock, data, size, flags) < 0) {
        if (zmq_errno() != EINTR) fail("zmq_send: %s", zmq_strerror(zmq_errno()));
    }
}

static void transmit(const outgoing *m) {
    send_frame(TAG, TAG_LEN, ZMQ_SNDMORE);
    send_frame(m->signature, SIG_LEN, ZMQ_SNDMORE);
    send_frame(m->header, m->header_len, ZMQ_SNDMORE);
    send_frame(m->body, m->body_len, 0);
}

static void send_message(const char *type, const char *reply_to, const char *body) {
    outgoing m;
    prepare(&m, type, reply_to, body);
    transmit(&m);
}

/* ---- receiving ---------------------------------------------------------------------------- */

typedef struct message {
    int n;
    zmq_msg_t frames[MAX_FRAMES];
    /* once decoded */
    int decoded;
    cJSON *header, *body;
    const char *id, *type, *reply_to;
    struct message *next;
} message;

static message *backlog_head, *backlog_tail;

static void free_message(message *m) {
    for (int i = 0; i < m->n; i++) zmq_msg_close(&m->frames[i]);
    cJSON_Delete(m->header);
    cJSON_Delete(m->body);
    free(m);
}

static void keep_for_later(message *m) {
    m->next = NULL;
    if (backlog_tail) backlog_tail->next = m;
    else backlog_head = m;
    backlog_tail = m;
}

/* One whole message from the socket; NULL if it had more frames than the protocol allows. */
static message *receive_raw(void) {
    message *m = calloc(1, sizeof *m);
    if (!m) fail("out of memory");
    int more = 1, overflow = 0;
    while (more) {
        zmq_msg_t scratch, *frame = m->n < MAX_FRAMES ? &m->frames[m->n] : &scratch;
        zmq_msg_init(frame);
        if (zmq_msg_recv(frame, sock, 0) < 0) {
            zmq_msg_close(frame);
            if (zmq_errno() == EINTR) continue;
            fail("zmq_msg_recv: %s", zmq_strerror(zmq_errno()));
        }
        more = zmq_msg_more(frame);
        if (frame == &scratch) {
            zmq_msg_close(frame);
            overflow = 1;
        } else {
            m->n++;
        }
    }
    if (overflow) {
        free_message(m);
        return NULL;
    }
    return m;
}

/* Does frame contain `needle` (a quoted header id)? Cheap, for matching a reply before t1. */
static int frame_contains(zmq_msg_t *frame, const char *needle, size_t needle_len) {
    const char *data = zmq_msg_data(frame);
    size_t size = zmq_msg_size(frame);
    for (size_t i = 0; i + needle_len <= size; i++) {
        if (data[i] == needle[0] && memcmp(data + i, needle, needle_len) == 0) return 1;
    }
    return 0;
}

/* Header ids the host has used: a repeat is a replay, dropped (§4.8). */
static char **seen;
static size_t seen_cap, seen_count;

static uint64_t hash_id(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Adds id; 0 if it was new, 1 if already seen. */
static int seen_add(const char *id) {
    if (2 * (seen_count + 1) > seen_cap) {
        size_t cap = seen_cap ? 2 * seen_cap : 1024;
        char **table = calloc(cap, sizeof *table);
        if (!table) fail("out of memory");
        for (size_t i = 0; i < seen_cap; i++) {
            if (!seen[i]) continue;
            size_t j = hash_id(seen[i]) & (cap - 1);
            while (table[j]) j = (j + 1) & (cap - 1);
            table[j] = seen[i];
        }
        free(seen);
        seen = table;
        seen_cap = cap;
    }
    size_t j = hash_id(id) & (seen_cap - 1);
    while (seen[j]) {
        if (strcmp(seen[j], id) == 0) return 1;
        j = (j + 1) & (seen_cap - 1);
    }
    seen[j] = strdup(id);
    if (!seen[j]) fail("out of memory");
    seen_count++;
    return 0;
}

static cJSON *parse_object(zmq_msg_t *frame) {
    cJSON *value = cJSON_ParseWithLength(zmq_msg_data(frame), zmq_msg_size(frame));
    if (value && !cJSON_IsObject(value)) {
        cJSON_Delete(value);
        return NULL;
    }
    return value;
}

static const char *string_field(const cJSON *object, const char *name) {
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static int reply_is_ok(const cJSON *body) {
    const char *status = string_field(body, "status");
    return status && strcmp(status, "ok") == 0;
}

/* The daemon refused our hello without a signature (it had no key to sign with): report, exit. */
static void check_unsigned_refusal(message *m) {
    if (hello_done || zmq_msg_size(&m->frames[1]) != 0) return;
    cJSON *header = parse_object(&m->frames[2]), *body = parse_object(&m->frames[3]);
    const char *type = string_field(header, "type"), *reply_to = string_field(header, "replyTo");
    if (type && strcmp(type, "reply") == 0 && reply_to && strcmp(reply_to, hello_id) == 0 && body && !reply_is_ok(body)) {
        char *text = cJSON_PrintUnformatted(body);
        fail("msghostd refused the hello: %s", text ? text : "(error)");
    }
    cJSON_Delete(header);
    cJSON_Delete(body);
}

/* Checks and parses m (§2, §4.8); 0 if good, -1 if it must be dropped. */
static int decode(message *m) {
    if (m->decoded) return 0;
    if (m->n < 4 || zmq_msg_size(&m->frames[0]) != TAG_LEN || memcmp(zmq_msg_data(&m->frames[0]), TAG, TAG_LEN) != 0) return -1;
    if (zmq_msg_size(&m->frames[2]) > MAX_HEADER) return -1;
    check_unsigned_refusal(m);
    if (zmq_msg_size(&m->frames[1]) != SIG_LEN) return -1;
    const void *frames[MAX_FRAMES];
    size_t sizes[MAX_FRAMES];
    int count = 0;
    for (int i = 0; i < m->n; i++) {
        if (i == 1) continue;
        frames[count] = zmq_msg_data(&m->frames[i]);
        sizes[count++] = zmq_msg_size(&m->frames[i]);
    }
    char expected[SIG_LEN + 1];
    sign(expected, frames, sizes, count);
    if (sodium_memcmp(expected, zmq_msg_data(&m->frames[1]), SIG_LEN) != 0) return -1;
    m->header = parse_object(&m->frames[2]);
    m->body = parse_object(&m->frames[3]);
    if (!m->header || !m->body) return -1;
    m->id = string_field(m->header, "id");
    m->type = string_field(m->header, "type");
    const cJSON *reply_to = cJSON_GetObjectItemCaseSensitive(m->header, "replyTo");
    if (!m->id || !*m->id || strlen(m->id) > 64 || !m->type || !*m->type) return -1;
    if (reply_to && !cJSON_IsNull(reply_to) && !cJSON_IsString(reply_to)) return -1;
    m->reply_to = cJSON_IsString(reply_to) ? reply_to->valuestring : NULL;
    if (seen_add(m->id)) return -1;
    m->decoded = 1;
    return 0;
}

/* The next good message from the host: first those set aside, then the socket. */
static message *next_message(void) {
    for (;;) {
        message *m;
        if (backlog_head) {
            m = backlog_head;
            backlog_head = m->next;
            if (!backlog_head) backlog_tail = NULL;
        } else {
            m = receive_raw();
            if (!m) continue;
        }
        if (decode(m) == 0) return m;
        free_message(m);
    }
}

/* ---- samples ------------------------------------------------------------------------------ */

typedef struct {
    uint64_t ns;
    int code;
} sample;

static sample *samples;
static size_t sample_count, sample_cap;

static void record(uint64_t ns, int code) {
    if (sample_count == sample_cap) {
        sample_cap = sample_cap ? 2 * sample_cap : 4096;
        samples = realloc(samples, sample_cap * sizeof *samples);
        if (!samples) fail("out of memory");
    }
    samples[sample_count++] = (sample){ns, code};
}

static void write_samples(void) {
    if (samples_path) {
        FILE *out = fopen(samples_path, "w");
        if (!out) fail("%s: %s", samples_path, strerror(errno));
        for (size_t i = 0; i < sample_count; i++) fprintf(out, "%llu %d\n", (unsigned long long)samples[i].ns, samples[i].code);
        if (fclose(out) != 0) fail("%s: %s", samples_path, strerror(errno));
    }
    sample_count = 0;
}

/* ---- callbacks ---------------------------------------------------------------------------- */

static unsigned long long sends;

/* The error code of a reply: 0 if ok, else error.code (-1 if there is none). */
static int reply_code(const cJSON *body) {
    if (reply_is_ok(body)) return 0;
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(body, "error");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(error, "code");
    return cJSON_IsNumber(code) ? code->valueint : -1;
}

/* One sendMessage for `instance` (of `session`, or none if NULL), timed, as a touch handler
 * calling conversation.send. */
static void timed_send(const char *instance, const char *session) {
    char url[64];
    snprintf(url, sizeof url, "https://example.com/bench?n=%llu", ++sends);
    char summary[48];
    snprintf(summary, sizeof summary, "bench message %llu", sends);
    cJSON *body = cJSON_CreateObject();
    cJSON_AddStringToObject(body, "instance", instance);
    cJSON *msg = cJSON_AddObjectToObject(body, "message");
    cJSON_AddStringToObject(msg, "url", url);
    if (session) cJSON_AddStringToObject(msg, "session", session);
    cJSON_AddStringToObject(msg, "summaryText", summary);
    cJSON *layout = cJSON_AddObjectToObject(msg, "layout");
    cJSON_AddStringToObject(layout, "type", "template");
    cJSON_AddStringToObject(layout, "caption", "bench");
    cJSON_AddStringToObject(layout, "subcaption", "msghost bench");
    cJSON_AddStringToObject(layout, "trailingCaption", "bench-c/1");
    cJSON_AddStringToObject(layout, "trailingSubcaption", "round trip");
    cJSON_AddStringToObject(layout, "imageTitle", "msghost");
    cJSON_AddStringToObject(layout, "imageSubtitle", "benchmark message body");
    char *text = cJSON_PrintUnformatted(body);
    cJSON_Delete(body);
    if (!text) fail("out of memory");

    outgoing request;
    prepare(&request, "sendMessage", NULL, text);
    char quoted[ID_LEN + 3];
    snprintf(quoted, sizeof quoted, "\"%s\"", request.id);
    size_t quoted_len = strlen(quoted);

    uint64_t t0 = monotonic_ns(), t1;
    transmit(&request);
    message *reply;
    for (;;) {
        reply = receive_raw();
        if (!reply) continue;
        if (reply->n >= 4 && frame_contains(&reply->frames[2], quoted, quoted_len)) {
            t1 = monotonic_ns();
            /* Only now: is it really our reply, and genuine? */
            if (decode(reply) != 0) {
                free_message(reply);
                continue;
            }
            if (strcmp(reply->type, "reply") == 0 && reply->reply_to && strcmp(reply->reply_to, request.id) == 0) break;
        }
        keep_for_later(reply); /* a callback, or someone else's reply: handled afterwards */
    }
    record(t1 - t0, reply_code(reply->body));
    free_message(reply);
    cJSON_free(text);
}

/* Answers callback m: {"status":"ok"}, with "size" when one is given. */
static void acknowledge(const message *m, const cJSON *size) {
    if (size) {
        cJSON *body = cJSON_CreateObject();
        cJSON_AddStringToObject(body, "status", "ok");
        cJSON_AddItemToObject(body, "size", cJSON_Duplicate(size, 1));
        char *text = cJSON_PrintUnformatted(body);
        cJSON_Delete(body);
        if (!text) fail("out of memory");
        send_message("reply", m->id, text);
        cJSON_free(text);
    } else {
        send_message("reply", m->id, "{\"status\":\"ok\"}");
    }
}

/* Handles one callback (or reply); 1 after terminate. */
static int handle(message *m) {
    if (strcmp(m->type, "reply") == 0) { /* never answered (§4.8) */
        if (!hello_done && m->reply_to && strcmp(m->reply_to, hello_id) == 0) {
            if (!reply_is_ok(m->body)) {
                char *text = cJSON_PrintUnformatted(m->body);
                fail("msghostd refused the hello: %s", text ? text : "(error)");
            }
            hello_done = 1;
        }
        return 0;
    }
    if (strcmp(m->type, "touch") == 0) {
        const cJSON *payload = cJSON_GetObjectItemCaseSensitive(m->body, "payload");
        const char *op = cJSON_IsObject(payload) ? string_field(payload, "op") : NULL;
        const char *instance = string_field(m->body, "instance");
        const char *session = cJSON_IsObject(payload) ? string_field(payload, "session") : NULL;
        if (op && strcmp(op, "send") == 0 && instance) timed_send(instance, session);
        else if (op && strcmp(op, "report") == 0) write_samples();
        acknowledge(m, NULL);
        return 0;
    }
    if (strcmp(m->type, "contentSizeThatFits") == 0) {
        const cJSON *size = cJSON_GetObjectItemCaseSensitive(m->body, "size");
        acknowledge(m, cJSON_IsObject(size) ? size : NULL);
        return 0;
    }
    acknowledge(m, NULL); /* every other callback, known or not (§6) */
    if (strcmp(m->type, "terminate") == 0) {
        if (sample_count) write_samples(); /* never truncate a report with nothing */
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    const char *endpoint = getenv("MSGHOST_ENDPOINT"), *app = getenv("MSGHOST_APP");
    token = getenv("MSGHOST_TOKEN");
    if (!endpoint || !*endpoint || !token || !*token || !app || !*app)
        fail("MSGHOST_ENDPOINT, MSGHOST_TOKEN and MSGHOST_APP must be set: msghostd starts this program");
    token_len = strlen(token);
    if (sodium_init() < 0) fail("sodium_init failed");

    /* Hello first: the least possible work before it. */
    void *ctx = zmq_ctx_new();
    sock = zmq_socket(ctx, ZMQ_DEALER);
    if (!sock) fail("zmq_socket: %s", zmq_strerror(zmq_errno()));
    int linger = 1000; /* long enough for the last reply to leave */
    zmq_setsockopt(sock, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_connect(sock, endpoint) != 0) fail("zmq_connect %s: %s", endpoint, zmq_strerror(zmq_errno()));
    char app_json[1024], hello[1200];
    if (json_string(app_json, sizeof app_json, app) < 0) fail("MSGHOST_APP too long");
    snprintf(hello, sizeof hello, "{\"app\":%s,\"protocol\":1,\"pid\":%ld,\"sdk\":\"bench-c/1\"}", app_json, (long)getpid());
    outgoing m;
    prepare(&m, "hello", NULL, hello);
    memcpy(hello_id, m.id, sizeof hello_id);
    transmit(&m);

    if (argc > 1 && *argv[1]) {
        size_t size = strlen(argv[1]) + 32;
        samples_path = malloc(size);
        if (!samples_path) fail("out of memory");
        snprintf(samples_path, size, "%s.%ld", argv[1], (long)getpid());
    }

    for (;;) {
        message *msg = next_message();
        int done = handle(msg);
        free_message(msg);
        if (done) break;
    }
    zmq_close(sock);
    zmq_ctx_term(ctx);
    return 0;
}
