import RoverAPI

/// The feeds' details of a photo as record fields: what `--fields mars_time,mast_az,…` picks in
/// every command that lists photos, named as in the JSON.
package enum PhotoDetailFields {
  /// The fields, after a command's own: the details' members (``PhotoDetails/members``), with
  /// the photo's sequence after its place.
  package static let fields: [Records.Field] = withSequence(
    PhotoDetails.members.map { Records.Field($0.name, $0.title, alignRight: $0.alignRight) },
    Records.Field("sequence"))

  /// `cells` with the sequence's after the place's, where `--fields` has always listed it.
  private static func withSequence<Item>(_ items: [Item], _ sequence: Item) -> [Item] {
    var items = items
    items.insert(sequence, at: sequenceAfter + 1)
    return items
  }

  /// The fields that need the rover's traverse: a command fetches it only when one is asked
  /// for.
  package static let placeFields: Set<String> = ["lat", "lon", "elevation", "place"]

  /// A photo's cells for ``fields``, in order; empty where its source has no value.
  package static func cells(_ details: PhotoDetails, sequence: String?) -> [Records.Cell] {
    var cells: [Records.Cell] = []
    append(details, sequence: sequence, to: &cells)
    return cells
  }

  /// Adds a photo's cells for ``fields`` to `cells`: a listing's rows are made in one array
  /// each, thousands of them for a search.
  package static func append(
    _ details: PhotoDetails, sequence: String?, to cells: inout [Records.Cell]
  ) {
    cells.reserveCapacity(cells.count + fields.count)
    let sequenceAfter = sequenceAfter
    withUnsafePointer(to: details) { details in
      for (index, member) in PhotoDetails.members.enumerated() {
        cells.append(cell(member.value(at: details)))
        if index == sequenceAfter { cells.append(.text(sequence)) }
      }
    }
  }

  /// The member the sequence's cell follows: the place, as in ``withSequence(_:_:)``.
  private static let sequenceAfter =
    PhotoDetails.members.firstIndex { $0.name == "place" }
    ?? PhotoDetails.members.count - 1

  /// The value taken, not copied: its text moves into the cell (a row has 26 of them).
  private static func cell(_ value: consuming PhotoDetailMember.Value) -> Records.Cell {
    switch consume value {
    case .text(let text): .text(text)
    case .integer(let number): .number(number)
    case .decimal(let number): .decimal(number)
    case .integers(let numbers): .integers(numbers)
    case .decimals(let numbers): .numbers(numbers)
    case .lists(let lists):
      .text(
        lists.map { lists in
          lists.map { "(" + $0.map(Records.plain).joined(separator: ",") + ")" }
            .joined(separator: ";")
        })
    }
  }
}
