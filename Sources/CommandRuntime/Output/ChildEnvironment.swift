/// The environment of a program the tool starts (an `--on-new` command, the system's opener):
/// the tool's own, without the API key, which must never reach another program.
package enum ChildEnvironment {
  /// The variables that hold the key by name.
  package static let keyVariables: Set<String> = ["ROVERS_API_KEY", "NASA_API_KEY"]

  /// `environment` without the key's variables and any variable whose value holds `secret`.
  package static func keyless(_ environment: [String: String], secret: String?) -> [String: String]
  {
    environment.filter { name, value in
      !keyVariables.contains(name)
        && !(secret.map { !$0.isEmpty && value.contains($0) } ?? false)
    }
  }
}
