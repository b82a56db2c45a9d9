import MarsFetching
import RasterImages
import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--debayer` on `show`, `stereo` and `movie`: Bayer frames in colour, through the one colour
/// step `develop` takes (``FrameDeveloper/colour(_:name:originX:originY:small:)``). Frames that
/// are not mosaics are left as they are, and the run says so once (``remark()``).
package final class Debayering: Sendable {
  /// Whether frames are demosaicked.
  package let enabled: Bool
  private let developer = FrameDeveloper()
  /// The frames asked for in colour that are not mosaics.
  private let leftAsSent = Mutex<[String]>([])

  /// Colour when `enabled`; frames as they are when not.
  package init(enabled: Bool) { self.enabled = enabled }

  /// The picture in colour when it is a mosaic, else as it is (and noted). `name` is the file's
  /// path or address, or the photo's NASA id.
  package func apply(_ image: RasterImage, name: String, small: Bool = false) -> RasterImage {
    colour(image, name: name, small: small) ?? image
  }

  /// The picture in colour, or `nil` (noted) when it is not a mosaic or colour is off.
  private func colour(_ image: RasterImage, name: String, small: Bool) -> RasterImage? {
    guard enabled else { return nil }
    let identity = NASAImageName.identity(ofImageAt: name) ?? name
    let (coloured, colour) = developer.colour(image, name: identity, small: small)
    guard colour.isDemosaicked else {
      leftAsSent.withLock { $0.append(identity) }
      return nil
    }
    return coloured
  }

  /// The file's picture in colour, each 2 × 2 cell one pixel (for a terminal), when it is a
  /// mosaic; else `nil`, and the file is drawn as it is. A name that claims no mosaic needs
  /// no pixels: it is noted without decoding the file. A JPEG whose picture may be
  /// `minimumWidth` wide is decoded at a quarter of its size that keeps the mosaic.
  package func picture(_ bytes: [UInt8], name: String, minimumWidth: Int) throws -> RasterImage? {
    guard enabled else { return nil }
    let identity = NASAImageName.identity(ofImageAt: name) ?? name
    guard BayerCamera.claimed(by: identity) != nil else {
      leftAsSent.withLock { $0.append(identity) }
      return nil
    }
    let image = try ImageDecoder.decodeKeepingBayerPhases(bytes, minimumWidth: minimumWidth)
    return colour(image, name: name, small: true)
  }

  /// What to say once of the frames that were not mosaics; `nil` when there were none.
  package func remark() -> String? {
    let names = leftAsSent.withLock { $0 }
    guard let first = names.first else { return nil }
    let others = names.count - 1
    let more = others == 0 ? "" : " and \(others) other\(others == 1 ? "" : "s")"
    let verb =
      others == 0
      ? "is not a Bayer mosaic: left as it is" : "are not Bayer mosaics: left as they are"
    return "\(first)\(more) \(verb)"
  }
}
