/// One member of a feed's record, as JSON's own types see it: NASA's feeds leave fields out,
/// send `null`, write `"UNK"` for unknown values and switch a field between number and string
/// over the years, so each reading below takes a value in any type the field has had, and a
/// value in none of them is simply absent.
///
/// Two kinds of member read the same way by these rules: a `Decodable` container's
/// (``DecodedMember``: a mirror's sol records, the feeds' `latest` answers) and a scanned
/// value (``ScannedMember``: the feeds' pages, the largest bodies the tool reads).
protocol LenientMember {
  /// The value as a string; `nil` when it is not one.
  var text: String? { get }
  /// The value as a whole number (`5` and `5.0`, not `5.5` or `1e3`); `nil` when not one.
  var whole: Int? { get }
  /// The value as a number; `nil` when it is not one a double holds.
  var number: Double? { get }
  /// The value as `true` or `false`; `nil` when it is not one.
  var flag: Bool? { get }
  /// The value as a list of numbers; `nil` when it is not one.
  var numbers: [Double]? { get }
  /// The value as a list of whole numbers; `nil` when it is not one.
  var wholes: [Int]? { get }
  /// The value as lists of numbers (a camera model's vectors); `nil` when it is not that.
  var lists: [[Double]]? { get }
}

extension LenientMember {
  /// Text, not `"UNK"` or empty; a whole number as its digits.
  var lenientString: String? {
    if let text { return text == "UNK" || text.isEmpty ? nil : text }
    return whole.map(String.init)
  }

  /// A whole number written as a number, a string or a number with a zero fraction.
  var lenientInt: Int? {
    if let whole { return whole }
    if let text { return Int(text) }
    if let number, number.rounded() == number, abs(number) < 1e15 { return Int(number) }
    return nil
  }

  /// `true` or `false`, or the string `"true"`.
  var lenientBool: Bool? {
    if let flag { return flag }
    return text.map { $0 == "true" }
  }

  /// A number written as a number or a string (`"745756834.599"`); not finite is absent.
  var lenientDouble: Double? {
    guard let value = number ?? lenientString.flatMap({ Double($0) }), value.isFinite else {
      return nil
    }
    return value
  }

  /// An angle in degrees, written as a number or a string (`"91.7789"`); a value that is not a
  /// finite angle is absent.
  var lenientDegrees: Double? {
    guard let value = number ?? text.flatMap({ Double($0) }), value.isFinite, abs(value) <= 360
    else { return nil }
    return value
  }

  /// A list of numbers: a JSON list, or NASA's `"(a,b,c)"`.
  var lenientNumbers: [Double]? {
    if let numbers { return numbers.allSatisfy(\.isFinite) && !numbers.isEmpty ? numbers : nil }
    return lenientString.flatMap(NASATuple.numbers)
  }

  /// A list of `count` whole numbers: a JSON list, or NASA's `"(1,1,5120,3840)"`.
  func lenientIntegers(count: Int) -> [Int]? {
    let list = wholes ?? lenientString.flatMap(NASATuple.integers)
    return list?.count == count ? list : nil
  }

  /// Lists of numbers: JSON lists of lists, or NASA's `"((a,b,c),(d,e,f),g)"`.
  var lenientLists: [[Double]]? { lists ?? lenientString.flatMap(NASATuple.components) }
}

/// A member of a container `JSONDecoder` reads, each type tried as it is asked for.
struct DecodedMember<Key: CodingKey>: LenientMember {
  let container: KeyedDecodingContainer<Key>
  let key: Key

  var text: String? { try? container.decodeIfPresent(String.self, forKey: key) }
  var whole: Int? { try? container.decodeIfPresent(Int.self, forKey: key) }
  var number: Double? { try? container.decodeIfPresent(Double.self, forKey: key) }
  var flag: Bool? { try? container.decodeIfPresent(Bool.self, forKey: key) }
  var numbers: [Double]? { try? container.decodeIfPresent([Double].self, forKey: key) }
  var wholes: [Int]? { try? container.decodeIfPresent([Int].self, forKey: key) }
  var lists: [[Double]]? { try? container.decodeIfPresent([[Double]].self, forKey: key) }
}

/// The rules for a member of a container, by its key.
extension KeyedDecodingContainer {
  func lenientString(_ key: Key) -> String? {
    DecodedMember(container: self, key: key).lenientString
  }
  func lenientInt(_ key: Key) -> Int? { DecodedMember(container: self, key: key).lenientInt }
}

/// A member read by ``JSONScanner`` in one pass, kept as the JSON gave it.
enum ScannedMember: LenientMember {
  case absent
  case text(String)
  case number(Double, whole: Int?)
  case flag(Bool)
  /// A list's numbers, each with the whole number it is; `nil` when one is not a number.
  case list([(value: Double, whole: Int?)]?)
  /// A list of lists of numbers, none of them empty of lists.
  case lists([[Double]])
  case object

  /// Reads the next value, whatever it is.
  static func read(_ scanner: inout JSONScanner) throws -> ScannedMember {
    switch scanner.nextKind() {
    case .null:
      _ = scanner.readNull()
      return .absent
    case .string: return .text(try scanner.readString())
    case .flag: return .flag(try scanner.readBool())
    case .number:
      let (value, whole) = try scanner.readNumber()
      return .number(value, whole: whole)
    case .list:
      // Numbers, or lists of numbers; anything else, or the two mixed, is neither.
      var items: [(value: Double, whole: Int?)]? = []
      var lists: [[Double]]? = []
      try scanner.readArray { scanner, _ in
        switch scanner.nextKind() {
        case .number:
          lists = nil
          let number = try scanner.readNumber()
          items?.append(number)
        case .list:
          items = nil
          var list: [Double]? = []
          try scanner.readArray { scanner, _ in
            guard scanner.nextKind() == .number else {
              list = nil
              return try scanner.skipValue()
            }
            let number = try scanner.readNumber().value
            list?.append(number)
          }
          if let list { lists?.append(list) } else { lists = nil }
        default:
          (items, lists) = (nil, nil)
          try scanner.skipValue()
        }
      }
      if items == nil, let lists { return .lists(lists) }
      return .list(items)
    case .object, nil:
      try scanner.skipValue()
      return .object
    }
  }

  var text: String? {
    if case .text(let text) = self { return text }
    return nil
  }

  var whole: Int? {
    if case .number(_, let whole) = self { return whole }
    return nil
  }

  var number: Double? {
    if case .number(let value, _) = self, value.isFinite { return value }
    return nil
  }

  var flag: Bool? {
    if case .flag(let flag) = self { return flag }
    return nil
  }

  var numbers: [Double]? {
    guard case .list(let items?) = self, items.allSatisfy(\.value.isFinite) else { return nil }
    return items.map(\.value)
  }

  var wholes: [Int]? {
    guard case .list(let items?) = self else { return nil }
    let wholes = items.compactMap(\.whole)
    return wholes.count == items.count ? wholes : nil
  }

  var lists: [[Double]]? {
    switch self {
    case .lists(let lists): lists.allSatisfy { $0.allSatisfy(\.isFinite) } ? lists : nil
    case .list(let items?) where items.isEmpty: []
    default: nil
    }
  }
}
