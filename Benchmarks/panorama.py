"""Panoramas: a 360-degree Navcam pan stitched into a JPEG against NumPy, OpenCV and
libjpeg-turbo doing the same work; the JPEG encoder against cjpeg; and the peak memory of a
20000 x 4000 panorama."""

import json
import os
import shutil
import subprocess

from develop import SYSTEM_PYTHON, has_opencv
from measuring import RELEASE, ROOT, ROVERS, Scratch, measure_interleaved, ms, run

REFERENCE = os.path.join(ROOT, "Benchmarks", "panorama_reference.py")
JPEG_BENCH = os.path.join(RELEASE, "jpeg-bench")
SOURCE = os.path.join(ROOT, "Fixtures", "real-images",
                      "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png")


def command(mirror, out, *extra):
    return [ROVERS, "panorama", "perseverance", "--sol", "950", "--sequence", "NCAM08888",
            "--from", mirror, "-o", out, "-q"] + list(extra)


def panorama(report, runs):
    """24 grey Navcam frames of 1280 x 960 in a ring of 12 azimuths at two elevations (sol
    888's real camera model turned about the mast), read from a mirror and stitched into a
    JPEG at quality 90: `rovers panorama`, against the reference pipeline on the grid rovers
    printed (libjpeg-turbo decoding, NumPy's maps from the same models, OpenCV's remap, the
    same weights, libjpeg-turbo encoding), interleaved. The reference takes tens of seconds a
    run: this row runs it twice."""
    if not has_opencv():
        report.add("`panorama` of a 360° Navcam pan to a JPEG", "24 × 1280×960", "–", None,
                   "OpenCV missing (apt-get install python3-opencv)", None, "≤ 1.0×", False)
        return
    with Scratch() as scratch:
        mirror = os.path.join(scratch, "mars")
        run([SYSTEM_PYTHON, REFERENCE, "make", mirror, "ring"])
        ours_file = os.path.join(scratch, "ours.jpg")
        grid = os.path.join(scratch, "grid.json")
        made = run(command(mirror, ours_file, "--json"), capture=True)
        with open(grid, "wb") as out:
            out.write(made.stdout)
        size = json.loads(made.stdout)
        ours, theirs = measure_interleaved(
            [(command(mirror, ours_file), None),
             ([SYSTEM_PYTHON, REFERENCE, "stitch", os.path.join(scratch, "theirs.jpg"), mirror,
               grid], None)], min(runs, 2))
        ratio = ours.wall / theirs.wall
        report.add("`panorama` of a 360° Navcam pan to a JPEG (%d×%d)" % (
            size["width"], size["height"]), "24 × 1280×960", ms(ours.wall), None,
            "NumPy + OpenCV remap + libjpeg-turbo, %s" % ms(theirs.wall), ratio, "≤ 1.0×",
            ratio <= 1.0)
        # The 20000 x 4000 panorama: 12 colour frames in one ring, at the scale that makes it
        # 20000 wide; its peak against its own RGB size.
        wide = os.path.join(scratch, "wide")
        run([SYSTEM_PYTHON, REFERENCE, "make", wide, "ring-colour"])
        big = os.path.join(scratch, "big.jpg")
        result = run(command(wide, big, "--json", "--scale", "4.3"), capture=True, peak=True)
        made = json.loads(result.stdout)
        rgb = made["width"] * made["height"] * 3 / 1024 / 1024
        limit = rgb + 300
        report.add("`panorama` peak memory, colour, %d×%d (RGB %.0f MiB)" % (
            made["width"], made["height"], rgb), "12 × 1280×960", "%.0f MiB" % result.peak, None,
            "its RGB size + 300 MiB: %.0f MiB" % limit, "%.0f MiB" % result.peak,
            "≤ RGB + 300 MiB", result.peak is not None and result.peak <= limit)


def jpeg(report, runs):
    """The JPEG encoder alone: a 5120 x 3840 colour picture (a real Navcam frame enlarged)
    written at quality 90 from a PPM by `jpeg-bench` (the encoder rovers uses), against
    `cjpeg -quality 90` on the same file, interleaved."""
    if not shutil.which("cjpeg") or not has_opencv():
        report.add("JPEG encoder, quality 90", "5120×3840", "–", None,
                   "cjpeg or OpenCV missing", None, "≤ 1.0×", False)
        return
    with Scratch() as scratch:
        picture = os.path.join(scratch, "frame.ppm")
        subprocess.run([SYSTEM_PYTHON, "-c", "import cv2, sys; cv2.imwrite(sys.argv[2], "
                        "cv2.resize(cv2.imread(sys.argv[1]), (5120, 3840), "
                        "interpolation=cv2.INTER_CUBIC))", SOURCE, picture], check=True)
        ours_file, theirs_file = (os.path.join(scratch, n) for n in ("ours.jpg", "theirs.jpg"))
        ours, theirs = measure_interleaved(
            [([JPEG_BENCH, picture, ours_file, "90"], None),
             (["cjpeg", "-quality", "90", "-outfile", theirs_file, picture], None)], runs)
        ratio = ours.wall / theirs.wall
        size = os.path.getsize(ours_file) / os.path.getsize(theirs_file)
        report.add("JPEG encoder, colour 4:2:0, quality 90, from a PPM (size %.2f× cjpeg's)" % size,
                   "5120×3840", ms(ours.wall), None, "`cjpeg`, %s" % ms(theirs.wall), ratio,
                   "≤ 1.0×", ratio <= 1.0)
