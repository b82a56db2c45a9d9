import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A 404 from an API base that lacks the `/api/v1` every server puts its endpoints under:
/// most likely `--api-base http://host:port` was meant as `http://host:port/api/v1`.
package struct BaseWithoutAPIPath: Error {
  /// The 404 itself.
  package var error: APIError
  /// The base as given.
  package var base: URL

  /// The error with the suggestion, when it is a 404 from a base without `/api/`; else the
  /// error as it was.
  package static func explaining(_ error: any Error, base: URL) -> any Error {
    guard let error = error as? APIError, case .status(_, let response) = error,
      response.status == 404, !base.path.contains("/api/")
    else { return error }
    return BaseWithoutAPIPath(error: error, base: base)
  }

  /// The 404's line and the base to try.
  package var message: String {
    let suggested = base.absoluteString.hasSuffix("/") ? "api/v1" : "/api/v1"
    return "\(error.description) (the API base has no /api/v1: try "
      + "\(base.absoluteString)\(suggested))"
  }
}
