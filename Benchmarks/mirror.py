"""The mirror's own costs: sync state written, a run into a large mirror, nothing-new runs."""

import os
import shutil
import sys

import synthetic
from measuring import ROVERS, Scratch, Server, exponent, kib, measure, measure_interleaved, ms, run, set_aside


STATE_FILES = ("rovers-sync.journal", "rovers-sol.json", "rovers-manifest.json", "rovers-gallery")


def state_bytes(command, env, target):
    """Bytes a command writes to the sync state files under `target`: counted per file by
    strace where it is installed, else every byte the process wrote less the images it left
    (which also counts the runtime's own eventfd wake-ups, so it over-states)."""
    if not shutil.which("strace"):
        result = run(command, env)
        images = sum(os.path.getsize(os.path.join(folder, name))
                     for folder, _, files in os.walk(target) for name in files
                     if not name.startswith("."))
        return result.status, result.written - images, "all writes less images"
    trace = target + ".trace"
    result = run(["strace", "-f", "-y", "-qq", "-e", "trace=write,pwrite64,writev,pwritev",
                  "-o", trace] + command, env)
    written, pending = 0, {}
    with open(trace) as f:
        for line in f:
            pid = line.split(None, 1)[0]
            opened = line.find("<")
            if "resumed>" not in line and opened >= 0:
                pending[pid] = line[opened + 1:line.find(">", opened)]
            path = pending.get(pid, "")
            if " = " in line and not line.rstrip().endswith("...>"):
                count = line.rsplit(" = ", 1)[1].split()[0]
                if path.startswith(target) and any(n in path for n in STATE_FILES) \
                        and count.isdigit():
                    written += int(count)
                pending.pop(pid, None)
    os.remove(trace)
    return result.status, written, "counted per file by strace"


def sync_state_bytes(report, runs):
    """sync of N new sols: bytes of state written, against the size of the state it leaves."""
    measured = {}
    for sols in (100, 1000):
        with Scratch() as scratch:
            counts = {sol: 1 for sol in range(sols)}
            fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), counts, counts)
            target = os.path.join(scratch, "mirror")
            with Server(fixtures, "--serve-images") as server:
                status, written, how = state_bytes(
                    [ROVERS, "sync", "curiosity", "--since-sol", "0", "-o", target, "-q"],
                    server.env, target)
            if status != 0:
                raise SystemExit("bench: sync of %d sols exited %d" % (sols, status))
            state = sum(os.path.getsize(os.path.join(folder, name))
                        for folder, _, files in os.walk(target) for name in files
                        if any(n in name for n in STATE_FILES))
            measured[sols] = (written, state)
    (small, _), (large, large_ideal) = measured[100], measured[1000]
    ratio = large / large_ideal
    report.add("`sync` of 1000 new sols: state bytes written (%s)" % how, "100 / 1000 sols",
               "%s / %s" % (kib(small), kib(large)), exponent(small, large),
               "ideal: the state it leaves, %s" % kib(large_ideal), ratio, "≤ 1.3×, exponent 1",
               ratio <= 1.3 and exponent(small, large) < 1.2)


def history(report, runs):
    """100 new sols into a mirror whose journal records 70k or 700k photos, against the same
    100 sols into an empty folder."""
    new = {sol: 2 for sol in range(5000, 5100)}
    timings = {}
    for old_sols in (460, 4600):
        with Scratch() as scratch:
            old = {sol: 152 for sol in range(old_sols)}
            fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), {**old, **new}, new)
            mirror = os.path.join(scratch, "mirror")
            empty = os.path.join(scratch, "empty")
            trash = os.path.join(scratch, "trash")
            # Each run's folders are new and the last run's only set aside: deleting them
            # between runs made the ratio ext4's (1.0–1.9× with the same binary, the mirror's
            # sync paying for the deletions just before it).
            mirror_aside = set_aside(mirror, trash)

            def fresh_mirror():
                mirror_aside()
                synthetic.mirror(mirror, old)

            with Server(fixtures, "--serve-images") as server:
                ours, base = measure_interleaved(
                    [([ROVERS, "sync", "curiosity", "-o", mirror, "-q"], fresh_mirror),
                     ([ROVERS, "sync", "curiosity", "--since-sol", "5000", "-o", empty, "-q"],
                      set_aside(empty, trash))], runs * 2, server.env)
            timings[old_sols] = (ours.wall, base.wall)
    (small, _), (large, empty_time) = timings[460], timings[4600]
    report.add_timed("100 new sols into a mirror recording 700k photos", "70k / 700k photos",
                     small, large, "the same into an empty folder, %s", empty_time, 1.2)


def nothing_new(report, runs):
    """A nothing-new sync and a download of a sol already there, in folders of 25, 30k and
    300k files."""
    sols = {sol: 300 for sol in range(999)}
    sols[999] = 25
    with Scratch() as scratch:
        fixtures = synthetic.fixtures(os.path.join(scratch, "fx"), sols, {999: 25})
        with Server(fixtures, "--serve-images") as server:
            folders = {}
            for files, filled in ((25, range(0)), (30_000, range(899, 999)), (300_000, range(999))):
                folder = os.path.join(scratch, "m%d" % files)
                synthetic.mirror(folder, sols)
                for sol in filled:
                    synthetic.filler(folder, sol, 300)
                download = run([ROVERS, "download", "curiosity", "--sol", "999", "-o", folder, "-q"],
                               server.env)
                if download.status != 0:
                    raise SystemExit("bench: download into the %d-file mirror failed" % files)
                folders[files] = folder
            check = run([ROVERS, "sync", "curiosity", "-o", folders[300_000]], server.env, True)
            server.requests()
            manifest = measure(["curl", "-s", "-o", "/dev/null", server.base +
                                "/manifests/curiosity"], runs)
            for name, command in (
                    ("sync", [ROVERS, "sync", "curiosity", "-q", "-o"]),
                    ("download", [ROVERS, "download", "curiosity", "--sol", "999", "-q", "-o"])):
                sizes = list(folders)
                results = measure_interleaved(
                    [(command + [folders[files]], None) for files in sizes], runs * 2, server.env)
                times = {files: result.wall for files, result in zip(sizes, results)}
                report.add_timed(
                    "nothing-new `%s`, folder of 300k files" % name, "30k / 300k files",
                    times[30_000], times[300_000],
                    "25 files, %%s (the manifest alone by curl: %s)" % ms(manifest.wall),
                    times[25], 1.2)
    if b"nothing new" not in check.stdout:
        print("bench: warning: the 300k-file mirror was not nothing-new", file=sys.stderr)
