"""Answers from a server: a sol's photos, stale counts, manifests, the cache, a key, NASA's
feeds."""

import os

import synthetic
from measuring import (ENV, ROOT, ROVERS, Scratch, Server, exponent, measure,
                       measure_interleaved, mib, ms, pipe, run, set_aside)


def one_sol_original(report, runs):
    """photos of a sol of 10k and 100k photos on the original shape, against curl | jq."""
    with Scratch() as scratch:
        counts = {1: 10_000, 2: 100_000}
        fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), counts, counts)
        with Server(fixtures) as server:
            ours, theirs, requests = {}, {}, {}
            for sol, size in counts.items():
                url = server.base + "/rovers/curiosity/photos?sol=%d" % sol
                ours[size] = measure([ROVERS, "photos", "curiosity", "--sol", str(sol), "--json"],
                                     runs, server.env).wall
                server.requests()
                run([ROVERS, "photos", "curiosity", "--sol", str(sol), "--json"], server.env)
                requests[size] = len(server.requests())
                theirs[size] = measure(pipe("curl -s '%s'" % url, "jq ."), runs).wall
    ratio = ours[100_000] / theirs[100_000]
    report.add("`photos` of one sol, original shape (--json)", "10k / 100k photos",
               "%s / %s, %d and %d requests" % (ms(ours[10_000]), ms(ours[100_000]),
                                                 requests[10_000], requests[100_000]),
               exponent(ours[10_000], ours[100_000]),
               "`curl \\| jq .`, %s" % ms(theirs[100_000]), ratio, "≤ 1.2×, one request",
               ratio <= 1.2 and requests[100_000] == 1)


def stale_count(report, runs):
    """Mars Vista paging when the totals claim 30% of the pages there are, against fresh
    totals, 100 ms per answer."""
    ratios = {}
    with Scratch() as scratch:
        counts = {1: 280, 2: 2800}
        fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), counts, counts)
        for sol, size in counts.items():
            pages = size // 100
            stale = pages - max(1, pages * 3 // 10)
            command = [ROVERS, "photos", "curiosity", "--sol", str(sol), "--json"]
            timings = []
            for extra in ([], ["--stale-pages", str(stale)]):
                with Server(fixtures, "--shape", "marsvista", "--latency", "100", *extra) as server:
                    env = dict(server.env, ROVERS_API_KEY="bench-key-0000")
                    timings.append(measure(command, runs, env).wall)
            ratios[size] = (timings[1], timings[0])
    (small, _), (large, fresh) = ratios[280], ratios[2800]
    report.add_timed("Mars Vista pages under a stale count (claims 30%)", "3 / 28 pages",
                     small, large, "fresh count, %s", fresh, 1.2)


def manifest_json(report, runs):
    """manifest --json of 10k and 100k sols against curl | jq -S, with peak memory."""
    with Scratch() as scratch:
        ours, theirs, peaks = {}, {}, {}
        for sols in (10_000, 100_000):
            counts = {sol: 1 + sol % 97 for sol in range(sols)}
            fixtures = synthetic.fixtures(os.path.join(scratch, "fx%d" % sols), counts, {})
            with Server(fixtures) as server:
                result = measure([ROVERS, "manifest", "curiosity", "--json"], runs, server.env,
                                 peak=True)
                ours[sols], peaks[sols] = result.wall, result.peak
                theirs[sols] = measure(pipe("curl -s '%s/manifests/curiosity'" % server.base,
                                            "jq -S ."), runs).wall
    ratio = ours[100_000] / theirs[100_000]
    report.add("`manifest --json`", "10k / 100k sols",
               "%s / %s, peak %s / %s" % (ms(ours[10_000]), ms(ours[100_000]),
                                          mib(peaks[10_000]), mib(peaks[100_000])),
               exponent(ours[10_000], ours[100_000]), "`curl \\| jq -S .`, %s" % ms(theirs[100_000]),
               ratio, "≤ 1.0×", ratio <= 1.0)


def cold_cache(report, runs):
    """A manifest of 10k and 100k sols into an empty cache, against --no-cache."""
    with Scratch() as scratch:
        home = os.path.join(scratch, "home")
        trash = os.path.join(scratch, "trash")
        ours, theirs = {}, {}
        for sols in (10_000, 100_000):
            counts = {sol: 1 + sol % 97 for sol in range(sols)}
            fixtures = synthetic.fixtures(os.path.join(scratch, "fx%d" % sols), counts, {})
            with Server(fixtures) as server:
                env = dict(server.env, HOME=home, XDG_CACHE_HOME=os.path.join(home, "cache"))
                command = [ROVERS, "manifest", "curiosity", "--json"]
                # Taken in turn, each run with a new home and the last one's set aside, not
                # deleted: one after the other, with the cache deleted before each run, the
                # ratio swung 0.99-1.52x with the same code.
                ours[sols], theirs[sols] = measure_interleaved(
                    [(command, set_aside(home, trash)),
                     (command + ["--no-cache"], set_aside(home, trash))], runs * 2, env,
                    peak=True)
    ratio = ours[100_000].wall / theirs[100_000].wall
    report.add("cold cache (`manifest --json`)", "10k / 100k sols",
               "%s / %s, peak %s" % (ms(ours[10_000].wall), ms(ours[100_000].wall),
                                     mib(ours[100_000].peak)),
               exponent(ours[10_000].wall, ours[100_000].wall),
               "`--no-cache`, %s, peak %s" % (ms(theirs[100_000].wall), mib(theirs[100_000].peak)),
               ratio, "≤ 1.1×, no extra peak",
               ratio <= 1.1 and (ours[100_000].peak or 0) <= (theirs[100_000].peak or 0) * 1.05)


def with_key(report, runs):
    """photos --json of 10k and 100k photos with an API key, against without."""
    with Scratch() as scratch:
        counts = {1: 10_000, 2: 100_000}
        fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), counts, counts)
        ours, theirs = {}, {}
        with Server(fixtures) as server:
            for sol, size in counts.items():
                command = [ROVERS, "photos", "curiosity", "--sol", str(sol), "--json"]
                theirs[size] = measure(command, runs, server.env).wall
                ours[size] = measure(command, runs,
                                     dict(server.env, ROVERS_API_KEY="bench-key-0000")).wall
    report.add_timed("a key given (`photos --json`)", "10k / 100k photos", ours[10_000],
                     ours[100_000], "no key, %s", theirs[100_000], 1.05)


