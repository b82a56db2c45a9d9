import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsTime
import SystemInterface
import TerminalScreen

extension Rovers {
  /// `rovers clock`: what time it is on Mars, by each mission's own clock.
  struct Clock: RoverCommand {
    static let name = "clock"
    static let spec = CommandSpec(
      name: name, abstract: "Tell the time on Mars, by each mission's own clock.",
      discussion: """
        For each mission (all by default), now or at --at: its sol and local mean solar time \
        (LMST) as the mission keeps them, counted from the local midnight that began its first \
        sol; the local true solar time (LTST), where the Sun is; the Mars Sol Date and \
        coordinated Mars time (MTC); the solar longitude Ls, the Mars year and the season at \
        the site (Mars24, as NASA GISS gives it); each mission's status then: not landed, \
        active, or ended (with its last sol). With one rover, --sol says when that sol begins \
        and ends, and --date which sols a UTC day overlaps, in UTC and in the local time zone \
        (TZ). --watch draws the table \
        again every second in the terminal until q or Ctrl-C. Asks no server.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "Missions to show (default: all).", isRequired: false,
          isRepeated: true, completion: .rovers)
      ],
      options: [Self.atOption.spec, Self.solOption.spec, Self.dateOption.spec, Self.watchFlag.spec]
        + OutputOptions.specs,
      examples: [
        "rovers clock",
        "rovers clock perseverance --sol 1000",
        "rovers clock perseverance --date 2021-05-31",
        "rovers clock --at 2000-01-06T00:00:00Z --json",
      ])

    static let atOption = Option<Double>(
      "at", value: "time", help: "The moment, as RFC 3339 or YYYY-MM-DD. (default: now)",
      parse: { text in
        TimeText.secondsSince1970(text).map { .success($0) }
          ?? .failure(.init(reason: "give a time as 2021-05-31T22:23:00Z, or a date"))
      })
    static let watchFlag = Flag("watch", help: "Draw it again every second, until q or Ctrl-C.")
    static let solOption = Option<SolWord>(
      "sol", value: "sol",
      help: "When this sol of the rover begins and ends (or today, yesterday).",
      completion: .values(["today", "yesterday"]), parse: SolWord.parse)
    static let dateOption = Option<Double>(
      "date", value: "date", help: "The sols of the rover that this UTC day overlaps.",
      parse: { text in
        // A date alone: a time of day is --at's.
        (text.count == 10 ? TimeText.secondsSince1970(text) : nil).map { .success($0) }
          ?? .failure(.init(reason: "give a real date as YYYY-MM-DD"))
      })

    static var fieldNames: [String] {
      (ClockEntry.fields + SolSpanEntry.fields).map(\.name).uniqued()
    }

    /// What to tell.
    enum Question {
      case now(Double)
      /// Now, again every second, in the terminal.
      case watch
      case sol(Int)
      case date(Double)
    }

    var sharedOptions: CommonOptions? { nil }
    let clocks: [MissionClock]
    let question: Question
    let output: OutputOptions

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      output = try OutputOptions(arguments)
      clocks = try arguments.positionals.map { word in
        try SolWord.clock(of: word, spec: Self.spec)
      }.uniqued()
      let at = try arguments[Self.atOption]
      let one = clocks.count == 1 ? clocks[0].name.lowercased() : nil
      let sol = try arguments[Self.solOption].map {
        try $0.sol(of: one, option: "sol", spec: Self.spec)
      }
      let date = try arguments[Self.dateOption]
      guard [at != nil, sol != nil, date != nil].filter({ $0 }).count <= 1 else {
        throw UsageError(
          message: "'--at', '--sol' and '--date' cannot be used together", command: Self.spec)
      }
      let watch = arguments[Self.watchFlag]
      if watch, at != nil || sol != nil || date != nil {
        throw UsageError(
          message: "'--watch' shows the clocks now; it cannot be used with '--at', '--sol' or"
            + " '--date'", command: Self.spec)
      }
      if sol != nil || date != nil, clocks.count != 1 {
        throw UsageError(
          message: "'--\(sol != nil ? "sol" : "date")' is of one rover; give one <rover>",
          command: Self.spec)
      }
      question =
        if let sol { .sol(sol) } else if let date { .date(date) } else if watch { .watch } else {
          .now(at ?? POSIX.secondsSince1970Now())
        }
      let fields = Self.fieldNames
      try output.check(fields: fields, spec: Self.spec)
    }

    func run(_ console: Console) async throws -> ExitCode {
      switch question {
      case .now(let moment):
        let entries = Self.entries(of: clocks, at: moment)
        try output.write(ClockEntry.records(entries), json: entries, to: console)
      case .watch:
        let (clocks, style) = (self.clocks, console.style)
        let shown = await LiveScreen.show(every: 1) { columns, _ in
          var style = style
          style.width = columns
          let records = ClockEntry.records(
            Self.entries(of: clocks, at: POSIX.secondsSince1970Now()))
          return records.tableText(style)
        }
        guard shown else {
          throw UsageError(
            message: "'--watch' needs a terminal on stdin and stdout; without it, 'rovers clock'"
              + " prints once", command: Self.spec)
        }
      case .sol(let sol):
        let entry = SolSpanEntry.sol(sol, of: clocks[0])
        try output.write(SolSpanEntry.records([entry]), json: entry, to: console)
      case .date(let dayStart):
        let entries = SolSpanEntry.day(startingAt: dayStart, of: clocks[0])
        try output.write(SolSpanEntry.records(entries), json: entries, to: console)
      }
      return .success
    }

    /// Each clock asked for (every mission's when none) at a moment.
    static func entries(of clocks: [MissionClock], at moment: Double) -> [ClockEntry] {
      (clocks.isEmpty ? MissionClock.all : clocks).map {
        ClockEntry(MarsClockReading($0, atSecondsSince1970: moment))
      }
    }
  }
}
