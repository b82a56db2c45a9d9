import MarsFetching
import MarsMirror
import RasterImages
import RoverAPI

/// Makes one frame whole and, where it is a Bayer mosaic, colour: its tiles put together by
/// their rectangles, then demosaicked with its camera's white balance.
public struct FrameDeveloper: Sendable {
  /// Whether mosaics are demosaicked (`--no-debayer` only puts tiles together).
  public var debayer: Bool
  /// Whether tiles are scaled to agree where they overlap (`--match`).
  public var matchBrightness: Bool

  /// A developer that demosaics when `debayer`, and matches brightness when asked.
  public init(debayer: Bool = true, matchBrightness: Bool = false) {
    self.debayer = debayer
    self.matchBrightness = matchBrightness
  }

  /// What became of the colour of a frame.
  public enum Colour: Sendable, Equatable {
    /// Demosaicked, balanced for the camera named.
    case demosaicked(BayerCamera)
    /// Its name says mosaic, its pixels say otherwise: left as it is.
    case notAMosaic
    /// Its name says it is no mosaic (or colour was not asked for).
    case asSent

    /// Whether it was demosaicked.
    public var isDemosaicked: Bool {
      if case .demosaicked = self { return true }
      return false
    }
  }

  /// A developed frame.
  public struct Developed: Sendable {
    /// The whole frame.
    public var image: RasterImage
    /// Each pixel's opacity, or `nil` when no tile is missing.
    public var alpha: [UInt8]?
    /// What became of its colour.
    public var colour: Colour
    /// The places of tiles that are missing, as the feeds write rectangles.
    public var missing: [String]
  }

  /// A tile whose file does not fit its rectangle, or a rectangle the sensor cannot have.
  public struct Misfit: Error, Sendable, CustomStringConvertible {
    /// The tile, by NASA id.
    public var name: String
    /// What is wrong.
    public var reason: String

    /// The tile and the reason.
    public var description: String { "\(name): \(reason)" }
  }

  /// The sensors whose size is known: Perseverance's Navcams and Hazcams, 5120 × 3840.
  static func sensorSize(of nasaID: String) -> (width: Int, height: Int)? {
    let name = Array(nasaID.utf8)
    guard name.count > 9, name[3] == UInt8(ascii: "_"), name[8] == UInt8(ascii: "_"),
      [UInt8(ascii: "N"), UInt8(ascii: "F"), UInt8(ascii: "R")].contains(name[0])
    else { return nil }
    return (5120, 3840)
  }

  /// The picture in colour when it is a Bayer mosaic (its name says so, and its pixels: grey,
  /// with filters that differ as a colour filter array's do), else as it is. The one colour
  /// step of every picture the tool makes: `develop`, and `--debayer` on `show`, `stereo` and
  /// `movie`. `small` takes each 2 × 2 cell as one pixel, for pictures drawn at half the size
  /// or less, where a full demosaic would be lost in the scaling.
  ///
  /// `vouched` says NASA's records call the picture the sensor's own readout (see
  /// ``recordsVouch(for:_:)``): then its name decides and its pixels are not asked, since a
  /// sharp scene of low saturation makes neighbouring greens differ by its texture as much as
  /// the filters set red and blue apart, and the pixels' rule would say no.
  public func colour(
    _ image: RasterImage, name: String, originX: Int = 0, originY: Int = 0, small: Bool = false,
    vouched: Bool = false
  ) -> (RasterImage, Colour) {
    guard debayer, let camera = BayerCamera.claimed(by: name) else { return (image, .asSent) }
    guard let plane = image.greyPlaneIfGrey() else { return (image, .notAMosaic) }
    let mosaic = BayerMosaic(
      plane: plane, width: image.width, height: image.height, originX: originX, originY: originY)
    guard vouched || mosaic.looksLikeMosaic else { return (image, .notAMosaic) }
    let coloured =
      small
      ? mosaic.cells(balance: camera.balance)
      : Demosaic.malvarHeCutler(mosaic, balance: camera.balance)
    return (coloured, .demosaicked(camera))
  }

  /// Whether NASA's records say `image` is the sensor's readout at full size: every tile's
  /// record gives its rectangle and a scale factor of 1, and the picture measures what they
  /// make. A copy NASA shrank (`_800`, `_1200`) measures less, and a file given on the command
  /// line has no record: for those the pixels decide.
  static func recordsVouch(for image: RasterImage, _ frame: FrameTiles) -> Bool {
    let fullSize = frame.tiles.allSatisfy {
      $0.photo.details.capture.scaleFactor == 1 && $0.photo.details.capture.subframeRect != nil
    }
    let size = frame.pixelSize
    return fullSize && !frame.tiles.isEmpty && image.width == size.width
      && image.height == size.height
  }

