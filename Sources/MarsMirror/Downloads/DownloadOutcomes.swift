/// What became of each download of a run too long to keep its results (``DownloadParts``): a
/// byte a download, and why those that went wrong did; the downloads themselves are planned
/// again to name them.
public struct DownloadOutcomes: Sendable {
  private enum Kind: UInt8 {
    case downloaded, skipped, wrong
  }

  private var kinds: [Kind] = []
  /// How the downloads gone or failed ended, by their place in the run.
  private var wrong: [Int: DownloadResult.Status] = [:]

  /// Nothing yet.
  public init() {}

  /// How many downloads ended.
  public var count: Int { kinds.count }

  /// Keeps what became of `results`, the run's next downloads in order.
  public mutating func append(_ results: [DownloadResult]) {
    kinds.reserveCapacity(kinds.count + results.count)
    for result in results {
      switch result.status {
      case .downloaded: kinds.append(.downloaded)
      case .skipped: kinds.append(.skipped)
      case .gone, .failed:
        wrong[kinds.count] = result.status
        kinds.append(.wrong)
      }
    }
  }

  /// The result of the run's download number `index`, which is `download`: as it ended, but
  /// for the bytes of a file fetched, which are not kept (0).
  public func result(of download: PhotoDownload, at index: Int) -> DownloadResult {
    switch kinds[index] {
    case .downloaded: DownloadResult(download: download, status: .downloaded(bytes: 0))
    case .skipped: DownloadResult(download: download, status: .skipped)
    case .wrong: DownloadResult(download: download, status: wrong[index] ?? .skipped)
    }
  }

  /// Whether any download was gone or failed.
  public var anyWrong: Bool { !wrong.isEmpty }
}
