import RoverAPI
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

@Suite(
  "The browser's state: keys, levels, search and loads as plain values", .timeLimit(.minutes(3)))
struct BrowserStateTests {
  private func press(_ state: inout BrowserState, _ keys: Key...) -> [BrowserEffect] {
    keys.flatMap { state.apply(.key($0)) }
  }

  private func type(_ state: inout BrowserState, _ text: String) {
    _ = state.apply(.key(.character("/")))
    for character in text { _ = state.apply(.key(.character(character))) }
    _ = state.apply(.key(.enter))
  }

  @Test("moving stays inside the list and keeps the selection on screen")
  func moving() {
    var state = BrowserSamples.atSols(4000, rows: 24)
    let count = state.count(at: .sols)
    _ = press(&state, .up, .character("k"))
    #expect(state.cursor(.sols) == .init(selected: 0, top: 0))
    _ = press(&state, .pageDown)
    #expect(state.cursor(.sols).selected == state.listHeight - 1)
    _ = press(&state, .character("G"))
    #expect(state.cursor(.sols).selected == count - 1)
    #expect(state.cursor(.sols).top == count - state.listHeight)
    _ = press(&state, .down, .character("j"))
    #expect(state.cursor(.sols).selected == count - 1)
    _ = press(&state, .character("g"))
    #expect(state.cursor(.sols) == .init(selected: 0, top: 0))
    for _ in 0..<30 { _ = press(&state, .down) }
    let cursor = state.cursor(.sols)
    #expect(cursor.selected == 30)
    #expect((cursor.top..<(cursor.top + state.listHeight)).contains(30))
  }

  @Test("Enter opens, ← and Backspace go back to the row left, Escape quits only at the top")
  func levels() {
    var state = BrowserSamples.atRovers()
    _ = press(&state, .down, .down)
    #expect(state.selectedRover?.name == "Perseverance")
    _ = press(&state, .enter)
    #expect(state.level == .sols)
    #expect(state.rover == "perseverance")
    state.receive(.sols("perseverance"), .sols(BrowserSamples.sols(300)))
    _ = press(&state, .down, .right)
    #expect(state.level == .photos)
    #expect(state.sol == 298)
    _ = press(&state, .left)
    #expect(state.level == .sols)
    #expect(state.selectedSol?.sol == 298)
    _ = press(&state, .backspace)
    #expect(state.level == .rovers)
    #expect(state.selectedRover?.name == "Perseverance")
    #expect(press(&state, .escape) == [.quit])
    #expect(press(&state, .character("q")) == [.quit])
  }

  @Test("a rover given at start opens its sols, and is selected once the rovers arrive")
  func startingRover() {
    var state = BrowserState(
      options: BrowserSamples.options, columns: 80, rows: 24, rover: "Spirit")
    #expect(state.level == .sols)
    #expect(state.wantedLoads == [.rovers, .sols("spirit")])
    state.receive(.rovers, .rovers(BrowserSamples.rovers, failures: ["Opportunity: GET …: 500"]))
    #expect(state.message?.text == "Opportunity: GET …: 500")
    _ = press(&state, .left)
    #expect(state.selectedRover?.name == "Spirit")
  }

  @Test("search: a rover, a sol, the nearest sol, an Earth date, a camera")
  func search() {
    var state = BrowserSamples.atRovers()
    type(&state, "curi")
    #expect(state.level == .rovers)
    #expect(state.selectedRover?.name == "Curiosity")
    _ = press(&state, .enter)
    state.receive(.sols("curiosity"), .sols(BrowserSamples.sols(2541)))
    type(&state, "1000")
    #expect(state.selectedSol?.sol == 1000)
    #expect(state.message == nil)
    let cursor = state.cursor(.sols)
    #expect((cursor.top..<(cursor.top + state.listHeight)).contains(cursor.selected))
    // Sol 1007 has no photos: the nearest is chosen, and said.
    type(&state, "1007")
    #expect([1006, 1008].contains(state.selectedSol?.sol ?? -1))
    #expect(state.message?.text.contains("no photos on 1007") == true)
    type(&state, BrowserSamples.date(daysAfterSol1000: 10))
    #expect(state.selectedSol?.sol == 1010)
    type(&state, "2015-02-30")
    #expect(state.message?.isError == true)
    // A camera on the sol level: the next sol with it.
    type(&state, "1000")
    type(&state, "mast")
    #expect(state.selectedSol.map { $0.cameras.contains("MAST") } == true)
    #expect(state.selectedSol?.sol == 999)
    // On the photo level: the camera's first photo; a sol there opens that sol.
    _ = press(&state, .enter)
    state.receive(
      .photos(SolKey(rover: "curiosity", sol: 999)), .photos(BrowserSamples.photos(sol: 999)))
    type(&state, "navcam")
    #expect(state.selectedPhoto?.camera.name == "NAVCAM")
    type(&state, "1001")
    #expect(state.level == .photos)
    #expect(state.sol == 1001)
    type(&state, "zzz")
    #expect(state.message?.text == "nothing here matches 'zzz'")
  }

