import MarsFetching
import MarsMirror
import PlainText

/// The one line `verify` and `sync --verify` end with: what was checked and what was found.
package struct VerifySummary {
  package var report: MirrorReport

  package init(_ report: MirrorReport) { self.report = report }

  /// `verify: 3 sols, 120 photos: the folder is whole` or `…: 2 missing, 1 damaged`.
  package var line: String {
    let checked =
      "verify: \(report.sols) sol\(report.sols == 1 ? "" : "s"), \(report.photos) photo"
      + (report.photos == 1 ? "" : "s")
    guard !report.isWhole else { return checked + ": the folder is whole" }
    let counts = MirrorFinding.Problem.allCases.compactMap { problem -> String? in
      let count = report.findings.filter { $0.problem == problem }.count
      guard count > 0 else { return nil }
      return "\(count) \(problem.rawValue.replacing("_", with: " "))"
    }
    return checked + ": " + counts.joined(separator: ", ")
  }
}

extension MirrorFinding: JSONPrintable {
  /// `{"detail", "file", "nasa_id", "problem", "rover", "sol"}`, `null` where unknown.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("detail", detail)
      json.member("file", file)
      json.member("nasa_id", nasaID)
      json.member("problem", problem.rawValue)
      json.member("rover", rover)
      json.member("sol", sol)
    }
  }
}
