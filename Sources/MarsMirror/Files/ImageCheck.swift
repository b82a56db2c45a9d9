import MarsFetching
import PlainText
import RoverAPI

/// What an image body must look like before it is kept: not an HTML page, not empty, and
/// starting with the signature of the type its name says.
struct ImageCheck: Sendable {
  /// The bytes an image of this name must start with; `nil` when the name says no known type.
  let signature: [UInt8]?

  /// The check for a file called `name`.
  init(fileName name: String) {
    // The extension alone is lower-cased: this runs for every photo.
    let dot = UTF8Scan.lastIndex(of: UInt8(ascii: "."), in: name)
    switch dot.map({ name[name.utf8.index(after: $0)...].lowercased() }) {
    case "jpg", "jpeg": signature = Self.jpeg
    case "png": signature = Self.png
    default: signature = nil
    }
  }

  private static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
  private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

  /// Refuses an answer whose `Content-Type` says it is a page or text, not an image.
  func check(headers: [String: String]) throws {
    // Transports that lower-case names are read with one lookup; others are searched.
    let field =
      headers["content-type"] ?? headers.first { $0.key.lowercased() == "content-type" }?.value
    let type = (field ?? "").lowercased()
    if type.hasPrefix("text/html") || type.hasPrefix("application/xhtml") {
      throw BodyRejected("the server answered 200 with an HTML page, not an image")
    }
    if type.hasPrefix("text/") || type.hasPrefix("application/json") {
      throw BodyRejected("the server answered 200 with \(type), not an image")
    }
  }

  /// Refuses a body whose first bytes are not the type's signature.
  func check(start: [UInt8]) throws {
    guard let signature, start.count >= signature.count else { return }
    guard Array(start.prefix(signature.count)) == signature else {
      let kind = signature.count == 3 ? "JPEG" : "PNG"
      throw BodyRejected("the server answered 200 with bytes that are not a \(kind) image")
    }
  }

  /// Refuses a body that ended too short to be the image it claims to be.
  func check(length: Int, start: [UInt8]) throws {
    guard length > 0 else { throw BodyRejected("the server answered 200 with an empty body") }
    if let signature, start.count < signature.count {
      throw BodyRejected("the server answered 200 with \(length) bytes, too few for an image")
    }
  }
}
