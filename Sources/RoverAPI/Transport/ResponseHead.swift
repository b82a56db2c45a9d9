/// The status and header fields of an answer, put together from the lines a transport is
/// handed one at a time: `HTTP/1.1 200 OK`, then `Name: value` lines, then an empty line.
///
/// An interim answer (`100 Continue`, `103 Early Hints`) is dropped when the next status line
/// comes; only a final answer is ever complete. Lines are read as bytes, since every answer
/// has a dozen of them: names are ASCII by HTTP's rules, and bytes of a value that are not
/// UTF-8 become U+FFFD. A line that is not a header is ignored, so nothing a server sends can
/// stop it.
struct ResponseHead: Sendable, Hashable {
  /// The status code: 0 until a status line has been read, or when it had none.
  private(set) var status = 0
  /// The header fields, names lower-cased; a repeated field's values are joined with `, `,
  /// as HTTP allows.
  private(set) var headers: [String: String] = [:]
  /// Whether the empty line ending a final answer's head has been read.
  private(set) var isComplete = false

  private static let colon = UInt8(ascii: ":")
  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let statusPrefix = Array("HTTP/".utf8)

  /// Takes one line, with or without its line end; returns whether it completed the head.
  /// The line is read through its raw bytes, by index: a generic collection here went
  /// unspecialized, and every answer's dozen lines cost more than its body's bytes.
  mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard !isComplete else { return false }
    var end = bytes.count
    while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
    let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
    if line.starts(with: Self.statusPrefix) {
      status = Self.statusCode(line)
      headers = [:]
    } else if line.isEmpty {
      // The end of an interim answer's head: its final answer follows.
      guard status >= 200 || status == 0 else { return false }
      isComplete = true
      return true
    } else if let colon = line.firstIndex(of: Self.colon) {
      let name = Self.trimmed(line, 0..<colon)
      guard !name.isEmpty else { return false }
      let key = Self.lowercased(UnsafeRawBufferPointer(rebasing: line[name]))
      let value = String(
        decoding: UnsafeRawBufferPointer(rebasing: line[Self.trimmed(line, (colon + 1)..<end)]),
        as: UTF8.self)
      if headers.isEmpty { headers.reserveCapacity(16) }
      if let earlier = headers[key] {
        headers[key] = earlier + ", " + value
      } else {
        headers[key] = value
      }
    }
    return false
  }

  /// Whether this is a redirect that names where to go, the kinds a browser follows.
  var redirectLocation: String? {
    guard [301, 302, 303, 307, 308].contains(status), let location = headers["location"],
      !location.isEmpty
    else { return nil }
    return location
  }

  /// The three digits after `HTTP/x `, or 0.
  private static func statusCode(_ line: UnsafeRawBufferPointer) -> Int {
    guard var at = line.firstIndex(of: space) else { return 0 }
    while at < line.count, line[at] == space { at += 1 }
    var code = 0
    var digits = 0
    while at < line.count, (48...57).contains(line[at]) {
      code = code * 10 + Int(line[at] - 48)
      digits += 1
      at += 1
    }
    return digits == 3 && code >= 100 ? code : 0
  }

  /// A name's bytes as a string with ASCII letters lower-cased (bytes that are not UTF-8
  /// become U+FFFD), written in place rather than through an array: every answer has a dozen.
  private static func lowercased(_ name: UnsafeRawBufferPointer) -> String {
    String(unsafeUninitializedCapacity: name.count) { buffer in
      for index in 0..<name.count {
        let byte = name[index]
        buffer[index] = (65...90).contains(byte) ? byte + 32 : byte
      }
      return name.count
    }
  }

  /// The positions of `range` in `line` without the spaces and tabs around them.
  private static func trimmed(_ line: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
    var (lower, upper) = (range.lowerBound, range.upperBound)
    while lower < upper, line[lower] == space || line[lower] == tab { lower += 1 }
    while upper > lower, line[upper - 1] == space || line[upper - 1] == tab { upper -= 1 }
    return lower..<upper
  }
}
