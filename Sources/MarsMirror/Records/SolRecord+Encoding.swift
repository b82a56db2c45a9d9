import MarsFetching
import PlainText
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SolRecord {
  /// How records were written with `JSONEncoder`, and how ``encoded()`` still writes them:
  /// members sorted, slashes left alone so addresses read as addresses.
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The record as JSON: byte for byte what `JSONEncoder` writes for it (``makeEncoder()``),
  /// so records written before and after read the same and diff cleanly, written straight
  /// from the values. Through `JSONEncoder`, whole, a sol of 5,000 photos was a value tree of
  /// 20 MB; a few hundred at a time, still a tenth of a download's CPU time.
  public func encoded() throws -> Data {
    // About what a photo takes, so the bytes are not copied as they grow.
    var json = JSONWriter(.compact, capacity: 64 + photos.count * 480 + gone.count * 160)
    write(to: &json)
    return Data(try json.result())
  }

  /// Writes the same bytes into `file` a piece at a time: a record of 5,000 photos is 2 MB,
  /// which held whole was a sixth of what a download of them held at its end.
  func write(to file: TemporaryFile) throws {
    var failure: (any Error)?
    var json = JSONWriter(.compact) { piece in
      guard failure == nil else { return }
      do { try piece.withUnsafeBytes { try file.write($0) } } catch { failure = error }
    }
    write(to: &json)
    json.flush()
    if let failure { throw failure }
    // A number compact JSON cannot write.
    _ = try json.result()
  }

  private func write(to json: inout JSONWriter) {
    // Members in sorted order, here and below.
    json.object { json in
      json.key("gone")
      json.array(gone) { json, photo in
        json.object { json in
          json.member("img_src", photo.imgSrc)
          json.member("nasa_id", photo.nasaID)
          json.member("since", photo.since)
        }
      }
      json.key("photos")
      json.array(photos) { json, photo in photo.write(to: &json) }
      json.member("rover", rover)
      json.member("sol", sol)
    }
  }
}

extension SolRecord.SavedPhoto {
  fileprivate func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("camera", camera)
      json.member("camera_full_name", cameraFullName)
      if let details {
        json.key("details")
        details.write(to: &json)
      }
      json.member("earth_date", earthDate)
      json.member("file", file)
      json.member("id", id)
      json.member("img_src", imgSrc)
      json.member("instrument", instrument)
      json.member("nasa_id", nasaID)
      json.member("sequence", sequence)
    }
  }
}
