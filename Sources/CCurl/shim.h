#ifndef COINWATCH_CCURL_SHIM_H
#define COINWATCH_CCURL_SHIM_H

#include <curl/curl.h>

/* Non-variadic wrappers: Swift cannot call the variadic curl_easy_setopt/getinfo. */

static inline CURLcode cw_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode cw_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode cw_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode cw_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode cw_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*cw_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode cw_setopt_write_function(CURL *h, cw_write_callback f) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode cw_setopt_header_function(CURL *h, cw_write_callback f) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode cw_setopt_read_function(CURL *h, cw_write_callback f) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, f); }

static inline CURLcode cw_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode cw_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode cw_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

static inline CURLcode cw_getinfo_socket(CURL *h, curl_socket_t *v) { return curl_easy_getinfo(h, CURLINFO_ACTIVESOCKET, v); }

static inline CURLcode cw_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }

/* Fields of a CURLMsg, whose result sits in an anonymous union. */
static inline CURLcode cw_msg_result(const CURLMsg *m) { return m->data.result; }
static inline int cw_msg_is_done(const CURLMsg *m) { return m->msg == CURLMSG_DONE; }

/* curl_global_init with the flags every program wants (SSL and friends). */
static inline CURLcode cw_global_init(void) { return curl_global_init(CURL_GLOBAL_ALL); }

static inline CURLMcode cw_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

#endif
