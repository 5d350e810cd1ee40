#ifndef COINWATCH_CCURL_SHIM_H
#define COINWATCH_CCURL_SHIM_H

/*
 * libcurl, loaded on first use.
 *
 * Linking libcurl makes every start of the program load it and the thirty libraries it needs
 * (GnuTLS, Kerberos, LDAP, SSH…) and run their constructors: about 7 ms on each run, also for
 * commands that never touch the network (`explain`, `silence list`, `check`). So the program is
 * not linked against libcurl: the first transfer opens it with dlopen, and every call goes
 * through the table of functions read from it here. Only curl's headers are needed to build.
 *
 * Every wrapper is safe to call when libcurl could not be loaded: it answers as libcurl does
 * for a failed call (NULL, CURLE_FAILED_INIT, CURLM_INTERNAL_ERROR), and `cw_curl_load_error`
 * says why. The table is filled once per translation unit, under pthread_once.
 */

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct cw_curl_api {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_send)(CURL *, const void *, size_t, size_t *);
    CURLcode (*easy_recv)(CURL *, void *, size_t, size_t *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    const char *(*multi_strerror)(CURLMcode);
};

struct cw_curl_state {
    struct cw_curl_api api;
    int loaded;
    char error[512];
    pthread_once_t once;
};

/* The one state of this translation unit (a function's static: Swift's importer emits it with the function). */
static inline struct cw_curl_state *cw_curl_state(void) {
    static struct cw_curl_state state = {.once = PTHREAD_ONCE_INIT};
    return &state;
}

/* Opens libcurl: $COINWATCH_LIBCURL when set, else the sonames Debian's libcurl packages install. */
static inline void cw_curl_load(void) {
    struct cw_curl_state *state = cw_curl_state();
    const char *chosen = getenv("COINWATCH_LIBCURL");
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"};
    const char *const *tried = names;
    size_t count = sizeof names / sizeof names[0];
    if (chosen && *chosen) {
        tried = &chosen;
        count = 1;
    }
    void *library = NULL;
    for (size_t i = 0; i < count && !library; i++) library = dlopen(tried[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        strncpy(state->error, why ? why : "libcurl.so.4 not found", sizeof state->error - 1);
        return;
    }
#define CW_CURL_SYMBOL(field, name)                                                       \
    do {                                                                                  \
        void *address = dlsym(library, name);                                             \
        if (!address) {                                                                   \
            strncpy(state->error, "the libcurl found has no " name, sizeof state->error - 1); \
            return;                                                                       \
        }                                                                                 \
        memcpy(&state->api.field, &address, sizeof address);                           \
    } while (0)
    CW_CURL_SYMBOL(global_init, "curl_global_init");
    CW_CURL_SYMBOL(easy_init, "curl_easy_init");
    CW_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup");
    CW_CURL_SYMBOL(easy_perform, "curl_easy_perform");
    CW_CURL_SYMBOL(easy_setopt, "curl_easy_setopt");
    CW_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo");
    CW_CURL_SYMBOL(easy_strerror, "curl_easy_strerror");
    CW_CURL_SYMBOL(easy_send, "curl_easy_send");
    CW_CURL_SYMBOL(easy_recv, "curl_easy_recv");
    CW_CURL_SYMBOL(slist_append, "curl_slist_append");
    CW_CURL_SYMBOL(slist_free_all, "curl_slist_free_all");
    CW_CURL_SYMBOL(multi_init, "curl_multi_init");
    CW_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup");
    CW_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle");
    CW_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle");
    CW_CURL_SYMBOL(multi_perform, "curl_multi_perform");
    CW_CURL_SYMBOL(multi_poll, "curl_multi_poll");
    CW_CURL_SYMBOL(multi_info_read, "curl_multi_info_read");
    CW_CURL_SYMBOL(multi_strerror, "curl_multi_strerror");
#undef CW_CURL_SYMBOL
    state->loaded = 1;
}

/* The loaded table, or NULL when libcurl could not be loaded. */
static inline const struct cw_curl_api *cw_curl(void) {
    struct cw_curl_state *state = cw_curl_state();
    pthread_once(&state->once, cw_curl_load);
    return state->loaded ? &state->api : NULL;
}

/* Why libcurl could not be loaded ("" when it was). */
static inline const char *cw_curl_load_error(void) {
    return cw_curl() ? "" : cw_curl_state()->error;
}

/* A wrapper's body: `call` through the table, or `failed` when libcurl could not be loaded. */
#define CW_CURL_CALL(failed, call)               \
    const struct cw_curl_api *api = cw_curl(); \
    return api ? api->call : (failed)

/* curl_global_init with the flags every program wants (SSL and friends). */
static inline CURLcode cw_global_init(void) { CW_CURL_CALL(CURLE_FAILED_INIT, global_init(CURL_GLOBAL_ALL)); }

static inline CURL *cw_easy_init(void) { CW_CURL_CALL(NULL, easy_init()); }
static inline void cw_easy_cleanup(CURL *h) {
    const struct cw_curl_api *api = cw_curl();
    if (api) api->easy_cleanup(h);
}
static inline CURLcode cw_easy_perform(CURL *h) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_perform(h)); }
static inline const char *cw_easy_strerror(CURLcode code) { CW_CURL_CALL("libcurl is not loaded", easy_strerror(code)); }
static inline CURLcode cw_easy_send(CURL *h, const void *buffer, size_t length, size_t *sent) {
    CW_CURL_CALL(CURLE_FAILED_INIT, easy_send(h, buffer, length, sent));
}
static inline CURLcode cw_easy_recv(CURL *h, void *buffer, size_t length, size_t *received) {
    CW_CURL_CALL(CURLE_FAILED_INIT, easy_recv(h, buffer, length, received));
}
static inline struct curl_slist *cw_slist_append(struct curl_slist *list, const char *line) {
    CW_CURL_CALL(NULL, slist_append(list, line));
}
static inline void cw_slist_free_all(struct curl_slist *list) {
    const struct cw_curl_api *api = cw_curl();
    if (api) api->slist_free_all(list);
}

