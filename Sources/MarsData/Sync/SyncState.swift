import Foundation

/// What `rovers sync` has already mirrored, kept in `DIR/.rovers-sync.json`.
public struct SyncState: Codable, Sendable, Hashable {
  /// The file's format, for later changes.
  public var version = 1
  /// Each rover's record, by lower-cased name.
  public var rovers: [String: RoverRecord] = [:]

  /// Creates an empty state.
  public init() {}

  /// One rover's mirror.
  public struct RoverRecord: Codable, Sendable, Hashable {
    /// The first sol mirrored: a first run starts at the latest sol, not at landing.
    public var startSol: Int
    /// Each sol's record, by sol number.
    public var sols: [String: SolRecord] = [:]

    enum CodingKeys: String, CodingKey {
      case sols
      case startSol = "start_sol"
    }
  }

  /// One sol's mirror.
  public struct SolRecord: Codable, Sendable, Hashable {
    /// The photos on disk.
    public var photoIDs: [Int] = []
    /// The manifest's photo count for the sol when every photo was on disk; a sol whose count
    /// has changed since, or that was never complete, is looked at again.
    public var completeAt: Int?
    /// The camera filter used, upper-cased and sorted; empty for every camera.
    public var cameras: [String] = []

    enum CodingKeys: String, CodingKey {
      case cameras
      case photoIDs = "photo_ids"
      case completeAt = "complete_at"
    }
  }
}
