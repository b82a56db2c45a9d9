#!/usr/bin/python3
"""The bench's panoramas and the reference pipeline `panorama` is measured against, on
Debian's python3-opencv (run with /usr/bin/python3, whose OpenCV it is).

    panorama_reference.py make MIRROR KIND
        a mirror holding one sol of Navcam frames with camera models, made from sol 888's
        real model (azimuth 0, elevation 25) turned about the mast: KIND `ring` is 24 grey
        frames of 1280x960 (12 azimuths, at elevations 25 and -10), a 360-degree pan; KIND
        `ring-colour` is 12 colour frames in one ring at elevation 0, which --scale 4.3 makes
        about 20000x4000
    panorama_reference.py stitch OUT.jpg MIRROR GRID.json
        the same work by the reference tools: each frame decoded by libjpeg-turbo, NumPy
        computing its map on the grid `rovers panorama --json` printed (the same model
        equations, the ground plane below the horizon), OpenCV's remap, the same weights,
        and the JPEG written by libjpeg-turbo at quality 90
"""

import json
import math
import os
import sys

import cv2
import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOL, SEQUENCE = 950, "NCAM08888"
FRAME = "NLF_0888_0745756686_512ECM_N0440000NCAM00501_01_295J"
GREY = os.path.join(ROOT, "Fixtures", "real-images",
                    "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png")
COLOUR = os.path.join(ROOT, "Fixtures", "real-images",
                      "ZR0_0897_0746567741_568ECM_N0440820ZCAM08906_1100LMJ02-rjcal-rad.jpg")
# The mast's axis, about which the cameras' centres circle (sol 888's four centres' mean).
MAST = numpy.array([0.80, 0.56, 0.0])


def real_model():
    with open(os.path.join(ROOT, "Fixtures", "nasa", "mars2020", "888.json")) as f:
        images = json.load(f)["images"]
    image = next(i for i in images if i["imageid"] == FRAME)
    parts = image["camera"]["camera_model_component_list"].split(";")
    vectors = [numpy.array([float(x) for x in p.strip("()").split(",")]) for p in parts[:7]]
    return vectors + [float(parts[7]), float(parts[8])], image["attitude"]


def turned(model, matrix, about):
    c, a, h, v, o, r, e, t, p = model
    return [about + matrix @ (c - about), matrix @ a, matrix @ h, matrix @ v, matrix @ o, r, e,
            t, p]


def yaw(degrees):
    s, c = math.sin(math.radians(degrees)), math.cos(math.radians(degrees))
    return numpy.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def pitch_down(degrees):
    s, c = math.sin(math.radians(degrees)), math.cos(math.radians(degrees))
    return numpy.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def make(mirror, kind):
    model, attitude = real_model()
    rows = [0, 35] if kind == "ring" else [25]  # degrees down from the model's 25
    content = cv2.imread(GREY if kind == "ring" else COLOUR)
    content = cv2.resize(content, (1280, 960), interpolation=cv2.INTER_AREA)
    if kind == "ring":
        content = cv2.cvtColor(content, cv2.COLOR_BGR2GRAY)
    folder = os.path.join(mirror, "perseverance", str(SOL))
    os.makedirs(os.path.join(folder, "NAVCAM_LEFT"), exist_ok=True)
    photos = []
    for row, down in enumerate(rows):
        tilted = turned(model, pitch_down(down), model[0])
        for step in range(12):
            number = row * 12 + step
            frame = turned(tilted, yaw(30 * step), MAST)
            name = "NLF_%04d_%010d_000ECM_N0440000%s_01_295J01" % (
                SOL, 750000000 + 60 * number, SEQUENCE)
            # Each frame its own picture: the content rolled, so no two are alike.
            picture = numpy.roll(content, 97 * number, axis=1)
            cv2.imwrite(os.path.join(folder, "NAVCAM_LEFT", name + ".jpg"), picture,
                        [cv2.IMWRITE_JPEG_QUALITY, 95])
            axis = frame[1]
            components = [list(map(float, x)) for x in frame[:7]] + [[frame[7]], [frame[8]]]
            photos.append({
                "camera": "NAVCAM_LEFT", "instrument": "NAVCAM_LEFT", "nasa_id": name,
                "file": "NAVCAM_LEFT/%s.jpg" % name, "earth_date": "2023-09-10",
                "img_src": "https://mars.nasa.gov/bench/%s.jpg" % name,
                "details": {"sclk": 750000000.0 + 60 * number, "dimension": [1280, 960],
                            "site": 44, "drive": 0, "camera_model_type": "CAHVORE",
                            "camera_model_components": components,
                            "mast_az": math.degrees(math.atan2(axis[1], axis[0])),
                            "mast_el": math.degrees(math.asin(-axis[2])),
                            "attitude": [float(x) for x in attitude.strip("()").split(",")]}})
    with open(os.path.join(folder, ".rovers-sol.json"), "w") as out:
        json.dump({"rover": "Perseverance", "sol": SOL, "gone": [], "photos": photos}, out)


def directions(grid, rows, columns):
    """Unit directions (rover frame) of the grid's pixels at `rows` x `columns`."""
    step = grid["degrees_per_pixel"]
    azimuth = numpy.radians(grid["first_azimuth"] + columns * step)[None, :]
    elevation = numpy.radians(grid["first_elevation"] - rows * step)[:, None]
    level = numpy.cos(elevation)
    return (level * numpy.cos(azimuth), level * numpy.sin(azimuth),
            -numpy.sin(elevation) + 0 * azimuth)


