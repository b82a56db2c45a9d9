#!/usr/bin/env python3
"""Makes Fixtures/images/: small real JPEG and PNG pictures the fixture server hands out for
every image it serves, so downloads in tests are files a browser can show.

Twelve Mars-like scenes: a sky, a horizon and a rocky ground in the ochre, rust and butterscotch
of the raw images, each with its own light and a rover's-eye shape or two. Made once with
Pillow and committed; no test needs Pillow.
    pip install pillow && python3 Fixtures/generate_images.py
"""

import os
import random

from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "images")
PALETTES = [((196, 122, 78), (232, 180, 140)), ((168, 96, 60), (220, 170, 130)),
            ((150, 110, 90), (210, 190, 170)), ((182, 110, 64), (240, 200, 150)),
            ((120, 80, 60), (200, 150, 120)), ((205, 140, 95), (250, 215, 175))]


def scene(index, width=320, height=240):
    rng = random.Random(index)
    ground, sky = PALETTES[index % len(PALETTES)]
    image = Image.new("RGB", (width, height), sky)
    draw = ImageDraw.Draw(image)
    horizon = rng.randint(height // 3, height // 2)
    for y in range(height):
        if y < horizon:
            t = y / horizon
            color = tuple(int(s * (1 - 0.25 * t)) for s in sky)
        else:
            t = (y - horizon) / (height - horizon)
            color = tuple(int(g * (0.75 + 0.35 * t)) for g in ground)
        draw.line([(0, y), (width, y)], fill=color)
    # A ridge on the horizon and rocks on the ground.
    points = [(0, horizon)] + [(x, horizon - rng.randint(0, 18)) for x in range(0, width + 20, 20)]
    draw.polygon(points + [(width, horizon + 2), (0, horizon + 2)],
                 fill=tuple(int(g * 0.7) for g in ground))
    for _ in range(rng.randint(12, 30)):
        x, y = rng.randint(0, width), rng.randint(horizon + 5, height)
        r = rng.randint(2, 5 + (y - horizon) // 10)
        shade = tuple(int(g * rng.uniform(0.45, 0.7)) for g in ground)
        draw.ellipse([x - r, y - r // 2, x + r, y + r // 2], fill=shade)
    return image.filter(ImageFilter.GaussianBlur(0.6))


def main():
    os.makedirs(OUT, exist_ok=True)
    for index in range(12):
        picture = scene(index)
        picture.save(os.path.join(OUT, "scene-%02d.jpg" % index), "JPEG", quality=80)
        picture.save(os.path.join(OUT, "scene-%02d.png" % index), "PNG", optimize=True)


if __name__ == "__main__":
    main()
