import Foundation
import RoverAPI
import Testing

@testable import MarsMirror

/// A sol record is read in one pass, as `JSONDecoder` reads it: the same record from what the
/// tool writes, and the same answer (the same record, or none) from what it did not.
@Suite(.timeLimit(.minutes(3))) struct SolRecordScanningTests {
  static func decoded(_ text: String) -> SolRecord? {
    try? JSONDecoder().decode(SolRecord.self, from: Data(text.utf8))
  }

  static func scanned(_ text: String) -> SolRecord? {
    try? SolRecord.scanned(Data(text.utf8))
  }

  @Test func aRecordTheToolWroteReadsBackWhole() throws {
    var record = SolRecord(rover: "Perseverance", sol: 895)
    let details = PhotoDetails(
      marsTime: "Sol-00895M12:34:56.789", mastAzimuth: 359.5, mastElevation: -3.25, site: 7,
      drive: 120, sampleType: "full", filter: "R0", title: "A \"title\" \u{1F600}",
      caption: "line\nbreak\u{1}\\", credit: "NASA/JPL-Caltech",
      place: PhotoPlace(latitude: 18.4, longitude: 77.45, elevation: -2500.5, isExact: true),
      capture: PhotoCapture(
        spacecraftClock: 745_756_834.599, subframeRect: [1, 1, 5120, 3840], scaleFactor: 4,
        dimension: [1280, 960], dateTaken: "2023-08-01T12:00:00Z", cameraModelType: "CAHVORE",
        cameraModelComponents: [[1, 2, 3], [0.5, -0.25, 1e-7], [4], []],
        cameraPosition: [1, 2, 3], attitude: [0.5, 0.5, 0.5, 0.5], xyz: [1e10, -0.0, 3]))
    record.merge(
      saved: (0..<300).map { index in
        var photo = SolRecord.SavedPhoto(
          Photo(
            id: index % 3 == 0 ? nil : index, sol: 895, earthDate: "2023-08-01",
            imgSrc: "https://mars.nasa.gov/\(index)_\u{e9}.png",
            camera: Camera(name: "NAVCAM_LEFT", fullName: index % 2 == 0 ? nil : "Navcam"),
            rover: RoverReference(id: 8, name: "Perseverance"),
            nasaID: "NLF_\(index)", instrument: index % 5 == 0 ? nil : "NAVCAM_LEFT",
            details: index % 4 == 0 ? details : PhotoDetails()))
        photo.sequence = index % 7 == 0 ? nil : "NCAM00\(index)"
        return photo
      },
      gone: [.init(nasaID: "NLF_x", imgSrc: "https://host/a/NLF_x.png", since: 1_700_000_000.25)])
    let text = String(decoding: try record.encoded(), as: UTF8.self)
    #expect(Self.scanned(text) == record)
    #expect(Self.decoded(text) == record)
  }

  /// What a person or an older version may have left: each read the same both ways.
  @Test(
    arguments: [
      #"{"gone": [], "photos": [], "rover": "Spirit", "sol": 0}"#,
      #"{"photos": [], "rover": "Spirit", "sol": 0}"#,
      #"{"gone": [], "photos": [], "rover": "Spirit", "sol": "0"}"#,
      #"{"gone": null, "photos": [], "rover": "Spirit", "sol": 0}"#,
      #"{"gone": [{"nasa_id": "a", "img_src": "b", "since": 5}], "photos": [], "rover": "S", "sol": 1, "extra": {"x": [1, {"y": 2}]}}"#,
      #"{"gone": [{"nasa_id": "a", "img_src": "b"}], "photos": [], "rover": "S", "sol": 1}"#,
      #"{"gone": [{"nasa_id": "a", "img_src": "b", "since": "5"}], "photos": [], "rover": "S", "sol": 1}"#,
      #"[]"#,
      #"{"gone": [], "photos": [], "rover": "S", "sol": 1} trailing"#,
    ] + photoCases.map { #"{"gone": [], "rover": "S", "sol": 1, "photos": [\#($0)]}"# })
  func anyTextReadsAsJSONDecoderReadsIt(_ text: String) {
    #expect(Self.scanned(text) == Self.decoded(text), "\(text)")
  }

  /// The cases are mostly records, with details of every kind: a comparison of two failures
  /// alone would hold of any reader.
  @Test func theCasesAreMostlyRecords() {
    let read = Self.photoCases.compactMap {
      Self.decoded(#"{"gone": [], "rover": "S", "sol": 1, "photos": [\#($0)]}"#)?.photos.first
    }
    #expect(read.count >= Self.photoCases.count - 5)
    #expect(read.filter { $0.details?.capture.cameraModelComponents != nil }.count >= 3)
    #expect(read.filter { $0.details?.place != nil }.count >= 3)
  }

  static let whole =
    #""nasa_id": "N\u00e9", "camera": "C", "earth_date": "d", "img_src": "i", "file": "C/N.png""#

  static let photoCases: [String] =
    [
      "{\(whole)}",
      "{\(whole), \"id\": 5, \"camera_full_name\": null, \"instrument\": \"I\", \"sequence\": \"S\"}",
      "{\(whole), \"id\": \"5\"}",
      "{\(whole), \"sequence\": 5}",
      "{\(whole), \"details\": null}",
      "{\(whole), \"details\": \"none\"}",
      #"{"nasa_id": "N", "camera": "C", "earth_date": "d", "img_src": "i"}"#,
      #"{"\u006easa_id": "N", "camera": "C", "earth_date": "d", "img_src": "i", "file": "f"}"#,
    ] + detailCases.map { "{\(whole), \"details\": {\($0)}}" }

  /// Details are read leniently: a value of another type is left out, the rest kept.
  static let detailCases: [String] = [
    "",
    #""mast_az": "91.5", "mast_el": 400, "site": "12", "drive": 7.0, "filter": "UNK""#,
    #""title": 5, "caption": "", "credit": ["x"], "sample_type": null, "unknown": {"a": [1]}"#,
    #""sclk": "745756834.599", "subframe_rect": "(1,1,5120,3840)", "dimension": [1024, 1024]"#,
    #""subframe_rect": [1, 2, 3], "dimension": [1.5, 2], "scale_factor": "x""#,
    #""camera_model_components": [[1, 2, 3], [4, 5.5, -6e-3], []]"#,
    #""camera_model_components": "((1,2,3),(4,5,6),7)""#,
    #""camera_model_components": [[1, 2], [3, "x"]]"#,
    #""camera_model_components": [1, [2]]"#,
    #""camera_model_components": []"#,
    #""camera_position": [1, 2, 3], "camera_vector": "(1,0,0)", "attitude": [], "xyz": [1, null]"#,
    #""place": {"lat": 18.4, "lon": 77.4, "elevation": -2500, "exact": true}"#,
    #""place": {"lat": 18.4, "lon": 77.4, "exact": "yes"}"#,
    #""place": {"lat": "18.4", "lon": 77.4}"#,
    #""place": {"lat": 100, "lon": 77.4}"#,
    #""place": {"lat": 18.4, "lon": 77.4, "elevation": null}"#,
    #""place": {"lat": 18.4, "lon": 77.4, "elevation": "high"}"#,
    #""place": [18.4, 77.4], "mars_time": "Sol-00001M10:00:00""#,
    #""date_taken": "2023-08-01T12:00:00Z", "date_received": 5, "camera_model_type": "CAHV""#,
  ]
}
