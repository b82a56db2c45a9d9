#!/usr/bin/python3
"""The reference pipeline `rovers terrain` is measured against, on Debian's python3-opencv
(run with /usr/bin/python3, whose OpenCV it is).

    terrain_reference.py MIRROR SOL_FOLDER LEFT_ID OUT_FOLDER
        the same work as `rovers terrain --pair LEFT_ID --from MIRROR` on a Curiosity pair:
        both frames decoded by OpenCV; the rectified pair JPL's way (each eye keeps its C, the
        two share A, H and V, rows along the baseline) with NumPy maps from the same CAHVOR
        models (each rectified pixel's ray taken 5 m out and projected into its frame);
        OpenCV's remap; StereoSGBM with five paths over 256 disparities; reprojectImageTo3D;
        and the range map (16-bit PNG, millimetres) and the points (binary PLY) written
"""

import json
import os
import sys

import cv2
import numpy


def model(photo):
    parts = photo["details"]["camera_model_components"]
    return [numpy.array(p, dtype=numpy.float64) for p in parts[:6]]


def split(vector, axis):
    """A model's H or V as a unit direction square to A, and its scale."""
    along = vector.dot(axis)
    rest = vector - along * axis
    scale = numpy.linalg.norm(rest)
    return rest / scale, scale


def rectified(left, right, width, height):
    """The shared A, H, V of the pair, and its size, as rovers makes them."""
    c1, a1, h1, v1 = left[:4]
    c2, a2, h2, v2 = right[:4]
    row = (c2 - c1) / numpy.linalg.norm(c2 - c1)
    if row.dot(split(h1, a1)[0]) < 0:
        row = -row
    mean_axis = (a1 + a2) / numpy.linalg.norm(a1 + a2)
    axis = mean_axis - row * mean_axis.dot(row)
    axis /= numpy.linalg.norm(axis)
    mean_column = split(v1, a1)[0] + split(v2, a2)[0]
    column = mean_column - axis * mean_column.dot(axis) - row * mean_column.dot(row)
    column /= numpy.linalg.norm(column)
    hs = (split(h1, a1)[1] + split(h2, a2)[1]) / 2
    vs = (split(v1, a1)[1] + split(v2, a2)[1]) / 2
    # The frames' edges through the linear part of their models, seen from the shared axis.
    xs, ys = [], []
    edge = numpy.linspace(-0.5, width - 0.5, 33)
    for c, a, h, v in ((c1, a1, h1, v1), (c2, a2, h2, v2)):
        for x, y in [(e, -0.5) for e in edge] + [(e, height - 0.5) for e in edge] + \
                [(-0.5, e) for e in edge] + [(width - 0.5, e) for e in edge]:
            d = numpy.cross(v - y * a, h - x * a)
            d = d if d.dot(a) > 0 else -d
            depth = d.dot(axis)
            xs.append(d.dot(row) * hs / depth)
            ys.append(d.dot(column) * vs / depth)
    w = int(numpy.ceil(max(xs) - min(xs)))
    h = int(numpy.ceil(max(ys) - min(ys)))
    hc, vc = -0.5 - min(xs), -0.5 - min(ys)
    return axis, row * hs + axis * hc, column * vs + axis * vc, w, h, hs, hc, vc


def maps(shared, own, width, height):
    """Where each rectified pixel comes from in a CAHVOR frame: its ray 5 m out, projected."""
    a, h, v = shared
    _, fa, fh, fv, o, r = own
    ys, xs = numpy.mgrid[0:height, 0:width].astype(numpy.float64)
    # The ray of pixel (x, y) of the linear model: (V - yA) x (H - xA).
    first = v[None, None, :] - ys[..., None] * a
    second = h[None, None, :] - xs[..., None] * a
    d = numpy.cross(first, second)
    d *= numpy.sign((d * a).sum(-1))[..., None] / numpy.linalg.norm(d, axis=-1)[..., None]
    p = d * 5.0  # the point, less C
    omega = p @ o
    lam = p - omega[..., None] * o
    tau = (lam * lam).sum(-1) / (omega * omega)
    mu = r[0] + r[1] * tau + r[2] * tau * tau
    q = p + mu[..., None] * lam
    depth = q @ fa
    return ((q @ fh) / depth).astype(numpy.float32), ((q @ fv) / depth).astype(numpy.float32)


def main(mirror, folder, left_id, out):
    with open(os.path.join(folder, ".rovers-sol.json")) as f:
        photos = {p["nasa_id"]: p for p in json.load(f)["photos"]}
    left_photo = photos[left_id]
    right_photo = photos["NR" + left_id[2:]]
    left, right = model(left_photo), model(right_photo)
    images = [cv2.imread(os.path.join(folder, p["file"]), cv2.IMREAD_GRAYSCALE)
              for p in (left_photo, right_photo)]
    height, width = images[0].shape
    axis, h, v, w, hh, f, cx, cy = rectified(left, right, width, height)
    pair = []
    for image, own in zip(images, (left, right)):
        x, y = maps((axis, h, v), own, w, hh)
        pair.append(cv2.remap(image, x, y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT))
    matcher = cv2.StereoSGBM_create(
        minDisparity=0, numDisparities=256, blockSize=5, P1=8 * 25, P2=32 * 25,
        disp12MaxDiff=1, uniquenessRatio=5, speckleWindowSize=64, speckleRange=16,
        mode=cv2.STEREO_SGBM_MODE_SGBM)
    disparity = matcher.compute(pair[0], pair[1]).astype(numpy.float32) / 16
    baseline = numpy.linalg.norm(right[0] - left[0])
    q = numpy.float64([[1, 0, 0, -cx], [0, 1, 0, -cy], [0, 0, 0, f], [0, 0, 1 / baseline, 0]])
    points = cv2.reprojectImageTo3D(disparity, q)
    found = disparity > 0
    ranges = numpy.where(found, numpy.linalg.norm(points, axis=-1), 0)
    millimetres = numpy.clip(numpy.round(ranges * 1000), 0, 65535).astype(numpy.uint16)
    name = os.path.join(out, left_id)
    cv2.imwrite(name + "-range.png", millimetres)
    kept = points[found].astype("<f4")
    with open(name + "-points.ply", "wb") as f:
        f.write(("ply\nformat binary_little_endian 1.0\nelement vertex %d\n"
                 "property float x\nproperty float y\nproperty float z\nend_header\n"
                 % len(kept)).encode())
        f.write(kept.tobytes())


if __name__ == "__main__":
    main(*sys.argv[1:5])
