import FixtureServing
import Foundation
import TestSupport
import Testing

/// The fixture servers' and stubs' writer of parsed JSON: what it writes reads back as the
/// same document, booleans as booleans and whole numbers as whole numbers.
struct ParsedJSONTests {
  static func parsed(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data)
  }

  /// Whether two parsed documents are the same, a boolean never the same as a number.
  static func same(_ one: Any, _ other: Any) -> Bool {
    switch (one, other) {
    case (let one as String, let other as String): return one == other
    case (let one as [String: Any], let other as [String: Any]):
      return one.count == other.count
        && one.allSatisfy { name, value in other[name].map { same(value, $0) } ?? false }
    case (let one as [Any], let other as [Any]):
      return one.count == other.count && zip(one, other).allSatisfy(same)
    case (is NSNull, is NSNull): return true
    case (let one as NSNumber, let other as NSNumber):
      return type(of: one) == type(of: other) && one == other
    default: return false
    }
  }

  @Test func eachKindOfValueReadsBackAsItWas() throws {
    let text = #"""
      {"yes": true, "no": false, "one": 1, "zero": 0, "half": 1.5, "big": 1e300,
       "minus": -12345678901234, "negativeZero": -0.0, "none": null,
       "text": "a \"quote\", a back\\slash, a tab\t, é, 🚀 and http://x/y",
       "nested": [[], {}, [1, [true, null]], {"a": {"b": "c"}}]}
      """#
    let object = try Self.parsed(Data(text.utf8))
    let written = ParsedJSON.data(object)
    #expect(Self.same(try Self.parsed(written), object))
    let writtenText = String(decoding: written, as: UTF8.self)
    // `NSNumber` holds `true` equal to 1: the spelling says which it is.
    for member in [#""yes":true"#, #""no":false"#, #""one":1"#, #""zero":0"#, #""none":null"#] {
      #expect(writtenText.contains(member), "\(member) in \(writtenText)")
    }
    #expect(writtenText.contains("http://x/y"))
  }

  @Test func valuesMadeInSwiftAreWrittenAsJSONSerializationReadsThem() throws {
    let object: [String: Any] = [
      "flag": true, "count": 3, "ratio": 0.25, "names": ["a", "b"], "gap": NSNull(),
    ]
    let text = String(decoding: ParsedJSON.data(object, sortedKeys: true), as: UTF8.self)
    #expect(text == #"{"count":3,"flag":true,"gap":null,"names":["a","b"],"ratio":0.25}"#)
  }

  @Test func sortedKeysSortEveryObject() {
    let object: [String: Any] = ["b": ["z": 1, "y": 2], "a": [["d": 1, "c": 2]]]
    let text = String(decoding: ParsedJSON.data(object, sortedKeys: true), as: UTF8.self)
    #expect(text == #"{"a":[{"c":2,"d":1}],"b":{"y":2,"z":1}}"#)
  }

  @Test func everyFixtureBodyReadsBackAsTheSameDocument() throws {
    let api = PackagePaths.fixtures.appendingPathComponent("api")
    let files = try #require(FileManager.default.enumerator(atPath: api.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
    #expect(files.count > 10)
    for file in files {
      let object = try Self.parsed(Data(contentsOf: api.appendingPathComponent(file)))
      #expect(Self.same(try Self.parsed(ParsedJSON.data(object)), object), "\(file)")
    }
  }
}
