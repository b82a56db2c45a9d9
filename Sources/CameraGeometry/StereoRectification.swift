/// A stereo pair made linear and row-aligned, as JPL's `cmod_cahvor_warp_models` makes it
/// (CAMERA.md, "Stereo"): two CAHV models that keep their own entrance pupils (C) and share A,
/// H and V, so that a point's two pixels lie on one row and differ only in x, by the
/// disparity. Rows run along the baseline, their sign matched to the left eye's H; columns run
/// along the mean of the two eyes' V, made square to both; the axis is the mean of the two
/// axes, made square to the baseline. The pair's frame is as large as the two input frames'
/// edges seen through it.
///
/// Each rectified pixel is sampled from the input frames through their own models
/// (``leftSource(x:y:)``): its ray meets the scene on a sphere ``sphereRadius`` about the
/// pupil, where a CAHVORE lens, whose entrance pupil moves with the angle, is exact.
public struct StereoRectification: Sendable {
  /// The input models, of the frames as served.
  public let leftInput: CameraModel
  /// See ``leftInput``.
  public let rightInput: CameraModel
  /// The linear models of the rectified frames.
  public let left: CameraModel
  /// See ``left``.
  public let right: CameraModel
  /// The rectified frames' size, pixels.
  public let width: Int
  /// See ``width``.
  public let height: Int
  /// How far out (metres) a rectified ray is taken to meet the scene when it is traced back
  /// through an input model whose pupil moves (CAHVORE); no matter for CAHV and CAHVOR.
  public let sphereRadius: Double

  /// The rectification of the pair `leftInput`, `rightInput` of frames of the sizes given;
  /// `nil` when the pupils coincide (no baseline) or the baseline runs along the axis.
  public init?(
    left leftInput: CameraModel, right rightInput: CameraModel,
    leftSize: (width: Int, height: Int), rightSize: (width: Int, height: Int),
    sphereRadius: Double = 5
  ) {
    let baseline = rightInput.c - leftInput.c
    guard baseline.length > 1e-9 else { return nil }
    // Rows along the baseline, pointing the way the left eye's rows do.
    var row = baseline.unit
    if row.dot(leftInput.horizontal.direction) < 0 { row = row * -1 }
    // The axis: the mean of the two, without its part along the rows.
    let meanAxis = (leftInput.a + rightInput.a).unit
    let axis = meanAxis - row * meanAxis.dot(row)
    guard axis.length > 1e-6 else { return nil }
    let a = axis.unit
    // Columns: the mean of the two eyes' V directions, square to the axis and the rows.
    let meanColumn = leftInput.vertical.direction + rightInput.vertical.direction
    let column = (meanColumn - a * meanColumn.dot(a) - row * meanColumn.dot(row)).unit
    let hs = (leftInput.horizontal.scale + rightInput.horizontal.scale) / 2
    let vs = (leftInput.vertical.scale + rightInput.vertical.scale) / 2
    // Where the two frames' edges fall with the centre at the axis; the frame is put round
    // them, no larger than twice the input on a side (a fisheye's edge lies far out).
    var xs: [Double] = []
    var ys: [Double] = []
    for (model, size) in [(leftInput, leftSize), (rightInput, rightSize)] {
      for ray in model.outline(width: size.width, height: size.height, perEdge: 32) {
        let depth = ray.direction.dot(a)
        guard depth > 1e-6 else { continue }
        xs.append(ray.direction.dot(row) * hs / depth)
        ys.append(ray.direction.dot(column) * vs / depth)
      }
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
    else { return nil }
    let (spanX, spanY) = Self.clamped(
      minX...maxX, to: Double(2 * max(leftSize.width, rightSize.width)),
      minY...maxY, to: Double(2 * max(leftSize.height, rightSize.height)))
    width = Int((spanX.upperBound - spanX.lowerBound).rounded(.up))
    height = Int((spanY.upperBound - spanY.lowerBound).rounded(.up))
    // The left edge at -0.5, the top at -0.5: pixel centres count from 0.
    let hc = -0.5 - spanX.lowerBound
    let vc = -0.5 - spanY.lowerBound
    let h = row * hs + a * hc
    let v = column * vs + a * vc
    self.leftInput = leftInput
    self.rightInput = rightInput
    self.left = CameraModel(c: leftInput.c, a: a, h: h, v: v)
    self.right = CameraModel(c: rightInput.c, a: a, h: h, v: v)
    self.sphereRadius = sphereRadius
  }

  /// The spans, each cut about its middle to at most `widest` and `tallest`.
  private static func clamped(
    _ x: ClosedRange<Double>, to widest: Double, _ y: ClosedRange<Double>, to tallest: Double
  ) -> (ClosedRange<Double>, ClosedRange<Double>) {
    func cut(_ span: ClosedRange<Double>, _ most: Double) -> ClosedRange<Double> {
      guard span.upperBound - span.lowerBound > most else { return span }
      let middle = (span.lowerBound + span.upperBound) / 2
      return (middle - most / 2)...(middle + most / 2)
    }
    return (cut(x, widest), cut(y, tallest))
  }

  /// The distance between the two pupils, metres.
  public var baseline: Double { (right.c - left.c).length }

  /// The pixels a rectified pixel's ray is seen at per metre of its range: the disparity of a
  /// point is `disparityScale / depth`, depth along the shared axis (f·B).
  public var disparityScale: Double { baseline * left.horizontal.scale }

  /// The pixel of the left input frame that the rectified left pixel (`x`, `y`) shows; `nil`
  /// where that frame does not see.
  public func leftSource(x: Double, y: Double) -> (x: Double, y: Double)? {
    Self.source(x: x, y: y, from: left, in: leftInput, sphereRadius)
  }

  /// See ``leftSource(x:y:)``, for the right eye.
  public func rightSource(x: Double, y: Double) -> (x: Double, y: Double)? {
    Self.source(x: x, y: y, from: right, in: rightInput, sphereRadius)
  }

  private static func source(
    x: Double, y: Double, from linear: CameraModel, in input: CameraModel, _ radius: Double
  ) -> (x: Double, y: Double)? {
    let ray = linear.ray(x: x, y: y)
    return input.pixel(of: ray.origin + ray.direction * radius)
  }
}
