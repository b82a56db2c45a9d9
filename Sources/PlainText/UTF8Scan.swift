/// Scans of a string's UTF-8 bytes read in place: a native string's bytes are contiguous, and
/// going through them as a buffer costs a tenth of going through `String.UTF8View` one index
/// at a time. These scans run several times for every photo of a run (paths, names, addresses).
public enum UTF8Scan {
  /// Whether every byte of `text` satisfies `predicate`.
  public static func allSatisfy(_ text: String, _ predicate: (UInt8) -> Bool) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) }
      ?? text.utf8.allSatisfy(predicate)
  }

  /// Whether some byte of `text` satisfies `predicate`.
  public static func contains(_ text: String, where predicate: (UInt8) -> Bool) -> Bool {
    !allSatisfy(text) { !predicate($0) }
  }

  /// Where the first `byte` of `text` is (an ASCII byte, so the index is a character's).
  public static func firstIndex(of byte: UInt8, in text: String) -> String.Index? {
    firstIndex(in: text) { $0 == byte }
  }

  /// Where the first byte of `text` that satisfies `predicate` is; the predicate must hold
  /// for ASCII bytes alone, so that the index is a character's.
  public static func firstIndex(in text: String, where predicate: (UInt8) -> Bool)
    -> String.Index?
  {
    let offset: Int?? = text.utf8.withContiguousStorageIfAvailable {
      $0.firstIndex(where: predicate)
    }
    guard let offset else { return text.utf8.firstIndex(where: predicate) }
    return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
  }

  /// Where the last `byte` of `text` is (an ASCII byte, so the index is a character's).
  public static func lastIndex(of byte: UInt8, in text: String) -> String.Index? {
    let offset: Int?? = text.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: byte) }
    guard let offset else { return text.utf8.lastIndex(of: byte) }
    return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
  }

  /// The text after the last `/`: a path's file name; all of it when it has no `/`.
  public static func lastComponent(of path: String) -> Substring {
    guard let slash = lastIndex(of: UInt8(ascii: "/"), in: path) else { return path[...] }
    return path[path.utf8.index(after: slash)...]
  }

  /// Whether `text` holds `pattern`, compared byte for byte: with Foundation imported,
  /// `String.contains` compares in UTF-16.
  public static func contains(_ pattern: String, in text: String) -> Bool {
    let pattern = Array(pattern.utf8)
    return text.utf8.withContiguousStorageIfAvailable {
      firstOffset(of: pattern, in: UnsafeRawBufferPointer($0)) != nil
    } ?? Array(text.utf8).withUnsafeBytes { firstOffset(of: pattern, in: $0) != nil }
  }

  /// Where `pattern` first occurs in `bytes` at or after offset `start`, by a scan of the
  /// bytes (Foundation's `Data.range(of:)` goes through `NSData`); `nil` for an empty pattern.
  public static func firstOffset(
    of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0
  ) -> Int? {
    guard let first = pattern.first, start >= 0, start <= bytes.count - pattern.count else {
      return nil
    }
    for at in start...(bytes.count - pattern.count) where bytes[at] == first {
      if pattern.indices.allSatisfy({ bytes[at + $0] == pattern[$0] }) { return at }
    }
    return nil
  }
}
