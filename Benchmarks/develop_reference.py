#!/usr/bin/python3
"""The bench's tiled Bayer frame and the reference pipeline `develop` is measured against, on
Debian's python3-opencv (run with /usr/bin/python3, whose OpenCV it is).

    develop_reference.py make MIRROR      a mirror holding one 5120x3840 Navcam Bayer frame,
                                           sent as 16 JPEG tiles of 1280x960, with its record;
                                           and MIRROR/frame.jpg, the frame as one JPEG
    develop_reference.py develop OUT.png TILE...
                                           the tiles decoded (libjpeg-turbo), placed by their
                                           number, demosaicked and written as PNG by OpenCV
"""

import json
import os
import sys

import cv2
import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "Fixtures", "real-images",
                      "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png")
WIDTH, HEIGHT, TILE_WIDTH, TILE_HEIGHT = 5120, 3840, 1280, 960
SOL, CLOCK = 897, 746200000


def tile_name(number):
    return "NLE_%04d_%010d_000ECM_N0440000NCAM09904_%02d_0LLJ01" % (SOL, CLOCK, number)


def make(mirror):
    """A real Navcam frame enlarged to the sensor's size and mosaicked RGGB, cut in 16."""
    colour = cv2.resize(cv2.imread(SOURCE), (WIDTH, HEIGHT), interpolation=cv2.INTER_CUBIC)
    mosaic = numpy.empty((HEIGHT, WIDTH), numpy.uint8)
    mosaic[0::2, 0::2] = colour[0::2, 0::2, 2]
    mosaic[0::2, 1::2] = colour[0::2, 1::2, 1]
    mosaic[1::2, 0::2] = colour[1::2, 0::2, 1]
    mosaic[1::2, 1::2] = colour[1::2, 1::2, 0]
    folder = os.path.join(mirror, "perseverance", str(SOL))
    os.makedirs(os.path.join(folder, "NAVCAM_LEFT"), exist_ok=True)
    cv2.imwrite(os.path.join(mirror, "frame.jpg"), mosaic, [cv2.IMWRITE_JPEG_QUALITY, 95])
    photos = []
    for row in range(HEIGHT // TILE_HEIGHT):
        for column in range(WIDTH // TILE_WIDTH):
            number = row * (WIDTH // TILE_WIDTH) + column + 1
            name = tile_name(number)
            x, y = column * TILE_WIDTH, row * TILE_HEIGHT
            file = "NAVCAM_LEFT/%s.jpg" % name
            cv2.imwrite(os.path.join(folder, file), mosaic[y:y + TILE_HEIGHT, x:x + TILE_WIDTH],
                        [cv2.IMWRITE_JPEG_QUALITY, 95])
            photos.append({
                "camera": "NAVCAM_LEFT", "instrument": "NAVCAM_LEFT", "nasa_id": name,
                "file": file, "earth_date": "2023-09-10",
                "img_src": "https://mars.nasa.gov/bench/%s.jpg" % name,
                "details": {"sclk": CLOCK + 0.25, "scale_factor": 1,
                            "subframe_rect": [x + 1, y + 1, TILE_WIDTH, TILE_HEIGHT],
                            "dimension": [TILE_WIDTH, TILE_HEIGHT]}})
    with open(os.path.join(folder, ".rovers-sol.json"), "w") as out:
        json.dump({"rover": "Perseverance", "sol": SOL, "gone": [], "photos": photos}, out)


def develop(output, tiles):
    """The same work with libjpeg-turbo and OpenCV: decode, place, demosaic, write."""
    frame = numpy.empty((HEIGHT, WIDTH), numpy.uint8)
    columns = WIDTH // TILE_WIDTH
    for path in tiles:
        number = int(os.path.basename(path).split("_")[5]) - 1
        x, y = number % columns * TILE_WIDTH, number // columns * TILE_HEIGHT
        frame[y:y + TILE_HEIGHT, x:x + TILE_WIDTH] = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    cv2.imwrite(output, cv2.cvtColor(frame, cv2.COLOR_BayerBG2BGR))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        develop(sys.argv[2], sys.argv[3:])
