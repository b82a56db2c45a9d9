import CameraGeometry
import MarsImaging
import RoverAPI
import Testing

/// The frames `terrain --frame` writes points in, on a real model (Curiosity sol 86's left
/// Navcam of NCAM00207) and its record's attitude and position.
@Suite struct TerrainFrameTests {
  static func left() throws -> (model: CameraModel, capture: PhotoCapture) {
    let photos = try StereoGeometryTests.photos("msl_sol86_items_16.json", rover: "curiosity")
    let photo = try #require(
      photos.first { $0.nasaID == "NLA_405127598EDR_F0050104NCAM00207M_" })
    return (try #require(StereoGeometryTests.model(photo)), photo.details.capture)
  }

  @Test func theCameraFrameHasItsPupilAtTheOriginAndLooksAlongZ() throws {
    let (model, capture) = try Self.left()
    let toCamera = try TerrainFrame.camera.transform(model: model, capture: capture)
    let origin = toCamera(model.c)
    #expect(origin.length < 1e-12)
    let ahead = toCamera(model.c + model.a.unit * 3)
    #expect(abs(ahead.z - 3) < 1e-9 && abs(ahead.x) < 1e-9 && abs(ahead.y) < 1e-9, "\(ahead)")
    // +X along the rows, +Y down the columns: a point right of and below the centre.
    let centre = model.ray(x: 511.5, y: 511.5)
    let corner = model.ray(x: 900, y: 900)
    let seen = toCamera(corner.origin + corner.direction * 5)
    let middle = toCamera(centre.origin + centre.direction * 5)
    #expect(seen.x > middle.x && seen.y > middle.y)
  }

  @Test func theSiteFrameTurnsByTheAttitudeAndMovesByThePosition() throws {
    let (model, capture) = try Self.left()
    let toSite = try TerrainFrame.site.transform(model: model, capture: capture)
    let attitude = try #require(capture.attitude.flatMap(Rotation.init(quaternion:)))
    let place = try #require(capture.xyz.flatMap(Vector3.init))
    // The rover's origin is its position in the site; a metre forward is the heading's way.
    #expect((toSite(Vector3(0, 0, 0)) - place).length < 1e-12)
    let forward = toSite(Vector3(1, 0, 0)) - place
    #expect((forward - attitude.apply(Vector3(1, 0, 0))).length < 1e-12)
    #expect(abs(forward.length - 1) < 1e-9)
    // A record without an attitude cannot be put in the site frame.
    var bare = capture
    bare.attitude = nil
    #expect(throws: TerrainFrame.Unavailable.self) {
      _ = try TerrainFrame.site.transform(model: model, capture: bare)
    }
  }

  @Test func glTFsAxesAreATurnWithUpAsPlusY() {
    for frame in TerrainFrame.allCases {
      let columns = [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)].map { axis in
        let (x, y, z) = frame.glTF(axis)
        return Vector3(Double(x), Double(y), Double(z))
      }
      // A rotation: its determinant is +1, so nothing is mirrored.
      #expect(abs(columns[0].cross(columns[1]).dot(columns[2]) - 1) < 1e-12, "\(frame)")
    }
    // Up is -Z in the rover's and the site's frames, -Y in the camera's.
    #expect(TerrainFrame.rover.glTF(Vector3(0, 0, -1)) == (0, 1, 0))
    #expect(TerrainFrame.camera.glTF(Vector3(0, -1, 0)) == (0, 1, 0))
  }
}
