import MarsFetching
import RoverAPI
import SystemInterface

/// The catalogue file: every photo of the missions synced, one row each, and which sols it
/// holds. Opened by one task; readers and the one writer never block each other (WAL).
public final class Catalog {
  /// The file's path.
  public let path: String
  let connection: SQLiteConnection
  /// The image addresses' numbers, once read: a sync writes each address once.
  var addresses: [CatalogRow.Address: Int]?
  /// The numbers of the texts written or found lately, so a sync asks the file for a
  /// template once, not once a photo; emptied when it grows past ``keptTexts``.
  var texts: [CatalogText.Kept: Int] = [:]
  /// The most texts ``texts`` keeps: a bound on a sync's memory whatever its size.
  static let keptTexts = 20_000
  /// A writer's statements by their SQL, each prepared once: a sync runs a few for every sol,
  /// and preparing one cost more than running it.
  private var statements: [String: SQLiteStatement] = [:]
  /// The most of the file a reader maps, 64 MiB: what a search's indexes read lies well
  /// within it, and a search that reads every photo (a count over a filter no index has)
  /// reads the rest a page at a time. Mapped pages count in a process's memory, and 2 GiB
  /// mapped made such a count of a 1M-row catalogue peak at 300 MB (82 MB now, as fast).
  static let mappedBytes = 1 << 26
  /// How long a reader waits for a sync's commit, milliseconds.
  static let lockWait = 2000
  /// A writer's hold on `PATH.lock`: one sync writes at a time.
  private let writerLock: ExclusiveLock?

  /// Opens the catalogue at `path`: for reading (it must exist and be a catalogue) or for a
  /// sync (made with its schema when it does not exist). Errors are ``CatalogError``s.
  public init(path: String, writing: Bool) throws(CatalogError) {
    self.path = path
    do {
      try SQLiteLibrary.load()
    } catch {
      throw .missingLibrary(error)
    }
    if !writing, !FileStatus.exists(path) { throw .absent(path: path) }
    do {
      // A second writer is told at once rather than made to wait for the first's sols.
      writerLock = writing ? try ExclusiveLock(path: path + ".lock") : nil
      if writing, writerLock == nil { throw CatalogError.busy(path: path) }
      connection =
        writing ? try SQLiteConnection(path: path, mode: .readWrite) : try Self.reader(of: path)
      // A reader waits a little for a sync's commit; the writer is alone by its lock.
      connection.waitForLocks(milliseconds: Self.lockWait)
      try prepare(writing: writing)
    } catch let error as CatalogError {
      throw error
    } catch let error as SQLiteError {
      throw CatalogError.from(error, path: path)
    } catch let error as FileSystemError {
      throw .unwritable(path: path, SQLiteError(code: 8, message: error.reason))
    } catch {
      throw .sqlite(path: path, SQLiteError(code: 1, message: "\(error)"))
    }
  }

  /// The statement of `sql`, prepared at its first use and kept, with `values` bound.
  func statement(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteStatement {
    guard let statement = statements[sql] else {
      let statement = try connection.prepare(sql, values)
      statements[sql] = statement
      return statement
    }
    try statement.rebind(values)
    return statement
  }

  /// A reader's connection. A WAL reader keeps its place in a `-shm` file beside the
  /// catalogue, which SQLite cannot make in a folder the reader cannot write (a shared copy, a
  /// read-only disk). With no such file there, no sync has the catalogue open, and none can
  /// make one: it is read as a file that does not change.
  private static func reader(of path: String) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    // Before the first read: a sync making the file holds it for the moment its schema
    // takes, and a reader that came then waits for it rather than being told to try again.
    connection.waitForLocks(milliseconds: lockWait)
    do {
      _ = try connection.value("PRAGMA user_version")
      return connection
    } catch let error as SQLiteError where error.primaryCode == 14 {
      guard !FileStatus.exists(path + "-shm") else { throw error }
      return try SQLiteConnection(path: path, mode: .immutable)
    }
  }

