import MarsFetching
import RasterImages
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes the anaglyph of a pair: both frames fetched at once with the client every image goes
/// through (retries, pacing, bounded bodies), decoded, combined, written as a PNG.
package struct AnaglyphMaker: Sendable {
  /// The image client.
  package var client: APIClient
  /// How far the right frame moves, in pixels.
  package var shift: Int
  /// `--debayer`: Bayer frames in colour before they are combined.
  package var debayer: Debayering

  /// The largest frame fetched.
  package static let frameLimit = ImageFile.limit

  /// The anaglyph of `pair` as PNG bytes; an image that cannot be decoded names its address.
  package func png(of pair: StereoPair) async throws -> [UInt8] {
    let client = self.client
    let debayer = self.debayer
    // Each frame fetched and decoded in a child task of its own: the two at once.
    async let left = Self.decode(
      try await Self.fetch(pair.left.imgSrc, client), name: pair.left.imgSrc, debayer: debayer)
    let right = try await Self.decode(
      try await Self.fetch(pair.right.imgSrc, client), name: pair.right.imgSrc, debayer: debayer)
    return try Self.png(
      try await left, right, shift: shift, scaling: pair.needsScaling, names: pair.left.nasaID)
  }

  /// The anaglyph of two decoded frames as PNG bytes, or as a JPEG's at quality 90 when
  /// `jpeg` (a file named `.jpg`: a third of the time to write, for a picture to look at).
  package static func png(
    _ left: RasterImage, _ right: RasterImage, shift: Int, scaling: Bool, names: String,
    jpeg: Bool = false
  ) throws -> [UInt8] {
    do {
      let anaglyph = try Anaglyph.combine(
        left: left, right: right, shift: shift, scaling: scaling)
      return jpeg ? try JPEGEncoder.encode(anaglyph) : PNGEncoder.encode(anaglyph)
    } catch let error as Anaglyph.SizeMismatch {
      throw ImageFileError(name: names, reason: error.description)
    } catch let error as ImageError {
      throw ImageFileError(name: names, reason: error.reason)
    }
  }

  /// A frame, decoded; its failure names it. Asynchronous so that two frames decode at once,
  /// each in a child task.
  package static func decode(_ bytes: [UInt8], name: String, debayer: Debayering) async throws
    -> RasterImage
  {
    do {
      return debayer.apply(try ImageDecoder.decode(bytes), name: name)
    } catch let error as ImageError {
      throw ImageFileError(name: name, reason: error.reason)
    }
  }

  /// The anaglyph of two image files, as PNG bytes (a JPEG's with `jpeg`); the two decode at
  /// once.
  package static func combine(
    _ leftPath: String, _ rightPath: String, shift: Int, debayer: Debayering, jpeg: Bool
  ) async throws -> [UInt8] {
    async let left = decode(try ImageFile.read(leftPath), name: leftPath, debayer: debayer)
    let right = try await decode(try ImageFile.read(rightPath), name: rightPath, debayer: debayer)
    return try png(
      try await left, right, shift: shift, scaling: false, names: "\(leftPath) and \(rightPath)",
      jpeg: jpeg)
  }

  private static func fetch(_ address: String, _ client: APIClient) async throws -> [UInt8] {
    guard let url = URL(string: address) else {
      throw ImageFileError(name: address, reason: "it is not an address")
    }
    return try await client.fetchImage(url, limit: frameLimit)
  }

  /// A value of each member.
  package init(client: APIClient, shift: Int, debayer: Debayering) {
    self.client = client
    self.shift = shift
    self.debayer = debayer
  }
}
