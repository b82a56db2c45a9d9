import ArgumentParsing
import MarsData
import RoverAPI

/// How a command that lists photos places them on the rover's traverse: with `--near`, to keep
/// those taken near a place; otherwise only when its output shows a place (`lat`, `lon`,
/// `elevation`, `place`), since the traverse is a file of its own to fetch. A traverse that
/// cannot be had without `--near` costs only the places, with a warning.
struct PhotoPlacing: Sendable {
  /// The circle of `--near … --within …`.
  let area: NearbyArea?
  /// Whether the output shows places.
  let shown: Bool
  /// Whether the traverse may be asked for: not with `--source api`.
  let allowed: Bool

  /// The placing the arguments ask for; `--near` with `--source api` is a usage error, as it
  /// needs NASA's host.
  init(_ arguments: ParsedArguments, common: CommonOptions, alwaysShown: Bool = false) throws {
    area = try PlaceOptions.parse(arguments)
    allowed = common.source != .api
    if area != nil, !allowed {
      throw UsageError(
        message: "'--near' places photos on NASA's traverse maps, which '--source api' leaves"
          + " out; use '--source auto' or '--source nasa'", command: arguments.spec)
    }
    let output = common.output
    shown =
      alwaysShown
      || output.fields.map { !PhotoDetailFields.placeFields.isDisjoint(with: $0) }
        ?? (output.format != .table && output.format != .html)
  }

  /// The day to ask for when none was named: with `--near`, every sol (those near the place
  /// are picked from the traverse).
  var everySol: PhotoQuery.Day? { area.map { _ in .sols(0...Int.max) } }

  /// The rover's traverse, when the command needs it and NASA publishes one, and the exit code
  /// its absence means. With `--near`, a failure is the command's. Otherwise the places are
  /// left out: a file that does not decode is an error (65) said now, while the rest of the
  /// output stands; one that cannot be had is a warning.
  func traverse(rover: String, common: CommonOptions, _ console: Console) async throws
    -> (traverse: Traverse?, code: ExitCode)
  {
    guard allowed, area != nil || shown, let feeds = common.makeTraverses(console) else {
      return (nil, .success)
    }
    guard area == nil else {
      try Self.checkKnown(rover)
      return (try await feeds.fetchTraverse(rover: rover), .success)
    }
    guard FeedRover.named(rover)?.traverse != nil else { return (nil, .success) }
    do {
      return (try await feeds.fetchTraverse(rover: rover), .success)
    } catch {
      try Task.checkCancellation()
      return (nil, Self.leftOut(error, rover: rover, common: common, console))
    }
  }

  /// The photos `fetch` finds for `query`, and the traverse, fetched at the same time (with
  /// `--near` and a range of sols, the traverse first, so that only the sols near the place
  /// are asked for); and the exit code the traverse's absence means.
  func fetch(
    _ query: PhotoQuery, common: CommonOptions, _ console: Console,
    photos fetch: @Sendable (PhotoQuery) async throws -> [Photo]
  ) async throws -> (photos: [Photo], traverse: Traverse?, code: ExitCode) {
    if let area, case .sols = query.day {
      let (traverse, code) = try await self.traverse(rover: query.rover, common: common, console)
      var query = query
      query.solSpans = traverse?.sols(within: area) ?? []
      return (try await fetch(query), traverse, code)
    }
    async let placing = self.traverse(rover: query.rover, common: common, console)
    let photos = try await fetch(query)
    let (traverse, code) = try await placing
    return (photos, traverse, code)
  }

  /// The traverses of those of `rovers` NASA publishes one for, fetched at once, by the name
  /// as asked for, and the exit code those missing mean: what `sync` saves its photos' places
  /// from. None is asked for with `--source api`. A map that cannot be had is not said: the
  /// sync's own check of the feeds says what is wrong with their host, and the gallery places
  /// the photos later from the last map kept.
  static func traverses(of rovers: [String], common: CommonOptions, _ console: Console) async
    -> (traverses: [String: Traverse], code: ExitCode)
  {
    guard let feeds = common.makeTraverses(console),
      let outcomes = try? await feeds.fetchTraverses(rovers: rovers)
    else { return ([:], .success) }
    var found: [String: Traverse] = [:]
    var codes: [ExitCode] = [.success]
    for outcome in outcomes {
      switch outcome.result {
      case .success(let traverse): found[outcome.rover] = traverse
      case .failure(let error):
        codes.append(leftOut(error, rover: outcome.rover, common: common, console, warn: false))
      }
    }
    return (found, ExitCode.worst(codes))
  }

  /// Says why a rover's places are left out, and returns the exit code it means: 65 for a map
  /// that does not decode, success (and a warning) for one that cannot be had.
  private static func leftOut(
    _ error: any Error, rover: String, common: CommonOptions, _ console: Console,
    warn: Bool = true
  ) -> ExitCode {
    let report = ErrorReport(error)
    if report.code == .dataError {
      console.error(report.message)
      return .dataError
    }
    if warn, !common.quiet {
      let name = rover.prefix(1).uppercased() + rover.dropFirst()
      console.remark("warning: the places of \(name)'s photos are left out: \(report.message)")
    }
    return .success
  }

  /// A name no mission has is a typo to point out, before anything is asked, rather than a
  /// rover without a map.
  static func checkKnown(_ rover: String) throws {
    let known = (KnownRovers.names + FeedRover.feedsOnly.map(\.name)).map { $0.lowercased() }
    guard known.contains(rover) else { throw ArchiveError.unknownRover(rover, known: known) }
  }

  /// What to say when `--near` left no photo; `nil` without it.
  var emptyNote: String? {
    area.map { area in
      "no photo asked for was taken within \(area.describedRadius) of"
        + " \(area.latitude),\(area.longitude)"
    }
  }

  /// `photos` with their places; with `--near`, only those within the area.
  func apply(_ traverse: Traverse?, to photos: [Photo]) -> [Photo] {
    guard let traverse else { return photos }
    let placed = traverse.placed(photos)
    guard let area else { return placed }
    return placed.filter { photo in photo.details.place.map(area.contains) ?? false }
  }
}
