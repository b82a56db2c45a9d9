#!/usr/bin/env python3
"""Builds Fixtures/api/ from the real responses in Fixtures/real-api/.

The real responses are kept whole and linked into api/. What the recordings
lack (Perseverance in the rovers list, the Spirit and Opportunity manifests,
Perseverance sol 100 and every rover's last sol) is generated here so that it
agrees with the manifests: photo counts and cameras per sol, earth dates
computed from the sol as the original server did, ids unique across files,
photos ordered by (camera id, id).

The output is committed; run this again only to change the fixtures:
    python3 Fixtures/generate.py
"""

import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.path.join(HERE, "real-api")
API = os.path.join(HERE, "api")
SOL_SECONDS = 88775.244

CAMERA_IDS = {
    "Curiosity": {"FHAZ": 20, "RHAZ": 21, "MAST": 22, "CHEMCAM": 23, "MAHLI": 24,
                  "MARDI": 25, "NAVCAM": 26},
    "Opportunity": {"FHAZ": 14, "RHAZ": 15, "NAVCAM": 16, "PANCAM": 17, "MINITES": 18,
                    "ENTRY": 19},
    "Spirit": {"FHAZ": 27, "RHAZ": 28, "NAVCAM": 29, "PANCAM": 30, "MINITES": 31,
               "ENTRY": 32},
    "Perseverance": {"EDL_RUCAM": 34, "EDL_DDCAM": 35, "EDL_PUCAM1": 36, "EDL_PUCAM2": 37,
                     "NAVCAM_LEFT": 38, "NAVCAM_RIGHT": 39, "MCZ_RIGHT": 40, "MCZ_LEFT": 41,
                     "FRONT_HAZCAM_LEFT_A": 42, "FRONT_HAZCAM_RIGHT_A": 43,
                     "REAR_HAZCAM_LEFT": 44, "REAR_HAZCAM_RIGHT": 45, "EDL_RDCAM": 46,
                     "SKYCAM": 47, "SHERLOC_WATSON": 48, "SUPERCAM_RMI": 49, "LCAM": 50},
}
ROVER_IDS = {"Curiosity": 5, "Opportunity": 6, "Spirit": 7, "Perseverance": 8}


def load(name):
    with open(os.path.join(REAL, name)) as f:
        return json.load(f)


