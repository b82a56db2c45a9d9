/// Reads a member leniently: NASA's feeds leave fields out, send `null`, write `"UNK"` for
/// unknown values and switch a field between number and string over the years, so a value
/// that is not there in the expected type is simply absent.
extension KeyedDecodingContainer {
  func lenientString(_ key: Key) -> String? {
    if let text = try? decodeIfPresent(String.self, forKey: key) {
      return text == "UNK" || text.isEmpty ? nil : text
    }
    if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
    return nil
  }

  func lenientInt(_ key: Key) -> Int? {
    if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
    if let text = try? decodeIfPresent(String.self, forKey: key) { return Int(text) }
    if let number = try? decodeIfPresent(Double.self, forKey: key), number.rounded() == number,
      abs(number) < 1e15
    {
      return Int(number)
    }
    return nil
  }

  func lenientBool(_ key: Key) -> Bool? {
    if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag }
    if let text = try? decodeIfPresent(String.self, forKey: key) { return text == "true" }
    return nil
  }

  /// A number written as a number or a string (`"745756834.599"`); not finite is absent.
  func lenientDouble(_ key: Key) -> Double? {
    let value =
      (try? decodeIfPresent(Double.self, forKey: key))
      ?? lenientString(key).flatMap { Double($0) }
    guard let value, value.isFinite else { return nil }
    return value
  }

  /// A list of numbers: a JSON list, or NASA's `"(a,b,c)"`.
  func lenientNumbers(_ key: Key) -> [Double]? {
    if let list = try? decodeIfPresent([Double].self, forKey: key) {
      return list.allSatisfy(\.isFinite) && !list.isEmpty ? list : nil
    }
    return lenientString(key).flatMap(NASATuple.numbers)
  }

  /// A list of `count` whole numbers: a JSON list, or NASA's `"(1,1,5120,3840)"`.
  func lenientIntegers(_ key: Key, count: Int) -> [Int]? {
    let list =
      (try? decodeIfPresent([Int].self, forKey: key))
      ?? lenientString(key).flatMap(NASATuple.integers)
    return list?.count == count ? list : nil
  }
}
