/// One raw image taken by a rover.
public struct Photo: Decodable, Sendable, Hashable {
  /// The server's number for the photo; `nil` where the source has none (Perseverance from
  /// NASA's feeds). Servers number photos differently: ``nasaID`` is what identifies one.
  public var id: Int?
  /// The photo's identity on every server: its image file's base name (see ``NASAImageName``).
  public var nasaID: String
  /// The Martian day it was taken on, counted from landing.
  public var sol: Int
  /// The Earth day it was taken on, `YYYY-MM-DD`.
  public var earthDate: String
  /// The image's address; may be plain `http://`.
  public var imgSrc: String
  /// The camera that took it.
  public var camera: Camera
  /// The rover that took it.
  public var rover: RoverReference
  /// NASA's name for the instrument, such as `NAV_LEFT_B`, when the source says; the camera
  /// may carry a legacy name (`NAVCAM`) for it.
  public var instrument: String?
  /// What NASA's feeds say of it (Mars time, pointing, place, words); empty from an API server.
  public var details: PhotoDetails

  /// Creates a photo; its ``nasaID`` comes from `imgSrc` unless given.
  @inlinable public init(
    id: Int?, sol: Int, earthDate: String, imgSrc: String, camera: Camera, rover: RoverReference,
    nasaID: String? = nil, instrument: String? = nil, details: PhotoDetails = PhotoDetails()
  ) {
    self.id = id
    self.sol = sol
    self.earthDate = earthDate
    self.imgSrc = imgSrc
    self.camera = camera
    self.rover = rover
    self.nasaID = nasaID ?? Self.identity(imgSrc: imgSrc, id: id)
    self.instrument = instrument
    self.details = details
  }

  enum CodingKeys: String, CodingKey {
    case id, sol, camera, rover, instrument
    case nasaID = "nasa_id"
    case earthDate = "earth_date"
    case imgSrc = "img_src"
  }

  /// Decodes a photo as any server sends it; `nasa_id` and `instrument` are read when present
  /// (this tool's own JSON has them) and otherwise derived or left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(Int.self, forKey: .id)
    sol = try container.decode(Int.self, forKey: .sol)
    earthDate = try container.decode(String.self, forKey: .earthDate)
    imgSrc = try container.decode(String.self, forKey: .imgSrc)
    camera = try container.decode(Camera.self, forKey: .camera)
    rover = try container.decode(RoverReference.self, forKey: .rover)
    instrument = try container.decodeIfPresent(String.self, forKey: .instrument)
    nasaID =
      try container.decodeIfPresent(String.self, forKey: .nasaID)
      ?? Self.identity(imgSrc: imgSrc, id: id)
    // This tool's own JSON carries the feeds' details beside the API's fields.
    details = (try? PhotoDetails(from: decoder)) ?? PhotoDetails()
  }

  /// The observation sequence the photo belongs to, from its file name (``NASASequence``).
  public var sequence: String? { NASASequence.id(of: nasaID) }

  /// The image file's base name, or a stand-in built from the server's number when the address
  /// has no file name (such a photo cannot be downloaded, but still needs a name).
  @usableFromInline static func identity(imgSrc: String, id: Int?) -> String {
    NASAImageName.identity(ofImageAt: imgSrc) ?? "photo-\(id.map(String.init) ?? "unknown")"
  }
}
