/// What a program's man page and completion scripts say beyond its commands' specs: the
/// program's own words, given to the generators as data.
public struct ProgramManual: Sendable {
  /// The program's name: `rovers`.
  public var name: String
  /// Its version, on the man page's title line.
  public var version: String
  /// The man page's NAME line, after the program's name.
  public var summary: String
  /// The man page's DESCRIPTION, as text (escaped for roff by the generator).
  public var description: String
  /// The help topics beside the commands (`rovers help exit-codes`).
  public var topics: [String]
  /// The options every command shares, described once in COMMON OPTIONS.
  public var commonOptions: [OptionSpec]
  /// Each environment variable and what it does.
  public var environment: [(name: String, meaning: String)]
  /// The FILES section, as roff source.
  public var files: String
  /// Each exit code and what it means, then a paragraph after them.
  public var exitCodes: [(code: Int32, meaning: String)]
  /// The paragraph after the exit codes.
  public var exitNote: String
  /// The EXAMPLES section's lines, as roff source.
  public var examples: String
  /// The words the completion scripts offer for ``CompletionHint/subjects`` and
  /// ``CompletionHint/subjectValues``.
  public var words: CompletionWords

  /// A manual of these parts.
  public init(
    name: String, version: String, summary: String, description: String, topics: [String],
    commonOptions: [OptionSpec], environment: [(name: String, meaning: String)], files: String,
    exitCodes: [(code: Int32, meaning: String)], exitNote: String, examples: String,
    words: CompletionWords
  ) {
    self.name = name
    self.version = version
    self.summary = summary
    self.description = description
    self.topics = topics
    self.commonOptions = commonOptions
    self.environment = environment
    self.files = files
    self.exitCodes = exitCodes
    self.exitNote = exitNote
    self.examples = examples
    self.words = words
  }
}

/// The words a completion script lists itself: the program's subjects (the rovers), and for
/// each the values that belong to it (its cameras), offered once a subject has been typed.
public struct CompletionWords: Sendable {
  /// Each subject, in order, with its values.
  public var valuesBySubject: [(subject: String, values: [String])]
  /// What the values are called in the scripts' function names: `cameras`.
  public var valuesName: String

  /// The subjects' names.
  public var subjects: [String] { valuesBySubject.map(\.subject) }
  /// Every subject's values, sorted, each once: what is offered before a subject is typed.
  public var allValues: [String] { Set(valuesBySubject.flatMap(\.values)).sorted() }

  /// Words of these subjects and values.
  public init(
    valuesBySubject: [(subject: String, values: [String])],
    valuesName: String
  ) {
    self.valuesName = valuesName
    self.valuesBySubject = valuesBySubject
  }
}

extension CompletionHint {
  /// A subject's name (a rover): the completion scripts list ``CompletionWords/subjects``.
  public static let subjects = CompletionHint.custom("subjects")
  /// A value of the subject already typed (a rover's camera), whatever case was typed.
  public static let subjectValues = CompletionHint.custom("subject-values")
}
