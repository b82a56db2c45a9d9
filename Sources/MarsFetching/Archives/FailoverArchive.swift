import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One source first and, for the rovers a second covers, the second when the first is out of
/// reach or out of service (its ``PhotoArchive/isOutage(_:)``) or does not have the rover:
/// what `--source auto` makes of the API and NASA's feeds, the API first, or the feeds first
/// for the commands whose answers only the feeds' records carry (sequences, movies, developed
/// frames).
///
/// Each call falls back on its own, rover by rover, so `latest` with one server down still
/// shows every rover the feeds cover; the notice is given once per run.
public struct FailoverArchive: PhotoArchive {
  /// The source asked first: the API (or the feeds).
  public var primary: any PhotoArchive
  /// The source asked when the first is out: NASA's feeds (or the API).
  public var fallback: any PhotoArchive
  /// Told once, the first time the second source answers for the first: the line to show.
  private let notice: Notice

  /// Creates the pair; `onFailover` hears `rovers.nebulum.one is unavailable (…); answered
  /// from NASA's raw-image feeds` once, the fallback named as `fallbackName` says.
  public init(
    primary: any PhotoArchive, fallback: any PhotoArchive,
    fallbackName: String = "NASA's raw-image feeds",
    onFailover: @escaping @Sendable (String) -> Void
  ) {
    self.primary = primary
    self.fallback = fallback
    notice = Notice(fallbackName: fallbackName, onFailover)
  }

  /// The first source's window.
  public var maxConcurrentRequests: Int { primary.maxConcurrentRequests }

  /// The first source's rovers, or the second's when the first is unavailable; with the
  /// rovers only the second has (Spirit and Opportunity when the feeds come first) added from
  /// its list, so that a mistyped name is shown every rover the run could answer for.
  public func fetchAllRovers() async throws -> [Rover] {
    let listed = try await either(covered: true) { try await $0.fetchAllRovers() }
    guard fallback.expectedRovers.contains(where: { !primary.covers(rover: $0) }),
      let more = try? await fallback.fetchAllRovers()
    else { return listed }
    let names = Set(listed.map { $0.name.lowercased() })
    return listed + more.filter { !names.contains($0.name.lowercased()) }
  }

  /// The first source's answer, or the second's when the first is unavailable.
  public func answer<Answer: Sendable>(_ question: RoverQuestion<Answer>) async throws -> Answer {
    try await either(question.rover) { try await $0.answer(question) }
  }

  /// Each rover's latest photos, rover by rover from the feeds where the API fails.
  public func fetchLatestPhotos(rovers: [String]?, camera: String?) async throws
    -> [RoverOutcome<LatestPhotos>]
  {
    try await perRover(rovers) { source, names in
      try await source.fetchLatestPhotos(rovers: names, camera: camera)
    }
  }

  /// Each rover's manifest summary, rover by rover from the feeds where the API fails.
  public func fetchManifestOutcomes(rovers: [String]?) async throws
    -> [RoverOutcome<PhotoManifest>]
  {
    try await perRover(rovers) { source, names in
      try await source.fetchManifestOutcomes(rovers: names)
    }
  }

  /// Whether the first source is out.
  public func isOutage(_ error: any Error) -> Bool { primary.isOutage(error) }

  /// Whether either source has the rover.
  public func covers(rover: String) -> Bool {
    primary.covers(rover: rover) || fallback.covers(rover: rover)
  }

  /// The first source's.
  public var expectedRovers: [String] { primary.expectedRovers }

  /// The first source's.
  public var origin: SourceOrigin { primary.origin }

  /// Whether either source said there is no such rover.
  public func isUnknownRover(_ error: any Error) -> Bool {
    primary.isUnknownRover(error) || fallback.isUnknownRover(error)
  }

  /// The first source's answer, or the second's when the first is unavailable (or never has
  /// the rover) and the second covers it. The notice is given once the second has answered,
  /// never before; when both fail, both failures are thrown together (``SourcesFailed``).
  private func either<T>(
    _ rover: String? = nil, covered: Bool = false,
    _ body: (any PhotoArchive) async throws -> T
  ) async throws -> T {
    // A rover the first source never has (Spirit for the feeds) is the second's, said once.
    if let rover, !primary.covers(rover: rover), fallback.covers(rover: rover) {
      let answer = try await body(fallback)
      notice.give(lacking: rover, from: primary.origin)
      return answer
    }
    do {
      return try await body(primary)
    } catch let error
      where primary.isOutage(error) && (covered || rover.map(fallback.covers) == true)
    {
      let answer: T
      do {
        answer = try await body(fallback)
      } catch let feedsError where !(feedsError is CancellationError) {
        throw failed(error, feedsError)
      }
      notice.give(for: error, from: primary.origin)
      return answer
    }
  }

