import Foundation

/// Answers kept on disk, one file each under `$XDG_CACHE_HOME/rovers`, named by a hash of the
/// base URL and request: never by the key, which is never stored.
///
/// A file is a header line, a JSON line (the request it answers and when it expires) and the
/// body. Files are written atomically; one that cannot be read is a miss and is replaced.
public struct ResponseCache: Sendable {
  /// The folder.
  public var folder: URL
  /// What time it is: a parameter so that expiry can be tested without waiting.
  public var now: @Sendable () -> Date

  static let magic = "rovers-cache 1"

  /// Creates a cache in `folder`.
  public init(folder: URL, now: @escaping @Sendable () -> Date = { Date() }) {
    self.folder = folder
    self.now = now
  }

  private struct Header: Codable {
    var key: String
    var expires: Double
  }

  /// The body stored for `key`, if there is one and it has not expired.
  public func body(for key: String) -> Data? {
    guard let data = FileManager.default.contents(atPath: file(for: key).path) else { return nil }
    let lines = data.split(
      separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count == 3, String(decoding: lines[0], as: UTF8.self) == Self.magic,
      let header = try? JSONDecoder().decode(Header.self, from: Data(lines[1])),
      header.key == key, header.expires > now().timeIntervalSince1970
    else { return nil }
    return Data(lines[2])
  }

  /// Keeps `body` for `key` for `lifetime` seconds.
  public func store(_ body: Data, for key: String, lifetime: TimeInterval) throws {
    try Directories.create(folder)
    let header = Header(key: key, expires: now().timeIntervalSince1970 + lifetime)
    var data = Data((Self.magic + "\n").utf8)
    data.append(try JSONEncoder().encode(header))
    data.append(UInt8(ascii: "\n"))
    data.append(body)
    _ = try AtomicFile.write(data, to: file(for: key), replacing: true)
  }

  /// How many entries there are and how many bytes they take.
  public func info() -> (entries: Int, bytes: Int) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var bytes = 0
    var entries = 0
    for name in names where name.hasSuffix(".cache") {
      entries += 1
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(name).path)
      bytes += (attributes?[.size] as? Int) ?? 0
    }
    return (entries, bytes)
  }

  /// Removes every entry; returns how many there were.
  @discardableResult
  public func clear() throws -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var removed = 0
    for name in names where name.hasSuffix(".cache") || name.hasSuffix(".cache.part") {
      let path = folder.appendingPathComponent(name).path
      guard unlink(path) == 0 else { throw FileSystemError(path: path, errno: errno) }
      removed += name.hasSuffix(".cache") ? 1 : 0
    }
    return removed
  }

  /// `<16 hex digits>.cache`: FNV-1a of the key; the key inside the file settles collisions.
  func file(for key: String) -> URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return folder.appendingPathComponent(
      String(repeating: "0", count: 16 - hex.count) + hex + ".cache")
  }
}
