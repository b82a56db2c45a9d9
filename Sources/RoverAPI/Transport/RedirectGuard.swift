import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Follows redirects, but never carries the API key to another server: a redirect to another
/// host, port or scheme loses the `X-API-Key` header and any `api_key` query item.
enum RedirectGuard {
  /// The redirected request, without the key unless it stays on the same origin.
  static func guarded(_ request: URLRequest, from original: URL?) -> URLRequest {
    guard let target = request.url, !sameOrigin(target, original) else { return request }
    var request = request
    request.setValue(nil, forHTTPHeaderField: "X-API-Key")
    if var components = URLComponents(url: target, resolvingAgainstBaseURL: false),
      let items = components.queryItems
    {
      let kept = items.filter { $0.name != "api_key" }
      components.queryItems = kept.isEmpty ? nil : kept
      request.url = components.url ?? target
    }
    return request
  }

  private static func sameOrigin(_ a: URL, _ b: URL?) -> Bool {
    guard let b else { return false }
    return a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
  }
}
