// `make bench`'s measure of the JPEG encoder: a binary PPM (or PGM) read whole and written as
// a baseline JPEG at the quality given, as `cjpeg -quality Q -outfile OUT IN` does.
//
//     jpeg-bench IN.ppm OUT.jpg QUALITY
//
// It loads no Foundation: what it measures is the encoder, not the start-up of a library it
// does not need.

import RasterImages
import SystemInterface

/// Says why on standard error (a failed write of it changes nothing) and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
  let line = Array("jpeg-bench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { POSIX.write(2, $0.baseAddress, $0.count) }
  POSIX.exit(status)
}

/// The system's sentence for the last call that failed.
func lastError() -> String { POSIX.describe(POSIX.lastError) }

/// Writes all of `bytes` to the file at `path`, made or emptied first (as cjpeg's `fopen`).
func save(_ bytes: [UInt8], to path: String) {
  let fd = POSIX.open(path, [.writeOnly, .create, .closeOnExec])
  guard fd >= 0, POSIX.truncate(fd, to: 0),
    bytes.withUnsafeBytes({ POSIX.writeAll(fd, $0, at: 0) })
  else { fail("cannot write \(path): \(lastError())", 74) }
  POSIX.close(fd)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let quality = Int(arguments[3]) else {
  fail("usage: jpeg-bench IN.ppm OUT.jpg QUALITY", 64)
}
// Mapped, not read: the pixels are read once, by the encoder, as cjpeg reads them once.
guard let bytes = POSIX.mapWhole(arguments[1]) else {
  fail("cannot read \(arguments[1]): \(lastError())", 66)
}
// The header: magic, width, height, maximum, each after white space, then one byte.
var fields: [String] = []
var at = 0
let spaces: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
while fields.count < 4, at < bytes.count {
  while at < bytes.count, spaces.contains(bytes[at]) { at += 1 }
  let start = at
  while at < bytes.count, !spaces.contains(bytes[at]) { at += 1 }
  fields.append(String(decoding: bytes[start..<at], as: UTF8.self))
}
at += 1
guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]),
  fields[0] == "P6" || fields[0] == "P5", fields[3] == "255"
else {
  fail("not a binary PPM or PGM of 8-bit samples", 65)
}
let channels = fields[0] == "P6" ? 3 : 1
guard width > 0, height > 0, bytes.count - at >= width * height * channels else {
  fail("the PPM's pixels are cut short", 65)
}
do {
  // The pixels where the mapping has them: the encoder reads them in place.
  let pixels = UnsafeBufferPointer(
    start: bytes.baseAddress!.advanced(by: at).assumingMemoryBound(to: UInt8.self),
    count: width * height * channels)
  let file =
    channels == 1
    ? try JPEGEncoder.encode(
      greyPlane: Array(pixels), width: width, height: height, quality: quality)
    : try JPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: quality)
  save(file, to: arguments[2])
} catch {
  fail("\(error)", 1)
}