  /// Checks the schema's version, and for a writer makes the tables of an empty file and sets
  /// how it writes.
  private func prepare(writing: Bool) throws {
    let version = try connection.value("PRAGMA user_version").integerValue ?? 0
    if version > CatalogSchema.version {
      throw CatalogError.newerSchema(path: path, version: version)
    }
    if !writing {
      guard version == CatalogSchema.version else { throw CatalogError.absent(path: path) }
      // A search reads its pages where the kernel already holds them, not copied into a
      // cache of its own a page at a time: a search is one process, and its first read of a
      // page is its only one. The file only grows (no sync shrinks it), so what is mapped
      // stays there. Up to ``mappedBytes``: memory stays bounded whatever the file's size.
      try connection.execute("PRAGMA mmap_size = \(Self.mappedBytes)")
      return
    }
    // WAL: readers never block the writer nor it them. NORMAL: in WAL a commit survives a
    // crash of the process, which is what a sync killed at any moment needs (Debian's build
    // defaults to FULL, an fsync per commit).
    try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
    guard version == 0 else { return try renewEraIndexes() }
    try connection.transaction {
      for statement in CatalogSchema.statements { try connection.execute(statement) }
      try connection.execute("PRAGMA user_version = \(CatalogSchema.version)")
    }
  }

  /// Replaces the pointing and time-of-day indexes of a catalogue made before they were led
  /// by an era (``CatalogSchema/era``), once: the tables are the same, and a search reads
  /// either, but a sync into the old ones costs with the catalogue's size. The statistics
  /// such a catalogue's syncs gathered from a sample of each index go too: they led the
  /// planner away from the indexes.
  private func renewEraIndexes() throws {
    let stale = try CatalogSchema.eraIndexes.filter { index in
      try connection.value(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [.text(index.name)]
      ).textValue != index.sql
    }
    guard !stale.isEmpty else { return }
    // stat4 only where SQLite was built with it (not Debian's).
    let sampled = try ["sqlite_stat1", "sqlite_stat4"].filter { table in
      try connection.value("SELECT 1 FROM sqlite_master WHERE name = ?", [.text(table)])
        .integerValue != nil
    }
    try connection.transaction {
      for index in stale {
        try connection.execute("DROP INDEX IF EXISTS \(index.name)")
        try connection.execute(index.sql)
      }
      for table in sampled { try connection.execute("DELETE FROM \(table)") }
    }
  }

  /// The number of mission `name`, added when new.
  func missionNumber(_ name: String) throws -> Int {
    let key = name.lowercased()
    try connection.prepare("INSERT OR IGNORE INTO missions (name) VALUES (?)", [.text(key)])
      .step()
    return try connection.value("SELECT id FROM missions WHERE name = ?", [.text(key)])
      .integerValue ?? 0
  }

  /// The file's size with its write-ahead log, in bytes.
  public var bytesOnDisk: Int {
    [path, path + "-wal"].compactMap { FileStatus.of($0)?.size }.reduce(0, +)
  }

  /// The sols of `rover` the catalogue holds whole.
  public func heldSols(of rover: String) throws(CatalogError) -> Set<Int> {
    try guarded {
      let rows = try connection.rows(
        "SELECT sol FROM sols JOIN missions ON missions.id = sols.mission WHERE missions.name = ?",
        [.text(rover.lowercased())])
      return Set(rows.compactMap { $0.first?.integerValue })
    }
  }

  /// Runs `body`, turning SQLite's errors into ``CatalogError``s.
  func guarded<Result>(_ body: () throws -> Result) throws(CatalogError) -> Result {
    do {
      return try body()
    } catch let error as CatalogError {
      throw error
    } catch let error as SQLiteError {
      throw CatalogError.from(error, path: path)
    } catch {
      throw .sqlite(path: path, SQLiteError(code: 1, message: "\(error)"))
    }
  }
}
