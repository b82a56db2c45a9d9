import CameraGeometry
import Dispatch
import Foundation
import RasterImages

/// The frames of the fixtures' panorama: Perseverance sol 888's NCAM00501, five real Navcam
/// frames whose records (and so camera models) are real, with pictures made by rendering a
/// scene through those models: a textured ground on the rover frame's z = 0 and a patterned
/// sky at infinity, both sums of sinusoids of about 8 to 12 frame pixels, so a test knows what
/// every direction shows and a panorama of them can be compared with the scene itself.
public enum PanoramaFixture {
  /// The sequence id every frame's name carries.
  public static let sequence = "NCAM00501"
  /// The sol.
  public static let sol = 888

  /// One frame: its NASA id, its camera model and its size.
  public struct Frame: Sendable {
    /// Its NASA id.
    public var name: String
    /// Its camera model, for the file's pixels.
    public var model: CameraModel
    /// The file's pixels across.
    public var width: Int
    /// The file's pixels down.
    public var height: Int
  }

  /// The grey level the scene shows along a ray from `origin` along unit `direction` (the
  /// rover frame): the ground where the ray goes down, else the sky.
  public static func level(origin: Vector3, direction: Vector3) -> Double {
    guard direction.z > 1e-9, origin.z < 0 else { return sky(direction) }
    let distance = -origin.z / direction.z
    return ground(x: origin.x + direction.x * distance, y: origin.y + direction.y * distance)
  }

  /// The ground's level at (`x`, `y`) metres: waves around the rover (a degree of azimuth
  /// about its origin, so the mast's swing between frames moves them) and out from it, fading
  /// to an even 120 from 30 m to 60 m away, where they would be finer than the frames' pixels.
  public static func ground(x: Double, y: Double) -> Double {
    let distance = (x * x + y * y).squareRoot()
    let (around, out) = (atan2(y, x), log(max(distance, 1e-9)))
    let fade = smooth((60 - distance) / 30)
    let wave =
      30 * sin(500 * around + 0.3) + 24 * sin(350 * around + 18 * out + 1.1)
      + 16 * sin(26 * out + 2)
    return 120 + fade * wave
  }

  /// The sky's level along a direction: waves of about 0.6 to 0.9 degrees, fading to an even 120
  /// at the horizon so that the scene has no edge there.
  public static func sky(_ direction: Vector3) -> Double {
    let elevation = asin(max(-1, min(1, -direction.z))) * 180 / .pi
    let (x, y, z) = (direction.x, direction.y, direction.z)
    let wave =
      30 * sin(620 * x + 140 * z + 0.4) + 26 * sin(660 * y - 190 * z + 1.0)
      + 20 * sin(480 * (x + y) + 2.2) + 16 * sin(640 * z - 270 * x + 0.7)
    return 120 + smooth(elevation / 8) * wave
  }

  /// The PSNR of a picture of one byte a pixel against what `truth` says each pixel should
  /// be, over the pixels that are not 0 (those a panorama covers), after multiplying it by
  /// the one gain that fits it best when `fittingGain`.
  public static func psnr(
    _ samples: [UInt8], width: Int, fittingGain: Bool = false,
    truth: (_ column: Int, _ row: Int) -> Double
  ) -> Double {
    var (product, square, count) = (0.0, 0.0, 0)
    var pairs: [(Double, Double)] = []
    pairs.reserveCapacity(samples.count)
    for (index, sample) in samples.enumerated() where sample > 0 {
      let made = Double(sample)
      let wanted = truth(index % width, index / width)
      pairs.append((made, wanted))
      product += made * wanted
      square += made * made
      count += 1
    }
    let gain = fittingGain && square > 0 ? product / square : 1
    var error = 0.0
    for (made, wanted) in pairs { error += (made * gain - wanted) * (made * gain - wanted) }
    return 10 * log10(255 * 255 / max(error / Double(max(count, 1)), 1e-12))
  }

  /// 0 at or below 0, 1 at or above 1, and smooth between.
  static func smooth(_ value: Double) -> Double {
    let clamped = max(0, min(1, value))
    return clamped * clamped * (3 - 2 * clamped)
  }

