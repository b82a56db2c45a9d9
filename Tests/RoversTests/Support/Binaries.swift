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

  static let rovers = directory.appendingPathComponent("rovers")
  static let fixtureServer = directory.appendingPathComponent("fixture-server")
}
