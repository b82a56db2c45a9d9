import Foundation
import PlainText
import Testing

@testable import RoverAPI

/// Byte scans give the answers the string's own views give, for native strings, for text
/// before the bytes looked for that is not ASCII, and for strings bridged from Foundation.
@Suite struct UTF8ScanTests {
  static let paths = [
    "/mirror/curiosity/100/NAVCAM/NLB_1.JPG", "/tmp/été/ü/日本.jpg", "name.jpg", "/", "", "a//",
  ]

  @Test(arguments: paths) func lastIndexIsTheViewsOwn(_ path: String) {
    let slash = UInt8(ascii: "/")
    #expect(UTF8Scan.lastIndex(of: slash, in: path) == path.utf8.lastIndex(of: slash))
    let bridged = NSString(string: path) as String
    #expect(UTF8Scan.lastIndex(of: slash, in: bridged) == bridged.utf8.lastIndex(of: slash))
  }

  @Test(arguments: paths) func firstIndexIsTheViewsOwn(_ path: String) {
    let slash = UInt8(ascii: "/")
    #expect(UTF8Scan.firstIndex(of: slash, in: path) == path.utf8.firstIndex(of: slash))
    let bridged = NSString(string: path) as String
    #expect(UTF8Scan.firstIndex(of: slash, in: bridged) == bridged.utf8.firstIndex(of: slash))
    let dot: (UInt8) -> Bool = { $0 == UInt8(ascii: ".") }
    #expect(UTF8Scan.firstIndex(in: path, where: dot) == path.utf8.firstIndex(where: dot))
  }

  @Test func lastComponentIsTheFileName() {
    #expect(UTF8Scan.lastComponent(of: "/tmp/été/ü/日本.jpg") == "日本.jpg")
    #expect(UTF8Scan.lastComponent(of: "name.jpg") == "name.jpg")
    #expect(UTF8Scan.lastComponent(of: "folder/") == "")
  }

  @Test(arguments: paths) func allSatisfyAndContainsAgreeWithTheView(_ text: String) {
    let isASCIILetter: (UInt8) -> Bool = { (65...90).contains($0) || (97...122).contains($0) }
    #expect(UTF8Scan.allSatisfy(text, isASCIILetter) == text.utf8.allSatisfy(isASCIILetter))
    #expect(UTF8Scan.contains(text, where: { $0 >= 0x80 }) == text.utf8.contains { $0 >= 0x80 })
  }

  @Test func aPatternIsFoundWhereTheBytesHoldIt() {
    let bytes = Array("abcab\r\n\r\nabcé".utf8)
    bytes.withUnsafeBytes { bytes in
      #expect(UTF8Scan.firstOffset(of: Array("ab".utf8), in: bytes) == 0)
      #expect(UTF8Scan.firstOffset(of: Array("ab".utf8), in: bytes, from: 1) == 3)
      #expect(UTF8Scan.firstOffset(of: Array("\r\n\r\n".utf8), in: bytes) == 5)
      #expect(UTF8Scan.firstOffset(of: Array("cé".utf8), in: bytes) == 11)
      #expect(UTF8Scan.firstOffset(of: Array("cé".utf8), in: bytes, from: 12) == nil)
      #expect(UTF8Scan.firstOffset(of: Array("abd".utf8), in: bytes) == nil)
      #expect(UTF8Scan.firstOffset(of: [], in: bytes) == nil)
      #expect(UTF8Scan.firstOffset(of: Array("a".utf8), in: bytes, from: -1) == nil)
    }
    #expect(UTF8Scan.contains("import Glibc", in: "x\nimport Glibc\n"))
    #expect(!UTF8Scan.contains("import Glibc", in: "import Glib"))
    #expect(!UTF8Scan.contains("é", in: "e\u{301}"))
  }
}
