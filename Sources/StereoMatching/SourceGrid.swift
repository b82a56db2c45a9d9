import CameraGeometry

/// Where each pixel of one picture comes from in another, for a mapping too slow to ask at
/// every pixel (a camera model's ray and projection): asked exactly every ``spacing`` pixels
/// and interpolated between, as renderers do. Over 8 pixels a lens's bend is all but straight:
/// the interpolation is a few thousandths of a pixel off, where the four corners all exist;
/// a pixel whose corners do not is asked exactly.
struct SourceGrid: Sendable {
  /// Pixels between the points asked exactly.
  static let spacing = 8

  let width: Int
  let height: Int
  private let across: Int
  private let nodes: [(x: Double, y: Double)?]
  private let exact: @Sendable (Double, Double) -> (x: Double, y: Double)?

  /// The grid over a picture `width` by `height` whose pixel (`x`, `y`) comes from
  /// `source(x, y)`, `nil` where it comes from nowhere.
  init(
    width: Int, height: Int, source: @escaping @Sendable (Double, Double) -> (x: Double, y: Double)?
  ) {
    let spacing = Self.spacing
    (self.width, self.height, exact) = (width, height, source)
    across = (width - 1) / spacing + 2
    let down = (height - 1) / spacing + 2
    var nodes: [(x: Double, y: Double)?] = []
    nodes.reserveCapacity(across * down)
    for row in 0..<down {
      for column in 0..<across {
        nodes.append(source(Double(column * spacing), Double(row * spacing)))
      }
    }
    self.nodes = nodes
  }

  /// Where pixel (`x`, `y`) comes from.
  func source(x: Int, y: Int) -> (x: Double, y: Double)? {
    let spacing = Self.spacing
    let (column, row) = (x / spacing, y / spacing)
    let at = row * across + column
    guard let topLeft = nodes[at], let topRight = nodes[at + 1],
      let bottomLeft = nodes[at + across], let bottomRight = nodes[at + across + 1]
    else { return exact(Double(x), Double(y)) }
    let right = Double(x - column * spacing) / Double(spacing)
    let below = Double(y - row * spacing) / Double(spacing)
    let top = (
      topLeft.x + (topRight.x - topLeft.x) * right, topLeft.y + (topRight.y - topLeft.y) * right
    )
    let bottom = (
      bottomLeft.x + (bottomRight.x - bottomLeft.x) * right,
      bottomLeft.y + (bottomRight.y - bottomLeft.y) * right
    )
    return (top.0 + (bottom.0 - top.0) * below, top.1 + (bottom.1 - top.1) * below)
  }
}
