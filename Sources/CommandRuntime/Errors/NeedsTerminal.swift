/// `browse` run where there is no terminal: exit 64, pointing to the commands that print.
package struct NeedsTerminal: Error, CustomStringConvertible {
  package var description: String {
    "browse needs a terminal on stdin and stdout; in a script, use 'rovers list', "
      + "'rovers manifest <rover>' and 'rovers photos <rover> --sol <sol>'"
  }

  /// The error.
  package init() {}
}
