#!/usr/bin/env python3
"""Builds Fixtures/decoding/: the cases of the JPEG and PNG decoders that no real NASA file
in real-images/ shows, made from those files.

JPEG (needs Debian's libjpeg-turbo-progs): progressive and restart-interval copies made
losslessly with jpegtran; colour copies at other sampling factors (4:4:4, 4:2:2, 4:1:1, 1x2)
re-encoded with cjpeg from djpeg's output of the colour Mastcam-Z file, scaled to a quarter.

PNG: every colour type and bit depth, plain and Adam7-interlaced, rows filtered with each of
the five filters in turn, made here from a 61 x 37 crop of a real image, with transparency
(tRNS and alpha). Beside each, <name>.rgb holds the pixels a decoder must give: 8-bit RGB,
composited over black, row by row.

The output is committed; run this again only to change it:
    python3 Fixtures/generate_test_images.py
"""

import os
import struct
import subprocess
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.path.join(HERE, "real-images")
OUT = os.path.join(HERE, "decoding")

GREY = "FLR_0000_0666952977_663ECM_T0010044AUT_04096_00_2I3J01_800.jpg"
COLOUR = "ZR0_0897_0746567741_568ECM_N0440820ZCAM08906_1100LMJ02-rjcal-rad.jpg"
MAHLI = "1575MH0006700000601215S00_DXXX.jpg"


def run(arguments, data=None):
    return subprocess.run(arguments, input=data, capture_output=True, check=True).stdout


def jpegs():
    for name, source in (("grey", GREY), ("colour", COLOUR), ("mahli-depth", MAHLI)):
        path = os.path.join(REAL, source)
        with open(os.path.join(OUT, name + "-progressive.jpg"), "wb") as f:
            f.write(run(["jpegtran", "-progressive", "-copy", "none", path]))
        with open(os.path.join(OUT, name + "-restart.jpg"), "wb") as f:
            f.write(run(["jpegtran", "-restart", "1", "-copy", "none", path]))
    both = run(["jpegtran", "-progressive", "-restart", "2", "-copy", "none", os.path.join(REAL, COLOUR)])
    with open(os.path.join(OUT, "colour-progressive-restart.jpg"), "wb") as f:
        f.write(both)
    pixels = run(["djpeg", "-scale", "1/4", "-pnm", os.path.join(REAL, COLOUR)])
    for label, sample in (("444", "1x1"), ("422", "2x1"), ("420", "2x2"), ("411", "4x1"), ("12", "1x2")):
        data = run(["cjpeg", "-quality", "90", "-sample", sample], pixels)
        with open(os.path.join(OUT, "colour-%s.jpg" % label), "wb") as f:
            f.write(data)
        progressive = run(["cjpeg", "-quality", "90", "-sample", sample, "-progressive"], pixels)
        with open(os.path.join(OUT, "colour-%s-progressive.jpg" % label), "wb") as f:
            f.write(progressive)


def crop():
    """A 61 x 37 RGB crop of the colour file, as a list of rows of (r, g, b)."""
    data = run(["djpeg", "-pnm", os.path.join(REAL, COLOUR)])
    parts = data.split(b"\n", 3)
    width, height = map(int, parts[1].split())
    body = parts[3]
    rows = []
    for y in range(200, 237):
        row = []
        for x in range(300, 361):
            i = (y * width + x) * 3
            row.append((body[i], body[i + 1], body[i + 2]))
        rows.append(row)
    return rows


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out = bytearray()
    per = 8 // depth
    for i in range(0, len(samples), per):
        byte = 0
        for j in range(per):
            value = samples[i + j] if i + j < len(samples) else 0
            byte |= value << (8 - depth * (j + 1))
        out.append(byte)
    return bytes(out)


