import MarsGallery
import MarsTime
import RoverAPI
import Testing

/// A gallery's sol page tells the sol's span by the mission's clock and each photo's LMST.
@Suite struct SolPageClockTests {
  @Test func aSolPageShowsTheSolsSpanAndEachPhotosLocalTime() {
    let tile = PhotoTile(
      picture: "NAVCAM_LEFT/a.jpg", camera: "NAVCAM_LEFT", cameraFullName: nil, nasaID: "a",
      earthDate: "2021-05-31", sol: 100,
      details: PhotoDetails(marsTime: "Sol-00100M12:34:56.789"))
    let html = SolPage(rover: "Perseverance", sol: 100, tiles: [tile]).render()
    let clock = MissionClock.perseverance
    #expect(html.contains("Sol 100: 2021-05-31T22:23:0"))
    #expect(
      html.contains(
        "Sol 100: \(TimeText.utc(clock.start(ofSol: 100))) to"
          + " \(TimeText.utc(clock.start(ofSol: 101))) (UTC)"))
    #expect(html.contains("LMST 12:34:56"))
    // A rover without a mission clock has no span, and a photo without a Mars time no LMST.
    let plain = PhotoTile(
      picture: "b.jpg", camera: "FHAZ", cameraFullName: nil, nasaID: "b", earthDate: nil, sol: 1)
    let other = SolPage(rover: "Marz", sol: 1, tiles: [plain]).render()
    #expect(!other.contains("class=\"clock\""))
    #expect(!other.contains("LMST"))
  }
}
