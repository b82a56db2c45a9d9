import CommandRuntime
import MarsFetching
import MarsImaging
import RasterImages

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `rovers panorama --sequence` does with a panorama made: writes its file and says so,
/// prints what was made in the format asked (nothing for a table), and draws it.
struct PanoramaOutput {
  let made: PanoramaMaker.Made
  let pan: Panorama
  let quality: Int
  let console: Console
  let common: CommonOptions

  /// Writes `file` (a JPEG unless it ends `.png`), with the record the gallery reads beside it
  /// when `forGallery`; draws it with `drawer` when asked.
  func finish(file: String?, forGallery: Bool, drawer: PictureDrawer?) throws {
    if let file {
      let jpeg = Rovers.PanoramaCommand.suffix(file) != "png"
      let bytes = try PanoramaMaker.file(of: made, jpeg: jpeg, quality: quality)
      try AtomicFile.write(bytes: bytes, to: URL(fileURLWithPath: file))
      let entry = self.entry(file: file, bytes: bytes.count)
      if forGallery {
        try AtomicFile.write(bytes: entry.recordBytes, to: PanoramaMaker.record(beside: file))
      }
      let grid = made.stitcher.grid
      if !common.quiet {
        console.remark(
          "wrote \(file): \(grid.width)x\(grid.height), \(made.stitcher.frames.count) frames,"
            + " \(SequenceEntry.degrees(made.covered * 100))% of the grid covered")
      }
      if common.output.format != .table || common.output.fields != nil {
        try common.output.write(PanoramaMadeEntry.records(entry), json: entry, to: console)
      }
    }
    guard let drawer else { return }
    let grid = made.stitcher.grid
    let preview = PanoramaMaker.preview(of: made, width: drawer.columns * PictureSetup.cellWidth)
    drawer.draw(
      PNGEncoder.encode(preview),
      caption:
        "\(pan.sequence.camera) \(pan.sequence.id), sol \(pan.sequence.photos.first?.sol ?? 0)")
    console.output(AzimuthScale.lines(grid, columns: drawer.columns).joined(separator: "\n") + "\n")
  }

  /// The entry of the file written.
  func entry(file: String, bytes: Int) -> PanoramaMadeEntry {
    let (grid, stitcher) = (made.stitcher.grid, made.stitcher)
    return PanoramaMadeEntry(
      file: file, bytes: bytes, width: grid.width, height: grid.height,
      firstAzimuth: grid.firstAzimuth, firstElevation: grid.firstElevation,
      degreesPerPixel: grid.degreesPerPixel,
      viewpoint: [stitcher.viewpoint.x, stitcher.viewpoint.y, stitcher.viewpoint.z],
      frame: made.turn, frames: zip(stitcher.frames, made.gains).map { ($0.name, $1) },
      covered: made.covered * 100, sequence: pan.sequence.id)
  }
}
