import Foundation
import Testing

@testable import RoverAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(3))) struct RedirectGuardTests {
  func redirected(to target: String, from original: String) -> URLRequest {
    var request = URLRequest(url: URL(string: target)!)
    request.setValue("mv_live_secret", forHTTPHeaderField: "X-API-Key")
    return RedirectGuard.guarded(request, from: URL(string: original))
  }

  @Test func sameOriginKeepsTheKey() {
    let request = redirected(
      to: "https://api.example.test/api/v1/rovers?api_key=mv_live_secret",
      from: "https://api.example.test/api/v1/rovers/")
    #expect(request.value(forHTTPHeaderField: "X-API-Key") == "mv_live_secret")
    #expect(request.url?.query == "api_key=mv_live_secret")
  }

  @Test(arguments: [
    "https://elsewhere.test/api/v1/rovers?api_key=mv_live_secret&x=1",
    "http://api.example.test/api/v1/rovers?api_key=mv_live_secret&x=1",
    "https://api.example.test:8443/api/v1/rovers?api_key=mv_live_secret&x=1",
  ])
  func anotherOriginLosesHeaderAndQueryKey(_ target: String) {
    let request = redirected(to: target, from: "https://api.example.test/api/v1/rovers")
    #expect(request.value(forHTTPHeaderField: "X-API-Key") == nil)
    #expect(request.url?.query == "x=1")
  }
}
