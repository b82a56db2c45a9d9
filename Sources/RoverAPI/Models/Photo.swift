/// One raw image taken by a rover.
public struct Photo: Codable, Sendable, Hashable, Identifiable {
  /// The server's id for the photo.
  public var id: Int
  /// The Martian day it was taken on, counted from landing.
  public var sol: Int
  /// The Earth day it was taken on, `YYYY-MM-DD`.
  public var earthDate: String
  /// The image's address; may be plain `http://`.
  public var imgSrc: String
  /// The camera that took it.
  public var camera: Camera
  /// The rover that took it.
  public var rover: RoverReference

  /// Creates a photo.
  public init(
    id: Int, sol: Int, earthDate: String, imgSrc: String, camera: Camera, rover: RoverReference
  ) {
    self.id = id
    self.sol = sol
    self.earthDate = earthDate
    self.imgSrc = imgSrc
    self.camera = camera
    self.rover = rover
  }

  enum CodingKeys: String, CodingKey {
    case id, sol, camera, rover
    case earthDate = "earth_date"
    case imgSrc = "img_src"
  }
}
