"""Synthetic data for make bench: fixture folders and mirrors at any size, in the real shapes.

Fixture folders have the layout fixture-server reads (api/rovers.json, api/manifests/<rover>.json,
api/photos/<rover>/<sol>.json, images/), with one rover, Curiosity, whose manifest and photos
look like the original API's. Mirrors are folders as `sync` leaves them: a journal of finished
sols, and optionally files standing in for the photos.
"""

import datetime
import json
import os

LANDING = datetime.datetime(2012, 8, 6, 5, 17, 57)
SOL_SECONDS = 88775.244
CAMERAS = [(20, "FHAZ", "Front Hazard Avoidance Camera"), (21, "RHAZ", "Rear Hazard Avoidance Camera"),
           (22, "MAST", "Mast Camera"), (23, "CHEMCAM", "Chemistry and Camera Complex"),
           (24, "MAHLI", "Mars Hand Lens Imager"), (26, "NAVCAM", "Navigation Camera")]
ROVER = {"id": 5, "name": "Curiosity", "landing_date": "2012-08-06", "launch_date": "2011-11-26",
         "status": "active"}
FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Fixtures")


def earth_date(sol):
    return (LANDING + datetime.timedelta(seconds=sol * SOL_SECONDS)).date().isoformat()


def photo_name(sol, index):
    """A NASA-style file name, unique per (sol, index): the photo's identity."""
    return "NLB_%05d%06dEDR_F0000000NCAM00001M_.JPG" % (sol % 100000, index)


def camera_of(index):
    return CAMERAS[index % len(CAMERAS)]


def photos_body(sol, count, rover_facts, first_id):
    """The original API's answer for one sol with `count` photos, in (camera id, id) order."""
    photos = []
    for index in sorted(range(count), key=lambda i: (camera_of(i)[0], i)):
        camera_id, name, full_name = camera_of(index)
        photos.append({
            "id": first_id + index, "sol": sol,
            "camera": {"id": camera_id, "name": name, "rover_id": 5, "full_name": full_name},
            "img_src": "https://mars.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/%05d/"
                       "opgs/edr/ncam/%s" % (sol, photo_name(sol, index)),
            "earth_date": earth_date(sol), "rover": rover_facts})
    return {"photos": photos}


def fixtures(folder, manifest_counts, photo_counts):
    """A fixture folder: `manifest_counts` {sol: total} for the manifest, and photo lists for
    the sols in `photo_counts` {sol: count} (a count the manifest may disagree with)."""
    api = os.path.join(folder, "api")
    os.makedirs(os.path.join(api, "manifests"), exist_ok=True)
    os.makedirs(os.path.join(api, "photos", "curiosity"), exist_ok=True)
    if not os.path.exists(os.path.join(folder, "images")):
        os.symlink(os.path.join(FIXTURES, "images"), os.path.join(folder, "images"))
    max_sol = max(manifest_counts)
    total = sum(manifest_counts.values())
    facts = dict(ROVER, max_sol=max_sol, max_date=earth_date(max_sol), total_photos=total)
    cameras = [{"name": name, "full_name": full} for _, name, full in CAMERAS]
    write_json(os.path.join(api, "rovers.json"), {"rovers": [dict(facts, cameras=cameras)]})
    entries = [{"sol": sol, "earth_date": earth_date(sol), "total_photos": count,
                "cameras": sorted({camera_of(i)[1] for i in range(min(count, len(CAMERAS)))})}
               for sol, count in sorted(manifest_counts.items())]
    write_json(os.path.join(api, "manifests", "curiosity.json"),
               {"photo_manifest": dict(facts, photos=entries)})
    rover_in_photo = dict(facts)
    for sol, count in photo_counts.items():
        write_json(os.path.join(api, "photos", "curiosity", "%d.json" % sol),
                   photos_body(sol, count, rover_in_photo, first_id=sol * 1_000_000))
    return folder


