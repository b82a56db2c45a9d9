#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's few elementary functions the project needs (the standard library has no
/// trigonometry): named here so that no other module imports the C library, or Foundation
/// for its re-export of it.
public enum Math {
  /// The cosine of `radians`.
  public static func cos(_ radians: Double) -> Double { cCos(radians) }
  /// The sine of `radians`.
  public static func sin(_ radians: Double) -> Double { cSin(radians) }
  /// The arc sine, in radians.
  public static func asin(_ value: Double) -> Double { cAsin(value) }
  /// `base` to the power `exponent`.
  public static func pow(_ base: Double, _ exponent: Double) -> Double {
    cPow(base, exponent)
  }
  /// The logarithm in base 10.
  public static func log10(_ value: Double) -> Double { cLog10(value) }
  /// The tangent of `radians`.
  public static func tan(_ radians: Double) -> Double { cTan(radians) }
  /// The arc tangent, in radians.
  public static func atan(_ value: Double) -> Double { cAtan(value) }
  /// The angle of the point `(x, y)` from the x axis, in radians, -π to π.
  public static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
  /// The arc cosine, in radians.
  public static func acos(_ value: Double) -> Double { cAcos(value) }
}

// Outside the enum, where the C library's names are not shadowed by its own.
private func cCos(_ x: Double) -> Double { cos(x) }
private func cSin(_ x: Double) -> Double { sin(x) }
private func cAsin(_ x: Double) -> Double { asin(x) }
private func cTan(_ x: Double) -> Double { tan(x) }
private func cAtan(_ x: Double) -> Double { atan(x) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func cAcos(_ x: Double) -> Double { acos(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func cLog10(_ x: Double) -> Double { log10(x) }
