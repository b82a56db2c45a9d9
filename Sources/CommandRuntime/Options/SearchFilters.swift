import ArgumentParsing
import MarsCatalog
import RoverAPI

/// The filters and orders of `rovers search`, each an option, and the search they describe
/// (all but the rovers and cameras, which the command checks by name).
package enum SearchFilters {
  package static let sols = SearchSpans.numbers(
    "sol", value: "from..to", help: "Only these sols.", bounds: 0...100_000,
    whole: true)
  package static let earthDates = SearchSpans.days(
    "earth-date", help: "Only photos taken on these Earth days (UTC).")
  package static let lmst = SearchSpans.clock(
    "lmst", help: "Only photos taken at these local Mars times; may wrap through midnight.")
  package static let season = SearchSpans.numbers(
    "ls", value: "from..to",
    help: "Only photos taken in this season: solar longitude in degrees (90..180 is northern"
      + " summer); may wrap.", bounds: 0...360, wraps: true)
  package static let azimuth = SearchSpans.numbers(
    "az", value: "from..to", help: "Only photos with the mast's azimuth here; may wrap.",
    bounds: 0...360, wraps: true)
  package static let elevation = SearchSpans.numbers(
    "el", value: "from..to", help: "Only photos with the mast's elevation here, degrees.",
    bounds: -90...90)
  package static let site = SearchSpans.numbers(
    "site", value: "from..to", help: "Only photos from these sites.", bounds: 0...1_000_000,
    whole: true)
  package static let drive = SearchSpans.numbers(
    "drive", value: "from..to", help: "Only photos from these drives within a site.",
    bounds: 0...1_000_000, whole: true)
  package static let sampleType = Option<SampleType>.choice(
    "sample-type", value: "type", repeatable: true,
    help: "Only full, thumbnail, subframe or downsampled images; repeat for several.")
  package static let width = SearchSpans.numbers(
    "width", value: "from..to", help: "Only images this many pixels wide.",
    bounds: 1...100_000, whole: true)
  package static let height = SearchSpans.numbers(
    "height", value: "from..to", help: "Only images this many pixels high.",
    bounds: 1...100_000, whole: true)
  package static let filter = Option.text(
    "filter", value: "name", repeatable: true, help: "Only photos through this filter.",
    blank: "give a filter's name, such as L0")
  package static let sequence = Option.text(
    "sequence", value: "id", repeatable: true,
    help: "Only photos of this observation sequence, such as NCAM00518.",
    blank: "give a sequence, such as NCAM00518")
  package static let text = Option.text(
    "text", value: "words", repeatable: true,
    help: "Only photos whose title or caption has every word, ignoring case.",
    blank: "give one or more words")
  package static let nasaID = Option.text(
    "nasa-id", value: "pattern", repeatable: true,
    help: "Only photos whose name has this part, or matches this pattern of * and ?.",
    blank: "give a part of a name, or a pattern such as NLB_*")
  package static let stereo = Flag(
    "stereo", help: "Only photos whose other eye's frame is in the catalogue too (stereo pairs).")
  package static let sort = Option<CatalogSearch.Order>.choice(
    "sort", value: "order",
    help: "Order by sol (the default), newest (latest sols first), lmst, az or ls.")
  package static let limit = Option.integer(
    "limit", value: "n", help: "At most this many photos.", in: 1...Int.max,
    reason: "give a whole number, 1 or more")
  package static let random = Option.integer(
    "random", value: "n", help: "This many photos that match, picked at random.",
    in: 1...Int.max, reason: "give a whole number, 1 or more")

  /// The options, in the order help lists them.
  package static var specs: [OptionSpec] {
    [
      sols.spec, earthDates.spec, lmst.spec, season.spec, azimuth.spec, elevation.spec,
      site.spec, drive.spec, sampleType.spec, width.spec, height.spec, filter.spec,
      sequence.spec, text.spec, nasaID.spec, stereo.spec, sort.spec, limit.spec, random.spec,
    ]
  }

  /// The search the options describe; ``UsageError`` for a value out of its bounds or a
  /// choice that cannot be made together.
  package static func parse(_ arguments: ParsedArguments) throws -> CatalogSearch {
    var search = CatalogSearch()
    search.sols = try arguments[sols]
    if let days = try arguments[earthDates] {
      (search.fromEarthDate, search.toEarthDate) = (days[0], days[1])
    }
    search.lmst = try arguments[lmst]
    search.solarLongitude = try arguments[season]
    search.azimuth = try arguments[azimuth]
    search.elevation = try arguments[elevation]
    search.site = try arguments[site]
    search.drive = try arguments[drive]
    search.sampleTypes = try arguments[all: sampleType].map(\.rawValue)
    search.width = try arguments[width]
    search.height = try arguments[height]
    search.filters = try arguments[all: filter]
    search.sequences = try arguments[all: sequence]
    search.words = try arguments[all: text].flatMap(CatalogSearch.words)
    search.nasaIDs = try arguments[all: nasaID]
    search.stereo = arguments[stereo]
    search.order = try arguments[sort] ?? .sol
    search.limit = try arguments[limit]
    search.random = try arguments[random]
    if search.random != nil, arguments.text(of: sort) != nil || search.limit != nil {
      throw UsageError(
        message: "'--random' picks its own photos; it cannot be used with '--sort' or"
          + " '--limit'", command: arguments.spec)
    }
    return search
  }
}
