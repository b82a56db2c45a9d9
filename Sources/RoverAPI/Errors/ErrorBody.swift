import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The server's own words in an error body, from any of the shapes the API's servers use:
/// `{"errors": "Invalid Rover Name"}`, `{"error": "Rover 'x' not found", "message": …}` and
/// `{"error": {"code": "API_KEY_INVALID", "message": …}}`.
struct ErrorBody {
  var message: String?
  var retryAfter: Double?

  /// Reads what it can; a body that is not JSON, or JSON of another shape, gives no message.
  static func parse(_ data: Data) -> ErrorBody {
    guard case .object(let object)? = try? JSONDecoder().decode(AnyJSON.self, from: data) else {
      return ErrorBody()
    }
    var parts: [String] = []
    if let errors = object["errors"] { parts += errors.texts }
    if case .object(let error)? = object["error"] {
      let code = error["code"]?.text
      let message = error["message"]?.text
      parts.append([code, message].compactMap { $0 }.joined(separator: ": "))
    } else if let error = object["error"] {
      parts += error.texts
    }
    if let message = object["message"]?.text { parts.append(message) }
    let text = parts.map(OneLine.clean).filter { !$0.isEmpty }.joined(separator: ": ")
    var retryAfter: Double?
    if case .number(let seconds)? = object["retryAfter"], seconds >= 0, seconds.isFinite {
      retryAfter = seconds
    }
    return ErrorBody(message: text.isEmpty ? nil : text, retryAfter: retryAfter)
  }
}

/// Any JSON value, for bodies whose shape differs from server to server.
private enum AnyJSON: Decodable {
  case text(String)
  case number(Double)
  case list([AnyJSON])
  case object([String: AnyJSON])
  case other

  init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if let text = try? value.decode(String.self) {
      self = .text(text)
    } else if let number = try? value.decode(Double.self) {
      self = .number(number)
    } else if let list = try? value.decode([AnyJSON].self) {
      self = .list(list)
    } else if let object = try? value.decode([String: AnyJSON].self) {
      self = .object(object)
    } else {
      self = .other
    }
  }

  /// The value when it is a string.
  var text: String? {
    if case .text(let text) = self { text } else { nil }
  }

  /// A string, or the strings of a list.
  var texts: [String] {
    switch self {
    case .text(let text): [text]
    case .list(let list): list.compactMap(\.text)
    default: []
    }
  }
}
