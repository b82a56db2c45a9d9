/// The one definition of a photo's observation sequence: the commanded observation (a movie, a
/// pan, a single frame) it belongs to, read from its NASA file name (``NASAImageName``).
///
/// - Perseverance: characters 36 to 44 of the name, `NCAM00518` in
///   `NLG_0888_0745756490_020ECM_N0440000NCAM00518_00_2I3J` (`AUT_04096` for the frames the
///   rover took on its own);
/// - Curiosity's engineering cameras: characters 26 to 34, `NCAM00280` in
///   `NLB_524534514EDR_F0562034NCAM00280M_`;
/// - Curiosity's Mastcam, MAHLI and MARDI: the six digits after the sol and the camera code,
///   as NASA names those sequences, `MHLI00670` for `1575MH0006700000601214R00_DXXX`
///   (`ML`/`MR` → `MCAM`, `MH` → `MHLI`, `MD` → `MRDI`, the last five digits).
///
/// Any other name has no sequence (`nil`).
public enum NASASequence {
  /// The sequence of the photo whose identity is `nasaID`, or `nil` when its name says none.
  public static func id(of nasaID: String) -> String? {
    // Read in place: every photo a command lists asks it, and a copy of the name's bytes
    // cost more than the reading.
    var nasaID = nasaID
    return nasaID.withUTF8 { name in
      perseverance(name) ?? curiosityEngineering(name) ?? mastcamFamily(name)
    }
  }

  /// A name's bytes, read in place.
  private typealias Name = UnsafeBufferPointer<UInt8>

  /// `XXX_SSSS_CCCCCCCCCC_MMMPPP_NSSSSSSS<sequence>…`: underscores at 4, 9, 20 and 27.
  private static func perseverance(_ name: Name) -> String? {
    guard name.count >= 44, name[3] == underscore, name[8] == underscore,
      name[19] == underscore, name[26] == underscore,
      name[4..<8].allSatisfy(isDigit), name[9..<19].allSatisfy(isDigit)
    else { return nil }
    return word(name[35..<44])
  }

  /// `XXX_CCCCCCCCCEDR_FSSSSSSS<sequence>…`: an underscore at 4, nine clock digits after it.
  private static func curiosityEngineering(_ name: Name) -> String? {
    guard name.count >= 34, name[3] == underscore, name[4..<13].allSatisfy(isDigit),
      name[13..<16].allSatisfy(isLetter)
    else { return nil }
    return word(name[25..<34])
  }

  /// `SSSSCC######…`: the sol, a Mastcam, MAHLI or MARDI code, six digits.
  private static func mastcamFamily(_ name: Name) -> String? {
    guard name.count >= 12, name[0..<4].allSatisfy(isDigit), name[6..<12].allSatisfy(isDigit)
    else { return nil }
    // Read once a photo of a listing: the two letters matched as bytes, no table made.
    guard name[4] == UInt8(ascii: "M") else { return nil }
    let camera: String
    switch name[5] {
    case UInt8(ascii: "L"), UInt8(ascii: "R"): camera = "MCAM"
    case UInt8(ascii: "H"): camera = "MHLI"
    case UInt8(ascii: "D"): camera = "MRDI"
    default: return nil
    }
    return camera + String(decoding: name[7..<12], as: UTF8.self)
  }

  /// The characters as a sequence id: letters, digits and `_` only, at least one letter.
  private static func word(_ bytes: Slice<Name>) -> String? {
    guard bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == underscore }),
      bytes.contains(where: isLetter)
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let underscore = UInt8(ascii: "_")

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
  }
}
