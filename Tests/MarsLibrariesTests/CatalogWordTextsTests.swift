import MarsCatalog
import RoverAPI
import TestSupport
import Testing

@testable import MarsCatalog

/// A text search by the texts' numbers finds exactly the photos whose title and caption, as
/// written back, hold each word: words between a template's marks, on what a mark writes (a
/// day, a time, a month's name, across the end of the text before a day), and on a time not
/// written as feeds write it.
@Suite struct CatalogWordTextsTests {
  /// A photo of sol `sol` taken at `taken`, whose caption says when in every way a template
  /// can: its day, its time, its local time with and without milliseconds, and its sol.
  static func photo(_ name: String, sol: Int, taken: String, clock: String) -> Photo {
    let day =
      CatalogText.Fields(sol: sol, dateTaken: taken, lmst: nil)
      .text(of: "day") ?? taken
    let utc = String(taken.prefix(19)).replacingOccurrences(of: "T", with: " ")
    let clockWhole = String(clock.prefix(8))
    return Photo(
      id: nil, sol: sol, earthDate: String(taken.prefix(10)),
      imgSrc: "https://example.org/\(name).jpg",
      camera: Camera(name: "NAVCAM", roverID: 5, fullName: "Navigation Camera"),
      rover: RoverReference(id: 5, name: "Curiosity"), instrument: "NAV_LEFT_B",
      details: PhotoDetails(
        marsTime: "Sol-\(sol)M\(clock)", title: "Sol \(sol): Left Navigation Camera",
        caption: "Taken on\(day) at \(utc) UTC, \(clock) (\(clockWhole)) local, sol \(sol).",
        capture: PhotoCapture(dateTaken: taken)))
  }

  static let photos = [
    photo("NLB_1", sol: 1489, taken: "2016-10-13T23:20:28.000Z", clock: "17:02:03.123"),
    photo("NLB_2", sol: 1490, taken: "2016-10-14T23:59:01.000Z", clock: "08:30:00.500"),
    photo("NLB_3", sol: 1630, taken: "2017-03-05T01:02:03.000Z", clock: "12:00:00.000"),
    // A time no feed writes so, which its caption's marks write back as it is.
    photo("NLB_4", sol: 1631, taken: "xxxxYYYYzzzzWWWWvvvv", clock: "13:14:15.016"),
  ]

  @Test func aSearchByTheTextsNumbersFindsWhatTheWrittenBackTextsHold() throws {
    let folder = try TemporaryFolder()
    let catalog = try Catalog(path: folder.file("catalog.sqlite").path, writing: true)
    for photo in Self.photos {
      try catalog.write(
        sol: photo.sol, of: "curiosity", photos: [photo], at: "2026-12-03T00:00:00Z")
    }
    // The captions are kept as templates, which these words test.
    let templates = try catalog.connection.rows("SELECT text FROM texts WHERE templated = 1")
      .compactMap { $0[0].textValue }
    #expect(templates.contains { $0.contains("on{day} at {utc} UTC, {lmst_ms} ({lmst})") })
    let words = [
      "navigation", "oct", "onoct", "onmarch", "march", "2016-10", "23:20", "01:02", "zzzzw",
      "xxxxyyyy", "utc", "t", "1489", "17:02:03.123", "(08:30:00)", "sol", "absent", "on",
      "13,", "y",
    ]
    for word in words {
      var search = CatalogSearch()
      search.words = [word]
      let expected = Self.photos.filter { photo in
        ((photo.details.title ?? "") + " " + (photo.details.caption ?? "")).lowercased()
          .contains(word)
      }.map(\.nasaID)
      #expect(try catalog.photos(search).map(\.nasaID) == expected, "\(word)")
      #expect(try catalog.count(search) == expected.count, "\(word)")
    }
  }

  @Test func onlyWordsAMarkMayWriteAreLookedForPhotoByPhoto() {
    let template = CatalogWordTexts.Text(
      id: 1, lowered: Array("taken on{day} at {utc} utc, sol {sol}.".utf8), templated: true)
    let plain = CatalogWordTexts.Text(
      id: 2, lowered: Array("left navigation camera".utf8), templated: false)
    let solOnly = CatalogWordTexts.Text(
      id: 3, lowered: Array("sol {sol}: left navigation camera".utf8), templated: true)
    let texts = [template, plain, solOnly]
    // Between the marks: found by number alone.
    #expect(CatalogWordTexts(word: "navigation", texts: texts).certain == [2, 3])
    #expect(CatalogWordTexts(word: "taken", texts: texts).certain == [1])
    // On a month's name, across the text before a day, on digits: looked for photo by photo.
    #expect(CatalogWordTexts(word: "aug", texts: texts).possible == [1])
    #expect(CatalogWordTexts(word: "onaug", texts: texts).possible == [1])
    #expect(CatalogWordTexts(word: "2016", texts: texts).possible == [1, 3])
    // Neither: only where the time may not be written as feeds write it.
    let absent = CatalogWordTexts(word: "absent", texts: texts)
    #expect(absent.certain.isEmpty && absent.possible.isEmpty && absent.timed == [1])
  }
}
