import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Traverse maps kept for a slow or absent link to NASA's host, in the cache folder: the last
/// whole map of each address whatever its age (a map changes once a drive, so a day-old one
/// places all but the newest sol's photos), and a download its budget cut off, which the next
/// run resumes where it stopped (HTTP `Range`, with `If-Range` so that a map changed since is
/// fetched whole).
///
/// Files: `<hash>.map` (a whole map), `<hash>.part` (what arrived of a download) and
/// `<hash>.part-of` (the address and the validator it came with). They count towards the
/// cache's size and are pruned with it, oldest first, but never expire.
public struct KeptMaps: Sendable {
  /// The cache folder.
  public let folder: URL
  /// How long a kept map is used without asking again: a day, as the cache keeps one.
  public var freshFor: TimeInterval = CacheLifetime.day
  /// What time it is.
  var now: @Sendable () -> Date = { Date() }

  /// Maps kept in `folder`.
  public init(folder: URL) { self.folder = folder }

  /// The map kept for `url`, if it was written within ``freshFor``.
  public func fresh(for url: URL) -> Data? {
    let path = file(url, "map").path
    guard let modified = FileStatus.of(path)?.modified,
      now().timeIntervalSince1970 - modified < freshFor
    else { return nil }
    return FileManager.default.contents(atPath: path)
  }

  /// The map kept for `url`, whatever its age.
  public func kept(for url: URL) -> Data? {
    FileManager.default.contents(atPath: file(url, "map").path)
  }

  /// Keeps a whole map that decoded, and drops what was left of its download.
  public func keep(_ body: Data, for url: URL) {
    // A cache that cannot be written costs the map's download next time, nothing more.
    _ = try? Directories.create(folder)
    try? AtomicFile.write(body, to: file(url, "map"), durable: false)
    dropPartial(for: url)
  }

  /// Forgets a kept map that no longer decodes.
  public func drop(for url: URL) {
    _ = POSIX.unlink(file(url, "map").path)
  }

  /// What arrived of an earlier download of `url`: its length and the validator to resume it
  /// with; `nil` when there is none, or it was of another address.
  public func partial(for url: URL) -> (length: Int, validator: String)? {
    guard let about = FileManager.default.contents(atPath: file(url, "part-of").path) else {
      return nil
    }
    let lines = String(decoding: about, as: UTF8.self).split(separator: "\n")
    guard lines.count == 2, lines[0] == url.absoluteString,
      let length = FileStatus.of(file(url, "part").path)?.size, length > 0
    else { return nil }
    return (length, String(lines[1]))
  }

  /// A writer that keeps a download of `url` in its `.part` file as it arrives, at most
  /// `limit` bytes.
  public func writer(for url: URL, limit: Int) throws -> PartialMapWriter {
    try Directories.create(folder)
    return try PartialMapWriter(
      body: file(url, "part"), about: file(url, "part-of"), url: url, limit: limit)
  }

  /// Drops what was left of a download of `url`.
  public func dropPartial(for url: URL) {
    _ = POSIX.unlink(file(url, "part").path)
    _ = POSIX.unlink(file(url, "part-of").path)
  }

  /// `<16 hex digits>.<suffix>`: a hash of the address, which never holds a key (maps are
  /// NASA's, asked without one).
  func file(_ url: URL, _ suffix: String) -> URL {
    folder.appendingPathComponent("map-" + ResponseCache.hash(url.absoluteString) + "." + suffix)
  }
}
