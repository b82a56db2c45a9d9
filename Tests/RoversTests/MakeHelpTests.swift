import Foundation
import TestSupport
import Testing

/// `make help` lists every target of the Makefile with a line that says what it does.
@Suite struct MakeHelpTests {
  @Test(.enabled(if: ReferenceTool.find("/usr/bin/make") != nil, "make is not installed"))
  func everyTargetHasItsLine() throws {
    let makefile = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("Makefile"), encoding: .utf8)
    let targets = makefile.split(separator: "\n").compactMap { line -> String? in
      guard let match = line.firstMatch(of: /^([a-z][a-z-]*):/) else { return nil }
      return String(match.1)
    }
    #expect(targets.count >= 15)
    let help = try ReferenceTool.stdout(
      "/usr/bin/make", ["-s", "-C", PackagePaths.root.path, "help"])
    let lines = String(decoding: help, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == targets.count)
    for target in targets {
      let line = lines.first { $0.hasPrefix("  make \(target) ") }
      let said = line.map {
        $0.dropFirst("  make \(target) ".count).trimmingCharacters(in: .whitespaces)
      }
      #expect(said?.isEmpty == false, "make help says nothing of \(target)")
    }
  }
}