  /// The grey levels of a frame through `model`, `width` by `height`, of `scene` (the
  /// fixtures' unless told) times `gain`, each pixel the mean of `samplesAcross`² rays spread
  /// over its area (as a sensor's pixel gathers the light falling on it): the rays found
  /// exactly every 8 pixels and interpolated between (a millionth of a radian off), rows made
  /// one a core.
  public static func render(
    model: CameraModel, width: Int, height: Int, gain: Double = 1, samplesAcross: Int = 1,
    scene: @Sendable (_ origin: Vector3, _ direction: Vector3) -> Double = level
  ) -> [UInt8] {
    let spacing = 8
    let (across, down) = ((width - 1) / spacing + 2, (height - 1) / spacing + 2)
    let rays = (0..<down).flatMap { row in
      (0..<across).map { model.ray(x: Double($0 * spacing), y: Double(row * spacing)) }
    }
    // A ray between the nodes; a sample up to half a pixel beyond the first or last node
    // carries on the nearest cell's slope.
    @Sendable func interpolated(_ x: Double, _ y: Double) -> (origin: Vector3, direction: Vector3) {
      let (u, v) = (x / Double(spacing), y / Double(spacing))
      let column = min(max(Int(u.rounded(.down)), 0), across - 2)
      let row = min(max(Int(v.rounded(.down)), 0), down - 2)
      let (right, below) = (u - Double(column), v - Double(row))
      let at = row * across + column
      let corners = (rays[at], rays[at + 1], rays[at + across], rays[at + across + 1])
      let weights = (
        (1 - right) * (1 - below), right * (1 - below), (1 - right) * below, right * below
      )
      let origin =
        corners.0.origin * weights.0 + corners.1.origin * weights.1 + corners.2.origin
        * weights.2 + corners.3.origin * weights.3
      let direction =
        corners.0.direction * weights.0 + corners.1.direction * weights.1
        + corners.2.direction * weights.2 + corners.3.direction * weights.3
      return (origin, direction.unit)
    }
    return [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
      guard let base = buffer.baseAddress else { return }
      nonisolated(unsafe) let plane = base
      DispatchQueue.concurrentPerform(iterations: height) { row in
        for column in 0..<width {
          var total = 0.0
          for j in 0..<samplesAcross {
            for i in 0..<samplesAcross {
              // Spread over the pixel's area: its centre alone with one sample.
              let x = Double(column) + (Double(i) + 0.5) / Double(samplesAcross) - 0.5
              let y = Double(row) + (Double(j) + 0.5) / Double(samplesAcross) - 0.5
              let ray = interpolated(x, y)
              total += scene(ray.origin, ray.direction)
            }
          }
          let value = total / Double(samplesAcross * samplesAcross) * gain
          plane[row * width + column] = UInt8(max(0, min(255, value.rounded())))
        }
      }
      count = width * height
    }
  }

  /// The frames rendered so far: each is made once a run, whether the server or a test asks.
  private static let rendered = Remembered<[UInt8]>()

  /// The grey levels of `frame` through its model, of the fixtures' scene: made once a run.
  public static func levels(of frame: Frame) -> [UInt8] {
    rendered.value(for: "\(frame.name) \(frame.model) \(frame.width)x\(frame.height)") {
      render(model: frame.model, width: frame.width, height: frame.height)
    }
  }

  /// The pan's frames as sol 888's record of the fixtures gives them.
  public static func frames(fixtures: String) throws -> [Frame] {
    let path = URL(fileURLWithPath: fixtures).appendingPathComponent("nasa/mars2020/888.json")
    let record = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any]
    let images = record?["images"] as? [[String: Any]] ?? []
    return images.compactMap { image in
      guard let name = image["imageid"] as? String, name.contains(sequence),
        let camera = image["camera"] as? [String: Any],
        let type = camera["camera_model_type"] as? String,
        let list = camera["camera_model_component_list"] as? String,
        let size = (image["extended"] as? [String: Any])?["dimension"] as? String
      else { return nil }
      let numbers = { (text: Substring) in
        text.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
      }
      let dimension = numbers(Substring(size))
      guard
        let model = CameraModel(type: type, components: list.split(separator: ";").map(numbers)),
        dimension.count == 2
      else { return nil }
      return Frame(name: name, model: model, width: Int(dimension[0]), height: Int(dimension[1]))
    }
  }

  /// A grey plane `width` pixels wide as a PNG file's bytes.
  public static func png(_ plane: [UInt8], width: Int) -> Data {
    Data(PNGEncoder.encode(RasterImage(width: width, height: plane.count / width, grey: plane)))
  }

  /// The PNG of the frame an image path names, or `nil` when it names none of the pan's
  /// full-size files.
  static func png(for target: String, fixtures: String) -> Data? {
    // The full-size PNG only, whose pixels the models are for; the smaller JPEGs are the
    // server's usual pictures.
    guard target.contains(sequence), target.contains("_0888_"), target.hasSuffix("J01.png"),
      let name = target.split(separator: "/").last,
      let frame = try? frames(fixtures: fixtures).first(where: { name.hasPrefix($0.name) })
    else { return nil }
    return png(levels(of: frame), width: frame.width)
  }
}
