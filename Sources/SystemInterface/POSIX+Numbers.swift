#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// `value` with `places` digits after the point, as C's `printf("%.*f")` writes it: the
  /// exact binary value rounded, never a locale's separator. Foundation's `String(format:)`
  /// gives the same text but brings ICU into the binary.
  public static func fixed(_ value: Double, places: Int) -> String {
    let places = Int32(min(max(places, 0), 20))
    var buffer = [CChar](repeating: 0, count: 64)
    let count = withVaList([places, value]) { arguments in
      vsnprintf(&buffer, buffer.count, "%.*f", arguments)
    }
    // A value too long for the buffer (past 1e40) is written as the standard library does.
    guard count >= 0, Int(count) < buffer.count else { return String(value) }
    return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
