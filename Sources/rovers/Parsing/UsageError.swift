/// A command line that cannot be run: printed with the command's usage, exit 64.
///
/// The wording follows swift-argument-parser's, which Swift users know.
struct UsageError: Error, Sendable {
  /// The message after `Error: `.
  var message: String
  /// The command whose usage is printed below the message; `nil` for the root command.
  var command: CommandSpec?

  /// An option the command does not take, with the ones it may have meant among `known`.
  static func unknownOption(_ name: String, known: [String], in command: CommandSpec?)
    -> UsageError
  {
    let hint = Suggestion.hint(for: name, in: known)
    return UsageError(message: "Unknown option '\(name)'.\(hint)", command: command)
  }

  static func missingValue(for option: OptionSpec, in command: CommandSpec) -> UsageError {
    UsageError(message: "Missing value for '\(option.displayName)'", command: command)
  }

  static func missingArgument(_ label: String, in command: CommandSpec) -> UsageError {
    UsageError(message: "Missing expected argument '\(label)'", command: command)
  }

  static func unexpectedArgument(_ word: String, in command: CommandSpec?) -> UsageError {
    UsageError(message: "Unexpected argument '\(word)'", command: command)
  }

  static func invalidValue(
    _ value: String, for name: String, reason: String?, in command: CommandSpec
  )
    -> UsageError
  {
    let because = reason.map { ": \($0)" } ?? ""
    return UsageError(
      message: "The value '\(value)' is invalid for '\(name)'\(because)", command: command)
  }
}