def filtered(rows, bpp):
    """Each row behind a filter byte, the filters 0 to 4 in turn."""
    out = bytearray()
    previous = bytes(len(rows[0]))
    for index, row in enumerate(rows):
        kind = index % 5
        line = bytearray()
        for x, value in enumerate(row):
            left = row[x - bpp] if x >= bpp else 0
            up = previous[x]
            up_left = previous[x - bpp] if x >= bpp else 0
            if kind == 0:
                pred = 0
            elif kind == 1:
                pred = left
            elif kind == 2:
                pred = up
            elif kind == 3:
                pred = (left + up) // 2
            else:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
            line.append((value - pred) & 0xFF)
        out.append(kind)
        out += line
        previous = row
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(name, colour_type, depth, samples_of, interlaced, extra=b""):
    """Writes a PNG whose pixel (x, y) has the samples samples_of(x, y)."""
    height, width = 37, 61
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    bpp = max(1, channels * depth // 8)
    raw = b""
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, width, dx))
        ys = list(range(y0, height, dy))
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in samples_of(x, y)], depth) for y in ys]
        raw += filtered(rows, bpp)
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1 if interlaced else 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
    compressed = zlib.compress(raw, 9)
    # Two IDAT chunks, as encoders split them.
    half = len(compressed) // 2
    data += chunk(b"IDAT", compressed[:half]) + chunk(b"IDAT", compressed[half:]) + chunk(b"IEND", b"")
    with open(os.path.join(OUT, name + ".png"), "wb") as f:
        f.write(data)


def pngs():
    rows = crop()
    expected_of = {}

    def save(name, pixel):
        with open(os.path.join(OUT, name + ".rgb"), "wb") as f:
            f.write(bytes(v for y in range(37) for x in range(61) for v in pixel(x, y)))

    def grey8(x, y):
        r, g, b = rows[y][x]
        return (r * 299 + g * 587 + b * 114) // 1000

    def over(value, alpha):
        return (value * alpha + 127) // 255

    for interlaced in (False, True):
        suffix = "-adam7" if interlaced else ""
        for depth in (1, 2, 4, 8, 16):
            top = (1 << depth) - 1

            def grey_sample(x, y, depth=depth, top=top):
                value = grey8(x, y) * top // 255
                return value

            png("grey%d%s" % (depth, suffix), 0, depth, lambda x, y, f=grey_sample: [f(x, y)], interlaced)
            save("grey%d%s" % (depth, suffix),
                 lambda x, y, f=grey_sample, d=depth, t=top: [((f(x, y) >> 8) if d == 16 else f(x, y) * 255 // t)] * 3)
        for depth in (8, 16):
            scale = 257 if depth == 16 else 1
            png("rgb%d%s" % (depth, suffix), 2, depth,
                lambda x, y, s=scale: [v * s for v in rows[y][x]], interlaced)
            save("rgb%d%s" % (depth, suffix), lambda x, y: rows[y][x])
            alpha = lambda x, y: (x * 4 + y * 3) % 256
            png("rgba%d%s" % (depth, suffix), 6, depth,
                lambda x, y, s=scale: [v * s for v in rows[y][x]] + [alpha(x, y) * s], interlaced)
            save("rgba%d%s" % (depth, suffix), lambda x, y: [over(v, alpha(x, y)) for v in rows[y][x]])
            png("greyalpha%d%s" % (depth, suffix), 4, depth,
                lambda x, y, s=scale: [grey8(x, y) * s, alpha(x, y) * s], interlaced)
            save("greyalpha%d%s" % (depth, suffix), lambda x, y: [over(grey8(x, y), alpha(x, y))] * 3)
        for depth in (1, 2, 4, 8):
            count = 1 << depth
            palette = [(i * 255 // (count - 1), (i * 97) % 256, 255 - i * 255 // (count - 1)) for i in range(count)]
            index = lambda x, y, c=count: (grey8(x, y) * c) // 256
            plte = chunk(b"PLTE", bytes(v for p in palette for v in p))
            trns = chunk(b"tRNS", bytes([0] + [255] * (count - 1))) if count > 2 else b""
            png("palette%d%s" % (depth, suffix), 3, depth, lambda x, y, f=index: [f(x, y)], interlaced, plte + trns)
            save("palette%d%s" % (depth, suffix),
                 lambda x, y, f=index, p=palette, c=count: [0, 0, 0] if c > 2 and f(x, y) == 0 else list(p[f(x, y)]))
        # A colour key: one RGB value is transparent.
        key = rows[10][10]
        trns = chunk(b"tRNS", b"".join(struct.pack(">H", v) for v in key))
        png("rgbkey%s" % suffix, 2, 8, lambda x, y: list(rows[y][x]), interlaced, trns)
        save("rgbkey%s" % suffix, lambda x, y: [0, 0, 0] if rows[y][x] == key else rows[y][x])


def main():
    os.makedirs(OUT, exist_ok=True)
    jpegs()
    pngs()


if __name__ == "__main__":
    main()
