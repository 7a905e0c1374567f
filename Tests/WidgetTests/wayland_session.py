#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The app under Wayland as GNOME runs it: GNOME's compositor, mutter, headless.

    wayland_session.py walk DISPLAY PAGE -- APP [ARG ...]
        Tab round PAGE's window from its first stop and Shift+Tab back, with
        DISPLAY's keyboard (wayland: mutter's RemoteDesktop; x11: xdotool on
        the test session's X server); print each stop as a JSON line.
    wayland_session.py filter TEXT -- APP [ARG ...]
        type TEXT into the collection's filter under Wayland; print the count
        the app then gives assistive technologies (its AT-SPI tree).
    wayland_session.py reveal FOLDER -- APP [ARG ...]
        open the Reveal page's first group under Wayland with animations on,
        then, with GSettings' enable-animations turned off while the app runs,
        close and open it again; then on again, and close it. Frames of each
        as mutter's ScreenCast gives them, the row below's place in each
        printed as JSON lines ({"toggle": N, "animations": bool, "places": [y…]}),
        a PNG of each end state in FOLDER.

It runs in the test session (a session bus, an accessibility bus and a
runtime directory of its own: `./meson-wrapper.sh test`), where it starts
PipeWire, WirePlumber, `mutter --headless --wayland --no-x11` with one
virtual monitor and the settings portal (xdg-desktop-portal and its GTK
backend, over dconf), as a GNOME session has them. Keys go in through mutter's org.gnome.Mutter.RemoteDesktop
(as a remote desktop client sends them), pictures come out through
org.gnome.Mutter.ScreenCast and PipeWire (as a screen recorder takes them),
and what the app says comes through AT-SPI (as a screen reader reads it).
Waiting is on those, never on the clock; what never comes fails after a
patience. Exit status 1 with a message on stderr for anything that fails.
"""
import ctypes
import json
import os
import re
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

PATIENCE = 60 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))
WIDTH, HEIGHT = 1280, 800
PR_SET_PDEATHSIG = 1
# How long a screen must send no frame to be still: longer than a frame of
# the app's on a loaded machine.
QUIET = 1.0 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))

# X keysyms of the keys the walks press (xdotool's names).
KEYSYMS = {"Tab": 0xFF09, "Return": 0xFF0D, "Escape": 0xFF1B, "BackSpace": 0xFF08, "space": 0x20,
           "Up": 0xFF52, "Down": 0xFF54, "Left": 0xFF51, "Right": 0xFF53, "Home": 0xFF50, "End": 0xFF57,
           "shift": 0xFFE1, "ctrl": 0xFFE3, "alt": 0xFFE9, "F1": 0xFFBE}


class Failure(Exception):
    pass


def wait_for(what, condition, context=None):
    """Runs the main context until `condition()` holds; fails after PATIENCE."""
    context = context or GLib.MainContext.default()
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise Failure(f"waited {PATIENCE:.0f} s for {what}")
        # Events and D-Bus signals arrive through the main context; a short
        # timeout lets conditions that poll (a process, a file) be read again.
        source = GLib.timeout_source_new(50)
        source.set_callback(lambda *_: False)
        source.attach(context)
        context.iteration(True)
        source.destroy()


class Mutter:
    """GNOME's compositor, headless, with a remote desktop session for input
    and a screen cast of its monitor for pictures."""

    def __init__(self, logs):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        self.display = f"unfold-wayland-{os.getpid()}"
        self.log = open(os.path.join(logs, "wayland-session.log"), "w")
        self.processes = []
        self.start(["pipewire"])
        self.wait_for_file(os.path.join(os.environ["XDG_RUNTIME_DIR"], "pipewire-0"), "PipeWire's socket")
        self.start(["wireplumber"])
        self.start(["mutter", "--headless", "--wayland", "--no-x11", f"--wayland-display={self.display}",
                    "--virtual-monitor", f"{WIDTH}x{HEIGHT}"])
        for name in ("org.gnome.Mutter.RemoteDesktop", "org.gnome.Mutter.ScreenCast"):
            wait_for(f"{name} on the session bus", lambda name=name: self.has_owner(name) or self.check_running())
        # The settings portal, as a GNOME session runs it, serving GNOME's
        # settings store (dconf): GTK 4.24 under Wayland reads the desktop's
        # settings only through it, and without one takes GTK's defaults
        # (enable-animations off never reached it). Older GTKs read dconf
        # themselves. Its backend first, so that the portal finds it running.
        # A portal the session bus started on its own for an earlier app
        # (a GTK 4.24 app under X11 asks for one) reads the tests' settings,
        # not dconf, and would keep the name: it is ended first.
        portal_environment = dict(self.environment(), GSETTINGS_BACKEND="dconf", XDG_CURRENT_DESKTOP="GNOME")
        for command, name in (("/usr/libexec/xdg-desktop-portal-gtk", "org.freedesktop.impl.portal.desktop.gtk"),
                              ("/usr/libexec/xdg-desktop-portal", "org.freedesktop.portal.Desktop")):
            self.end_owner(name)
            process = self.start([command], portal_environment)
            wait_for(f"{name} on the session bus", lambda name=name: self.owned_by(name, process) or self.check_running())
        self.remote = self.call("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop",
                                "org.gnome.Mutter.RemoteDesktop", "CreateSession")[0]
        session_id = self.call("org.gnome.Mutter.RemoteDesktop", self.remote, "org.freedesktop.DBus.Properties", "Get",
                               GLib.Variant("(ss)", ("org.gnome.Mutter.RemoteDesktop.Session", "SessionId")))[0]
        cast = self.call("org.gnome.Mutter.ScreenCast", "/org/gnome/Mutter/ScreenCast", "org.gnome.Mutter.ScreenCast",
                         "CreateSession",
                         GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)))[0]
        stream = self.call("org.gnome.Mutter.ScreenCast", cast, "org.gnome.Mutter.ScreenCast.Session", "RecordMonitor",
                           GLib.Variant("(sa{sv})", ("Meta-0", {})))[0]
        nodes = []
        self.bus.signal_subscribe("org.gnome.Mutter.ScreenCast", "org.gnome.Mutter.ScreenCast.Stream",
                                  "PipeWireStreamAdded", stream, None, Gio.DBusSignalFlags.NONE,
                                  lambda *signal: nodes.append(signal[5].unpack()[0]))
        self.call("org.gnome.Mutter.RemoteDesktop", self.remote, "org.gnome.Mutter.RemoteDesktop.Session", "Start")
        wait_for("the screen cast's PipeWire stream", lambda: nodes)
        self.node = nodes[0]
        # Mutter makes its virtual keyboard at the first key event and loses
        # that event: a Shift, which types nothing.
        self.keysym(KEYSYMS["shift"], True)
        self.keysym(KEYSYMS["shift"], False)

    def start(self, argv, environment=None):
        process = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT, env=environment,
                                   preexec_fn=end_with_parent)
        self.processes.append(process)
        return process

    def check_running(self):
        for process in self.processes:
            if process.poll() is not None:
                raise Failure(f"{process.args[0]} ended ({process.returncode}): see {self.log.name}")
        return False

    def wait_for_file(self, path, what):
        wait_for(what, lambda: os.path.exists(path) or self.check_running())

    def has_owner(self, name):
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                         GLib.Variant("(s)", (name,)))[0]

    def owner_pid(self, name):
        if not self.has_owner(name):
            return None
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)))[0]

    def owned_by(self, name, process):
        return self.owner_pid(name) == process.pid

    def end_owner(self, name):
        """Ends whatever owns `name` on the test session's bus, and waits
        until the name is free."""
        pid = self.owner_pid(name)
        if pid is not None:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            wait_for(f"{name} to be free", lambda: not self.has_owner(name))

    def call(self, destination, path, interface, method, arguments=None):
        return self.bus.call_sync(destination, path, interface, method, arguments, None,
                                  Gio.DBusCallFlags.NONE, -1, None).unpack()

    def environment(self):
        """A Wayland client's environment: no X display to fall back on."""
        environment = dict(os.environ, GDK_BACKEND="wayland", WAYLAND_DISPLAY=self.display)
        environment.pop("DISPLAY", None)
        return environment

    def keysym(self, keysym, pressed):
        self.call("org.gnome.Mutter.RemoteDesktop", self.remote, "org.gnome.Mutter.RemoteDesktop.Session",
                  "NotifyKeyboardKeysym", GLib.Variant("(ub)", (keysym, pressed)))

    def key(self, combination):
        """Presses `combination` ("alt+2", "shift+Tab", "a") as a person does:
        modifiers down, the key down and up, modifiers up."""
        names = combination.split("+")
        keysyms = [KEYSYMS.get(name.lower() if name.lower() in ("shift", "ctrl", "alt") else name) or ord(name)
                   for name in names]
        for keysym in keysyms:
            self.keysym(keysym, True)
        for keysym in reversed(keysyms):
            self.keysym(keysym, False)

    def type(self, text):
        for character in text:
            self.key(character)

    def gst(self, *elements, buffers):
        """A gst-launch command that reads the screen cast into `elements`,
        once the cast's last reader has left it."""
        self.wait_for_a_still_cast()
        return ["gst-launch-1.0", "-q", "pipewiresrc", f"path={self.node}", "always-copy=true",
                f"num-buffers={buffers}", "!", "videoconvert", "!", *elements]

    def wait_for_a_still_cast(self):
        """Waits until the screen cast's last reader has left it. Mutter
        paints a frame for a reader only when its stream starts (and then as
        the screen changes); a reader that joins before PipeWire has paused
        the stream for the one before joins a stream already running, and on
        a still screen waits for a frame that never comes (a still picture
        taken just after the one before, once in CI on Debian 13). PipeWire
        tells the stream to pause when it sets the node idle, before it links
        a new reader."""
        def still():
            self.check_running()
            dump = subprocess.run(["pw-dump", str(self.node)], capture_output=True, text=True, timeout=PATIENCE)
            nodes = json.loads(dump.stdout or "[]") if dump.returncode == 0 else []
            states = [node.get("info", {}).get("state") for node in nodes if node.get("id") == self.node]
            if not states:
                raise Failure(f"no PipeWire node {self.node} for the screen cast (pw-dump: {dump.returncode})")
            return states[0] != "running"
        wait_for("the screen cast's last reader to leave", still)

    def shot(self, path):
        """The monitor as the next frame shows it, as a PNG."""
        self.gst_run("pngenc", "!", "filesink", f"location={path}")

    def gst_run(self, *elements):
        """Runs a one-frame pipeline. GStreamer's pipewiresrc now and then
        meets a buffer with no memory and says so in a critical
        ("gst_buffer_peek_memory: assertion 'idx < GST_BUFFER_MEM_LEN
        (buffer)' failed", seen on Debian 13): GStreamer's, not the app's, so
        the tests' fatal criticals are not its, and a frame it could not take
        is taken again, once."""
        for _ in range(2):
            try:
                done = subprocess.run(self.gst(*elements, buffers=1), stdout=self.log, stderr=subprocess.STDOUT,
                                      timeout=PATIENCE, env=GST_ENVIRONMENT)
            except subprocess.TimeoutExpired:
                raise Failure(f"no frame from the screen cast in {PATIENCE:.0f} s: see {self.log.name}") from None
            if done.returncode == 0:
                return
        raise Failure(f"gst-launch-1.0 failed twice ({done.returncode}): see {self.log.name}")

    def frame(self):
        """The monitor as the next frame shows it, in grey."""
        with tempfile.NamedTemporaryFile(suffix=".gray") as file:
            self.gst_run("video/x-raw,format=GRAY8", "!", "filesink", f"location={file.name}")
            data = file.read()
        if len(data) != WIDTH * HEIGHT:
            raise Failure(f"a cast frame of {len(data)} bytes, not {WIDTH}×{HEIGHT}")
        return data

    def record(self, folder):
        """Starts recording every frame mutter casts, in grey, into `folder`;
        returns the recorder, to `stop_recording`."""
        return self.start(self.gst("video/x-raw,format=GRAY8", "!", "multifilesink",
                                   f"location={folder}/%05d.gray", buffers=-1), GST_ENVIRONMENT)

    def stop_recording(self, recorder, folder):
        # An interrupt lets gst-launch end its stream and write its last frame.
        recorder.send_signal(2)
        recorder.wait(timeout=PATIENCE)
        self.processes.remove(recorder)
        frames = []
        for name in frame_names(folder):
            with open(os.path.join(folder, name), "rb") as file:
                data = file.read()
            # GStreamer pads each grey row to four bytes; 1280 is already.
            if len(data) != WIDTH * HEIGHT:
                raise Failure(f"a cast frame of {len(data)} bytes, not {WIDTH}×{HEIGHT}")
            frames.append(data)
        return frames

    def close(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.log.close()


class X11Keys:
    """The test session's X server, through xdotool: the walk's other side."""

    def environment(self):
        environment = dict(os.environ, GDK_BACKEND="x11")
        environment.pop("WAYLAND_DISPLAY", None)
        return environment

    def focus(self, app):
        window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid)],
                                check=True, capture_output=True, text=True, timeout=PATIENCE).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, timeout=PATIENCE)

    def key(self, combination):
        subprocess.run(["xdotool", "key", combination], check=True, timeout=PATIENCE)

    def close(self):
        pass


