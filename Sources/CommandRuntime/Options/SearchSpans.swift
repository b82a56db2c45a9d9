import ArgumentParsing
import MarsCatalog
import RoverAPI

/// The ranges `rovers search` takes, `FROM..TO` with either end left open (`350..20`,
/// `100..`, `..50`) or one value: numbers within their bounds, times of day as `HH:MM`, Earth
/// days as `YYYY-MM-DD`. A window on a circle (an azimuth, a season, a time of day) may wrap:
/// its start after its end goes round through north, the year's start or midnight; any other
/// range whose start is after its end is refused.
package enum SearchSpans {
  package typealias Problem = Option<CatalogSearch.Span>.ValueProblem

  /// An option of numbers within `bounds`; of whole numbers only when `whole` (a sol, a site,
  /// a size), where `1.5` would find nothing without a word.
  package static func numbers(
    _ long: String, value: String, help: String, bounds: ClosedRange<Double>, wraps: Bool = false,
    whole: Bool = false
  ) -> Option<CatalogSearch.Span> {
    Option(long, value: value, help: help) { text in
      span(text, wraps: wraps) { word in
        guard let number = whole ? Int(word).map(Double.init) : Double(word), number.isFinite,
          bounds.contains(number)
        else {
          return .failure(
            Problem(
              reason: "give \(whole ? "whole " : "")numbers from \(shown(bounds.lowerBound)) to"
                + " \(shown(bounds.upperBound)), such as \(shown(bounds.lowerBound))..\(shown(bounds.upperBound))"
            ))
        }
        return .success(number)
      }
    }
  }

  /// An option of local Mars times of day, in seconds after midnight: `17:00..07:00` wraps,
  /// and each end is a whole minute (`..19:00` keeps 19:00:59).
  package static func clock(_ long: String, help: String) -> Option<CatalogSearch.Span> {
    Option(long, value: "hh:mm..hh:mm", help: help) { text in
      let parsed = span(text, wraps: true) { word in
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        // The hour as a person writes it (7:00) or as Mars24 prints it (07:00).
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
          parts.allSatisfy({ $0.allSatisfy(\.isNumber) }),
          let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
          (0..<60).contains(minute)
        else {
          return .failure(
            Problem(reason: "give times of day as HH:MM..HH:MM, such as 17:00..19:30"))
        }
        return .success(Double(hour * 3600 + minute * 60))
      }
      return parsed.map { span in
        CatalogSearch.Span(span.lower, span.upper.map { $0 + 59.999 })
      }
    }
  }

  /// An option of Earth days, `FROM..TO` with either end open: the first and last day, `nil`
  /// for an open end.
  package static func days(_ long: String, help: String) -> Option<[String?]> {
    Option(long, value: "from..to", help: help) { text in
      let (from, to) = ends(text)
      for word in [from, to].compactMap({ $0 }) where EarthDate(word) == nil {
        return .failure(.init(reason: "give days as YYYY-MM-DD..YYYY-MM-DD"))
      }
      if let from, let to, from > to {
        return .failure(.init(reason: "the first day is after the last"))
      }
      return .success([from, to])
    }
  }

  /// The span of `text`, each end read by `read`.
  private static func span(
    _ text: String, wraps: Bool, read: (String) -> Result<Double, Problem>
  ) -> Result<CatalogSearch.Span, Problem> {
    let (first, last) = ends(text)
    guard first != nil || last != nil else {
      return .failure(Problem(reason: "give FROM..TO, FROM.. or ..TO"))
    }
    var values: [Double?] = []
    for word in [first, last] {
      guard let word else {
        values.append(nil)
        continue
      }
      switch read(word) {
      case .success(let value): values.append(value)
      case .failure(let problem): return .failure(problem)
      }
    }
    let span = CatalogSearch.Span(values[0], values[1])
    if span.wraps, !wraps {
      return .failure(Problem(reason: "the start of the range is after its end"))
    }
    return .success(span)
  }

  /// The two ends of `FROM..TO` (`nil` for one left open), or one value as both.
  private static func ends(_ text: String) -> (String?, String?) {
    guard let mark = text.firstRange(of: "..") else { return (text, text) }
    let first = String(text[..<mark.lowerBound])
    let last = String(text[mark.upperBound...])
    return (first.isEmpty ? nil : first, last.isEmpty ? nil : last)
  }

  /// A bound as written: `360`, not `360.0`.
  private static func shown(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
