import MarsFetching
import PlainText
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and updates a sol's ``SolRecord`` in its folder.
///
/// An update reads, merges and replaces the file while holding an `flock` on the sol's folder,
/// so a `download` and a `sync` finishing the same sol at once both keep what they saved.
public enum SolRecordFile {
  /// The record's name in the sol's folder; hidden, so no photo or camera can be called so.
  public static let name = ".rovers-sol.json"

  /// The record in `folder`, if there is one that reads.
  public static func read(in folder: URL) -> SolRecord? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    else { return nil }
    return try? SolRecord.scanned(data)
  }

  /// Merges what a run saved into the record of `folder`'s sol and writes it atomically.
  @discardableResult
  public static func update(
    in folder: URL, rover: String, sol: Int, saved: consuming [SolRecord.SavedPhoto],
    gone: [SolRecord.GonePhoto]
  ) throws -> SolRecord {
    try Directories.create(folder)
    let fd = POSIX.open(folder.path, [.readOnly, .directory, .closeOnExec])
    guard fd >= 0 else { throw FileSystemError(path: folder.path, errno: POSIX.lastError) }
    defer { POSIX.close(fd) }
    // Held for a read and a small write only.
    guard POSIX.lockExclusively(fd, wait: true) else {
      throw FileSystemError(path: folder.path, errno: POSIX.lastError)
    }
    // One photo, one file: a copy of another size is removed once the new one is whole (it
    // is on disk: it is in `saved`), and the record written below no longer names it.
    removeOtherCopies(of: saved, in: folder)
    var record = read(in: folder) ?? SolRecord(rover: rover, sol: sol)
    record.rover = rover
    record.merge(saved: consume saved, gone: gone)
    // Not synced: the photos themselves are, and a lost record is rebuilt from the next run's
    // list (and the gallery reads the files when it has none).
    try AtomicFile.write(to: folder.appendingPathComponent(name), durable: false) { file in
      try record.write(to: file)
    }
    return record
  }
}

extension SolRecordFile {
  /// Removes every image file in the camera folders of `saved` that is the same photo (the
  /// same identity) under another name: the copy of another size.
  static func removeOtherCopies(of saved: [SolRecord.SavedPhoto], in folder: URL) {
    // For each camera folder, the place in `saved` of the copy kept of each identity: the
    // first of two saved in one run.
    var byCamera: [Substring: [String: Int]] = [:]
    for (index, photo) in saved.enumerated() {
      guard let slash = UTF8Scan.firstIndex(of: UInt8(ascii: "/"), in: photo.file) else {
        continue
      }
      let camera = photo.file[..<slash]
      if byCamera[camera]?[photo.nasaID] == nil {
        byCamera[camera, default: [:]][photo.nasaID] = index
      }
    }
    for (camera, keep) in byCamera where !camera.isEmpty {
      let cameraFolder = folder.appendingPathComponent(String(camera)).path
      // Each name kept is there, just saved: a folder of no more names than that holds no
      // other copy, which is every folder of a first download. Counted without a string each.
      if let count = POSIX.visibleNameCount(inFolder: cameraFolder), count <= keep.count {
        continue
      }
      let names = keep.mapValues { index in String(UTF8Scan.lastComponent(of: saved[index].file)) }
      // What was just saved is most of the folder: its names are kept without a look.
      let kept = Set(names.values)
      for name in POSIX.names(inFolder: cameraFolder) ?? []
      where !name.hasPrefix(".") && !kept.contains(name) {
        guard let identity = NASAImageName.identity(ofImageAt: name), let other = names[identity],
          other != name
        else { continue }
        POSIX.unlink(cameraFolder + "/" + name)
      }
    }
  }

  /// Updates the record of every sol the downloads touched: what is on disk and what is gone.
  public static func record(
    _ results: [DownloadResult], rover: String, layout: PhotoFileLayout, now: Date = Date()
  ) throws {
    // By the results' places, not copies of them: a sol can hold thousands.
    let bySol = Dictionary(grouping: results.indices) { results[$0].download.photo.sol }
    for (sol, indices) in bySol.sorted(by: { $0.key < $1.key }) {
      let results = indices.lazy.map { results[$0] }
      // Made at its size: grown by doubling, a sol of 5,000 photos took 3.9 MB for 2.4.
      var saved: [SolRecord.SavedPhoto] = []
      saved.reserveCapacity(indices.count)
      for result in results where result.isOnDisk { saved.append(.init(result.download)) }
      var gone: [SolRecord.GonePhoto] = []
      for result in results {
        guard case .gone = result.status else { continue }
        let photo = result.download.photo
        gone.append(
          .init(nasaID: photo.nasaID, imgSrc: photo.imgSrc, since: now.timeIntervalSince1970))
      }
      guard !saved.isEmpty || !gone.isEmpty else { continue }
      let name = results.first?.download.photo.rover.name ?? rover
      try update(
        in: layout.folder(rover: rover, sol: sol), rover: name, sol: sol, saved: consume saved,
        gone: gone)
    }
  }
}
