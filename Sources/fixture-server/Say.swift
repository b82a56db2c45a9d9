import Foundation

/// The fixture server's own lines on stdout and stderr, written so that a closed or full
/// stream is ignored rather than trapping inside Foundation.
enum Say {
  static func out(_ line: String) { write(line, to: FileHandle.standardOutput) }
  static func error(_ line: String) { write(line, to: FileHandle.standardError) }

  private static func write(_ line: String, to handle: FileHandle) {
    try? handle.write(contentsOf: Data(line.utf8))
  }
}
