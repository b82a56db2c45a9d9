import CameraGeometry

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A panorama on a sol page: a file `rovers panorama --from` wrote into the sol's folder, with
/// the record beside it that says its grid, shown as a strip as high as the page allows that
/// scrolls sideways, with its azimuths marked under it.
struct PanoramaStrip: Sendable, Equatable, Decodable {
  /// The picture's name in the sol's folder.
  var picture: String
  var sequence: String
  var width: Int
  var height: Int
  var firstAzimuth: Double
  var degreesPerPixel: Double
  var frames: Int
  /// `rover`, `level`, `north` or `level north`: what azimuth 0 is.
  var frame: String

  private enum CodingKeys: String, CodingKey {
    case file, sequence, width, height, frames, frame
    case firstAzimuth = "first_azimuth"
    case degreesPerPixel = "degrees_per_pixel"
  }

  private struct Used: Decodable {}

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    picture =
      URL(fileURLWithPath: try container.decode(String.self, forKey: .file))
      .lastPathComponent
    sequence = try container.decode(String.self, forKey: .sequence)
    width = try container.decode(Int.self, forKey: .width)
    height = try container.decode(Int.self, forKey: .height)
    firstAzimuth = try container.decode(Double.self, forKey: .firstAzimuth)
    degreesPerPixel = try container.decode(Double.self, forKey: .degreesPerPixel)
    frames = try container.decode([Used].self, forKey: .frames).count
    frame = try container.decode(String.self, forKey: .frame)
  }

  /// The start of a panorama's record's name; it ends `.json`, its picture beside it.
  static let prefix = "panorama-"

  /// The panoramas of a sol's folder whose record and picture are both there, by sequence; a
  /// record that does not read is passed over.
  static func strips(in folder: URL, names: [String]) -> [PanoramaStrip] {
    let present = Set(names)
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
      .compactMap { name in
        guard
          let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
          data.count < 1 << 20,
          let strip = try? JSONDecoder().decode(PanoramaStrip.self, from: data),
          present.contains(strip.picture), strip.width > 0, strip.height > 0
        else { return nil }
        return strip
      }
  }

  /// Where each tick goes: every 45 degrees of azimuth within the picture, as a share of its
  /// width (0 to 1), with its degrees (-180 to 180).
  var ticks: [(share: Double, degrees: Int)] {
    AzimuthArcs.ticks(
      from: firstAzimuth - degreesPerPixel / 2, span: Double(width) * degreesPerPixel, every: 45)
  }

  /// The strip's HTML.
  var html: String {
    let name = HTMLText.escaped(HTMLText.href(picture))
    let caption =
      "\(sequence) · \(frames) frame\(frames == 1 ? "" : "s") · azimuth 0 \(frame == "rover" || frame == "level" ? "ahead" : "north")"
    var html =
      "<figure class=\"pano\"><div class=\"pano-scroll\" tabindex=\"0\"><div class=\"pano-body\">"
    html +=
      "<img src=\"\(name)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTMLText.escaped(caption))\""
    html += " style=\"--pano-height: \(height)px\" />"
    html += "<ol class=\"pano-ticks\" aria-hidden=\"true\">"
    for tick in ticks {
      let percent = (tick.share * 10_000).rounded() / 100
      html += "<li style=\"left: \(percent)%\">\(tick.degrees)°</li>"
    }
    html += "</ol></div></div><figcaption>\(HTMLText.escaped(caption))</figcaption></figure>\n"
    return html
  }
}
