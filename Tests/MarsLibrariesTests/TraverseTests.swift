import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

/// Where a sol and a photo are on a traverse.
@Suite struct TraverseTests {
  static func point(_ sol: Int, _ site: Int, _ drive: Int) -> Waypoint {
    Waypoint(sol: sol, site: site, drive: drive, latitude: Double(sol), longitude: Double(drive))
  }

  static let traverse = Traverse(
    rover: "Perseverance",
    file: WaypointFile(waypoints: [
      point(100, 4, 0), point(13, 3, 400), point(100, 4, 300), point(0, 3, 0), point(0, 3, 200),
      point(1042, 13, 0),
    ]))

  @Test func aSolIsItsLastWaypointOrTheLastBefore() {
    #expect(Self.traverse.waypoints.map(\.sol) == [0, 0, 13, 100, 100, 1042])
    #expect(Self.traverse.latest == Self.point(1042, 13, 0))
    #expect(Self.traverse.position(onSol: 0) == Self.point(0, 3, 200))
    #expect(Self.traverse.position(onSol: 50) == Self.point(13, 3, 400))
    #expect(Self.traverse.position(onSol: 100) == Self.point(100, 4, 300))
    #expect(Self.traverse.position(onSol: 5000) == Self.point(1042, 13, 0))
    #expect(Self.traverse.position(onSol: -1) == nil)
  }

  @Test func aPhotoIsItsSiteAndDriveOrTheLastDriveBeforeOfTheSameSite() {
    let exact = Self.traverse.place(site: 3, drive: 200)
    #expect(exact?.waypoint == Self.point(0, 3, 200) && exact?.exact == true)
    let before = Self.traverse.place(site: 4, drive: 250)
    #expect(before?.waypoint == Self.point(100, 4, 0) && before?.exact == false)
    #expect(Self.traverse.place(site: 13, drive: 999)?.waypoint == Self.point(1042, 13, 0))
    #expect(Self.traverse.place(site: 5, drive: 0) == nil)
    #expect(Self.traverse.place(site: 13, drive: -1) == nil)
  }

  static func photo(sol: Int, site: Int? = nil, drive: Int? = nil) -> Photo {
    Photo(
      id: nil, sol: sol, earthDate: "2021-02-18", imgSrc: "https://example.org/N_\(sol).jpg",
      camera: Camera(name: "NAVCAM_LEFT", roverID: 8, fullName: ""),
      rover: RoverReference(id: 8, name: "Perseverance"),
      details: PhotoDetails(site: site, drive: drive))
  }

  @Test func aPhotosPlaceIsFromItsCountersElseFromItsSol() throws {
    let placed = Self.traverse.placed([
      Self.photo(sol: 0, site: 3, drive: 200), Self.photo(sol: 110, site: 4, drive: 250),
      Self.photo(sol: 60), Self.photo(sol: 120, site: 77, drive: 0), Self.photo(sol: -1),
    ]).map(\.details.place)
    // Its own waypoint: exact; the last of its site before its drive: approximate.
    #expect(placed[0] == PhotoPlace(latitude: 0, longitude: 200, isExact: true))
    #expect(placed[1] == PhotoPlace(latitude: 100, longitude: 0, isExact: false))
    // No counters (an API server's photo), or a site not on the map: where the rover was.
    #expect(placed[2] == PhotoPlace(latitude: 13, longitude: 400, isExact: false))
    #expect(placed[3] == PhotoPlace(latitude: 100, longitude: 300, isExact: false))
    #expect(placed[4] == nil)
  }

  @Test func aSiteTheRoverCameBackToIsTheVisitOfThePhotosSol() {
    let traverse = Traverse(
      rover: "Perseverance",
      file: WaypointFile(waypoints: [
        Self.point(400, 11, 0), Self.point(890, 11, 0), Self.point(890, 11, 300),
      ]))
    #expect(traverse.place(site: 11, drive: 0, sol: 500)?.waypoint == Self.point(400, 11, 0))
    #expect(traverse.place(site: 11, drive: 0, sol: 890)?.waypoint == Self.point(890, 11, 0))
    #expect(traverse.place(site: 11, drive: 100, sol: 890)?.waypoint == Self.point(890, 11, 0))
    #expect(traverse.place(site: 11, drive: 0, sol: 10)?.waypoint == Self.point(400, 11, 0))
    #expect(traverse.place(site: 11, drive: 0)?.waypoint == Self.point(890, 11, 0))
  }

  @Test func distancesAreAlongMarsAndTheSolsNearAPlaceRunToTheNextWaypoint() {
    // A degree of latitude is the radius times pi over 180: 59,157 m.
    let degree = NearbyArea.distance(from: (0, 137), to: (1, 137))
    #expect(abs(degree - 59_157.9) < 0.5)
    // A degree of longitude at 60 degrees north is half that.
    let across = NearbyArea.distance(from: (60, 10), to: (60, 11))
    #expect(abs(across - 59_157.9 / 2) < 10)
    // Only sol 13's point is near (13, 400): the rover stays there until sol 100's drive.
    let area = NearbyArea(latitude: 13, longitude: 400, radius: 1000)
    #expect(Self.traverse.sols(within: area) == [13...100])
    // Points 5.9 m apart going north: the first two are within 8 m of the first, and the
    // rover stays near until sol 5's drive; the fourth is near again from sol 9 to 20.
    let line = Traverse(
      rover: "Perseverance",
      file: WaypointFile(
        waypoints: [(0, 0.0), (0, 0.0001), (5, 0.0002), (9, 0.00005), (20, 0.0004)].enumerated()
          .map { index, point in
            Waypoint(
              sol: point.0, site: 1, drive: index, latitude: 18.4446 + point.1, longitude: 77.45)
          }))
    let start = NearbyArea(latitude: 18.4446, longitude: 77.45, radius: 8)
    #expect(line.sols(within: start) == [0...5, 9...20])
    let last = NearbyArea(latitude: 1042, longitude: 0, radius: 1)
    #expect(Self.traverse.sols(within: last) == [1042...Int.max])
    #expect(Self.traverse.sols(within: NearbyArea(latitude: 50, longitude: 50, radius: 1)).isEmpty)
    #expect(NearbyArea(latitude: 0, longitude: 0, radius: 2500).describedRadius == "2.5 km")
    #expect(NearbyArea(latitude: 0, longitude: 0, radius: 50).describedRadius == "50 m")
  }
}
