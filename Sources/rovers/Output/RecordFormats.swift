import Foundation
import RoverAPI

/// `--format`: how rows are written.
enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, ndjson, csv, tsv
}

extension Records {
  /// RFC 4180 quoting: a header of field names, and fields holding a comma, a quote or a line
  /// break quoted with their quotes doubled. Lines end with `\n`, as Go's encoding/csv and
  /// Miller write them, or `\r\n` for spreadsheets (`--crlf`).
  func csv(crlf: Bool = false) -> String {
    let quote = { (raw: String) -> String in
      // A line break inside a quoted field is CSV; a carriage return or escape is not kept.
      let text = TerminalText.safe(raw, keeping: ["\n", "\t"])
      guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
        return text
      }
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    let lines = [fields.map { quote($0.name) }] + rows.map { $0.map { quote($0.text) } }
    let end = crlf ? "\r\n" : "\n"
    return lines.map { $0.joined(separator: ",") }.joined(separator: end) + end
  }

  /// Tab-separated, with a header; TSV has no quoting, so tabs, line breaks and backslashes
  /// inside values are escaped (`\t`, `\n`, `\r`, `\\`).
  func tsv() -> String {
    let lines = [fields.map(\.name)] + rows.map { $0.map { TerminalText.tsvField($0.text) } }
    return lines.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
  }

  /// One compact JSON object per row, keyed by field name.
  func ndjson() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try rows.map { row in
      let object = RecordObject(fields: fields.map(\.name), cells: row)
      return String(decoding: try encoder.encode(object), as: UTF8.self) + "\n"
    }.joined()
  }
}

/// One row as a JSON object.
private struct RecordObject: Encodable {
  var fields: [String]
  var cells: [Records.Cell]

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: NamedKey.self)
    for (name, cell) in zip(fields, cells) {
      let key = NamedKey(name)
      switch cell {
      case .text(let text): try container.encode(text, forKey: key)
      case .number(let number): try container.encode(number, forKey: key)
      case .list(let items): try container.encode(items, forKey: key)
      case .missing: try container.encodeNil(forKey: key)
      }
    }
  }
}
