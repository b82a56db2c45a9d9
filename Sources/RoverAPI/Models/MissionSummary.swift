import PlainText

/// A mission's summary, as the API gives it with a rover (`GET rovers`) and with its manifest
/// (`GET manifests/{rover}`): the one type of these fields, which ``Rover`` and
/// ``PhotoManifest`` each hold and read through (`rover.maxSol`).
public struct MissionSummary: Codable, Sendable, Hashable {
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

  /// A summary of these values.
  public init(
    name: String, landingDate: String, launchDate: String, status: String, maxSol: Int,
    maxDate: String, totalPhotos: Int
  ) {
    self.name = name
    self.landingDate = landingDate
    self.launchDate = launchDate
    self.status = status
    self.maxSol = maxSol
    self.maxDate = maxDate
    self.totalPhotos = totalPhotos
  }

  /// The JSON names, as the API writes them beside a rover's or a manifest's own.
  enum CodingKeys: String, CodingKey {
    case name, status
    case landingDate = "landing_date"
    case launchDate = "launch_date"
    case maxSol = "max_sol"
    case maxDate = "max_date"
    case totalPhotos = "total_photos"
  }

  /// How a member is written to printed JSON.
  public typealias MemberWriter<Owner> = @Sendable (Owner, inout JSONWriter) -> Void

  /// The summary's members as JSON writes them, each read from an `owner` that holds a
  /// summary, with the owner's `own` members, all in the order of their names.
  public static func members<Owner>(
    of summary: @escaping @Sendable (Owner) -> MissionSummary,
    with own: [(name: String, write: MemberWriter<Owner>)]
  ) -> [(name: String, write: MemberWriter<Owner>)] {
    let mine: [(name: String, write: MemberWriter<Owner>)] = [
      ("landing_date", { owner, json in json.member("landing_date", summary(owner).landingDate) }),
      ("launch_date", { owner, json in json.member("launch_date", summary(owner).launchDate) }),
      ("max_date", { owner, json in json.member("max_date", summary(owner).maxDate) }),
      ("max_sol", { owner, json in json.member("max_sol", summary(owner).maxSol) }),
      ("name", { owner, json in json.member("name", summary(owner).name) }),
      ("status", { owner, json in json.member("status", summary(owner).status) }),
      ("total_photos", { owner, json in json.member("total_photos", summary(owner).totalPhotos) }),
    ]
    return (mine + own).sorted { $0.name < $1.name }
  }
}
