// The few libcurl functions rovers calls, declared here instead of taken from libcurl's
// development headers, which a user's machine does not have: libcurl.so.4 is on every Linux
// machine that runs rovers, and its ABI has been stable since 7.x. Every signature below
// matches the library's own; the option and result numbers live with the Swift code that
// uses them (RoverAPI's Transport/Curl).
//
// libcurl is loaded (dlopen) by rovers_curl_load, when a command first needs the network,
// not when the program starts: it and the thirty libraries it brings (TLS, Kerberos, LDAP…)
// take most of a start-up, and `--help`, `--version`, completions, `gallery` and `show FILE`
// never use them. Each rovers_curl_ function below calls libcurl's own of the same name.
//
// Needs libcurl 7.54 or later (CURLOPT_SUPPRESS_CONNECT_HEADERS); the functions are older.

#ifndef ROVERS_LIBCURL_H
#define ROVERS_LIBCURL_H

#include <stddef.h>

// An easy handle (one transfer) and a multi handle (many transfers on one event loop), opaque
// here as in libcurl's own stricter mode.
typedef struct Curl_easy rovers_curl_easy;
typedef struct Curl_multi rovers_curl_multi;

// A list of strings, as CURLOPT_HTTPHEADER takes its header lines.
struct curl_slist {
  char *data;
  struct curl_slist *next;
};

// What libcurl calls with the body's and the headers' bytes as they arrive: `size * count`
// bytes at `buffer`; returning any other number aborts the transfer.
typedef size_t (*rovers_curl_data_callback)(char *buffer, size_t size, size_t count,
                                            void *context);

// What libcurl calls to say which of a transfer's sockets to watch, and for what: `what` is
// 1 (readable), 2 (writable), 3 (both) or 4 (no longer).
typedef int (*rovers_curl_socket_callback)(rovers_curl_easy *handle, int socket, int what,
                                           void *context, void *socket_context);

// What libcurl calls to say when it next wants to be driven whatever the sockets do:
// `timeout_ms` from now, 0 at once, -1 not until a socket is ready.
typedef int (*rovers_curl_timer_callback)(rovers_curl_multi *multi, long timeout_ms,
                                          void *context);

// Loads libcurl.so.4, finds the functions below in it and runs curl_global_init, once per
// process, whichever thread asks first: 0 when libcurl is ready, -1 when it is not installed,
// lacks a function or failed to start. Every other function here needs it to have returned 0.
int rovers_curl_load(void);

// libcurl's own functions; CURLcode and CURLMcode are C enums, so `int`.
rovers_curl_easy *rovers_curl_easy_init(void);
void rovers_curl_easy_cleanup(rovers_curl_easy *handle);
struct curl_slist *rovers_curl_slist_append(struct curl_slist *list, const char *text);
void rovers_curl_slist_free_all(struct curl_slist *list);
rovers_curl_multi *rovers_curl_multi_init(void);
int rovers_curl_multi_add_handle(rovers_curl_multi *multi, rovers_curl_easy *handle);
int rovers_curl_multi_remove_handle(rovers_curl_multi *multi, rovers_curl_easy *handle);
int rovers_curl_multi_socket_action(rovers_curl_multi *multi, int socket, int events,
                                    int *running);
int rovers_curl_multi_cleanup(rovers_curl_multi *multi);

// libcurl's version number as text (`7.88.1`), read from curl_version_info: curl_version
// would also ask every library libcurl is built with for its own, and OpenLDAP reads its
// configuration files to answer. NULL when libcurl cannot be loaded.
const char *rovers_curl_version_number(void);

// curl_easy_setopt and curl_multi_setopt take their value as a variadic argument, which
// Swift cannot pass: one function for each kind of value.
int rovers_curl_easy_set_long(rovers_curl_easy *handle, int option, long value);
int rovers_curl_easy_set_pointer(rovers_curl_easy *handle, int option, const void *value);
int rovers_curl_easy_set_callback(rovers_curl_easy *handle, int option,
                                  rovers_curl_data_callback callback);
int rovers_curl_multi_set_long(rovers_curl_multi *multi, int option, long value);
int rovers_curl_multi_set_pointer(rovers_curl_multi *multi, int option, const void *value);
int rovers_curl_multi_set_socket_callback(rovers_curl_multi *multi, int option,
                                          rovers_curl_socket_callback callback);
int rovers_curl_multi_set_timer_callback(rovers_curl_multi *multi, int option,
                                         rovers_curl_timer_callback callback);

// The next transfer the multi handle has finished, with its result (a CURLcode); returns 0
// when none is left to report. Unpacks curl_multi_info_read's message, whose union Swift
// would reach only by layout.
int rovers_curl_multi_next_done(rovers_curl_multi *multi, rovers_curl_easy **handle,
                                int *result);

#endif