def write(path, body):
    full = os.path.join(API, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        json.dump(body, f, indent=2)
        f.write("\n")


def link(path, real_name):
    full = os.path.join(API, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    if os.path.lexists(full):
        os.remove(full)
    os.symlink(os.path.relpath(os.path.join(REAL, real_name), os.path.dirname(full)), full)


def earth_date(landing, sol):
    start = datetime.datetime.strptime(landing, "%Y-%m-%d")
    return (start + datetime.timedelta(seconds=sol * SOL_SECONDS)).strftime("%Y-%m-%d")


def make_manifest(rover, fixed, rng):
    """A manifest whose entries sum to the rover's total and include the fixed sols."""
    max_sol, total = rover["max_sol"], rover["total_photos"]
    cameras = [c["name"] for c in rover["cameras"]]
    sols = sorted(set(s for s in range(max_sol + 1) if rng.random() < 0.9) | set(fixed))
    free = [s for s in sols if s not in fixed]
    budget = total - sum(count for count, _ in fixed.values())
    weights = [rng.random() + 0.05 for _ in free]
    counts = [max(1, int(budget * w / sum(weights))) for w in weights]
    counts[0] += budget - sum(counts)
    entries = []
    free_counts = dict(zip(free, counts))
    for sol in sols:
        if sol in fixed:
            count, used = fixed[sol]
        else:
            count = free_counts[sol]
            used = sorted(rng.sample(cameras, rng.randint(1, min(4, len(cameras)))))
        entries.append({"sol": sol, "earth_date": earth_date(rover["landing_date"], sol),
                        "total_photos": count, "cameras": sorted(used)})
    assert sum(e["total_photos"] for e in entries) == total
    keys = ["name", "landing_date", "launch_date", "status", "max_sol", "max_date",
            "total_photos"]
    return {"photo_manifest": {**{k: rover[k] for k in keys}, "photos": entries}}


def image_url(rover, sol, camera, number):
    sclk = 600000000 + sol * 88775 + number * 37
    if rover == "Perseverance":
        return ("https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/%05d/ids/edr/"
                "browse/%s/%s_%04d_%d_%03dECM_N0040136%s_1200.jpg"
                % (sol, camera.lower(), camera[:3], sol, sclk, number, camera[:4]))
    if rover == "Curiosity":
        return ("https://mars.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/%05d/"
                "opgs/edr/%s/%s_%dEDR_F0792008%s00337M_.JPG"
                % (sol, camera.lower(), camera[:3], sclk, camera))
    mission = "1" if rover == "Opportunity" else "2"
    return ("http://mars.nasa.gov/mer/gallery/all/%s/%s/%03d/%s%dEDN0000P1001L0M1-BR.JPG"
            % (mission, camera[0].lower(), sol, mission + camera[0], sclk))


def make_photos(rover, sol, count, cameras, first_id, rng):
    """count photos on one sol, spread over cameras, in the server's (camera id, id) order."""
    cams = sorted(cameras, key=lambda c: CAMERA_IDS[rover["name"]][c])
    per_camera = [1] * len(cams)
    for _ in range(count - len(cams)):
        per_camera[rng.randrange(len(cams))] += 1
    full_names = {c["name"]: c["full_name"] for c in rover["cameras"]}
    nested = {k: rover[k] for k in ["id", "name", "landing_date", "launch_date", "status"]}
    photos, next_id = [], first_id
    for camera, n in zip(cams, per_camera):
        for _ in range(n):
            photos.append({
                "id": next_id, "sol": sol,
                "camera": {"id": CAMERA_IDS[rover["name"]][camera], "name": camera,
                           "rover_id": rover["id"], "full_name": full_names[camera]},
                "img_src": image_url(rover["name"], sol, camera, next_id - first_id),
                "earth_date": earth_date(rover["landing_date"], sol), "rover": nested})
            next_id += rng.randint(1, 5)
    return {"photos": photos}


def main():
    rng = random.Random(2026)
    listed = load("rovers_list_2019-09.json")["rovers"]
    persev_manifest = load("manifest_perseverance_maxsol1042_2024-01-24.json")["photo_manifest"]
    persev_nested = load("photos_perseverance_sol0_all54.json")["photos"][0]["rover"]
    perseverance = {"id": 8, "name": "Perseverance"}
    for key in ["landing_date", "launch_date", "status", "max_sol", "max_date", "total_photos"]:
        perseverance[key] = persev_manifest[key]
    perseverance["cameras"] = persev_nested["cameras"]
    rovers = {r["name"]: r for r in listed + [perseverance]}
    write("rovers.json", {"rovers": listed + [perseverance]})

    link("manifests/curiosity.json", "manifest_curiosity_maxsol2540_2019-09-28.json")
    link("manifests/perseverance.json", "manifest_perseverance_maxsol1042_2024-01-24.json")
    link("photos/curiosity/1000.json", "photos_curiosity_sol1000_all856.json")
    link("photos/perseverance/0.json", "photos_perseverance_sol0_all54.json")
    link("photos/spirit/1.json", "photos_spirit_sol1_all77.json")

    spirit, opportunity = rovers["Spirit"], rovers["Opportunity"]
    write("manifests/spirit.json", make_manifest(spirit, {
        1: (77, ["ENTRY", "FHAZ", "NAVCAM", "PANCAM", "RHAZ"]),
        2208: (16, ["FHAZ", "NAVCAM", "PANCAM"])}, rng))
    write("manifests/opportunity.json", make_manifest(opportunity, {
        1: (95, ["ENTRY", "FHAZ", "NAVCAM", "PANCAM", "RHAZ"]),
        5111: (8, ["NAVCAM", "PANCAM"])}, rng))

    def photos_from_manifest(rover, manifest_entries, sol, first_id):
        entry = next(e for e in manifest_entries if e["sol"] == sol)
        body = make_photos(rover, sol, entry["total_photos"], entry["cameras"], first_id, rng)
        write("photos/%s/%d.json" % (rover["name"].lower(), sol), body)

    curiosity_entries = load("manifest_curiosity_maxsol2540_2019-09-28.json")
    with open(os.path.join(API, "manifests/spirit.json")) as f:
        spirit_entries = json.load(f)["photo_manifest"]["photos"]
    with open(os.path.join(API, "manifests/opportunity.json")) as f:
        opportunity_entries = json.load(f)["photo_manifest"]["photos"]
    photos_from_manifest(rovers["Curiosity"], curiosity_entries["photo_manifest"]["photos"],
                         2540, 690001)
    photos_from_manifest(perseverance, persev_manifest["photos"], 100, 830001)
    photos_from_manifest(perseverance, persev_manifest["photos"], 1042, 1200001)
    photos_from_manifest(spirit, spirit_entries, 2208, 2000001)
    photos_from_manifest(opportunity, opportunity_entries, 1, 3000001)
    photos_from_manifest(opportunity, opportunity_entries, 5111, 3100001)


if __name__ == "__main__":
    main()
