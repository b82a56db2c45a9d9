/// A camera on a rover, as listed on the rover or attached to a photo.
///
/// Camera names are open strings: servers may return NASA instrument names such as
/// `NAV_LEFT_B` besides the classic `FHAZ` or `NAVCAM`.
public struct Camera: Decodable, Sendable, Hashable {
  /// The server's id for the camera; absent in a rover's camera list on the original server.
  public var id: Int?
  /// The short name used in queries, such as `FHAZ`.
  public var name: String
  /// The id of the rover that carries it; absent on Mars Vista.
  public var roverID: Int?
  /// The camera's long name, such as `Front Hazard Avoidance Camera`.
  public var fullName: String?

  /// Creates a camera.
  public init(id: Int? = nil, name: String, roverID: Int? = nil, fullName: String? = nil) {
    self.id = id
    self.name = name
    self.roverID = roverID
    self.fullName = fullName
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case roverID = "rover_id"
    case fullName = "full_name"
  }

}
