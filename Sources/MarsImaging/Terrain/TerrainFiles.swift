import CameraGeometry
import RasterImages
import StereoMatching

/// The files of a pair's terrain, each on the left frame's own pixel grid: the range map (a
/// 16-bit PNG in millimetres, 0 for none), the points (a PLY, coloured from the left frame)
/// and the mesh (a glTF binary over the grid, textured with the left frame, cut where
/// neighbours jump in range); and what they hold, for `--json`.
package struct TerrainFiles: Sendable {
  /// What the terrain holds.
  package struct Summary: Sendable {
    package var points: Int
    /// The share of the left frame's pixels with a point.
    package var coverage: Double
    /// The ranges' least, median and greatest, metres; `nil` without a point.
    package var range: (min: Double, median: Double, max: Double)?
    /// The median distance the two rays of a point missed each other by, metres.
    package var medianMiss: Double?

    /// What `terrain` holds.
    package init(_ terrain: StereoTerrain) {
      let statistics = terrain.statistics()
      (points, coverage, range, medianMiss) = (
        statistics.points, terrain.coverage, statistics.range, statistics.medianMiss
      )
    }
  }

  package var range: [UInt8]
  package var points: [UInt8]
  package var mesh: [UInt8]

  /// The mesh's vertices are every this many pixels of the left frame, so that a mesh has no
  /// more than about 65 thousand of them (a 1024 × 1024 frame: every 4th); the PLY has every
  /// pixel's point.
  static func meshStep(width: Int, height: Int) -> Int {
    var step = 1
    while (width / step) * (height / step) > 66_000 { step += 1 }
    return step
  }

  /// Neighbouring vertices whose ranges differ by more than this share of the nearer, per
  /// pixel between them, are not joined: an edge in depth (a rock before the ground behind).
  static let jumpPerPixel = 0.025

  /// The files of `terrain` (its ranges made `millimetres`), its left frame `image` (the size
  /// of the terrain's grid), its points written in `frame` through `transform`, the PLY's
  /// header naming `source`.
  package init(
    terrain: StereoTerrain, millimetres: [UInt16], image: RasterImage, frame: TerrainFrame,
    transform: (Vector3) -> Vector3, source: String
  ) throws {
    range = PNGEncoder.encode(grey16: millimetres, width: terrain.width, height: terrain.height)
    points =
      PLYWriter.file(
        positions: terrain.positions(through: transform),
        colours: image.colours(at: terrain.found),
        comments: [
          "made by rovers terrain from \(source)", "frame \(frame.rawValue), metres",
        ]) ?? []
    mesh = GLBWriter.file(try Self.mesh(terrain, image: image, frame: frame, transform: transform))
  }

  /// The mesh: a vertex every ``meshStep(width:height:)`` pixels where there is a point, two
  /// triangles a cell of four, each kept when its corners all have points and no two of them
  /// jump in range.
  static func mesh(
    _ terrain: StereoTerrain, image: RasterImage, frame: TerrainFrame,
    transform: (Vector3) -> Vector3
  ) throws -> GLBWriter.Mesh {
    let (width, height) = (terrain.width, terrain.height)
    let step = meshStep(width: width, height: height)
    let (columns, rows) = ((width - 1) / step + 1, (height - 1) / step + 1)
    var vertexOf = [Int32](repeating: -1, count: columns * rows)
    var positions: [Float] = []
    var coordinates: [Float] = []
    var ranges: [Double] = []
    for row in 0..<rows {
      for column in 0..<columns {
        let (u, v) = (column * step, row * step)
        guard let point = terrain.points[v * width + u] else { continue }
        vertexOf[row * columns + column] = Int32(ranges.count)
        let (x, y, z) = frame.glTF(transform(point.position))
        positions += [x, y, z]
        // The pixel's centre on the texture, whose top left corner is (0, 0).
        coordinates += [
          Float((Double(u) + 0.5) / Double(width)), Float((Double(v) + 0.5) / Double(height)),
        ]
        ranges.append(point.range)
      }
    }
    let limit = 1 + jumpPerPixel * Double(step)
    var triangles: [UInt32] = []
    func join(_ corners: [Int32]) {
      guard corners.allSatisfy({ $0 >= 0 }) else { return }
      let spans = corners.map { ranges[Int($0)] }
      guard let low = spans.min(), let high = spans.max(), high <= low * limit else { return }
      triangles += corners.map { UInt32($0) }
    }
    for row in 0..<(rows - 1) {
      for column in 0..<(columns - 1) {
        let at = row * columns + column
        let (topLeft, topRight) = (vertexOf[at], vertexOf[at + 1])
        let (bottomLeft, bottomRight) = (vertexOf[at + columns], vertexOf[at + columns + 1])
        // Counter-clockwise as seen from the camera, glTF's front.
        join([topLeft, bottomLeft, topRight])
        join([topRight, bottomLeft, bottomRight])
      }
    }
    return GLBWriter.Mesh(
      positions: positions, textureCoordinates: coordinates, triangles: triangles,
      textureJPEG: try JPEGEncoder.encode(image))
  }
}
