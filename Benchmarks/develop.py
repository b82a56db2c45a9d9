"""Develop: a full-resolution Bayer frame sent as tiles, put together in colour, and one
frame drawn in colour, against libjpeg-turbo and OpenCV doing the same work in the same run."""

import os
import shutil
import subprocess

from measuring import ROOT, ROVERS, Scratch, measure_interleaved, ms, run

# Debian's python3-opencv belongs to the system's Python, whatever python3 runs the bench.
SYSTEM_PYTHON = "/usr/bin/python3"
REFERENCE = os.path.join(ROOT, "Benchmarks", "develop_reference.py")


def has_opencv():
    return os.access(SYSTEM_PYTHON, os.X_OK) and subprocess.run(
        [SYSTEM_PYTHON, "-c", "import cv2"], stderr=subprocess.DEVNULL).returncode == 0


def develop(report, runs):
    """A 5120 x 3840 Navcam mosaic as 16 JPEG tiles of 1280 x 960 (a real frame enlarged and
    mosaicked RGGB), developed to a colour PNG: `rovers develop` of the tiles, against a Python
    script that decodes them with OpenCV's libjpeg-turbo, places them, demosaics
    (`COLOR_BayerBG2BGR`) and writes the PNG, interleaved. Then `show --debayer` of the whole
    frame as one JPEG, against djpeg decoding it."""
    if not has_opencv():
        report.add("`develop` 16 JPEG tiles of a Bayer frame to a colour PNG", "5120×3840", "–",
                   None, "OpenCV missing (apt-get install python3-opencv)", None, "≤ 0.5×", False)
        return
    with Scratch() as scratch:
        mirror = os.path.join(scratch, "mars")
        run([SYSTEM_PYTHON, REFERENCE, "make", mirror])
        folder = os.path.join(mirror, "perseverance", "897", "NAVCAM_LEFT")
        tiles = sorted(os.path.join(folder, name) for name in os.listdir(folder))
        ours_file = os.path.join(scratch, "ours.png")
        theirs_file = os.path.join(scratch, "theirs.png")
        ours, theirs = measure_interleaved(
            [([ROVERS, "develop"] + tiles + ["-o", ours_file, "-q"], None),
             ([SYSTEM_PYTHON, REFERENCE, "develop", theirs_file] + tiles, None)], runs)
        ratio = ours.wall / theirs.wall
        size = os.path.getsize(ours_file) / os.path.getsize(theirs_file)
        report.add("`develop` 16 JPEG tiles of a Bayer frame to a colour PNG (size %.2f× "
                   "OpenCV's)" % size, "5120×3840", ms(ours.wall), None,
                   "libjpeg-turbo + OpenCV, %s" % ms(theirs.wall), ratio, "≤ 0.5×", ratio <= 0.5)
        if not shutil.which("djpeg"):
            report.add("`show --debayer` one Bayer JPEG", "5120×3840", "–", None,
                       "djpeg missing (apt-get install libjpeg-turbo-progs)", None, "≤ 2.5×",
                       False)
            return
        # The whole frame, and one of its tiles: a 1280 x 960 mosaic, the size most Bayer
        # frames a person draws are, as one component and as three equal ones (YCbCr with flat
        # chroma, as some tools write a grey picture).
        three = os.path.join(scratch, "three-components.jpg")
        run([SYSTEM_PYTHON, "-c", "import cv2, sys; g = cv2.imread(sys.argv[1], 0); "
             "cv2.imwrite(sys.argv[2], cv2.merge([g, g, g]), [cv2.IMWRITE_JPEG_QUALITY, 95])",
             tiles[0], three])
        frames = ((os.path.join(mirror, "frame.jpg"), "5120×3840"), (tiles[0], "1280×960"),
                  (three, "1280×960, 3 components"))
        for source, size in frames:
            named = os.path.join(
                scratch, "NLE_0897_0746200000_000ECM_N0440000NCAM09904_00_0LLJ01.jpg")
            shutil.copyfile(source, named)
            ours, theirs = measure_interleaved(
                [([ROVERS, "show", named, "--debayer", "--image-protocol", "blocks", "--width",
                   "100"], None),
                 (["sh", "-c", "djpeg -pnm '%s' > /dev/null" % named], None)], runs * 2)
            ratio = ours.wall / theirs.wall
            report.add("`show --debayer` one Bayer JPEG, in colour (half-blocks, 100 columns)",
                       size, ms(ours.wall), None, "`djpeg`, %s" % ms(theirs.wall), ratio,
                       "≤ 2.5×", ratio <= 2.5)
