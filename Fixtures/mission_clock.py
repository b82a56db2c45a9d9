"""The missions' clocks, for the fixture generators: the UTC at which a mission's clock reads a
sol and local time, so that every made feed record holds its clock as real ones do.

The constants are ../shared/MARSTIME.md's, as Sources/MarsTime/MissionClock.swift keeps them;
MarsClockTests checks every record against that clock, so the two cannot drift apart."""

import datetime
import math

# Each mission's clock as an offset from the Mars Sol Date (MARSTIME.md): sol and fraction =
# MSD + offset. Ingenuity keeps Perseverance's.
CLOCK_OFFSETS = {"Perseverance": 77.4277 / 360 - 52304, "Curiosity": 137.414 / 360 - 49269,
                 "InSight": 135.9719 / 360 - 51511}
# TAI - UTC from these dates on (the fixtures' sols are all after 2012).
LEAP_SECONDS = [("2012-07-01", 35), ("2015-07-01", 36), ("2017-01-01", 37)]


def clock_utc(mission, mars, whole_seconds=False):
    """The UTC a mission's clock reads `Sol-00100M06:00:00.000` at, as `2021-05-31T...`, in
    milliseconds, or raised to the next whole second."""
    sol, time = mars[4:].split("M")
    hours, minutes, seconds = (float(part) for part in time.split(":"))
    fraction = (hours + minutes / 60 + seconds / 3600) / 24
    msd = int(sol) + fraction - CLOCK_OFFSETS[mission]
    julian_tt = (msd - 44796.0 + 0.0009626) * 1.0274912517 + 2451549.5
    terrestrial = (julian_tt - 2440587.5) * 86400
    moment = terrestrial
    for _ in range(2):
        day = datetime.datetime.fromtimestamp(moment, datetime.timezone.utc).strftime("%Y-%m-%d")
        leap = max([count for start, count in LEAP_SECONDS if start <= day] or [34])
        moment = terrestrial - 32.184 - leap
    if whole_seconds:
        moment = float(math.ceil(moment))
    taken = datetime.datetime.fromtimestamp(moment, datetime.timezone.utc)
    return taken.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (taken.microsecond // 1000)
