import Foundation
import Synchronization

/// Rules that make chosen requests fail or slow down, read from a JSON file.
final class FaultPlan: Sendable {
  struct Rule: Decodable, Sendable {
    /// A piece of the request target (path and query) the rule applies to.
    var match: String
    /// `respond` (the default), `drop`, `truncate`, `short` (leave the last `count` photos out
    /// of a list), `duplicate` (name the first `count` photos twice), `repeat` (name the first
    /// photo `count` more times), `set` (replace top-level members with those of `set`), `endless` (a 200 body
    /// that never ends, chunked), `large` (a 200 body of `bytes` bytes, made as it is sent) or
    /// `drip` (the answer the fixtures give, its body sent `bytes` bytes, 1 by default, every
    /// `interval_ms`).
    var action: String?
    /// How many photos `short` and `duplicate` change.
    var count: Int?
    /// The length of a `large` body.
    var bytes: Int?
    /// The wait between the pieces of an `endless` or `large` body, in milliseconds.
    var intervalMs: Int?
    var status: Int?
    var body: String?
    /// The body as base64, for bytes that are not text.
    var bodyBase64: String?
    var headers: [String: String]?
    /// Extra wait before this answer, in milliseconds.
    var latencyMs: Int?
    /// How many matching requests the rule applies to; every one when absent.
    var times: Int?
    /// With `set`: a JSON object whose members replace those of the answer's top level, such
    /// as a feed's `total` that lies about its pages.
    var set: String?

    enum CodingKeys: String, CodingKey {
      case match, action, status, body, headers, times, count, bytes, set
      case latencyMs = "latency_ms"
      case intervalMs = "interval_ms"
      case bodyBase64 = "body_base64"
    }
  }

  private let rules: [Rule]
  /// How many times each rule has fired.
  private let uses: Mutex<[Int]>

  init(rules: [Rule]) {
    self.rules = rules
    uses = Mutex(Array(repeating: 0, count: rules.count))
  }

  convenience init(file: String?) throws {
    guard let file else {
      self.init(rules: [])
      return
    }
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    self.init(rules: try JSONDecoder().decode([Rule].self, from: data))
  }

  /// The first rule that matches this request and still has uses left, counting the use.
  func rule(for target: String) -> Rule? {
    uses.withLock { uses in
      for (index, rule) in rules.enumerated() where target.contains(rule.match) {
        if let times = rule.times, uses[index] >= times { continue }
        uses[index] += 1
        return rule
      }
      return nil
    }
  }

  /// A photo list with its last photos left out, or its first ones named twice.
  private static func reshapeList(_ reply: Reply, _ rule: Rule) -> Reply {
    guard case .respond(let status, let headers, let body) = reply,
      var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let root = ["photos", "latest_photos", "images", "items"].first(where: {
        object[$0] is [Any]
      }),
      let photos = object[root] as? [Any]
    else { return reply }
    let count = max(0, rule.count ?? 1)
    switch rule.action {
    case "short": object[root] = Array(photos.dropLast(count))
    case "repeat":
      object[root] = Array(repeating: photos.prefix(1), count: count).flatMap { $0 } + photos
    default: object[root] = Array(photos.prefix(count)) + photos
    }
    let reshaped = ParsedJSON.data(object)
    return .respond(status: status, headers: headers, body: reshaped)
  }

  /// The answer with some top-level members replaced.
  private static func setMembers(_ reply: Reply, _ rule: Rule) -> Reply {
    guard case .respond(let status, let headers, let body) = reply,
      var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let members = rule.set.flatMap({
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
      })
    else { return reply }
    object.merge(members) { $1 }
    let changed = ParsedJSON.data(object)
    return .respond(status: status, headers: headers, body: changed)
  }

  /// Applies a rule to the answer the fixtures would give.
  static func apply(_ rule: Rule, to reply: Reply, port: UInt16) -> Reply {
    switch rule.action ?? "respond" {
    case "drop": return .drop
    case "short", "duplicate", "repeat": return reshapeList(reply, rule)
    case "set": return setMembers(reply, rule)
    case "endless", "large":
      var headers = ["Content-Type": "application/json; charset=utf-8"]
      headers.merge(rule.headers ?? [:]) { $1 }
      return .stream(
        status: rule.status ?? 200, headers: headers,
        length: rule.action == "large" ? max(0, rule.bytes ?? 0) : nil,
        intervalMilliseconds: rule.intervalMs ?? 0, offset: 0)
    case "drip":
      switch reply {
      case .respond(let status, let headers, let body):
        return .drip(
          status: status, headers: headers, body: body, piece: max(1, rule.bytes ?? 1),
          intervalMilliseconds: rule.intervalMs ?? 1000)
      default: return reply
      }
    case "truncate":
      if case .respond(let status, let headers, let body) = reply {
        return .truncate(status: status, headers: headers, body: body)
      }
      return reply
    default:
      guard let status = rule.status else { return reply }
      var headers = ["Content-Type": "application/json; charset=utf-8"]
      // `{port}` lets a rule point a redirect or an img_src back at this server.
      let ruleHeaders = (rule.headers ?? [:]).mapValues {
        $0.replacing("{port}", with: String(port))
      }
      headers.merge(ruleHeaders) { $1 }
      let text = (rule.body ?? "").replacing("{port}", with: String(port))
      let body = rule.bodyBase64.flatMap { Data(base64Encoded: $0) } ?? Data(text.utf8)
      return .respond(status: status, headers: headers, body: body)
    }
  }
}
