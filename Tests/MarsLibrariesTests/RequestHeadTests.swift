import Testing

@testable import FixtureServing

/// The fixture server's reading of a request's head.
struct RequestHeadTests {
  @Test func theRequestLineAndHeadersAreRead() throws {
    let head = try #require(
      RequestHead(
        "GET  /api/v1/rovers?x=1&y=%20 HTTP/1.1\r\nHost: 127.0.0.1:80\r\nX-API-Key:\t k ey \t\r\n"
          + "no colon here\r\nACCEPT-Encoding: gzip, br\r\nEmpty:\r\nUser-Agent: rovers/1 (é)"))
    #expect(head.method == "GET")
    #expect(head.target == "/api/v1/rovers?x=1&y=%20")
    #expect(head.path == "/api/v1/rovers")
    #expect(
      head.headers == [
        "host": "127.0.0.1:80", "x-api-key": "k ey", "accept-encoding": "gzip, br", "empty": "",
        "user-agent": "rovers/1 (é)",
      ])
    #expect(head.query == ["x": "1", "y": " "])
  }

  @Test func whatIsNotAnHTTPRequestIsNothing() {
    for text in ["", "GET /", "GET / FTP/1.0", "GET / HTTP/1.1 extra", "\r\nGET / HTTP/1.1"] {
      #expect(RequestHead(text) == nil, "\(text.debugDescription)")
    }
    // A lone carriage return or line feed does not end a line.
    let head = RequestHead("GET / HTTP/1.1\r\nA: 1\rB: 2\nC: 3")
    #expect(head?.headers == ["a": "1\rB: 2\nC: 3"])
  }
}
