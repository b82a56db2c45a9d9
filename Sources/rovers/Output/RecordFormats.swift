import Foundation
import RoverAPI

/// `--format`: how rows are written.
enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, ndjson, csv, tsv
}

extension Records {
  /// RFC 4180: a header of field names, CRLF line ends, and fields holding a comma, a quote
  /// or a line break quoted with their quotes doubled.
  func csv() -> String {
    let quote = { (text: String) -> String in
      guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
        return text
      }
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    let lines = [fields.map { quote($0.name) }] + rows.map { $0.map { quote($0.text) } }
    return lines.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  /// Tab-separated, with a header; tabs and line breaks inside values become spaces, as TSV
  /// has no quoting.
  func tsv() -> String {
    let clean = { (text: String) in
      String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
    let lines = [fields.map(\.name)] + rows.map { $0.map { clean($0.text) } }
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
