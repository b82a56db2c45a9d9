// All of Foundation: URLRequest is in FoundationNetworking on Linux.
import Foundation
import RoverAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension RedirectGuard {
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
}
