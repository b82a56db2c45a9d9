import Foundation
import TestSupport
import Testing

/// What `make install` does, read from `make -n` (a release build is minutes; the steps are
/// what matter here).
@Suite(.timeLimit(.minutes(3))) struct InstallTests {
  @Test func installPutsEveryShellsCompletionAndAStrippedBinaryAndNoFixtureServer() async throws {
    let prefix = try TemporaryFolder()
    let run = try await ProcessRun.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "cd '\(PackagePaths.root.path)' && make -n install PREFIX='\(prefix.url.path)'"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0, "\(run.stderr)")
    let steps = run.stdout
    #expect(steps.contains("install -s -m 755 .build/release/rovers"))
    #expect(steps.contains("\(prefix.url.path)/share/bash-completion/completions/rovers"))
    #expect(steps.contains("\(prefix.url.path)/share/zsh/site-functions/_rovers"))
    #expect(steps.contains("\(prefix.url.path)/share/fish/vendor_completions.d/rovers.fish"))
    #expect(!steps.contains("fixture-server"))
  }
}