class Focus:
    """Where the app's focus is, as a screen reader learns it: from AT-SPI's
    focus events."""

    def __init__(self, name):
        self.name = name
        self.focused = None
        self.moves = 0
        self.listener = Atspi.EventListener.new(self.on_event)
        self.listener.register("object:state-changed:focused")

    def on_event(self, event):
        if event.detail1 != 1:
            return
        try:
            application = event.source.get_application()
            if application is None or application.get_name() != self.name:
                return
        except GLib.Error:
            return
        self.focused = event.source
        self.moves += 1

    def stop(self, node):
        """A stop as the walk prints it: role, name, and its place in the
        window (indices from the frame down), which tells apart two
        controls of one name."""
        path = []
        walker = node
        while walker is not None and Atspi.Role(walker.get_role()) != Atspi.Role.FRAME:
            path.append(walker.get_index_in_parent())
            walker = walker.get_parent()
        role = Atspi.role_get_name(Atspi.Role(node.get_role()))
        return {"role": {"button": "push button"}.get(role, role), "name": node.get_name() or "",
                "path": list(reversed(path))}

    def after(self, press, what):
        """Presses a key with `press()` and waits for the focus to move."""
        moves = self.moves
        press()
        wait_for(f"the focus to move after {what}", lambda: self.moves > moves)
        # Focus may move twice for one key (out of a row, into its child):
        # the stop is where it rests once the app has nothing more to say.
        # A call to the app is answered after every event it sent before
        # it: once answered and dispatched with no new move, it rests.
        context = GLib.MainContext.default()
        while True:
            settled = self.moves
            self.focused.get_state_set()
            while context.pending():
                context.iteration(False)
            if self.moves == settled:
                return self.stop(self.focused)


