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

  /// The flags of every browser the tests start: headless, no sandbox (tests may run as
  /// root), no GPU, and no host but this machine resolvable, so nothing it loads can come
  /// from the internet. Lazy pictures load as a person's browser loads them, near the window:
  /// headless Chromium loads them all unless told, and a sol of 856 photos took seconds of the
  /// suite for nothing. No renderer is started ahead for the next page: each page opens in a
  /// browser context of its own, which a renderer started for another cannot serve, so the
  /// spare was started and thrown away at every page (a quarter of a trivial page's cost).
  static func flags(profile: URL) -> [String] {
    [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--user-data-dir=\(profile.appendingPathComponent("chromium").path)",
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
      "--blink-settings=lazyLoadEnabled=true",
      "--disable-features=SpareRendererForSitePerProcess",
    ]
  }

  /// A server of `folder`'s files (under `/static/`) for pages under test, which also answers
  /// `/static/pause` 50 ms late: a page waiting for something decoded or drawn pauses by
  /// asking it, since a fetch holds virtual time still while a timer's wait races ahead.
  static func pages(in folder: String) async throws -> FixtureServer {
    try await FixtureServer.start(
      faults: #"[{"match": "/static/pause", "status": 204, "latency_ms": 50}]"#,
      staticFolder: folder)
  }

  /// Runs a browser of its own on a page, for a picture.
  static func run(_ arguments: [String], profile: URL) async throws -> String {
    guard let path else { throw CocoaError(.executableNotLoadable) }
    let out = profile.appendingPathComponent("chromium-out-\(UUID().uuidString)")
    let child = try Subprocess(
      path, flags(profile: profile) + arguments,
      environment: ["PATH": "/usr/bin:/bin", "HOME": profile.path], stdout: out.path)
    _ = await child.exitStatus()
    return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
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
  /// scripts have had `budget` ms (30 s) of virtual time, as `--virtual-time-budget` gives
  /// them: time stands still while anything is being fetched and runs ahead when nothing is
  /// to be done, so a page's waits are the same on a busy machine as on an idle one.
  ///
  /// The page opens in a browser context of its own (no cookies, storage or cache shared with
  /// another page) in the run's one browser, ``SharedChromium``, once the pages before it are
  /// done: a budget can run out for a page whose document is still loading while another page
  /// runs.
  static func report(_ url: String, budget: Int = 30000) async throws -> [String: Any] {
    try await SharedChromium.pages.next {
      try await report(url, budget: budget, browser: try SharedChromium.pipe.get())
    }
  }

  private static func report(_ url: String, budget: Int, browser: DevToolsPipe) async throws
    -> [String: Any]
  {
    let context = try await browser.call("Target.createBrowserContext")["browserContextId"]
    let closing = ["browserContextId": context as? String ?? ""]
    let read: Result<String, any Error>
    do {
      read = .success(try await Self.read(url, budget: budget, in: closing, from: browser))
    } catch {
      read = .failure(error)
    }
    // The context goes, whatever the page did.
    _ = try? await browser.call("Target.disposeBrowserContext", closing)
    let text = try read.get()
    guard let report = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { throw DevToolsPipe.Failure(description: "\(url) reported \(text.prefix(200))") }
    return report
  }

  /// The text of the page's `<pre id="out">` once its budget has run out.
  private static func read(
    _ url: String, budget: Int, in context: [String: String], from browser: DevToolsPipe
  ) async throws -> String {
    let target = try await browser.call(
      "Target.createTarget", context.merging(["url": "about:blank"]) { $1 })
    let attached = try await browser.call(
      "Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true])
    guard let session = attached["sessionId"] as? String else {
      throw DevToolsPipe.Failure(description: "no session for \(url)")
    }
    // As `--virtual-time-budget` does: the page loads in real time, and its budget starts
    // once it has (a budget set before counts the document's own fetch as idle time, and
    // can run out before the page's first line).
    _ = try await browser.call("Page.navigate", ["url": url], session: session)
    for _ in 0..<3000 {
      let state = try await evaluate("location.href + ' ' + document.readyState", session, browser)
      if state == "\(url) complete" { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    _ = try await browser.call(
      "Emulation.setVirtualTimePolicy",
      [
        "policy": "pauseIfNetworkFetchesPending", "budget": budget,
        "maxVirtualTimeTaskStarvationCount": 9999,
      ], session: session)
    try await browser.budgetExpired(session: session)
    return try await evaluate(
      "document.getElementById('out')?.textContent ?? location.href + ' ' + document.readyState",
      session, browser)
  }

  /// What `expression` comes to in the page of `session`, as text.
  private static func evaluate(_ expression: String, _ session: String, _ browser: DevToolsPipe)
    async throws -> String
  {
    let evaluated = try await browser.call(
      "Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
    let value = (evaluated["result"] as? [String: Any])?["value"]
    return value as? String ?? ""
  }
}
