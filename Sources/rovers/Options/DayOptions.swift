import ArgumentParsing
import CommandRuntime
import MarsFetching
import RoverAPI

/// `--sol N`, `--earth-date YYYY-MM-DD` and, where allowed, `--latest`: exactly one of them.
enum DayOptions {
  static let solOption = Option<SolWord>(
    "sol", value: "sol",
    help: "The Martian day: a number (0 and up), or today, yesterday, today-N by its clock.",
    completion: .values(["today", "yesterday"]), parse: SolWord.parse)
  static let earthDateOption = Option<EarthDate>(
    "earth-date", value: "date", help: "The Earth day (UTC), as YYYY-MM-DD: the sols it overlaps.",
    parse: earthDate)
  static let latestFlag = Flag("latest", help: "The rover's most recent sol.")
  static let fromSolOption = Option<SolWord>(
    "from-sol", value: "sol",
    help: "The first sol of a range (0 and up, or yesterday and the like).",
    completion: .values(["today", "yesterday"]), parse: SolWord.parse)
  static let toSolOption = Option.integer(
    "to-sol", value: "sol", help: "The last sol of the range. (default: the rover's last)",
    in: 0...Int.max, reason: "a sol is a whole number, 0 or more")
  static let fromDateOption = Option<EarthDate>(
    "from-date", value: "date", help: "The first Earth day of a range, as YYYY-MM-DD.",
    parse: earthDate)
  static let toDateOption = Option<EarthDate>(
    "to-date", value: "date", help: "The last Earth day of the range. (default: the last)",
    parse: earthDate)
  static var sol: OptionSpec { solOption.spec }
  static var earthDate: OptionSpec { earthDateOption.spec }
  static var latest: OptionSpec { latestFlag.spec }
  /// The end of a date range without `--to-date`: every day there is.
  static let lastDay = EarthDate("9999-12-31")!

  /// The options of a range: `--from-sol` to `--to-sol`, `--from-date` to `--to-date`.
  static var range: [OptionSpec] {
    [fromSolOption.spec, toSolOption.spec, fromDateOption.spec, toDateOption.spec]
  }
  /// The options of which one names the day (a range starts with its first; a range of Earth
  /// days, as rare, is left to its own brackets so the usage line fits).
  static let oneOf = ["sol", "earth-date", "latest", "from-sol"]

  private static func earthDate(_ text: String) -> Result<EarthDate, Option<EarthDate>.ValueProblem>
  {
    EarthDate(text).map { .success($0) }
      ?? .failure(.init(reason: "give a real date as YYYY-MM-DD"))
  }

  /// The day the arguments name, or `fallback` when they name none; a usage error when they
  /// name none and there is no fallback, two, or a bad one. Earth days are asked as the sols
  /// they overlap by the mission's clock (``EarthDays``) unless `bySols` is false.
  static func parse(
    _ arguments: ParsedArguments, rover: String, allowLatest: Bool = false,
    orElse fallback: PhotoQuery.Day? = nil, bySols: Bool = true
  ) throws -> PhotoQuery.Day {
    let spec = arguments.spec
    let sol = try self.sol(arguments, rover: rover)
    let date = try arguments[earthDateOption]
    let latest = allowLatest && arguments[latestFlag]
    let firstSol = try arguments[fromSolOption].map {
      try $0.sol(of: rover, option: fromSolOption.spec.long, spec: spec)
    }
    let sols = try range(
      arguments, first: firstSol, fromSolOption.spec.long, toSolOption, last: Int.max)
    let dates = try range(
      arguments, first: try arguments[fromDateOption], fromDateOption.spec.long, toDateOption,
      last: Self.lastDay)
    var given: [PhotoQuery.Day] = []
    var used: [String] = []
    if let sol { given.append(.day(.sol(sol))); used.append("'--sol <sol>'") }
    if let date { given.append(.day(.earthDate(date))); used.append("'--earth-date <date>'") }
    if latest { given.append(.latest); used.append("'--latest'") }
    if let sols { given.append(.sols(sols)); used.append("'--from-sol <sol>'") }
    if let dates { given.append(.earthDates(dates)); used.append("'--from-date <date>'") }
    guard given.count <= 1 else {
      throw UsageError(
        message: "\(used.joined(separator: " and ")) cannot be used together", command: spec)
    }
    guard let day = given.first ?? fallback else {
      let names =
        ["--sol <sol>", "--earth-date <date>"] + (allowLatest ? ["--latest"] : [])
        + ["--from-sol <sol>", "--from-date <date>"]
      throw UsageError(
        message: "Missing expected argument '\(names.joined(separator: "' or '"))'", command: spec)
    }
    return bySols ? EarthDays.bySols(day, rover: rover) : day
  }

  /// The range `--from-X` to `--to-X` names, up to `last` without a `--to-X`; `nil` without
  /// either.
  private static func range<Value: Comparable & CustomStringConvertible>(
    _ arguments: ParsedArguments, first: Value?, _ from: String, _ to: Option<Value>, last: Value
  ) throws -> ClosedRange<Value>? {
    let end = try arguments[to]
    guard let first else {
      if end != nil {
        throw UsageError(
          message: "'--\(to.spec.long)' needs '--\(from)'", command: arguments.spec)
      }
      return nil
    }
    if let end, first > end {
      throw UsageError(
        message: "'--\(from)' (\(first)) is after '--\(to.spec.long)' (\(end))",
        command: arguments.spec)
    }
    return first...(end ?? last)
  }

  /// `--sol` as a number: given as one, or counted back from today by the mission's clock;
  /// `rover` is the one rover named, `nil` when there is not exactly one.
  static func sol(_ arguments: ParsedArguments, rover: String?) throws -> Int? {
    try arguments[solOption].map {
      try $0.sol(of: rover, option: solOption.spec.long, spec: arguments.spec)
    }
  }
}
