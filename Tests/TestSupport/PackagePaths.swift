import Foundation

/// Where the package's own files are, found from this file's place in the clone, so a test
/// reads the fixtures wherever the clone is.
public enum PackagePaths {
  /// The clone's root folder, which holds `Package.swift`.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Fixtures/`: the recorded answers and images the fixture server serves.
  public static let fixtures = root.appendingPathComponent("Fixtures")

  /// A file or folder below `Fixtures/`.
  public static func fixture(_ relativePath: String) -> URL {
    fixtures.appendingPathComponent(relativePath)
  }

  /// The shared recordings beside the clone (`../shared`), when the checkout has them (CI's
  /// does).
  public static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
}
