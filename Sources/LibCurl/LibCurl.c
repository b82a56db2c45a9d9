#include "LibCurl.h"

#include <dlfcn.h>
#include <pthread.h>

// CURLMsg, as libcurl lays it out, and the one kind of message it sends (CURLMSG_DONE).
struct rovers_curl_message {
  int kind;
  rovers_curl_easy *handle;
  union {
    void *whatever;
    int result;
  } data;
};
enum { rovers_curl_message_done = 1 };

// The first fields of curl_version_info_data, which libcurl has only ever grown at its end.
struct rovers_curl_version_info {
  int age;
  const char *version;
};

// CURL_GLOBAL_ALL: SSL and, on Windows, Winsock.
enum { rovers_curl_global_all = 3 };

// libcurl's functions, as found in the library once it is loaded.
static struct {
  int (*global_init)(long flags);
  rovers_curl_easy *(*easy_init)(void);
  void (*easy_cleanup)(rovers_curl_easy *handle);
  int (*easy_setopt)(rovers_curl_easy *handle, int option, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
  void (*slist_free_all)(struct curl_slist *list);
  rovers_curl_multi *(*multi_init)(void);
  int (*multi_setopt)(rovers_curl_multi *multi, int option, ...);
  int (*multi_add_handle)(rovers_curl_multi *multi, rovers_curl_easy *handle);
  int (*multi_remove_handle)(rovers_curl_multi *multi, rovers_curl_easy *handle);
  int (*multi_socket_action)(rovers_curl_multi *multi, int socket, int events, int *running);
  int (*multi_cleanup)(rovers_curl_multi *multi);
  struct rovers_curl_message *(*multi_info_read)(rovers_curl_multi *multi, int *left);
  struct rovers_curl_version_info *(*version_info)(int age);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_result = -1;

// Finds `name` in the library into `*slot`; whether it is there.
static int find(void *library, const char *name, void **slot) {
  *slot = dlsym(library, name);
  return *slot != NULL;
}

static void load(void) {
  // RTLD_LOCAL: libcurl's names stay its own, so nothing else in the process binds to them.
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  int found = find(library, "curl_global_init", (void **)&curl.global_init)
              && find(library, "curl_easy_init", (void **)&curl.easy_init)
              && find(library, "curl_easy_cleanup", (void **)&curl.easy_cleanup)
              && find(library, "curl_easy_setopt", (void **)&curl.easy_setopt)
              && find(library, "curl_slist_append", (void **)&curl.slist_append)
              && find(library, "curl_slist_free_all", (void **)&curl.slist_free_all)
              && find(library, "curl_multi_init", (void **)&curl.multi_init)
              && find(library, "curl_multi_setopt", (void **)&curl.multi_setopt)
              && find(library, "curl_multi_add_handle", (void **)&curl.multi_add_handle)
              && find(library, "curl_multi_remove_handle", (void **)&curl.multi_remove_handle)
              && find(library, "curl_multi_socket_action", (void **)&curl.multi_socket_action)
              && find(library, "curl_multi_cleanup", (void **)&curl.multi_cleanup)
              && find(library, "curl_multi_info_read", (void **)&curl.multi_info_read)
              && find(library, "curl_version_info", (void **)&curl.version_info);
  // The library stays loaded either way: a process loads it at most once.
  if (found && curl.global_init(rovers_curl_global_all) == 0) load_result = 0;
}

int rovers_curl_load(void) {
  pthread_once(&load_once, load);
  return load_result;
}

const char *rovers_curl_version_number(void) {
  if (rovers_curl_load() != 0) return NULL;
  // Age 0 asks for no field past the first ones; libcurl returns its whole struct anyway.
  struct rovers_curl_version_info *info = curl.version_info(0);
  return info == NULL ? NULL : info->version;
}

rovers_curl_easy *rovers_curl_easy_init(void) { return curl.easy_init(); }

void rovers_curl_easy_cleanup(rovers_curl_easy *handle) { curl.easy_cleanup(handle); }

struct curl_slist *rovers_curl_slist_append(struct curl_slist *list, const char *text) {
  return curl.slist_append(list, text);
}

void rovers_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

rovers_curl_multi *rovers_curl_multi_init(void) { return curl.multi_init(); }

int rovers_curl_multi_add_handle(rovers_curl_multi *multi, rovers_curl_easy *handle) {
  return curl.multi_add_handle(multi, handle);
}

int rovers_curl_multi_remove_handle(rovers_curl_multi *multi, rovers_curl_easy *handle) {
  return curl.multi_remove_handle(multi, handle);
}

int rovers_curl_multi_socket_action(rovers_curl_multi *multi, int socket, int events,
                                    int *running) {
  return curl.multi_socket_action(multi, socket, events, running);
}

int rovers_curl_multi_cleanup(rovers_curl_multi *multi) { return curl.multi_cleanup(multi); }

// curl_easy_setopt and curl_multi_setopt take their value as a variadic argument, which
// Swift cannot pass: C passes it here, one function for each kind of value.
int rovers_curl_easy_set_long(rovers_curl_easy *handle, int option, long value) {
  return curl.easy_setopt(handle, option, value);
}

int rovers_curl_easy_set_pointer(rovers_curl_easy *handle, int option, const void *value) {
  return curl.easy_setopt(handle, option, value);
}

int rovers_curl_easy_set_callback(rovers_curl_easy *handle, int option,
                                  rovers_curl_data_callback callback) {
  return curl.easy_setopt(handle, option, callback);
}

int rovers_curl_multi_set_long(rovers_curl_multi *multi, int option, long value) {
  return curl.multi_setopt(multi, option, value);
}

int rovers_curl_multi_set_pointer(rovers_curl_multi *multi, int option, const void *value) {
  return curl.multi_setopt(multi, option, value);
}

int rovers_curl_multi_set_socket_callback(rovers_curl_multi *multi, int option,
                                          rovers_curl_socket_callback callback) {
  return curl.multi_setopt(multi, option, callback);
}

int rovers_curl_multi_set_timer_callback(rovers_curl_multi *multi, int option,
                                         rovers_curl_timer_callback callback) {
  return curl.multi_setopt(multi, option, callback);
}

int rovers_curl_multi_next_done(rovers_curl_multi *multi, rovers_curl_easy **handle,
                                int *result) {
  int left = 0;
  struct rovers_curl_message *message;
  while ((message = curl.multi_info_read(multi, &left)) != NULL) {
    if (message->kind == rovers_curl_message_done) {
      *handle = message->handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
