/// `--camera`, as the photo commands take it.
enum CameraOptions {
  /// Repeatable: one request per camera, merged back into the server's order.
  static let repeatable = OptionSpec.option(
    "camera", value: "name", repeatable: true,
    help: "Only photos from this camera; repeat for several.", completion: .cameras)
}
