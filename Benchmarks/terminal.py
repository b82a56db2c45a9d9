"""The process and the screen: start-up against curl, a key press in browse."""

import os
import statistics
import subprocess

from measuring import ENV, RELEASE, ROOT, Scratch, exponent, ms, run


def startup(report, runs):
    """rovers --version as make install leaves it, against curl --version: many short runs,
    the two interleaved so that a busy moment of the machine falls on both alike."""
    with Scratch() as prefix:
        subprocess.run(["make", "-s", "install", "PREFIX=" + prefix], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        installed = os.path.join(prefix, "bin", "rovers")
        linked = subprocess.run(["ldd", installed], capture_output=True, text=True).stdout
        swift_free = "swift" not in linked.lower()
        env = dict(ENV, LD_LIBRARY_PATH="")
        ours, theirs = [], []
        for _ in range(runs * 40):
            ours.append(run([installed, "--version"], env).wall)
            theirs.append(run(["curl", "--version"]).wall)
    ours, theirs = statistics.median(ours), statistics.median(theirs)
    ratio = ours / theirs
    report.add("start-up, `rovers --version` (make install)", "–",
               "%s%s" % (ms(ours, 1), ", no Swift library linked" if swift_free
                         else ", LINKS A SWIFT LIBRARY"), None,
               "`curl --version`, %s" % ms(theirs, 1), ratio, "≤ 0.4×", ratio <= 0.4 and swift_free)


def browse_keys(report, runs):
    """One key press in the browser, applied to the state and drawn off-screen on 120 x 40,
    with 400 and 4,000 sols listed: the CPU of a key against a frame (16 ms), and whether it
    grows with the list."""
    bench = os.path.join(RELEASE, "browse-bench")
    per_key = {}
    for sols in (400, 4000):
        times = []
        for _ in range(max(3, runs)):
            out = run([bench, str(sols), "1000"], capture=True).stdout.decode().split()
            times.append(float(out[0]))
        per_key[sols] = min(times)
    ratio = per_key[4000] / 16.0
    report.add("`browse` a key press, state and off-screen frame (120×40)", "400 / 4,000 sols",
               "%.3f / %.3f ms" % (per_key[400], per_key[4000]),
               exponent(per_key[400], per_key[4000]), "one frame, 16 ms", ratio, "< 1× (16 ms)",
               ratio < 1)
