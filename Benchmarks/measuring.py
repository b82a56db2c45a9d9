"""What every case of make bench measures with: running a command and timing it, the fixture
server, scratch folders, and the report's rows."""

import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")
# The binary people run is the one `make install` puts in place: the release build, stripped.
# The bench runs that (prepare_rovers makes it): the symbols and debug sections of the build
# (more than half of its 40 MB) cost a third of a millisecond at every start.
BUILT_ROVERS = os.path.join(RELEASE, "rovers")
ROVERS = os.path.join(ROOT, ".build", "bench", "bin", "rovers")
SERVER = os.path.join(RELEASE, "fixture-server")
RESULTS = os.path.join(ROOT, ".build", "bench", "results.md")
# No HOME and no XDG_CACHE_HOME: the response cache stays off unless a case turns it on, and
# ROVERS_SOURCE=api keeps every answer on the fixture server.
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_PROXY": "*", "no_proxy": "*",
       "ROVERS_SOURCE": "api"}


def prepare_rovers():
    """Installs the release binary, stripped, where ROVERS names it, as `make install` does."""
    if not os.access(BUILT_ROVERS, os.X_OK):
        raise SystemExit("bench: %s is missing; run `make bench`, which builds it" % BUILT_ROVERS)
    os.makedirs(os.path.dirname(ROVERS), exist_ok=True)
    subprocess.run(["install", "-s", "-m", "755", BUILT_ROVERS, ROVERS], check=True)


class Result:
    """One run of a command: wall seconds, CPU seconds, peak memory (MiB), bytes it wrote."""

    def __init__(self, wall, cpu, peak, written, status, stdout):
        self.wall, self.cpu, self.peak, self.written = wall, cpu, peak, written
        self.status, self.stdout = status, stdout


TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run(command, env=None, capture=False, peak=False):
    """Runs a command to its end; reads its I/O counters before it is reaped.

    A child's ru_maxrss starts from the memory of the process that forked it: this script,
    which holds the generated data. With `peak`, the command runs under GNU time, a small
    process whose child's peak is the command's own."""
    out = subprocess.PIPE if capture else subprocess.DEVNULL
    peak_file = None
    if peak and TIME:
        handle, peak_file = tempfile.mkstemp(prefix="rovers-bench-peak-")
        os.close(handle)
        command = [TIME, "-f", "%M", "-o", peak_file] + command
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=out,
                             stderr=subprocess.STDOUT if capture else subprocess.DEVNULL,
                             env=env or ENV)
    stdout = child.stdout.read() if capture else b""
    # WNOWAIT leaves the child a zombie, whose /proc/<pid>/io still holds its totals.
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
    wall = time.perf_counter() - started
    written = 0
    try:
        with open("/proc/%d/io" % child.pid) as f:
            written = next(int(l.split()[1]) for l in f if l.startswith("wchar:"))
    except (OSError, StopIteration):
        pass
    _, status, usage = os.wait4(child.pid, 0)
    maxrss = None
    if peak_file:
        with open(peak_file) as f:
            text = f.read().split()
        os.remove(peak_file)
        # GNU time reports the command's exit status in a line of its own when it is not 0.
        maxrss = int(text[-1]) / 1024.0 if text and text[-1].isdigit() else None
    return Result(wall, usage.ru_utime + usage.ru_stime, maxrss, written,
                  os.waitstatus_to_exitcode(status), stdout)


def measure(command, runs, env=None, before=None, expect=0, peak=False):
    """The median wall and CPU time over `runs` runs, after one untimed warm-up; the largest
    peak memory. `before` runs before each, untimed."""
    results = []
    for index in range(runs + 1):
        if before:
            before()
        result = run(command, env, peak=peak)
        if result.status != expect:
            raise SystemExit("bench: `%s` exited %d" % (" ".join(command), result.status))
        if index > 0:
            results.append(result)
    return Result(statistics.median(r.wall for r in results),
                  statistics.median(r.cpu for r in results),
                  max((r.peak for r in results if r.peak is not None), default=None),
                  statistics.median(r.written for r in results), 0, b"")


