import ArgumentParsing
import CommandRuntime

/// `--camera`, as the photo commands take it.
enum CameraOptions {
  /// Repeatable: one request per camera, merged back into the server's order.
  static let camera = Option.text(
    "camera", value: "name", repeatable: true,
    help: "Only photos from this camera; repeat for several.", completion: .cameras)
  static var repeatable: OptionSpec { camera.spec }

  /// The cameras asked for, each checked for a name a camera can have.
  static func parse(_ arguments: ParsedArguments) throws -> [String] {
    try arguments[all: camera].map { try NameRules.camera($0, spec: arguments.spec) }
  }
}
