#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

/// A coding key made from any string: for JSON whose member names are data, such as a root
/// key chosen at run time or a row's field names.
public struct NamedKey: CodingKey, Sendable {
  /// The member name.
  public var stringValue: String
  /// Always `nil`: these keys name members, not positions.
  public var intValue: Int? { nil }

  /// A key for the member `name`.
  public init(_ name: String) { stringValue = name }
  /// A key for the member `stringValue`.
  public init?(stringValue: String) { self.stringValue = stringValue }
  /// Never made from a position.
  public init?(intValue: Int) { nil }
}
