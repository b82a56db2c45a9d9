import Foundation

extension SolRecord {
  /// How records are written: members sorted, slashes left alone so addresses read as
  /// addresses.
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The record as JSON: the bytes `JSONEncoder` writes for it whole, made a few hundred
  /// photos at a time. Encoded whole, a sol of 5,000 photos was a value tree of 20 MB before
  /// its first byte was written, the peak of a whole download; a photo at a time, the encoder's
  /// own cost per call showed.
  public func encoded() throws -> Data {
    let encoder = Self.makeEncoder()
    // Members in sorted order: gone, photos, rover, sol.
    var json = Data(#"{"gone":"#.utf8)
    try Self.append(gone, to: &json, encoder)
    json.append(contentsOf: #","photos":"#.utf8)
    try Self.append(photos, to: &json, encoder)
    json.append(contentsOf: #","rover":"#.utf8)
    json.append(try encoder.encode(rover))
    json.append(contentsOf: #","sol":"#.utf8)
    json.append(try encoder.encode(sol))
    json.append(contentsOf: "}".utf8)
    return json
  }

  /// How many elements of a list are encoded at once.
  private static let chunk = 256

  /// `items` as a JSON array, encoded `chunk` at a time: each piece is an array whose
  /// brackets are dropped and whose elements join the others with a comma.
  private static func append<Item: Encodable>(
    _ items: [Item], to json: inout Data, _ encoder: JSONEncoder
  ) throws {
    json.append(contentsOf: "[".utf8)
    for start in stride(from: 0, to: items.count, by: chunk) {
      if start > 0 { json.append(contentsOf: ",".utf8) }
      let piece = try encoder.encode(Array(items[start..<min(start + chunk, items.count)]))
      json.append(piece.dropFirst().dropLast())
    }
    json.append(contentsOf: "]".utf8)
  }
}
