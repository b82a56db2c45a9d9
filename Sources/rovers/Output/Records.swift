/// A command's rows, described once: the table, CSV, TSV and NDJSON are all drawn from it.
///
/// Field names are the API's own snake_case names, so `--fields` and the CSV header read like
/// the JSON.
struct Records {
  /// One column.
  struct Field {
    /// The API's name: `earth_date`.
    var name: String
    /// The table's heading: `EARTH DATE`.
    var title: String
    var alignRight = false
    /// SGR colour codes by value, for a table on a terminal.
    var colors: [String: String] = [:]

    init(
      _ name: String, _ title: String? = nil, alignRight: Bool = false,
      colors: [String: String] = [:]
    ) {
      self.name = name
      self.title = title ?? name.uppercased().replacingOccurrences(of: "_", with: " ")
      self.alignRight = alignRight
      self.colors = colors
    }

    /// A rover's mission status: green while active, blue once complete.
    static let status = Field("status", colors: ["active": "32", "complete": "34"])
  }

  /// One value, typed so that NDJSON keeps numbers as numbers and lists as lists.
  enum Cell {
    case text(String)
    case number(Int)
    case list([String])
    case missing

    /// A number, or nothing when it is unknown.
    static func number(_ value: Int?) -> Cell { value.map(Cell.number) ?? .missing }

    /// The value in a table or a CSV field.
    var text: String {
      switch self {
      case .text(let text): text
      case .number(let number): String(number)
      case .list(let items): items.joined(separator: " ")
      case .missing: ""
      }
    }
  }

  var fields: [Field]
  var rows: [[Cell]] = []
  /// The columns a table shows when `--fields` does not say; all of them when `nil`.
  var tableFields: [String]?

  init(_ fields: [Field], table: [String]? = nil) {
    self.fields = fields
    tableFields = table
  }

  mutating func append(_ row: [Cell]) { rows.append(row) }

  /// Only the fields named, in that order; a usage error names an unknown one.
  func selecting(_ names: [String]?, spec: CommandSpec?) throws -> Records {
    guard let names else { return self }
    var picked = Records([])
    var indices: [Int] = []
    for name in names {
      guard let index = fields.firstIndex(where: { $0.name == name }) else {
        throw Self.unknownField(name, known: fields.map(\.name), spec: spec)
      }
      indices.append(index)
      picked.fields.append(fields[index])
    }
    picked.rows = rows.map { row in indices.map { row[$0] } }
    return picked
  }

  /// The error for a field the rows do not have, listing those they do.
  static func unknownField(_ name: String, known: [String], spec: CommandSpec?) -> UsageError {
    let hint = Suggestion.nearest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
    return UsageError(
      message: "Unknown field '\(name)'.\(hint) Fields: \(known.joined(separator: ", ")).",
      command: spec)
  }

  /// An aligned table with headings.
  func table(_ style: TerminalStyle) -> String {
    var table = TextTable(
      fields.map { TextTable.Column(title: $0.title, alignRight: $0.alignRight, colors: $0.colors) }
    )
    for row in rows { table.append(row.map(\.text)) }
    return rows.isEmpty ? "" : table.render(style)
  }
}
