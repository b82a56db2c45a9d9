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
      options: [CameraOptions.repeatable] + SearchFilters.specs + [
        Self.countFlag.spec, Self.groupBy.spec, CatalogPath.option.spec,
      ] + OutputOptions.specs,
      examples: [
        "rovers search curiosity --camera navcam --sol 1000..1100",
        "rovers search --az 350..20 --lmst 17:00..19:00",
        "rovers search perseverance --ls 90..180 --camera MCZ_LEFT --sort newest",
        "rovers search curiosity --site 45 --group-by camera",
        "rovers search --text 'dust devil' --fields sol,nasa_id,title",
      ])

    static let countFlag = Flag("count", help: "Print how many photos match, not the photos.")
    static let groupBy = Option<CatalogSearch.Grouping>.choice(
      "group-by", value: "key",
      help: "Count the photos that match by sol, camera, sequence,"
        + " site or rover.")
    var sharedOptions: CommonOptions? { nil }
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
      self.search = search
      grouping = try arguments[Self.groupBy]
      countOnly = arguments[Self.countFlag]
      let fields = countOnly || grouping != nil ? CatalogRecords.countFields : Photos.fields
      try output.check(fields: fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { Photos.fieldNames }

    func run(_ console: Console) async throws -> ExitCode {
      let catalog = try Catalog(path: path, writing: false)
      if let grouping {
        let counts = try catalog.counts(search, by: grouping)
        try output.write(CatalogRecords.counts(counts), json: counts, to: console)
      } else if countOnly {
        let count = try catalog.count(search)
        let total = [Catalog.GroupCount(key: "all", count: count)]
        try output.write(
          CatalogRecords.counts(total), json: total,
          table: { _, out in out.write("\(count)\n") }, to: console)
      } else {
        let photos = try catalog.photos(search)
        try output.write(PhotoRecords.records(photos), json: photos, to: console)
      }
      return .success
    }
  }
}
