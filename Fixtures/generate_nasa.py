#!/usr/bin/env python3
"""Builds Fixtures/nasa/ for `fixture-server --shape nasa`: NASA's raw-image feeds.

The real bodies in real-nasa/ are kept whole and linked in (Perseverance sols 888 and
889, Curiosity sol 86). The rest is made from the API fixtures so that the two shapes
describe the same photos with the same NASA file names, as the real feeds and servers
do: Perseverance sols 0, 100 and 1042, and Curiosity sols 1000 and 2540, each photo a
feed record of sample type Full (Curiosity `full`, some `subframe`), plus records the
servers drop (thumbnails, downsampled copies). Perseverance sol 890 holds 250 images,
to need three feed pages. Times are the API's earth dates at noon UTC.

Layout: nasa/mars2020/<sol>.json holds {"images": [...]}, nasa/msl/<sol>.json holds
{"items": [...]}, each a whole sol that the server pages.

The output is committed; run this again only to change the fixtures:
    python3 Fixtures/generate_nasa.py
"""

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
API = os.path.join(HERE, "api", "photos")
NASA = os.path.join(HERE, "nasa")

# The real bodies, linked: (feed folder, sol, file in real-nasa/).
REAL = [("mars2020", 888, "m20_sol888_navcamleft_13.json"),
        ("mars2020", 889, "m20_sol889_navcamleft_5.json"),
        ("msl", 86, "msl_sol86_items_16.json")]

# Curiosity's legacy cameras as the instruments the feed names.
MSL_INSTRUMENTS = {"FHAZ": "FHAZ_LEFT_B", "RHAZ": "RHAZ_LEFT_B", "MAST": "MAST_LEFT",
                   "CHEMCAM": "CHEMCAM_RMI", "MAHLI": "MAHLI", "MARDI": "MARDI",
                   "NAVCAM": "NAV_LEFT_B"}


def api_photos(rover, sol):
    with open(os.path.join(API, rover, "%d.json" % sol)) as f:
        return json.load(f)["photos"]


def sized(large, ending):
    return re.sub(r"_1200\.jpg$", ending, large)


def m20_record(photo, sample="Full", image_id=None):
    large = photo["img_src"]
    base = os.path.basename(large)[: -len("_1200.jpg")]
    return {
        "imageid": image_id or base,
        "sol": photo["sol"],
        "sample_type": sample,
        "date_taken_utc": photo["earth_date"] + "T12:00:00.000",
        "date_taken_mars": "UNK",
        "camera": {"instrument": photo["camera"]["name"], "filter_name": "UNK"},
        "image_files": {"small": sized(large, "_320.jpg"), "medium": sized(large, "_800.jpg"),
                        "large": large, "full_res": sized(large, ".png")},
        "title": "Mars Perseverance Sol %d: %s" % (photo["sol"], photo["camera"]["full_name"]),
        "credit": "NASA/JPL-Caltech",
        "drive": "UNK",
        "site": None,
    }


def msl_item(photo, number, sample="full"):
    return {
        "id": number,
        "imageid": os.path.splitext(os.path.basename(photo["img_src"]))[0],
        "sol": photo["sol"],
        "instrument": MSL_INSTRUMENTS.get(photo["camera"]["name"], photo["camera"]["name"]),
        "https_url": photo["img_src"].replace("http://", "https://"),
        "url": photo["img_src"],
        "date_taken": photo["earth_date"] + "T12:00:00.000Z",
        "extended": {"sample_type": sample},
        "is_thumbnail": sample == "thumbnail",
        "title": "Sol %d: %s" % (photo["sol"], photo["camera"]["full_name"]),
    }


def write(feed, sol, body):
    folder = os.path.join(NASA, feed)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "%d.json" % sol), "w") as f:
        json.dump(body, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    for feed, sol, name in REAL:
        path = os.path.join(NASA, feed, "%d.json" % sol)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if os.path.lexists(path):
            os.remove(path)
        os.symlink(os.path.join("..", "..", "real-nasa", name), path)

    for sol in (0, 100, 1042):
        photos = api_photos("perseverance", sol)
        records = [m20_record(p) for p in photos]
        # A thumbnail of the first photo of each camera: the servers drop thumbnails.
        seen = set()
        for p in photos:
            if p["camera"]["name"] not in seen:
                seen.add(p["camera"]["name"])
                thumb = m20_record(p, sample="Thumbnail")
                thumb["imageid"] += "_THUMB"
                thumb["image_files"] = {k: v.replace(".jpg", "_thumb.jpg")
                                        for k, v in thumb["image_files"].items()}
                records.append(thumb)
        write("mars2020", sol, {"images": records})

    # Sol 890: 250 images of NAVCAM_LEFT and NAVCAM_RIGHT, and 30 thumbnails.
    records = []
    for index in range(280):
        camera = "NAVCAM_LEFT" if index % 2 == 0 else "NAVCAM_RIGHT"
        letter = "NLF" if camera == "NAVCAM_LEFT" else "NRF"
        base = "%s_0890_07459%05d_%03dECM_N0440000NCAM00890_01_295J01" % (letter, index, index % 1000)
        photo = {"sol": 890, "earth_date": "2023-08-21",
                 "img_src": "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00890/ids/edr/browse/ncam/%s_1200.jpg" % base,
                 "camera": {"name": camera, "full_name": "Navigation Camera"}}
        records.append(m20_record(photo, sample="Full" if index < 250 else "Thumbnail",
                                  image_id=base[:-2]))
    write("mars2020", 890, {"images": records})

    number = 2_000_000
    for sol in (1000, 2540):
        photos = api_photos("curiosity", sol)
        items = []
        for index, p in enumerate(photos):
            number += 1
            # Every tenth photo is a subframe, which nebulum keeps as well.
            items.append(msl_item(p, number, "subframe" if index % 10 == 9 else "full"))
        for index, p in enumerate(photos[:5]):
            number += 1
            extra = msl_item(p, number, "downsampled" if index % 2 else "thumbnail")
            extra["https_url"] = extra["https_url"].replace(".JPG", "_DOWN.JPG")
            items.append(extra)
        write("msl", sol, {"items": items})


if __name__ == "__main__":
    main()
