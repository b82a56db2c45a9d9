import ArgumentParsing
import PlainText
import Synchronization

/// A command's rows, described once and made one at a time: the table, CSV, TSV and NDJSON
/// are all drawn from it, and none of them needs every row in memory at once.
///
/// Field names are the API's own snake_case names, so `--fields` and the CSV header read like
/// the JSON.
package struct Records {
  /// One column.
  package struct Field {
    /// The API's name: `earth_date`.
    package var name: String
    /// The table's heading: `EARTH DATE`.
    package var title: String
    package var alignRight = false
    /// SGR colour codes by value, for a table on a terminal.
    package var colors: [String: String] = [:]
    /// The field whose value this one's cells link to on a terminal (OSC 8): `img_src` for the
    /// image address and the NASA id.
    package var linkTo: String?
    /// How useful the column is next to the others, on a terminal too narrow for them all:
    /// the lowest rank is left out first (see ``TextTable/Column/rank``).
    package var rank = 0

    package init(
      _ name: String, _ title: String? = nil, alignRight: Bool = false,
      colors: [String: String] = [:], linkTo: String? = nil, rank: Int = 0
    ) {
      self.name = name
      self.title = title ?? name.uppercased().replacing("_", with: " ")
      self.alignRight = alignRight
      self.colors = colors
      self.linkTo = linkTo
      self.rank = rank
    }

    /// A rover's mission status: green while active, blue once complete.
    package static let status = Field("status", colors: ["active": "32", "complete": "34"])
  }

  /// One value, typed so that NDJSON keeps numbers as numbers and lists as lists.
  package enum Cell {
    case text(String)
    case number(Int)
    /// A number with a fraction: degrees of the mast's pointing.
    case decimal(Double)
    case list([String])
    /// Numbers that belong together: a rectangle, a vector.
    case numbers([Double])
    case missing

    /// Numbers, or nothing when they are unknown.
    package static func numbers(_ values: [Double]?) -> Cell {
      values.map(Cell.numbers) ?? .missing
    }

    /// Whole numbers, or nothing when they are unknown.
    package static func integers(_ values: [Int]?) -> Cell {
      values.map { .numbers($0.map(Double.init)) } ?? .missing
    }

    /// A number, or nothing when it is unknown.
    package static func number(_ value: Int?) -> Cell { value.map(Cell.number) ?? .missing }

    /// A number with a fraction, or nothing when it is unknown.
    package static func decimal(_ value: Double?) -> Cell { value.map(Cell.decimal) ?? .missing }

    /// Text, or nothing when it is unknown.
    package static func text(_ value: String?) -> Cell { value.map(Cell.text) ?? .missing }

    /// The value in a table or a CSV field.
    package var text: String {
      switch self {
      case .text(let text): text
      case .number(let number): String(number)
      case .decimal(let number): String(number)
      case .list(let items): items.joined(separator: " ")
      case .numbers(let values): values.map(Records.plain).joined(separator: ",")
      case .missing: ""
      }
    }
  }

  /// A number as text, without `.0` when it is whole: `5120`, `0.613922`.
  package static func plain(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  package var fields: [Field]
  /// Hands each row to `body`, in order. It may be called more than once (a table reads its
  /// rows twice) and gives the same rows each time.
  package var eachRow: (_ body: ([Cell]) -> Void) -> Void
  /// The columns a table shows when `--fields` does not say; all of them when `nil`.
  package var tableFields: [String]?

  /// Rows that `eachRow` hands out; a table of them shows the columns `table` names.
  package init(
    _ fields: [Field], table: [String]? = nil,
    eachRow: @escaping (_ body: ([Cell]) -> Void) -> Void
  ) {
    self.fields = fields
    self.eachRow = eachRow
    tableFields = table
  }

  /// The rows of `items`, one each: a collection, or a sequence that gives the same items
  /// each time it is walked.
  package init<Items: Sequence>(
    _ fields: [Field], _ items: Items, table: [String]? = nil,
    row: @escaping (Items.Element) -> [Cell]
  ) {
    self.init(fields, table: table) { body in
      for item in items { body(row(item)) }
    }
  }

  /// Only the fields named, in that order; a usage error names an unknown one.
  package func selecting(_ names: [String]?, spec: CommandSpec?) throws -> Records {
    guard let names else { return self }
    var indices: [Int] = []
    for name in names {
      guard let index = fields.firstIndex(where: { $0.name == name }) else {
        throw Self.unknownField(name, known: fields.map(\.name), spec: spec)
      }
      indices.append(index)
    }
    let eachRow = self.eachRow
    return Records(indices.map { fields[$0] }) { body in
      eachRow { cells in body(indices.map { cells[$0] }) }
    }
  }

  /// The error for a field the rows do not have, listing those they do.
  package static func unknownField(_ name: String, known: [String], spec: CommandSpec?)
    -> UsageError
  {
    let hint = Suggestion.hint(for: name, in: known)
    return UsageError(
      message: "Unknown field '\(name)'.\(hint) Fields: \(known.joined(separator: ", ")).",
      command: spec)
  }

  /// The table the output shows without `--fields`, as text: for a screen the program draws
  /// itself (`clock --watch`).
  package func tableText(_ style: TerminalStyle) -> String {
    let captured = Mutex("")
    let console = Console(
      style: style, out: { text in captured.withLock { $0 += text } }, err: { _ in })
    let out = OutputBuffer(console)
    ((try? selecting(tableFields, spec: nil)) ?? self).table(style, to: out)
    out.flush()
    return captured.withLock { $0 }
  }

  /// An aligned table with headings, made in two passes over the rows (widths, then lines);
  /// nothing when there are no rows. On a terminal too narrow for it, columns are shortened,
  /// then, when `mayLeaveOut` (they were not picked with `--fields`), left out.
  package func table(_ style: TerminalStyle, to out: OutputBuffer, mayLeaveOut: Bool = true) {
    var first: [Cell]?
    var widths = fields.map(\.title.count)
    eachRow { cells in
      if first == nil { first = cells }
      for (column, cell) in cells.enumerated() {
        widths[column] = max(widths[column], TerminalText.safe(cell.text).count)
      }
    }
    guard let first else { return }
    let columns = fields.enumerated().map { index, field in
      var isList = false
      if index < first.count, case .list = first[index] { isList = true }
      return TextTable.Column(
        title: field.title, alignRight: field.alignRight, colors: field.colors, isList: isList,
        rank: field.rank)
    }
    let layout = TextTable.Layout(
      columns: columns, widths: widths, style: style, mayLeaveOut: mayLeaveOut)
    out.write(layout.header())
    let targets = fields.map { field in
      field.linkTo.flatMap { name in fields.firstIndex { $0.name == name } }
    }
    eachRow { cells in
      let links = targets.map { target in target.map { cells[$0].text } }
      out.write(layout.line(cells.map { TerminalText.safe($0.text) }, links: links) + "\n")
    }
  }
}
