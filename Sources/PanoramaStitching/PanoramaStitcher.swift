import CameraGeometry
import Dispatch
import SystemInterface

/// Makes a panorama from frames by their camera models alone (CAMERA.md, as JPL's `marsmap`
/// does): each pixel of an equirectangular grid is a direction from one viewpoint, the mean of
/// the frames' camera centres; below the rover's horizon it meets the ground (the rover
/// frame's z = 0), above it goes to infinity; that point is projected into every frame that
/// sees it and sampled bilinearly. Mapped backwards there are no cracks, and the ground does
/// not tear where the mast's swing moves the cameras between frames.
///
/// Where frames overlap, each one's weight falls to zero at its edges (as the cube of its
/// distance to the nearest edge, so the frame whose middle is nearer wins, with a smooth
/// change), and each frame's gain is matched to its neighbours' from the overlaps.
public struct PanoramaStitcher: Sendable {
  /// The frames.
  public let frames: [PanoramaFrame]
  /// From the rover frame to the panorama's: the identity, or a turn to the level or north.
  public let rotation: Rotation
  /// Where every direction starts: the mean of the frames' camera centres (rover frame).
  public let viewpoint: Vector3
  /// The grid.
  public let grid: PanoramaGrid
  /// 1 when every frame is grey, else 3.
  public let channels: Int
  /// How many grid pixels apart the frame coordinates are computed exactly; between, they are
  /// interpolated (CAMERA.md: a third of the cost, at thousandths of a pixel). About 16 frame
  /// pixels whatever the scale: 16 grid pixels at `--scale 1`, 4 at 0.25.
  let nodeSpacing: Int
  /// Each frame's part of the grid: its first column (the columns wrap round a ring), how many,
  /// and its rows.
  let reach: [(firstColumn: Int, columns: Int, rows: Range<Int>)]

  /// Grid pixels the work is given to at most: 200 megapixels.
  public static let largestGrid = 200_000_000

