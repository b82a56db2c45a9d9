/// Describes a subcommand once, for parsing and for help alike.
struct CommandSpec: Sendable {
  /// The word that selects it: `photos`.
  var name: String
  /// One line for `OVERVIEW:` and the root command's list.
  var abstract: String
  /// More paragraphs for the command's own help, if any.
  var discussion: String?
  /// Positional arguments, in order.
  var arguments: [ArgumentSpec] = []
  /// Options, in help order; `-h, --help` is added by the parser.
  var options: [OptionSpec] = []
  /// Options of which exactly one must be given, by long name: `--sol` or `--earth-date`.
  var oneOf: [String] = []
  /// Options of another command that people reach for here, with where they belong: a better
  /// answer than the nearest spelling.
  var elsewhere: [String: String] = [:]

  /// The full usage line: `rovers photos <rover> (--sol <sol> | …)`.
  var usage: String { "rovers \(name) \(synopsis)" }

  /// What follows `rovers <name>` on the `USAGE:` line, made from the arguments and the
  /// command's own options: required ones bare, exclusive ones in `( | )`, the rest in `[ ]`,
  /// and `[--format <format>] [--json]` where the command takes the shared output options.
  var synopsis: String {
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
    if options.contains(where: { $0.isShared && $0.long == "format" }) {
      words += ["[--format <format>]", "[--json]"]
    }
    return words.joined(separator: " ")
  }

  /// The option with this long or short name.
  func option(named name: String) -> OptionSpec? {
    options.first { "--" + $0.long == name || $0.short.map { "-\($0)" } == name }
  }
}

/// What a shell may offer for a value.
enum CompletionHint: Sendable, Equatable {
  case none
  /// One of these words.
  case values([String])
  case files
  case directories
  /// A rover's name.
  case rovers
  /// A camera of the rover already typed, whatever case was typed.
  case cameras
  /// A comma-separated list of these words: `--fields id,camera`.
  case list([String])
}

/// A positional argument.
struct ArgumentSpec: Sendable {
  /// The name shown in angle brackets: `rover`.
  var name: String
  /// One line of help.
  var help: String
  /// Whether it must be given.
  var isRequired = true
  /// Whether it takes every remaining positional word.
  var isRepeated = false
  /// What a shell may complete it with.
  var completion: CompletionHint = .rovers

  /// `<rover>`, or `<rover> ...` when repeated.
  var label: String { "<\(name)>" + (isRepeated ? " ..." : "") }

  /// How the usage line shows it: `<rover>`, `[<rover> ...]`, or its words when it takes only
  /// these (`(info | clear)`, `show`).
  var synopsisWord: String {
    if case .values(let words) = completion, isRequired {
      return words.count == 1 ? words[0] : "(" + words.joined(separator: " | ") + ")"
    }
    return isRequired ? label : "[\(label)]"
  }
}

/// An option or flag.
struct OptionSpec: Sendable {
  /// The long name, without dashes: `earth-date`.
  var long: String
  /// The one-letter name, if any: `o` for `-o`.
  var short: Character?
  /// The value's name (`date` in `--earth-date <date>`); `nil` for a flag.
  var valueName: String?
  /// Whether it may be given more than once, each value kept.
  var isRepeatable = false
  /// One line of help.
  var help: String
  /// Shown as `(default: …)`.
  var defaultValue: String?
  /// What a shell may complete the value with.
  var completion: CompletionHint = .none
  /// Whether it must be given (`sync -o <dir>`).
  var isRequired = false
  /// Whether it is one of the options every data command shares, which the usage line
  /// leaves to `rovers help` (all but `--format` and `--json`).
  var isShared = false

  /// A flag: present or not.
  static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, valueName: nil, help: help)
  }

  /// An option that takes a value.
  static func option(
    _ long: String, short: Character? = nil, value: String, repeatable: Bool = false,
    help: String, default defaultValue: String? = nil, completion: CompletionHint = .none
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: value, isRepeatable: repeatable, help: help,
      defaultValue: defaultValue, completion: completion)
  }

  /// `--sol <sol>`, the way error messages name it.
  var displayName: String {
    "--\(long)" + (valueName.map { " <\($0)>" } ?? "")
  }

  /// The same option, marked as one of the shared ones.
  var shared: OptionSpec {
    var option = self
    option.isShared = true
    return option
  }

  /// `-o <dir>`, or `--camera <name> ...`: the short spelling where there is one, as a usage
  /// line shows it.
  var synopsisWord: String {
    let name = short.map { "-\($0)" } ?? "--\(long)"
    return name + (valueName.map { " <\($0)>" } ?? "") + (isRepeatable ? " ..." : "")
  }

  /// `-o, --output <dir>`, the way help lists it.
  var helpLabel: String {
    (short.map { "-\($0), " } ?? "") + displayName
  }
}
