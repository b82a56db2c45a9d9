import Foundation
import PlainText
import TestSupport
import Testing

/// The C library has one home, Sources/SystemInterface: every other file of the product calls
/// its Swift functions, so the code builds on glibc, on a static musl and on macOS alike.
@Suite(.timeLimit(.minutes(3))) struct SourceLayoutTests {
  /// The fixture server's thin executable may speak C directly; its library, FixtureServing,
  /// calls the same home as the product.
  static let allowed = [
    "Sources/SystemInterface/", "Sources/fixture-server/",
  ]

  /// The C library's calls and names the product uses, spelled as a call or a constant.
  static let systemNames = [
    "import Glibc", "import Musl", "import Darwin", "Glibc.", "Darwin.", "Musl.",
    "strerror(", "lstat(", "fstat(", "fsync(", "ftruncate(", "lseek(", "pread(", "flock(",
    "mkdir(", "opendir(", "readdir(", "usleep(", "_exit(", "isatty(", "ioctl(", "fcntl(",
    "dup2(", "O_RDWR", "O_CREAT", "O_APPEND", "LOCK_EX", "S_IFMT", "SIG_IGN", "SIG_DFL",
    "STDOUT_FILENO", "STDERR_FILENO",
  ]

  /// A Swift file of the product: its path, its text, and its code (the text without the
  /// lines that are comments, which may name the calls they are about).
  struct SourceFile: Sendable {
    var path: String
    var text: String
    var code: String

    /// Whether the code has `needle`, by its bytes: these checks read every product file
    /// fifty times, and `String.contains` with Foundation imported compares in UTF-16.
    func codeHas(_ needle: String) -> Bool { UTF8Scan.contains(needle, in: code) }
  }

  /// Every Swift file of the product outside the C library's home, read once for every check.
  static let sources = Result { () throws -> [SourceFile] in
    let sources = PackagePaths.root.appendingPathComponent("Sources")
    var files: [SourceFile] = []
    let walker = FileManager.default.enumerator(atPath: sources.path)
    while let relative = walker?.nextObject() as? String {
      let path = "Sources/" + relative
      guard path.hasSuffix(".swift"), !allowed.contains(where: path.hasPrefix) else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      let code = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
        !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//")
      }.joined(separator: "\n")
      files.append(SourceFile(path: path, text: text, code: code))
    }
    return files
  }

  /// Every Swift file of the product outside the C library's home.
  static func productFiles() throws -> [SourceFile] { try sources.get() }

  @Test func onlySystemInterfaceSpeaksToTheCLibrary() throws {
    let files = try Self.productFiles()
    #expect(files.count > 100)
    for file in files {
      // Stated apart: a failed expectation on the file itself would print all of it.
      for name in Self.systemNames {
        let uses = file.codeHas(name)
        #expect(!uses, "\(file.path) uses \(name): call SystemInterface's POSIX instead")
      }
      // `errno` itself, not a parameter's label of that name.
      guard file.codeHas("errno") else { continue }
      let errno = try Regex(#"(^|[^\w.])errno(?!\s*:|\s+\w+:)"#)
      let readsErrno = file.code.contains(errno)
      #expect(!readsErrno, "\(file.path) reads errno: use POSIX.lastError")
    }
  }

  /// libcurl has one home too: `Sources/LibCurl` declares the few functions the transport calls
  /// (without libcurl's development headers, which a user's machine does not have), and only
  /// `Sources/RoverAPI/Transport/Curl` calls them.
  @Test func onlyTheCurlTransportSpeaksToLibcurl() throws {
    let home = "Sources/RoverAPI/Transport/Curl/"
    var callers: [String] = []
    for file in try Self.productFiles() {
      guard file.codeHas("import LibCurl") || file.codeHas("curl_") else { continue }
      callers.append(file.path)
      #expect(file.path.hasPrefix(home), "\(file.path) calls libcurl: only \(home) may")
    }
    #expect(!callers.isEmpty)
    let library = PackagePaths.root.appendingPathComponent("Sources/LibCurl")
    for file in ["include/LibCurl.h", "LibCurl.c"] {
      let text = try String(
        contentsOf: library.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("<curl/"), "\(file) includes libcurl's development headers")
    }
  }

  /// SQLite likewise: `Sources/LibSQLite` declares the few functions the catalogue calls, and
  /// only `Sources/MarsCatalog/SQLite` calls them.
  @Test func onlyTheCataloguesConnectionSpeaksToSQLite() throws {
    let home = "Sources/MarsCatalog/SQLite/"
    var callers: [String] = []
    for file in try Self.productFiles() {
      guard file.codeHas("import LibSQLite") || file.codeHas("rovers_sqlite_") else { continue }
      callers.append(file.path)
      #expect(file.path.hasPrefix(home), "\(file.path) calls SQLite: only \(home) may")
    }
    #expect(!callers.isEmpty)
    let library = PackagePaths.root.appendingPathComponent("Sources/LibSQLite")
    for file in ["include/LibSQLite.h", "LibSQLite.c"] {
      let text = try String(contentsOf: library.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("<sqlite3.h>"), "\(file) includes SQLite's development headers")
    }
  }

  /// The codecs are linked only where pictures are made or drawn: fetching, the mirror and the
  /// gallery (HTML alone) do not carry them, as CONTRIBUTING.md's table of layers says.
  @Test func onlyThePictureLibrariesImportTheCodecs() throws {
    let allowed = [
      "Sources/MarsImaging/", "Sources/MarsBrowser/", "Sources/TerminalPictures/",
      "Sources/rovers/", "Sources/FixtureServing/", "Sources/jpeg-bench/",
    ]
    var importers: [String] = []
    for file in try Self.productFiles()
    where file.text.contains("\nimport RasterImages\n")
      || file.text.hasPrefix("import RasterImages\n")
    {
      importers.append(file.path)
      #expect(allowed.contains(where: file.path.hasPrefix), "\(file.path) imports RasterImages")
    }
    #expect(importers.contains { $0.hasPrefix("Sources/MarsImaging/") })
    let targets = try Self.packageTargets()
    for library in ["MarsFetching", "MarsMirror", "MarsGallery", "CommandRuntime"] {
      let dependencies = try #require(targets[library]?.dependencies)
      #expect(!dependencies.isEmpty)
      #expect(!dependencies.contains("RasterImages"), "\(library) depends on RasterImages")
    }
  }

  /// The executable parses a command line, calls a library and prints: at most 12% of the
  /// product's lines (the fixture server and the bench aside), with no task group, concurrent
  /// map or image decoder of its own; those are the libraries' work.
  @Test func theExecutableOnlyParsesCallsAndPrints() throws {
    let sources = PackagePaths.root.appendingPathComponent("Sources")
    let aside = ["FixtureServing/", "fixture-server/", "browse-bench/", "jpeg-bench/"]
    var product = 0
    var executable = 0
    let walker = FileManager.default.enumerator(atPath: sources.path)
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".swift"), !aside.contains(where: relative.hasPrefix) else {
        continue
      }
      let text = try String(
        contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      product += lines
      guard relative.hasPrefix("rovers/") else { continue }
      executable += lines
      let code = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }.joined(separator: "\n")
      for name in [
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", ".orderedMap(",
        ".concurrentMap(", "Decoder.decode", "ImageDecoder",
      ] {
        #expect(!code.contains(name), "Sources/\(relative) uses \(name): a library's work")
      }
    }
    #expect(executable > 0 && product > executable * 5)
    #expect(
      Double(executable) <= 0.12 * Double(product),
      "Sources/rovers is \(executable) of the product's \(product) lines")
  }

  /// A target imports only what it depends on, directly or through its dependencies: a module
  /// imported without that is built in whatever order a parallel build happens to take, and
  /// CI failed once on `MarsImaging` importing `ArgumentParsing` before it was built.
  @Test func everyModuleATargetImportsIsAmongItsDependencies() throws {
    let targets = try Self.packageTargets()
    #expect(targets.count > 20)
    func closure(of name: String) -> Set<String> {
      var found: Set<String> = []
      var next = targets[name]?.dependencies ?? []
      while let dependency = next.popLast() {
        guard found.insert(dependency).inserted else { continue }
        next += targets[dependency]?.dependencies ?? []
      }
      return found
    }
    for (name, target) in targets {
      let allowed = closure(of: name)
      let folder = PackagePaths.root.appendingPathComponent(target.path)
      let walker = FileManager.default.enumerator(atPath: folder.path)
      while let relative = walker?.nextObject() as? String {
        guard relative.hasSuffix(".swift") else { continue }
        let text = try String(
          contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ")
          guard let index = words.firstIndex(of: "import"), index + 1 < words.count else {
            continue
          }
          let module = String(words[index + 1])
          guard targets[module] != nil, module != name else { continue }
          // Stated apart: a failed expectation on the set itself would print all of it.
          let dependsOnIt = allowed.contains(module)
          #expect(
            dependsOnIt,
            "\(target.path)/\(relative) imports \(module), which \(name) does not depend on")
        }
      }
    }
  }

  /// The package's targets as `Package.swift` declares them: each one's folder and the targets
  /// it names as dependencies (each declaration starts a line at four spaces).
  static func packageTargets() throws -> [String: (path: String, dependencies: [String])] {
    let manifest = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var declarations: [String] = []
    for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("    .target(") || line.hasPrefix("    .executableTarget(")
        || line.hasPrefix("    .testTarget(")
      {
        declarations.append("")
      }
      if !declarations.isEmpty { declarations[declarations.count - 1] += line + "\n" }
    }
    /// The first quoted text after `key` in `text`.
    func quoted(after key: String, in text: Substring) -> String? {
      guard let start = text.range(of: key)?.upperBound,
        let open = text[start...].firstIndex(of: "\""),
        let close = text[text.index(after: open)...].firstIndex(of: "\"")
      else { return nil }
      return String(text[text.index(after: open)..<close])
    }
    var targets: [String: (path: String, dependencies: [String])] = [:]
    for declaration in declarations {
      let text = Substring(declaration)
      guard let name = quoted(after: "name:", in: text) else { continue }
      let isTest = declaration.hasPrefix("    .testTarget(")
      let path = quoted(after: "path:", in: text) ?? (isTest ? "Tests/" : "Sources/") + name
      var dependencies: [String] = []
      if let start = text.range(of: "dependencies: [")?.upperBound {
        // Up to the bracket that closes the list; conditions nest brackets of their own.
        var depth = 1
        var index = start
        var inQuote = false
        var word = ""
        while index < text.endIndex, depth > 0 {
          let character = text[index]
          if character == "\"" {
            if inQuote { dependencies.append(word) }
            inQuote.toggle()
            word = ""
          } else if inQuote {
            word.append(character)
          } else if character == "[" {
            depth += 1
          } else if character == "]" {
            depth -= 1
          }
          index = text.index(after: index)
        }
      }
      targets[name] = (path, dependencies)
    }
    return targets
  }
}
