/// A rover and its mission status, as `GET rovers` and `GET rovers/{rover}` describe it.
public struct Rover: Decodable, Sendable, Hashable {
  /// The server's id for the rover.
  public var id: Int?
  /// The rover's name, such as `Curiosity`.
  public var name: String
  /// The landing day on Mars, `YYYY-MM-DD`.
  public var landingDate: String
  /// The launch day from Earth, `YYYY-MM-DD`.
  public var launchDate: String
  /// `active` or `complete`.
  public var status: String
  /// The last sol with photos.
  public var maxSol: Int
  /// The Earth day of the last sol with photos, `YYYY-MM-DD`.
  public var maxDate: String
  /// How many photos the rover has taken in all.
  public var totalPhotos: Int
  /// The rover's cameras; empty when the server leaves them out.
  public var cameras: [Camera]
  /// What the counts mean when they are not the API's (NASA's feeds count other things);
  /// `nil` from the API. Not part of the JSON.
  public var coverage: String?

  /// Creates a rover.
  public init(
    id: Int? = nil, name: String, landingDate: String, launchDate: String, status: String,
    maxSol: Int, maxDate: String, totalPhotos: Int, cameras: [Camera] = []
  ) {
    self.id = id
    self.name = name
    self.landingDate = landingDate
    self.launchDate = launchDate
    self.status = status
    self.maxSol = maxSol
    self.maxDate = maxDate
    self.totalPhotos = totalPhotos
    self.cameras = cameras
  }

  enum CodingKeys: String, CodingKey {
    case id, name, status, cameras
    case landingDate = "landing_date"
    case launchDate = "launch_date"
    case maxSol = "max_sol"
    case maxDate = "max_date"
    case totalPhotos = "total_photos"
  }

  /// Decodes a rover, accepting a missing camera list.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    landingDate = try container.decode(String.self, forKey: .landingDate)
    launchDate = try container.decode(String.self, forKey: .launchDate)
    status = try container.decode(String.self, forKey: .status)
    maxSol = try container.decode(Int.self, forKey: .maxSol)
    maxDate = try container.decode(String.self, forKey: .maxDate)
    totalPhotos = try container.decode(Int.self, forKey: .totalPhotos)
    cameras = try container.decodeIfPresent([Camera].self, forKey: .cameras) ?? []
  }
}
