import RoverAPI

extension Catalog {
  /// Counts photos by group as they come, as ``Catalog/counts(_:by:)`` counts a search's:
  /// for photos the catalogue's SQL cannot count (those near a place), none of them held.
  struct GroupCounter {
    private let grouping: CatalogSearch.Grouping
    /// Each group's count, and the keys it is ordered by.
    private var groups: [String: (order: [String], count: Int)] = [:]

    /// An empty count by `grouping`.
    init(_ grouping: CatalogSearch.Grouping) { self.grouping = grouping }

    /// Counts `photo` in its group.
    mutating func count(_ photo: Photo) {
      let rover = photo.rover.name.lowercased()
      let (key, order): (String, [String]) =
        switch grouping {
        case .sol: ("\(rover) \(photo.sol)", [rover, Self.padded(photo.sol)])
        case .camera: (photo.camera.name, [photo.camera.name])
        case .sequence: (photo.sequence ?? "", [photo.sequence ?? ""])
        case .site:
          (photo.details.site.map(String.init) ?? "", [photo.details.site.map(Self.padded) ?? "~"])
        case .rover: (rover, [rover])
        }
      groups[key, default: (order, 0)].count += 1
    }

    /// The groups in order, sols by mission and number.
    var counts: [GroupCount] {
      groups.sorted { $0.value.order.lexicographicallyPrecedes($1.value.order) }.map {
        GroupCount(key: $0.key, count: $0.value.count)
      }
    }

    /// A number as text with spaces before it to 8 characters, which sorts as the number.
    private static func padded(_ number: Int) -> String {
      let text = String(number)
      return String(repeating: " ", count: max(0, 8 - text.count)) + text
    }
  }
}
