#!/usr/bin/env python3
"""Builds Fixtures/nasa/ for `fixture-server --shape nasa`: NASA's raw-image feeds.

The real bodies in real-nasa/ are kept whole and linked in (Perseverance sols 888 and
889, Curiosity sol 86). The rest is made from the API fixtures so that the two shapes
describe the same photos with the same NASA file names, as the real feeds and servers
do: Perseverance sols 0, 100 and 1042, and Curiosity sols 1000 and 2540, each photo a
feed record of sample type Full (Curiosity `full`, some `subframe`), plus records the
servers drop (thumbnails, downsampled copies). Perseverance sol 890 holds 250 images,
to need three feed pages. Each record's UTC is the moment its mission's clock reads its
sol and local time (MARSTIME.md's clocks, as `MissionClock` keeps them), so the records
hold the clock to its second as real ones do; the API's earth dates are left as the API
gives them, a truncated count that is no clock.

Ingenuity (category=ingenuity of the Mars 2020 feed) has sols 100 and 1069, InSight
(condition_1=insight:mission of the raw-image items) sols 100 and 1211. Every record
carries the metadata the feeds publish: Mars local time spread over the day, mast
pointing (none for the lander), site and drive, title, caption and credit.

Layout: nasa/mars2020/<sol>.json and nasa/ingenuity/<sol>.json hold {"images": [...]},
nasa/msl/<sol>.json and nasa/insight/<sol>.json hold {"items": [...]}, each a whole sol
that the server pages.

The output is committed; run this again only to change the fixtures:
    python3 Fixtures/generate_nasa.py
"""

import json
import os
import re

from mission_clock import clock_utc

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


