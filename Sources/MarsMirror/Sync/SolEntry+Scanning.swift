import RoverAPI

extension SolEntry {
  /// A journal line read by the project's scanner, member by member as ``CodingKeys`` names
  /// them (what `JSONEncoder` wrote): members it does not know are skipped, `null` is absent,
  /// and a value of the wrong kind makes the line unreadable, as it did for `JSONDecoder`.
  static func scan(_ scanner: inout JSONScanner) throws -> SolEntry {
    var rover: String?
    var entry = SolEntry(rover: "")
    try scanner.readObject { scanner, key in
      guard let field = CodingKeys(rawValue: scanner.name(of: key)) else {
        return try scanner.skipValue()
      }
      if scanner.readNull() { return }
      func decimal() throws -> Double {
        guard let value = try scanner.readDecimal() else { throw scanner.missing(field.rawValue) }
        return value
      }
      switch field {
      case .rover: rover = try scanner.readString()
      case .sol: entry.sol = try scanner.readInt()
      case .count: entry.count = try scanner.readInt()
      case .cameras: entry.cameras = try scanner.readStrings()
      case .size: entry.size = try scanner.readString()
      case .listed: entry.listed = try scanner.readInt()
      case .saved: entry.saved = try scanner.readInt()
      case .state:
        guard let state = State(rawValue: try scanner.readString()) else {
          throw scanner.missing(field.rawValue)
        }
        entry.state = state
      case .settled: entry.settled = try scanner.readBool()
      case .feeds: entry.feeds = try scanner.readBool()
      case .downlinksMissed: entry.downlinksMissed = try scanner.readBool()
      case .startSol: entry.startSol = try scanner.readInt()
      case .shortSince: entry.shortSince = try decimal()
      case .shortRuns: entry.shortRuns = try scanner.readInt()
      case .retryAfter: entry.retryAfter = try decimal()
      }
    }
    guard let rover else { throw scanner.missing(CodingKeys.rover.rawValue) }
    entry.rover = rover
    return entry
  }
}
