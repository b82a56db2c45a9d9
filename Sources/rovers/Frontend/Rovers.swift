import ArgumentParsing
import CommandRuntime
import MarsFetching
import RoverAPI
import SystemInterface
import TerminalScreen

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `rovers`: browse NASA's Mars rover photos from the terminal.
@main
enum Rovers {
  static let version = "0.1.0"
  static let abstract = "Browse NASA's Mars rover photos from the terminal."
  static let commands: [any RoverCommand.Type] = [
    List.self, Latest.self, Manifest.self, Photos.self, Download.self, Sync.self,
    Verify.self, GalleryCommand.self, Show.self, Stereo.self, Sequences.self, Movie.self,
    Develop.self, Where.self, Clock.self, Timelapse.self, PanoramaCommand.self, Terrain.self,
    Browse.self,
    CatalogCommand.self, Search.self,
    Cache.self, Config.self,
  ]

  static func main() async {
    let environment = ProcessInfo.processInfo.environment
    let console = Console.standard(environment: environment)
    let words = Array(CommandLine.arguments.dropFirst())
    // Help, the version, completions and the man page are answered here, before any task:
    // the first task starts the runtime's threads, which cost a `--version` (or a tab
    // completion) half its time.
    if let code = quickAnswer(words, console) ?? answerAtOnce(words, environment, console) {
      POSIX.exit(finalCode(code, interrupted: false, console: console).rawValue)
    }
    let command = Task {
      await run(words, environment, console, ownsProcess: true)
    }
    let interrupts = Interrupts(
      onFirst: {
        command.cancel()
        // Cancellation stops requests at once; should anything not stop, the process still
        // ends within a second and a half.
        Watchdog.exit(after: 1.5, code: .interrupted) {
          TerminalSession.restoreActive()
          console.error("interrupted")
        }
      },
      onQuit: {
        // No waiting for the tasks to unwind, but no half-written file left behind either.
        UnfinishedFiles.removeAll()
        TerminalSession.restoreActive()
        console.error("quit")
        POSIX.exitNow(131)
      })
    let code = await command.value
    POSIX.exit(finalCode(code, interrupted: interrupts.wereReceived, console: console).rawValue)
  }

  /// The exit code once the command has ended: an interruption wins; a stdout that could not
  /// be written is exit 73 (a closed pipe ends quietly, by SIGPIPE, as `head` expects).
  static func finalCode(_ code: ExitCode, interrupted: Bool, console: Console) -> ExitCode {
    if interrupted { return .interrupted }
    switch console.outputFailure {
    case .closedPipe?:
      POSIX.restoreDefault(.brokenPipe)
      POSIX.raise(.brokenPipe)
      return .closedPipe
    case .cannotWrite(let reason)?:
      console.error("cannot write to standard output: \(reason)")
      return .cannotCreate
    case nil:
      return code
    }
  }

  /// Runs one command line to its exit code; every error ends here, as one report.
  ///
  /// `transport` makes what carries the requests: `nil` in the tool, for the kind the run
  /// asks for (libcurl on Linux unless `ROVERS_TRANSPORT` says otherwise), anything a test
  /// likes (a closure over the fixtures, a stub that counts) when the real command runs in
  /// process. `ownsProcess` says the run is the executable's own, which may end the process
  /// when a command past its deadline does not stop; a run in a test's process never does.
  static func run(
    _ words: [String], _ environment: [String: String], _ console: Console,
    transport: (@Sendable () -> any HTTPTransport)? = nil,
    ownsProcess: Bool = false
  ) async -> ExitCode {
    // Known secrets are hidden before anything is parsed, so even a usage error cannot show one.
    for variable in ["ROVERS_API_KEY", "NASA_API_KEY"] {
      console.redact(environment[variable] ?? "")
    }
    for (index, word) in words.enumerated() {
      if word == "--api-key", index + 1 < words.count { console.redact(words[index + 1]) }
      if word.hasPrefix("--api-key=") { console.redact(String(word.dropFirst(10))) }
    }
    do {
      return try await dispatch(words, environment, console, transport, ownsProcess)
    } catch {
      let report = ErrorReport(error)
      console.diagnostic(report.text)
      return report.code
    }
  }

  /// The answer of a command line that needs no command run (help, the version, completions,
  /// the man page), printed, with its exit code; `nil` for every other line. A usage error in
  /// one is reported as ``run(_:_:_:transport:ownsProcess:)`` reports it.
  static func quickAnswer(_ words: [String], _ console: Console) -> ExitCode? {
    do {
      return try answerQuickly(words, console)
    } catch {
      let report = ErrorReport(error)
      console.diagnostic(report.text)
      return report.code
    }
  }

  /// The exit code of a command that ran on the calling thread, needing no task (see
  /// ``RoverCommand/runAtOnce(_:)``); `nil` for every other command line, and for one that
  /// does not parse, which the task's run then reports.
  private static func answerAtOnce(
    _ words: [String], _ environment: [String: String], _ console: Console
  ) -> ExitCode? {
    guard let first = words.first, let command = command(named: first),
      let arguments = try? ArgumentParser.parse(Array(words.dropFirst()), for: command.spec),
      command.mayRunAtOnce(arguments)
    else { return nil }
    let settings = Settings(arguments: arguments, environment: environment, transport: nil)
    defer { settings.finishTransport() }
    guard let instance = try? command.init(arguments, settings: settings) else { return nil }
    prepare(instance.sharedOptions, console)
    do {
      return try instance.runAtOnce(console)
    } catch {
      let report = ErrorReport(error)
      console.diagnostic(report.text)
      return report.code
    }
  }

