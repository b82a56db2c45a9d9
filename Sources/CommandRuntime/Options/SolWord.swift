import ArgumentParsing
import MarsTime
import SystemInterface

/// A sol as `--sol` and `--from-sol` take it: a number, or one counted back from the
/// mission's today by its own clock (`today`, `yesterday`, `today-3`), so that a nightly cron
/// line needs no date arithmetic.
package enum SolWord: Sendable, Equatable {
  case number(Int)
  /// This many sols before today.
  case beforeToday(Int)

  /// A sol as a number alone, as every sol option took it before the words.
  private static let number = Option.integer(
    "sol", value: "sol", help: "", in: 0...Int.max, reason: "a sol is a whole number, 0 or more")

  /// The word as written: a number as ``number`` reads it, or one of the words.
  package static func parse(_ text: String) -> Result<SolWord, Option<SolWord>.ValueProblem> {
    let word = text.lowercased()
    if word == "today" { return .success(.beforeToday(0)) }
    if word == "yesterday" { return .success(.beforeToday(1)) }
    if word.hasPrefix("today-"), let back = Int(word.dropFirst(6)), back >= 0,
      word.dropFirst(6).allSatisfy(\.isNumber)
    {
      return .success(.beforeToday(back))
    }
    return number.parse(text).map(SolWord.number).mapError { .init(reason: $0.reason) }
  }

  /// The sol: the number, or today's by `rover`'s clock less the sols back. A usage error (64)
  /// without exactly one rover, for a rover no clock has, and for an ended mission, which has
  /// no today.
  package func sol(of rover: String?, option: String, spec: CommandSpec) throws -> Int {
    let back: Int
    switch self {
    case .number(let number): return number
    case .beforeToday(let sols): back = sols
    }
    let word = back == 0 ? "today" : back == 1 ? "yesterday" : "today-\(back)"
    guard let rover else {
      throw UsageError(
        message: "'--\(option) \(word)' is of one rover; give one <rover>", command: spec)
    }
    let clock = try Self.clock(of: rover, spec: spec, saying: " for the missions' clocks")
    if let last = clock.lastSol {
      throw UsageError(
        message: "\(clock.name)'s mission has ended: it has no \(word); its last sol was \(last)"
          + " (give '--\(option) \(max(clock.firstSol, last - back))')", command: spec)
    }
    let sol = clock.sol(atSecondsSince1970: POSIX.secondsSince1970Now()) - back
    guard sol >= clock.firstSol else {
      throw UsageError(
        message: "'--\(option) \(word)' is before \(clock.name)'s first sol", command: spec)
    }
    return sol
  }

  /// The sols `--from-sol` to `--to-sol` name, both required but the end, which is today by
  /// the mission's clock, or an ended mission's last sol. A usage error (64) without a start,
  /// or with a start after the end.
  package static func range(
    from first: SolWord?, to last: Int?, of rover: String, spec: CommandSpec
  )
    throws -> ClosedRange<Int>
  {
    guard let first else {
      throw UsageError(message: "Missing expected argument '--from-sol <sol>'", command: spec)
    }
    let start = try first.sol(of: rover, option: "from-sol", spec: spec)
    let clock = try clock(of: rover, spec: spec)
    let end =
      try last ?? clock.lastSol
      ?? SolWord.beforeToday(0).sol(of: rover, option: "to-sol", spec: spec)
    guard start <= end else {
      throw UsageError(
        message: "'--from-sol' (\(start)) is after '--to-sol' (\(end))", command: spec)
    }
    return start...end
  }

  /// The clock of the mission `rover` names; a usage error (64) with the names it could be,
  /// `saying` what was asked of it, when none has that name.
  package static func clock(of rover: String, spec: CommandSpec, saying: String = "") throws
    -> MissionClock
  {
    guard let clock = MissionClock.named(rover) else {
      let names = MissionClock.all.map { $0.name.lowercased() }
      throw UsageError(
        message:
          "Unknown rover '\(rover)'\(saying).\(Suggestion.hint(for: rover.lowercased(), in: names))"
          + " Known rovers: \(names.joined(separator: ", ")).", command: spec)
    }
    return clock
  }
}