  /// Every rover's outcome from the API, with the rovers the API could not answer for (and the
  /// feeds cover) answered by the feeds; all from the feeds when the API cannot even list them.
  /// A rover both sources failed for carries both failures.
  private func perRover<Value>(
    _ rovers: [String]?,
    _ body: @escaping @Sendable (any PhotoArchive, [String]?) async throws -> [RoverOutcome<Value>]
  ) async throws -> [RoverOutcome<Value>] {
    let outcomes: [RoverOutcome<Value>]
    do {
      outcomes = try await body(primary, rovers)
    } catch let error where primary.isOutage(error) {
      let answered: [RoverOutcome<Value>]
      do {
        answered = try await body(fallback, rovers?.filter(fallback.covers))
      } catch let feedsError where !(feedsError is CancellationError) {
        throw failed(error, feedsError)
      }
      return settle(answered, apiError: { _ in error })
    }
    let redo = outcomes.filter { outcome in
      outcome.error.map(primary.isOutage) == true && fallback.covers(rover: outcome.rover)
    }
    guard !redo.isEmpty else { return outcomes }
    let answered = settle(try await body(fallback, redo.map(\.rover))) { rover in
      redo.first { $0.rover.lowercased() == rover.lowercased() }?.error
    }
    return outcomes.map { outcome in
      answered.first { $0.rover.lowercased() == outcome.rover.lowercased() } ?? outcome
    }
  }

  /// The feeds' outcomes, with a failure joined to the API's for that rover; the notice once
  /// any rover was answered.
  private func settle<Value>(
    _ answered: [RoverOutcome<Value>], apiError: (String) -> (any Error)?
  ) -> [RoverOutcome<Value>] {
    var noticed = false
    return answered.map { outcome in
      guard let api = apiError(outcome.rover) else { return outcome }
      guard let feedsError = outcome.error else {
        if !noticed {
          notice.give(for: api, from: primary.origin)
          noticed = true
        }
        return outcome
      }
      return RoverOutcome(
        rover: outcome.rover, result: .failure(failed(api, feedsError)))
    }
  }

  /// Both failures, with the hosts that failed.
  private func failed(_ api: any Error, _ feeds: any Error) -> SourcesFailed {
    SourcesFailed(
      api: api, feeds: feeds, apiHost: primary.origin.host, feedsHost: fallback.origin.host)
  }
}

/// The API and NASA's feeds both failed: what each did.
public struct SourcesFailed: Error, Sendable {
  /// The API's failure, which decides the exit code (a timeout stays "try again later").
  public var api: any Error
  /// The feeds' failure.
  public var feeds: any Error
  /// The API's host, to say which server did what.
  public var apiHost: String
  /// The feeds' host.
  public var feedsHost: String

  /// Creates the pair.
  public init(api: any Error, feeds: any Error, apiHost: String, feedsHost: String) {
    self.api = api
    self.feeds = feeds
    self.apiHost = apiHost
    self.feedsHost = feedsHost
  }
}

/// The failover notice, given once.
private final class Notice: Sendable {
  private let given = Mutex(false)
  private let fallbackName: String
  private let tell: @Sendable (String) -> Void

  init(fallbackName: String, _ tell: @escaping @Sendable (String) -> Void) {
    self.fallbackName = fallbackName
    self.tell = tell
  }

  func give(for error: any Error, from origin: SourceOrigin) {
    let reason = Self.reason(error, retries: origin.retries)
    once("\(origin.host) is unavailable (\(reason)); answered from \(fallbackName)")
  }

  func give(lacking rover: String, from origin: SourceOrigin) {
    let name = rover.prefix(1).uppercased() + rover.dropFirst().lowercased()
    once("\(origin.host) has no records of \(name); answered from \(fallbackName)")
  }

  private func once(_ line: String) {
    guard
      given.withLock({ given in
        defer { given = true }
        return !given
      })
    else { return }
    tell(line)
  }

  private static func reason(_ error: any Error, retries: Int) -> String {
    guard let error = error as? APIError else { return "\(error)" }
    switch error {
    case .status(_, let response) where response.status == 404:
      return "404: the endpoint is gone"
    case .status(_, let response):
      return "\(response.status) after \(retries) retr\(retries == 1 ? "y" : "ies")"
    case .transport(_, let failure): return failure.explanation
    default: return error.reason
    }
  }
}
