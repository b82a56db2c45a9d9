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
  /// Degrees of azimuth the frames cover, up to 360.
  public var azimuthCovered: Double
  /// Where the covered azimuths start and end, clockwise (degrees, -180 to 540): the whole
  /// circle from -180 for a full ring.
  public var azimuths: ClosedRange<Double>
  /// The elevations the frames cover, degrees.
  public var elevations: ClosedRange<Double>

  /// The tier of its coverage.
  public var tier: Tier { Tier(degrees: azimuthCovered) }
}

/// Finds a sol's panoramas among its photos and measures them.
public enum PanoramaFinder {
  /// A frame whose model does not parse: the run cannot say what it covers (65).
  public static func badModel(_ photo: Photo) -> ImageFileError {
    ImageFileError(name: photo.nasaID, reason: "its camera model does not parse")
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
    for photo in sequence.framesOfItsSize {
      let capture = photo.details.capture
      guard let type = capture.cameraModelType, type.uppercased() != "UNK",
        let components = capture.cameraModelComponents
      else {
        withoutModel.append(photo.nasaID)
        continue
      }
      guard let model = CameraModel(type: type, components: components) else {
        throw badModel(photo)
      }
      frames.append((photo, model))
    }
    guard !frames.isEmpty else { return nil }
    var arcs: [ClosedRange<Double>] = []
    var low = 90.0
    var high = -90.0
    for (photo, model) in frames {
      guard let size = photo.details.capture.pixelSize else { continue }
      let outline = outlineDirections(model, size.width, size.height)
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
      // Each outline azimuth as an offset from the centre's, -180 to 180.
      let offsets = pointings.map { pointing in
        let offset = (pointing.azimuth - centre.azimuth).truncatingRemainder(dividingBy: 360)
        return offset > 180 ? offset - 360 : offset < -180 ? offset + 360 : offset
      }
      arcs.append((centre.azimuth + (offsets.min() ?? 0))...(centre.azimuth + (offsets.max() ?? 0)))
    }
    let (covered, span) = union(arcs)
    return Panorama(
      sequence: sequence, frames: frames, withoutModel: withoutModel, azimuthCovered: covered,
      azimuths: span, elevations: min(low, high)...max(low, high))
  }

  /// Directions along a frame's outline, 8 to an edge.
  static func outlineDirections(_ model: CameraModel, _ width: Int, _ height: Int) -> [Vector3] {
    let (right, bottom) = (Double(width) - 0.5, Double(height) - 0.5)
    var points: [(Double, Double)] = []
    for step in 0..<8 {
      let along = Double(step) / 8
      points += [
        (-0.5 + along * (right + 0.5), -0.5), (right, -0.5 + along * (bottom + 0.5)),
        (right - along * (right + 0.5), bottom), (-0.5, bottom - along * (bottom + 0.5)),
      ]
    }
    return points.map { model.ray(x: $0.0, y: $0.1).direction }
  }

  /// The degrees a set of arcs of the circle covers, and the covered stretch from the end of
  /// the widest gap round to its start.
  static func union(_ arcs: [ClosedRange<Double>]) -> (Double, ClosedRange<Double>) {
    // Each arc from 0 ..< 360, cut in two where it passes 360.
    var pieces: [(Double, Double)] = []
    for arc in arcs {
      if arc.upperBound - arc.lowerBound >= 360 { return (360, -180...180) }
      let start = arc.lowerBound - 360 * (arc.lowerBound / 360).rounded(.down)
      let end = start + arc.upperBound - arc.lowerBound
      if end > 360 {
        pieces += [(start, 360), (0, end - 360)]
      } else {
        pieces.append((start, end))
      }
    }
    pieces.sort { $0.0 < $1.0 }
    var merged: [(Double, Double)] = []
    for piece in pieces {
      if let last = merged.last, piece.0 <= last.1 {
        merged[merged.count - 1].1 = max(last.1, piece.1)
      } else {
        merged.append(piece)
      }
    }
    let covered = merged.reduce(0) { $0 + $1.1 - $1.0 }
    guard let first = merged.first, let last = merged.last, covered < 360 - 1e-9 else {
      return (360, -180...180)
    }
    // The gaps between pieces, the last one round through 360.
    var widest = (start: last.1, end: first.0 + 360)
    for (one, next) in zip(merged, merged.dropFirst())
    where next.0 - one.1 > widest.end - widest.start {
      widest = (one.1, next.0)
    }
    var from = widest.end
    if from >= 360 { from -= 360 }
    if from > 180 { from -= 360 }
    return (covered, from...(from + 360 - (widest.end - widest.start)))
  }
}
