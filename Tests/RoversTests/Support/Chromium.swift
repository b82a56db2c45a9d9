import Foundation
import TestSupport

/// Headless Chromium, when this machine has it: Debian's `chromium` package.
enum Chromium {
  /// The browser, found on the PATH.
  static let path: String? = {
    let folders =
      (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
      {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }()

  /// Where the pictures of pages for people (the README's) go, when they are asked for:
  /// `make screenshots` asks (`ROVERS_TEST_SCREENSHOTS=1`), `make test` does not. They show
  /// what the checks beside them have already held, and taking them was a third of the
  /// browser's time in the suite.
  static let screenshotFolder: URL? =
    ProcessInfo.processInfo.environment["ROVERS_TEST_SCREENSHOTS"] == "1"
    ? PackagePaths.root.appendingPathComponent(".build/gallery-screenshots") : nil

  /// Runs the browser headless on a page: no sandbox (tests may run as root), no GPU, and no
  /// host but this machine resolvable, so nothing it loads can come from the internet. Lazy
  /// pictures load as a person's browser loads them, near the window: headless Chromium loads
  /// them all unless told, and a sol of 856 photos took seconds of the suite for nothing.
  static func run(_ arguments: [String], profile: URL) async throws -> String {
    guard let path else { throw CocoaError(.executableNotLoadable) }
    let out = profile.appendingPathComponent("chromium-out-\(UUID().uuidString)")
    let child = try Subprocess(
      path,
      [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--no-first-run", "--user-data-dir=\(profile.appendingPathComponent("chromium").path)",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        "--blink-settings=lazyLoadEnabled=true",
      ] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "HOME": profile.path], stdout: out.path)
    _ = await child.exitStatus()
    return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
  }

  /// The page's DOM once its scripts have had up to `budget` ms (30 s) of virtual time.
  static func dumpDOM(_ url: String, profile: URL, budget: Int = 30000) async throws -> String {
    try await run(["--virtual-time-budget=\(budget)", "--dump-dom", url], profile: profile)
  }

  /// A picture of the page in a window of this size (1280 × 900 unless said).
  static func screenshot(
    _ url: String, to file: URL, profile: URL, width: Int = 1280, height: Int = 900
  ) async throws {
    _ = try await run(
      [
        "--window-size=\(width),\(height)", "--virtual-time-budget=5000",
        "--screenshot=\(file.path)", url,
      ], profile: profile)
  }

  /// What a harness page reports: the JSON object it writes in `<pre id="out">` once its
  /// scripts have run.
  static func report(_ url: String, profile: URL, budget: Int = 30000) async throws
    -> [String: Any]
  {
    let dom = try await dumpDOM(url, profile: profile, budget: budget)
    guard let start = dom.range(of: "<pre id=\"out\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
      let report = try JSONSerialization.jsonObject(
        with: Data(unescaped(String(dom[start.upperBound..<end.lowerBound])).utf8))
        as? [String: Any]
    else { throw CocoaError(.coderReadCorrupt) }
    return report
  }

  /// `--dump-dom` writes the text of `<pre>` with `&`, `<`, `>` and `"` escaped.
  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }
}
