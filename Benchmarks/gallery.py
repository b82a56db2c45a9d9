"""The offline gallery: a whole rebuild, and every photo placed on its traverse."""

import os

import synthetic
from measuring import ROVERS, Scratch, exponent, measure, measure_interleaved, ms


def gallery(report, runs):
    """A whole gallery rebuilt from a mirror of 10k and 100k photos."""
    times = {}
    with Scratch() as scratch:
        for photos in (10_000, 100_000):
            folder = os.path.join(scratch, "g%d" % photos)
            synthetic.gallery_folder(folder, photos // 100, 100)
            times[photos] = measure([ROVERS, "gallery", folder, "-q"], max(3, runs // 2)).wall
    report.add("`gallery` rebuild", "10k / 100k photos",
               "%s / %s" % (ms(times[10_000]), ms(times[100_000])),
               exponent(times[10_000], times[100_000]), "seconds, not minutes",
               None, "< 10 s at 100k", times[100_000] < 10)


def place(report, runs):
    """Every photo of a 5,000-photo folder placed on a 10,000-waypoint traverse: the gallery
    rebuilt with the rover's traverse kept beside it (every photo placed by its site and drive,
    the map drawn) against the same folder without it (the records read alone); interleaved."""
    with Scratch() as scratch:
        plain, placed = os.path.join(scratch, "plain"), os.path.join(scratch, "placed")
        for folder in (plain, placed):
            synthetic.gallery_folder(folder, 50, 100, counters=True)
        synthetic.traverse_file(placed, 50, 10_000)
        ours, theirs = measure_interleaved(
            [([ROVERS, "gallery", placed, "-q"], None), ([ROVERS, "gallery", plain, "-q"], None)],
            runs * 2)
        page = open(os.path.join(placed, "curiosity", "0", "index.html")).read()
        placed_all = page.count("taken at") == 100
    ratio = ours.wall / theirs.wall
    report.add("`gallery` placing every photo on the traverse", "5,000 photos, 10,000 waypoints",
               ms(ours.wall) + ("" if placed_all else ", PHOTOS LEFT UNPLACED"), None,
               "the same folder's records alone, %s" % ms(theirs.wall), ratio, "≤ 1.2×",
               ratio <= 1.2 and placed_all)
