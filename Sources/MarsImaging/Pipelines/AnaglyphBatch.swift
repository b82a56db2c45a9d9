import MarsFetching
import MarsMirror
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sol's anaglyphs: each pair's made `-j` at a time and written into a folder (skipped when
/// its file is there), handed over in the pairs' order.
package struct AnaglyphBatch: Sendable {
  /// What making one pair's anaglyph came to.
  package struct Made: Sendable {
    /// What became of the anaglyph's file.
    package enum Status: String, Sendable {
      case written, skipped, failed
    }

    package var pair: StereoPair
    /// The anaglyph's file, when there is a folder.
    package var file: String?
    package var status: Status
    /// Why it failed.
    package var failure: (any Error)?
    /// The PNG, when it is to be drawn.
    package var png: [UInt8]?
  }

  package var maker: AnaglyphMaker
  /// Where the anaglyphs are written; `nil` to only draw them.
  package var folder: URL?
  /// Whether each anaglyph's PNG is handed over, to be drawn.
  package var keep: Bool
  package var jobs: Int

  /// A batch made with `maker` into `folder`, `jobs` pairs at a time.
  package init(maker: AnaglyphMaker, folder: URL?, keep: Bool, jobs: Int) {
    self.maker = maker
    self.folder = folder
    self.keep = keep
    self.jobs = jobs
  }

  /// Makes each pair's anaglyph, handing each to `each` in order; the folder is made first,
  /// and what a killed run left half-written there (hidden temporary files no writer holds)
  /// is removed.
  package func make(_ pairs: [StereoPair], each: (Made) throws -> Void) async throws {
    if let folder {
      try Directories.create(folder)
      TemporaryFile.sweep(folder)
    }
    let batch = self
    try await pairs.orderedMap(limit: jobs) { pair in
      await batch.make(pair)
    } each: {
      try each($0)
    }
  }

  /// Makes and writes one anaglyph (skipped when its file is there); its failure is its own.
  private func make(_ pair: StereoPair) async -> Made {
    let file = folder?.appendingPathComponent(
      PhotoFileLayout.safe(pair.left.nasaID, fallback: "pair") + "-anaglyph.png")
    if let file, FileStatus.exists(file.path) {
      let png = keep ? try? ImageFile.read(file.path) : nil
      return Made(pair: pair, file: file.path, status: .skipped, png: png)
    }
    do {
      let png = try await maker.png(of: pair)
      if let file { try AtomicFile.write(bytes: png, to: file) }
      return Made(pair: pair, file: file?.path, status: .written, png: keep ? png : nil)
    } catch {
      return Made(pair: pair, file: file?.path, status: .failed, failure: error)
    }
  }
}
