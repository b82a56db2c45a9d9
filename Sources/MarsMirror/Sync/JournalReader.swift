import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Cuts a journal read in pieces into lines and reads each where it lies, with the project's
/// own JSON scanner: a 700k-photo mirror's journal is thousands of lines, read at every run,
/// and `JSONDecoder` (even a batch of lines as one array) cost a tenth of a run's time. A line
/// may span two pieces; only that one is copied. A line that does not read (torn by a kill, or
/// damaged) is skipped.
struct JournalReader {
  /// The start of a line the last piece did not finish.
  private var partial: [UInt8] = []

  /// Adds a piece of the journal; `apply` hears the entries of its whole lines.
  mutating func add(_ piece: Data, _ apply: ([SolEntry]) -> Void) {
    var entries: [SolEntry] = []
    piece.withUnsafeBytes { bytes in
      var start = 0
      while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        if partial.isEmpty {
          Self.append(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]), to: &entries)
        } else {
          partial += bytes[start..<newline]
          partial.withUnsafeBytes { Self.append($0, to: &entries) }
          partial.removeAll(keepingCapacity: true)
        }
        start = newline + 1
      }
      partial += bytes[start...]
    }
    apply(entries)
  }

  /// Reads what is left, a last line without its newline included (a torn line, which does
  /// not read, is skipped).
  mutating func finish(_ apply: ([SolEntry]) -> Void) {
    var entries: [SolEntry] = []
    partial.withUnsafeBytes { Self.append($0, to: &entries) }
    partial = []
    apply(entries)
  }

  /// The entry of one line, when it reads as one; blank lines are passed over.
  private static func append(_ line: UnsafeRawBufferPointer, to entries: inout [SolEntry]) {
    guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }),
      let entry = try? JSONScanner.read(bytes: line, SolEntry.scan)
    else { return }
    entries.append(entry)
  }
}
