"""Terrain: one 1024 x 1024 Navcam pair (sol 86's NCAM00207, its real camera models, its frames
rendered from the fixtures' scene) rectified, matched over 256 disparities and triangulated,
against NumPy and OpenCV doing the same work; and the peak memory of that run."""

import os

from develop import SYSTEM_PYTHON, has_opencv
from measuring import ENV, ROOT, ROVERS, Scratch, Server, measure_interleaved, ms, run

REFERENCE = os.path.join(ROOT, "Benchmarks", "terrain_reference.py")
PAIR = "NLA_405127598EDR_F0050104NCAM00207M_"


def terrain(report, runs):
    """`rovers terrain curiosity --sol 86 --pair PAIR --from MIRROR -o OUT` (the range map, the
    PLY and the glTF mesh written) against terrain_reference.py (OpenCV's remap on NumPy maps
    from the same models, StereoSGBM with five paths, reprojectImageTo3D, the range map and a
    PLY written), interleaved, each writing into an emptied folder."""
    if not has_opencv():
        report.add("`terrain` of a 1024×1024 Navcam pair, 256 disparities", "1 pair", "–", None,
                   "OpenCV missing (apt-get install python3-opencv)", None, "≤ 1.0×", False)
        return
    fixtures = os.path.join(ROOT, "Fixtures")
    with Server(fixtures, "--shape", "nasa", "--serve-images") as server, Scratch() as scratch:
        env = dict(ENV, ROVERS_SOURCE="nasa",
                   ROVERS_NASA_BASE="http://127.0.0.1:%d" % server.port)
        mirror = os.path.join(scratch, "mars")
        run([ROVERS, "download", "curiosity", "--sol", "86", "--camera", "NAVCAM", "--size",
             "full", "-o", mirror, "-q"], env=env)
        folder = os.path.join(mirror, "curiosity", "86")
        ours_out, theirs_out = os.path.join(scratch, "ours"), os.path.join(scratch, "theirs")

        def emptied(path):
            def empty():
                os.makedirs(path, exist_ok=True)
                for name in os.listdir(path):
                    os.remove(os.path.join(path, name))
            return empty

        ours, theirs = measure_interleaved(
            [([ROVERS, "terrain", "curiosity", "--sol", "86", "--pair", PAIR, "--from", mirror,
               "-o", ours_out, "-q"], emptied(ours_out), env),
             ([SYSTEM_PYTHON, REFERENCE, mirror, folder, PAIR, theirs_out], emptied(theirs_out),
              env)], runs, peak=True)
        ratio = ours.wall / theirs.wall
        report.add("`terrain` of a 1024×1024 Navcam pair, 256 disparities: rectified, matched,"
                   " triangulated, written", "1 pair", ms(ours.wall), None,
                   "NumPy maps + OpenCV remap, StereoSGBM 5 paths, reprojectImageTo3D, %s"
                   % ms(theirs.wall), ratio, "≤ 1.0×", ratio <= 1.0)
        peak = ours.peak
        report.add("`terrain` peak memory, one 1024×1024 pair", "1 pair",
                   "–" if peak is None else "%.0f MiB" % peak, None, "256 MB",
                   "–" if peak is None else "%.0f MiB" % peak, "≤ 256 MB",
                   peak is not None and peak * 1.048576 <= 256)
