import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Cuts a journal read in pieces into lines and decodes them a batch at a time: a line may
/// span two pieces, and a batch of whole lines decodes as one JSON array, which is much faster
/// than a decoder per line.
struct JournalReader {
  /// How many lines are decoded together.
  static let batchSize = 4096
  private var partial = Data()
  private var batch: [Data] = []

  /// Adds a piece of the journal; `apply` hears each batch of decoded lines.
  mutating func add(_ piece: Data, _ apply: ([SolEntry]) -> Void) {
    var start = piece.startIndex
    while let newline = piece[start...].firstIndex(of: UInt8(ascii: "\n")) {
      var line = partial
      line.append(piece[start..<newline])
      partial = Data()
      if !line.isEmpty { batch.append(line) }
      if batch.count >= Self.batchSize { flush(apply) }
      start = piece.index(after: newline)
    }
    partial.append(piece[start...])
  }

  /// Decodes what is left, a last line without its newline included (a torn line, which
  /// does not decode, is skipped).
  mutating func finish(_ apply: ([SolEntry]) -> Void) {
    if !partial.isEmpty { batch.append(partial) }
    partial = Data()
    flush(apply)
  }

  private mutating func flush(_ apply: ([SolEntry]) -> Void) {
    guard !batch.isEmpty else { return }
    apply(Self.decode(batch))
    batch.removeAll(keepingCapacity: true)
  }

  /// The lines that read as entries: as one array when all of them are whole (the usual
  /// case), line by line when one is torn or damaged.
  static func decode(_ lines: [Data]) -> [SolEntry] {
    var array = Data("[".utf8)
    for (index, line) in lines.enumerated() {
      if index > 0 { array.append(UInt8(ascii: ",")) }
      array.append(line)
    }
    array.append(UInt8(ascii: "]"))
    let decoder = JSONDecoder()
    if let all = try? decoder.decode([SolEntry].self, from: array) { return all }
    return lines.compactMap { try? decoder.decode(SolEntry.self, from: $0) }
  }
}
