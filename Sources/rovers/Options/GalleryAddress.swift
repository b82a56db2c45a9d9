import ArgumentParsing
import CommandRuntime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--gallery-url URL` (also `ROVERS_GALLERY_URL` and `gallery-url` in the config file): where
/// the gallery is served, so that its feed's links are absolute, as feed readers need when
/// they fetch the feed from elsewhere.
enum GalleryAddress {
  static let option = Option<String>(
    "gallery-url", value: "url",
    help: "Where the gallery is served, for its feed's links (default: relative links).",
    variable: "ROVERS_GALLERY_URL", inConfig: true
  ) { text in
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
      url.query == nil, url.fragment == nil
    else {
      return .failure(
        .init(reason: "give an http or https address, such as https://example.org/mars/"))
    }
    // Pages and files are below it: it ends in a slash.
    return .success(text.hasSuffix("/") ? text : text + "/")
  }
}
