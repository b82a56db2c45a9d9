import MarsFetching
import RoverAPI
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

/// Where the selected sol was, on the status line, from the rover's traverse map.
@Suite("The browser's places: the selected sol's position", .timeLimit(.minutes(3)))
struct BrowserPlaceTests {
  static let traverse = Traverse(
    rover: "Curiosity",
    file: WaypointFile(waypoints: [
      Waypoint(
        sol: 3990, site: 101, drive: 0, latitude: -4.72091, longitude: 137.38426,
        elevation: -4144.4),
      Waypoint(sol: 3999, site: 101, drive: 520, latitude: -4.72108, longitude: 137.38497),
    ]))

  static func lines(_ state: BrowserState) -> [String] {
    let screen = BrowserView.render(state)
    return (0..<screen.height).map { row in
      String((0..<screen.width).map { screen[row, $0].character })
    }
  }

  @Test("the map is a load of the sols' level, and the status line says where the sol was")
  func theStatusLineSaysWhere() {
    var options = BrowserSamples.options
    options.places = true
    var state = BrowserState(options: options, columns: 120, rows: 40)
    state.receive(.rovers, .rovers(BrowserSamples.rovers, failures: []))
    _ = state.apply(.key(.enter))
    state.receive(.sols("curiosity"), .sols(BrowserSamples.sols(4000)))
    #expect(state.wantedLoads.contains(.traverse("curiosity")))
    #expect(state.selectedPlace == nil, "no place before the map is here")
    state.receive(.traverse("curiosity"), .traverse(Self.traverse))
    #expect(state.wantedLoads.contains(.traverse("curiosity")) == false)
    #expect(state.selectedPlace == "sol 3999 at 4.7211° S, 137.3850° E")
    #expect(Self.lines(state).last?.hasPrefix("sol 3999 at 4.7211° S, 137.3850° E   Enter") == true)
    // A sol with no drive of its own: the last before it, said so.
    _ = state.apply(.key(.down))
    let row = state.selectedSol?.sol ?? 0
    #expect(
      state.selectedPlace
        == "sol \(row) at 4.7209° S, 137.3843° E, -4144 m (the last drive before, sol 3990)")
  }

  @Test("without places, or with a map that failed, the status line has the keys as before")
  func noPlaceNoChange() {
    var state = BrowserSamples.atSols(4000)
    #expect(state.wantedLoads.contains(.traverse("curiosity")) == false)
    state.receive(.traverse("curiosity"), .failed("GET …: cannot connect"))
    #expect(state.selectedPlace == nil)
    #expect(state.message == nil, "an extra that failed says nothing")
    #expect(Self.lines(state).last?.hasPrefix("Enter photos") == true)
  }
}
