import ArgumentParsing
import CommandRuntime
import MarsFetching
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers cache info|clear`: the response cache.
  struct Cache: RoverCommand {
    static let name = "cache"
    static let spec = CommandSpec(
      name: name, abstract: "Show or clear the response cache.",
      discussion: """
        Answers are kept in $XDG_CACHE_HOME/rovers (else ~/.cache/rovers): the rovers list and \
        manifests for 30 days once a mission is complete and for an hour while it is active, \
        the photo lists of finished sols for 30 days, what NASA's feeds say of the missions \
        that have ended (Ingenuity, InSight) without expiry, and the traverse maps of where \
        for a day, and the last whole map of each rover whatever its age (what places photos \
        when a fresh one cannot be had). The cache keeps itself under a size, 200 MB unless \
        --cache-max-mb, ROVERS_CACHE_MAX_MB or cache-max-mb in the config file say otherwise: \
        expired answers go as new ones are written, then the oldest files. --no-cache skips \
        it, --refresh renews it.
        """,
      arguments: [
        ArgumentSpec(
          name: "action", help: "info: where it is, its entries, size and limit; clear: empty it.",
          completion: .values(["info", "clear"]))
      ],
      options: [Self.quiet.spec, CommonOptions.cacheMaxMegabytes.spec, CommonOptions.config.spec])

    static let quiet = Flag("quiet", short: "q", help: "Print nothing on stderr but errors.")

    /// The cache is on this machine: no server, key or timeouts.
    var sharedOptions: CommonOptions? { nil }
    let clear: Bool
    let folder: URL?
    let maxBytes: Int

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      switch arguments.positionals[0] {
      case "info": clear = false
      case "clear": clear = true
      case let other:
        throw UsageError.invalidValue(
          other, for: "<action>", reason: "give info or clear", in: Self.spec)
      }
      folder = XDGPaths(environment: settings.environment).cache
      maxBytes = try settings[CommonOptions.cacheMaxMegabytes] * 1_000_000
    }

    func run(_ console: Console) async throws -> ExitCode {
      guard let folder else {
        throw UsageError(message: "No cache folder: set HOME or XDG_CACHE_HOME", command: Self.spec)
      }
      let cache = ResponseCache(folder: folder, maxBytes: maxBytes)
      if clear {
        let removed = try cache.clear()
        console.output("removed \(removed) entr\(removed == 1 ? "y" : "ies") from \(folder.path)\n")
      } else {
        // A cache over its limit (the limit was lowered) is brought under it first.
        cache.prune()
        let (entries, bytes) = try cache.info()
        console.output(
          "\(folder.path): \(entries) entr\(entries == 1 ? "y" : "ies"), "
            + POSIX.fixed(Double(bytes) / 1_000_000, places: 1) + " MB" + " of at most "
            + "\(maxBytes / 1_000_000) MB\n")
      }
      return .success
    }
  }
}
