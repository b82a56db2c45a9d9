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
  /// The Earth day of the sols here, for the years on the axis beside the manifest's.
  var dates: [Int: String] = [:]

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
    svg += "</svg>\n"
    // The axis is HTML under the chart: text in the stretched SVG would be stretched too. On a
    // narrow screen the chart keeps a readable width and scrolls sideways.
    return "<div class=\"timeline-scroll\"><div class=\"timeline-body\">\n" + svg
      + axis(lastSol: lastSol, step: step) + "</div></div>\n"
  }

  /// Sol marks at a round step (at most about eight), and the first sol of each Earth year.
  private func axis(lastSol: Int, step: Double) -> String {
    let spacing =
      [1, 2, 5, 10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000]
      .first { lastSol / $0 <= 8 } ?? 10_000
    let position = { (sol: Int) in Self.format(Double(sol) * step / Self.width * 100) }
    // A mark whose label would run past the right edge is left out.
    let shown = { (sol: Int) in Double(sol) * step / Self.width <= 0.93 }
    var html = "<div class=\"axis\" aria-hidden=\"true\">"
    for sol in stride(from: 0, through: lastSol, by: spacing) where shown(sol) {
      html += "<span style=\"left: \(position(sol))%\">sol \(sol)</span>"
    }
    html += "</div>\n"
    var days = Dictionary(entries.map { ($0.sol, $0.earthDate) }, uniquingKeysWith: { a, _ in a })
    days.merge(dates) { manifest, _ in manifest }
    var firstOfYear: [String: Int] = [:]
    for (sol, day) in days where day.count >= 4 {
      let year = String(day.prefix(4))
      firstOfYear[year] = min(firstOfYear[year] ?? sol, sol)
    }
    guard firstOfYear.count > 1 else { return html }
    html += "<div class=\"axis years\" aria-hidden=\"true\">"
    for (year, sol) in firstOfYear.sorted(by: { $0.value < $1.value }) where shown(sol) {
      html += "<span style=\"left: \(position(sol))%\">\(HTMLText.escaped(year))</span>"
    }
    return html + "</div>\n"
  }

  private static func format(_ value: Double) -> String {
    String(Double(Int((value * 100).rounded())) / 100)
  }
}
