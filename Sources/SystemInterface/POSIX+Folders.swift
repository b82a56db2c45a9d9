#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// The names in a folder, `.` and `..` left out, without a `stat` each; `nil` with
  /// ``lastError`` set when it cannot be read.
  public static func names(inFolder path: String) -> [String]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// How many names in a folder do not begin with a dot, counted without making a string of
  /// each; `nil` with ``lastError`` set when it cannot be read.
  public static func visibleNameCount(inFolder path: String) -> Int? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var count = 0
    while let entry = readdir(folder) {
      if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
    }
    return count
  }
}
