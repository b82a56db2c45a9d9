import MarsFetching

/// One thing a folder lacks or holds that it should not: what `rovers verify` reports.
public struct MirrorFinding: Sendable, Hashable, Codable {
  /// What is wrong.
  public enum Problem: String, Sendable, Hashable, Codable, CaseIterable {
    /// A photo the sol's record lists is not on disk.
    case missing
    /// A photo's file is there but is not a whole image: empty, or not the type its name says.
    case damaged
    /// A sol the journal records with photos has no folder (or no record) left.
    case solMissing = "sol_missing"
    /// An image file no record knows.
    case unknown
    /// A photo NASA's feeds list for the sol that the folder does not have (`--remote`).
    case lacking
  }

  /// The rover's folder name: `perseverance`.
  public var rover: String
  /// The sol.
  public var sol: Int
  /// What is wrong.
  public var problem: Problem
  /// The photo's identity, where one is known.
  public var nasaID: String?
  /// The file below the folder's root, where one is concerned.
  public var file: String?
  /// More words: why a file is damaged, how many photos a sol had.
  public var detail: String

  /// Creates a finding.
  public init(
    rover: String, sol: Int, problem: Problem, nasaID: String? = nil, file: String? = nil,
    detail: String
  ) {
    self.rover = rover
    self.sol = sol
    self.problem = problem
    self.nasaID = nasaID
    self.file = file
    self.detail = detail
  }

  enum CodingKeys: String, CodingKey {
    case rover, sol, problem, file, detail
    case nasaID = "nasa_id"
  }

  /// Whether the finding is something a sync can fetch again.
  public var isRepairable: Bool { problem != .unknown }
}

/// What a walk of a folder found.
public struct MirrorReport: Sendable, Hashable {
  /// Every finding, by rover, sol and file.
  public var findings: [MirrorFinding] = []
  /// How many sols were looked at.
  public var sols = 0
  /// How many photos the records list.
  public var photos = 0

  /// Creates an empty report.
  public init() {}

  /// Whether the folder holds everything its records say, and nothing else.
  public var isWhole: Bool { findings.isEmpty }

  /// The sols a sync must list again, by rover folder.
  public var solsToRepair: [String: Set<Int>] {
    var sols: [String: Set<Int>] = [:]
    for finding in findings where finding.isRepairable {
      sols[finding.rover, default: []].insert(finding.sol)
    }
    return sols
  }
}
