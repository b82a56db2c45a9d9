import MarsFetching
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
  public func encoded() throws -> Data { Data(try encodedBytes()) }

  /// The same bytes, kept as written: a record of 5,000 photos is 2 MB, and a copy of it
  /// into `Data` was a tenth of a download's peak memory.
  func encodedBytes() throws -> [UInt8] {
    // About what a photo takes, so the bytes are not copied as they grow.
    var json = CompactJSON(capacity: 64 + photos.count * 480 + gone.count * 160)
    // Members in sorted order, here and below.
    try json.object { json in
      json.key("gone")
      try json.array(gone) { json, photo in
        try json.object { json in
          json.member("img_src", photo.imgSrc)
          json.member("nasa_id", photo.nasaID)
          try json.member("since", photo.since)
        }
      }
      json.key("photos")
      try json.array(photos) { json, photo in try photo.write(to: &json) }
      json.member("rover", rover)
      json.member("sol", sol)
    }
    return json.bytes
  }
}

extension SolRecord.SavedPhoto {
  fileprivate func write(to json: inout CompactJSON) throws {
    try json.object { json in
      json.member("camera", camera)
      json.member("camera_full_name", cameraFullName)
      if let details {
        json.key("details")
        try details.write(to: &json)
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

extension PhotoDetails {
  fileprivate func write(to json: inout CompactJSON) throws {
    try json.object { json in
      try json.member("attitude", numbers: capture.attitude)
      try json.member("camera_model_components", lists: capture.cameraModelComponents)
      json.member("camera_model_type", capture.cameraModelType)
      try json.member("camera_position", numbers: capture.cameraPosition)
      try json.member("camera_vector", numbers: capture.cameraVector)
      json.member("caption", caption)
      json.member("credit", credit)
      json.member("date_received", capture.dateReceived)
      json.member("dimension", integers: capture.dimension)
      json.member("drive", drive)
      json.member("filter", filter)
      json.member("mars_time", marsTime)
      try json.member("mast_az", mastAzimuth)
      try json.member("mast_el", mastElevation)
      if let place {
        json.key("place")
        try json.object { json in
          try json.member("elevation", place.elevation)
          json.member("exact", place.isExact)
          try json.member("lat", place.latitude)
          try json.member("lon", place.longitude)
        }
      }
      json.member("sample_type", sampleType)
      json.member("scale_factor", capture.scaleFactor)
      try json.member("sclk", capture.spacecraftClock)
      json.member("site", site)
      json.member("subframe_rect", integers: capture.subframeRect)
      json.member("title", title)
      try json.member("xyz", numbers: capture.xyz)
    }
  }
}
