import MarsData
import RoverAPI

/// `--sol N`, `--earth-date YYYY-MM-DD` and, where allowed, `--latest`: exactly one of them.
enum DayOptions {
  static let sol = OptionSpec.option(
    "sol", value: "sol", help: "The Martian day, counted from landing (0 and up).")
  static let earthDate = OptionSpec.option(
    "earth-date", value: "date", help: "The Earth day, as YYYY-MM-DD.")
  static let latest = OptionSpec.flag("latest", help: "The rover's most recent sol.")

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
    let sol = try arguments.integer("sol", minimum: 0, reason: "a sol is a whole number, 0 or more")
    let date = try arguments.value("earth-date").map { text in
      guard let date = EarthDate(text) else {
        throw UsageError.invalidValue(
          text, for: "--earth-date <date>", reason: "give a real date as YYYY-MM-DD", in: spec)
      }
      return date
    }
    let latest = allowLatest && arguments.flag("latest")
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
