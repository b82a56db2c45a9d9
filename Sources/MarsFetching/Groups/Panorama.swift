import CameraGeometry
import RoverAPI
import SystemInterface

/// A sol's panorama: a sequence whose frames point in different directions from one site and
/// drive, with what its frames' camera models say it covers (CAMERA.md: each frame's outline
/// sent through pixel to ray, not the spread of the centres, so that a ring of four frames
/// covers 360 degrees and a frame at the zenith covers every azimuth).
public struct Panorama: Sendable {
  /// How much of the horizon a pan covers.
  public enum Tier: String, Sendable, CaseIterable {
    case full, wide, half, partial

    /// The tier of `degrees` of azimuth: full from 300, wide from 200, half from 120.
    public init(degrees: Double) {
      self = degrees >= 300 ? .full : degrees >= 200 ? .wide : degrees >= 120 ? .half : .partial
    }
  }

  /// The sequence, its frames in the order they were taken.
  public var sequence: ObservationSequence
  /// The frames with a camera model, each with it.
  public var frames: [(photo: Photo, model: CameraModel)]
  /// The frames left out: their record has no model, or `UNK`.
  public var withoutModel: [String]
  /// The frames left out for being taken at another site and drive than most (another rover
  /// frame: their models do not meet the others').
  public var elsewhere: [String] = []
  /// Degrees of azimuth the frames cover, up to 360.
  public var azimuthCovered: Double
  /// Where the covered azimuths start and end, clockwise (degrees, -180 to 540): the whole
  /// circle from -180 for a full ring.
  public var azimuths: ClosedRange<Double>
  /// The elevations the frames cover, degrees.
  public var elevations: ClosedRange<Double>

  /// The tier of its coverage.
  public var tier: Tier { Tier(degrees: azimuthCovered) }

  /// What the run says of the frames left out: `NCAM00501: left out, without a camera model:
  /// …`, one line a reason.
  public var leftOutRemarks: [String] {
    [("without a camera model", withoutModel), ("of another site and drive", elsewhere)]
      .filter { !$0.1.isEmpty }
      .map { "\(sequence.id): left out, \($0.0): " + $0.1.joined(separator: ", ") }
  }
}

/// Finds a sol's panoramas among its photos and measures them.
public enum PanoramaFinder {
  /// A frame whose model does not parse: the run cannot say what it covers (65).
  public static func badModel(_ photo: Photo) -> ImageFileError {
    ImageFileError(name: photo.nasaID, reason: "its camera model does not parse")
  }

  /// The camera model of a photo's record: `nil` when it has none (or `UNK`),
  /// ``badModel(_:)`` when it does not parse.
  public static func model(of photo: Photo) -> Result<CameraModel, ImageFileError>? {
    let capture = photo.details.capture
    guard let type = capture.cameraModelType, type.uppercased() != "UNK",
      let components = capture.cameraModelComponents
    else { return nil }
    guard let model = CameraModel(type: type, components: components) else {
      return .failure(badModel(photo))
    }
    return .success(model)
  }

  /// Why a sequence asked for is not made: the sol has no pan of that id; its pans, with the
  /// degrees each covers.
  public static func noSuch(_ sequence: String, among found: [Panorama], rover: String, sol: Int)
    -> String
  {
    let listed = found.map { pan in
      let tenths = Int((pan.azimuthCovered * 10).rounded())
      return "\(pan.sequence.id) (\(tenths / 10).\(tenths % 10) degrees)"
    }
    return "sol \(sol) of \(rover) has no panorama \(sequence)"
      + (listed.isEmpty ? "" : "; its panoramas: " + listed.joined(separator: ", "))
  }

  /// The panoramas of `photos`: the sequences whose frames point apart, of one site and
  /// drive (those of another are left out), with at least one frame with a model.
  public static func panoramas(in photos: [Photo]) throws -> [Panorama] {
    try SequenceFinder.sequences(in: photos).filter { $0.kind == .pan }.compactMap(survey)
  }

  /// A pan's coverage from its frames' models; `nil` when no frame has one.
  public static func survey(_ sequence: ObservationSequence) throws -> Panorama? {
    var frames: [(photo: Photo, model: CameraModel)] = []
    var withoutModel: [String] = []
    var elsewhere: [String] = []
    let places = sequence.framesOfItsSize.map { [$0.details.site, $0.details.drive] }
    // The site and drive most frames have, the first such among equals.
    let place = places.max { one, other in
      places.filter { $0 == one }.count < places.filter { $0 == other }.count
    }
    for photo in sequence.framesOfItsSize {
      guard [photo.details.site, photo.details.drive] == place else {
        elsewhere.append(photo.nasaID)
        continue
      }
      guard let parsed = model(of: photo) else {
        withoutModel.append(photo.nasaID)
        continue
      }
      let model = try parsed.get()
      frames.append((photo, model))
    }
    guard !frames.isEmpty else { return nil }
    var arcs: [ClosedRange<Double>] = []
    var low = 90.0
    var high = -90.0
    for (photo, model) in frames {
      guard let size = photo.details.capture.pixelSize else { continue }
      let outline = model.outline(width: size.width, height: size.height).map(\.direction)
      let pointings = outline.map(CameraModel.azimuthAndElevation)
      low = min(low, pointings.map(\.elevation).min() ?? low)
      high = max(high, pointings.map(\.elevation).max() ?? high)
      let sees = { (direction: Vector3) -> Bool in
        guard let pixel = model.pixel(ofDirection: direction) else { return false }
        return pixel.x >= -0.5 && pixel.y >= -0.5 && pixel.x <= Double(size.width) - 0.5
          && pixel.y <= Double(size.height) - 0.5
      }
      // A frame that holds the zenith or the nadir sees every azimuth.
      if sees(Vector3(0, 0, -1)) || sees(Vector3(0, 0, 1)) {
        arcs.append(-180...180)
        if sees(Vector3(0, 0, -1)) { high = 90 } else { low = -90 }
        continue
      }
      let centre = CameraModel.azimuthAndElevation(
        of: model.ray(x: Double(size.width - 1) / 2, y: Double(size.height - 1) / 2).direction)
      arcs.append(AzimuthArcs.arc(of: pointings.map(\.azimuth), around: centre.azimuth))
    }
    let (covered, span) = AzimuthArcs.union(arcs)
    return Panorama(
      sequence: sequence, frames: frames, withoutModel: withoutModel, elsewhere: elsewhere,
      azimuthCovered: covered, azimuths: span, elevations: min(low, high)...max(low, high))
  }
}
