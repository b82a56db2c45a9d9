import Foundation

/// The server's own words in an error body, from any of the shapes the API's servers use:
/// `{"errors": "Invalid Rover Name"}`, `{"error": "Rover 'x' not found", "message": …}` and
/// `{"error": {"code": "API_KEY_INVALID", "message": …}}`.
struct ErrorBody {
  var message: String?
  var retryAfter: Double?

  /// Reads what it can; a body that is not JSON, or JSON of another shape, gives no message.
  static func parse(_ data: Data) -> ErrorBody {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return ErrorBody()
    }
    var parts: [String] = []
    if let errors = object["errors"] { parts += texts(in: errors) }
    if let error = object["error"] as? [String: Any] {
      let code = error["code"] as? String
      let message = error["message"] as? String
      parts.append([code, message].compactMap { $0 }.joined(separator: ": "))
    } else if let error = object["error"] {
      parts += texts(in: error)
    }
    if let message = object["message"] as? String { parts.append(message) }
    let text = parts.map(OneLine.clean).filter { !$0.isEmpty }.joined(separator: ": ")
    let retryAfter = ((object["retryAfter"] as? NSNumber)?.doubleValue).flatMap {
      $0 >= 0 && $0.isFinite ? $0 : nil
    }
    return ErrorBody(message: text.isEmpty ? nil : text, retryAfter: retryAfter)
  }

  private static func texts(in value: Any) -> [String] {
    if let text = value as? String { return [text] }
    if let list = value as? [Any] { return list.compactMap { $0 as? String } }
    return []
  }
}
