import MarsFetching
import RoverAPI

extension Catalog {
  /// The photos `search` finds that were taken within `area`, each placed on its mission's
  /// traverse (`traverses`, by lower-case name) as `photos --near` places it: by its site and
  /// drive, else by where the rover was on its sol. Missions without a traverse have no
  /// place, so none of their photos is near anything.
  ///
  /// Only the sols each traverse spent near the place are read; the exact test is each
  /// photo's own place, after which the search's limit or random pick applies.
  public func photos(
    _ search: CatalogSearch, within area: NearbyArea, on traverses: [String: Traverse]
  ) throws(CatalogError) -> [Photo] {
    var wide = search
    wide.limit = nil
    wide.random = nil
    wide.missionSols = traverses.mapValues { $0.sols(within: area) }
    var found: [Photo] = []
    for photo in try photos(wide) {
      guard let traverse = traverses[photo.rover.name.lowercased()],
        let place = traverse.place(of: photo), area.contains(place)
      else { continue }
      var placed = photo
      placed.details.place = place
      found.append(placed)
    }
    if let count = search.random {
      var generator = SystemRandomNumberGenerator()
      return Array(found.shuffled(using: &generator).prefix(count))
    }
    return search.limit.map { Array(found.prefix($0)) } ?? found
  }

  /// How many of `photos` fall in each group, as ``counts(_:by:)`` counts a search's: the
  /// groups in order, sols by mission and number.
  public static func counts(_ photos: [Photo], by grouping: CatalogSearch.Grouping)
    -> [GroupCount]
  {
    var counts: [String: (order: [String], count: Int)] = [:]
    for photo in photos {
      let rover = photo.rover.name.lowercased()
      let (key, order): (String, [String]) =
        switch grouping {
        case .sol: ("\(rover) \(photo.sol)", [rover, String(photo.sol).leftPadded(to: 8)])
        case .camera: (photo.camera.name, [photo.camera.name])
        case .sequence: (photo.sequence ?? "", [photo.sequence ?? ""])
        case .site:
          (
            photo.details.site.map(String.init) ?? "",
            [photo.details.site.map { String($0).leftPadded(to: 8) } ?? "~"]
          )
        case .rover: (rover, [rover])
        }
      counts[key, default: (order, 0)].count += 1
    }
    return counts.sorted { $0.value.order.lexicographicallyPrecedes($1.value.order) }.map {
      GroupCount(key: $0.key, count: $0.value.count)
    }
  }
}

extension String {
  /// The text with spaces before it to `width` characters: numbers as text that sort as
  /// numbers.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
