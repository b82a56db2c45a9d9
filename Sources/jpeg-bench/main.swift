// `make bench`'s measure of the JPEG encoder: a binary PPM (or PGM) read whole and written as
// a baseline JPEG at the quality given, as `cjpeg -quality Q -outfile OUT IN` does.
//
//     jpeg-bench IN.ppm OUT.jpg QUALITY

import Foundation
import RasterImages

let arguments = CommandLine.arguments

/// Says why on standard error (a failed write of it changes nothing) and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
  let errors = FileHandle.standardError
  try? errors.write(contentsOf: Data("jpeg-bench: \(message)\n".utf8))
  exit(status)
}

// Mapped, not read: the pixels are read once, by the encoder, as cjpeg reads them once.
guard arguments.count == 4, let quality = Int(arguments[3]),
  let bytes = try? Data(contentsOf: URL(fileURLWithPath: arguments[1]), options: .alwaysMapped)
else {
  fail("usage: jpeg-bench IN.ppm OUT.jpg QUALITY", 64)
}
// The header: magic, width, height, maximum, each after white space, then one byte.
var fields: [String] = []
var at = 0
while fields.count < 4, at < bytes.count {
  while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
  let start = at
  while at < bytes.count, bytes[at] != 0x20, bytes[at] != 0x0A, bytes[at] != 0x0D { at += 1 }
  fields.append(String(decoding: bytes[start..<at], as: UTF8.self))
}
at += 1
guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]),
  fields[0] == "P6" || fields[0] == "P5"
else {
  fail("not a binary PPM or PGM", 65)
}
do {
  // The pixels where the mapping has them: the encoder reads them in place.
  let file = try bytes.withUnsafeBytes { raw in
    let pixels = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[at...])
    return fields[0] == "P5"
      ? try JPEGEncoder.encode(
        greyPlane: Array(pixels), width: width, height: height, quality: quality)
      : try JPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: quality)
  }
  try Data(file).write(to: URL(fileURLWithPath: arguments[2]))
} catch {
  fail("\(error)", 1)
}
