import MarsFetching
import PlainText

/// One rover in `rovers latest --json`: its photos, or the error it met.
package struct LatestEntry: JSONPrintable {
  package var outcome: RoverOutcome<LatestPhotos>
  /// Hides secrets in an error message.
  package var scrub: (String) -> String

  package func write(to json: inout JSONWriter) {
    json.object { json in
      switch outcome.result {
      case .success(let latest):
        json.member("earth_date", latest.earthDate)
        // Only with --camera, and only for a rover that never had one of them.
        if !latest.missingCameras.isEmpty {
          json.member("missing_cameras", strings: latest.missingCameras)
        }
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

  /// A value of each member.
  package init(outcome: RoverOutcome<LatestPhotos>, scrub: @escaping (String) -> String) {
    self.outcome = outcome
    self.scrub = scrub
  }
}
