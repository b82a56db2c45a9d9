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
}

// Outside the enum, where the C library's names are not shadowed by its own.
private func cCos(_ x: Double) -> Double { cos(x) }
private func cSin(_ x: Double) -> Double { sin(x) }
private func cAsin(_ x: Double) -> Double { asin(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func cLog10(_ x: Double) -> Double { log10(x) }
