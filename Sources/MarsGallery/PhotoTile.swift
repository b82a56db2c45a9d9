import RoverAPI

/// One photo as a page shows it: where its picture is, where a click takes, and its caption.
public struct PhotoTile: Sendable, Hashable {
  /// The picture: a path relative to the page, or a remote address.
  public var picture: String
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
  /// What the photo viewer shows under the photo: Mars time, pointing and credit, when known.
  public var details: String?
  /// The local mean solar time it was taken, `12:34:56`, when its record says.
  public var localMeanSolarTime: String?
  /// The left and right frames' pictures when the photo is one of a stereo pair on its page
  /// (``SolPage`` finds them): what the viewer's 3D button draws as an anaglyph.
  public var stereo: StereoFrames?
  /// For a frame `rovers develop` made whole or in colour, the raw files it was made from
  /// (tiles, or the mosaic), relative to the page: shown in their place, reachable from it.
  public var rawParts: [String] = []

  /// Creates a tile.
  public init(
    picture: String, camera: String, cameraFullName: String?, nasaID: String, earthDate: String?,
    sol: Int, details: PhotoDetails? = nil
  ) {
    self.picture = picture
    self.camera = camera
    self.cameraFullName = cameraFullName
    self.nasaID = nasaID
    self.earthDate = earthDate
    self.sol = sol
    self.details = details.flatMap(Self.describe)
    localMeanSolarTime = details?.marsClock.map { String($0.prefix(8)) }
  }

  /// `Mars time 12:34:56 (sol 1000) · mast az 91.8° el 24.9° · NASA/JPL-Caltech`, from what is
  /// known; `nil` when nothing is.
  static func describe(_ details: PhotoDetails) -> String? {
    var parts: [String] = []
    if let time = details.marsTime { parts.append("Mars time \(time)") }
    let pointing = [
      details.mastAzimuth.map { "az \(degrees($0))" },
      details.mastElevation.map { "el \(degrees($0))" },
    ].compactMap { $0 }
    if !pointing.isEmpty { parts.append("mast " + pointing.joined(separator: " ")) }
    if let place = details.place { parts.append(describe(place)) }
    if let credit = details.credit { parts.append(credit) }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// `taken at 18.44748° N 77.45469° E, -2563 m (approximate)`: the latitude as north or
  /// south, the longitude east as NASA gives it.
  static func describe(_ place: PhotoPlace) -> String {
    let latitude = "\(abs(place.latitude))° \(place.latitude < 0 ? "S" : "N")"
    var text = "taken at \(latitude) \(place.longitude)° E"
    if let elevation = place.elevation { text += ", \(Int(elevation.rounded())) m" }
    return text + (place.isExact ? "" : " (approximate)")
  }

  /// Degrees to a tenth: `91.8°`.
  private static func degrees(_ value: Double) -> String {
    String(Double(Int((value * 10).rounded())) / 10) + "°"
  }

  /// `NLF_0100_… · NAVCAM_LEFT · 2021-05-31 · sol 100`.
  var caption: String {
    ([nasaID, camera] + (earthDate.map { [$0] } ?? []) + ["sol \(sol)"]).joined(separator: " · ")
  }
}

/// The two pictures of a stereo pair, as a page links them.
public struct StereoFrames: Sendable, Hashable {
  /// The left eye's picture.
  public var left: String
  /// The right eye's picture.
  public var right: String

  /// The pair's pictures.
  public init(left: String, right: String) {
    self.left = left
    self.right = right
  }
}
