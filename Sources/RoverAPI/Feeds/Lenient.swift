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
}
