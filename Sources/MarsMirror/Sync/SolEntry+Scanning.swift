import RoverAPI

extension SolEntry {
  /// A journal line read by the project's scanner, member by member as ``CodingKeys`` names
  /// them (what `JSONEncoder` wrote); members it does not know are skipped, `null` is absent,
  /// and a value of the wrong kind makes the line unreadable, as it did for `JSONDecoder`. The
  /// names are compared as bytes in place: a switch over `CodingKeys(rawValue:)` made a string
  /// of every member's name and cost a seventh more (`JournalReaderTests` round-trips every
  /// member, so a name that differs from its coding key fails there).
  static func scan(_ scanner: inout JSONScanner) throws -> SolEntry {
    var rover: String?
    var entry = SolEntry(rover: "")
    try scanner.readObject { scanner, key in
      if scanner.readNull() { return }
      func text() throws -> String { try scanner.readString() }
      func number() throws -> Int { try scanner.readInt() }
      func decimal() throws -> Double {
        guard let value = try scanner.readDecimal() else { throw scanner.missing("a number") }
        return value
      }
      if scanner.isKey(key, "rover") {
        rover = try text()
      } else if scanner.isKey(key, "sol") {
        entry.sol = try number()
      } else if scanner.isKey(key, "count") {
        entry.count = try number()
      } else if scanner.isKey(key, "cameras") {
        entry.cameras = try scanner.readStrings()
      } else if scanner.isKey(key, "size") {
        entry.size = try text()
      } else if scanner.isKey(key, "listed") {
        entry.listed = try number()
      } else if scanner.isKey(key, "saved") {
        entry.saved = try number()
      } else if scanner.isKey(key, "state") {
        let name = try text()
        guard let state = State(rawValue: name) else { throw scanner.missing("state") }
        entry.state = state
      } else if scanner.isKey(key, "settled") {
        entry.settled = try scanner.readBool()
      } else if scanner.isKey(key, "feeds") {
        entry.feeds = try scanner.readBool()
      } else if scanner.isKey(key, "downlinks_missed") {
        entry.downlinksMissed = try scanner.readBool()
      } else if scanner.isKey(key, "start_sol") {
        entry.startSol = try number()
      } else if scanner.isKey(key, "short_since") {
        entry.shortSince = try decimal()
      } else if scanner.isKey(key, "short_runs") {
        entry.shortRuns = try number()
      } else if scanner.isKey(key, "retry_after") {
        entry.retryAfter = try decimal()
      } else {
        try scanner.skipValue()
      }
    }
    guard let rover else { throw scanner.missing("rover") }
    entry.rover = rover
    return entry
  }
}
