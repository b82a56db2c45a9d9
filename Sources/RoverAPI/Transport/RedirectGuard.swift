#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// URLSession's requests exist only where it is the transport (macOS), and FoundationNetworking
// would bring all of Foundation, ICU with it, into the binary.
#if !canImport(LibCurl) && canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Follows redirects, but never carries the API key to another server: a redirect to another
/// host, port or scheme loses the `X-API-Key` header and any `api_key` query item. Every
/// transport asks it before following.
enum RedirectGuard {
  /// The most redirects one request follows before it is taken for a loop.
  static let maxRedirects = 16

  /// The redirected address and header fields, without the key unless the target stays on
  /// the original request's origin.
  static func guarded(url target: URL, headers: [String: String], from original: URL?)
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

  #if !canImport(LibCurl)
    /// The redirected request, without the key unless it stays on the same origin.
    static func guarded(_ request: URLRequest, from original: URL?) -> URLRequest {
      guard let target = request.url else { return request }
      let (url, headers) = guarded(
        url: target, headers: request.allHTTPHeaderFields ?? [:], from: original)
      var guarded = request
      guarded.url = url
      for name in (request.allHTTPHeaderFields ?? [:]).keys where headers[name] == nil {
        guarded.setValue(nil, forHTTPHeaderField: name)
      }
      return guarded
    }
  #endif

  private static func sameOrigin(_ a: URL, _ b: URL?) -> Bool {
    guard let b else { return false }
    return a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
  }
}
