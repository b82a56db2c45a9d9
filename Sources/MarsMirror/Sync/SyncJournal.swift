import MarsFetching
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `rovers sync` has mirrored: each rover's first sol and each sol's last state, kept as
/// an append-only journal so that a run writes only what it changed.
///
/// A finished sol is one appended line; a torn last line (a kill mid-write) is skipped when
/// reading, which costs only a second look at that sol. When the journal holds many more lines
/// than sols it is rewritten compactly, in one atomic replace: amortised, every sol costs a
/// constant number of bytes.
final class SyncJournal: Sendable {
  private struct Book {
    var starts: [String: Int] = [:]
    var sols: [String: [Int: SolEntry]] = [:]
    /// Rovers whose late-downlink check a run could not make.
    var downlinksMissed: Set<String> = []
    var lines = 0
  }

  private let storage: any SyncStateStorage
  private let book: Mutex<Book>
  /// Whether the state could not be read and was set aside.
  let recovered: Bool

  /// Reads the journal from `storage`; in a folder, the state of earlier versions becomes
  /// the journal's first lines, and state that cannot be read is set aside.
  init(storage: any SyncStateStorage, folder: URL? = nil) throws {
    self.storage = storage
    var recovered = false
    var book = Book()
    var found = false
    do {
      // Streamed: memory holds the per-sol state and one batch of lines, whatever the
      // journal's length.
      var reader = JournalReader()
      found = try storage.read { piece in
        reader.add(piece) { lines in
          book.lines += lines.count
          for line in lines { Self.apply(line, to: &book) }
        }
      }
      reader.finish { lines in
        book.lines += lines.count
        for line in lines { Self.apply(line, to: &book) }
      }
    } catch let error as FileSystemError {
      // A journal that is a folder, or unreadable: set aside, and the sols are looked at
      // again, which finds their photos on disk and fetches none twice.
      guard let journal = storage as? SyncStateFile else { throw error }
      try Self.setAside(journal.url.path)
      recovered = true
      book = Book()
    }
    if !found, !recovered, let folder {
      let (legacy, unreadable) = try Self.readLegacy(in: folder)
      recovered = recovered || unreadable
      if let legacy {
        let lines = legacy.entries
        try storage.replace(with: Self.encode(lines))
        for line in lines { Self.apply(line, to: &book) }
        book.lines = lines.count
        POSIX.unlink(folder.appendingPathComponent(Self.legacyName).path)
      }
    }
    self.book = Mutex(book)
    self.recovered = recovered
  }

  /// The rover's first mirrored sol, once one run has set it.
  func startSol(rover: String) -> Int? { book.withLock { $0.starts[rover] } }

  /// Every sol the journal records for the rover.
  func sols(rover: String) -> [Int] {
    book.withLock { $0.sols[rover].map { Array($0.keys) } ?? [] }
  }

  /// The sol's last recorded state.
  func entry(rover: String, sol: Int) -> SolEntry? { book.withLock { $0.sols[rover]?[sol] } }

  /// Records where a rover's mirror starts, when that changed.
  func setStart(_ sol: Int, rover: String) throws {
    let changed = book.withLock { book in
      guard book.starts[rover] != sol else { return false }
      book.starts[rover] = sol
      book.lines += 1
      return true
    }
    if changed { try storage.append(Self.encode([.start(rover: rover, sol: sol)])) }
  }

  /// Whether a run could not ask the feeds about the rover's late downlinks, and no run
  /// has made up for it since.
  func downlinksMissed(rover: String) -> Bool {
    book.withLock { $0.downlinksMissed.contains(rover) }
  }

  /// Records whether the rover's late-downlink check is owed, when that changed.
  func setDownlinksMissed(_ missed: Bool, rover: String) throws {
    let changed = book.withLock { book in
      guard book.downlinksMissed.contains(rover) != missed else { return false }
      if missed { book.downlinksMissed.insert(rover) } else { book.downlinksMissed.remove(rover) }
      book.lines += 1
      return true
    }
    if changed { try storage.append(Self.encode([.downlinks(rover: rover, missed: missed)])) }
  }

  /// Records a sol's state: one line appended.
  func record(_ entry: SolEntry) throws {
    book.withLock { book in
      Self.apply(entry, to: &book)
      book.lines += 1
    }
    // Outside the lock: the disk is slow, and nothing else needs to wait for it.
    try storage.append(Self.encode([entry]))
  }

  /// Ends a run: compacts the journal when most of its lines are superseded, and makes it
  /// durable.
  func close() throws {
    let compacted: [SolEntry]? = book.withLock { book in
      let live =
        book.starts.count + book.downlinksMissed.count
        + book.sols.values.reduce(0) { $0 + $1.count }
      guard book.lines > 2 * live + 16 else { return nil }
      book.lines = live
      var lines = book.starts.sorted { $0.key < $1.key }.map { SolEntry.start(rover: $0, sol: $1) }
      lines += book.downlinksMissed.sorted().map { SolEntry.downlinks(rover: $0, missed: true) }
      for (_, sols) in book.sols.sorted(by: { $0.key < $1.key }) {
        lines += sols.keys.sorted().compactMap { sols[$0] }
      }
      return lines
    }
    if let compacted {
      try storage.replace(with: Self.encode(compacted))
    } else {
      try storage.flush()
    }
  }

  static let legacyName = ".rovers-sync.json"

  private static func apply(_ line: SolEntry, to book: inout Book) {
    if let start = line.startSol { book.starts[line.rover] = start }
    if let missed = line.downlinksMissed {
      if missed {
        book.downlinksMissed.insert(line.rover)
      } else {
        book.downlinksMissed.remove(line.rover)
      }
    }
    if let sol = line.sol { book.sols[line.rover, default: [:]][sol] = line }
  }

  /// The lines, newline-terminated JSON objects.
  static func encode(_ lines: [SolEntry]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var data = Data()
    for line in lines {
      guard let encoded = try? encoder.encode(line) else { continue }
      data.append(encoded)
      data.append(UInt8(ascii: "\n"))
    }
    return data
  }

  /// The state earlier versions kept, if any; a file that cannot be read is set aside.
  private static func readLegacy(in folder: URL) throws -> (LegacySyncState?, unreadable: Bool) {
    let path = folder.appendingPathComponent(legacyName).path
    guard let status = FileStatus.of(linkAt: path) else { return (nil, false) }
    if status.kind == .file, let data = FileManager.default.contents(atPath: path),
      let state = try? JSONDecoder().decode(LegacySyncState.self, from: data)
    {
      return (state, false)
    }
    try setAside(path)
    return (nil, true)
  }

  /// Moves unreadable state out of the way as `<name>.corrupt`, replacing an older one.
  private static func setAside(_ path: String) throws {
    let aside = path + ".corrupt"
    _ = try? FileManager.default.removeItem(atPath: aside)
    guard POSIX.rename(path, aside) else {
      throw FileSystemError(path: path, errno: POSIX.lastError)
    }
  }
}
