import Foundation
import Synchronization

/// Rules that make chosen requests fail or slow down, read from a JSON file.
final class FaultPlan: Sendable {
  struct Rule: Decodable, Sendable {
    /// A piece of the request target (path and query) the rule applies to.
    var match: String
    /// `respond` (the default), `drop` or `truncate`.
    var action: String?
    var status: Int?
    var body: String?
    /// The body as base64, for bytes that are not text.
    var bodyBase64: String?
    var headers: [String: String]?
    /// Extra wait before this answer, in milliseconds.
    var latencyMs: Int?
    /// How many matching requests the rule applies to; every one when absent.
    var times: Int?

    enum CodingKeys: String, CodingKey {
      case match, action, status, body, headers, times
      case latencyMs = "latency_ms"
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

  /// Applies a rule to the answer the fixtures would give.
  static func apply(_ rule: Rule, to reply: Reply, port: UInt16) -> Reply {
    switch rule.action ?? "respond" {
    case "drop": return .drop
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
        $0.replacingOccurrences(of: "{port}", with: String(port))
      }
      headers.merge(ruleHeaders) { $1 }
      let text = (rule.body ?? "").replacingOccurrences(of: "{port}", with: String(port))
      let body = rule.bodyBase64.flatMap { Data(base64Encoded: $0) } ?? Data(text.utf8)
      return .respond(status: status, headers: headers, body: body)
    }
  }
}
