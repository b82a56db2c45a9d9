#!/usr/bin/env python3
"""Writes nasa/mars2020/901.json: a made-up sol holding one movie sequence, NCAM09900.

21 frames of the Left Navcam's horizon strip (1280x256: subframe (1,1409,5120,1024) at scale 4),
25 s apart on the spacecraft clock, at one pointing, and a 22nd frame of the same sequence at
scale 8 (640x128) that a movie must leave out. Their images are made by the fixture server
(MovieFixture.swift): a textured still background and a bright spot that moves 40 px a frame.
The addresses are PNGs, so the frames come back exactly."""
import json
import os

from mission_clock import clock_utc
from perseverance_files import image_files

BASE_CLOCK = 746000000
FRAMES = 21


def record(index, scale):
    clock = BASE_CLOCK + 25 * index
    image_id = f"NLF_0901_{clock:010d}_000ECM_N0440000NCAM09900_00_2I3J"
    folder = "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00901/ids/edr/browse/ncam/"
    seconds = 8 * 3600 + 25 * index
    mars_time = f"Sol-00901M{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}.000"
    utc = clock_utc("Perseverance", mars_time)
    return {
        "camera": {"filter_name": "UNK", "instrument": "NAVCAM_LEFT", "camera_model_type": "CAHVORE"},
        "caption": "A made-up dust-devil survey of the fixtures.",
        "credit": "NASA/JPL-Caltech",
        "date_taken_mars": mars_time,
        "date_taken_utc": utc,
        "date_received": "2023-09-01T06:00:00Z",
        "drive": "0",
        "site": 44,
        "sol": 901,
        "sample_type": "Full",
        "title": "Mars Perseverance Sol 901: Left Navigation Camera (Navcam)",
        "imageid": image_id,
        "extended": {
            "mastAz": "-55.3150",
            "mastEl": "2.1000",
            "sclk": f"{clock}.500",
            "scaleFactor": str(scale),
            "subframeRect": "(1,1409,5120,1024)",
            "dimension": f"({5120 // scale},{1024 // scale})",
            "xyz": "(0.0,0.0,0.0)",
        },
        "image_files": image_files(folder, image_id),
    }


records = [record(index, 4) for index in range(FRAMES)] + [record(FRAMES + 3, 8)]
# The feed lists newest first.
records.reverse()
path = os.path.join(os.path.dirname(__file__), "nasa", "mars2020", "901.json")
with open(path, "w") as out:
    json.dump({"images": records}, out, indent=1)
    out.write("\n")