def measure_interleaved(cases, runs, env=None, peak=False):
    """`measure` for several (command, before) or (command, before, env) cases taken in turn,
    run by run: a ratio between them then sees the same moment of a noisy machine (fsync
    latency here drifts by 2x over a minute, and ext4's inode allocator costs what the last
    deletions left it), which measuring one case after the other does not."""
    results = [[] for _ in cases]
    for index in range(runs + 1):
        for slot, case in enumerate(cases):
            command, before = case[0], case[1]
            if before:
                before()
            result = run(command, case[2] if len(case) > 2 else env, peak=peak)
            if result.status != 0:
                raise SystemExit("bench: `%s` exited %d" % (" ".join(command), result.status))
            if index > 0:
                results[slot].append(result)
    return [Result(statistics.median(r.wall for r in rs), statistics.median(r.cpu for r in rs),
                   max((r.peak for r in rs if r.peak is not None), default=None),
                   statistics.median(r.written for r in rs), 0, b"") for rs in results]


class Server:
    """The fixture server on a free port, for the length of a `with` block."""

    def __init__(self, fixtures, *options):
        self.folder = tempfile.mkdtemp(prefix="rovers-bench-server-")
        self.log = os.path.join(self.folder, "requests.log")
        port_file = os.path.join(self.folder, "port")
        self.process = subprocess.Popen(
            [SERVER, "--fixtures", fixtures, "--port-file", port_file, "--log", self.log]
            + list(options), stdout=subprocess.DEVNULL)
        for _ in range(800):
            if os.path.exists(port_file):
                break
            time.sleep(0.025)
        with open(port_file) as f:
            self.port = int(f.read())
        self.base = "http://127.0.0.1:%d/api/v1" % self.port
        self.env = dict(ENV, ROVERS_API_BASE=self.base)

    def requests(self):
        """The request targets logged so far, and forgets them."""
        with open(self.log) as f:
            lines = [l.split("\t")[1] for l in f if "\t" in l]
        open(self.log, "w").close()
        return lines

    def __enter__(self):
        return self

    def __exit__(self, *error):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


class Scratch:
    """A temporary folder removed at the end of a `with` block."""

    def __enter__(self):
        self.path = tempfile.mkdtemp(prefix="rovers-bench-")
        return self.path

    def __exit__(self, *error):
        shutil.rmtree(self.path, ignore_errors=True)


def exponent(small, large):
    """How cost grows with a size 10x larger: 1.0 linear, 2.0 quadratic, 0 flat."""
    return math.log10(large / small) if small > 0 and large > 0 else float("nan")


def set_aside(folder, trash):
    """Before each run, moves the last run's output into `trash`, removed when the case ends.

    Deleting thousands of files just before a run that makes as many costs the run more than
    its own work: ext4's inode allocator then looks past every recently deleted inode for each
    new one, for whoever runs next, and that cost swings by 2x from run to run. A mirror grows
    into fresh folders, so that is what the runs get."""
    def again():
        if os.path.exists(folder):
            os.makedirs(trash, exist_ok=True)
            os.rename(folder, os.path.join(trash, str(len(os.listdir(trash)))))
        os.makedirs(folder)
    return again


def pipe(*commands):
    return ["sh", "-c", " | ".join(commands)]


class Report:
    def __init__(self):
        self.rows = []

    def add(self, case, sizes, ours, exponent_value, against, ratio, goal, met, note=""):
        self.rows.append((case, sizes, ours, exponent_value, against, ratio, goal, met, note))
        print("bench: %s: %s, against %s, ratio %s (goal %s)%s" % (
            case, ours, against, ratio, goal, "" if met is not False else "  NOT MET"),
            file=sys.stderr)

    def add_timed(self, case, sizes, small, large, against, baseline, limit):
        """The plain row: wall times at the two sizes, against a baseline at the larger one,
        met when the ratio is at most `limit`."""
        ratio = large / baseline
        self.add(case, sizes, "%s / %s" % (ms(small), ms(large)), exponent(small, large),
                 against % ms(baseline), ratio, "≤ %g×" % limit, ratio <= limit)


# The cases: each returns nothing and adds its row to the report.

def ms(seconds, digits=0):
    return "%.*f ms" % (digits, seconds * 1000) if seconds < 10 else "%.1f s" % seconds


def mib(peak):
    return "–" if peak is None else "%.0f MiB" % peak


def kib(count):
    return "%.0f KiB" % (count / 1024)
