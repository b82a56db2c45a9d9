/// Writes a textured triangle mesh as a binary glTF 2.0 file (`.glb`), as Blender, three.js,
/// model-viewer and every glTF validator read it: a 12-byte header, a JSON chunk describing
/// the scene (one node, one mesh, one material whose base colour is the texture), and a binary
/// chunk holding the positions, texture coordinates, triangle indices and the texture's JPEG.
public enum GLBWriter {
  /// A mesh: `positions` three floats a vertex (glTF's axes: +Y up, metres), `textureCoordinates`
  /// two a vertex (0,0 the texture's top left corner), `triangles` three vertex indices each,
  /// and the texture as a JPEG file's bytes.
  public struct Mesh: Sendable {
    /// See ``Mesh``.
    public var positions: [Float]
    /// See ``Mesh``.
    public var textureCoordinates: [Float]
    /// See ``Mesh``.
    public var triangles: [UInt32]
    /// See ``Mesh``.
    public var textureJPEG: [UInt8]

    /// A mesh of the parts given.
    public init(
      positions: [Float], textureCoordinates: [Float], triangles: [UInt32], textureJPEG: [UInt8]
    ) {
      (self.positions, self.textureCoordinates, self.triangles, self.textureJPEG) =
        (positions, textureCoordinates, triangles, textureJPEG)
    }
  }

  /// glTF's numbers for what a buffer view holds and what an accessor reads.
  private static let (arrayBuffer, elementArrayBuffer) = (34962, 34963)
  private static let (floatComponent, unsignedIntComponent) = (5126, 5125)

  /// The tool named as the files' generator.
  static let generator = "rovers terrain"

  /// The `.glb` file of `mesh`.
  public static func file(_ mesh: Mesh) -> [UInt8] {
    var binary: [UInt8] = []
    var views: [(offset: Int, length: Int, target: Int?)] = []
    func add(_ bytes: [UInt8], target: Int?) {
      while binary.count % 4 != 0 { binary.append(0) }
      views.append((binary.count, bytes.count, target))
      binary += bytes
    }
    add(littleEndian(mesh.positions), target: arrayBuffer)
    add(littleEndian(mesh.textureCoordinates), target: arrayBuffer)
    add(littleEndian(mesh.triangles), target: elementArrayBuffer)
    add(mesh.textureJPEG, target: nil)
    while binary.count % 4 != 0 { binary.append(0) }
    let vertices = mesh.positions.count / 3
    let (low, high) = bounds(mesh.positions)
    let viewsJSON = views.map { view in
      "{\"buffer\":0,\"byteOffset\":\(view.offset),\"byteLength\":\(view.length)"
        + (view.target.map { ",\"target\":\($0)" } ?? "") + "}"
    }
    let json = """
      {"asset":{"version":"2.0","generator":"\(generator)"},"scene":0,\
      "scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],\
      "meshes":[{"primitives":[{"attributes":{"POSITION":0,"TEXCOORD_0":1},"indices":2,\
      "material":0,"mode":4}]}],\
      "materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":0},\
      "metallicFactor":0,"roughnessFactor":1},"doubleSided":true}],\
      "textures":[{"source":0,"sampler":0}],\
      "samplers":[{"magFilter":9729,"minFilter":9729,"wrapS":33071,"wrapT":33071}],\
      "images":[{"bufferView":3,"mimeType":"image/jpeg"}],\
      "buffers":[{"byteLength":\(binary.count)}],\
      "bufferViews":[\(viewsJSON.joined(separator: ","))],\
      "accessors":[\
      {"bufferView":0,"componentType":\(floatComponent),"count":\(vertices),"type":"VEC3",\
      "min":[\(low.map(number).joined(separator: ","))],\
      "max":[\(high.map(number).joined(separator: ","))]},\
      {"bufferView":1,"componentType":\(floatComponent),"count":\(vertices),"type":"VEC2"},\
      {"bufferView":2,"componentType":\(unsignedIntComponent),\
      "count":\(mesh.triangles.count),"type":"SCALAR"}]}
      """
    var jsonBytes = Array(json.utf8)
    while jsonBytes.count % 4 != 0 { jsonBytes.append(0x20) }
    let total = 12 + 8 + jsonBytes.count + 8 + binary.count
    var file: [UInt8] = []
    file.reserveCapacity(total)
    file += Array("glTF".utf8) + littleEndian([UInt32(2), UInt32(total)])
    file += littleEndian([UInt32(jsonBytes.count)]) + Array("JSON".utf8) + jsonBytes
    file += littleEndian([UInt32(binary.count)]) + Array("BIN".utf8) + [0] + binary
    return file
  }

  /// The least and greatest of each of the three coordinates, as glTF asks of positions.
  static func bounds(_ positions: [Float]) -> ([Float], [Float]) {
    guard positions.count >= 3 else { return ([0, 0, 0], [0, 0, 0]) }
    var (low, high) = (Array(positions[0..<3]), Array(positions[0..<3]))
    for index in 0..<positions.count {
      low[index % 3] = min(low[index % 3], positions[index])
      high[index % 3] = max(high[index % 3], positions[index])
    }
    return (low, high)
  }

  /// A number as JSON writes it: Swift's shortest form that reads back the same float.
  private static func number(_ value: Float) -> String { "\(value)" }

  private static func littleEndian(_ values: [Float]) -> [UInt8] {
    littleEndian(values.map(\.bitPattern))
  }

  private static func littleEndian(_ values: [UInt32]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(values.count * 4)
    for value in values {
      bytes += [
        UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
        UInt8(value >> 24),
      ]
    }
    return bytes
  }
}
