#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A record's members read in one pass into a table by name: the record's own and those of
/// its nested objects (`extended`, `camera`…), everything else skipped. What a feed's record
/// is made from, by ``LenientMember``'s rules.
struct ScannedRecord<Member: Hashable & Sendable & RawRepresentable<String>> {
  /// Which members are read: the record's own and each nested object's, by their names.
  struct Layout: Sendable {
    fileprivate let own: Names
    fileprivate let nested: [(name: String, members: Names)]
    fileprivate let nestedNames: [[UInt8]]
    /// Each member's place among a record's values, the same wherever it is read.
    fileprivate let places: [Member: Int]

    /// The record's `own` members and the members of each object nested in it by name.
    init(own: [Member], nested: [(String, [Member])] = []) {
      var places: [Member: Int] = [:]
      for member in own + nested.flatMap(\.1) where places[member] == nil {
        places[member] = places.count
      }
      self.places = places
      self.own = Names(own, places)
      self.nested = nested.map { ($0.0, Names($0.1, places)) }
      nestedNames = nested.map { Array($0.0.utf8) }
    }
  }

  /// Members' places and their names' bytes, in one order, as a key is matched against them.
  fileprivate struct Names: Sendable {
    let places: [Int]
    let names: [[UInt8]]

    init(_ members: [Member], _ places: [Member: Int]) {
      self.places = members.map { places[$0] ?? 0 }
      names = members.map { Array($0.rawValue.utf8) }
    }
  }

  /// The values read, each at its member's place: one array a record, written without
  /// hashing (a table by name cost a feed's scan a fifth of its time).
  private var values: [ScannedMember]
  private let places: [Member: Int]

  private init(_ layout: Layout) {
    values = Array(repeating: .absent, count: layout.places.count)
    places = layout.places
  }

  /// The member's value; ``ScannedMember/absent`` when the record does not have it.
  subscript(_ member: Member) -> ScannedMember { places[member].map { values[$0] } ?? .absent }

  /// Reads the next value as a record; `nil`, the value read, when it is no object. A member
  /// the layout does not name is offered to `other`, which reads it and says so (a page's
  /// list of records), or leaves it to be skipped.
  static func read(
    _ scanner: inout JSONScanner, _ layout: Layout,
    other: (inout JSONScanner, JSONScanner.Key) throws -> Bool = { _, _ in false }
  ) throws -> Self? {
    guard scanner.nextKind() == .object else {
      try scanner.skipValue()
      return nil
    }
    var record = Self(layout)
    try scanner.readObject { scanner, key in
      if let position = scanner.position(of: key, in: layout.own.names) {
        record.values[layout.own.places[position]] = try ScannedMember.read(&scanner)
      } else if let position = scanner.position(of: key, in: layout.nestedNames),
        scanner.nextKind() == .object
      {
        let group = layout.nested[position]
        try scanner.member(group.name) { scanner in
          try scanner.readObject { scanner, key in
            guard let position = scanner.position(of: key, in: group.members.names) else {
              return try scanner.skipValue()
            }
            record.values[group.members.places[position]] = try ScannedMember.read(&scanner)
          }
        }
      } else if try !other(&scanner, key) {
        try scanner.skipValue()
      }
    }
    return record
  }
}

extension ScannedRecord {
  /// Reads a feed's page in one pass: its own members by `layout`, and the records of its
  /// list `list`, each by `record` (`nil` for one left out, which still counts as received).
  /// A body without the list is an error.
  static func page<Record>(
    _ data: Data, _ layout: Layout, list: StaticString,
    record: (inout JSONScanner) throws -> Record?
  ) throws -> (page: Self, records: [Record], received: Int) {
    try JSONScanner.read(data) { scanner in
      var records: [Record]?
      var received = 0
      let page = try read(&scanner, layout) { scanner, key in
        guard scanner.isKey(key, list) else { return false }
        var read: [Record] = []
        try scanner.member(list.description) { scanner in
          try scanner.readArray { scanner, _ in
            received += 1
            if let record = try record(&scanner) { read.append(record) }
          }
        }
        records = read
        return true
      }
      guard let page, let records else { throw scanner.missing(list.description) }
      return (page, records, received)
    }
  }
}