  @Test("a sol searched for while the sols load is selected once they come, unless left")
  func searchWhileLoading() {
    var state = BrowserSamples.atRovers()
    type(&state, "curi")
    _ = press(&state, .enter)
    type(&state, "1000")
    #expect(state.message?.text == "Curiosity's sols are still loading; 1000 once they come")
    state.receive(.sols("curiosity"), .sols(BrowserSamples.sols(2541)))
    #expect(state.level == .sols)
    #expect(state.selectedSol?.sol == 1000)
    #expect(state.pendingJump == nil)
    // Typed at the rovers' level, the rover opens and the sol waits for it.
    var other = BrowserSamples.atRovers()
    type(&other, "curi")
    type(&other, "2015-06-10")
    #expect(other.level == .sols && other.pendingJump?.text == "2015-06-10")
    // Gone back to the rovers meanwhile: the sols' coming moves nothing.
    _ = press(&other, .backspace)
    other.receive(.sols("curiosity"), .sols(BrowserSamples.sols(2541)))
    #expect(other.level == .rovers && other.pendingJump == nil)
  }

  @Test("with a catalogue, words find its photos of the open rover; ← goes back, d saves")
  func catalogueSearch() throws {
    var options = BrowserSamples.options
    options.catalogue = true
    var state = BrowserSamples.atRovers(options: options)
    _ = press(&state, .enter)
    state.receive(.sols("curiosity"), .sols(BrowserSamples.sols(2541)))
    type(&state, "1000")
    type(&state, "dust  devil")
    #expect(state.level == .photos)
    let load = Load.found("dust  devil", rover: "curiosity")
    #expect(state.found?.load == load)
    // The search's photos are asked for, not the open sol's.
    #expect(state.wantedLoads.contains(load))
    #expect(!state.wantedLoads.contains { if case .photos = $0 { true } else { false } })
    #expect(BrowserView.render(state).lines.contains { $0.contains("loading the photos of") })
    let found = BrowserSamples.photos(sol: 1200, count: 3) + BrowserSamples.photos(sol: 90)
    // An answer to another search is not this one's.
    state.receive(.found("dust", rover: "curiosity"), .photos([]))
    #expect(state.openPhotos == nil)
    state.receive(load, .photos(found))
    #expect(state.openPhotos?.map(\.nasaID) == found.map(\.nasaID))
    #expect(!state.wantedLoads.contains(load))
    #expect(state.message?.text == "9 photos whose title or caption has 'dust  devil'")
    let screen = BrowserView.render(state).lines
    #expect(screen[0].contains("rovers › Curiosity › 'dust  devil'"))
    #expect(screen.contains { $0.contains(found[0].nasaID) && $0.contains(" 1200 ") })
    // d saves the photo into its own sol, not the sol open before.
    _ = press(&state, .character("G"))
    let last = try #require(state.selectedPhoto)
    #expect(
      press(&state, .character("d"))
        == [.download(DownloadOrder(rover: "curiosity", sol: 90, photo: last))])
    // Back to the sols, where the search was typed.
    _ = press(&state, .backspace)
    #expect(state.level == .sols && state.found == nil && state.selectedSol?.sol == 1000)
    // From the rovers' level every mission is searched; a sol leaves the search.
    _ = press(&state, .backspace)
    type(&state, "ramp")
    #expect(state.found?.load == .found("ramp", rover: nil))
    state.receive(.found("ramp", rover: nil), .failed("the catalogue is locked"))
    #expect(state.message?.text == "the catalogue is locked" && state.message?.isError == true)
    #expect(
      press(&state, .character("r")).isEmpty
        && state.wantedLoads.contains(.found("ramp", rover: nil)))
    type(&state, "curi")
    #expect(state.level == .rovers && state.found == nil)
    // Without a catalogue, words that name nothing here are said to.
    var plain = BrowserSamples.atRovers()
    type(&plain, "ramp")
    #expect(plain.found == nil && plain.message?.text == "nothing here matches 'ramp'")
  }

  @Test("typing a search: Backspace, Ctrl-U, Escape; keys do not move the list meanwhile")
  func typing() {
    var state = BrowserSamples.atSols(100)
    _ = press(
      &state, .character("/"), .character("j"), .character("9"), .backspace, .character("5"))
    #expect(state.search == "j5")
    #expect(state.cursor(.sols).selected == 0)
    _ = press(&state, .control("u"))
    #expect(state.search == "")
    _ = press(&state, .escape)
    #expect(state.search == nil)
    #expect(state.level == .sols)
  }

  @Test("wanted: the selected sol's photos and its neighbours'; moving on drops those left behind")
  func wanted() {
    var state = BrowserSamples.atSols(4000)
    let rows = state.openSols ?? []
    func photos(_ index: Int) -> Load { .photos(SolKey(rover: "curiosity", sol: rows[index].sol)) }
    #expect(state.wantedLoads == [photos(0), photos(1)])
    _ = press(&state, .down, .down, .down)
    #expect(state.wantedLoads == [photos(3), photos(4), photos(2)])
    // An answer is never asked for again; a failure neither, until r.
    state.receive(photos(3), .photos(BrowserSamples.photos(sol: rows[3].sol)))
    state.receive(photos(4), .failed("GET …: 503"))
    #expect(state.wantedLoads == [photos(2)])
    _ = press(&state, .down)
    #expect(state.wantedLoads == [photos(5)])
    _ = press(&state, .up, .character("r"))
    #expect(state.wantedLoads == [photos(2)])
    // The photo level wants the selected photo's preview, when previews are on.
    _ = press(&state, .enter)
    #expect(state.wantedLoads == [.preview("http://images.test/\(rows[3].sol)/1.jpg")])
  }

  @Test("a failed list shows where it was asked for, with the commands' words")
  func failures() {
    var state = BrowserState(options: BrowserSamples.options, columns: 80, rows: 24)
    state.receive(.rovers, .failed("GET http://127.0.0.1:9/api/v1/rovers: cannot connect"))
    #expect(state.message?.isError == true)
    let screen = BrowserView.render(state)
    #expect(screen.lines.contains { $0.contains("could not load the rovers") })
    #expect(screen.lines.last?.contains("cannot connect") == true)
    // r asks again; the answer replaces the failure.
    _ = state.apply(.key(.character("r")))
    #expect(state.wantedLoads == [.rovers])
    state.receive(.rovers, .rovers(BrowserSamples.rovers, failures: []))
    #expect(state.count(at: .rovers) == 4)
  }

  @Test("d saves the selected sol or photo once at a time; the report marks the sol")
  func downloads() {
    var state = BrowserSamples.atSols(2000)
    _ = press(&state, .character("d"))
    #expect(state.message?.text.contains("d saves") != true)
    let order = DownloadOrder(rover: "curiosity", sol: 1999)
    #expect(state.downloads[order] != nil)
    #expect(press(&state, .character("d")).isEmpty)
    #expect(state.message?.text == "sol 1999 is being saved already")
    state.progress(order, DownloadCount(done: 3, total: 10))
    #expect(BrowserView.render(state).lines.last?.hasSuffix("saving sol 1999 3/10") == true)
    state.finished(order, .success(DownloadReport(saved: 8, present: 2, failed: 0)))
    #expect(state.saved["curiosity"] == [1999])
    #expect(state.message?.text == "Curiosity sol 1999: saved 8 in /tmp/mars, 2 there already")
    #expect(BrowserView.render(state).lines[2].contains("●"))
    _ = press(&state, .enter)
    state.receive(
      .photos(SolKey(rover: "curiosity", sol: 1999)), .photos(BrowserSamples.photos(sol: 1999)))
    let effects = press(&state, .character("d"), .character("o"))
    let photo = state.selectedPhoto!
    #expect(
      effects == [
        .download(DownloadOrder(rover: "curiosity", sol: 1999, photo: photo)), .open(photo),
      ])
  }

  @Test("help shows the keys and any key closes it; Ctrl-L and fg redraw whole")
  func helpAndRedraw() {
    var state = BrowserSamples.atRovers()
    _ = press(&state, .character("?"))
    #expect(
      BrowserView.render(state).lines.contains { $0.contains("rover, sol, date, camera or words") })
    _ = press(&state, .down)
    #expect(!state.showsHelp)
    #expect(state.cursor(.rovers).selected == 0)
    #expect(press(&state, .control("l")) == [.redraw])
    #expect(state.apply(.resumed) == [.redraw])
  }

  @Test("the photos of a sol are grouped by camera, each group in the server's order")
  func grouping() {
    let grouped = PhotoRows.grouped(BrowserSamples.photos(sol: 5))
    #expect(grouped.map(\.camera.name) == ["FHAZ", "FHAZ", "MAHLI", "NAVCAM", "NAVCAM", "NAVCAM"])
    #expect(grouped.map(\.nasaID) == ["N5_1", "N5_4", "N5_3", "N5_0", "N5_2", "N5_5"])
  }

  @Test("day numbers agree with the calendar across leap years")
  func dayNumbers() {
    #expect(BrowserState.dayNumber("1970-01-01") == 0)
    #expect(BrowserState.dayNumber("2015-05-31") == 16_586)
    #expect(BrowserState.dayNumber("2000-03-01")! - BrowserState.dayNumber("2000-02-28")! == 2)
    #expect(BrowserState.dayNumber("1900-03-01")! - BrowserState.dayNumber("1900-02-28")! == 1)
    #expect(BrowserState.dayNumber("2015-13-01") == nil)
  }
}
