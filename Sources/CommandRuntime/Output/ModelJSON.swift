import MarsFetching
import RoverAPI

/// A value `--json` prints; members are written in sorted order, as documented.
package protocol JSONPrintable {
  func write(to json: inout JSONWriter)
}

/// Nothing, as `null`: a value a command may not have (`where` before the first waypoint).
extension Optional: JSONPrintable where Wrapped: JSONPrintable {
  package func write(to json: inout JSONWriter) {
    if let value = self { value.write(to: &json) } else { json.null() }
  }
}

extension Array: JSONPrintable where Element: JSONPrintable {
  package func write(to json: inout JSONWriter) { json.array(self) { $1.write(to: &$0) } }
}

extension Photo: JSONPrintable {
  package func write(to json: inout JSONWriter) {
    let capture = details.capture
    json.object { json in
      // Every photo has the feeds' keys, null where its source has no value.
      json.member("attitude", numbers: capture.attitude)
      json.key("camera")
      camera.write(to: &json)
      json.member("camera_model_components", lists: capture.cameraModelComponents)
      json.member("camera_model_type", capture.cameraModelType)
      json.member("camera_position", numbers: capture.cameraPosition)
      json.member("camera_vector", numbers: capture.cameraVector)
      json.member("caption", details.caption)
      json.member("credit", details.credit)
      json.member("date_received", capture.dateReceived)
      json.member("dimension", integers: capture.dimension)
      json.member("drive", details.drive)
      json.member("earth_date", earthDate)
      json.member("elevation", details.place?.elevation)
      json.member("filter", details.filter)
      json.member("id", id)
      json.member("img_src", imgSrc)
      json.member("instrument", instrument)
      json.member("lat", details.place?.latitude)
      json.member("lon", details.place?.longitude)
      json.member("mars_time", details.marsTime)
      json.member("mast_az", details.mastAzimuth)
      json.member("mast_el", details.mastElevation)
      json.member("nasa_id", nasaID)
      json.member("place", details.place.map(PhotoDetailFields.placeWord))
      json.key("rover")
      json.object { json in
        json.member("id", rover.id)
        json.member("name", rover.name)
      }
      json.member("sample_type", details.sampleType)
      json.member("scale_factor", capture.scaleFactor)
      json.member("sclk", capture.spacecraftClock)
      json.member("sequence", sequence)
      json.member("site", details.site)
      json.member("sol", sol)
      json.member("subframe_rect", integers: capture.subframeRect)
      json.member("title", details.title)
      json.member("xyz", numbers: capture.xyz)
    }
  }
}

extension Camera: JSONPrintable {
  /// `full_name` and `id` when known, and `name`; the rover id is implied by the context.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      if let fullName { json.member("full_name", fullName) }
      if let id { json.member("id", id) }
      json.member("name", name)
    }
  }
}

extension Rover: JSONPrintable {
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("cameras")
      cameras.write(to: &json)
      json.member("id", id)
      json.member("landing_date", landingDate)
      json.member("launch_date", launchDate)
      json.member("max_date", maxDate)
      json.member("max_sol", maxSol)
      json.member("name", name)
      json.member("status", status)
      json.member("total_photos", totalPhotos)
    }
  }
}

extension PhotoManifest: JSONPrintable {
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("landing_date", landingDate)
      json.member("launch_date", launchDate)
      json.member("max_date", maxDate)
      json.member("max_sol", maxSol)
      json.member("name", name)
      json.key("photos")
      photos.write(to: &json)
      json.member("status", status)
      json.member("total_photos", totalPhotos)
    }
  }
}

extension ManifestEntry: JSONPrintable {
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("cameras", strings: cameras)
      json.member("earth_date", earthDate)
      json.member("sol", sol)
      json.member("total_photos", totalPhotos)
    }
  }
}
