import Foundation

/// Decodes response bodies, optionally from below a root key such as `photo_manifest`.
enum JSONBody {
  /// Decodes the whole body as `T`.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try JSONDecoder().decode(T.self, from: data)
  }

  /// Decodes the value stored under `rootKey` in the body's top-level object.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data, rootKey: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.userInfo[RootKeyed<T>.rootKey] = rootKey
    return try decoder.decode(RootKeyed<T>.self, from: data).value
  }
}

/// A top-level object whose one interesting member is named at decoding time.
private struct RootKeyed<Value: Decodable>: Decodable {
  static var rootKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "rovers.rootKey")! }

  var value: Value

  init(from decoder: any Decoder) throws {
    let name = decoder.userInfo[Self.rootKey] as? String ?? ""
    let container = try decoder.container(keyedBy: NamedKey.self)
    value = try container.decode(Value.self, forKey: NamedKey(name))
  }
}

/// A coding key made from any string.
struct NamedKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
