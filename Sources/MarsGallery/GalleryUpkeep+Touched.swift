import MarsMirror
import Synchronization

extension GalleryUpkeep {
  /// What a run's downloads touched, gathered one result at a time: the sols of each rover
  /// folder, and each sol's addition to the feed, which counts every photo saved but keeps
  /// only those an entry shows. Gathered as the downloads end, a first sync of a whole
  /// mission holds its sols until the gallery is updated, not its 700,000 results.
  package struct Touched: Sendable {
    /// The sols touched, by rover folder.
    private(set) var sols: [String: Set<Int>] = [:]
    /// Each sol's addition, by `folder/sol`.
    private var additions: [String: FeedAddition] = [:]
    /// Their keys, in the order the run first saved to each.
    private var order: [String] = []

    /// Nothing touched yet.
    package init() {}

    /// What `results` touched.
    package init(_ results: some Sequence<DownloadResult>) {
      for result in results { add(result) }
    }

    /// Whether nothing was touched.
    package var isEmpty: Bool { sols.isEmpty }

    /// Notes one download's end: its sol is touched, and a photo saved joins the feed.
    package mutating func add(_ result: DownloadResult) {
      let download = result.download
      let folder = String(download.relativePath.split(separator: "/").first ?? "")
      let sol = download.photo.sol
      sols[folder, default: []].insert(sol)
      guard case .downloaded = result.status else { return }
      let key = "\(folder)/\(sol)"
      if additions[key] == nil {
        order.append(key)
        additions[key] = FeedAddition(rover: "", folder: folder, sol: sol)
      }
      let details = download.photo.details
      additions[key]?.add(
        FeedAddition.Saved(
          camera: download.photo.camera.name,
          shown: FeedEntry.Photo(
            file: download.relativePath, title: details.title ?? download.photo.nasaID,
            caption: details.caption, credit: details.credit)))
    }

    /// The feed's additions, in the order their sols were first saved to, each rover named as
    /// `name` writes its folder.
    func additions(named name: (String) -> String) -> [FeedAddition] {
      order.compactMap { key in
        guard var addition = additions[key] else { return nil }
        addition.rover = name(addition.folder)
        return addition
      }
    }
  }

  /// ``Touched``, gathered from the callers a run's downloads end on.
  package final class Gathering: Sendable {
    private let touched = Mutex(Touched())

    /// Nothing gathered yet.
    package init() {}

    /// Notes one download's end.
    @Sendable package func add(_ result: DownloadResult) { touched.withLock { $0.add(result) } }

    /// What was gathered.
    package var gathered: Touched { touched.withLock { $0 } }
  }
}
