import RoverAPI

/// Finds a sol's stereo pairs from the photos' names alone: the left and right frames of one
/// moment carry the same name but for the letter of the eye.
///
/// - Perseverance and Curiosity engineering cameras and Mastcam-Z: the second letter
///   (`FLB_…`/`FRB_…`, `NLF_…`/`NRF_…`, `RLB_…`/`RRB_…`, `ZL0_…`/`ZR0_…`).
/// - Spirit and Opportunity (27-character MER names such as `2N126468200EDN0000P1502L0M1`):
///   the 24th character, after the command sequence; the filter digit that follows must match
///   too, so Pancam frames pair only through the same filter (L2 with R2), as stereo needs.
/// - Curiosity's Mastcam (`1000ML0044630000405097E01`/`1000MR0044630000503560E01`): its two
///   eyes have different focal lengths and their own frame counters, so only the sol, the
///   sequence, the image's place in it and the product kind must agree; paired only when asked
///   (`mastcam`), and the right frame is scaled to the left's size.
///
/// A frame without its partner is no pair; each frame is in one pair at most.
public enum StereoPairing {
  /// Which naming a stereo name follows.
  public enum Kind: Sendable, Hashable {
    case engineering, mer, mastcam
  }

  /// A name's eye and the key its partner shares.
  public struct Eye: Sendable, Hashable {
    /// The naming.
    public var kind: Kind
    /// Whether it is the left eye.
    public var isLeft: Bool
    /// What the partner's name has in common with this one.
    public var key: String
  }

  /// The first letters of the cameras whose second letter is the eye: front and rear Hazcams,
  /// Navcams, Mastcam-Z. (ChemCam's `CR0_…` has an R there that is no eye.)
  public static let engineeringCameras: Set<Character> = ["F", "R", "N", "Z"]
  /// Where an engineering name carries its eye: its second letter.
  public static let engineeringEye = 1
  /// The instruments of a MER name that come in stereo pairs.
  static let merCameras: Set<Character> = ["F", "R", "N", "P"]

  /// The eye of a photo's identity (``Photo/nasaID``) and its partner's key, or `nil` when the
  /// name says no eye.
  public static func eye(of name: String) -> Eye? {
    let characters = Array(name)
    if characters.count >= 27, characters[0] == "1" || characters[0] == "2",
      merCameras.contains(characters[1]), characters[2...10].allSatisfy(\.isNumber),
      let isLeft = side(characters[23])
    {
      var key = characters
      key[23] = "*"
      return Eye(kind: .mer, isLeft: isLeft, key: String(key))
    }
    if characters.count >= 25, characters[0...3].allSatisfy(\.isNumber), characters[4] == "M",
      let isLeft = side(characters[5]), characters[6...14].allSatisfy(\.isNumber)
    {
      let key = String(characters[0...3]) + String(characters[6...14]) + String(characters[22])
      return Eye(kind: .mastcam, isLeft: isLeft, key: key)
    }
    if characters.count >= 4, engineeringCameras.contains(characters[0]),
      let isLeft = side(characters[engineeringEye])
    {
      var key = characters
      key[engineeringEye] = "*"
      return Eye(kind: .engineering, isLeft: isLeft, key: String(key))
    }
    return nil
  }

  private static func side(_ letter: Character) -> Bool? {
    switch letter {
    case "L": true
    case "R": false
    default: nil
    }
  }

  /// The pairs among one sol's photos, in the order of their left frames; Curiosity's Mastcam
  /// only with `mastcam`.
  public static func pairs(in photos: [Photo], mastcam: Bool = false) -> [StereoPair] {
    pairs(photos, mastcam: mastcam, name: \.nasaID, sol: \.sol).map {
      StereoPair(left: $0.left, right: $0.right)
    }
  }

  /// The pairs among any items told by their identity and sol (a page's tiles as well as
  /// photos): each left frame with the first right frame of its key, in the left frames' order.
  public static func pairs<Item>(
    _ items: [Item], mastcam: Bool = false, name: (Item) -> String, sol: (Item) -> Int
  ) -> [(left: Item, right: Item)] {
    let eyes = items.map { item in
      eye(of: name(item)).flatMap { mastcam || $0.kind != .mastcam ? $0 : nil }
    }
    var rights: [String: Item] = [:]
    for (item, eye) in zip(items, eyes) {
      guard let eye, !eye.isLeft else { continue }
      // The first right frame of a key is its partner; a later version is not a second pair.
      let key = "\(sol(item))/\(eye.key)"
      if rights[key] == nil { rights[key] = item }
    }
    var pairs: [(left: Item, right: Item)] = []
    for (item, eye) in zip(items, eyes) {
      guard let eye, eye.isLeft,
        let right = rights.removeValue(forKey: "\(sol(item))/\(eye.key)")
      else { continue }
      pairs.append((item, right))
    }
    return pairs
  }

  /// The identities of the photos that have a partner among `photos`: what the gallery and the
  /// browser mark.
  public static func partnered(in photos: [Photo], mastcam: Bool = false) -> [String: String] {
    var partners: [String: String] = [:]
    for pair in pairs(in: photos, mastcam: mastcam) {
      partners[pair.left.nasaID] = pair.right.nasaID
      partners[pair.right.nasaID] = pair.left.nasaID
    }
    return partners
  }
}
