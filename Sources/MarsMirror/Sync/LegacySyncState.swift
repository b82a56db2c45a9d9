import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state file of earlier versions, `DIR/.rovers-sync.json`: read once to start the journal,
/// then removed.
struct LegacySyncState: Decodable {
  struct RoverRecord: Decodable {
    var startSol: Int
    var sols: [String: SolRecord] = [:]

    enum CodingKeys: String, CodingKey {
      case sols
      case startSol = "start_sol"
    }
  }

  struct SolRecord: Decodable {
    var photoIDs: [Int] = []
    var completeAt: Int?
    var cameras: [String] = []

    enum CodingKeys: String, CodingKey {
      case cameras
      case photoIDs = "photo_ids"
      case completeAt = "complete_at"
    }
  }

  var rovers: [String: RoverRecord] = [:]

  /// The journal lines that say the same: each rover's start and each sol's state.
  var entries: [SolEntry] {
    var lines: [SolEntry] = []
    for (rover, record) in rovers.sorted(by: { $0.key < $1.key }) {
      lines.append(.start(rover: rover, sol: record.startSol))
      for (text, sol) in record.sols {
        guard let number = Int(text) else { continue }
        var entry = SolEntry(rover: rover, sol: number)
        entry.count = sol.completeAt
        entry.cameras = sol.cameras
        entry.saved = sol.photoIDs.count
        entry.listed = sol.photoIDs.count
        entry.state = sol.completeAt == nil ? .incomplete : .complete
        lines.append(entry)
      }
    }
    return lines
  }
}
