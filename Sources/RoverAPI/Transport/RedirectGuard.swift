#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Follows redirects, but never carries the API key to another server: a redirect to another
/// host, port or scheme loses the `X-API-Key` header and any `api_key` query item. Every
/// transport asks it before following.
package enum RedirectGuard {
  /// The most redirects one request follows before it is taken for a loop.
  static let maxRedirects = 16

  /// The redirected address and header fields, without the key unless the target stays on
  /// the original request's origin.
  package static func guarded(url target: URL, headers: [String: String], from original: URL?)
    -> (url: URL, headers: [String: String])
  {
    guard !sameOrigin(target, original) else { return (target, headers) }
    let headers = headers.filter { $0.key.lowercased() != "x-api-key" }
    guard var components = URLComponents(url: target, resolvingAgainstBaseURL: false),
      let items = components.queryItems
    else { return (target, headers) }
    let kept = items.filter { $0.name != "api_key" }
    components.queryItems = kept.isEmpty ? nil : kept
    return (components.url ?? target, headers)
  }

  private static func sameOrigin(_ a: URL, _ b: URL?) -> Bool {
    guard let b else { return false }
    return a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
  }
}
