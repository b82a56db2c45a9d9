import ArgumentParsing
import CommandRuntime
import MarsCatalog
import MarsFetching
import MarsGallery
import MarsMirror
import PlainText
import RoverAPI

extension Rovers {
  /// `rovers search`: the catalogue's photos that match, offline, across sols and missions.
  struct Search: RoverCommand {
    static let name = "search"
    static let spec = CommandSpec(
      name: name, abstract: "Find photos in the local catalogue, offline.",
      discussion: """
        Searches the catalogue that 'rovers catalog sync' keeps, with no server and no sol \
        needed: every filter given narrows the photos, across every mission or the rovers \
        named. A range is FROM..TO, FROM.. or ..TO, or one value. Windows on a circle wrap: \
        --az 350..20 looks through north, --lmst 17:00..07:00 through midnight, --ls 300..30 \
        through the year's start. --camera takes a camera (NAVCAM), a family of instruments \
        (NAVCAM for NAVCAM_LEFT and NAVCAM_RIGHT) or one instrument (NAV_LEFT_B); a name \
        none of the missions has is refused. --text \
        keeps photos whose title or caption has every word, --nasa-id a part of the name or a \
        pattern with * and ?. Photos print as rovers photos prints them, in sol order unless \
        --sort says otherwise; --count and --group-by count them instead. --near and --within \
        keep the photos taken near a place, placed on the rover's traverse as rovers photos \
        places them (NASA's map, asked once and kept). With -o DIR the \
        photos found are saved as rovers download saves them (DIR/<rover>/<sol>/<camera>/), \
        files already there skipped; with --show they are drawn as rovers show draws them.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The missions to search, such as curiosity. (default: every one)",
          isRequired: false, isRepeated: true, completion: .rovers)
      ],
      options: [CameraOptions.repeatable] + SearchFilters.specs + PlaceOptions.specs + [
        Self.countFlag.spec, Self.groupBy.spec, CatalogPath.option.spec,
        Self.output.spec, DownloadOutput.jobs.spec, DownloadOutput.force.spec,
        Self.dryRun.spec, DownloadOutput.noGallery.spec, Self.showFlag.spec,
        PictureSetup.option.option.spec,
      ] + OutputOptions.specs
        // Fetching what is found (-o, --show) reaches image hosts: how long and how loudly.
        + CommonOptions.options(deadline: Self.fetchingDeadline).filter {
          ["timeout", "retries", "deadline", "verbose", "quiet"].contains($0.long)
        },
      examples: [
        "rovers search curiosity --camera navcam --sol 1000..1100",
        "rovers search --az 350..20 --lmst 17:00..19:00",
        "rovers search perseverance --ls 90..180 --camera MCZ_LEFT --sort newest",
        "rovers search curiosity --site 45 --group-by camera",
        "rovers search curiosity --near -4.5895,137.4417 --within 100m --count",
        "rovers search --text 'dust devil' --fields sol,nasa_id,title",
        "rovers search curiosity --camera navcam --stereo --sol 86 -o ~/mars",
        "rovers search --camera MCZ_LEFT --ls 180..190 --random 6 --show",
      ])

    static let output = Option.text(
      "output", short: "o", value: "dir",
      help: "Save the photos found into this folder, as rovers download lays them out.",
      completion: .directories)
    static let dryRun = Flag(
      "dry-run", help: "With -o: list what would be fetched and what is there; fetch nothing.")
    static let showFlag = Flag("show", help: "Draw the photos found in the terminal.")
    /// The default deadline of a search that fetches: a download may take an hour.
    static let fetchingDeadline = 3600

    /// What becomes of the photos found: printed, saved or drawn.
    enum Outcome {
      case printed
      case saved(DownloadOutput)
      case drawn(Show)
    }

    static let countFlag = Flag("count", help: "Print how many photos match, not the photos.")
    static let groupBy = Option<CatalogSearch.Grouping>.choice(
      "group-by", value: "key",
      help: "Count the photos that match by sol, camera, sequence,"
        + " site or rover.")
    /// The options of the network, when the search reaches it: to save or draw the photos
    /// found, or for the traverse maps of `--near`. A search that only reads the catalogue
    /// reads no setting of the network, so none of them can stop it.
    let network: CommonOptions?
    var sharedOptions: CommonOptions? { network }
    let outcome: Outcome
    /// `--near … --within …`.
    let area: NearbyArea?
    let output: OutputOptions
    let path: String
    let search: CatalogSearch
    let grouping: CatalogSearch.Grouping?
    let countOnly: Bool

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      output = try OutputOptions(arguments)
      path = try CatalogPath.resolve(settings, spec: Self.spec)
      var search = try SearchFilters.parse(arguments)
      search.rovers = try arguments.positionals.map {
        try CatalogMissions.check($0, spec: Self.spec)
      }
      search.cameras = try CameraOptions.parse(arguments)
      area = try PlaceOptions.parse(arguments)
      if area != nil { search.rovers = try Self.mapped(search.rovers) }
      self.search = search
      grouping = try arguments[Self.groupBy]
      countOnly = arguments[Self.countFlag]
      (outcome, network) = try Self.outcome(
        arguments, settings: settings, counting: countOnly || grouping != nil, near: area != nil)
      let fields: [String] =
        switch outcome {
        case .saved: DownloadEntry.fields.map(\.name)
        default:
          (countOnly || grouping != nil ? CatalogRecords.countFields : Photos.fields)
            .map(\.name)
        }
      try output.check(fields: fields, spec: Self.spec)
    }

    /// The missions `--near` searches: those asked (every one without a name) whose traverse
    /// NASA publishes; a usage error when none of those asked has one.
    private static func mapped(_ asked: [String]) throws -> [String] {
      let missions = (asked.isEmpty ? CatalogMissions.names : asked).filter {
        FeedRover.named($0)?.traverse != nil
      }
      guard !missions.isEmpty else {
        let mapped = FeedRover.all.filter { $0.traverse != nil }.map(\.name)
        throw UsageError(
          message: "'--near' places photos on NASA's traverse maps, which it publishes for "
            + mapped.joined(separator: " and ") + " alone", command: spec)
      }
      return missions
    }

    /// What the options ask to do with the photos found, one thing at a time, and the
    /// network's options when it is reached.
    private static func outcome(
      _ arguments: ParsedArguments, settings: Settings, counting: Bool, near: Bool
    ) throws -> (Outcome, CommonOptions?) {
      let folder = try arguments[output]
      let show = arguments[showFlag]
      if counting, folder != nil || show {
        throw UsageError(
          message: "'--count' and '--group-by' count the photos; '-o' and '--show' need the"
            + " photos themselves", command: spec)
      }
      // A count is of every photo found: an option that picks or orders photos would be
      // dropped without a word.
      let choosing = [
        (SearchFilters.sort.spec, "orders"), (SearchFilters.limit.spec, "picks"),
        (SearchFilters.random.spec, "picks"),
      ]
      if counting, let (option, does) = choosing.first(where: { arguments.isGiven($0.0) }) {
        throw UsageError(
          message: "'--count' and '--group-by' count every photo found; '--\(option.long)'"
            + " \(does) the photos printed", command: spec)
      }
      if folder != nil, show {
        throw UsageError(
          message: "give '-o' to save the photos or '--show' to draw them, not both",
          command: spec)
      }
      if show,
        try OutputOptions(arguments).format != .table
          || arguments.isGiven(OutputOptions.fields.spec)
      {
        throw UsageError(
          message: "'--show' draws pictures; for the photos as a list, leave it out",
          command: spec)
      }
      if folder == nil, !show {
        for flag in [dryRun, DownloadOutput.force, DownloadOutput.noGallery]
        where arguments[flag] {
          throw UsageError(message: "'--\(flag.spec.long)' goes with '-o <dir>'", command: spec)
        }
      }
      guard folder != nil || show || near else { return (.printed, nil) }
      var common = try CommonOptions(
        settings, deadline: fetchingDeadline,
        connectionsPerHost: folder != nil ? try settings[DownloadOutput.jobs] : 16)
      // The lists come from the catalogue; what a search asks of a host (maps, images) only
      // NASA's has, whichever source lists photos for the other commands.
      common.source = .nasa
      if let folder {
        return (.saved(try DownloadOutput(settings, folder: folder, dryRun: dryRun)), common)
      }
      if show {
        return (.drawn(try Show(common: common, settings: settings)), common)
      }
      return (.printed, common)
    }

    static var fieldNames: [String] { Photos.fieldNames }

    func run(_ console: Console) async throws -> ExitCode {
      let catalog = try Catalog(path: path, writing: false)
      try catalog.checkCameras(of: search)
      // With --near, the photos near the place: what is counted, printed, saved or drawn.
      let traverses = try await nearTraverses(console)
      // Within one read, so that every pass over the photos sees the same catalogue.
      let listing = { (held: Int) throws -> CatalogPhotoListing in
        guard let area, let traverses else { return try catalog.listing(search, held: held) }
        return try catalog.listing(search, within: area, on: traverses, held: held)
      }
      switch outcome {
      case .printed:
        try printFound(
          catalog, traverses: traverses,
          listing: { try listing(CatalogPhotoListing.heldPhotos) }, console)
        return .success
      case .saved(let folder):
        guard let network else { return .success }
        // Saved a part at a time, within one read: the parts walked again for the entries
        // printed at the end are the ones saved.
        return try await catalog.reading {
          let listed = try listing(MissionDownloads.photosAPart)
          return try await save(listed, into: folder, common: network, console)
        }
      case .drawn(let show):
        // Drawn, the photos are taken whole.
        let photos = try catalog.reading {
          let listed = try listing(CatalogPhotoListing.heldPhotos)
          let photos = Array(listed)
          if let failure = listed.failure { throw failure }
          return photos
        }
        return try await show.drawing(photos).run(console)
      }
    }

    /// Prints the photos found, as they are read, or how many there are; `traverses` those
    /// of `--near`.
    private func printFound(
      _ catalog: Catalog, traverses: [String: Traverse]?,
      listing: () throws -> CatalogPhotoListing, _ console: Console
    ) throws {
      try catalog.reading {
        if let grouping {
          let counts =
            if let area, let traverses {
              try catalog.counts(search, within: area, on: traverses, by: grouping)
            } else {
              try catalog.counts(search, by: grouping)
            }
          try output.write(CatalogRecords.counts(counts), json: counts, to: console)
        } else if countOnly {
          let count = try traverses == nil ? catalog.count(search) : listing().count
          let total = [Catalog.GroupCount(key: "all", count: count)]
          try output.write(
            CatalogRecords.counts(total), json: total,
            table: { _, out in out.write("\(count)\n") }, to: console)
        } else {
          // Printed as they are read: a search may list every photo of every mission.
          let listed = try listing()
          let records = PhotoRecords.records(
            listed, numbered: listed.anyNumbered, mixed: listed.severalMissions)
          try output.write(records, json: JSONArray(listed), to: console)
          if let failure = listed.failure { throw failure }
        }
      }
    }

    /// With `--near`, the missions' traverses (asked at once, or kept); `nil` without it.
    private func nearTraverses(_ console: Console) async throws -> [String: Traverse]? {
      guard area != nil, let network else { return nil }
      guard let feeds = network.makeTraverses(console) else {
        throw ArchiveError.noTraverse(search.rovers.first ?? "")
      }
      return try await feeds.fetchTraverses(rovers: search.rovers)
    }

    /// Saves the photos found as `download` does, a part at a time (a search may find every
    /// photo of a mission): each file written whole, those there skipped, each part's sols
    /// recorded and the folder's gallery brought up to date as the part ends. The entries
    /// printed at the end are made again from the listing, with what became of each.
    private func save(
      _ listed: CatalogPhotoListing, into folder: DownloadOutput, common: CommonOptions,
      _ console: Console
    ) async throws -> ExitCode {
      let layout = PhotoFileLayout(root: folder.folder)
      let parts = DownloadParts(listed, layout: layout)
      let downloads = parts.lazy.joined()
      if folder.dryRun {
        let code = try folder.listPlan(downloads, common: common, console)
        if let failure = listed.failure { throw failure }
        return code
      }
      let upkeep = GalleryUpkeep(
        root: layout.root, enabled: !folder.noGallery, console: console, quiet: common.quiet,
        baseURL: folder.galleryURL)
      let outcomes = try await folder.fetch(
        parts, total: listed.count, common: common, console
      ) { results in
        try MissionDownloads.record(results, layout: layout)
        upkeep.update(results)
      }
      if let failure = listed.failure { throw failure }
      let results = zip(downloads, 0..<outcomes.count).lazy.map(outcomes.result)
      let entries = results.map { DownloadEntry($0, scrub: console.redacted) }
      try common.output.write(
        DownloadEntry.records(entries), json: JSONArray(entries), table: { _, _ in }, to: console)
      guard outcomes.anyWrong else { return .success }
      return DownloadProgress.reportFailures(results, console, quiet: common.quiet)
    }
  }
}