def journal_line(sol, count):
    """A finished sol, as sync records it in `.rovers-sync.journal`."""
    return json.dumps({"cameras": [], "count": count, "listed": count, "rover": "curiosity",
                       "saved": count, "size": "large", "sol": sol, "state": "complete"},
                      sort_keys=True, separators=(",", ":"))


def mirror(folder, sol_counts, start_sol=0, files_per_sol=0):
    """A mirror whose journal records every sol of `sol_counts` as complete, with
    `files_per_sol` empty files standing in for each sol's photos."""
    os.makedirs(folder, exist_ok=True)
    lines = [json.dumps({"rover": "curiosity", "start_sol": start_sol}, separators=(",", ":"))]
    lines += [journal_line(sol, count) for sol, count in sorted(sol_counts.items())]
    with open(os.path.join(folder, ".rovers-sync.journal"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for sol in sol_counts if files_per_sol else []:
        filler(folder, sol, files_per_sol)


def filler(folder, sol, count):
    """`count` empty files where a sol's photos would be."""
    camera_folder = os.path.join(folder, "curiosity", str(sol), "NAVCAM")
    os.makedirs(camera_folder, exist_ok=True)
    for index in range(count):
        os.close(os.open(os.path.join(camera_folder, photo_name(sol, index)),
                         os.O_CREAT | os.O_WRONLY, 0o644))


def gallery_folder(folder, sols, per_sol, counters=False):
    """A mirror as download leaves it for the gallery: photo files, sol records and the rover's
    manifest record; with `counters`, each photo's site and drive as the feeds give them (five
    sols a site, ten drives a sol), and no place yet."""
    rover = os.path.join(folder, "curiosity")
    entries = []
    for sol in range(sols):
        records = []
        for index in range(per_sol):
            _, camera, full_name = camera_of(index)
            name = photo_name(sol, index)
            path = os.path.join(rover, str(sol), camera)
            os.makedirs(path, exist_ok=True)
            os.close(os.open(os.path.join(path, name), os.O_CREAT | os.O_WRONLY, 0o644))
            records.append({"camera": camera, "camera_full_name": full_name,
                            "earth_date": earth_date(sol), "file": camera + "/" + name,
                            "id": sol * 1_000_000 + index,
                            "img_src": "https://mars.nasa.gov/msl-raw-images/" + name,
                            "nasa_id": name.rsplit(".", 1)[0]})
            if counters:
                records[-1]["details"] = {"site": sol // 5, "drive": (sol % 5) * 100 + index % 10 * 10}
        write_json(os.path.join(rover, str(sol), ".rovers-sol.json"),
                   {"gone": [], "photos": records, "rover": "Curiosity", "sol": sol})
        entries.append({"sol": sol, "earth_date": earth_date(sol), "total_photos": per_sol,
                        "cameras": sorted({camera_of(i)[1] for i in range(per_sol)})})
    write_json(os.path.join(rover, ".rovers-manifest.json"), dict(
        ROVER, max_sol=sols - 1, max_date=earth_date(sols - 1), total_photos=sols * per_sol,
        photos=entries))


def traverse_file(folder, sols, waypoints):
    """The rover's traverse as download keeps it, `.rovers-traverse.json` in the shape of NASA's
    waypoint files: `waypoints` points spread over the sols in order, with the counters
    gallery_folder's photos carry."""
    features = []
    for index in range(waypoints):
        sol = index * sols // waypoints
        features.append({"type": "Feature", "properties": {
            "sol": sol, "site": sol // 5, "drive": (sol % 5) * 100 + index % 10 * 10,
            "lat": -4.59 - index * 1e-5, "lon": 137.44 + index * 1e-5,
            "elev_geoid": -4500.0 + index * 0.01, "dist_total_m": index * 1.5}})
    write_json(os.path.join(folder, "curiosity", ".rovers-traverse.json"),
               {"type": "FeatureCollection", "features": features})


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, separators=(",", ":"))
