#!/usr/bin/env python3
"""make bench: how rovers' costs grow with the size of the work, and how it compares.

Every case runs at two sizes 10x apart on data generated for it (Benchmarks/synthetic.py),
served by the fixture server on 127.0.0.1. Each row gives the measured growth exponent
(log of the ratio of costs over log 10: 1.0 is linear, 0 is flat) and the ratio to the
baseline that matters for it: the ideal, the same case on an empty folder, or the tool people
would use instead (curl, jq). Both sides of every ratio are measured in the same run on the
same machine; absolute times are printed but are not the point.

Writes the report to .build/bench/results.md (ignored by git) and prints it.

    python3 Benchmarks/bench.py [--runs N] [--only NAME]

This file is the entry point: the cases live in modules by what they measure (mirror.py,
answers.py, downloads.py, gallery.py, terminal.py, pictures.py, develop.py, panorama.py,
catalog.py, terrain.py), on the tools of measuring.py
and the data of synthetic.py.
"""

import argparse
import datetime
import os
import platform
import shutil
import sys

from catalog import searches as catalog_searches, sync as catalog_sync
from answers import (cold_cache, feeds, manifest_json, nasa_host, one_sol_original, stale_count,
                     with_key)
from develop import develop
from downloads import download, download_runs
from gallery import gallery, place
from mirror import history, nothing_new, sync_state_bytes
from panorama import jpeg, panorama
from pictures import movie, show_decode, show_sheet, stereo_anaglyph
from terminal import browse_keys, startup
from terrain import terrain
from measuring import RESULTS, ROOT, Report, SERVER, prepare_rovers

CASES = [("sync", sync_state_bytes), ("history", history), ("nothing-new", nothing_new),
         ("photos", one_sol_original), ("stale", stale_count), ("manifest", manifest_json),
         ("cache", cold_cache), ("key", with_key), ("download", download), ("feeds", feeds),
         ("nasa-host", nasa_host),
         ("gallery", gallery), ("place", place), ("startup", startup), ("show-decode", show_decode),
         ("show-sheet", show_sheet), ("stereo", stereo_anaglyph), ("movie", movie), ("develop", develop),
         ("browse-keys", browse_keys), ("panorama", panorama), ("jpeg", jpeg),
         ("catalog-search", catalog_searches), ("catalog-sync", catalog_sync),
         ("terrain", terrain)]


def render(report, runs):
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    lines = [
        "# rovers benchmarks", "",
        "Measured by `make bench` on %s: %d cores, %s, %s %s, release build with the Swift "
        "runtime linked in, stripped as `make install` installs it."
        % (datetime.date.today().isoformat(), os.cpu_count(), cpu, platform.system(),
           platform.release()),
        "Each time is the median of %d runs after a warm-up (the gallery: %d; downloads: %d, "
        "interleaved with curl's; start-up: %d, interleaved with curl's). Exponent: how the cost grew between the two sizes, 10x apart (1 is "
        "linear, 0 flat). Ratio: rovers against the baseline named, at the larger size; both "
        "sides measured in this run." % (runs, max(3, runs // 2), download_runs(runs), runs * 40), "",
        "| case | sizes | rovers | exponent | against | ratio | goal | met |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for case, sizes, ours, growth, against, ratio, goal, met, _ in report.rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            case, sizes, ours, "–" if growth is None else "%.2f" % growth, against,
            "–" if ratio is None else ratio if isinstance(ratio, str) else "%.2f×" % ratio, goal,
            "–" if met is None else "yes" if met else "**no**"))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", action="append", choices=[name for name, _ in CASES])
    args = parser.parse_args()
    if not os.access(SERVER, os.X_OK):
        raise SystemExit("bench: %s is missing; run `make bench`, which builds it" % SERVER)
    prepare_rovers()
    for tool in ("curl", "jq"):
        if not shutil.which(tool):
            raise SystemExit("bench: %s is needed as the peer to compare with" % tool)
    report = Report()
    for name, case in CASES:
        if not args.only or name in args.only:
            print("bench: %s…" % name, file=sys.stderr)
            case(report, args.runs)
    text = render(report, args.runs)
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    with open(RESULTS, "w") as f:
        f.write(text)
    print(text)
    print("bench: written to %s" % os.path.relpath(RESULTS, ROOT), file=sys.stderr)


if __name__ == "__main__":
    main()
