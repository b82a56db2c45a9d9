/// The bounds a number from a server must fall in before it sizes a range, an allocation or a
/// loop: a server that says sol -1 or sol 10^15 is sending nonsense, and believing it would
/// trap on an invalid range or try to allocate petabytes.
public enum Plausible {
  /// Every sol a mission can have: Curiosity is past sol 4,700; no rover will see 100,000.
  public static let sols = 0...100_000

  /// Whether `sol` is one a mission can have.
  public static func isSol(_ sol: Int) -> Bool { sols.contains(sol) }

  /// `sol` when a mission can have it; else ``ImplausibleNumber``, which the client reports
  /// as data it cannot understand (exit 65), naming the request.
  public static func sol(_ sol: Int, field: String) throws -> Int {
    guard isSol(sol) else {
      throw ImplausibleNumber(
        "\(field) is \(sol), outside the sols a mission can have (0 to \(sols.upperBound))")
    }
    return sol
  }

  /// `count` when it is not negative; a count larger than a body can hold is caught where it
  /// would size a loop (pages are bounded), so only the sign is checked here.
  public static func count(_ count: Int, field: String) throws -> Int {
    guard count >= 0 else { throw ImplausibleNumber("\(field) is \(count), below 0") }
    return count
  }
}

/// A number in a server's answer that no real answer holds.
public struct ImplausibleNumber: Error, Sendable, Hashable {
  /// What is wrong: `latest_sol is -1, outside the sols a mission can have (0 to 100000)`.
  public var problem: String

  /// Creates the error.
  public init(_ problem: String) { self.problem = problem }
}
