import Foundation
import TestSupport

/// The package's built executables and fixtures, found beside the test bundle.
enum Binaries {
  /// Where `swift build` put the products: beside the test bundle, which is run from there.
  static let directory: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent("rovers").path) {
      return bundle
    }
    return PackagePaths.root.appendingPathComponent(".build/debug")
  }()

  /// The tool the tests run: `make test` names the release binary it has just built
  /// (`ROVERS_TEST_BINARY`), the one people install; `swift test` alone runs the debug one.
  static let rovers: URL = {
    if let named = ProcessInfo.processInfo.environment["ROVERS_TEST_BINARY"], !named.isEmpty {
      return URL(fileURLWithPath: named, relativeTo: PackagePaths.root).absoluteURL
    }
    return directory.appendingPathComponent("rovers")
  }()
  static let fixtureServer = directory.appendingPathComponent("fixture-server")
}
