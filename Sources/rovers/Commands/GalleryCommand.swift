import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsGallery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers gallery DIR`: an offline HTML gallery of a folder that `download` and `sync` fill.
  struct GalleryCommand: RoverCommand {
    static let name = "gallery"
    static let spec = CommandSpec(
      name: name, abstract: "Build an offline HTML gallery of the photos in a folder.",
      discussion: """
        Writes DIR/index.html (every rover, its latest photos and a timeline of its mission) \
        and a page per sol, DIR/<rover>/<sol>/index.html, from the folder alone: no request, \
        no file from the internet, and DIR/feed.atom, an Atom feed with an entry for each \
        rover's sol a download or sync brings photos to (the last 100). Once it exists, \
        download and sync keep it current. Open DIR/index.html in a browser, or serve DIR \
        with any static server; with --gallery-url, the feed's links are absolute under \
        that address, as a feed reader fetching the feed from the server needs.
        """,
      arguments: [
        ArgumentSpec(
          name: "dir", help: "The folder download and sync fill.", completion: .directories)
      ],
      options: [GalleryAddress.option.spec, Cache.quiet.spec],
      examples: [
        "rovers gallery ~/mars"
      ])

    /// The gallery is built on this machine: no server, key or timeouts.
    var sharedOptions: CommonOptions? { nil }
    let folder: URL
    let quiet: Bool
    let baseURL: String?

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      folder = try ExistingFolder.parse(
        arguments.positionals[0], environment: settings.environment, spec: Self.spec)
      quiet = arguments[Cache.quiet]
      baseURL = try settings[GalleryAddress.option]
    }

    func run(_ console: Console) async throws -> ExitCode {
      let totals = try Gallery(root: folder, baseURL: baseURL).build()
      let index = folder.appendingPathComponent(Gallery.indexName).path
      console.output(index + "\n")
      if !quiet {
        console.diagnostic(
          "gallery: \(Self.count(totals.photos, "photo")) in \(Self.count(totals.sols, "sol")) of "
            + Self.count(totals.rovers, "rover"))
      }
      return .success
    }

    /// `1 sol`, `2 sols`.
    private static func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
  }
}
