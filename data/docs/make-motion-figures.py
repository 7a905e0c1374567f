#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes the motion figures of the docs from the real app (`./meson-wrapper.sh docs`).

    make-motion-figures.py APP OUTPUT_DIR

Runs APP (the unfold binary) in the display it is given, ten times slower (the
main menu's Slow Motion) with the Motion Plot on, and does what a person does —
a key on a group, the same key again mid-way, a letter in the filter — while
it takes screenshots of the window. For each of an expand, a reversal and a
filter change it writes to OUTPUT_DIR a strip of frames (motion-NAME-frames.png),
each labelled with the motion time it shows, and the app's own Motion Plot once
the motion is over (motion-NAME-plot.png).

Needs xdotool, ImageMagick's import, convert and montage, and python3-gi with
AT-SPI (to find the window's parts, as a screen reader does).
"""
import os
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

SLOWDOWN = 10
# The reveal's and the list's full transitions, in ms of motion time.
REVEAL_MS = 250
LIST_MS = 220
# How long to wait for the app (on a loaded machine): a bound, not a pace.
PATIENCE = 60


def fail(message):
    sys.exit(f"make-motion-figures: {message}")


def run(*command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(command)} failed: {result.stderr.strip()}")
    return result.stdout


def wait_for(what, condition):
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    fail(f"gave up waiting for {what}")


class App:
    """The app on the display, its X window and its accessible tree."""

    def __init__(self, binary, directory, *arguments):
        # Its motion trace tells where a motion has got to.
        self.trace = os.path.join(directory, "trace.csv")
        self.process = subprocess.Popen(
            [binary, "--slow-motion", str(SLOWDOWN), "--motion-plot", "--motion-trace", self.trace, *arguments],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.window = run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)).split()[0]
        run("xdotool", "windowfocus", "--sync", self.window)
        self.accessible = wait_for("the app on the accessibility bus", self.find_application)
        # Ready once the plot says nothing moved yet.
        wait_for("the Motion Plot", lambda: self.find(lambda node: node.get_name() == "No animation yet"))

    def find_application(self):
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            application = desktop.get_child_at_index(index)
            if application is not None and application.get_process_id() == self.process.pid:
                return application
        return None

    def find(self, matches, node=None):
        node = node or self.accessible
        if matches(node):
            return node
        for index in range(node.get_child_count()):
            child = node.get_child_at_index(index)
            found = child is not None and self.find(matches, child)
            if found:
                return found
        return None

    def extents(self, name):
        node = wait_for(f"“{name}”", lambda: self.find(lambda n: n.get_name() == name))
        box = node.get_extents(Atspi.CoordType.WINDOW)
        return box.x, box.y, box.width, box.height

    def summary(self):
        """The plot's words once every animation in it has settled."""
        def settled():
            node = self.find(lambda n: n.get_name() == "Motion plot")
            text = node.get_description() if node else ""
            return text if text and "moving" not in text and "No animation" not in text else None
        return wait_for("the motion to settle", settled)

    def progress(self, group):
        """The last progress the trace gave for the reveal of `group`."""
        last = None
        with open(self.trace, encoding="utf-8") as trace:
            for line in trace:
                fields = line.rstrip("\n").split(",")
                if fields[1:3] == [group, "progress"]:
                    last = float(fields[3])
        return last

    def motion_start(self, after):
        """When the first frame of a motion after the moment `after` was
        drawn (the frame clock's time, which is Python's monotonic clock)."""
        def first():
            with open(self.trace, encoding="utf-8") as trace:
                next(trace)
                for line in trace:
                    moment = int(line.split(",", 1)[0]) / 1e6
                    if moment >= after:
                        return moment
            return None
        return wait_for("the motion's first frame", first)

    def motion_end(self):
        """When the last frame traced so far was drawn: the motion's end,
        once it settled."""
        with open(self.trace, encoding="utf-8") as trace:
            return int(trace.readlines()[-1].split(",", 1)[0]) / 1e6

    def key(self, *keys):
        run("xdotool", "key", "--window", self.window, *keys)

    def type(self, text):
        run("xdotool", "type", "--window", self.window, text)

    def shot(self, path):
        run("import", "-window", self.window, path)

    def close(self):
        self.process.terminate()
        self.process.wait()


def shoot(app, directory, shots):
    """One screenshot, added to `shots` as (time, path): stamped with the
    middle of its capture."""
    path = os.path.join(directory, f"shot-{len(shots):03}.png")
    before = time.monotonic()
    app.shot(path)
    shots.append(((before + time.monotonic()) / 2, path))


def capture(app, directory, until, shots=None):
    """Screenshots, as fast as they come, until the moment `until`."""
    shots = [] if shots is None else shots
    while time.monotonic() < until:
        shoot(app, directory, shots)
    return shots


def pick(shots, start, count, span):
    """The shots nearest `count` evenly spaced moments from `start` over `span` seconds."""
    chosen = []
    for index in range(count):
        moment = start + span * index / (count - 1)
        chosen.append(min(shots, key=lambda shot: abs(shot[0] - moment)))
    return chosen


def strip(chosen, start, crop, output, scale=100, columns=None):
    """The chosen shots in a row (or `columns` to a row), cropped to `crop`
    of the page and scaled to `scale` %, each labelled with the motion time
    it shows."""
    x, y, width, height = crop
    tiles = []
    for moment, path in chosen:
        milliseconds = round((moment - start) * 1000 / SLOWDOWN)
        tile = path.replace(".png", "-tile.png")
        run("convert", path, "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-resize", f"{scale}%", tile)
        tiles += ["-label", f"{milliseconds} ms", tile]
    run("montage", *tiles, "-tile", f"{columns or len(chosen)}x", "-geometry", "+6+6", "-font", "DejaVu-Sans",
        "-pointsize", "14", "-background", "white", output)


def plot(app, directory, output):
    """The app's Motion Plot, as it shows the motion just made."""
    path = os.path.join(directory, "plot.png")
    app.shot(path)
    x, y, width, height = app.extents("Motion plot")
    # With the caption under it (the plot's words).
    run("convert", path, "-crop", f"{width + 16}x{height + 40}+{max(0, x - 8)}+{y}", "+repage", output)


def page_crop(app, width=None, height=None):
    """The page's part of the window, under the header bar and above the
    plot: its first `width` and `height` pixels, or all of it."""
    _, header_y, _, header_height = app.extents("Main Menu")
    _, panel_y, _, _ = app.extents("Motion")
    window_width = int(run("xdotool", "getwindowgeometry", "--shell", app.window).split("WIDTH=")[1].split()[0])
    # (Clear of the header bar's edge and the window's border and shadow.)
    top, left = header_y + header_height + 16, 12
    return (left, top, min(width or window_width - 2 * left, window_width - 2 * left),
            min(height or panel_y - 12 - top, panel_y - 12 - top))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, output = sys.argv[1], sys.argv[2]
    os.makedirs(output, exist_ok=True)
    slow = SLOWDOWN / 1000  # seconds of real time per ms of motion time

    with tempfile.TemporaryDirectory() as work:
        def directory(name):
            path = os.path.join(work, name)
            os.mkdir(path)
            return path

        # An expand: Space on the first group.
        app = App(binary, directory("reveal"), "--page", "reveal")
        # The groups are at the page's top left: that corner, at full size.
        crop = page_crop(app, width=300, height=170)
        shots_directory = directory("expand")
        pressed = time.monotonic()
        app.key("space")
        shots = capture(app, shots_directory, pressed + REVEAL_MS * slow + 1)
        print("expand:", app.summary())
        started = app.motion_start(pressed)
        strip(pick(shots, started, 6, app.motion_end() - started), started, crop, os.path.join(output, "motion-expand-frames.png"),
              columns=3)
        plot(app, shots_directory, os.path.join(output, "motion-expand-plot.png"))

        # A reversal: Space again closes it, and Space once more, once it is
        # about half closed, opens it again from where it is, at the speed it has.
        shots_directory = directory("reversal")
        pressed = time.monotonic()
        app.key("space")
        shots = []
        while (app.progress("Collection") or 1) > 0.55:
            shoot(app, shots_directory, shots)
        turn = time.monotonic()
        app.key("space")
        capture(app, shots_directory, turn + REVEAL_MS * slow + 0.5, shots)
        print("reversal:", app.summary())
        started = app.motion_start(pressed)
        strip(pick(shots, started, 8, app.motion_end() - started), started, crop,
              os.path.join(output, "motion-reversal-frames.png"), columns=4)
        plot(app, shots_directory, os.path.join(output, "motion-reversal-plot.png"))
        app.close()

        # A filter change: a letter in the collection's filter.
        app = App(binary, directory("collection"), "--page", "collection")
        # The filter, its caption and the four rows, across the page.
        crop = page_crop(app, height=270)
        shots_directory = directory("filter")
        pressed = time.monotonic()
        app.type("o")
        shots = capture(app, shots_directory, pressed + LIST_MS * slow + 1)
        print("filter:", app.summary())
        started = app.motion_start(pressed)
        strip(pick(shots, started, 6, app.motion_end() - started), started, crop, os.path.join(output, "motion-filter-frames.png"),
              scale=60, columns=3)
        plot(app, shots_directory, os.path.join(output, "motion-filter-plot.png"))
        app.close()

if __name__ == "__main__":
    main()