static inline CURLM *cw_multi_init(void) { CW_CURL_CALL(NULL, multi_init()); }
static inline CURLMcode cw_multi_cleanup(CURLM *m) { CW_CURL_CALL(CURLM_INTERNAL_ERROR, multi_cleanup(m)); }
static inline CURLMcode cw_multi_add_handle(CURLM *m, CURL *h) { CW_CURL_CALL(CURLM_INTERNAL_ERROR, multi_add_handle(m, h)); }
static inline CURLMcode cw_multi_remove_handle(CURLM *m, CURL *h) { CW_CURL_CALL(CURLM_INTERNAL_ERROR, multi_remove_handle(m, h)); }
static inline CURLMcode cw_multi_perform(CURLM *m, int *running) { CW_CURL_CALL(CURLM_INTERNAL_ERROR, multi_perform(m, running)); }
static inline CURLMcode cw_multi_poll(CURLM *m, int timeout_ms) {
    CW_CURL_CALL(CURLM_INTERNAL_ERROR, multi_poll(m, NULL, 0, timeout_ms, NULL));
}
static inline CURLMsg *cw_multi_info_read(CURLM *m, int *queued) { CW_CURL_CALL(NULL, multi_info_read(m, queued)); }
static inline const char *cw_multi_strerror(CURLMcode code) { CW_CURL_CALL("libcurl is not loaded", multi_strerror(code)); }

/* Non-variadic wrappers: Swift cannot call the variadic curl_easy_setopt/getinfo. */

static inline CURLcode cw_setopt_long(CURL *h, CURLoption o, long v) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_setopt(h, o, v)); }
static inline CURLcode cw_setopt_off(CURL *h, CURLoption o, curl_off_t v) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_setopt(h, o, v)); }
static inline CURLcode cw_setopt_string(CURL *h, CURLoption o, const char *v) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_setopt(h, o, v)); }
static inline CURLcode cw_setopt_pointer(CURL *h, CURLoption o, void *v) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_setopt(h, o, v)); }
static inline CURLcode cw_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    CW_CURL_CALL(CURLE_FAILED_INIT, easy_setopt(h, o, v));
}

typedef size_t (*cw_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode cw_setopt_callback(CURL *h, CURLoption o, cw_write_callback f) {
    CW_CURL_CALL(CURLE_FAILED_INIT, easy_setopt(h, o, f));
}
static inline CURLcode cw_setopt_write_function(CURL *h, cw_write_callback f) { return cw_setopt_callback(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode cw_setopt_header_function(CURL *h, cw_write_callback f) { return cw_setopt_callback(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode cw_setopt_read_function(CURL *h, cw_write_callback f) { return cw_setopt_callback(h, CURLOPT_READFUNCTION, f); }

static inline CURLcode cw_getinfo_long(CURL *h, CURLINFO i, long *v) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_getinfo(h, i, v)); }
static inline CURLcode cw_getinfo_socket(CURL *h, curl_socket_t *v) {
    CW_CURL_CALL(CURLE_FAILED_INIT, easy_getinfo(h, CURLINFO_ACTIVESOCKET, v));
}
static inline CURLcode cw_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { CW_CURL_CALL(CURLE_FAILED_INIT, easy_getinfo(h, i, v)); }

/* Fields of a CURLMsg, whose result sits in an anonymous union. */
static inline CURLcode cw_msg_result(const CURLMsg *m) { return m->data.result; }
static inline int cw_msg_is_done(const CURLMsg *m) { return m->msg == CURLMSG_DONE; }

#endif
