import CameraGeometry
import PanoramaStitching

/// The scale drawn under a panorama in the terminal: a tick where each round azimuth falls,
/// and its degrees under it.
package enum AzimuthScale {
  /// Two lines `columns` wide for `grid`: ticks and labels every 45 degrees (every 90 when
  /// the columns are too few, every 15 or 5 for a narrow pan).
  package static func lines(_ grid: PanoramaGrid, columns: Int) -> [String] {
    guard columns > 0, grid.width > 0 else { return [] }
    let left = grid.firstAzimuth - grid.degreesPerPixel / 2
    let span = Double(grid.width) * grid.degreesPerPixel
    let every =
      [5.0, 15, 45, 90].first { span / $0 * 6 <= Double(columns) } ?? 180
    var ticks = [Character](repeating: "-", count: columns)
    var labels = [Character](repeating: " ", count: columns)
    for tick in AzimuthArcs.ticks(from: left, span: span, every: every) {
      let column = Int((tick.share * Double(columns)).rounded(.down))
      guard column < columns else { continue }
      ticks[column] = "|"
      let text = Array(String(tick.degrees))
      if column + text.count <= columns,
        labels[max(0, column - 1)..<min(columns, column + text.count + 1)].allSatisfy({
          $0 == " "
        })
      {
        labels.replaceSubrange(column..<(column + text.count), with: text)
      }
    }
    return [String(ticks), String(labels)]
  }
}
