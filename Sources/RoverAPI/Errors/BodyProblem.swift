import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Says, in words, why a 2xx body could not be decoded, without dumping the body.
package enum BodyProblem {
  /// The encodings libcurl undoes; any other leaves the body unreadable.
  package static let readableEncodings: Set<String> = ["identity", "gzip", "x-gzip", "deflate"]

  static func describe(_ body: Data, status: Int, encoding: String? = nil, error: any Error)
    -> String
  {
    let answered = "the server answered \(status) with"
    if let encoding, !readableEncodings.contains(encoding.lowercased()) {
      return "\(answered) a body in an encoding this tool cannot read (Content-Encoding: "
        + "\(OneLine.clean(encoding)))"
    }
    let text = String(decoding: body.prefix(512), as: UTF8.self)
    let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if start.isEmpty { return "\(answered) an empty body, not JSON" }
    if start.hasPrefix("<") {
      let lower = start.lowercased()
      let isPage = lower.hasPrefix("<!doctype html") || lower.contains("<html")
      return "\(answered) \(isPage ? "an HTML page" : "markup"), not JSON"
    }
    if let implausible = error as? ImplausibleNumber {
      return "\(answered) data that cannot be understood: \(implausible.problem)"
    }
    if let decoding = error as? DecodingError {
      return "\(answered) data that cannot be understood: \(describe(decoding))"
    }
    return "\(answered) data that cannot be understood"
  }

  /// `missing field 'photos[3].camera.name'`, rather than the decoder's debug dump.
  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "missing field '\(path(context.codingPath + [key]))'"
    case .typeMismatch(let type, let context):
      return "field '\(path(context.codingPath))' is not \(typeName(type))"
    case .valueNotFound(let type, let context):
      return "field '\(path(context.codingPath))' is null, expected \(typeName(type))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "the body is not valid JSON" : "field '\(path(context.codingPath))' is malformed"
    @unknown default:
      return "the body does not have the expected shape"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += (result.isEmpty ? "" : ".") + OneLine.clean(key.stringValue)
      }
    }
    return result.isEmpty ? "(top level)" : result
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
    }
  }
}
