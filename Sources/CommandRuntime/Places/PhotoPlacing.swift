import ArgumentParsing
import MarsFetching
import RoverAPI

/// How a command that lists photos places them on the rover's traverse: with `--near`, to keep
/// those taken near a place; otherwise only when its output shows a place (`lat`, `lon`,
/// `elevation`, `place`) or its files keep them (`download`), since the traverse is a file of
/// its own to fetch.
///
/// Without `--near` the map is an extra (``NASAExtras``): asked beside the photos, once, and
/// never waited for more than two seconds after them. A map that cannot be had costs only the
/// places: with a warning where the output shows them, silently where only files keep them
/// (the gallery places those later from the last map kept). With `--near` the map is what was
/// asked for, and its failure is the command's.
package struct PhotoPlacing: Sendable {
  /// The circle of `--near … --within …`.
  package let area: NearbyArea?
  /// Whether the output shows places.
  package let shown: Bool
  /// Whether the command's files keep places the output does not show.
  package let kept: Bool
  /// Whether the traverse may be asked for: not with `--source api`.
  package let allowed: Bool

  /// The placing of a command whose arguments asked for `area` (`--near`); `--near` with
  /// `--source api` is a usage error of `spec`, as it needs NASA's host. `keeps`: the command's
  /// files keep places, and its output (a list of files) shows none.
  package init(area: NearbyArea?, common: CommonOptions, keeps: Bool = false, spec: CommandSpec?)
    throws
  {
    self.area = area
    allowed = common.source.asksFeeds
    if area != nil, !allowed {
      throw UsageError(
        message: "'--near' places photos on NASA's traverse maps, which '--source api' leaves"
          + " out; use '--source auto' or '--source nasa'", command: spec)
    }
    let output = common.output
    shown =
      !keeps
      && (output.fields.map { !PhotoDetailFields.placeFields.isDisjoint(with: $0) }
        ?? (output.format != .table && output.format != .html))
    kept = keeps
  }

  /// The day to ask for when none was named: with `--near`, every sol (those near the place
  /// are picked from the traverse).
  package var everySol: PhotoQuery.Day? { area.map { _ in .sols(0...Int.max) } }

  /// With `--near`: the rover's traverse, asked as any request is, since it is what the
  /// command was asked about.
  private func nearTraverse(rover: String, common: CommonOptions, _ console: Console)
    async throws -> Traverse
  {
    try Self.checkKnown(rover)
    guard let feeds = common.makeTraverses(console) else {
      throw ArchiveError.noTraverse(rover)
    }
    return try await feeds.fetchTraverse(rover: rover)
  }

  /// Whether the command asks for the rover's traverse: with `--near`, or when its output
  /// shows places or its files keep them and NASA publishes the rover's; never with
  /// `--source api`.
  private func asksTraverse(of rover: String) -> Bool {
    allowed && (area != nil || (shown || kept) && FeedRover.named(rover)?.traverse != nil)
  }

  /// Runs `main` with the rover's traverse fetched beside it, when the command needs one and
  /// NASA publishes one: the map's window is `main`'s time and two seconds more. Returns
  /// `main`'s value, the traverse when it came, and the exit code its absence means.
  package func beside<Value>(
    rover: String, common: CommonOptions, _ console: Console,
    _ main: () async throws -> Value
  ) async throws -> (value: Value, traverse: Traverse?, code: ExitCode) {
    guard asksTraverse(of: rover) else { return (try await main(), nil, .success) }
    if area != nil {
      async let traverse = nearTraverse(rover: rover, common: common, console)
      let value = try await main()
      return (value, try await traverse, .success)
    }
    guard let extras = common.makeExtras(console) else { return (try await main(), nil, .success) }
    async let placing = Result { try await extras.traverse(rover: rover) }
    let value = try await extras.main(main)
    switch await placing {
    case .success(let traverse): return (value, traverse, .success)
    case .failure(let error):
      try Task.checkCancellation()
      return (value, nil, Self.leftOut(error, rover: rover, common: common, console, warn: shown))
    }
  }

  /// The photos `archive` has for `query`, and the traverse, fetched at the same time (with
  /// `--near` and a range of sols, the traverse first, so that only the sols near the place
  /// are asked for); and the exit code the traverse's absence means.
  package func fetch(
    _ query: PhotoQuery, from archive: any PhotoArchive, common: CommonOptions,
    _ console: Console
  ) async throws -> (photos: [Photo], traverse: Traverse?, code: ExitCode) {
    if area != nil, allowed, case .sols = query.day {
      let traverse = try await nearTraverse(rover: query.rover, common: common, console)
      var query = query
      query.solSpans = area.map { traverse.sols(within: $0) } ?? []
      return (try await query.fetch(archive), traverse, .success)
    }
    // Without a traverse to ask for, the photos alone: two frames fewer on every request's way.
    guard asksTraverse(of: query.rover) else {
      return (try await query.fetch(archive), nil, .success)
    }
    let (photos, traverse, code) = try await beside(rover: query.rover, common: common, console) {
      try await query.fetch(archive)
    }
    return (photos, traverse, code)
  }

  /// Says why a rover's places are left out, and returns the exit code it means: 65 for a map
  /// that does not decode, success (and a warning) for one that cannot be had.
  private static func leftOut(
    _ error: any Error, rover: String, common: CommonOptions, _ console: Console, warn: Bool
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
  package static func checkKnown(_ rover: String) throws {
    let known = (KnownRovers.names + FeedRover.feedsOnly.map(\.name)).map { $0.lowercased() }
    guard known.contains(rover) else { throw ArchiveError.unknownRover(rover, known: known) }
  }

  /// What to say when `--near` left no photo; `nil` without it.
  package var emptyNote: String? {
    area.map { area in
      "no photo asked for was taken within \(area.describedRadius) of"
        + " \(area.latitude),\(area.longitude)"
    }
  }

  /// `photos` with their places; with `--near`, only those within the area.
  package func apply(_ traverse: Traverse?, to photos: [Photo]) -> [Photo] {
    guard let traverse else { return photos }
    let placed = traverse.placed(photos)
    guard let area else { return placed }
    return placed.filter { photo in photo.details.place.map(area.contains) ?? false }
  }
}
