import Foundation

/// Encodes `--json` output: pretty, keys sorted so the output is stable, slashes unescaped so
/// URLs read as URLs.
enum JSONOutput {
  static func render(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
