import MarsFetching
import RoverAPI

extension Catalog {
  /// The photos `search` finds that were taken within `area`, each placed on its mission's
  /// traverse (`traverses`, by lower-case name) as `photos --near` places it: by its site and
  /// drive, else by where the rover was on its sol. Missions without a traverse have no
  /// place, so none of their photos is near anything. Listed as ``listing(_:held:)`` lists
  /// a search's photos: a place may hold most of a mission's.
  ///
  /// Only the sols each traverse spent near the place are read; the exact test is each
  /// photo's own place, after which the search's limit or random pick applies.
  public func listing(
    _ search: CatalogSearch, within area: NearbyArea, on traverses: [String: Traverse],
    held: Int = CatalogPhotoListing.heldPhotos
  ) throws(CatalogError) -> CatalogPhotoListing {
    try listing(
      near(search, within: area, on: traverses), keeping: Self.placed(within: area, on: traverses),
      limit: search.limit, random: search.random, held: held)
  }

  /// How many of the photos `search` finds within `area` fall in each group, as
  /// ``counts(_:by:)`` counts a search's; each photo read once, none held.
  public func counts(
    _ search: CatalogSearch, within area: NearbyArea, on traverses: [String: Traverse],
    by grouping: CatalogSearch.Grouping
  ) throws(CatalogError) -> [GroupCount] {
    var counter = GroupCounter(grouping)
    try eachPhoto(
      near(search, within: area, on: traverses), keeping: Self.placed(within: area, on: traverses)
    ) { _, photo in
      counter.count(photo)
      return true
    }
    return counter.counts
  }

  /// `search` over every photo of the sols each traverse spent near `area`, without its
  /// limit or random pick, which apply to the photos near it.
  private func near(
    _ search: CatalogSearch, within area: NearbyArea, on traverses: [String: Traverse]
  ) -> CatalogSearch {
    var wide = search
    wide.limit = nil
    wide.random = nil
    wide.missionSols = traverses.mapValues { $0.sols(within: area) }
    return wide
  }

  /// A photo placed on its mission's traverse if it was taken within `area`, else `nil`.
  private static func placed(within area: NearbyArea, on traverses: [String: Traverse])
    -> (Photo) -> Photo?
  {
    { photo in
      guard let traverse = traverses[photo.rover.name.lowercased()],
        let place = traverse.place(of: photo), area.contains(place)
      else { return nil }
      var placed = photo
      placed.details.place = place
      return placed
    }
  }
}
