import ArgumentParsing
import MarsData
import RoverAPI

/// `--sol N`, `--earth-date YYYY-MM-DD` and, where allowed, `--latest`: exactly one of them.
enum DayOptions {
  static let solOption = Option.integer(
    "sol", value: "sol", help: "The Martian day, counted from landing (0 and up).",
    in: 0...Int.max, reason: "a sol is a whole number, 0 or more")
  static let earthDateOption = Option<EarthDate>(
    "earth-date", value: "date", help: "The Earth day, as YYYY-MM-DD."
  ) { text in
    EarthDate(text).map { .success($0) }
      ?? .failure(.init(reason: "give a real date as YYYY-MM-DD"))
  }
  static let latestFlag = Flag("latest", help: "The rover's most recent sol.")
  static var sol: OptionSpec { solOption.spec }
  static var earthDate: OptionSpec { earthDateOption.spec }
  static var latest: OptionSpec { latestFlag.spec }
  /// The options of which one names the day.
  static let oneOf = ["sol", "earth-date", "latest"]

  /// The sol or Earth date the arguments name, for commands without `--latest`.
  static func parseDay(_ arguments: ParsedArguments) throws -> PhotoDay {
    switch try parse(arguments) {
    case .day(let day): return day
    case .latest: throw UsageError.unexpectedArgument("--latest", in: arguments.spec)
    }
  }

  /// The day the arguments name; a usage error when they name none, two, or a bad one.
  static func parse(_ arguments: ParsedArguments, allowLatest: Bool = false) throws
    -> PhotoQuery.Day
  {
    let spec = arguments.spec
    let sol = try arguments[solOption]
    let date = try arguments[earthDateOption]
    let latest = allowLatest && arguments[latestFlag]
    var given: [PhotoQuery.Day] = []
    if let sol { given.append(.day(.sol(sol))) }
    if let date { given.append(.day(.earthDate(date))) }
    if latest { given.append(.latest) }
    let names = ["'--sol <sol>'", "'--earth-date <date>'"] + (allowLatest ? ["'--latest'"] : [])
    guard given.count <= 1 else {
      let used = zip([sol != nil, date != nil, latest], names).filter(\.0).map(\.1)
      throw UsageError(
        message: "\(used.joined(separator: " and ")) cannot be used together", command: spec)
    }
    guard let day = given.first else {
      let list = names.map { $0.dropFirst().dropLast() }.joined(separator: "' or '")
      throw UsageError(message: "Missing expected argument '\(list)'", command: spec)
    }
    return day
  }
}
