import Foundation
import Testing

@testable import MarsMirror

/// The sync journal read line by line where it lies: every entry `JSONEncoder` writes comes
/// back the same, whichever way the reads cut the lines, and a torn or damaged line is skipped
/// without losing the others.
@Suite struct JournalReaderTests {
  static let entries: [SolEntry] = [
    .start(rover: "curiosity", sol: 12),
    .downlinks(rover: "perseverance", missed: true),
    SolEntry(
      rover: "curiosity", sol: 100, count: 152, cameras: ["MAST", "NAVCAM"], size: "large",
      listed: 150, saved: 149, state: .short, shortSince: 1_700_000_000.25, shortRuns: 3,
      settled: false, retryAfter: 1_700_086_400.5, feeds: true),
    SolEntry(
      rover: "perseverance", sol: 7, count: 0, cameras: [], listed: 0, saved: 0,
      state: .complete),
    SolEntry(rover: "Spirit \"A\" \u{e9}", sol: 2210, state: .incomplete),
  ]

  /// The journal as `SyncJournal` writes it: one compact JSON object a line.
  static var journal: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return entries.flatMap { (try? encoder.encode($0)).map { [UInt8]($0) + [10] } ?? [] }
  }

  /// Reads `bytes` in pieces of `size` bytes.
  static func read(_ bytes: [UInt8], piecesOf size: Int) -> [SolEntry] {
    var reader = JournalReader()
    var read: [SolEntry] = []
    for start in stride(from: 0, to: bytes.count, by: size) {
      reader.add(Data(bytes[start..<min(bytes.count, start + size)])) { read += $0 }
    }
    reader.finish { read += $0 }
    return read
  }

  @Test(arguments: [1, 7, 64, 100_000])
  func everyEntryComesBackWhateverThePieces(_ size: Int) {
    #expect(Self.read(Self.journal, piecesOf: size) == Self.entries)
  }

  @Test func aTornOrDamagedLineIsSkippedAndTheOthersKept() {
    let lines = Self.journal.split(separator: 10, omittingEmptySubsequences: false)
    // The third line damaged (a number where a word belongs), the last torn by a kill.
    var bytes = Array(lines[0]) + [10] + Array(lines[1]) + [10]
    bytes += Array(#"{"rover":"curiosity","sol":"x"}"#.utf8) + [10, 10]
    bytes += Array(lines[3]) + [10] + Array(lines[4].prefix(lines[4].count / 2))
    let read = Self.read(bytes, piecesOf: 5)
    #expect(read == [Self.entries[0], Self.entries[1], Self.entries[3]])
  }
}
