import Foundation
import TestSupport
import Testing

/// `make packages`: the tarball and the Debian package of the release binary, unpacked into a
/// throwaway folder and run with no Swift toolchain on the PATH. `make test` builds the
/// release binary first (a build from inside the test run would wait on the one SwiftPM that
/// runs it).
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb"),
    "dpkg-deb is missing (Debian's dpkg package)"),
  .enabled(
    if: FileManager.default.isExecutableFile(
      atPath: PackagePaths.root.appendingPathComponent(".build/release/rovers").path),
    "no release binary: make test builds it (make release-rovers)"),
  .timeLimit(.minutes(4)))
struct ReleasePackageTests {
  /// A shell command's result, from the package's root, with no Swift on the PATH.
  static func shell(_ command: String, in folder: URL, environment: [String: String] = [:])
    async throws -> ProcessRun
  {
    try await ProcessRun.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "cd '\(folder.path)' && " + command],
      environment: ["PATH": "/usr/bin:/bin", "NO_PROXY": "*", "no_proxy": "*"]
        .merging(environment) { $1 })
  }

  /// The libraries a binary may need: the C library's and the C++ runtime the Swift runtime
  /// uses. libcurl, which every Linux machine running rovers has, is loaded when a command
  /// first needs the network, not linked.
  static let allowedLibraries: Set<String> = [
    "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
  ]

  /// The most the stripped binary may weigh: with ICU and all of Foundation it was 62 MB. It
  /// was 18 MB until the binary stood 6 KB under it; 20 MB leaves room for the catalogue and
  /// terrain, while the `.deb` and start-up keep their own bounds.
  static let binaryLimit = 20_000_000
  /// The most the Debian package may weigh, even compressed as this test asks: gzip at its
  /// default level, 6, a second quicker than dpkg-deb's 9 and 0.4% larger.
  static let debLimit = 8_000_000

  @Test func theTarballAndTheDebRunWithoutAToolchain() async throws {
    let folder = try TemporaryFolder()
    let dist = folder.url.appendingPathComponent("dist")
    // Staged in the test's own folder, which is in memory where the machine has one.
    let made = try await Self.shell(
      "make -s packages DIST='\(dist.path)' DEB_FLAGS='-Zgzip -z6'", in: PackagePaths.root,
      environment: ["TMPDIR": folder.url.path])
    #expect(made.status == 0, "\(made.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dist.path).sorted()
    let version = String(
      try await Self.shell(".build/release/rovers --version", in: PackagePaths.root)
        .stdout.dropLast())
    let tarball = try #require(files.first { $0.hasSuffix(".tar.gz") })
    let deb = try #require(files.first { $0.hasSuffix(".deb") })
    #expect(tarball.hasPrefix("rovers-\(version)-linux-"))
    #expect(deb.hasPrefix("rovers_\(version)_"))
    #expect(files.contains("SHA256SUMS"))
    // The sums are those of the files.
    let sums = try await Self.shell("sha256sum -c SHA256SUMS", in: dist)
    #expect(sums.status == 0 && sums.stdout.split(separator: "\n").count == 2, "\(sums.stdout)")

    // The Debian package: what it depends on, and what it holds, where Debian puts it.
    let info = try await Self.shell("dpkg-deb --info '\(deb)'", in: dist)
    let depends = try #require(info.stdout.split(separator: "\n").first { $0.contains("Depends:") })
    #expect(depends.contains("libc6") && depends.contains("libcurl4"), "\(depends)")
    #expect(depends.contains("libsqlite3-0"), "the catalogue loads the system's SQLite")
    let debSize = try #require(
      FileManager.default.attributesOfItem(atPath: dist.appendingPathComponent(deb).path)[.size]
        as? Int)
    #expect(debSize <= Self.debLimit, "the .deb is \(debSize) bytes")
    let unpacked = folder.url.appendingPathComponent("deb")
    let extracted = try await Self.shell("dpkg-deb -x '\(deb)' '\(unpacked.path)'", in: dist)
    #expect(extracted.status == 0, "\(extracted.stderr)")
    for path in [
      "usr/bin/rovers", "usr/share/man/man1/rovers.1.gz",
      "usr/share/bash-completion/completions/rovers", "usr/share/zsh/vendor-completions/_rovers",
      "usr/share/fish/vendor_completions.d/rovers.fish", "usr/share/doc/rovers/copyright",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: unpacked.appendingPathComponent(path).path),
        "\(path)")
    }
    try await Self.check(
      binary: unpacked.appendingPathComponent("usr/bin/rovers"), version: version)
    // libstdc++ is linked in where the build machine has its archive: the package asks for the
    // shared library exactly when its binary needs it.
    let needs = try await Self.shell(
      "readelf -d usr/bin/rovers | grep -c 'libstdc++.so'", in: unpacked)
    #expect(
      (needs.stdout.hasPrefix("0")) == !depends.contains("libstdc++6"),
      "\(depends) for a binary that needs libstdc++ \(needs.stdout) times")

    // The tarball, unpacked over a prefix as the README says.
    let prefix = folder.url.appendingPathComponent("prefix")
    try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    let untarred = try await Self.shell(
      "tar -C '\(prefix.path)' --strip-components=1 -xzf '\(tarball)'", in: dist)
    #expect(untarred.status == 0, "\(untarred.stderr)")
    for path in [
      "share/man/man1/rovers.1", "share/doc/rovers/LICENSE", "share/doc/rovers/README.md",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path))
    }
    try await Self.check(binary: prefix.appendingPathComponent("bin/rovers"), version: version)
  }

  /// Runs the unpacked binary as a user would, and reads what it links.
  static func check(binary: URL, version: String) async throws {
    let home = try TemporaryFolder()
    let api = try await FixtureServer.start()
    let feeds = try #require(FixtureServer.sharedFeeds)
    let environment = [
      "HOME": home.url.path, "ROVERS_API_BASE": api.baseURL, "ROVERS_NASA_BASE": feeds.host,
    ]
    let run = { (words: String) in
      try await shell("'\(binary.path)' \(words)", in: home.url, environment: environment)
    }
    let shown = try await run("--version")
    #expect(shown.status == 0 && shown.stdout == version + "\n", "\(shown.stderr)")
    let library = try await run("--version -v")
    #expect(library.stdout.hasPrefix(version + "\nlibcurl "), "\(library.stdout)")
    let help = try await run("help")
    #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:"), "\(help.stderr)")
    let list = try await run("list --format csv --fields name")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Curiosity") && list.stdout.contains("Perseverance"))
    // Stripped, and needing no library but the allowed ones: no Swift runtime, no RUNPATH.
    let elf = try await shell("readelf -d '\(binary.path)'", in: home.url)
    let needed = Set(
      elf.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
        line.split(separator: "[").last.map { String($0.dropLast()) }
      })
    #expect(!needed.isEmpty && needed.isSubset(of: allowedLibraries), "\(needed)")
    // No run path at all: not into a toolchain, nor SwiftPM's `$ORIGIN`, where the loader and
    // dlopen would look for the system's libraries first.
    let paths = elf.stdout.split(separator: "\n").filter { $0.contains("PATH)") }
    #expect(paths.isEmpty, "\(paths)")
    let linked = try await shell("ldd '\(binary.path)'", in: home.url)
    #expect(!linked.stdout.lowercased().contains("swift"), "\(linked.stdout)")
    let symbols = try await shell("readelf -S '\(binary.path)'", in: home.url)
    #expect(!symbols.stdout.contains(".symtab"), "the binary is stripped")
    let size = try #require(
      FileManager.default.attributesOfItem(atPath: binary.path)[.size] as? Int)
    #expect(size <= binaryLimit, "the binary is \(size) bytes")
    // ICU's data is a symbol named icudt<version>, its text the library's own name. grep
    // reads the 17 MB: a byte search in this unoptimized target took seconds.
    let icuData = try await shell("grep -c -a -F icudt '\(binary.path)' || true", in: home.url)
    #expect(icuData.stdout == "0\n", "ICU's data is in the binary")

    // libcurl and the libraries it brings are loaded by a command that fetches, and by no
    // other: the dynamic loader says what it loads.
    // So is SQLite, by a command that opens the catalogue.
    let loads = { (words: String, library: String) in
      try await shell(
        "LD_DEBUG=files '\(binary.path)' \(words) 2>&1 >/dev/null | grep -c 'file=\(library)' || true",
        in: home.url, environment: environment)
    }
    for words in ["--version", "help", "--generate-completion-script bash", "config"] {
      #expect(try await loads(words, "libcurl").stdout == "0\n", "rovers \(words) loads libcurl")
      #expect(try await loads(words, "libsqlite3").stdout == "0\n", "rovers \(words) loads SQLite")
    }
    #expect(try await loads("list", "libcurl").stdout != "0\n", "rovers list does not load libcurl")
    #expect(try await loads("list", "libsqlite3").stdout == "0\n", "rovers list loads SQLite")
    let search = "search --catalog '\(home.url.path)/none.sqlite'"
    #expect(try await loads(search, "libsqlite3").stdout != "0\n", "search does not load SQLite")
  }

  /// The release binary as linked, before it is stripped: no symbol of ICU's, nor of
  /// Foundation's modules that call it. ICU's C++ is in its versioned namespace (`icu_76::`),
  /// its data is `icudt<version>`, its C functions are named by service (`ucol_open`,
  /// `udat_format`, sometimes with `_76` after). awk reads nm's hundred thousand names once:
  /// the first five that match, then how many there were.
  @Test func theReleaseBinaryHoldsNoICU() async throws {
    let binary = PackagePaths.root.appendingPathComponent(".build/release/rovers").path
    let pattern =
      "icu_[0-9]|icudt|FoundationICU|FoundationInternationalization"
      + "| _?(ucol|udat|ucal|unum|ubrk|uloc|ucnv|ures)_| _?u_str"
    let read = try await Self.shell(
      "nm '\(binary)' | awk '/\(pattern)/ && shown < 5 { print; shown++ } END { print NR }'",
      in: PackagePaths.root)
    let lines = read.stdout.split(separator: "\n").map(String.init)
    #expect((Int(lines.last ?? "") ?? 0) > 10_000, "\(read.stderr)")
    let icu = lines.dropLast()
    #expect(icu.isEmpty, "ICU symbols: \(icu)")
  }
}
