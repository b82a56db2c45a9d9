/// Turns the bytes a terminal sends into keys: plain characters (UTF-8), control keys, and the
/// escape sequences of arrows, PgUp/PgDn, Home and End in both the `ESC [` and `ESC O` forms.
///
/// A sequence may arrive split across reads, so what is incomplete waits for the next bytes;
/// an Escape alone is told from the start of a sequence only by time, so the reader calls
/// ``flush()`` when nothing more came soon after it.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes wait for the rest of their sequence.
  public var hasPending: Bool { !pending.isEmpty }

  /// The keys the bytes complete, in order.
  public mutating func keys(from bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.decode(pending[index...]) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// What is pending, taken as typed: a lone Escape (or Escape then a key, as Alt sends it);
  /// a character cut short is dropped.
  public mutating func flush() -> [Key] {
    guard let first = pending.first else { return [] }
    let rest = Array(pending.dropFirst())
    pending = []
    guard first == 0x1B else { return [] }
    // What follows the Escape is read anew, and whatever of it is still cut short is flushed
    // in turn: each pass takes at least one byte.
    return [.escape] + keys(from: rest) + flush()
  }

  /// The key at the start of `bytes` and how many bytes it took; `nil` when more are needed;
  /// a `nil` key for bytes that stand for no key (an unknown sequence, a stray byte).
  static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    let first = bytes[start]
    switch first {
    case 0x1B:
      guard bytes.count > 1 else { return nil }
      let second = bytes[start + 1]
      guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
        // Alt and a key, or Escape typed twice: the Escape counts, the rest is read anew.
        return (.escape, 1)
      }
      return sequence(bytes.dropFirst(2), introducer: second).map { ($0.0, $0.1 + 2) }
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    default: return utf8Character(bytes)
    }
  }

  /// The sequence after `ESC [` or `ESC O`: parameters, then one final byte.
  private static func sequence(_ bytes: ArraySlice<UInt8>, introducer: UInt8) -> (Key?, Int)? {
    var length = 0
    for byte in bytes {
      length += 1
      // Parameters and intermediates run from 0x20 to 0x3F; the final byte is 0x40 to 0x7E.
      if (0x40...0x7E).contains(byte) {
        let parameters = String(decoding: bytes.prefix(length - 1), as: UTF8.self)
        return (key(final: byte, parameters: parameters), length)
      }
      guard (0x20...0x3F).contains(byte), length < 16 else { return (nil, length) }
    }
    return nil
  }

  /// The key a complete sequence stands for, if it is one this program knows.
  private static func key(final: UInt8, parameters: String) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  /// One UTF-8 character; a byte that starts none is skipped.
  private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return (nil, 1) }
    guard bytes.count >= length else { return nil }
    let text = String(validating: bytes.prefix(length), as: UTF8.self)
    guard let character = text?.first else { return (nil, 1) }
    return (.character(character), length)
  }
}
