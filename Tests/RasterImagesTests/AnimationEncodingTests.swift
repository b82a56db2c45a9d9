import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// The APNG and GIF encoders, held to our APNG decoder and to ffmpeg and ImageMagick.
@Suite struct AnimationEncodingTests {
  static let hasFFmpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
  static let hasImageMagick = FileManager.default.isExecutableFile(atPath: "/usr/bin/identify")

  /// A textured still background and a bright spot that moves `step` pixels a frame.
  static func movie(
    frames: Int = 6, width: Int = 96, height: Int = 40, step: Int = 9, colour: Bool = false
  ) -> Animation {
    let pictures = (0..<frames).map { frame in
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      for y in 0..<height {
        for x in 0..<width {
          var value = 60 + (x * 7 + y * 13) % 50 + ((x / 5 + y / 3) % 2) * 20
          let spotX = 8 + frame * step
          if abs(x - spotX) <= 2, abs(y - height / 2) <= 2 { value = 250 }
          let offset = (y * width + x) * 3
          pixels[offset] = UInt8(value)
          pixels[offset + 1] = UInt8(colour ? value * 3 / 4 : value)
          pixels[offset + 2] = UInt8(colour ? value / 2 : value)
        }
      }
      return RasterImage(width: width, height: height, pixels: pixels)
    }
    return Animation(frames: pictures, delays: (0..<frames).map { 100 + $0 * 50 })
  }

  /// A temporary folder for the files the reference tools read.
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("animation") }

  func write(_ bytes: [UInt8], _ name: String) throws -> URL {
    let url = folder.file(name)
    try Data(bytes).write(to: url)
    return url
  }

  @Test(arguments: [false, true])
  func anAPNGDecodesBackFrameForFrame(colour: Bool) throws {
    let movie = Self.movie(colour: colour)
    let file = APNGEncoder.encode(movie)
    let decoded = try APNGDecoder.decode(file)
    #expect(decoded.frames.count == movie.frames.count)
    #expect(decoded.delays == movie.delays)
    for (made, source) in zip(decoded.frames, movie.frames) { #expect(made == source) }
    // Only what changed is kept: far less than a whole frame for each later one.
    let still = PNGEncoder.encode(movie.frames[0])
    #expect(file.count < still.count * 2)
  }

  /// A frame's control (where it lies, how long it shows) changed by one byte is refused by
  /// its CRC-32, not drawn in the wrong place or for the wrong time.
  @Test func aDamagedFrameControlIsRefused() throws {
    let file = APNGEncoder.encode(Self.movie())
    let controls = PNGDecoderTests.chunks(of: file).filter { $0.type == "fcTL" }
    #expect(controls.count == Self.movie().frames.count)
    for control in controls {
      var damaged = file
      damaged[control.data.lowerBound + 20] ^= 0x01
      #expect(
        throws: ImageError("the PNG's fcTL chunk is damaged: its checksum does not match")
      ) { try APNGDecoder.decode(damaged) }
    }
  }

  @Test(.enabled(if: hasFFmpeg)) func ffmpegReadsTheAPNGAsWeWroteIt() throws {
    let movie = Self.movie()
    let url = try write(APNGEncoder.encode(movie), "movie.png")
    let raw = try ReferenceTool.stdout(
      "/usr/bin/ffmpeg",
      [
        "-v", "error", "-f", "apng", "-i", url.path, "-fps_mode", "passthrough", "-f",
        "rawvideo", "-pix_fmt", "gray", "-",
      ])
    let size = movie.width * movie.height
    #expect(raw.count == size * movie.frames.count)
    for (index, frame) in movie.frames.enumerated() where raw.count >= (index + 1) * size {
      let same = Array(raw[(index * size)..<((index + 1) * size)]) == frame.greyPlane()
      #expect(same, "frame \(index)")
    }
  }

  @Test(.enabled(if: hasImageMagick)) func imageMagickCountsTheGIFsFramesAndReadsItsGreys() throws {
    let movie = Self.movie(frames: 7)
    let url = try write(GIFEncoder.encode(movie), "movie.gif")
    let count = try ReferenceTool.stdout("/usr/bin/identify", ["-format", "%n\n", url.path])
    #expect(String(decoding: count, as: UTF8.self).split(separator: "\n").first == "7")
    let delays = try ReferenceTool.stdout("/usr/bin/identify", ["-format", "%T,", url.path])
    #expect(String(decoding: delays, as: UTF8.self) == "10,15,20,25,30,35,40,")
    let raw = try ReferenceTool.stdout(
      "/usr/bin/convert", [url.path, "-coalesce", "-depth", "8", "gray:-"])
    let size = movie.width * movie.height
    #expect(raw.count == size * 7)
    for (index, frame) in movie.frames.enumerated() where raw.count >= (index + 1) * size {
      let plane = frame.greyPlane()
      let worst = zip(raw[(index * size)..<((index + 1) * size)], plane).map {
        abs(Int($0) - Int($1))
      }.max()
      #expect(worst ?? 99 <= 2, "frame \(index)")
    }
  }

  @Test(.enabled(if: hasImageMagick)) func aColourGIFTakesItsPaletteFromItsFrames() throws {
    let movie = Self.movie(colour: true)
    let url = try write(GIFEncoder.encode(movie), "colour.gif")
    let raw = try ReferenceTool.stdout(
      "/usr/bin/convert", [url.path, "-coalesce", "-depth", "8", "rgb:-"])
    let size = movie.width * movie.height * 3
    #expect(raw.count == size * movie.frames.count)
    for (index, frame) in movie.frames.enumerated() where raw.count >= (index + 1) * size {
      let psnr = Reference.psnr(Array(raw[(index * size)..<((index + 1) * size)]), frame.pixels)
      #expect(psnr > 35, "frame \(index): \(psnr) dB")
    }
  }

  @Test(.enabled(if: hasImageMagick)) func aLargeNoisyFrameSpendsTheLZWTableManyTimesOver() throws {
    var state: UInt32 = 12345
    let pixels = (0..<(640 * 200)).flatMap { _ -> [UInt8] in
      state = state &* 1_103_515_245 &+ 12345
      let value = UInt8(truncatingIfNeeded: state >> 16)
      return [value, value, value]
    }
    let frame = RasterImage(width: 640, height: 200, pixels: pixels)
    let url = try write(
      GIFEncoder.encode(Animation(frames: [frame, frame], delays: [100, 100])), "noise.gif")
    let raw = try ReferenceTool.stdout(
      "/usr/bin/convert", [url.path, "-coalesce", "-depth", "8", "gray:-"])
    #expect(raw.count == 640 * 200 * 2)
    #expect(Array(raw.prefix(640 * 200)) == frame.greyPlane())
  }
}
