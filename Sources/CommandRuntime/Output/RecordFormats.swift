import PlainText
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--format`: how rows are written.
package enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, ndjson, csv, tsv
  /// One self-contained page of photos: `photos` only.
  case html
}

extension Records {
  /// RFC 4180 quoting: a header of field names, and fields holding a comma, a quote or a line
  /// break quoted with their quotes doubled. Lines end with `\n`, as Go's encoding/csv and
  /// Miller write them, or `\r\n` for spreadsheets (`--crlf`).
  package func csv(crlf: Bool = false, to out: OutputBuffer) {
    let end: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
    // Each line is put together in one buffer of bytes, kept from line to line: a search
    // prints thousands of rows of 35 fields. The buffer is handed to the line's writing
    // once a row: a closure that appended to it field by field had each append checked for
    // overlapping access, 6% of a search's work.
    var line: [UInt8] = []
    func write(_ cells: [Cell]) {
      Self.csvLine(cells, end: end, into: &line)
      out.write(bytes: line)
    }
    write(fields.map { .text($0.name) })
    eachRow(write)
  }

  /// Makes `line` the CSV line of `cells`, ended by `end`.
  private static func csvLine(_ cells: [Cell], end: [UInt8], into line: inout [UInt8]) {
    line.removeAll(keepingCapacity: true)
    for (position, cell) in cells.enumerated() {
      if position > 0 { line.append(UInt8(ascii: ",")) }
      switch cell {
      case .text(let text): appendCSVField(text, to: &line)
      case .number(let number): DecimalDigits.append(number, to: &line)
      case .missing: break
      default: appendCSVField(cell.text, to: &line)
      }
    }
    line += end
  }

  /// Adds one CSV field. Most hold no control, comma or quote: one look at their bytes, and
  /// they go as they are (0xC2 may start a C1 control, so it takes the careful way).
  private static func appendCSVField(_ raw: String, to line: inout [UInt8]) {
    // Looked at and copied in one reach into the string's bytes.
    var raw = raw
    let plain = raw.withUTF8 { bytes in
      guard !needsCare(bytes) else { return false }
      line.append(contentsOf: bytes)
      return true
    }
    guard !plain else { return }
    // A line break inside a quoted field is CSV; a carriage return or escape is not kept.
    let text = TerminalText.safe(raw, keeping: ["\n", "\t"])
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      line += text.utf8
      return
    }
    line += ("\"" + text.replacing("\"", with: "\"\"") + "\"").utf8
  }

  /// Whether a CSV field holds a control, a comma or a quote, by one look at its bytes (0xC2
  /// may start a C1 control, so it counts too): most fields go as they are.
  private static func needsCare(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Eight bytes at a time (a listing's fields are tens of thousands): a word holds a byte
    // below 0x20 or equal to one of the four where a known expression of its bytes has a
    // high bit set (a zero byte in `word ^ repeated` is a byte equal to it). (`SIMD16`'s
    // comparisons were six times slower: not made into vector instructions.)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    func hasCare(_ word: UInt64) -> Bool {
      (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x7F))
        || hasZero(word ^ (ones &* 0xC2)) || hasZero(word ^ (ones &* 0x2C))
        || hasZero(word ^ (ones &* 0x22))
    }
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = 0
    while offset + 8 <= raw.count {
      if hasCare(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
      offset += 8
    }
    for byte in raw[offset...]
    where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0x2C || byte == 0x22 {
      return true
    }
    return false
  }

  /// Tab-separated, with a header; TSV has no quoting, so tabs, line breaks and backslashes
  /// inside values are escaped (`\t`, `\n`, `\r`, `\\`).
  package func tsv(to out: OutputBuffer) {
    out.write(fields.map(\.name).joined(separator: "\t") + "\n")
    eachRow { cells in
      out.write(cells.map { TerminalText.tsvField($0.text) }.joined(separator: "\t") + "\n")
    }
  }

  /// One compact JSON object per row, keyed by field name in sorted order, numbers kept as
  /// numbers and lists as lists.
  package func ndjson(to out: OutputBuffer) {
    let order = fields.indices.sorted { fields[$0].name < fields[$1].name }
    eachRow { cells in
      var line: [UInt8] = [UInt8(ascii: "{")]
      for (position, field) in order.enumerated() {
        if position > 0 { line.append(UInt8(ascii: ",")) }
        line += JSONWriter.quoted(fields[field].name)
        line.append(UInt8(ascii: ":"))
        switch cells[field] {
        case .text(let text): line += JSONWriter.quoted(text)
        case .number(let number): DecimalDigits.append(number, to: &line)
        case .decimal(let number): line += Array(String(number).utf8)
        case .list(let items):
          line.append(UInt8(ascii: "["))
          line += items.map(JSONWriter.quoted).joined(separator: [UInt8(ascii: ",")])
          line.append(UInt8(ascii: "]"))
        case .numbers(let values):
          line += Array(("[" + values.map(Records.plain).joined(separator: ",") + "]").utf8)
        case .missing: line += Array("null".utf8)
        }
      }
      line += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
      out.write(bytes: line)
    }
  }
}
