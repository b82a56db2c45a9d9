/// A setting that cannot be used, from the environment or a file the user named: exit 64 like
/// a usage error, but without the command's usage, since the command line was not the mistake.
package struct SettingError: Error, Sendable, CustomStringConvertible {
  /// The message after `Error: `, naming where the value came from.
  package var message: String

  package var description: String { message }
}
