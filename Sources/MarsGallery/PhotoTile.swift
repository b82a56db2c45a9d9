/// One photo as a page shows it: where its picture is, where a click takes, and its caption.
public struct PhotoTile: Sendable, Hashable {
  /// The picture: a path relative to the page, or a remote address.
  public var source: String
  /// The camera's short name: `NAVCAM_LEFT`; photos are grouped by it.
  public var camera: String
  /// The camera's long name, when known: the group's heading.
  public var cameraFullName: String?
  /// The photo's identity: NASA's file name, less its extension.
  public var nasaID: String
  /// The Earth day, when known.
  public var earthDate: String?
  /// The sol.
  public var sol: Int

  /// Creates a tile.
  public init(
    source: String, camera: String, cameraFullName: String?, nasaID: String, earthDate: String?,
    sol: Int
  ) {
    self.source = source
    self.camera = camera
    self.cameraFullName = cameraFullName
    self.nasaID = nasaID
    self.earthDate = earthDate
    self.sol = sol
  }

  /// `NLF_0100_… · NAVCAM_LEFT · 2021-05-31 · sol 100`.
  var caption: String {
    ([nasaID, camera] + (earthDate.map { [$0] } ?? []) + ["sol \(sol)"]).joined(separator: " · ")
  }
}
