import MarsFetching
import MarsMirror
import PlainText
import RasterImages
import RoverAPI
import TerminalPictures

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pictures `show` draws: each fetched or read, put together from its tiles, decoded (in
/// colour with `--debayer`) and drawn as a terminal's text, a few at a time, handed over in
/// order as soon as each and those before it are there.
package struct PhotoDrawing: Sendable {
  /// One picture to draw: where its bytes are and what to say of it; a tiled frame is one
  /// picture, its tiles put back together.
  package struct Item: Sendable {
    package var address: String
    package var url: URL?
    package var caption: String
    /// The frame whose tiles make the picture, when it is tiled.
    package var frame: FrameTiles?
    /// The tiles' own items, for a line each where nothing is drawn.
    package var tiles: [Item] = []

    /// A picture of the bytes at `address` (fetched from `url` when there is one).
    package init(address: String, url: URL?, caption: String) {
      self.address = address
      self.url = url
      self.caption = caption
    }

    /// One photo's picture: its address and its caption.
    package init(of photo: Photo) {
      self.init(
        address: photo.imgSrc, url: URL(string: photo.imgSrc),
        caption: "\(photo.camera.name) · sol \(photo.sol) · \(photo.nasaID)")
    }
  }

  /// A drawn picture: text to print, or a cell of a contact sheet.
  package struct Picture: Sendable {
    package var text = ""
    package var cell: ContactSheet.Cell?
  }

  /// Fetches what is not a file; `nil` when every item is a file on disk.
  package var client: APIClient?
  package var terminal: PictureTerminal
  /// Columns per picture.
  package var width: Int
  package var cellWidth: Int
  /// Whether each picture is a cell of a contact sheet.
  package var asCell: Bool
  package var debayer: Debayering
  /// A text made a link to an address, where the terminal takes links.
  package var link: @Sendable (String, String) -> String

  /// A drawing of pictures `width` columns wide on `terminal`.
  package init(
    client: APIClient?, terminal: PictureTerminal, width: Int, cellWidth: Int, asCell: Bool,
    debayer: Debayering, link: @escaping @Sendable (String, String) -> String
  ) {
    self.client = client
    self.terminal = terminal
    self.width = width
    self.cellWidth = cellWidth
    self.asCell = asCell
    self.debayer = debayer
    self.link = link
  }

  /// Draws every item, four at a time, handing each picture (or its own failure) to `each` in
  /// order.
  package func draw(
    _ items: [Item], each: (Result<Picture, any Error>) throws -> Void
  ) async throws {
    try await items.orderedMap(limit: 4) { item in
      await render(item)
    } each: {
      try each($0)
    }
  }

  /// Reads a file on disk and draws it, on the calling thread: one picture needs no task, and
  /// starting the runtime's threads for it costs more than its decoding.
  package func drawFile(_ item: Item) -> Result<Picture, any Error> {
    do {
      return .success(try picture(of: item, bytes: try ImageFile.read(item.address)))
    } catch {
      return .failure(error)
    }
  }

  /// Fetches or reads one image and draws it; its failure is its own.
  private func render(_ item: Item) async -> Result<Picture, any Error> {
    do {
      if let frame = item.frame {
        var tileLinks = ""
        let assembled = try await assemble(frame, links: &tileLinks)
        let image = debayer.apply(assembled, name: frame.name, small: true)
        return .success(try picture(of: item, image: image, tileLinks: tileLinks))
      }
      let bytes =
        if let url = item.url, let client {
          try await client.fetchImage(url, limit: ImageFile.limit)
        } else {
          try ImageFile.read(item.address)
        }
      return .success(try picture(of: item, bytes: bytes))
    } catch {
      return .failure(error)
    }
  }

  /// The drawing of an item's picture, from its file's bytes or its image already made.
  private func picture(
    of item: Item, bytes: [UInt8] = [], image made: RasterImage? = nil, tileLinks: String = ""
  ) throws -> Picture {
    do {
      var image = made
      // Bayer frames in colour, a 2 x 2 cell a pixel: a terminal shows no more.
      if image == nil {
        // Half-blocks take a pixel a column; the other protocols about a cell's width.
        let pixels = asCell || terminal.imageProtocol == .blocks ? width : width * cellWidth
        image = try debayer.picture(bytes, name: item.address, minimumWidth: pixels)
      }
      if asCell {
        let picture = try image ?? ImageDecoder.decode(bytes, minimumWidth: width)
        let lines = BlockPicture.lines(picture, columns: width, terminal)
        return Picture(cell: ContactSheet.Cell(caption: item.caption, lines: lines))
      }
      let caption = TerminalText.safe(item.caption) + tileLinks + "\n"
      let drawn =
        if let image {
          TerminalPicture.draw(image: image, columns: width, on: terminal, cellWidth: cellWidth)
        } else {
          try TerminalPicture.draw(bytes, columns: width, on: terminal, cellWidth: cellWidth)
        }
      return Picture(text: caption + drawn)
    } catch let error as ImageError {
      throw ImageFileError(name: item.address, reason: error.reason)
    }
  }

  /// A tiled frame's picture: its tiles fetched (at the copies' size asked for) and put
  /// back together by their rectangles. `links` gets the tiles, each a link to its file
  /// where the terminal takes links, and the tiles that could not be had.
  private func assemble(_ frame: FrameTiles, links: inout String) async throws -> RasterImage {
    let images = try await DevelopTiles(client: client, jobs: 4, folder: nil).images(
      of: frame, paths: nil)
    guard let assembled = FrameDeveloper().assembleCopies(frame, images: images) else {
      throw ImageFileError(name: frame.name, reason: "none of its tiles could be fetched")
    }
    links = ":"
    for (index, tile) in frame.tiles.enumerated() {
      links += " " + link("\(index + 1)", tile.photo.imgSrc)
    }
    let absent = frame.tiles.filter { images[$0.photo.nasaID] == nil }.count
    let lacking = frame.missing.count + absent
    if lacking > 0 { links += " (\(lacking) missing, drawn black)" }
    return assembled.image
  }
}