  /// The console as the shared options ask: the key hidden, colour on or off, warnings said.
  private static func prepare(_ common: CommonOptions?, _ console: Console) {
    guard let common else { return }
    if let key = common.apiKey { console.redact(key) }
    switch common.output.color {
    case .auto: break
    case .always: console.enableColor()
    case .never: console.disableColor()
    }
    for warning in common.warnings { console.diagnostic(warning) }
  }

  private static func answerQuickly(_ words: [String], _ console: Console) throws -> ExitCode? {
    let format = HelpFormatter(program: "rovers", width: console.style.helpWidth)
    guard let first = words.first else {
      console.output(rootHelp(format))
      return .success
    }
    let rest = Array(words.dropFirst())
    switch first {
    case "-h", "--help", "help":
      // `rovers --help latest` is `rovers help latest`, as in argument-parser.
      console.output(try HelpTopic.text(for: rest, format: format))
      return .success
    case "-V", "--version":
      // The bare version, for scripts; with -v, the HTTP library it runs on too.
      let verbose = rest.contains { $0 == "-v" || $0 == "--verbose" }
      let library = verbose ? TransportKind.libraryVersion.map { $0 + "\n" } ?? "" : ""
      console.output(version + "\n" + library)
      return .success
    case "--generate-completion-script":
      // Hidden from help, as in swift-argument-parser.
      console.output(try completionScript(rest.first))
      return .success
    case "--generate-man-page":
      console.output(ManPage.page(specs, manual))
      return .success
    default:
      if !first.hasPrefix("-"), let command = command(named: first),
        ArgumentParser.wantsHelp(rest)
      {
        console.output(HelpTopic.help(for: command.spec, format))
        return .success
      }
      return nil
    }
  }

  private static func dispatch(
    _ words: [String], _ environment: [String: String], _ console: Console,
    _ transport: (@Sendable () -> any HTTPTransport)?, _ ownsProcess: Bool
  ) async throws -> ExitCode {
    if let answered = try answerQuickly(words, console) { return answered }
    guard let first = words.first else { return .success }
    // Options typed before the subcommand (`rovers -qv list`) belong to it.
    if first.hasPrefix("-"), let index = words.firstIndex(where: { command(named: $0) != nil }) {
      let reordered = [words[index]] + words[..<index] + words[(index + 1)...]
      return try await dispatch(reordered, environment, console, transport, ownsProcess)
    }
    guard let command = command(named: first) else { throw unknownSubcommand(first) }
    let arguments = try ArgumentParser.parse(Array(words.dropFirst()), for: command.spec)
    let settings = Settings(arguments: arguments, environment: environment, transport: transport)
    defer { settings.finishTransport() }
    let instance = try command.init(arguments, settings: settings)
    guard let common = instance.sharedOptions else { return try await instance.run(console) }
    prepare(common, console)
    if let code = try instance.runAtOnce(console) { return code }
    do {
      return try await DeadlineExceeded.run(
        within: common.deadline, console: console, forceExit: ownsProcess
      ) {
        try await instance.run(console)
      }
    } catch {
      throw BaseWithoutAPIPath.explaining(error, base: common.baseURL)
    }
  }

  /// The help of `rovers` itself.
  static func rootHelp(_ format: HelpFormatter) -> String {
    format.rootHelp(
      abstract: abstract, commands: specs, topics: HelpTopic.all.map { ($0.name, $0.abstract) })
  }

  /// Every subcommand's description, in help order.
  static var specs: [CommandSpec] {
    // A plain loop: closures over `any RoverCommand.Type` crash the Swift 6.3 compiler.
    var specs: [CommandSpec] = []
    for command in commands {
      var spec = command.spec
      // The field names live with each command's records; completion offers them.
      if let index = spec.options.firstIndex(where: { $0.long == "fields" }) {
        spec.options[index].completion = .list(command.fieldNames)
      }
      specs.append(spec)
    }
    return specs
  }

  /// The subcommand called `name`.
  static func command(named name: String) -> (any RoverCommand.Type)? {
    for command in commands where command.name == name { return command }
    return nil
  }

  private static func completionScript(_ shell: String?) throws -> String {
    switch shell {
    case "bash": return BashCompletion.script(specs, manual)
    case "zsh": return ZshCompletion.script(specs, manual)
    case "fish": return FishCompletion.script(specs, manual)
    default:
      throw UsageError(
        message: shell.map {
          "The value '\($0)' is invalid for '--generate-completion-script <shell>': give bash, zsh or fish"
        }
          ?? "Missing value for '--generate-completion-script <shell>'",
        command: nil)
    }
  }

  private static func unknownSubcommand(_ word: String) -> UsageError {
    if word.hasPrefix("-") {
      return .unknownOption(word, known: ["--help", "--version"], in: nil)
    }
    let names = specs.map(\.name) + ["help"]
    let hint = Suggestion.hint(for: word, in: names)
    return UsageError(message: "Unknown subcommand '\(word)'.\(hint)", command: nil)
  }
}
