import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a small file whole, so that it is either the old file or the new one: through a
/// ``TemporaryFile`` beside it and a rename.
public enum AtomicFile {
  /// Writes `data` to `target`; `durable` syncs it to disk before the rename, for state that
  /// must survive a power cut (a cache entry need not: a lost one costs a request).
  public static func write(_ data: Data, to target: URL, durable: Bool = true) throws {
    try write([data], to: target, durable: durable)
  }

  /// Writes `bytes` whole, without a copy of them into `Data` first.
  public static func write(bytes: [UInt8], to target: URL, durable: Bool = true) throws {
    try write(to: target, durable: durable) { file in
      try bytes.withUnsafeBytes { try file.write($0) }
    }
  }

  /// Writes what `body` writes into the file, a piece at a time, so a large file is never
  /// whole in memory; if `body` throws, the file is left as it was.
  package static func write(
    to target: URL, durable: Bool = true, by body: (TemporaryFile) throws -> Void
  ) throws {
    let file = try TemporaryFile.createNow(for: target.path)
    do {
      try body(file)
    } catch {
      file.discard()
      throw error
    }
    try file.commit(durable: durable)
  }

  /// Writes `parts` one after another as one file, without joining them in memory first;
  /// with `modified`, the file's modification time is set to it (seconds since 1970) before
  /// it takes its name, so no reader ever sees it without.
  public static func write(
    _ parts: [Data], to target: URL, durable: Bool = true, modified: Double? = nil
  ) throws {
    try write(to: target, durable: durable) { file in
      for part in parts { try file.write(part) }
      if let modified, !POSIX.setModified(file.fd, to: modified) {
        throw FileSystemError(path: target.path, errno: POSIX.lastError)
      }
    }
  }
}
