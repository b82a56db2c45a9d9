import ArgumentParsing
import CommandRuntime

extension CompletionHint {
  /// A rover's name: the completion scripts list the rovers they know.
  static let rovers = CompletionHint.custom("rovers")
  /// A camera of the rover already typed, whatever case was typed.
  static let cameras = CompletionHint.custom("cameras")
}
