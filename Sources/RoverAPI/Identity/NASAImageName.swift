/// The one definition of a photo's identity across servers: the base name of its image file.
///
/// Every server (the original API, nebulum, Mars Vista) and NASA's own feeds point at the same
/// files on NASA's hosts, but number photos their own way, so ids cannot be compared. The file's
/// base name can: the address's last segment, without its extension and without the size suffix
/// Perseverance's smaller copies carry (`_320`, `_800`, `_1200`). For Curiosity it equals the
/// feed's `imageid`; for Perseverance, `imageid` plus a two-digit version.
public enum NASAImageName {
  /// The suffixes that mark a size of the same image: small, medium and large.
  static let sizeSuffixes = ["_320", "_800", "_1200"]

  /// The identity of the image at `imageURL`, or `nil` when the address has no file name.
  ///
  /// `…/ncam/NLF_0888_…_295J01_1200.jpg` → `NLF_0888_…_295J01`.
  public static func identity(ofImageAt imageURL: String) -> String? {
    let name = fileName(of: imageURL)
    var base = Substring(name)
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
    for suffix in sizeSuffixes where base.hasSuffix(suffix) {
      base = base.dropLast(suffix.count)
      break
    }
    return base.isEmpty ? nil : String(base)
  }

  /// The address's last path segment, percent-decoded, without query or fragment.
  public static func fileName(of imageURL: String) -> String {
    let path = imageURL.prefix { $0 != "?" && $0 != "#" }
    // Past the scheme and host: `https://host` alone has no file name.
    let afterHost: Substring
    if let scheme = path.range(of: "://") {
      let rest = path[scheme.upperBound...]
      guard let slash = rest.firstIndex(of: "/") else { return "" }
      afterHost = rest[slash...]
    } else {
      afterHost = path
    }
    let last = afterHost.split(separator: "/").last.map(String.init) ?? ""
    return last.removingPercentEncoding ?? last
  }
}