def mars_time(sol, index):
    """Local mean solar time spread over the day, a photo every 7 minutes from 06:00."""
    minutes = (6 * 60 + index * 7) % (24 * 60)
    return "Sol-%05dM%02d:%02d:%02d.%03d" % (sol, minutes // 60, minutes % 60, index % 60, index % 1000)


def pointing(index):
    """A mast azimuth and elevation, as the feeds write them: strings of degrees."""
    return "%.4f" % ((index * 37.5) % 360), "%.4f" % (((index * 11.25) % 120) - 30)


def m20_record(photo, sample="Full", image_id=None, index=0, mission="Perseverance"):
    large = photo["img_src"]
    base = os.path.basename(large)[: -len("_1200.jpg")]
    azimuth, elevation = pointing(index)
    return {
        "imageid": image_id or base,
        "sol": photo["sol"],
        "sample_type": sample,
        "date_taken_utc": clock_utc("Perseverance", mars_time(photo["sol"], index)),
        "date_taken_mars": mars_time(photo["sol"], index),
        "camera": {"instrument": photo["camera"]["name"], "filter_name": "UNK"},
        "extended": {"mastAz": azimuth, "mastEl": elevation, "sclk": "UNK"},
        "image_files": {"small": sized(large, "_320.jpg"), "medium": sized(large, "_800.jpg"),
                        "large": large, "full_res": sized(large, ".png")},
        "title": "Mars %s Sol %d: %s" % (mission, photo["sol"], photo["camera"]["full_name"]),
        "caption": "NASA's Mars %s acquired this image using its %s on Sol %d."
                   % (mission, photo["camera"]["full_name"], photo["sol"]),
        "credit": "NASA/JPL-Caltech",
        "drive": str(index % 5 * 100),
        "site": 3 + photo["sol"] // 100,
    }


def msl_item(photo, number, sample="full", index=0, mission="msl", lander=False):
    azimuth, elevation = pointing(index)
    time_key = "localtime" if lander else "lmst"
    return {
        "id": number,
        "imageid": os.path.splitext(os.path.basename(photo["img_src"]))[0],
        "sol": photo["sol"],
        "instrument": MSL_INSTRUMENTS.get(photo["camera"]["name"], photo["camera"]["name"]),
        "https_url": photo["img_src"].replace("http://", "https://"),
        "url": photo["img_src"],
        # The feed gives whole seconds (.000Z); the next whole one, so that a photo taken
        # just after midnight is not written into the sol before.
        "date_taken": clock_utc("InSight" if lander else "Curiosity",
                                mars_time(photo["sol"], index), whole_seconds=True) + "Z",
        "mission": mission,
        "site": None if lander else 5 + photo["sol"] // 100,
        "drive": None if lander else index % 7 * 10,
        "xyz": None,
        # InSight writes the time of day alone (`16:22:28.916`), its sol beside it.
        "extended": {"sample_type": sample,
                     time_key: mars_time(photo["sol"], index)[10 if lander else 0:],
                     "mast_az": None if lander else azimuth,
                     "mast_el": None if lander else elevation, "filter_name": None},
        "is_thumbnail": sample == "thumbnail",
        "title": "Sol %d: %s" % (photo["sol"], photo["camera"]["full_name"]),
        "description": "This image was taken by %s on Sol %d." % (photo["camera"]["full_name"], photo["sol"]),
        "image_credit": "NASA/JPL-Caltech",
    }


def msss_items():
    """Curiosity sol 1489: Mastcam frames as MSSS's records are, with a time taken and no
    Mars time (`lmst` null). The sol's local noon is on 2016-10-14 UTC; the first two were
    taken on 2016-10-13, the last on the 14th, and each is shown on the day it was taken."""
    items = []
    for number, (eye, clock, taken) in enumerate(
            [("L", "0078970000604226E01", "2016-10-13T23:20:28.000Z"),
             ("R", "0078970000604227E01", "2016-10-13T23:20:41.000Z"),
             ("L", "0079010000604231E01", "2016-10-14T09:02:17.000Z")]):
        image_id = "1489M%s%s_DXXX" % (eye, clock)
        url = "https://mars.nasa.gov/msl-raw-images/msss/01489/mcam/%s.jpg" % image_id
        items.append({
            "id": 2_100_000 + number, "imageid": image_id, "sol": 1489,
            "instrument": "MAST_%s" % ("LEFT" if eye == "L" else "RIGHT"),
            "https_url": url, "url": url, "date_taken": taken, "mission": "msl",
            "site": 60, "drive": 1144, "xyz": None,
            "extended": {"sample_type": "full", "lmst": None, "mast_az": None,
                         "mast_el": None, "filter_name": None},
            "is_thumbnail": False, "title": "Sol 1489: Mast Camera (Mastcam)",
            "description": "This image was taken by Mast Camera (Mastcam) onboard NASA's "
                           "Mars rover Curiosity on Sol 1489 (2016-10-13 23:20:28 UTC).",
            "image_credit": "NASA/JPL-Caltech/MSSS",
        })
    return items


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
        records = [m20_record(p, index=i) for i, p in enumerate(photos)]
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
                                  image_id=base[:-2], index=index))
    write("mars2020", 890, {"images": records})

    number = 2_000_000
    for sol in (1000, 2540):
        photos = api_photos("curiosity", sol)
        items = []
        for index, p in enumerate(photos):
            number += 1
            # Every tenth photo is a subframe, which nebulum keeps as well.
            items.append(msl_item(p, number, "subframe" if index % 10 == 9 else "full", index))
        for index, p in enumerate(photos[:5]):
            number += 1
            extra = msl_item(p, number, "downsampled" if index % 2 else "thumbnail")
            extra["https_url"] = extra["https_url"].replace(".JPG", "_DOWN.JPG")
            items.append(extra)
        write("msl", sol, {"items": items})

    write("msl", 1489, {"items": msss_items()})

    # Ingenuity, in the Mars 2020 feed as category=ingenuity: Perseverance's sols, cameras
    # HELI_NAV (monochrome, HNM_) and HELI_RTE (colour, HSF_); the last sol is 1069.
    for sol, date, count in ((100, "2021-05-31", 6), (1069, "2024-02-22", 4)):
        records = []
        for index in range(count):
            colour = index % 3 == 2
            camera = ("HELI_RTE", "Color Camera") if colour else ("HELI_NAV", "Navigation Camera")
            base = "%s_%04d_06%08d_%03dECM_N0000000HELI0%04d_0000LUJ01" % (
                "HSF" if colour else "HNM", sol, 12345000 + index, index, sol)
            photo = {"sol": sol, "earth_date": date,
                     "img_src": "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/%05d/ids/edr/browse/heli/%s_1200.jpg" % (sol, base),
                     "camera": {"name": camera[0], "full_name": camera[1]}}
            records.append(m20_record(photo, index=index, mission="Ingenuity Helicopter"))
        thumb = m20_record(photo, sample="Thumbnail", index=count, mission="Ingenuity Helicopter")
        thumb["imageid"] += "_THUMB"
        records.append(thumb)
        write("ingenuity", sol, {"images": records})

    # InSight, in the raw-image items as condition_1=insight:mission: a lander, so no site,
    # drive or pointing; instruments idc and icc in lower case; local time as `localtime`.
    number = 3_000_000
    for sol, date, count in ((100, "2019-03-08", 5), (1211, "2022-04-13", 3)):
        items = []
        for index in range(count):
            instrument = "icc" if index % 2 else "idc"
            letter = "C" if instrument == "icc" else "D"
            base = "%s000M%04d_%09dEDR_F0000_0%03dM" % (letter, sol, 605000000 + sol * 1000 + index, index)
            photo = {"sol": sol, "earth_date": date,
                     "img_src": "https://mars.nasa.gov/insight-raw-images/surface/sol/%04d/%s/%s.PNG" % (sol, instrument, base),
                     "camera": {"name": instrument, "full_name": "Instrument Context Camera" if instrument == "icc" else "Instrument Deployment Camera"}}
            number += 1
            items.append(msl_item(photo, number, "full", index, mission="insight", lander=True))
        number += 1
        items.append(msl_item(photo, number, "thumbnail", count, mission="insight", lander=True))
        write("insight", sol, {"items": items})


if __name__ == "__main__":
    main()
