/// A command line that cannot be run: printed with the command's usage, exit 64.
///
/// The wording follows swift-argument-parser's, which Swift users know.
public struct UsageError: Error, Sendable {
  /// The message after `Error: `.
  public var message: String
  /// The command whose usage is printed below the message; `nil` for the root command.
  public var command: CommandSpec?

  /// A usage error that says `message`, below which `command`'s usage is printed.
  public init(
    message: String, command: CommandSpec? = nil
  ) {
    self.message = message
    self.command = command
  }

  /// An option the command does not take, with the ones it may have meant among `known`.
  public static func unknownOption(_ name: String, known: [String], in command: CommandSpec?)
    -> UsageError
  {
    let hint = Suggestion.hint(for: name, in: known)
    return UsageError(message: "Unknown option '\(name)'.\(hint)", command: command)
  }

  /// An option given as the last word, with no value after it.
  public static func missingValue(for option: OptionSpec, in command: CommandSpec) -> UsageError {
    UsageError(message: "Missing value for '\(option.displayName)'", command: command)
  }

  /// A positional argument the command needs and did not get.
  public static func missingArgument(_ label: String, in command: CommandSpec) -> UsageError {
    UsageError(message: "Missing expected argument '\(label)'", command: command)
  }

  /// A word the command has no place for.
  public static func unexpectedArgument(_ word: String, in command: CommandSpec?) -> UsageError {
    UsageError(message: "Unexpected argument '\(word)'", command: command)
  }

  /// A value the option or argument `name` cannot take, and why when that is known.
  public static func invalidValue(
    _ value: String, for name: String, reason: String?, in command: CommandSpec
  )
    -> UsageError
  {
    let because = reason.map { ": \($0)" } ?? ""
    return UsageError(
      message: "The value '\(value)' is invalid for '\(name)'\(because)", command: command)
  }
}
