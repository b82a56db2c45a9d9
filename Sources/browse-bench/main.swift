// `make bench`'s measure of the browser: the CPU of one key press, applied to the state and
// drawn off-screen (view and frame diff), on a 120 × 40 screen listing a rover's sols.
//
// browse-bench <sols> [<keys>]: prints the milliseconds per key and the bytes sent per key.
import MarsBrowser
import TerminalScreen

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let solCount = arguments.first ?? 4000
let keyCount = arguments.count > 1 ? arguments[1] : 1000

var state = BrowserState(
  options: BrowserState.Options(previews: false, colors: true, trueColor: true, folder: "."),
  columns: 120, rows: 40, rover: "curiosity")
state.receive(
  .sols("curiosity"),
  .sols(
    (0..<solCount).reversed().map {
      SolRow(
        sol: $0, earthDate: "2015-05-31", photos: $0 % 900 + 1,
        cameras: ["CHEMCAM", "FHAZ", "MAST", "NAVCAM", "RHAZ"])
    }))
// Moves as a person makes them: mostly one row, now and then a page or the ends.
let moves: [Key] = [
  .down, .down, .character("j"), .down, .pageDown, .up, .character("k"), .down, .pageUp, .down,
  .end, .up, .home,
]
var shown = BrowserView.render(state)
var bytes = 0
let clock = ContinuousClock()
let elapsed = clock.measure {
  for index in 0..<keyCount {
    _ = state.apply(.key(moves[index % moves.count]))
    let next = BrowserView.render(state)
    bytes += FrameDiff.changes(from: shown, to: next).utf8.count
    shown = next
  }
}
let milliseconds =
  Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
print(milliseconds / Double(keyCount), bytes / keyCount)
