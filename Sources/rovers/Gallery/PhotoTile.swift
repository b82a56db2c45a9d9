/// One photo as a page shows it: where its picture is, where a click takes, and its caption.
struct PhotoTile: Sendable, Hashable {
  /// The picture: a path relative to the page, or a remote address.
  var source: String
  /// The camera's short name: `NAVCAM_LEFT`; photos are grouped by it.
  var camera: String
  /// The camera's long name, when known: the group's heading.
  var cameraFullName: String?
  /// The photo's identity: NASA's file name, less its extension.
  var nasaID: String
  /// The Earth day, when known.
  var earthDate: String?
  /// The sol.
  var sol: Int

  /// `NLF_0100_… · NAVCAM_LEFT · 2021-05-31 · sol 100`.
  var caption: String {
    ([nasaID, camera] + (earthDate.map { [$0] } ?? []) + ["sol \(sol)"]).joined(separator: " · ")
  }
}
