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
    var azimuth = (left / every).rounded(.up) * every
    while azimuth <= left + span {
      let column = Int(((azimuth - left) / span * Double(columns)).rounded(.down))
      if column >= 0, column < columns {
        ticks[column] = "|"
        var shown = azimuth.truncatingRemainder(dividingBy: 360)
        if shown > 180 { shown -= 360 }
        if shown <= -180 { shown += 360 }
        let text = Array("\(Int(shown.rounded()))")
        if column + text.count <= columns,
          labels[max(0, column - 1)..<min(columns, column + text.count + 1)].allSatisfy({
            $0 == " "
          })
        {
          labels.replaceSubrange(column..<(column + text.count), with: text)
        }
      }
      azimuth += every
    }
    return [String(ticks), String(labels)]
  }
}
