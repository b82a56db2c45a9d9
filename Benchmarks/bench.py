#!/usr/bin/env python3
"""make bench: rovers against the ideal and against the tools people would use instead.

Builds release binaries, starts the fixture server with injected latency, and times each
scenario several times in one run on this machine. Every figure that matters is a ratio
between two timings taken here and now: absolute times drift between machines and runs.
Writes the table to Benchmarks/results.md as well as printing it.

    python3 Benchmarks/bench.py [--runs N] [--latency MS]
"""

import argparse
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")
ROVERS = os.path.join(RELEASE, "rovers")
SERVER = os.path.join(RELEASE, "fixture-server")
# No HOME and no XDG_CACHE_HOME: the response cache stays off, so every run goes to the
# server and the timings measure the network path, not the cache.
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_PROXY": "*", "no_proxy": "*"}


def run_timed(command, env=None, cwd=None):
    """Runs a command; returns (seconds, peak RSS in MB, exit status)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env or ENV, cwd=cwd)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    return elapsed, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def measure(command, runs, env=None, before=None):
    """The median time and the largest peak RSS over `runs` runs; `before` runs untimed first."""
    times, peaks = [], []
    for _ in range(runs):
        if before:
            before()
        seconds, peak, status = run_timed(command, env)
        if status != 0:
            raise SystemExit("bench: %s exited %d" % (" ".join(command), status))
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), max(peaks)


class Server:
    """The fixture server on a free port, for the length of a `with` block."""

    def __init__(self, *options):
        self.folder = tempfile.mkdtemp(prefix="rovers-bench-")
        port_file = os.path.join(self.folder, "port")
        self.process = subprocess.Popen(
            [SERVER, "--fixtures", os.path.join(ROOT, "Fixtures"), "--port-file", port_file]
            + list(options), stdout=subprocess.DEVNULL)
        for _ in range(400):
            if os.path.exists(port_file):
                break
            time.sleep(0.025)
        with open(port_file) as f:
            self.port = int(f.read())
        self.base = "http://127.0.0.1:%d/api/v1" % self.port

    def __enter__(self):
        return self

    def __exit__(self, *error):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def sequential_curl(urls, headers=()):
    """The same requests one after another: what a shell loop over curl does."""
    script = "; ".join("curl -s -o /dev/null %s '%s'" % (" ".join("-H '%s'" % h for h in headers), u)
                       for u in urls)
    return ["sh", "-c", script]


def row(name, ours, ideal, other_name, other, peak=None, note=""):
    return {"name": name, "ours": ours, "ideal": ideal, "other_name": other_name,
            "other": other, "peak": peak, "note": note}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--latency", type=int, default=200, help="ms added to each API answer")
    args = parser.parse_args()
    runs, latency = max(5, args.runs), args.latency / 1000.0

    print("bench: building release binaries…", file=sys.stderr)
    for product in ["rovers", "fixture-server"]:
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
    has_curl = shutil.which("curl") is not None
    rows = []
    env = lambda base: dict(ENV, ROVERS_API_BASE=base)

    with Server("--latency", str(args.latency)) as server:
        print("bench: latest and manifest, %d ms per answer…" % args.latency, file=sys.stderr)
        names = ["curiosity", "spirit", "opportunity", "perseverance"]
        ours, _ = measure([ROVERS, "latest"], runs, env(server.base))
        urls = [server.base + "/rovers"] + [server.base + "/rovers/%s/latest_photos" % n for n in names]
        other = measure(sequential_curl(urls), runs)[0] if has_curl else None
        rows.append(row("rovers latest (4 rovers)", ours, 2 * latency, "curl, one after another", other))
        ours, peak = measure([ROVERS, "manifest"], runs, env(server.base))
        urls = [server.base + "/rovers"] + [server.base + "/manifests/%s" % n for n in names]
        other = measure(sequential_curl(urls), runs)[0] if has_curl else None
        rows.append(row("rovers manifest (all 4)", ours, 2 * latency, "curl, one after another", other, peak))

    with Server("--latency", str(args.latency), "--shape", "marsvista") as server:
        print("bench: 9 pages of 100 in the Mars Vista shape…", file=sys.stderr)
        command = [ROVERS, "photos", "curiosity", "--sol", "1000", "--json", "--api-key", "bench"]
        ours, _ = measure(command, runs, env(server.base))
        urls = [server.base + "/rovers/curiosity/photos?sol=1000&page=%d&per_page=100" % p for p in range(1, 10)]
        other = measure(sequential_curl(urls, ["X-API-Key: bench"]), runs)[0] if has_curl else None
        rows.append(row("rovers photos curiosity --sol 1000 (Mars Vista, 9 pages)", ours, 2 * latency,
                        "curl, one page after another", other))

    with Server("--latency", "100", "--serve-images", "--image-latency", "100") as server:
        print("bench: download of 49 images at 100 ms each…", file=sys.stderr)
        target = tempfile.mkdtemp(prefix="rovers-bench-dl-")
        clear = lambda: (shutil.rmtree(target, ignore_errors=True), os.makedirs(target))
        command = [ROVERS, "download", "perseverance", "--sol", "100", "-j", "8", "-o", target, "-q"]
        ours, peak = measure(command, runs, env(server.base), before=clear)
        other = None
        if has_curl:
            listing = subprocess.run([ROVERS, "photos", "perseverance", "--sol", "100", "--json"],
                                     env=env(server.base), capture_output=True, check=True).stdout
            import json
            sources = [p["img_src"] for p in json.loads(listing)]
            config = os.path.join(target + "-curl.txt")
            with open(config, "w") as f:
                for index, source in enumerate(sources):
                    f.write('url = "%s"\noutput = "%s/%d.jpg"\n' % (source, target, index))
            # curl is given the same work: the photo list first, then the images.
            listing_url = server.base + "/rovers/perseverance/photos?sol=100"
            both = "curl -s -o /dev/null '%s' && curl -s --parallel --parallel-immediate" \
                   " --parallel-max 8 -K '%s'" % (listing_url, config)
            other, _ = measure(["sh", "-c", both], runs, before=clear)
        shutil.rmtree(target, ignore_errors=True)
        rows.append(row("rovers download perseverance --sol 100 -j 8 (49 images)", ours,
                        (-(-49 // 8) + 2) * 0.1, "curl: the list, then --parallel-max 8", other, peak))

    with Server() as server:
        print("bench: decoding the 2281-sol manifest…", file=sys.stderr)
        ours, peak = measure([ROVERS, "manifest", "curiosity", "--json"], runs, env(server.base))
        body = os.path.join(ROOT, "Fixtures", "real-api", "manifest_curiosity_maxsol2540_2019-09-28.json")
        others = []
        if shutil.which("jq"):
            others.append(("jq length", measure(["jq", ".photo_manifest.photos | length", body], runs)[0]))
        others.append(("python3 -m json.tool", measure([sys.executable, "-m", "json.tool", body], runs)[0]))
        for index, (name, seconds) in enumerate(others):
            rows.append(row("rovers manifest curiosity --json (2281 sols, no latency)" if index == 0
                            else "  the same, against " + name, ours, None, name, seconds,
                            peak if index == 0 else None))

    print("bench: start-up…", file=sys.stderr)
    ours, _ = measure([ROVERS, "--version"], runs * 4)
    rows.append(row("rovers --version", ours, None, "/bin/true", measure(["/bin/true"], runs * 4)[0]))

    report = render(rows, runs, args.latency)
    print(report)
    with open(os.path.join(ROOT, "Benchmarks", "results.md"), "w") as f:
        f.write(report)


def render(rows, runs, latency):
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    ms = lambda s: "%.0f ms" % (s * 1000) if s is not None else "–"
    ratio = lambda a, b: "%.2f×" % (a / b) if a and b else "–"
    lines = [
        "# rovers benchmarks", "",
        "Measured by `make bench` on %s: %d cores, %s, %s, Swift release build." % (
            datetime.date.today().isoformat(), os.cpu_count(), cpu, platform.system()),
        "Each time is the median of %d runs (start-up: %d); the fixture server adds %d ms to every"
        " API answer unless the scenario says otherwise. Ratios are what to read: both sides of"
        " each were timed in the same run on the same machine." % (runs, runs * 4, latency), "",
        "| scenario | rovers | ideal | rovers ÷ ideal | compared with | its time | it ÷ rovers | peak memory |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], ms(r["ours"]), ms(r["ideal"]), ratio(r["ours"], r["ideal"]), r["other_name"],
            ms(r["other"]), ratio(r["other"], r["ours"]),
            "%.1f MB" % r["peak"] if r["peak"] else "–"))
    lines += ["", "Ideal: the unavoidable round trips times the injected latency (the rovers list,"
              " then every rover at once; the first page, then the rest at once; ceil(49/8) image"
              " waves plus 2). \"it ÷ rovers\" above 1 means rovers was faster.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