def end_with_parent():
    """Run in a child before it executes: it gets SIGTERM when this script
    ends, even killed (a GApplication left running would take the next
    launch's window as its own)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def launch(keys, arguments, logs, environment=None):
    log = open(os.path.join(logs, "app.log"), "a")
    log.write(f"== {' '.join(arguments)}\n")
    log.flush()
    return subprocess.Popen(arguments, env=environment or keys.environment(), stdout=log, stderr=subprocess.STDOUT,
                            preexec_fn=end_with_parent)


def application_named(name):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        child = desktop.get_child_at_index(index)
        if child is not None and child.get_name() == name:
            return child
    return None


def find(node, condition):
    if condition(node):
        return node
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            found = find(child, condition)
            if found is not None:
                return found
    return None


def focused_in(application):
    return find(application, lambda node: node.get_state_set().contains(Atspi.StateType.FOCUSED))


def walk(keys, focus, app, name):
    """Tab from the first stop until Tab comes round, then Shift+Tab round."""
    wait_for_first_focus(focus, app, name)
    forward = [focus.stop(focus.focused)]
    # Tab until a stop comes again: from its first time on, the window's
    # Tab order, round. (A page may open on a stop Tab does not come back to,
    # such as a list's row that is not the one the list gives Tab to.)
    while True:
        stop = focus.after(lambda: keys.key("Tab"), "Tab")
        if stop in forward:
            start = forward.index(stop)
            break
        forward.append(stop)
        if len(forward) > 200:
            raise Failure("Tab never came round: " + json.dumps(forward[:20]))
    cycle = forward[start:]
    backward = [cycle[0]]
    for _ in range(len(cycle)):
        backward.append(focus.after(lambda: keys.key("shift+Tab"), "Shift+Tab"))
    for index, stop in enumerate(forward):
        print(json.dumps({"direction": "forward", "index": index, "round": index >= start, **stop}))
    for index, stop in enumerate(backward):
        print(json.dumps({"direction": "backward", "index": index, **stop}))


def texts(application):
    """Every name and description in the app's tree."""
    found = []

    def visit(node):
        found.extend(text for text in (node.get_name(), node.get_description()) if text)
        for index in range(node.get_child_count()):
            child = node.get_child_at_index(index)
            if child is not None:
                visit(child)

    visit(application)
    return found


