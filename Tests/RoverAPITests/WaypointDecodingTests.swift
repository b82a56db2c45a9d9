import Foundation
import Testing

@testable import RoverAPI

/// NASA's waypoint GeoJSON, read in one pass and leniently: the fixture files, and the shapes
/// the files have had over the years.
@Suite struct WaypointDecodingTests {
  @Test func theFixtureFilesDecodeWithEveryField() throws {
    let m20 = try WaypointFile.scanning(try FixtureFiles.data("nasa/waypoints/M20_waypoints.json"))
    #expect(m20.waypoints.count == 20 && m20.skipped == 0 && m20.missingFields.isEmpty)
    let first = try #require(m20.waypoints.first)
    #expect(
      first
        == Waypoint(
          sol: 0, site: 3, drive: 0, latitude: 18.44463, longitude: 77.45089, elevation: -2569.91,
          distance: 0))
    let msl = try WaypointFile.scanning(try FixtureFiles.data("nasa/waypoints/MSL_waypoints.json"))
    #expect(msl.waypoints.map(\.sol).last == 2540)
  }

  @Test func whatAFeatureLacksComesFromItsOtherFieldsOrLeavesItOut() throws {
    let body = """
      {"type": "FeatureCollection", "crs": {"type": "name"}, "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [77.5, 18.4, -2570.5]},
         "properties": {"RMC": "7_120", "sol": "313", "yaw": 1.5}},
        {"type": "Feature", "geometry": null, "properties": {"site": 8, "drive": 0, "sol": 320,
         "lat": 18.41, "lon": 77.51, "dist_m": 3.5, "note": {"nested": [1, 2, {"x": null}]}}},
        {"type": "Feature", "properties": {"site": 9, "drive": 4, "lat": 18.0, "lon": 77.0}},
        {"type": "Feature", "properties": {"site": 9, "drive": 5, "sol": 330, "lat": 95.0,
         "lon": 77.0}},
        {"type": "Feature", "properties": {"site": 9, "drive": 6.5, "sol": 331, "lat": 1,
         "lon": 2}}
      ]}
      """
    let file = try WaypointFile.scanning(Data(body.utf8))
    #expect(
      file.waypoints == [
        Waypoint(
          sol: 313, site: 7, drive: 120, latitude: 18.4, longitude: 77.5, elevation: -2570.5),
        Waypoint(sol: 320, site: 8, drive: 0, latitude: 18.41, longitude: 77.51),
      ])
    // No sol; a latitude out of range; a drive that is no whole number.
    #expect(file.skipped == 3)
    #expect(file.missingFields == ["dist_total_m"])
  }

  @Test func aFileThatIsNoFeatureCollectionIsAnError() {
    #expect(throws: DecodingError.self) { try WaypointFile.scanning(Data("{\"type\": 1}".utf8)) }
    #expect(throws: DecodingError.self) { try WaypointFile.scanning(Data("[1, 2".utf8)) }
    #expect(throws: DecodingError.self) {
      try WaypointFile.scanning(Data(#"{"features": [{"properties": {"lat": tru}}]}"#.utf8))
    }
  }
}