  /// Checks that every tile's rectangle lies on its sensor and that each decoded tile has the
  /// size its rectangle and the scale give.
  public func check(_ frame: FrameTiles, images: [String: RasterImage]) throws {
    for tile in frame.tiles {
      let rect = tile.rect
      guard rect.x >= 0, rect.y >= 0 else {
        throw Misfit(name: tile.photo.nasaID, reason: "its rectangle \(rect) starts off the sensor")
      }
      if let sensor = Self.sensorSize(of: tile.photo.nasaID),
        rect.x + rect.width > sensor.width || rect.y + rect.height > sensor.height
      {
        throw Misfit(
          name: tile.photo.nasaID,
          reason: "its rectangle \(rect) does not fit the \(sensor.width)x\(sensor.height) sensor")
      }
      guard frame.isTiled, let image = images[tile.photo.nasaID] else { continue }
      let size = frame.pixelSize(of: rect)
      guard image.width == size.width, image.height == size.height else {
        throw Misfit(
          name: tile.photo.nasaID,
          reason: "it is \(image.width)x\(image.height) pixels where its rectangle \(rect) at"
            + " scale \(frame.scale) makes \(size.width)x\(size.height)")
      }
    }
  }

  /// The frame from its tiles' images (by NASA id; a tile without one is missing), checked
  /// first.
  public func develop(_ frame: FrameTiles, images: [String: RasterImage]) throws -> Developed {
    try check(frame, images: images)
    let absent = frame.tiles.filter { images[$0.photo.nasaID] == nil }
    var missing = frame.missing.map(\.description)
    missing += absent.map { "\($0.photo.nasaID) \($0.rect)" }
    var image: RasterImage
    var alpha: [UInt8]?
    if !frame.isTiled, let only = frame.tiles.first.flatMap({ images[$0.photo.nasaID] }) {
      image = only
    } else {
      let placed = frame.tiles.compactMap { tile -> TileCanvas.Placed? in
        guard let image = images[tile.photo.nasaID] else { return nil }
        let place = frame.place(tile.rect)
        return TileCanvas.Placed(image, x: place.x, y: place.y)
      }
      let size = frame.pixelSize
      let assembled = TileCanvas.assemble(
        placed, width: size.width, height: size.height, matchBrightness: matchBrightness)
      image = assembled.image
      alpha = assembled.alpha
    }
    let origin = frame.bounds
    let (coloured, colour) = self.colour(
      image, name: frame.name, originX: origin.x / frame.scale, originY: origin.y / frame.scale,
      vouched: Self.recordsVouch(for: image, frame))
    image = coloured
    return Developed(image: image, alpha: alpha, colour: colour, missing: missing)
  }
}

extension FrameDeveloper {
  /// The frame from copies of its tiles that all have one size, for a picture to look at: the
  /// feeds' `_320` and `_800` copies of tiles are downsized, so each tile goes where its
  /// rectangle says, scaled by the ratio of the copies' width to the tile's. No size is
  /// checked (a copy's size is the feed's rounding) and no colour made (a downsized copy has
  /// lost its Bayer pattern); `nil` when no tile has an image.
  public func assembleCopies(_ frame: FrameTiles, images: [String: RasterImage])
    -> TileCanvas.Assembled?
  {
    guard
      let sample = frame.tiles.first(where: { images[$0.photo.nasaID] != nil }),
      let sampleImage = images[sample.photo.nasaID]
    else { return nil }
    // The copies' size over the tiles' size at the frame's scale, as a fraction.
    let copy = sampleImage.width
    let whole = max(1, frame.pixelSize(of: sample.rect).width)
    func scaled(_ length: Int) -> Int { (length * copy + whole / 2) / whole }
    let placed = frame.tiles.compactMap { tile -> TileCanvas.Placed? in
      guard let image = images[tile.photo.nasaID] else { return nil }
      let place = frame.place(tile.rect)
      return TileCanvas.Placed(image, x: scaled(place.x), y: scaled(place.y))
    }
    let size = frame.pixelSize
    return TileCanvas.assemble(
      placed, width: max(1, scaled(size.width)), height: max(1, scaled(size.height)),
      matchBrightness: matchBrightness)
  }
}
