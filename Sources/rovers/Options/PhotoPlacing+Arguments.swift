import ArgumentParsing
import CommandRuntime

extension PhotoPlacing {
  /// The placing the arguments ask for (`--near`, `--within`); `keeps`: the command's files
  /// keep places, and its output (a list of files) shows none.
  init(_ arguments: ParsedArguments, common: CommonOptions, keeps: Bool = false) throws {
    try self.init(
      area: try PlaceOptions.parse(arguments), common: common, keeps: keeps,
      spec: arguments.spec)
  }
}
