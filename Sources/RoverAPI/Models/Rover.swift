/// A rover and its mission status, as `GET rovers` and `GET rovers/{rover}` describe it. The
/// mission's fields are its ``MissionSummary``'s, read through it: `rover.name`, `rover.maxSol`.
@dynamicMemberLookup
public struct Rover: Decodable, Sendable, Hashable {
  /// The server's id for the rover.
  public var id: Int?
  /// The mission's name, dates, status and counts.
  public var mission: MissionSummary
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
    mission = MissionSummary(
      name: name, landingDate: landingDate, launchDate: launchDate, status: status,
      maxSol: maxSol, maxDate: maxDate, totalPhotos: totalPhotos)
    self.cameras = cameras
  }

  /// A field of the mission: `rover.name`, `rover.maxSol`.
  public subscript<Value>(dynamicMember field: WritableKeyPath<MissionSummary, Value>) -> Value {
    get { mission[keyPath: field] }
    set { mission[keyPath: field] = newValue }
  }

  enum CodingKeys: String, CodingKey {
    case id, cameras
  }

  /// Decodes a rover, accepting a missing camera list.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(Int.self, forKey: .id)
    mission = try MissionSummary(from: decoder)
    cameras = try container.decodeIfPresent([Camera].self, forKey: .cameras) ?? []
  }
}
