#include "curl_fetch.h"
#include "shared_library.h"
#include <curl/curl.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* The few libcurl entry points mdview uses, resolved on the first remote image (see shared_library.h). */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static_assert(MDVIEW_CURLE_COULDNT_RESOLVE_PROXY == CURLE_COULDNT_RESOLVE_PROXY, "CURLcode changed");
static_assert(MDVIEW_CURLE_COULDNT_RESOLVE_HOST == CURLE_COULDNT_RESOLVE_HOST, "CURLcode changed");
static_assert(MDVIEW_CURLE_COULDNT_CONNECT == CURLE_COULDNT_CONNECT, "CURLcode changed");

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.global_init, "curl_global_init"),
    MDV_SHARED_SYMBOL(api.easy_init, "curl_easy_init"),
    MDV_SHARED_SYMBOL(api.easy_setopt, "curl_easy_setopt"),
    MDV_SHARED_SYMBOL(api.easy_perform, "curl_easy_perform"),
    MDV_SHARED_SYMBOL(api.easy_getinfo, "curl_easy_getinfo"),
    MDV_SHARED_SYMBOL(api.easy_cleanup, "curl_easy_cleanup"),
    MDV_SHARED_SYMBOL(api.easy_strerror, "curl_easy_strerror"),
    MDV_SHARED_SYMBOL(api.slist_append, "curl_slist_append"),
    MDV_SHARED_SYMBOL(api.slist_free_all, "curl_slist_free_all"),
    {NULL, NULL},
};

static int initialise(void *handle, char *failure, size_t size) {
    (void)handle;
    if (api.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK) return 0;
    snprintf(failure, size, "curl_global_init failed");
    return 1;
}

static mdv_shared_library library =
    MDV_SHARED_LIBRARY("libcurl.so.4", "libcurl-gnutls.so.4", NULL, symbols, initialise);

typedef struct {
    unsigned char *bytes;
    size_t length, capacity, limit;
    int overflow;
} buffer;

static int append(buffer *b, const char *data, size_t n) {
    if (b->length + n > b->limit) { b->overflow = 1; return 0; }
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 16384;
        while (capacity < b->length + n + 1) capacity *= 2;
        unsigned char *grown = realloc(b->bytes, capacity);
        if (!grown) return 0;
        b->bytes = grown; b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, n);
    b->length += n;
    b->bytes[b->length] = 0;
    return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    return append((buffer *)context, data, size * count) ? size * count : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    buffer *b = (buffer *)context;
    size_t n = size * count;
    if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) b->length = 0; /* a new response (after 100 Continue) */
    return append(b, data, n) ? n : 0;
}

void mdview_fetch(const mdview_fetch_request *request, mdview_fetch_result *result) {
    memset(result, 0, sizeof *result);
    if (mdv_shared_library_load(&library)) { result->outcome = MDVIEW_FETCH_NO_LIBCURL; return; }
    CURL *curl = api.easy_init();
    if (!curl) { result->outcome = MDVIEW_FETCH_FAILED; strcpy(result->message, "curl_easy_init failed"); return; }
    buffer body = {0}, headers = {0};
    body.limit = request->max_bytes;
    headers.limit = 256 * 1024;
    struct curl_slist *list = NULL;
    char line[1024];
    if (request->if_none_match) {
        snprintf(line, sizeof line, "If-None-Match: %s", request->if_none_match);
        list = api.slist_append(list, line);
    }
    if (request->if_modified_since) {
        snprintf(line, sizeof line, "If-Modified-Since: %s", request->if_modified_since);
        list = api.slist_append(list, line);
    }
    list = api.slist_append(list, "Accept: image/png,image/jpeg,image/gif,image/webp,*/*;q=0.5");
    api.easy_setopt(curl, CURLOPT_URL, request->url);
    api.easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, CURLOPT_USERAGENT, "mdview");
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    api.easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    api.easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, request->idle_seconds);
    api.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_bytes);
    api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    api.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    api.easy_setopt(curl, CURLOPT_HEADERDATA, &headers);
    CURLcode code = api.easy_perform(curl);
    api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    result->curl_code = (int)code;
    api.easy_getinfo(curl, CURLINFO_OS_ERRNO, &result->os_errno);
    if (code == CURLE_OK) {
        result->outcome = MDVIEW_FETCH_OK;
    } else if (body.overflow || code == CURLE_FILESIZE_EXCEEDED) {
        result->outcome = MDVIEW_FETCH_TOO_MANY_BYTES;
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        result->outcome = MDVIEW_FETCH_TIMED_OUT;
    } else {
        result->outcome = MDVIEW_FETCH_FAILED;
        snprintf(result->message, sizeof result->message, "%s", api.easy_strerror(code));
    }
    result->body = body.bytes;
    result->body_length = body.length;
    result->headers = (char *)headers.bytes;
    result->headers_length = headers.length;
    api.slist_free_all(list);
    api.easy_cleanup(curl);
}

void mdview_fetch_result_free(mdview_fetch_result *result) {
    free(result->body);
    free(result->headers);
    result->body = NULL;
    result->headers = NULL;
}
