/// Describes a subcommand once, for parsing and for help alike.
public struct CommandSpec: Sendable {
  /// The word that selects it: `photos`.
  public var name: String
  /// One line for `OVERVIEW:` and the root command's list.
  public var abstract: String
  /// More paragraphs for the command's own help, if any.
  public var discussion: String?
  /// Positional arguments, in order.
  public var arguments: [ArgumentSpec] = []
  /// Options, in help order; `-h, --help` is added by the parser.
  public var options: [OptionSpec] = []
  /// Options of which exactly one must be given, by long name: `--sol` or `--earth-date`.
  public var oneOf: [String] = []
  /// Options of another command that people reach for here, with where they belong: a better
  /// answer than the nearest spelling.
  public var elsewhere: [String: String] = [:]
  /// Command lines that show what the command is for, as help's `EXAMPLES:` lists them.
  public var examples: [String] = []

  /// A subcommand called `name`.
  public init(
    name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], oneOf: [String] = [], elsewhere: [String: String] = [:],
    examples: [String] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.oneOf = oneOf
    self.elsewhere = elsewhere
    self.examples = examples
  }

  /// The options the command's own help describes: its own, and `--format` and `--json` of the
  /// shared ones, which say what the command prints.
  public var ownOptions: [OptionSpec] { options.filter { !$0.isShared || $0.saysWhatIsPrinted } }

  /// The shared options the command takes that its help leaves to a topic of their own.
  public var commonOptions: [OptionSpec] {
    options.filter { $0.isShared && !$0.saysWhatIsPrinted }
  }

  /// The full usage line: `rovers photos <rover> (--sol <sol> | …)`.
  public func usage(program: String) -> String { "\(program) \(name) \(synopsis)" }

  /// What follows `rovers <name>` on the `USAGE:` line, made from the arguments and the
  /// command's own options: required ones bare, exclusive ones in `( | )`, the rest in `[ ]`,
  /// and `[--format <format>] [--json]` where the command takes the shared output options.
  public var synopsis: String {
    var words = arguments.map(\.synopsisWord)
    var grouped = false
    for option in options where !option.isShared {
      if oneOf.contains(option.long) {
        guard !grouped else { continue }
        grouped = true
        let members = options.filter { oneOf.contains($0.long) }.map(\.displayName)
        words.append("(" + members.joined(separator: " | ") + ")")
        continue
      }
      words.append(option.isRequired ? option.synopsisWord : "[\(option.synopsisWord)]")
    }
    if options.contains(where: { $0.isShared && $0.saysWhatIsPrinted }) {
      words += ["[--format <format>]", "[--json]"]
    }
    return words.joined(separator: " ")
  }

  /// The option with this long or short name.
  public func option(named name: String) -> OptionSpec? {
    options.first { "--" + $0.long == name || $0.short.map { "-\($0)" } == name }
  }
}

/// What a shell may offer for a value.
public enum CompletionHint: Sendable, Equatable {
  case none
  /// One of these words.
  case values([String])
  case files
  case directories
  /// Words the program's completion script lists itself, by a name it knows (a program
  /// declares its own, as `static let` members of this type).
  case custom(String)
  /// A comma-separated list of these words: `--fields id,camera`.
  case list([String])
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
  /// The name shown in angle brackets: `rover`.
  public var name: String
  /// One line of help.
  public var help: String
  /// Whether it must be given.
  public var isRequired = true
  /// Whether it takes every remaining positional word.
  public var isRepeated = false
  /// What a shell may complete it with.
  public var completion: CompletionHint = .none

  /// A positional argument called `name`.
  public init(
    name: String, help: String, isRequired: Bool = true, isRepeated: Bool = false,
    completion: CompletionHint = .none
  ) {
    self.name = name
    self.help = help
    self.isRequired = isRequired
    self.isRepeated = isRepeated
    self.completion = completion
  }

  /// `<rover>`, or `<rover> ...` when repeated.
  public var label: String { "<\(name)>" + (isRepeated ? " ..." : "") }

  /// How the usage line shows it: `<rover>`, `[<rover> ...]`, or its words when it takes only
  /// these (`(info | clear)`, `show`).
  public var synopsisWord: String {
    if case .values(let words) = completion, isRequired {
      return words.count == 1 ? words[0] : "(" + words.joined(separator: " | ") + ")"
    }
    return isRequired ? label : "[\(label)]"
  }
}

/// An option or flag.
public struct OptionSpec: Sendable {
  /// The long name, without dashes: `earth-date`.
  public var long: String
  /// The one-letter name, if any: `o` for `-o`.
  public var short: Character?
  /// The value's name (`date` in `--earth-date <date>`); `nil` for a flag.
  public var valueName: String?
  /// Whether it may be given more than once, each value kept.
  public var isRepeatable = false
  /// One line of help.
  public var help: String
  /// Shown as `(default: …)`.
  public var defaultValue: String?
  /// What a shell may complete the value with.
  public var completion: CompletionHint = .none
  /// Whether it must be given (`sync -o <dir>`).
  public var isRequired = false
  /// Whether it is one of the options every data command shares, which the usage line
  /// leaves to `rovers help` (all but `--format` and `--json`).
  public var isShared = false

  /// An option called `--long`; a flag when it has no `valueName`.
  public init(
    long: String, short: Character? = nil, valueName: String? = nil, isRepeatable: Bool = false,
    help: String, defaultValue: String? = nil, completion: CompletionHint = .none,
    isRequired: Bool = false, isShared: Bool = false
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.isRepeatable = isRepeatable
    self.help = help
    self.defaultValue = defaultValue
    self.completion = completion
    self.isRequired = isRequired
    self.isShared = isShared
  }

  /// A flag: present or not.
  public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, valueName: nil, help: help)
  }

  /// An option that takes a value.
  public static func option(
    _ long: String, short: Character? = nil, value: String, repeatable: Bool = false,
    help: String, default defaultValue: String? = nil, completion: CompletionHint = .none
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: value, isRepeatable: repeatable, help: help,
      defaultValue: defaultValue, completion: completion)
  }

  /// `--sol <sol>`, the way error messages name it.
  public var displayName: String {
    "--\(long)" + (valueName.map { " <\($0)>" } ?? "")
  }

  /// Whether it is `--format` or `--json`: shared, yet shown with each command, since they say
  /// what it prints.
  public var saysWhatIsPrinted: Bool { isShared && (long == "format" || long == "json") }

  /// The same option, marked as one of the shared ones.
  public var shared: OptionSpec {
    var option = self
    option.isShared = true
    return option
  }

  /// `-o <dir>`, or `--camera <name> ...`: the short spelling where there is one, as a usage
  /// line shows it.
  public var synopsisWord: String {
    let name = short.map { "-\($0)" } ?? "--\(long)"
    return name + (valueName.map { " <\($0)>" } ?? "") + (isRepeatable ? " ..." : "")
  }

  /// `-o, --output <dir>`, the way help lists it.
  public var helpLabel: String {
    (short.map { "-\($0), " } ?? "") + displayName
  }
}
