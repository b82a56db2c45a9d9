/// Writes a coloured point cloud as a PLY file (Stanford's polygon format), binary little
/// endian, as MeshLab, CloudCompare, Blender and Open3D read it: a header in text naming the
/// vertex properties (`x`, `y`, `z` as floats, `red`, `green`, `blue` as bytes), then each
/// point's fifteen bytes.
public enum PLYWriter {
  /// The file of the points at `positions` (three coordinates each) of `colours` (red, green
  /// and blue each), with `comments` (one line each) in its header; `nil` when the two counts
  /// differ.
  public static func file(positions: [Float], colours: [UInt8], comments: [String] = [])
    -> [UInt8]?
  {
    let count = positions.count / 3
    guard positions.count == count * 3, colours.count == count * 3 else { return nil }
    var header = "ply\nformat binary_little_endian 1.0\n"
    for comment in comments {
      header += "comment " + comment.filter { $0 != "\n" && $0 != "\r" } + "\n"
    }
    header += "element vertex \(count)\n"
    header += "property float x\nproperty float y\nproperty float z\n"
    header += "property uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n"
    let head = Array(header.utf8)
    return [UInt8](unsafeUninitializedCapacity: head.count + count * 15) { out, written in
      for (index, byte) in head.enumerated() { out[index] = byte }
      var at = head.count
      for point in 0..<count {
        for axis in 0..<3 {
          let bits = positions[point * 3 + axis].bitPattern
          for shift in stride(from: 0, to: 32, by: 8) {
            out[at] = UInt8(truncatingIfNeeded: bits >> UInt32(shift))
            at += 1
          }
        }
        for channel in 0..<3 {
          out[at] = colours[point * 3 + channel]
          at += 1
        }
      }
      written = at
    }
  }
}
