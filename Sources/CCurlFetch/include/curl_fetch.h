#ifndef MDVIEW_CURL_FETCH_H
#define MDVIEW_CURL_FETCH_H
#include <stddef.h>

/* One HTTP GET through libcurl, which is loaded with dlopen the first time a remote image is needed:
   mdview neither links libcurl nor pays its start-up cost when no document fetches anything.
   Redirects are NOT followed here; the caller re-checks each Location itself. */

typedef struct {
    const char *url;
    const char *if_none_match;      /* NULL or an ETag */
    const char *if_modified_since;  /* NULL or an HTTP date */
    long connect_timeout_ms;
    long total_timeout_ms;
    long idle_seconds;              /* abort when no byte arrives for this long */
    size_t max_bytes;
} mdview_fetch_request;

/* The CURLcodes that say the system knows the host or network cannot be reached (curl/curl.h). */
enum {
    MDVIEW_CURLE_COULDNT_RESOLVE_PROXY = 5,
    MDVIEW_CURLE_COULDNT_RESOLVE_HOST = 6,
    MDVIEW_CURLE_COULDNT_CONNECT = 7,
};

enum {
    MDVIEW_FETCH_OK = 0,
    MDVIEW_FETCH_TOO_MANY_BYTES = 1,
    MDVIEW_FETCH_TIMED_OUT = 2,
    MDVIEW_FETCH_FAILED = 3,
    MDVIEW_FETCH_NO_LIBCURL = 4,
};

typedef struct {
    int outcome;             /* one of the MDVIEW_FETCH_ values */
    long status;             /* HTTP status of the last response, 0 if none */
    unsigned char *body;
    size_t body_length;
    char *headers;           /* header lines of the last response, NUL-terminated */
    size_t headers_length;
    char message[256];       /* libcurl's explanation when outcome is FAILED */
    int curl_code;           /* libcurl's CURLcode (0 on success) */
    long os_errno;           /* the system's errno behind a failed connect, 0 if none */
} mdview_fetch_result;

/* Performs the request (blocking). Always fills `result`; release it with mdview_fetch_result_free. */
void mdview_fetch(const mdview_fetch_request *request, mdview_fetch_result *result);
void mdview_fetch_result_free(mdview_fetch_result *result);

#endif
