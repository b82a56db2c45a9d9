import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A pair's terrain on a sol page: the mesh `rovers terrain --from` wrote into the sol's
/// folder, drawn in WebGL by a viewer of the project's own (drag to turn, scroll or pinch to
/// zoom), with links to the mesh, the point cloud and the range map.
///
/// A page opened from disk may not fetch a file beside it (browsers refuse `file:` requests),
/// so the mesh comes in a script file beside it too (``scriptSuffix``), as base64, which a
/// `<script src>` may load from anywhere.
public struct TerrainView: Sendable, Equatable {
  /// The left frame's NASA id.
  var pair: String

  /// The start of a terrain's files' names in a sol's folder.
  public static let prefix = "terrain-"
  /// The ends of a terrain's files' names.
  static let (meshSuffix, scriptSuffix, pointsSuffix, rangeSuffix) = (
    "-mesh.glb", "-mesh.js", "-points.ply", "-range.png"
  )

  /// The terrains of a sol's folder whose mesh and its script are both there, by pair.
  static func views(names: [String]) -> [TerrainView] {
    let present = Set(names)
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(scriptSuffix) }.sorted()
      .compactMap { name in
        let pair = String(name.dropFirst(prefix.count).dropLast(scriptSuffix.count))
        guard !pair.isEmpty, present.contains(prefix + pair + meshSuffix) else { return nil }
        return TerrainView(pair: pair)
      }
  }

  /// The script file holding `mesh` (a `.glb` file's bytes) for the viewer: the base64 of
  /// the bytes, kept under the pair's id.
  static func script(pair: String, mesh: [UInt8]) -> String {
    "(window.roversMeshes = window.roversMeshes || {})[\"\(pair)\"] = \""
      + Data(mesh).base64EncodedString() + "\";\n"
  }

  /// Writes the viewer's script beside the mesh of `pair` in a sol's folder (whole or not at
  /// all), from the mesh there.
  public static func writeScript(pair: String, in folder: URL) throws {
    let mesh = try Data(contentsOf: folder.appendingPathComponent(prefix + pair + meshSuffix))
    try AtomicFile.write(
      Data(script(pair: pair, mesh: [UInt8](mesh)).utf8),
      to: folder.appendingPathComponent(prefix + pair + scriptSuffix), durable: false)
  }

  /// The figure's HTML.
  var html: String {
    let file = { (suffix: String) in HTMLText.escaped(HTMLText.href(Self.prefix + pair + suffix)) }
    let id = HTMLText.escaped(pair)
    var html = "<figure class=\"terrain\">"
    html += "<canvas class=\"terrain-view\" data-mesh=\"\(id)\" width=\"960\" height=\"640\""
    html += " tabindex=\"0\" aria-label=\"The terrain of \(id), in 3D\"></canvas>"
    html += "<figcaption>\(id) · drag to turn, scroll to zoom · "
    html += "<a href=\"\(file(Self.meshSuffix))\">glTF mesh</a> · "
    html += "<a href=\"\(file(Self.pointsSuffix))\">PLY points</a> · "
    html += "<a href=\"\(file(Self.rangeSuffix))\">range map</a></figcaption></figure>\n"
    html += "<script src=\"\(file(Self.scriptSuffix))\"></script>\n"
    return html
  }
}
