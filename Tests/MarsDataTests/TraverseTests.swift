import Testing

@testable import MarsData
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
}
