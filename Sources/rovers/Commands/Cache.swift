import ArgumentParsing
import Foundation
import MarsData

extension Rovers {
  /// `rovers cache info|clear`: the response cache.
  struct Cache: RoverCommand {
    static let spec = CommandSpec(
      name: "cache", abstract: "Show or clear the response cache.",
      discussion: """
        Answers are kept in $XDG_CACHE_HOME/rovers (else ~/.cache/rovers): the rovers list and \
        manifests for 30 days once a mission is complete and for an hour while it is active, \
        the photo lists of finished sols for 30 days, what NASA's feeds say of the missions \
        that have ended (Ingenuity, InSight) without expiry, and the traverse maps of where \
        for a day. --no-cache skips it, --refresh renews it.
        """,
      arguments: [
        ArgumentSpec(
          name: "action", help: "info: entries and size; clear: remove them.",
          completion: .values(["info", "clear"]))
      ],
      options: [Self.quiet.spec])

    static let quiet = Flag("quiet", short: "q", help: "Print nothing on stderr but errors.")

    /// The cache is on this machine: no server, key or timeouts.
    var sharedOptions: CommonOptions? { nil }
    let clear: Bool
    let folder: URL?

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      switch arguments.positionals[0] {
      case "info": clear = false
      case "clear": clear = true
      case let other:
        throw UsageError.invalidValue(
          other, for: "<action>", reason: "give info or clear", in: Self.spec)
      }
      folder = XDGPaths(environment: settings.environment).cache
    }

    func run(_ console: Console) async throws -> ExitCode {
      guard let folder else {
        throw UsageError(message: "No cache folder: set HOME or XDG_CACHE_HOME", command: Self.spec)
      }
      let cache = ResponseCache(folder: folder)
      if clear {
        let removed = try cache.clear()
        console.output("removed \(removed) entr\(removed == 1 ? "y" : "ies") from \(folder.path)\n")
      } else {
        let (entries, bytes) = try cache.info()
        console.output(
          "\(folder.path): \(entries) entr\(entries == 1 ? "y" : "ies"), "
            + String(format: "%.1f MB", Double(bytes) / 1_000_000) + "\n")
      }
      return .success
    }
  }
}
