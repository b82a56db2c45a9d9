import ArgumentParsing

extension CompletionHint {
  /// A rover's name: the completion scripts list the rovers they know (``Rovers/manual``).
  static let rovers = CompletionHint.subjects
  /// A camera of the rover already typed, whatever case was typed.
  static let cameras = CompletionHint.subjectValues
}
