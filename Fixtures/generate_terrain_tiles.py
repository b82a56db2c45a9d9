#!/usr/bin/env python3
"""Writes nasa/msl/87.json: a made-up Curiosity sol whose one Navcam stereo pair comes as tiles.

The pair is sol 86's NCAM00207 pair taken at 405127598 (its records real, in real-nasa/), each
eye sent as four full-resolution tiles, cut as NASA cuts frames: a 2x2 grid of 576x576 tiles
whose neighbours overlap by 128 pixels. Each tile is its own record with its own
`subframe_rect` and its own camera model, the frame's model moved to the tile's corner
(H - x*A, V - y*A, CAMERA.md), as NASA's tiles carry theirs. The fixture server
(TerrainFixture.swift) cuts each tile from its eye's whole frame of the scene, as a camera's
tiles are cut from one exposure, so `rovers terrain curiosity --sol 87` must put each eye's
tiles together, and their models, to match the frames whole.

The output is committed; run this again only to change the fixtures:
    python3 Fixtures/generate_terrain_tiles.py
"""
import copy
import json
import os

from mission_clock import clock_utc

HERE = os.path.dirname(os.path.abspath(__file__))
SOL = 87
CLOCK = "405127598"
# Column (and row) starts and the tile's side, in the frame's pixels.
STARTS, SIDE = (0, 448), 576


def vectors(text):
    return [[float(n) for n in part.strip("()").split(",")] for part in text.split(";")]


def written(model):
    return ";".join("(%s)" % ",".join("%.9g" % n for n in vector) for vector in model)


def tiles(record, first_id):
    model = vectors(record["camera_model_component_list"])
    a = model[1]
    number = 0
    for y in STARTS:
        for x in STARTS:
            number += 1
            tile = copy.deepcopy(record)
            name = record["imageid"].replace("EDR_F", "EDR_T")[:-1] + str(number)
            moved = [list(v) for v in model]
            moved[2] = [h - x * c for h, c in zip(model[2], a)]
            moved[3] = [v - y * c for v, c in zip(model[3], a)]
            lmst = "Sol-%05dM12:34:45.018" % SOL
            url = record["url"].replace("/00086/", "/%05d/" % SOL).replace(record["imageid"], name)
            tile.update({
                "id": first_id + number,
                "imageid": name,
                "sol": SOL,
                "subframe_rect": "(%d,%d,%d,%d)" % (x + 1, y + 1, SIDE, SIDE),
                "camera_model_component_list": written(moved),
                "url": url,
                "https_url": url.replace("http://", "https://"),
                "date_taken": clock_utc("Curiosity", lmst, whole_seconds=True) + "Z",
                "title": "Sol %d: a tile of a Navigation Camera frame" % SOL,
                "link": "/raw_images/%d" % (first_id + number),
            })
            tile["extended"] = dict(record["extended"], lmst=lmst, url_list=url,
                                    sample_type="subframe")
            yield tile


def main():
    with open(os.path.join(HERE, "nasa", "msl", "86.json")) as f:
        items = json.load(f)["items"]
    pair = [item for item in items if CLOCK in item["imageid"] and "NCAM00207" in item["imageid"]]
    assert len(pair) == 2, pair
    records = []
    for index, record in enumerate(sorted(pair, key=lambda r: r["imageid"])):
        records += tiles(record, 870000 + 10 * index)
    body = {"items": records, "more": False, "total": len(records), "page": 0, "per_page": 100}
    with open(os.path.join(HERE, "nasa", "msl", "%d.json" % SOL), "w") as f:
        json.dump(body, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
