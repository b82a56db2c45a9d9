import Foundation

/// Bodies a server might send that no server should: real ones truncated, bytes replaced
/// (often by bytes that are not UTF-8), values swapped for wrong types and huge numbers, and
/// nesting far past any limit. The same ones every run (``SplitMix``), so a failure can be
/// replayed by its index.
public enum MangledBodies {
  /// `count` bodies made from `seeds`, the first few of them the same whatever the seeds:
  /// nothing, `null`, a page of HTML, and nesting deep enough to find a recursive decoder.
  public static func make(from seeds: [Data], count: Int) -> [Data] {
    let swaps = [
      "1e400", "-1", "99999999999999999999999999", "\"text\"", "null", "[]", "{}", "true",
      "\"\\ud800\"", "0.5",
      // As the feeds write numbers, times and rectangles: in quotes, and out of every range.
      "\"99999999999999999999\"", "\"-1e308\"", "\"Sol-99999999999M99:99:99.999\"",
      "\"(99999999999999999999,1,-5,1e400)\"", "\"9999-99-99T99:99:99.999Z\"",
      "\"Sol-00001M99999999999999999999\"",
    ]
    var random = SplitMix(seed: 2026)
    var bodies: [Data] = [Data(), Data("null".utf8), Data("<html></html>".utf8)]
    bodies.append(Data(String(repeating: "[", count: 100_000).utf8))
    bodies.append(Data(("{\"photos\":" + String(repeating: "{\"a\":", count: 5_000)).utf8))
    // Far past any stack a recursive decoder has: one such body is enough to find one.
    bodies.append(
      Data((String(repeating: "{\"photos\":[", count: 20_000)).utf8)
        + seeds[min(2, seeds.count - 1)])
    while bodies.count < count {
      var body = [UInt8](seeds[Int.random(in: 0..<seeds.count, using: &random)])
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        body = Array(body.prefix(Int.random(in: 0..<body.count, using: &random)))
      case 1:
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          body[Int.random(in: 0..<body.count, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
      case 2:
        // A value after a colon becomes something of another type or size.
        let colons = body.indices.filter { body[$0] == UInt8(ascii: ":") }
        if let colon = colons.randomElement(using: &random) {
          let end =
            body[(colon + 1)...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") }
            ?? body.count
          body.replaceSubrange(
            (colon + 1)..<end, with: Array(swaps.randomElement(using: &random)!.utf8))
        }
      default:
        // Past the 512 levels where Foundation's decoders stop, and cheap to skip.
        let depth = Int.random(in: 600...2_000, using: &random)
        body = Array(String(repeating: "{\"photos\":[", count: depth).utf8) + body
      }
      bodies.append(Data(body))
    }
    return bodies
  }
}
