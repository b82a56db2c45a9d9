import PlainText
import RoverAPI
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Answers kept on disk, one file each under `$XDG_CACHE_HOME/rovers`, named by a hash of the
/// base URL and request: never by the key, which is never stored.
///
/// A file is a header line, a JSON line (the request it answers, when it expires, the body's
/// length and checksum) and the body; its modification time is when it expires too, so that
/// pruning tells the expired entries from a look at the folder, reading none of them. Only answers that decoded are offered, and a file whose
/// body does not match its length and checksum (a torn write, a damaged disk) is a miss and is
/// replaced. Entries are not synced to disk: a lost one costs one request.
public final class ResponseCache: AnswerCache {
  /// Whether to read the cache: `refresh` fetches again but still stores.
  public enum Mode: Sendable { case use, refresh }

  /// The folder.
  public let folder: URL
  private let mode: Mode
  /// Answers holding it are never kept.
  private let secret: String?
  /// What time it is: a parameter so that expiry can be tested without waiting.
  private let now: @Sendable () -> Date
  /// Rovers' last sols, learned from answers and kept in `last-sols.json`, read once.
  private let lastSols = Mutex<[String: Int]?>(nil)
  /// Keeps the folder under its size.
  private let pruning: CachePruning
  /// The most bytes the folder keeps unless told otherwise: 200 MB.
  public static let defaultMaxBytes = 200 * 1_000_000

  static let magic = "rovers-cache 2"
  static let lastSolsName = "last-sols.json"

  /// Creates a cache in `folder` of at most `maxBytes`.
  public init(
    folder: URL, mode: Mode = .use, secret: String? = nil,
    maxBytes: Int = ResponseCache.defaultMaxBytes,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.folder = folder
    self.mode = mode
    self.secret = secret
    self.now = now
    pruning = CachePruning(folder: folder, maxBytes: maxBytes, now: now)
  }

  /// The most bytes the folder keeps.
  public var maxBytes: Int { pruning.maxBytes }

  private struct Header: Codable {
    var key: String
    var expires: Double
    var length: Int
    var checksum: String
  }

  /// The kept body, unless this run refreshes, the entry expired or it is not whole.
  public func body(for key: AnswerKey) -> Data? {
    guard mode == .use else { return nil }
    return storedBody(for: key.text)
  }

  /// Keeps the answer for as long as its request's rule allows, unless it holds the key.
  public func offer(
    _ body: Data, for key: AnswerKey, lastSols learned: [String: Int],
    lifetime: (_ lastSol: (String) -> Int?) -> TimeInterval?
  ) {
    if !learned.isEmpty { learn(learned) }
    guard !holdsSecret(body), let lifetime = lifetime(lastSol) else { return }
    // A cache that cannot be written only costs a request next time.
    try? store(body, for: key.text, lifetime: lifetime)
  }

  /// The body stored for `key`, if there is one, it is whole and it has not expired.
  func storedBody(for key: String) -> Data? {
    guard let data = FileManager.default.contents(atPath: file(for: key).path) else { return nil }
    let lines = data.split(
      separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count == 3, String(decoding: lines[0], as: UTF8.self) == Self.magic,
      let header = try? JSONDecoder().decode(Header.self, from: Data(lines[1])),
      header.key == key, header.expires > now().timeIntervalSince1970
    else { return nil }
    let body = Data(lines[2])
    guard body.count == header.length, Self.checksum(body) == header.checksum else { return nil }
    return body
  }

  /// Keeps `body` for `key` for `lifetime` seconds.
  func store(_ body: Data, for key: String, lifetime: TimeInterval) throws {
    try Directories.create(folder)
    let header = Header(
      key: key, expires: now().timeIntervalSince1970 + lifetime, length: body.count,
      checksum: Self.checksum(body))
    var head = Data((Self.magic + "\n").utf8)
    head.append(try JSONEncoder().encode(header))
    head.append(UInt8(ascii: "\n"))
    // The body is written as it is: a copy of a large answer would double the peak memory.
    // The file's modification time is its expiry, so that pruning reads no entry.
    let target = file(for: key)
    try AtomicFile.write(
      [head, body], to: target, durable: false, modified: header.expires)
    pruning.pruneOnce(keeping: target.path)
  }

  /// Removes expired answers, then the oldest files while the folder is over its size.
  public func prune() { pruning.prune() }

  /// How many entries there are (answers and kept maps) and how many bytes the cache's files
  /// take.
  public func info() throws -> (entries: Int, bytes: Int) {
    var bytes = 0
    var entries = 0
    for name in try names() where CachePruning.suffixes.contains(where: name.hasSuffix) {
      if name.hasSuffix(".cache") || name.hasSuffix(".map") { entries += 1 }
      bytes += FileStatus.of(folder.appendingPathComponent(name).path)?.size ?? 0
    }
    return (entries, bytes)
  }

  /// Removes every entry; returns how many there were.
  @discardableResult
  public func clear() throws -> Int {
    var removed = 0
    for name in try names()
    where CachePruning.suffixes.contains(where: name.hasSuffix) || TemporaryFile.isTemporary(name)
      || name == Self.lastSolsName
    {
      let path = folder.appendingPathComponent(name).path
      guard POSIX.unlink(path) else { throw FileSystemError(path: path, errno: POSIX.lastError) }
      removed += name.hasSuffix(".cache") || name.hasSuffix(".map") ? 1 : 0
    }
    return removed
  }

  /// The folder's entries; none when it does not exist, an error when it cannot be read.
  private func names() throws -> [String] {
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    guard let names = POSIX.names(inFolder: folder.path) else {
      throw FileSystemError(path: folder.path, errno: POSIX.lastError)
    }
    return names
  }

  /// `<16 hex digits>.cache`: FNV-1a of the key; the key inside the file settles collisions.
  func file(for key: String) -> URL {
    folder.appendingPathComponent(Self.fnv1a(Data(key.utf8)) + ".cache")
  }

  static func checksum(_ body: Data) -> String { body.withUnsafeBytes(FNV1a.checksum) }

  /// A name for `text` in the folder: FNV-1a, 16 hex digits.
  static func hash(_ text: String) -> String { fnv1a(Data(text.utf8)) }

  private static func fnv1a(_ data: Data) -> String {
    // Over the raw bytes: Data's own iterator costs several times more per byte.
    data.withUnsafeBytes(FNV1a.hex)
  }

  private func holdsSecret(_ body: Data) -> Bool {
    guard let secret, !secret.isEmpty else { return false }
    return body.firstRange(of: Data(secret.utf8)) != nil
  }

  /// A rover's last sol, as the cache has learned it.
  private func lastSol(_ rover: String) -> Int? {
    lastSols.withLock { known in
      if known == nil { known = readLastSols() }
      return known?[rover]
    }
  }

  private func learn(_ sols: [String: Int]) {
    let merged: [String: Int]? = lastSols.withLock { known in
      var all = known ?? readLastSols()
      let before = all
      all.merge(sols) { max($0, $1) }
      known = all
      return all == before ? nil : all
    }
    guard let merged, let data = try? JSONEncoder().encode(merged) else { return }
    _ = try? Directories.create(folder)
    try? AtomicFile.write(
      data, to: folder.appendingPathComponent(Self.lastSolsName), durable: false)
  }

  private func readLastSols() -> [String: Int] {
    let url = folder.appendingPathComponent(Self.lastSolsName)
    guard let data = FileManager.default.contents(atPath: url.path) else { return [:] }
    return (try? JSONDecoder().decode([String: Int].self, from: data)) ?? [:]
  }
}
