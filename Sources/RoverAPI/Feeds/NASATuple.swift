/// NASA's way of writing a vector in its feeds: `"(1.02542,0.564345,-2.05023)"`, and a camera
/// model as such vectors and plain numbers joined by `;`.
public enum NASATuple {
  /// The numbers of `"(a,b,c)"` (or `"a,b,c"`); `nil` when any is not a finite number or
  /// there are none, as `"UNK"` and `"(UNK)"` are.
  public static func numbers(_ text: String) -> [Double]? {
    let inner = text.filter { $0 != "(" && $0 != ")" && $0 != " " }
    guard !inner.isEmpty else { return nil }
    var values: [Double] = []
    for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
      guard let value = Double(part), value.isFinite else { return nil }
      values.append(value)
    }
    return values
  }

  /// Whole numbers of `"(1,1,5120,3840)"`; `nil` when one is not a whole number.
  public static func integers(_ text: String) -> [Int]? {
    numbers(text)?.reduce(into: [Int]?([])) { result, value in
      guard value.rounded() == value, abs(value) < 1e9 else { return result = nil }
      result?.append(Int(value))
    }
  }

  /// A camera model's components: each `;`-separated part as a list of numbers.
  public static func components(_ text: String) -> [[Double]]? {
    var parts: [[Double]] = []
    for part in text.split(separator: ";") {
      guard let values = numbers(String(part)) else { return nil }
      parts.append(values)
    }
    return parts.isEmpty ? nil : parts
  }
}
