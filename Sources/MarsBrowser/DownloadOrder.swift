import RoverAPI

/// What `d` asked to save: a whole sol, or one photo of it.
public struct DownloadOrder: Sendable, Hashable {
  /// The rover's key.
  public var rover: String
  /// The sol.
  public var sol: Int
  /// The one photo, or `nil` for the whole sol.
  public var photo: Photo?

  /// An order.
  public init(rover: String, sol: Int, photo: Photo? = nil) {
    self.rover = rover
    self.sol = sol
    self.photo = photo
  }

  /// What the status line calls it: `sol 1000`, or the photo's NASA id.
  public var label: String { photo?.nasaID ?? "sol \(sol)" }
}

/// How far a download is.
public struct DownloadCount: Sendable, Hashable {
  /// Files done (fetched, already there, or failed).
  public var done: Int
  /// Files in all; 0 while the list is being fetched.
  public var total: Int

  /// Progress.
  public init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }
}

/// How a download ended.
public struct DownloadReport: Sendable, Hashable {
  /// Files fetched now.
  public var saved: Int
  /// Files that were there already.
  public var present: Int
  /// Files that failed, and the first reason.
  public var failed: Int
  /// Why the first failure failed.
  public var firstFailure: String?

  /// A report.
  public init(saved: Int, present: Int, failed: Int, firstFailure: String? = nil) {
    self.saved = saved
    self.present = present
    self.failed = failed
    self.firstFailure = firstFailure
  }
}