def pixels(model, viewpoint, d):
    """Where directions `d` from the viewpoint fall in a CAHVORE fisheye: the ground (z = 0)
    where they go down, the direction itself above the horizon."""
    c, a, h, v, o, r, e = model[:7]
    dx, dy, dz = d
    ground = dz > 1e-9
    t = numpy.where(ground, -viewpoint[2] / numpy.where(ground, dz, 1), 0)
    px = numpy.where(ground, viewpoint[0] + t * dx - c[0], dx)
    py = numpy.where(ground, viewpoint[1] + t * dy - c[1], dy)
    pz = numpy.where(ground, viewpoint[2] + t * dz - c[2], dz)
    zeta = px * o[0] + py * o[1] + pz * o[2]
    lx, ly, lz = px - zeta * o[0], py - zeta * o[1], pz - zeta * o[2]
    lam = numpy.sqrt(lx * lx + ly * ly + lz * lz)
    theta = numpy.arctan2(lam, zeta)
    if ground.any():  # the pupil's shift along O, for points at a finite distance
        g = theta[ground]
        z, l = zeta[ground], lam[ground]
        for _ in range(4):
            square = g * g
            shift = e[0] + (e[1] + e[2] * square) * square
            sine, cosine = numpy.sin(g), numpy.cos(g)
            value = z * sine - l * cosine - (g - sine) * shift
            slope = (z * cosine + l * sine - (1 - cosine) * shift
                     - (g - sine) * (2 * e[1] + 4 * e[2] * square) * g)
            g = g - value / slope
        theta[ground] = g
    chi = numpy.maximum(theta, 1e-12)
    square = chi * chi
    mu = r[0] + (r[1] + r[2] * square) * square
    scale = lam / chi
    qx, qy, qz = scale * o[0] + (1 + mu) * lx, scale * o[1] + (1 + mu) * ly, scale * o[2] + (1 + mu) * lz
    depth = qx * a[0] + qy * a[1] + qz * a[2]
    seen = (theta < math.pi / 2) & (depth > 0)
    depth = numpy.where(seen, depth, 1)
    x = numpy.where(seen, (qx * h[0] + qy * h[1] + qz * h[2]) / depth, -1e6)
    y = numpy.where(seen, (qx * v[0] + qy * v[1] + qz * v[2]) / depth, -1e6)
    return x.astype(numpy.float32), y.astype(numpy.float32)


def stitch(out, mirror, grid_file):
    with open(grid_file) as f:
        grid = json.load(f)
    with open(os.path.join(mirror, "perseverance", str(SOL), ".rovers-sol.json")) as f:
        photos = json.load(f)["photos"]
    width, height = grid["width"], grid["height"]
    viewpoint = grid["viewpoint"]
    frames = []
    for photo in photos:
        details = photo["details"]
        parts = [numpy.array(x) for x in details["camera_model_components"]]
        image = cv2.imread(os.path.join(mirror, "perseverance", str(SOL), photo["file"]),
                           cv2.IMREAD_UNCHANGED)
        frames.append((parts, image))
    channels = 1 if frames[0][1].ndim == 2 else 3
    sums = numpy.zeros((height, width, channels), numpy.float32)
    weights = numpy.zeros((height, width), numpy.float32)
    coarse_rows, coarse_columns = numpy.arange(0, height, 16), numpy.arange(0, width, 16)
    coarse = directions(grid, coarse_rows, coarse_columns)
    for model, image in frames:
        rows_in, columns_in = image.shape[0], image.shape[1]
        x, y = pixels(model, viewpoint, coarse)
        inside = (x >= -16) & (y >= -16) & (x <= columns_in + 16) & (y <= rows_in + 16)
        if not inside.any():
            continue
        hit_rows = coarse_rows[inside.any(axis=1)]
        hit_columns = numpy.nonzero(inside.any(axis=0))[0]
        rows = numpy.arange(max(0, hit_rows.min() - 16), min(height, hit_rows.max() + 17))
        # The columns as one stretch round the ring: from the end of the widest gap.
        gaps = numpy.diff(numpy.append(hit_columns, hit_columns[0] + len(coarse_columns)))
        start = hit_columns[(numpy.argmax(gaps) + 1) % len(hit_columns)]
        count = len(coarse_columns) - gaps.max() + 1
        columns = (numpy.arange(start * 16 - 16, (start + count) * 16 + 16)) % width
        columns = numpy.unique(columns) if len(columns) > width else columns
        x, y = pixels(model, viewpoint, directions(grid, rows.astype(numpy.float64),
                                                   columns.astype(numpy.float64)))
        sampled = cv2.remap(image, x, y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        edge = numpy.minimum(numpy.minimum(x + 0.5, columns_in - 0.5 - x),
                             numpy.minimum(y + 0.5, rows_in - 0.5 - y))
        inside = (x >= 0) & (y >= 0) & (x <= columns_in - 1) & (y <= rows_in - 1)
        weight = numpy.where(inside, (edge / (min(rows_in, columns_in) / 2)) ** 3, 0)
        block = numpy.ix_(rows, columns)
        weights[block] += weight
        sampled = sampled.reshape(len(rows), len(columns), channels)
        sums[block] += sampled * weight[:, :, None]
    picture = sums / numpy.maximum(weights, 1e-20)[:, :, None]
    picture = numpy.clip(picture + 0.5, 0, 255).astype(numpy.uint8)
    cv2.imwrite(out, picture if channels == 3 else picture[:, :, 0],
                [cv2.IMWRITE_JPEG_QUALITY, 90])


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3])
    else:
        stitch(sys.argv[2], sys.argv[3], sys.argv[4])
