import MarsData

/// One rover in `rovers latest --json`: its photos, or the error it met.
struct LatestEntry: Encodable {
  var outcome: RoverOutcome<LatestPhotos>
  /// Hides secrets in an error message.
  var scrub: (String) -> String

  enum CodingKeys: String, CodingKey {
    case rover, sol, photos, error
    case earthDate = "earth_date"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch outcome.result {
    case .success(let latest):
      try container.encode(latest.rover, forKey: .rover)
      try container.encode(latest.sol, forKey: .sol)
      try container.encode(latest.earthDate, forKey: .earthDate)
      try container.encode(latest.photos, forKey: .photos)
    case .failure(let error):
      try container.encode(outcome.rover, forKey: .rover)
      try container.encode(scrub(ErrorReport(error).message), forKey: .error)
    }
  }
}
