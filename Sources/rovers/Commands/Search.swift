import ArgumentParsing
import CommandRuntime
import MarsCatalog
import PlainText
import RoverAPI

extension Rovers {
  /// `rovers search`: the catalogue's photos that match, offline, across sols and missions.
  struct Search: RoverCommand {
    static let spec = CommandSpec(
      name: "search", abstract: "Find photos in the local catalogue, offline.",
      discussion: """
        Searches the catalogue that 'rovers catalog sync' keeps, with no server and no sol \
        needed: every filter given narrows the photos, across every mission or the rovers \
        named. A range is FROM..TO, FROM.. or ..TO, or one value. Windows on a circle wrap: \
        --az 350..20 looks through north, --lmst 17:00..07:00 through midnight, --ls 300..30 \
        through the year's start. --camera takes a camera (NAVCAM), a family of instruments \
        (NAVCAM for NAVCAM_LEFT and NAVCAM_RIGHT) or one instrument (NAV_LEFT_B). --text \
        keeps photos whose title or caption has every word, --nasa-id a part of the name or a \
        pattern with * and ?. Photos print as rovers photos prints them, in sol order unless \
        --sort says otherwise; --count and --group-by count them instead.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The missions to search, such as curiosity. (default: every one)",
          isRequired: false, isRepeated: true, completion: .rovers)
      ],
      options: [
        CameraOptions.repeatable, Self.sols.spec, Self.earthDates.spec, Self.lmst.spec,
        Self.season.spec, Self.azimuth.spec, Self.elevation.spec, Self.site.spec,
        Self.drive.spec, Self.sampleType.spec, Self.width.spec, Self.height.spec,
        Self.filter.spec, Self.sequence.spec, Self.text.spec, Self.nasaID.spec,
        Self.countFlag.spec, Self.groupBy.spec, Self.sort.spec, Self.limit.spec,
        Self.random.spec, CatalogPath.option.spec,
      ] + OutputOptions.specs,
      examples: [
        "rovers search curiosity --camera navcam --sol 1000..1100",
        "rovers search --az 350..20 --lmst 17:00..19:00",
        "rovers search perseverance --ls 90..180 --camera MCZ_LEFT --sort newest --limit 100",
        "rovers search curiosity --site 45 --count --group-by camera",
        "rovers search --text 'dust devil' --fields sol,nasa_id,title",
      ])

    static let sols = SearchSpans.numbers(
      "sol", value: "from..to", help: "Only these sols.", bounds: 0...100_000)
    static let earthDates = SearchSpans.days(
      "earth-date", help: "Only photos taken on these Earth days (UTC).")
    static let lmst = SearchSpans.clock(
      "lmst", help: "Only photos taken at these local Mars times; may wrap through midnight.")
    static let season = SearchSpans.numbers(
      "ls", value: "from..to",
      help: "Only photos taken in this season: solar longitude in degrees (90..180 is northern"
        + " summer); may wrap.", bounds: 0...360, wraps: true)
    static let azimuth = SearchSpans.numbers(
      "az", value: "from..to", help: "Only photos with the mast's azimuth here; may wrap.",
      bounds: 0...360, wraps: true)
    static let elevation = SearchSpans.numbers(
      "el", value: "from..to", help: "Only photos with the mast's elevation here, degrees.",
      bounds: -90...90)
    static let site = SearchSpans.numbers(
      "site", value: "from..to", help: "Only photos from these sites.", bounds: 0...1_000_000)
    static let drive = SearchSpans.numbers(
      "drive", value: "from..to", help: "Only photos from these drives within a site.",
      bounds: 0...1_000_000)
    static let sampleType = Option.text(
      "sample-type", value: "type", repeatable: true,
      help: "Only full, thumbnail, subframe or downsampled images; repeat for several.",
      completion: .values(["full", "thumbnail", "subframe", "downsampled"]))
    static let width = SearchSpans.numbers(
      "width", value: "from..to", help: "Only images this many pixels wide.",
      bounds: 1...100_000)
    static let height = SearchSpans.numbers(
      "height", value: "from..to", help: "Only images this many pixels high.",
      bounds: 1...100_000)
    static let filter = Option.text(
      "filter", value: "name", repeatable: true, help: "Only photos through this filter.")
    static let sequence = Option.text(
      "sequence", value: "id", repeatable: true,
      help: "Only photos of this observation sequence, such as NCAM00518.")
    static let text = Option.text(
      "text", value: "words", repeatable: true,
      help: "Only photos whose title or caption has every word, ignoring case.")
    static let nasaID = Option.text(
      "nasa-id", value: "pattern", repeatable: true,
      help: "Only photos whose name has this part, or matches this pattern of * and ?.")
    static let countFlag = Flag("count", help: "Print how many photos match, not the photos.")
    static let groupBy = Option<CatalogSearch.Grouping>.choice(
      "group-by", value: "key",
      help: "Count the photos that match by sol, camera, sequence,"
        + " site or rover.")
    static let sort = Option<CatalogSearch.Order>.choice(
      "sort", value: "order",
      help: "Order by sol (the default), newest (latest sols first), lmst, az or ls.")
    static let limit = Option.integer(
      "limit", value: "n", help: "At most this many photos.", in: 1...Int.max,
      reason: "give a whole number, 1 or more")
    static let random = Option.integer(
      "random", value: "n", help: "This many photos that match, picked at random.",
      in: 1...Int.max, reason: "give a whole number, 1 or more")

    var sharedOptions: CommonOptions? { nil }
    let output: OutputOptions
    let path: String
    let search: CatalogSearch
    let grouping: CatalogSearch.Grouping?
    let countOnly: Bool

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      output = try OutputOptions(arguments)
      path = try CatalogPath.resolve(settings, spec: Self.spec)
      var search = CatalogSearch()
      search.rovers = try arguments.positionals.map {
        try NameRules.rover($0, spec: Self.spec)
      }
      search.cameras = try CameraOptions.parse(arguments)
      search.sols = try arguments[Self.sols]
      if let days = try arguments[Self.earthDates] {
        (search.fromEarthDate, search.toEarthDate) = (days[0], days[1])
      }
      search.lmst = try arguments[Self.lmst]
      search.solarLongitude = try arguments[Self.season]
      search.azimuth = try arguments[Self.azimuth]
      search.elevation = try arguments[Self.elevation]
      search.site = try arguments[Self.site]
      search.drive = try arguments[Self.drive]
      search.sampleTypes = try arguments[all: Self.sampleType]
      search.width = try arguments[Self.width]
      search.height = try arguments[Self.height]
      search.filters = try arguments[all: Self.filter]
      search.sequences = try arguments[all: Self.sequence]
      search.words = try arguments[all: Self.text].flatMap {
        $0.split(whereSeparator: \.isWhitespace).map(String.init)
      }
      search.nasaIDs = try arguments[all: Self.nasaID]
      search.order = try arguments[Self.sort] ?? .sol
      search.limit = try arguments[Self.limit]
      search.random = try arguments[Self.random]
      self.search = search
      grouping = try arguments[Self.groupBy]
      countOnly = arguments[Self.countFlag]
      if search.random != nil, arguments.text(of: Self.sort) != nil || search.limit != nil {
        throw UsageError(
          message: "'--random' picks its own photos; it cannot be used with '--sort' or"
            + " '--limit'", command: Self.spec)
      }
      let fields = countOnly || grouping != nil ? Self.countFields : Photos.fields
      try output.check(fields: fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { Photos.fieldNames }

    static let countFields: [Records.Field] = [
      .init("group"), .init("count", alignRight: true),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      let catalog = try Catalog(path: path, writing: false)
      if let grouping {
        let counts = try catalog.counts(search, by: grouping)
        let records = Records(Self.countFields, counts) { [.text($0.key), .number($0.count)] }
        try output.write(records, json: counts, to: console)
      } else if countOnly {
        let count = try catalog.count(search)
        let total = [Catalog.GroupCount(key: "all", count: count)]
        let records = Records(Self.countFields, total) { [.text($0.key), .number($0.count)] }
        try output.write(
          records, json: total,
          table: { _, out in out.write("\(count)\n") }, to: console)
      } else {
        let photos = try catalog.photos(search)
        try output.write(Photos.records(photos), json: photos, to: console)
      }
      return .success
    }
  }
}
