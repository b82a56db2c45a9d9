import ArgumentParsing
import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--format`, `--json`, `--fields` and `--color`: how a data command writes.
package struct OutputOptions: Sendable {
  package static let format = Option<OutputFormat>.choice(
    "format", value: "format", help: "table, json, ndjson, csv, tsv (or html for photos).",
    default: .table,
    reason: "give one of " + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
  package static let json = Flag(
    "json", help: "The same as --format json: the API's own field names.")
  package static let fields = Option.text(
    "fields", value: "a,b,...", help: "The fields of a table, CSV, TSV or NDJSON, in order.")
  package static let crlf = Flag("crlf", help: "End CSV lines with CR LF, for spreadsheets.")

  package static let specs: [OptionSpec] = [
    format.spec, json.spec, fields.spec, ColorChoice.option.spec, ColorChoice.noColor.spec,
    crlf.spec,
  ]

  package var format: OutputFormat
  /// The columns asked for; `nil` for the command's own choice.
  package var fields: [String]?
  /// `--color`, with `--no-color` as `never`.
  package var color: ColorChoice
  /// CSV lines end with `\r\n`.
  package var crlf: Bool

  package init(_ arguments: ParsedArguments) throws {
    let spec = arguments.spec
    if let format = try arguments[Self.format] {
      if arguments[Self.json], format != .json {
        throw UsageError(
          message: "'--json' and '--format \(arguments.text(of: Self.format) ?? "")' cannot be used"
            + " together", command: spec)
      }
      self.format = format
    } else {
      format = arguments[Self.json] ? .json : .table
    }
    fields = try arguments[Self.fields].map {
      $0.split(separator: ",").map { $0.trimmingSpaces() }.filter {
        !$0.isEmpty
      }
    }
    if fields?.isEmpty == true {
      throw UsageError.invalidValue(
        arguments.text(of: Self.fields) ?? "", for: Self.fields.displayName,
        reason: "name one field or more",
        in: spec)
    }
    color = try ColorChoice(arguments)
    // JSON keeps the API's own shape, whole; a choice of fields there would be silently lost.
    if fields != nil, format == .json || format == .html {
      throw UsageError(
        message:
          "'--fields' is for table, CSV, TSV and NDJSON; '--format \(format.rawValue)' prints every field",
        command: spec)
    }
    crlf = arguments[Self.crlf]
    if crlf, format != .csv {
      throw UsageError(
        message: "'--crlf' is only for '--format csv'", command: spec)
    }
  }

  /// Checks `--fields` against the names a command has, and `--format html` against whether
  /// it prints photos, before any request.
  package func check(fields known: [String], spec: CommandSpec, html: Bool = false) throws {
    if format == .html, !html {
      throw UsageError(
        message: "'--format html' is for 'rovers photos': it makes a page of a sol's photos",
        command: spec)
    }
    for name in fields ?? [] where !known.contains(name) {
      throw Records.unknownField(name, known: known, spec: spec)
    }
  }

  /// Writes rows in the format asked for, as they are made: `json` is the command's
  /// documented JSON, `table` its own layout unless `--fields` picks columns.
  package func write(
    _ records: Records, json: any JSONPrintable,
    table: ((TerminalStyle, OutputBuffer) -> Void)? = nil,
    html: ((OutputBuffer) -> Void)? = nil, to console: Console
  ) throws {
    let out = OutputBuffer(console)
    defer { out.flush() }
    switch format {
    case .html:
      html?(out)
    case .json:
      var writer = JSONWriter(.pretty) { out.write(bytes: $0) }
      json.write(to: &writer)
      writer.end()
    case .ndjson: try records.selecting(fields, spec: nil).ndjson(to: out)
    case .csv: try records.selecting(fields, spec: nil).csv(crlf: crlf, to: out)
    case .tsv: try records.selecting(fields, spec: nil).tsv(to: out)
    case .table:
      if fields == nil, let table {
        table(console.style, out)
      } else {
        try records.selecting(fields ?? records.tableFields, spec: nil).table(
          console.style, to: out, mayLeaveOut: fields == nil)
      }
    }
  }
}
