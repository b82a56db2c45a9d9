"""Pictures: a JPEG decoded and drawn, an anaglyph made, a contact sheet fetched and drawn."""

import os
import shutil

from measuring import ROOT, ROVERS, Scratch, Server, measure, measure_interleaved, ms, run


def show_decode(report, runs):
    """show of real JPEGs with half-blocks at 100 columns (decode, scale and draw), against
    djpeg decoding each whole (interleaved: the ratio sees the same moments of the machine): a
    1584 x 1184 colour MAHLI frame, its 1584 x 1184 grey range map, and an 800 x 600 colour
    (three-component) Hazcam copy."""
    images = os.path.join(ROOT, "Fixtures", "real-images")
    cases = (("1575MH0006700000601214R00_DXXX.jpg", "1584×1184 colour"),
             ("1575MH0006700000601215S00_DXXX.jpg", "1584×1184 grey"),
             ("FRB_0000_0666958242_147ECM_N0010052AUT_04096_00_2I3J01_800.jpg", "800×600, 3 components"))
    for name, size in cases:
        if not shutil.which("djpeg"):
            report.add("`show` one real JPEG, decode and draw", size, "–", None,
                       "djpeg missing (apt-get install libjpeg-turbo-progs)", None, "≤ 1.3×", False)
            continue
        image = os.path.join(images, name)
        ours, theirs = measure_interleaved(
            [([ROVERS, "show", image, "--image-protocol", "blocks", "--width", "100"], None),
             (["sh", "-c", "djpeg -pnm '%s' > /dev/null" % image], None)], runs * 4)
        ratio = ours.wall / theirs.wall
        report.add("`show` one real JPEG, decode and draw (half-blocks, 100 columns)", size,
                   ms(ours.wall), None, "`djpeg`, %s" % ms(theirs.wall), ratio, "≤ 1.3×",
                   ratio <= 1.3)


def stereo_anaglyph(report, runs):
    """The anaglyph of two real 1024 x 1024 Curiosity frames (decode both, combine, encode and
    write the file), as JPEG and as PNG, against djpeg decoding both (interleaved, as
    show-decode)."""
    if not shutil.which("djpeg"):
        report.add("`stereo` anaglyph of two JPEGs", "2 × 1024×1024", "–", None,
                   "djpeg missing (apt-get install libjpeg-turbo-progs)", None, "≤ 3×", False)
        return
    images = os.path.join(ROOT, "Fixtures", "real-images")
    left = os.path.join(images, "NLB_663017128EDR_F0842120NCAM00354M_.JPG")
    right = os.path.join(images, "FLB_486265257EDR_F0481570FHAZ00323M_.jpg")
    # The JPEG a person asks for with -o 3d.jpg and the PNG `stereo -o DIR` writes are both
    # held to 3x.
    for kind, goal in (("jpg", 3), ("png", 3)):
        with Scratch() as scratch:
            target = os.path.join(scratch, "anaglyph." + kind)
            ours, theirs = measure_interleaved(
                [([ROVERS, "stereo", left, right, "-o", target, "-q"], None),
                 (["sh", "-c", "djpeg -pnm '%s' > /dev/null && djpeg -pnm '%s' > /dev/null"
                   % (left, right)], None)], runs * 4)
        ratio = ours.wall / theirs.wall
        report.add("`stereo` anaglyph of two real JPEGs: decode, combine, %s written"
                   % ("JPEG" if kind == "jpg" else "PNG"), "2 × 1024×1024", ms(ours.wall), None,
                   "`djpeg` of both, %s" % ms(theirs.wall), ratio, "≤ %d×" % goal, ratio <= goal)


def show_sheet(report, runs):
    """A contact sheet of 25 small photos from a server with 100 ms of latency a request,
    against fetching the same 25 images alone with curl, 4 at a time as show fetches."""
    with Scratch() as scratch:
        with Server(os.path.join(ROOT, "Fixtures"), "--serve-images", "--latency", "100",
                    "--image-latency", "100") as server:
            command = [ROVERS, "show", "curiosity", "--sol", "1000", "--limit", "25",
                       "--image-protocol", "blocks"]
            ours = measure(command, runs, server.env)
            listing = run([ROVERS, "photos", "curiosity", "--sol", "1000", "--urls", "-q"],
                          server.env, capture=True).stdout.decode().split()[:25]
            config = os.path.join(scratch, "curl.txt")
            with open(config, "w") as f:
                for source in listing:
                    f.write('url = "%s"\noutput = "/dev/null"\n' % source)
            both = "curl -s -o /dev/null '%s/rovers/curiosity/photos?sol=1000' && curl -s" \
                   " --parallel --parallel-immediate --parallel-max 4 -K '%s'" % (server.base, config)
            theirs = measure(["sh", "-c", both], runs)
    ratio = ours.wall / theirs.wall
    report.add("`show` contact sheet of 25 photos, 100 ms a request", "25 images",
               ms(ours.wall), None, "fetching them alone (curl, 4 at once), %s" % ms(theirs.wall),
               ratio, "≤ 1.2×", ratio <= 1.2)


def movie(report, runs):
    """A 21-frame movie of 1280 x 256 JPEG frames (the fixtures' dust-devil strip, made JPEG by
    ffmpeg), made as an APNG and as a GIF, against ffmpeg making each from the same files
    (interleaved): its time and its file's size."""
    if not shutil.which("ffmpeg"):
        for kind in ("APNG", "GIF"):
            report.add("`movie` of 21 JPEG frames as %s" % kind, "21 × 1280×256", "–", None,
                       "ffmpeg missing (apt-get install ffmpeg)", None, "≤ 1.0×", False)
        return
    with Scratch() as scratch:
        mirror = os.path.join(scratch, "mars")
        with Server(os.path.join(ROOT, "Fixtures"), "--shape", "nasa", "--serve-images") as server:
            env = dict(server.env, ROVERS_SOURCE="nasa",
                       ROVERS_NASA_BASE=server.base[:-len("/api/v1")])
            run([ROVERS, "download", "perseverance", "--sol", "901", "-o", mirror, "-q"], env)
        sources = sorted(os.path.join(root, name) for root, _, names in os.walk(mirror)
                         for name in names if name.endswith("_1200.png"))
        frames = []
        for index, source in enumerate(sources[:21]):
            frame = os.path.join(scratch, "frame-%02d.jpg" % index)
            run(["ffmpeg", "-v", "error", "-y", "-i", source, "-q:v", "3", frame])
            frames.append(frame)
        pattern = os.path.join(scratch, "frame-%02d.jpg")
        for kind, suffix, extra in (("APNG", "png", ["-plays", "0", "-f", "apng"]),
                                    ("GIF", "gif", [])):
            ours_file = os.path.join(scratch, "ours." + suffix)
            theirs_file = os.path.join(scratch, "theirs." + suffix)
            ours, theirs = measure_interleaved(
                [([ROVERS, "movie"] + frames + ["-o", ours_file, "-q"], None),
                 (["ffmpeg", "-v", "error", "-y", "-framerate", "4", "-i", pattern] + extra
                  + [theirs_file], None)], runs * 2)
            ratio = ours.wall / theirs.wall
            size = os.path.getsize(ours_file) / os.path.getsize(theirs_file)
            report.add("`movie` of 21 JPEG frames as %s (size %.2f× ffmpeg's, goal ≤ 1.2×)"
                       % (kind, size), "21 × 1280×256", ms(ours.wall), None,
                       "`ffmpeg`, %s" % ms(theirs.wall), ratio, "≤ 1.0×",
                       ratio <= 1.0 and size <= 1.2)
