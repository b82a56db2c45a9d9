#!/usr/bin/env python3
"""Writes nasa/mars2020/895.json and 896.json: made-up sols whose frames come as tiles, cut as
NASA cuts full-resolution frames (a 2x2 grid, neighbours overlapping by 64 sensor pixels of edge).

Sol 895 holds three tiled frames:
- NCAM09901: the real Navcam frame NRF_0731_…_195J01.png (1288x968, colour) as 4 tiles at
  scale 1, each 660x500;
- NCAM09902: the same pixels as 4 tiles at scale 2: rectangles twice as large on the sensor;
- ZCAM09903: the real Mastcam-Z Bayer frame ZL0_0038_…_1100LUJ.png (1648x1200, grey RGGB) as 4
  tiles of 856x632 at scale 1.
Sol 896 holds NCAM09901 again without its top-right tile.

The tile numbers in the names run in another order than the tiles' places, so that only the
rectangles place them. The fixture server (TileFixture.swift) cuts each tile from the real image
on request, by the sequence and tile number in its name; the two files share the layout below.
The full-resolution tiles are PNG, so that a test knows every pixel. The copies are JPEGs named
as NASA names them (`_320.jpg`, `_800.jpg`, `_1200.jpg`) and downsized to that width, never up,
as NASA's are; they are written here, into tiles/, with OpenCV (Debian's python3-opencv: run
this with /usr/bin/python3), once for each real frame, tile place and width."""
import json
import os

from mission_clock import clock_utc
from perseverance_files import image_files

# sequence: (source image, camera, name prefix, scale, (column starts, width), (row starts, height))
FRAMES = {
    "NCAM09901": ("NRF", "NAVCAM_RIGHT", 1, ((0, 628), 660), ((0, 468), 500), 746100000),
    "NCAM09902": ("NRF", "NAVCAM_RIGHT", 2, ((0, 628), 660), ((0, 468), 500), 746100100),
    "ZCAM09903": ("ZL0", "MCZ_LEFT", 1, ((0, 792), 856), ((0, 568), 632), 746100200),
}
# Tile number in the name -> (column, row) of the grid.
TILES = {3: (0, 0), 1: (1, 0), 4: (0, 1), 2: (1, 1)}


def record(sol, sequence, number):
    prefix, camera, scale, (xs, width), (ys, height), clock = FRAMES[sequence]
    column, row = TILES[number]
    mars_time = f"Sol-{sol:05d}M10:00:{number:02d}.000"
    image_id = f"{prefix}_{sol:04d}_{clock:010d}_000ECM_N0440000{sequence}_{number:02d}_0LLJ"
    folder = f"https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/{sol:05d}/ids/edr/browse/"
    folder += "zcam/" if camera.startswith("MCZ") else "ncam/"
    rect = (xs[column] * scale + 1, ys[row] * scale + 1, width * scale, height * scale)
    return {
        "camera": {"filter_name": "UNK", "instrument": camera, "camera_model_type": "CAHVORE"},
        "caption": "A made-up full-resolution frame of the fixtures, sent as tiles.",
        "credit": "NASA/JPL-Caltech",
        "date_taken_mars": mars_time,
        "date_taken_utc": clock_utc("Perseverance", mars_time),
        "date_received": "2023-09-02T06:00:00Z",
        "drive": "0",
        "site": 44,
        "sol": sol,
        "sample_type": "Full",
        "title": f"Mars Perseverance Sol {sol}: a tile of {sequence}",
        "imageid": image_id,
        "extended": {
            "mastAz": "10.0000",
            "mastEl": "-5.0000",
            "sclk": f"{clock}.250",
            "scaleFactor": str(scale),
            "subframeRect": "({},{},{},{})".format(*rect),
            "dimension": f"({width},{height})",
            "xyz": "(0.0,0.0,0.0)",
        },
        "image_files": image_files(folder, image_id, "jpg"),
    }


def write(sol, records):
    path = os.path.join(os.path.dirname(__file__), "nasa", "mars2020", f"{sol}.json")
    with open(path, "w") as out:
        json.dump({"images": records}, out, indent=1)


def copies():
    import cv2

    folder = os.path.dirname(__file__)
    sources = {"NRF": "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png",
               "ZL0": "ZL0_0038_0670307360_057ECM_N0031392ZCAM08007_1100LUJ.png"}
    os.makedirs(os.path.join(folder, "tiles"), exist_ok=True)
    done = set()
    for prefix, _, _, (xs, width), (ys, height), _ in FRAMES.values():
        if prefix in done:
            continue
        done.add(prefix)
        # The Mastcam-Z mosaic is grey, as NASA's copies of mosaics are.
        grey = cv2.IMREAD_GRAYSCALE if prefix == "ZL0" else cv2.IMREAD_COLOR
        image = cv2.imread(os.path.join(folder, "real-images", sources[prefix]), grey)
        for column, x in enumerate(xs):
            for row, y in enumerate(ys):
                tile = image[y:y + height, x:x + width]
                for copy in sorted({min(size, width) for size in (320, 800, 1200)}):
                    scaled = tile if copy == width else cv2.resize(
                        tile, (copy, round(height * copy / width)), interpolation=cv2.INTER_AREA)
                    name = f"{prefix}-{column}-{row}-{copy}.jpg"
                    cv2.imwrite(os.path.join(folder, "tiles", name), scaled,
                                [cv2.IMWRITE_JPEG_QUALITY, 80])


copies()
write(895, [record(895, sequence, number) for sequence in FRAMES for number in (1, 2, 3, 4)])
# Sol 896: NCAM09901 without the top-right tile (number 1).
write(896, [record(896, "NCAM09901", number) for number in (2, 3, 4)])
