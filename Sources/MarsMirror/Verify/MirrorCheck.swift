import MarsFetching
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Compares a folder with what it should hold: every photo its sols' records list must be on
/// disk and whole, every sol the journal records with photos must still be there, and every
/// image file must be one a record knows. It reads the folder alone; ``lacking(in:source:)``
/// asks NASA's feeds what the recorded sols should hold.
///
/// It walks every recorded sol, so its cost grows with the mirror: a plain `sync` never runs
/// it, `verify` and `sync --verify` do.
public struct MirrorCheck: Sendable {
  /// The folder.
  public var layout: PhotoFileLayout

  /// Creates a check of the folder at `layout`.
  public init(layout: PhotoFileLayout) {
    self.layout = layout
  }

  /// Walks the folders of `rovers` (every rover folder when empty), reading the journal of the
  /// folder without changing it.
  public func run(rovers: [String]) throws -> MirrorReport {
    try run(rovers: rovers, journal: readJournal())
  }

  /// The folder's journal, read without changing it.
  private func readJournal() throws -> SyncJournal {
    try SyncJournal(storage: ReadOnlyStorage(base: SyncStateFile(folder: layout.root)))
  }

  /// The folders of `rovers`, or every rover folder when none are named.
  private func roverFolders(_ rovers: [String]) -> [String] {
    rovers.isEmpty
      ? Self.subfolders(of: layout.root) : rovers.map(PhotoFileLayout.roverFolder).uniqued()
  }

  /// Walks the folders of `rovers` (every rover folder when empty) with `journal` open.
  func run(rovers: [String], journal: SyncJournal) throws -> MirrorReport {
    var report = MirrorReport()
    for rover in roverFolders(rovers) {
      let roverFolder = layout.root.appendingPathComponent(rover)
      let onDisk = Set(Self.subfolders(of: roverFolder).compactMap(Int.init))
      let recorded = Set(
        journal.sols(rover: rover).filter { (journal.entry(rover: rover, sol: $0)?.saved ?? 0) > 0 }
      )
      for sol in onDisk.union(recorded).sorted() {
        report.sols += 1
        check(rover: rover, sol: sol, saved: journal.entry(rover: rover, sol: sol)?.saved, &report)
      }
    }
    return report
  }

  /// Checks one sol's folder against its record.
  private func check(rover: String, sol: Int, saved: Int?, _ report: inout MirrorReport) {
    let folder = layout.folder(rover: rover, sol: sol)
    let base = "\(rover)/\(sol)/"
    guard let record = SolRecordFile.read(in: folder) else {
      if let saved, saved > 0 {
        report.findings.append(
          MirrorFinding(
            rover: rover, sol: sol, problem: .solMissing, file: base,
            detail: "the journal records \(saved) photo\(saved == 1 ? "" : "s"); the sol's"
              + " folder or its record is gone"))
      }
      for file in Self.imageFiles(in: folder) {
        report.findings.append(
          MirrorFinding(
            rover: rover, sol: sol, problem: .unknown, file: base + file,
            detail: "no record of the sol lists it"))
      }
      return
    }
    var known = Set<String>()
    for photo in record.photos {
      report.photos += 1
      known.insert(photo.file)
      let path = folder.appendingPathComponent(photo.file).path
      if let problem = Self.problem(with: path) {
        report.findings.append(
          MirrorFinding(
            rover: rover, sol: sol, problem: problem.missing ? .missing : .damaged,
            nasaID: photo.nasaID, file: base + photo.file, detail: problem.detail))
      }
    }
    for file in Self.imageFiles(in: folder) where !known.contains(file) {
      report.findings.append(
        MirrorFinding(
          rover: rover, sol: sol, problem: .unknown, file: base + file,
          detail: "no record of the sol lists it"))
    }
  }

  /// Removes the damaged files a report found, so that a sync fetches them again.
  public func removeDamaged(_ report: MirrorReport) throws {
    for finding in report.findings where finding.problem == .damaged {
      guard let file = finding.file else { continue }
      let path = layout.root.appendingPathComponent(file).path
      guard POSIX.unlink(path) || POSIX.lastError == POSIX.ErrorCode.noSuchFile else {
        throw FileSystemError(path: path, errno: POSIX.lastError)
      }
    }
  }

  /// The photos NASA's feeds list for the recorded sols that the folder neither has nor
  /// knows to be gone; the sols are listed `limit` at a time.
  public func lacking(rovers: [String], source: any DownlinkSource, limit: Int) async throws
    -> [MirrorFinding]
  {
    let journal = try readJournal()
    var sols: [(rover: String, sol: Int)] = []
    for rover in roverFolders(rovers) where source.covers(rover: rover) {
      let roverFolder = layout.root.appendingPathComponent(rover)
      let onDisk = Set(Self.subfolders(of: roverFolder).compactMap(Int.init))
      sols += onDisk.union(journal.sols(rover: rover)).sorted().map { (rover, $0) }
    }
    let layout = self.layout
    let found = try await sols.concurrentMap(limit: limit) { item -> [MirrorFinding] in
      let recorded = journal.entry(rover: item.rover, sol: item.sol)
      let listing = try await source.fetchSolListing(
        rover: item.rover, sol: item.sol, cameras: recorded?.cameras ?? [])
      let record = SolRecordFile.read(in: layout.folder(rover: item.rover, sol: item.sol))
      let have = Set((record?.photos.map(\.nasaID) ?? []) + (record?.gone.map(\.nasaID) ?? []))
      return listing.photos.filter { !have.contains($0.nasaID) }.map { photo in
        MirrorFinding(
          rover: item.rover, sol: item.sol, problem: .lacking, nasaID: photo.nasaID,
          file: "\(item.rover)/\(item.sol)/" + PhotoFileLayout.pathInSol(for: photo),
          detail: "NASA's feed lists it; the folder does not have it")
      }
    }
    return found.flatMap { $0 }
  }

  /// Why the file at `path` is not a whole photo, or `nil` when it is.
  static func problem(with path: String) -> (missing: Bool, detail: String)? {
    guard let status = FileStatus.of(linkAt: path) else { return (true, "the file is not there") }
    guard status.kind == .file else { return (false, "it is not a plain file") }
    guard status.size > 0 else { return (false, "the file is empty") }
    let check = ImageCheck(fileName: URL(fileURLWithPath: path).lastPathComponent)
    guard let signature = check.signature else { return nil }
    guard let start = POSIX.readStart(ofFile: path, upTo: signature.count) else {
      return (false, "the file cannot be read")
    }
    guard start == signature else {
      return (false, "the file is not the \(signature.count == 3 ? "JPEG" : "PNG") its name says")
    }
    return nil
  }

  /// The image files below a sol's folder, as `CAMERA/name`, leaving out the tool's own.
  static func imageFiles(in folder: URL) -> [String] {
    var files: [String] = []
    for camera in subfolders(of: folder) {
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: folder.appendingPathComponent(camera).path)) ?? []
      for name in names.sorted() where !name.hasPrefix(".") {
        let lower = name.lowercased()
        guard [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains(where: lower.hasSuffix) else {
          continue
        }
        files.append(camera + "/" + name)
      }
    }
    return files
  }

  /// The visible subfolders of `folder`, sorted.
  static func subfolders(of folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      !name.hasPrefix(".")
        && FileStatus.of(folder.appendingPathComponent(name).path)?.kind == .folder
    }.sorted()
  }
}
