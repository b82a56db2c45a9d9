// `make bench`'s measure of the JPEG encoder: a binary PPM (or PGM) read whole and written as
// a baseline JPEG at the quality given, as `cjpeg -quality Q -outfile OUT IN` does.
//
//     jpeg-bench IN.ppm OUT.jpg QUALITY
//
// It speaks to the C library directly, as the fixture server's executable does, and loads no
// Foundation: what it measures is the encoder, not the start-up of a library it does not need.

import RasterImages

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says why on standard error (a failed write of it changes nothing) and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
  let line = Array("jpeg-bench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(status)
}

/// The system's sentence for the last call that failed.
func lastError() -> String { String(cString: strerror(errno)) }

/// The file at `path` mapped into memory, read only; the mapping lasts until the process ends.
func mapped(_ path: String) -> UnsafeRawBufferPointer {
  let fd = open(path, O_RDONLY)
  var status = stat()
  guard fd >= 0, fstat(fd, &status) == 0, status.st_size > 0,
    let start = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
    start != MAP_FAILED
  else { fail("cannot read \(path): \(lastError())", 66) }
  close(fd)
  return UnsafeRawBufferPointer(start: start, count: Int(status.st_size))
}

/// Writes all of `bytes` to a new file at `path`.
func save(_ bytes: [UInt8], to path: String) {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard fd >= 0 else { fail("cannot write \(path): \(lastError())", 73) }
  var written = 0
  bytes.withUnsafeBytes { raw in
    while written < raw.count {
      let count = write(fd, raw.baseAddress! + written, raw.count - written)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { fail("cannot write \(path): \(lastError())", 74) }
      written += count
    }
  }
  guard close(fd) == 0 else {
    fail("cannot write \(path): \(lastError())", 74)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let quality = Int(arguments[3]) else {
  fail("usage: jpeg-bench IN.ppm OUT.jpg QUALITY", 64)
}
// Mapped, not read: the pixels are read once, by the encoder, as cjpeg reads them once.
let bytes = mapped(arguments[1])
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
