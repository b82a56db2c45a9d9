import Foundation
import PlainText

/// JSON objects as `JSONSerialization` reads them (or as a test writes them: dictionaries,
/// arrays, strings, numbers, `NSNull`), written back as JSON by the project's own writer.
///
/// `JSONSerialization.data(withJSONObject:)` went through `NSString` and `NSNumber` for every
/// value: writing the answers of the fixture servers and stubs was a twentieth of the suite's
/// processor time, about five times what this takes. The document means the same; only the
/// spelling differs: slashes are not escaped (`http://`, as the API servers write them) and a
/// whole number with a fraction is written without it (`-0`, `1e+300`).
public enum ParsedJSON {
  /// The document of `object`, its members in the dictionaries' own order, or sorted by name.
  /// A value JSON has no spelling for (a date, a number that is not finite) is `null`.
  public static func data(_ object: Any, sortedKeys: Bool = false) -> Data {
    var json = JSONWriter(.compact, capacity: 1_024)
    write(object, to: &json, sortedKeys: sortedKeys)
    return Data(json.bytes)
  }

  /// The class `JSONSerialization` gives booleans: `true` and `false` are numbers to
  /// Foundation, told apart from 1 and 0 only by it.
  private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

  private static func write(_ value: Any, to json: inout JSONWriter, sortedKeys: Bool) {
    switch value {
    case let text as String:
      json.string(text)
    case let object as [String: Any]:
      json.object { json in
        let members = sortedKeys ? object.sorted { $0.key < $1.key } : Array(object)
        for (name, member) in members {
          json.key(name)
          write(member, to: &json, sortedKeys: sortedKeys)
        }
      }
    case let list as [Any]:
      json.array(list) { json, item in write(item, to: &json, sortedKeys: sortedKeys) }
    case let number as NSNumber:
      write(number, to: &json)
    default:
      json.null()
    }
  }

  /// A number as it was read: a boolean, a whole number or one with a fraction.
  private static func write(_ number: NSNumber, to json: inout JSONWriter) {
    if type(of: number) == booleanClass {
      json.bool(number.boolValue)
      return
    }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "d"), UInt8(ascii: "f"):
      let value = number.doubleValue
      // A finite value only: the compact writer would fail the document otherwise.
      if value.isFinite { json.decimal(value) } else { json.null() }
    default:
      json.number(number.intValue)
    }
  }
}