def feeds(report, runs):
    """photos of one Perseverance sol from NASA's feeds, 100 ms per answer, against the
    fewest round trips it could take."""
    with Server(os.path.join(ROOT, "Fixtures"), "--shape", "nasa", "--latency", "100") as server:
        env = dict(ENV, ROVERS_SOURCE="nasa", ROVERS_NASA_BASE="http://127.0.0.1:%d" % server.port)
        command = [ROVERS, "photos", "perseverance", "--sol", "890", "--json"]
        ours = measure(command, runs, env)
        server.requests()
        run(command, env)
        requests = len(server.requests())
    # The feed answers a sol in pages of 100 with its total on every page: page 0, then the
    # rest at once. Two round trips.
    ideal = 0.2
    ratio = ours.wall / ideal
    report.add("`photos perseverance --sol 890 --source nasa`", "one sol",
               "%s, %d requests" % (ms(ours.wall), requests), None,
               "ideal: 2 round trips, %s" % ms(ideal), ratio, "≤ 1.2×", ratio <= 1.2)


def nasa_host(report, runs):
    """photos --json of one sol with NASA's host unresolvable and hanging, against the same
    command with --source api, taken in turn in one run: NASA's host only ever adds, and
    never more than 2 s."""
    fixtures = os.path.join(ROOT, "Fixtures")
    with Server(fixtures) as api, \
            Server(fixtures, "--shape", "nasa", "--latency", "600000") as hanging, \
            Scratch() as scratch:
        command = [ROVERS, "photos", "perseverance", "--sol", "100", "--json"]
        # No cache: every run asks what the first asked, as a cold cron run does.
        env = dict(api.env, ROVERS_SOURCE="auto", XDG_CACHE_HOME=os.path.join(scratch, "cache"))
        cases = [
            (command + ["--source", "api", "--no-cache"], None, env),
            (command + ["--no-cache"], None, dict(env, ROVERS_NASA_BASE="http://nasa-host.invalid")),
            (command + ["--no-cache"], None,
             dict(env, ROVERS_NASA_BASE="http://127.0.0.1:%d" % hanging.port)),
        ]
        alone, unresolvable, hung = measure_interleaved(cases, runs)
    ratio = unresolvable.wall / alone.wall
    report.add("`photos --json`, NASA's host unresolvable", "one sol", ms(unresolvable.wall),
               None, "`--source api`, %s" % ms(alone.wall), ratio, "≤ 1.2×", ratio <= 1.2)
    added = hung.wall - alone.wall
    report.add("`photos --json`, NASA's host hanging", "one sol", ms(hung.wall), None,
               "`--source api`, %s" % ms(alone.wall), hung.wall / alone.wall,
               "≤ API + 2.2 s (+%.2f s)" % added, added <= 2.2)
