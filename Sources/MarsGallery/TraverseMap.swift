import MarsFetching
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A rover's traverse as an inline SVG map, north up: its waypoints joined in order, a dot per
/// sol in the folder (each a link to its page), the latest position marked, and a scale bar in
/// metres. It scales to the width it is given, so it fits a phone.
struct TraverseMap {
  /// The rover as the pages name it.
  var rover: String
  var traverse: Traverse
  /// The sols on disk, with how many photos each holds.
  var onDisk: [Int: Int]
  /// The rover's folder, relative to the front page.
  var folder: String

  static let width = 1000.0
  static let margin = 24.0
  /// The band under the map that holds the scale bar.
  static let footer = 30.0

  /// A point on the map: metres east and north of the traverse's south-west corner.
  private struct Projection {
    /// Where the westernmost point is drawn.
    var left: Double
    var west: Double
    var south: Double
    var metresPerDegreeLatitude: Double
    var metresPerDegreeLongitude: Double
    var scale: Double
    var height: Double

    func x(_ point: Waypoint) -> Double {
      left + (point.longitude - west) * metresPerDegreeLongitude * scale
    }

    func y(_ point: Waypoint) -> Double {
      height - TraverseMap.margin - TraverseMap.footer - (point.latitude - south)
        * metresPerDegreeLatitude * scale
    }
  }

  func render() -> String {
    let points = traverse.waypoints
    guard let latest = points.last else { return "" }
    let latitudes = points.map(\.latitude)
    let longitudes = points.map(\.longitude)
    let (south, north) = (latitudes.min() ?? 0, latitudes.max() ?? 0)
    let (west, east) = (longitudes.min() ?? 0, longitudes.max() ?? 0)
    // An equirectangular projection about the middle latitude: the few kilometres a rover
    // drives are flat to well under a pixel.
    let metresPerDegree = NearbyArea.marsRadius * Double.pi / 180
    let across = metresPerDegree * Math.cos((south + north) / 2 * Double.pi / 180)
    let spanX = max((east - west) * across, 1)
    let spanY = max((north - south) * metresPerDegree, 1)
    let inner = Self.width - 2 * Self.margin
    // At most 0.4 as high as wide: a path that runs north-south is drawn narrower instead,
    // in the middle.
    let scale = inner / max(spanX, spanY * 2.5)
    let height = (spanY * scale + 2 * Self.margin + Self.footer).rounded()
    let map = Projection(
      left: Self.margin + (inner - spanX * scale) / 2, west: west, south: south,
      metresPerDegreeLatitude: metresPerDegree,
      metresPerDegreeLongitude: across, scale: scale, height: height)
    var svg = """
      <figure class="traverse" id="\(HTMLText.escaped(folder))-traverse"><svg class="traverse-map" viewBox="0 0 \(Int(Self.width)) \
      \(Int(height))" role="img" aria-label="\(HTMLText.escaped(rover))'s traverse: \
      \(points.count) waypoints to sol \(latest.sol), north up">

      """
    svg += "<polyline class=\"path\" points=\"\(path(points, map))\" />\n"
    // A dot per sol here, where the rover was that sol; the sol's page a click away.
    for sol in onDisk.keys.sorted() {
      guard let point = traverse.position(onSol: sol) else { continue }
      let count = onDisk[sol] ?? 0
      svg += "<a href=\"\(HTMLText.href(folder))/\(sol)/index.html\" class=\"sol-dot\">"
      svg += "<circle cx=\"\(Self.format(map.x(point)))\" cy=\"\(Self.format(map.y(point)))\" "
      svg += "r=\"8\"><title>Sol \(sol): \(count) photo\(count == 1 ? "" : "s")</title></circle>"
      svg += "</a>\n"
    }
    svg += "<circle class=\"latest\" cx=\"\(Self.format(map.x(latest)))\" "
    svg += "cy=\"\(Self.format(map.y(latest)))\" r=\"12\"><title>Latest: sol \(latest.sol)"
    svg += "</title></circle>\n"
    svg += scaleBar(metresAcross: inner / scale, height: height)
    svg += northArrow()
    svg += "</svg>\n<figcaption>\(HTMLText.escaped(rover))'s traverse from NASA's"
    svg += " waypoints: sol \(points.first?.sol ?? 0) to sol \(latest.sol)"
    if let driven = latest.distance { svg += ", \(Self.distance(driven)) driven" }
    svg += ". Dots are the sols here; the ringed one is the latest position.</figcaption>"
    return svg + "</figure>\n"
  }

  /// The waypoints as SVG points, leaving out those within a tenth of a unit of the last one
  /// kept: a whole mission's ten thousand points draw as a few thousand.
  private func path(_ points: [Waypoint], _ map: Projection) -> String {
    var text = ""
    var last: (x: Double, y: Double)?
    for (index, point) in points.enumerated() {
      let (x, y) = (map.x(point), map.y(point))
      if let last, index != points.count - 1, abs(x - last.x) + abs(y - last.y) < 0.1 {
        continue
      }
      if !text.isEmpty { text += " " }
      text += "\(Self.format(x)),\(Self.format(y))"
      last = (x, y)
    }
    return text
  }

  /// A bar of a round length (1, 2 or 5 × a power of ten metres) near a fifth of the map's
  /// width, bottom left.
  private func scaleBar(metresAcross: Double, height: Double) -> String {
    let target = metresAcross / 5
    let power = Math.pow(10, (Math.log10(max(target, 1e-3))).rounded(.down))
    let metres = [1.0, 2, 5, 10].map { $0 * power }.last { $0 <= target } ?? power
    let length = metres / metresAcross * (Self.width - 2 * Self.margin)
    let y = Self.format(height - 10)
    let x2 = Self.format(Self.margin + length)
    var svg = "<g class=\"scale\"><line x1=\"\(Self.format(Self.margin))\" y1=\"\(y)\" "
    svg += "x2=\"\(x2)\" y2=\"\(y)\" />"
    svg += "<text x=\"\(Self.format(Self.margin + length + 8))\" y=\"\(Self.format(height - 5))\">"
    svg += "\(Self.distance(metres))</text></g>\n"
    return svg
  }

  /// `N` and an arrow, top right.
  private func northArrow() -> String {
    let x = Self.width - Self.margin
    return "<g class=\"north\"><path d=\"M\(Self.format(x)) 8 l-6 16 h12 z\" />"
      + "<text x=\"\(Self.format(x))\" y=\"40\" text-anchor=\"middle\">N</text></g>\n"
  }

  /// `500 m`, `2 km`, `12.5 km`.
  static func distance(_ metres: Double) -> String {
    if metres >= 1000 {
      let kilometres = (metres / 100).rounded() / 10
      let text = String(kilometres)
      return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " km"
    }
    if metres >= 1 { return "\(Int(metres.rounded())) m" }
    return "\(Self.format(metres)) m"
  }

  private static func format(_ value: Double) -> String {
    String(Double(Int((value * 100).rounded())) / 100)
  }
}
