import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SequenceLookup {
  /// The lookup of `command` for a rover's sol; `mirror` (`--from`) when the photos are read
  /// from a folder, which needs no source. ``ArchiveError/needsFeeds(_:)`` when they would be
  /// fetched with `--source api`, before anything is asked.
  init(
    _ command: String, common: CommonOptions, rover: String, sol: Int, cameras: [String],
    mirror: String? = nil
  ) throws {
    if mirror == nil, common.source == .api { throw ArchiveError.needsFeeds(command) }
    self.init(rover: rover, sol: sol, cameras: cameras)
  }

  /// The lookup of a command that takes `<rover> --sol <sol> [--camera …]`: usage errors for
  /// a missing rover or sol, and with `--source api` (``init(_:common:rover:sol:cameras:mirror:)``).
  init(
    _ arguments: ParsedArguments, common: CommonOptions, spec: CommandSpec, mirror: String? = nil
  ) throws {
    guard let word = arguments.positionals.first else {
      throw UsageError(message: "Missing expected argument '<rover>'", command: spec)
    }
    guard let sol = try DayOptions.sol(arguments, rover: word) else {
      throw UsageError(message: "Missing expected argument '--sol <sol>'", command: spec)
    }
    try self.init(
      spec.name, common: common, rover: try NameRules.rover(word, spec: spec), sol: sol,
      cameras: try CameraOptions.parse(arguments), mirror: mirror)
  }

  /// The photos asked for: with `--from`, from the sol's record in that mirror, with the
  /// folder; else fetched, the feeds first. A mirror without the record is a usage error.
  func photos(
    from mirror: String?, common: CommonOptions, _ console: Console, spec: CommandSpec
  ) async throws -> ([Photo], URL?) {
    guard let mirror else {
      return (try await photos(in: common.makeRecordsArchive(console)), nil)
    }
    do {
      let (photos, folder) = try photos(inMirror: mirror)
      return (photos, folder)
    } catch let error as NoRecord {
      throw UsageError(message: error.description, command: spec)
    }
  }
}
