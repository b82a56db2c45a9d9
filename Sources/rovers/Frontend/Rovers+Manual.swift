import ArgumentParsing
import CommandRuntime

extension Rovers {
  /// What the man page and the completion scripts say of `rovers` beyond its commands.
  static let manual = ProgramManual(
    name: "rovers", version: version, summary: "browse NASA's Mars rover photos from the terminal",
    description: abstract + """
       Lists the rovers, each rover's latest photos, how many photos it took on every sol \
      (Martian day), the photos of one sol, and saves them as files, fetching every rover, page \
      and image at once. It speaks the Mars Rover Photos API, which NASA archived in 2025 and \
      community servers keep: by default https://rovers.nebulum.one/api/v1.
      """,
    topics: HelpTopic.all.map(\.name), commonOptions: HelpTopic.commonOptions,
    environment: HelpTopic.environmentVariables.map { (name: $0.0, meaning: $0.1) },
    files: """
      .TP
      .I $XDG_CONFIG_HOME/rovers/config
      Settings as key = value lines: api-base, api-key-file, timeout, retries, deadline, jobs, \
      source, nasa-base, size, image-protocol, cache-max-mb (default folder ~/.config; or \
      --config, ROVERS_CONFIG).
      .TP
      .I $XDG_CACHE_HOME/rovers
      The response cache and the last traverse maps (default folder ~/.cache), at most 200 MB \
      unless cache-max-mb says otherwise.
      .TP
      .I $XDG_DATA_HOME/rovers/catalog.sqlite
      The catalogue that catalog sync fills and search reads (default folder ~/.local/share; \
      or --catalog, ROVERS_CATALOG), a SQLite file of the schema catalog --schema prints, with \
      its write-ahead log beside it and catalog.sqlite.lock, which keeps to one writer.
      .TP
      .I DIR/.rovers-sync.journal, DIR/.rovers-sync.lock
      What sync has mirrored into DIR, one line per finished sol, and the lock that keeps to \
      one sync per folder.
      .TP
      .I DIR/<rover>/<sol>/.rovers-sol.json
      What download and sync know of the sol's photos, for the gallery and for photos gone \
      from their host.

      """,
    exitCodes: ExitCode.allCases.map { (code: $0.rawValue, meaning: $0.meaning) },
    exitNote: ExitCode.nasaHostRule,
    examples: """
      rovers list
      rovers latest --json | jq '.[] | {rover, sol}'
      rovers manifest curiosity --format csv --fields sol,earth_date,total_photos
      rovers photos perseverance \\-\\-sol 100 \\-\\-urls
      rovers download perseverance \\-\\-sol 100 \\-o ~/mars
      rovers sync perseverance \\-o ~/mars \\-q

      """,
    words: CompletionWords(
      valuesBySubject: KnownRovers.cameras.map { (subject: $0.rover, values: $0.cameras) },
      valuesName: "cameras"))
}