  /// Why a panorama cannot be made from the frames.
  public struct Unmakeable: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public var description: String
  }

  /// The stitcher of `frames` (grey or colour, not mixed), turned by `rotation`, on a grid of
  /// one pixel per frame pixel at the first frame's centre, times `scale`.
  public init(frames: [PanoramaFrame], rotation: Rotation = .identity, scale: Double = 1) throws {
    guard let first = frames.first else { throw Unmakeable(description: "no frame to stitch") }
    self.frames = frames
    self.rotation = rotation
    nodeSpacing = max(2, min(16, Int((16 * scale).rounded())))
    let channels = frames.allSatisfy { $0.channels == 1 } ? 1 : 3
    self.channels = channels
    guard frames.allSatisfy({ $0.channels == channels }) else {
      throw Unmakeable(description: "its frames are grey and colour mixed")
    }
    let centres = frames.map(\.model.c)
    let viewpoint = centres.dropFirst().reduce(centres[0], +) * (1 / Double(centres.count))
    self.viewpoint = viewpoint
    // One grid pixel per frame pixel at the first frame's centre.
    let (cx, cy) = (Double(first.width - 1) / 2, Double(first.height - 1) / 2)
    let one = first.model.ray(x: cx, y: cy).direction
    let next = first.model.ray(x: cx + 1, y: cy).direction
    let pixel = Math.acos(max(-1, min(1, one.dot(next)))) * 180 / .pi / max(scale, 1e-6)
    // What each frame covers, in the panorama's frame.
    var arcs: [ClosedRange<Double>] = []
    var elevations: [ClosedRange<Double>] = []
    let place = Self.place(rotation: rotation, viewpoint: viewpoint)
    let mapping = Self.mapping(rotation: rotation, viewpoint: viewpoint)
    for frame in frames {
      let model = frame.model
      let pointings = model.outline(width: frame.width, height: frame.height, perEdge: 16)
        .map { CameraModel.azimuthAndElevation(of: place($0.origin, $0.direction)) }
      var low = pointings.map(\.elevation).min() ?? 0
      var high = pointings.map(\.elevation).max() ?? 0
      let sees = { (direction: Vector3) -> Bool in
        guard let at = mapping(model, direction) else { return false }
        return at.x >= 0 && at.y >= 0 && at.x <= Double(frame.width - 1)
          && at.y <= Double(frame.height - 1)
      }
      if sees(Vector3(0, 0, -1)) || sees(Vector3(0, 0, 1)) {
        if sees(Vector3(0, 0, -1)) { high = 90 } else { low = -90 }
        arcs.append(-180...180)
      } else {
        let middle = model.ray(x: Double(frame.width - 1) / 2, y: Double(frame.height - 1) / 2)
        let centre = CameraModel.azimuthAndElevation(of: place(middle.origin, middle.direction))
        arcs.append(AzimuthArcs.arc(of: pointings.map(\.azimuth), around: centre.azimuth))
      }
      elevations.append(low...high)
    }
    let (covered, span) = AzimuthArcs.union(arcs)
    let top = min(90, elevations.map(\.upperBound).max() ?? 0)
    let bottom = max(-90, elevations.map(\.lowerBound).min() ?? 0)
    let ring = covered >= 360 - pixel
    let width = max(1, Int(((ring ? 360 : span.upperBound - span.lowerBound) / pixel).rounded(.up)))
    let step = ring ? 360 / Double(width) : pixel
    let height = max(1, Int(((top - bottom) / step).rounded(.up)))
    guard width * height <= Self.largestGrid, width <= 65_535, height <= 65_535 else {
      throw Unmakeable(
        description: "it would be \(width)x\(height) pixels, more than this tool makes:"
          + " a smaller --scale makes it smaller")
    }
    let left = ring ? -180 : span.lowerBound
    grid = PanoramaGrid(
      firstAzimuth: left + step / 2, firstElevation: top - step / 2, degreesPerPixel: step,
      width: width, height: height)
    reach = zip(arcs, elevations).map { arc, elevation in
      let rows =
        max(
          0, Int(((top - elevation.upperBound) / step).rounded(.down)) - 2)..<min(
          height, Int(((top - elevation.lowerBound) / step).rounded(.up)) + 2)
      guard arc.upperBound - arc.lowerBound < 360 - 4 * step else {
        return (0, width, rows)
      }
      // The arc's start, turned by whole circles to lie at or after the grid's left edge.
      var start = arc.lowerBound
      while start < left - step { start += 360 }
      while start >= left + 360 - step { start -= 360 }
      var firstColumn = Int(((start - left) / step).rounded(.down)) - 2
      var columns = Int(((arc.upperBound - arc.lowerBound) / step).rounded(.up)) + 5
      if ring {
        firstColumn = (firstColumn % width + width) % width
        return (firstColumn, min(columns, width), rows)
      }
      if firstColumn < 0 {
        columns += firstColumn
        firstColumn = 0
      }
      return (firstColumn, max(0, min(columns, width - firstColumn)), rows)
    }
  }

  /// The turn from the rover frame to a panorama's, from the rover's `attitude` (rover frame
  /// to the local level one): its tilt taken away for `level` (azimuth 0 stays ahead of the
  /// rover), its heading for `north` (azimuth 0 north), both for both.
  public static func turn(by attitude: Rotation, level: Bool, north: Bool) -> Rotation {
    switch (level, north) {
    case (true, true): attitude
    case (true, false): Rotation.aboutVertical(-attitude.heading).after(attitude)
    case (false, true): Rotation.aboutVertical(attitude.heading)
    case (false, false): .identity
    }
  }

  /// The direction in the panorama's frame that a frame's ray (from `origin`, along
  /// `direction`) shows: where it meets the ground seen from the viewpoint, or the direction
  /// itself above the horizon.
  static func place(rotation: Rotation, viewpoint: Vector3) -> (Vector3, Vector3) -> Vector3 {
    { origin, direction in
      guard direction.z > 1e-9, origin.z < 0 else { return rotation.apply(direction) }
      let ground = origin + direction * (-origin.z / direction.z)
      return rotation.apply(ground - viewpoint)
    }
  }

  /// Where a direction of the panorama's frame falls in a frame with `model`: the ground's
  /// point below the horizon, the direction at infinity above; `nil` where it does not see.
  static func mapping(rotation: Rotation, viewpoint: Vector3)
    -> @Sendable (
      CameraModel, Vector3
    ) -> (x: Double, y: Double)?
  {
    let back = rotation.inverse
    return { model, direction in
      let rover = back.apply(direction)
      guard rover.z > 1e-9, viewpoint.z < 0 else { return model.pixel(ofDirection: rover) }
      return model.pixel(of: viewpoint + rover * (-viewpoint.z / rover.z))
    }
  }
}
