import RoverAPI

/// A rover's whole mission as an inline SVG bar chart: one bar per sol with photos, its height
/// the photos that sol; the sols on disk in one colour, each linking to its page, the rest in
/// another.
struct TimelineChart {
  /// Every sol the manifest knows, with its photo count.
  var entries: [ManifestEntry]
  /// The sols on disk, with how many photos each holds.
  var onDisk: [Int: Int]
  /// The rover's folder, relative to the front page.
  var folder: String

  static let width = 1000.0
  static let height = 90.0

  func render() -> String {
    var counts = Dictionary(entries.map { ($0.sol, $0.totalPhotos) }, uniquingKeysWith: max)
    for (sol, count) in onDisk where counts[sol] == nil { counts[sol] = count }
    guard let lastSol = counts.keys.max() else { return "" }
    let most = Double(counts.values.max() ?? 1)
    let step = Self.width / Double(lastSol + 1)
    let barWidth = max(step, 0.6)
    // Sols here are drawn last, on top, and wide enough to find and click among thousands.
    let hereWidth = max(step, 4)
    var svg = """
      <svg class="timeline" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" \
      preserveAspectRatio="none" role="img" aria-label="Photos per sol, sol 0 to \(lastSol)">

      """
    let order =
      counts.keys.sorted().filter { onDisk[$0] == nil }
      + counts.keys.sorted().filter { onDisk[$0] != nil }
    for sol in order {
      let count = counts[sol] ?? 0
      // A square root keeps a sol of 2,000 photos from flattening one of 20.
      let height = max(2, (Double(count) / max(1, most)).squareRoot() * (Self.height - 4))
      let width = onDisk[sol] != nil ? hereWidth : barWidth
      let x = Self.format(min(Double(sol) * step, Self.width - width))
      let bar =
        "<rect class=\"bar\(onDisk[sol] != nil ? " here" : "")\" x=\"\(x)\" "
        + "y=\"\(Self.format(Self.height - height))\" "
        + "width=\"\(Self.format(width))\" "
        + "height=\"\(Self.format(height))\"><title>Sol \(sol): \(count) photo"
        + "\(count == 1 ? "" : "s")\(onDisk[sol].map { ", \($0) here" } ?? "")</title></rect>"
      if onDisk[sol] != nil {
        svg += "<a href=\"\(HTMLText.href(folder))/\(sol)/index.html\">\(bar)</a>\n"
      } else {
        svg += bar + "\n"
      }
    }
    return svg + "</svg>\n"
  }

  private static func format(_ value: Double) -> String {
    String(Double(Int((value * 100).rounded())) / 100)
  }
}