def filter_collection(keys, focus, app, name, text, expected):
    """Types `text` where the collection page puts the focus (its filter)
    and waits for the app to say `expected` ("2 of 4 labels")."""
    wait_for_first_focus(focus, app, name)
    entry = focus.stop(focus.focused)
    keys.type(text)
    heard = []

    def said():
        heard[:] = [line for line in texts(application_named(name)) if re.fullmatch(r"\d+ of \d+ labels", line) or line == expected]
        return expected in heard or app.poll() is not None

    wait_for(f"“{expected}” in the app's accessible tree", said)
    print(json.dumps({"typed into": entry, "said": sorted(set(heard))}))


def wait_for_first_focus(focus, app, name):
    """Waits for the app to show with the focus somewhere, read from its
    tree (no event says so to a listener that came after)."""
    def focused():
        application = application_named(name)
        node = application and focused_in(application)
        if node is not None:
            focus.focused = node
        return node is not None or app.poll() is not None

    wait_for("the app's first focus", focused)
    if app.poll() is not None:
        raise Failure(f"the app ended ({app.returncode})")


class Screen:
    """The monitor's frames, read for where the reveal's following row is."""

    def __init__(self, frame):
        # The window: the light rectangle on mutter's dark background.
        rows = [y for y in range(HEIGHT) if frame[y * WIDTH + WIDTH // 2] > 200]
        columns = [x for x in range(WIDTH) if frame[(rows[0] + 60) * WIDTH + x] > 200] if rows else []
        if not rows or not columns:
            raise Failure("no window on the screen")
        self.top, self.bottom, self.left, self.right = rows[0], rows[-1], columns[0], columns[-1]

    def lowest_text(self, frame):
        """The lowest line of the window's content that has dark (text)
        pixels near its start: the bottom of the last row on the page."""
        left, right = self.left + 8, min(self.right - 8, self.left + 400)
        # Below the header bar (about 46 px), above the window's rounded foot.
        for y in range(self.bottom - 12, self.top + 56, -1):
            row = frame[y * WIDTH + left:y * WIDTH + right]
            if min(row) < 110:
                return y
        return None


# GStreamer's tools run without the tests' fatal criticals (see Mutter.gst_run).
GST_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "G_DEBUG"}


def reveal(mutter, focus, app, name, folder):
    """Opens the first group with animations on, then off, then on again
    (GSettings, live), recording the frames of each."""
    wait_for_first_focus(focus, app, name)
    header = focus.focused
    results = []
    for toggle, animations in enumerate((True, True, False, False, True, True)):
        set_animations(animations)
        frames_folder = tempfile.mkdtemp(prefix="frames-", dir=folder)
        mutter.shot(os.path.join(folder, f"before-{toggle}.png"))
        expanded = header.get_state_set().contains(Atspi.StateType.EXPANDED)
        recorder = mutter.record(frames_folder)
        # The first cast frame says the recording has begun.
        wait_for("the screen cast's first frame", lambda: frame_names(frames_folder) or mutter.check_running())
        mutter.key("space")
        wait_for("the group to " + ("close" if expanded else "open"),
                 lambda: header.get_state_set().contains(Atspi.StateType.EXPANDED) != expanded)
        # The move is over when the screen has shown the same picture for a
        # while: a painted frame per vsync while it moves, none after.
        wait_for("the move to end", lambda: settled(frames_folder))
        frames = mutter.stop_recording(recorder, frames_folder)
        for file in os.listdir(frames_folder):
            os.remove(os.path.join(frames_folder, file))
        os.rmdir(frames_folder)
        screen = Screen(frames[0])
        places = [screen.lowest_text(frame) for frame in frames]
        # The frame halfway through the move, for a person to look at.
        middle = min(range(len(places)), key=lambda index: abs((places[index] or 0) - (places[0] + places[-1]) / 2))
        write_grey_png(os.path.join(folder, f"during-{toggle}.png"), frames[middle])
        mutter.shot(os.path.join(folder, f"after-{toggle}.png"))
        still = screen.lowest_text(mutter.frame())
        results.append({"toggle": toggle, "opened": not expanded, "animations": animations, "places": places,
                        "after": still})
    for result in results:
        print(json.dumps(result))


def write_grey_png(path, frame):
    """A grey frame as a PNG (each row unfiltered, the whole deflated)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + frame[y * WIDTH:(y + 1) * WIDTH] for y in range(HEIGHT))
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 0, 0, 0, 0))
                   + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def settled(folder):
    """Whether the screen is still: the screen cast sends a frame only when
    mutter paints, a frame per vsync while something moves and none after;
    a moment without one is a still screen. (The caller checks the last
    frame against a picture taken after, so a pause mid-move fails.)"""
    names = frame_names(folder)
    return len(names) >= 2 and time.time() - os.path.getmtime(os.path.join(folder, names[-1])) > QUIET


def frame_names(folder):
    """The frames recorded so far, in order. A newer GStreamer (Debian
    testing's) writes each frame under a passing name ("00022.gray.0PN9Z3")
    and renames it when whole: only whole frames count."""
    return sorted(name for name in os.listdir(folder) if re.fullmatch(r"[0-9]+\.gray", name))


def set_animations(on):
    subprocess.run(["gsettings", "set", "org.gnome.desktop.interface", "enable-animations", "true" if on else "false"],
                   check=True, timeout=PATIENCE, env=dict(os.environ, GSETTINGS_BACKEND="dconf"))


def main(argv):
    if "--" not in argv or len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    split = argv.index("--")
    command, options, app_argv = argv[1], argv[2:split], argv[split + 1:]
    logs = os.environ.get("UNFOLD_WAYLAND_LOGS") or tempfile.mkdtemp(prefix="unfold-wayland-")
    os.makedirs(logs, exist_ok=True)
    if command == "reveal":
        os.makedirs(options[0], exist_ok=True)
    name = os.path.basename(app_argv[0])
    keys = None
    app = None
    try:
        if command == "walk":
            display, page = options
            keys = Mutter(logs) if display == "wayland" else X11Keys()
            focus = Focus(name)
            app = launch(keys, app_argv + ["--page", page], logs)
            if display == "x11":
                keys.focus(app)
            walk(keys, focus, app, name)
        elif command == "filter":
            text, expected = options
            keys = Mutter(logs)
            focus = Focus(name)
            app = launch(keys, app_argv + ["--page", "collection"], logs)
            filter_collection(keys, focus, app, name, text, expected)
        elif command == "reveal":
            folder, = options
            keys = Mutter(logs)
            focus = Focus(name)
            # GNOME's settings store, which GTK under Wayland reads live; three
            # times slower, so that a loaded machine still paints several
            # frames of each move.
            app = launch(keys, app_argv + ["--page", "reveal", "--slow-motion", "3"], logs,
                         dict(keys.environment(), GSETTINGS_BACKEND="dconf"))
            reveal(keys, focus, app, name, folder)
        else:
            print(f"wayland_session.py: no command “{command}”", file=sys.stderr)
            return 2
    except Failure as failure:
        print(f"wayland_session.py: {failure} (logs in {logs})", file=sys.stderr)
        return 1
    finally:
        if app is not None and app.poll() is None:
            app.terminate()
            app.wait(timeout=PATIENCE)
        if keys is not None:
            keys.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
