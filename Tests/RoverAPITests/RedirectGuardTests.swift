import Foundation
import Testing

@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct RedirectGuardTests {
  func redirected(to target: String, from original: String) -> (
    url: URL, headers: [String: String]
  ) {
    RedirectGuard.guarded(
      url: URL(string: target)!, headers: ["X-API-Key": "mv_live_secret", "Accept": "*/*"],
      from: URL(string: original))
  }

  @Test func sameOriginKeepsTheKey() {
    let request = redirected(
      to: "https://api.example.test/api/v1/rovers?api_key=mv_live_secret",
      from: "https://api.example.test/api/v1/rovers/")
    #expect(request.headers["X-API-Key"] == "mv_live_secret")
    #expect(request.url.query == "api_key=mv_live_secret")
  }

  @Test(arguments: [
    "https://elsewhere.test/api/v1/rovers?api_key=mv_live_secret&x=1",
    "http://api.example.test/api/v1/rovers?api_key=mv_live_secret&x=1",
    "https://api.example.test:8443/api/v1/rovers?api_key=mv_live_secret&x=1",
  ])
  func anotherOriginLosesHeaderAndQueryKey(_ target: String) {
    let request = redirected(to: target, from: "https://api.example.test/api/v1/rovers")
    #expect(request.headers["X-API-Key"] == nil)
    #expect(request.headers["Accept"] == "*/*")
    #expect(request.url.query == "x=1")
  }
}
