import MarsData

/// One rover in `rovers latest --json`: its photos, or the error it met.
struct LatestEntry: JSONPrintable {
  var outcome: RoverOutcome<LatestPhotos>
  /// Hides secrets in an error message.
  var scrub: (String) -> String

  func write(to json: inout JSONWriter) {
    json.object { json in
      switch outcome.result {
      case .success(let latest):
        json.member("earth_date", latest.earthDate)
        json.key("photos")
        latest.photos.write(to: &json)
        json.member("rover", latest.rover)
        json.member("sol", latest.sol)
      case .failure(let error):
        json.member("error", scrub(ErrorReport(error).message))
        json.member("rover", outcome.rover)
      }
    }
  }
}
