/// Makes text from a server safe to print on one line of a terminal.
public enum OneLine {
  /// The longest text kept; a server can send a whole page as its "message".
  public static let limit = 200

  /// Folds white space, drops control characters (a server's text must not move the cursor or
  /// change colours) and shortens to ``limit`` characters.
  public static func clean(_ text: String) -> String {
    // Most text is already one line of printable ASCII, a request's summary above all
    // (`GET` and an address): kept as it is.
    if text.utf8.count < limit, isAlreadyClean(text) { return text }
    var result = ""
    var lastWasSpace = true
    // Once the result has more than `limit + 1` characters (one more for a space at its end,
    // which is trimmed), nothing after can change its first `limit - 1`, all that is kept: a
    // whole page is not read to its end. Counted each time the scalars read double, so the
    // counting costs no more than the reading.
    var read = 0
    var countAt = limit + 1
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
      } else if isControl(scalar) {
        continue
      } else {
        result.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
      read += 1
      if read >= countAt {
        if result.count > limit + 1 { break }
        countAt *= 2
      }
    }
    if result.hasSuffix(" ") { result.removeLast() }
    return result.count > limit ? String(result.prefix(limit - 1)) + "…" : result
  }

  /// Whether `text` is what ``clean(_:)`` would make of it, read as bytes: printable ASCII
  /// whose spaces are single and inside it.
  private static func isAlreadyClean(_ text: String) -> Bool {
    let space = UInt8(ascii: " ")
    var previous = space
    let inner = UTF8Scan.allSatisfy(text) { byte in
      defer { previous = byte }
      return (0x21...0x7E).contains(byte) || (byte == space && previous != space)
    }
    return inner && previous != space
  }

  /// Whether a character is a control character (C0, DEL or C1), which may move a terminal's
  /// cursor or change its colours: never printed as a server sent it.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
