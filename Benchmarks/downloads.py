"""Downloads against curl: wall, CPU and peak memory."""

import os

import synthetic
from measuring import ENV, ROVERS, Scratch, Server, exponent, measure_interleaved, mib, ms, run, set_aside


def download_runs(runs):
    """Runs of each download case: nine at least. A run's CPU time on this kind of machine
    (a shared VM, ext4) swings by 10 to 15% on both sides, and the goal is a ratio close to
    what the code costs; five runs' medians moved it by 0.1 between bench runs."""
    return max(9, runs)


def download(report, runs):
    """download of 500 and 5000 images, 8 at a time, 10 ms per image: rovers with its libcurl
    transport against curl --parallel-max 8 given the same work, the two taken in turn run by
    run; wall, CPU and peak memory. (URLSession's comparison row left with URLSession itself,
    which Linux builds no more: FoundationNetworking brings ICU into the binary.)"""
    with Scratch() as scratch:
        counts = {1: 500, 2: 5000}
        fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), counts, counts)
        target = os.path.join(scratch, "out")
        results = {}
        with Server(fixtures, "--serve-images", "--image-latency", "10") as server:
            for sol, size in counts.items():
                ours = [ROVERS, "download", "curiosity", "--sol", str(sol), "-j", "8", "-o", target,
                        "-q", "--no-gallery"]
                listing = run([ROVERS, "photos", "curiosity", "--sol", str(sol), "--urls", "-q"],
                              server.env, capture=True).stdout.decode().split()
                config = os.path.join(scratch, "curl-%d.txt" % size)
                with open(config, "w") as f:
                    for index, source in enumerate(listing):
                        f.write('url = "%s"\noutput = "%s/%d.jpg"\n' % (source, target, index))
                # curl is given the same work: the photo list first, then the images.
                both = "curl -s -o /dev/null '%s/rovers/curiosity/photos?sol=%d' && curl -s" \
                       " --parallel --parallel-immediate --parallel-max 8 -K '%s'" % (
                           server.base, sol, config)
                fresh = set_aside(target, os.path.join(scratch, "trash"))
                results[size] = measure_interleaved(
                    [(ours, fresh, server.env),
                     (["sh", "-c", both], fresh, ENV)], download_runs(runs), peak=True)
    for slot, name, goal in ((0, "libcurl, the default", True),):
        ours = [results[size][slot] for size in (500, 5000)]
        curl = [results[size][1] for size in (500, 5000)]
        walls = [o.wall / c.wall for o, c in zip(ours, curl)]
        cpus = [o.cpu / c.cpu for o, c in zip(ours, curl)]
        # The sol's list and its record grow with the photos; what a transfer holds must not:
        # ten times the images, at most half as much memory again.
        flat = ours[1].peak is not None and ours[0].peak is not None \
            and ours[1].peak <= 1.5 * ours[0].peak
        report.add(
            "`download -j 8`, %s: wall, CPU, peak memory" % name, "500 / 5000 images",
            "%s / %s, CPU %s / %s, peak %s / %s" % (
                ms(ours[0].wall), ms(ours[1].wall), ms(ours[0].cpu), ms(ours[1].cpu),
                mib(ours[0].peak), mib(ours[1].peak)),
            exponent(ours[0].wall, ours[1].wall),
            "`curl --parallel-max 8`, %s / %s, CPU %s / %s; CPU ratio %.2f× / %.2f×" % (
                ms(curl[0].wall), ms(curl[1].wall), ms(curl[0].cpu), ms(curl[1].cpu), *cpus),
            "%.2f× / %.2f×" % tuple(walls),
            "wall ≤ 1.0×, CPU ≤ 1.5× at both sizes, peak ≤ 1.5× from 500 to 5000" if goal
            else "– (for comparison)",
            max(walls) <= 1.0 and max(cpus) <= 1.5 and flat if goal else None)
