import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a mirror holds of one sol, kept beside its photos as `DIR/<rover>/<sol>/.rovers-sol.json`:
/// each photo saved, by its identity, with what is known of it, and the photos gone from their
/// host. The gallery is built from these alone, with no request.
public struct SolRecord: Codable, Sendable, Hashable {
  /// The rover's name as the server spells it: `Perseverance`.
  public var rover: String
  /// The sol.
  public var sol: Int
  /// The photos on disk, sorted by camera and identity.
  public var photos: [SavedPhoto] = []
  /// The photos whose host answered 404 or 410.
  public var gone: [GonePhoto] = []

  /// Creates an empty record.
  public init(rover: String, sol: Int) {
    self.rover = rover
    self.sol = sol
  }

  /// One photo on disk.
  public struct SavedPhoto: Codable, Sendable, Hashable {
    /// The server's number, if it had one.
    public var id: Int?
    /// The photo's identity on every server.
    public var nasaID: String
    /// The camera's short name: `NAVCAM_LEFT`.
    public var camera: String
    /// The camera's long name, if the server said.
    public var cameraFullName: String?
    /// NASA's instrument name, if the source said.
    public var instrument: String?
    /// The Earth day it was taken on.
    public var earthDate: String
    /// Where it was fetched from.
    public var imgSrc: String
    /// The file, below the sol's folder: `NAVCAM_LEFT/NLF_….jpg`.
    public var file: String
    /// What the feeds said of it (Mars time, pointing, credit…); absent when they said nothing.
    public var details: PhotoDetails?
    /// The observation sequence its file name names (``NASASequence``), for a reader of the
    /// record; absent when the name has none.
    public var sequence: String?

    enum CodingKeys: String, CodingKey {
      case id, camera, instrument, file, details, sequence
      case nasaID = "nasa_id"
      case cameraFullName = "camera_full_name"
      case earthDate = "earth_date"
      case imgSrc = "img_src"
    }

    /// The record of `photo`, saved at its usual place.
    public init(_ photo: Photo) {
      self.init(photo, file: PhotoFileLayout.pathInSol(for: photo))
    }

    /// The record of the photo `download` saved.
    public init(_ download: PhotoDownload) {
      self.init(download.photo, file: PhotoFileLayout.pathInSol(of: download))
    }

    private init(_ photo: Photo, file: String) {
      self.file = file
      id = photo.id
      nasaID = photo.nasaID
      camera = photo.camera.name
      cameraFullName = photo.camera.fullName
      instrument = photo.instrument
      earthDate = photo.earthDate
      imgSrc = photo.imgSrc
      details = photo.details == PhotoDetails() ? nil : photo.details
      sequence = photo.sequence
    }
  }

  /// A photo its host no longer serves.
  public struct GonePhoto: Codable, Sendable, Hashable {
    /// The photo's identity.
    public var nasaID: String
    /// Where it was asked for.
    public var imgSrc: String
    /// When the host first answered 404 or 410, in seconds since 1970.
    public var since: Double

    enum CodingKeys: String, CodingKey {
      case since
      case nasaID = "nasa_id"
      case imgSrc = "img_src"
    }

    /// Creates the record of a gone photo.
    public init(nasaID: String, imgSrc: String, since: Double) {
      self.nasaID = nasaID
      self.imgSrc = imgSrc
      self.since = since
    }
  }

  /// Adds what a run saved and found gone: a saved photo replaces its older entry and is no
  /// longer gone; a gone photo keeps the date it was first seen gone.
  public mutating func merge(saved: consuming [SavedPhoto], gone newlyGone: [GonePhoto]) {
    var goneByID = Dictionary(gone.map { ($0.nasaID, $0) }, uniquingKeysWith: { $1 })
    for photo in newlyGone where goneByID[photo.nasaID] == nil { goneByID[photo.nasaID] = photo }
    // Which photo each id keeps, by its place (a saved one over a recorded one, the later of
    // two); a photo saved is not gone.
    var keep: [String: (isSaved: Bool, index: Int)] = [:]
    keep.reserveCapacity(photos.count + saved.count)
    for (index, photo) in photos.enumerated() { keep[photo.nasaID] = (false, index) }
    for index in saved.indices {
      keep[saved[index].nasaID] = (true, index)
      goneByID[saved[index].nasaID] = nil
    }
    gone = goneByID.values.sorted { $0.nasaID < $1.nasaID }
    var keptSaved = [Bool](repeating: false, count: saved.count)
    var keptRecorded = [Bool](repeating: false, count: photos.count)
    for place in keep.values {
      if place.isSaved { keptSaved[place.index] = true } else { keptRecorded[place.index] = true }
    }
    // The saved photos' own list becomes the merged one, the recorded ones kept added to it:
    // a sol of thousands is the largest thing a download holds at its end, and is not copied.
    // In the order they came: a list mostly is sorted, and the sort below goes through runs
    // in order at the cost of a comparison each.
    var merged = consume saved
    var next = 0
    for index in merged.indices where keptSaved[index] {
      if index != next { merged.swapAt(index, next) }
      next += 1
    }
    merged.removeLast(merged.count - next)
    for (index, photo) in photos.enumerated() where keptRecorded[index] { merged.append(photo) }
    photos = []
    merged.sort { ($0.camera, $0.nasaID) < ($1.camera, $1.nasaID) }
    photos = merged
  }
}

extension SolRecord.SavedPhoto {
  /// The photo as a server would list it again, from what the record kept: for work on a
  /// mirror with no request, such as a movie made from its frames.
  public func photo(rover: String, sol: Int) -> Photo {
    Photo(
      id: id, sol: sol, earthDate: earthDate, imgSrc: imgSrc,
      camera: Camera(name: camera, fullName: cameraFullName),
      rover: RoverReference(id: 0, name: rover), nasaID: nasaID, instrument: instrument,
      details: details ?? PhotoDetails())
  }
}
