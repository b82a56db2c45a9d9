#include "LibCurl.h"

// libcurl's variadic setters, declared only here, where C passes their values.
int curl_easy_setopt(rovers_curl_easy *handle, int option, ...);
int curl_multi_setopt(rovers_curl_multi *multi, int option, ...);

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
struct rovers_curl_message *curl_multi_info_read(rovers_curl_multi *multi, int *left);

// The first fields of curl_version_info_data, which libcurl has only ever grown at its end.
struct rovers_curl_version_info {
  int age;
  const char *version;
};
struct rovers_curl_version_info *curl_version_info(int age);

const char *rovers_curl_version_number(void) {
  // Age 0 asks for no field past the first ones; libcurl returns its whole struct anyway.
  struct rovers_curl_version_info *info = curl_version_info(0);
  return info == NULL ? NULL : info->version;
}

int rovers_curl_easy_set_long(rovers_curl_easy *handle, int option, long value) {
  return curl_easy_setopt(handle, option, value);
}

int rovers_curl_easy_set_pointer(rovers_curl_easy *handle, int option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}

int rovers_curl_easy_set_callback(rovers_curl_easy *handle, int option,
                                  rovers_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

int rovers_curl_multi_set_long(rovers_curl_multi *multi, int option, long value) {
  return curl_multi_setopt(multi, option, value);
}

int rovers_curl_multi_set_pointer(rovers_curl_multi *multi, int option, const void *value) {
  return curl_multi_setopt(multi, option, value);
}

int rovers_curl_multi_set_socket_callback(rovers_curl_multi *multi, int option,
                                          rovers_curl_socket_callback callback) {
  return curl_multi_setopt(multi, option, callback);
}

int rovers_curl_multi_set_timer_callback(rovers_curl_multi *multi, int option,
                                         rovers_curl_timer_callback callback) {
  return curl_multi_setopt(multi, option, callback);
}

int rovers_curl_multi_next_done(rovers_curl_multi *multi, rovers_curl_easy **handle,
                                int *result) {
  int left = 0;
  struct rovers_curl_message *message;
  while ((message = curl_multi_info_read(multi, &left)) != NULL) {
    if (message->kind == rovers_curl_message_done) {
      *handle = message->handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
