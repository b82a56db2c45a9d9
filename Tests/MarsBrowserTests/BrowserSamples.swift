import Foundation
import MarsBrowser
import RasterImages
import RoverAPI

/// Rows and states for the browser's tests: made here, not read from fixtures, so each test
/// says what it starts from.
enum BrowserSamples {
  static let rovers = [
    RoverRow(
      name: "Curiosity", status: "active", maxSol: 2540, maxDate: "2019-09-28",
      totalPhotos: 366_206),
    RoverRow(
      name: "Spirit", status: "complete", maxSol: 2208, maxDate: "2010-03-21", totalPhotos: 124_550),
    RoverRow(
      name: "Perseverance", status: "active", maxSol: 1042, maxDate: "2024-01-24",
      totalPhotos: 196_822),
    RoverRow(
      name: "Ingenuity", status: "complete", maxSol: 1069, maxDate: "2024-02-22", totalPhotos: 12,
      note: "NASA's feeds"),
  ]

  /// `count` sols, newest first, one a day from sol `count - 1` down to 0; sol 1000 (if there)
  /// falls on 2015-05-31 and every tenth sol has no photos (it is missing).
  static func sols(_ count: Int) -> [SolRow] {
    stride(from: count - 1, through: 0, by: -1).filter { $0 % 10 != 7 }.map { sol in
      SolRow(
        sol: sol, earthDate: date(daysAfterSol1000: sol - 1000), photos: sol % 900 + 1,
        cameras: sol % 2 == 0 ? ["FHAZ", "NAVCAM"] : ["MAST", "RHAZ"])
    }
  }

  /// A sol's photos, out of camera order as a server sends them.
  static func photos(sol: Int, count: Int = 6) -> [Photo] {
    let cameras = ["NAVCAM", "FHAZ", "NAVCAM", "MAHLI", "FHAZ", "NAVCAM"]
    return (0..<count).map { index in
      Photo(
        id: sol * 100 + index, sol: sol, earthDate: "2015-05-31",
        imgSrc: "http://images.test/\(sol)/\(index).jpg",
        camera: Camera(name: cameras[index % cameras.count]),
        rover: RoverReference(id: 5, name: "Curiosity"), nasaID: "N\(sol)_\(index)")
    }
  }

  /// The Earth date `days` after 2015-05-31.
  static func date(daysAfterSol1000 days: Int) -> String {
    // 2015-05-31 is day 16_586 after 1970-01-01.
    var number = 16_586 + days
    var year = 1970
    while true {
      let length = (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 366 : 365
      if number < length { break }
      number -= length
      year += 1
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let months = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var month = 0
    while number >= months[month] {
      number -= months[month]
      month += 1
    }
    return String(format: "%04d-%02d-%02d", year, month + 1, number + 1)
  }

  static let options = BrowserState.Options(
    previews: true, colors: true, trueColor: true, folder: "/tmp/mars")

  /// A state at the rovers, with them loaded.
  static func atRovers(columns: Int = 120, rows: Int = 40, options: BrowserState.Options = options)
    -> BrowserState
  {
    var state = BrowserState(options: options, columns: columns, rows: rows)
    state.receive(.rovers, .rovers(rovers, failures: []))
    return state
  }

  /// A state at Curiosity's sols, `count` of them loaded.
  static func atSols(_ count: Int = 4000, columns: Int = 120, rows: Int = 40) -> BrowserState {
    var state = atRovers(columns: columns, rows: rows)
    _ = state.apply(.key(.enter))
    state.receive(.sols("curiosity"), .sols(sols(count)))
    return state
  }

  /// A 4 × 2 picture, left half red, right half blue.
  static let picture = RasterImage(
    width: 4, height: 2,
    pixels: [
      255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255,
    ])
}
