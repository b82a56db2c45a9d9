import Testing

@testable import RoverAPI

/// An answer's head put together from the lines curl hands over, as raw bytes.
struct ResponseHeadTests {
  /// The head made of `lines`, each given as the bytes a transport holds, and whether the
  /// last one completed it.
  static func head(_ lines: [String]) -> (head: ResponseHead, completed: Bool) {
    var head = ResponseHead()
    var completed = false
    for line in lines {
      completed = Array(line.utf8).withUnsafeBytes { head.take($0) }
    }
    return (head, completed)
  }

  @Test func aFinalAnswerKeepsItsStatusAndItsFieldsByLowerCasedName() {
    let (head, completed) = Self.head([
      "HTTP/1.1 103 Early Hints\r\n", "Link: </a.css>\r\n", "\r\n",
      "HTTP/1.1 200 OK\r\n", "Content-Type:  image/jpeg \t\r\n", "X-Seen: one\r\n",
      "x-seen:two\r\n", "not a header\r\n", ": no name\r\n", "Caf\u{E9}: \u{E9}t\u{E9}\n", "\r\n",
    ])
    #expect(completed && head.isComplete)
    #expect(head.status == 200)
    // The interim answer's fields went with it.
    #expect(
      head.headers == [
        "content-type": "image/jpeg", "x-seen": "one, two", "caf\u{E9}": "\u{E9}t\u{E9}",
      ])
  }

  @Test func aStatusLineWithoutThreeDigitsIsStatusZero() {
    for (line, status) in [
      ("HTTP/1.1 404 Not Found", 404), ("HTTP/2  301", 301), ("HTTP/1.1 2000 OK", 0),
      ("HTTP/1.1 20 OK", 0), ("HTTP/1.1 099", 0), ("HTTP/1.1", 0),
    ] {
      #expect(Self.head([line]).head.status == status, "\(line)")
    }
  }

  @Test func anInterimAnswerDoesNotCompleteTheHeadAndNothingAfterTheEndIsTaken() {
    #expect(!Self.head(["HTTP/1.1 100 Continue", ""]).completed)
    let (head, completed) = Self.head(["HTTP/1.1 204 No Content", "", "Late: field"])
    #expect(!completed && head.isComplete && head.headers.isEmpty)
  }
}
