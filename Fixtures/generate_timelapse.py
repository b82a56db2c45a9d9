#!/usr/bin/env python3
"""Writes nasa/mars2020/910.json to 914.json: made-up sols for `rovers timelapse`.

Each sol the Left Navcam looks at one place twice, at local 10:00 and 15:00, pointed at
azimuth 120 and elevation -12 give or take a tenth of a degree (a mast never points twice
the same way), and once elsewhere (a pointing no other sol has); on sols 910 and 911 the
Front Hazcam, fixed to the rover, sees the one site and drive the rover stood at. Their
images are made by the fixture server (TimelapseFixture.swift): one scene moved a few pixels
and lit differently each sol. Each record's UTC is the moment the mission's clock reads its
local time. The clock's last digit names the frame's slot (0 morning, 1 afternoon, 2
elsewhere, 3 Hazcam), as the fixture server reads it."""
import json
import os

from mission_clock import clock_utc
from perseverance_files import image_files

SOLS = range(910, 915)
SEQUENCE = "NCAM09950"
# Slot: (camera, file prefix, local time, azimuth, elevation).
SLOTS = {0: ("NAVCAM_LEFT", "NLF", "10:00:00", 120.0, -12.0),
         1: ("NAVCAM_LEFT", "NLF", "15:00:00", 120.0, -12.0),
         2: ("NAVCAM_LEFT", "NLF", "12:30:00", None, 10.0),
         3: ("FRONT_HAZCAM_LEFT_A", "FLF", "11:00:00", 0.0, -30.0)}


def record(sol, slot):
    camera, prefix, time, azimuth, elevation = SLOTS[slot]
    # A tenth of a degree of wander in the view; a pointing of its own elsewhere.
    wander = ((sol * 7 + slot * 3) % 5 - 2) * 0.05
    azimuth = 40.0 + sol * 23 % 300 if azimuth is None else azimuth + wander
    clock = 746000000 + sol * 1000 + slot
    image_id = f"{prefix}_{sol:04d}_{clock:010d}_000ECM_N0440000{SEQUENCE}_00_2I3J"
    folder = ("https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/%05d/ids/edr/browse/%s/"
              % (sol, "fcam" if prefix == "FLF" else "ncam"))
    mars_time = f"Sol-{sol:05d}M{time}.000"
    return {
        "camera": {"filter_name": "UNK", "instrument": camera, "camera_model_type": "CAHVORE"},
        "caption": "A made-up view of the fixtures, seen again each sol.",
        "credit": "NASA/JPL-Caltech",
        "date_taken_mars": mars_time,
        "date_taken_utc": clock_utc("Perseverance", mars_time),
        "drive": "120",
        "site": 45,
        "sol": sol,
        "sample_type": "Full",
        "title": f"Mars Perseverance Sol {sol}: {camera}",
        "imageid": image_id,
        "extended": {
            "mastAz": "%.4f" % azimuth,
            "mastEl": "%.4f" % (elevation + wander),
            "sclk": f"{clock}.000",
            "scaleFactor": "4",
            "subframeRect": "(1,1,1280,960)",
            "dimension": "(320,240)",
            "xyz": "(0.0,0.0,0.0)",
        },
        "image_files": image_files(folder, image_id),
    }


for sol in SOLS:
    slots = [0, 1, 2] + ([3] if sol < 912 else [])
    # The feed lists newest first.
    records = [record(sol, slot) for slot in reversed(slots)]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nasa", "mars2020", f"{sol}.json")
    with open(path, "w") as out:
        json.dump({"images": records}, out, indent=1)
        out.write("\n")
