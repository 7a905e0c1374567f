#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Whether a screen reader's copy of a list's rows keeps up with the list.

    atspi_list_copy.py LIST_NAME "STEP STEP ..." -- APP [ARG ...]

A screen reader does not ask an application for a list's rows each time: its
libatspi keeps a copy of each accessible's children, made as it first reads
them and kept up to date by the "children-changed" events the toolkit sends
(an arrival is put at the place the event gives, a departure taken out by
identity). Orca counts the rows of that copy ("List with 10 items") and reads
them from it. A toolkit that leaves a change untold, or tells it at the wrong
place, leaves the copy wrong for good: blanks counted as rows, rows missing.

This runs the app, reads the list named LIST_NAME as Orca does (libatspi's
cache on: its event loop runs, listening for the events Orca listens for),
presses each STEP (an xdotool key name, or "type:TEXT"), and after each
compares the copy with what the application answers over D-Bus now. A step
is over once the two have agreed for a moment; one that never brings them
into agreement fails, printing both. Run inside the test session.
"""
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

PATIENCE = 60 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))
# How long the copy and the application must agree for a step to be over:
# longer than the events of one key take to arrive, however loaded the machine.
AGREED = 1.5 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))
# What Orca 43 listens for, so that libatspi processes the same events.
ORCA_EVENTS = ["object:children-changed", "object:state-changed", "object:property-change",
               "object:text-changed", "object:text-caret-moved", "object:selection-changed",
               "object:active-descendant-changed", "focus:", "window:activate", "window:deactivate"]


def accessibility_bus():
    address = subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path",
                              "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # "('unix:path=…',)"
    address = address[2:-3]
    return Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)


class Session:
    def __init__(self, list_name, steps, app, bus):
        self.list_name = list_name
        self.steps = steps
        self.bus = bus
        self.app = app
        self.list = None
        self.failure = None
        self.step = -1            # the step being waited on (-1: the launch)
        self.deadline = time.monotonic() + PATIENCE
        self.agreed_since = None

    # What the copy says: libatspi's cached children, as Orca reads them.
    def copy(self):
        rows = []
        # (Counted again before each row: reading a blank asks the application,
        # and libatspi handles the events that came meanwhile, which may shorten
        # the copy; it does not check an index against it.)
        while len(rows) < self.list.get_child_count():
            child = self.list.get_child_at_index(len(rows))
            rows.append(None if child is None else child.path)
        return rows

    # What the application says now, asked over D-Bus past libatspi.
    def answer(self):
        reply = self.bus.call_sync(self.list.app.bus_name, self.list.path, "org.a11y.atspi.Accessible", "GetChildren", None, None,
                                   Gio.DBusCallFlags.NONE, -1, None)
        return [path for _, path in reply.unpack()[0]]

    def find_list(self, node, depth=0):
        # (Deep enough for any window; a reference GTK gives for a child that
        # went meanwhile reads as the application again, with no end below.)
        if depth > 40:
            return None
        try:
            if Atspi.Role(node.get_role()) == Atspi.Role.LIST and node.get_name() == self.list_name:
                return node
            for index in range(node.get_child_count()):
                child = node.get_child_at_index(index)
                found = child and self.find_list(child, depth + 1)
                if found:
                    return found
        except GLib.Error:
            pass
        return None

    def names(self, paths):
        named = []
        for path in paths:
            if path is None:
                named.append("(nothing)")
                continue
            try:
                reply = self.bus.call_sync(self.list.app.bus_name, path, "org.freedesktop.DBus.Properties", "Get",
                                           GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")), None,
                                           Gio.DBusCallFlags.NONE, -1, None)
                named.append(reply.unpack()[0])
            except GLib.Error:
                named.append("(gone from the application)")
        return named

    def tick(self):
        if self.app.poll() is not None:
            self.failure = f"the app ended ({self.app.returncode}) at step {self.step + 1}"
            Atspi.event_quit()
            return False
        if self.list is None:
            desktop = Atspi.get_desktop(0)
            for index in range(desktop.get_child_count()):
                application = desktop.get_child_at_index(index)
                if application is not None and application.get_process_id() == self.app.pid:
                    self.list = self.find_list(application)
            if self.list is None:
                self.failure = f"no list named “{self.list_name}” in what libatspi read of the app"
                Atspi.event_quit()
                return False
            window = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.app.pid)],
                                    capture_output=True, text=True, check=True).stdout.split()[0]
            subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        try:
            copy, answer = self.copy(), self.answer()
        except GLib.Error as error:
            # A row the copy holds asked about as it goes: mid-change too.
            self.agreed_since = None
            return self.wait_or_fail(lambda: f"after step {self.step + 1} ({self.current()}): {error.message}")
        if copy != answer:
            # (Mid-change, as often as not: only the patience's end is a verdict.)
            self.agreed_since = None
            return self.wait_or_fail(lambda: f"after step {self.step + 1} ({self.current()}), the copy has "
                                             f"{len(copy)} rows: {self.names(copy)}\n"
                                             f"the application has {len(answer)}: {self.names(answer)}")
        now = time.monotonic()
        if self.agreed_since is None:
            self.agreed_since = now
        if now - self.agreed_since < AGREED:
            return True
        self.step += 1
        if self.step >= len(self.steps):
            Atspi.event_quit()
            return False
        self.press(self.steps[self.step])
        self.agreed_since = None
        self.deadline = time.monotonic() + PATIENCE
        return True

    def current(self):
        return "launch" if self.step < 0 else self.steps[self.step]

    def wait_or_fail(self, why):
        """Goes on waiting, or, past the patience, fails for `why` (a
        function: what it says is asked of the application only then)."""
        if time.monotonic() < self.deadline:
            return True
        self.failure = why()
        Atspi.event_quit()
        return False

    def checked_tick(self):
        """`tick`, with anything it raises a failure rather than the end of
        the checks (GLib drops a callback that raises, and nothing would end
        the wait)."""
        try:
            return self.tick()
        except Exception as error:  # noqa: BLE001 (any of them ends the check, said)
            self.failure = f"at step {self.step + 1} ({self.current()}): {error!r}"
            Atspi.event_quit()
            return False

    @staticmethod
    def press(step):
        if step.startswith("type:"):
            subprocess.run(["xdotool", "type", "--delay", "120", step[5:]], check=True)
        else:
            subprocess.run(["xdotool", "key", "--clearmodifiers", step], check=True)


def built(bus, pid, list_name):
    """Whether the app `pid` shows a list named `list_name` with rows, asked
    over D-Bus past libatspi: libatspi, once it has read a window still being
    built, would keep that copy (GTK 4.8 tells nothing of the children that
    come to a container whose accessible is already made), as a screen reader
    that reads it again when the window becomes active does not."""
    def call(peer, path, interface, method, arguments=None):
        return bus.call_sync(peer, path, interface, method, arguments, None, Gio.DBusCallFlags.NONE, -1, None).unpack()

    def prop(peer, path, name):
        return call(peer, path, "org.freedesktop.DBus.Properties", "Get",
                    GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", name)))[0]

    def search(peer, path, depth):
        children = call(peer, path, "org.a11y.atspi.Accessible", "GetChildren")[0]
        if call(peer, path, "org.a11y.atspi.Accessible", "GetRoleName")[0] == "list" and prop(peer, path, "Name") == list_name:
            return bool(children)
        return depth < 40 and any(search(child_peer, child_path, depth + 1) for child_peer, child_path in children)

    try:
        for peer, path in call("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                               "org.a11y.atspi.Accessible", "GetChildren")[0]:
            if call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                    "GetConnectionUnixProcessID", GLib.Variant("(s)", (peer,)))[0] == pid:
                return search(peer, path, 0)
    except GLib.Error:
        pass    # (the app still starting, or a child gone while asked about)
    return False


def main(argv):
    if len(argv) < 5 or argv[3] != "--":
        sys.exit(__doc__)
    # As Orca does: the toolkit sends its events only while one listens.
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                    "--method", "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled", "<true>"],
                   check=True, stdout=subprocess.DEVNULL)
    bus = accessibility_bus()
    app = subprocess.Popen(argv[4:], stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + PATIENCE
    while not built(bus, app.pid, argv[1]):
        if app.poll() is not None or time.monotonic() > deadline:
            app.terminate()
            sys.exit(f"the app showed no list named “{argv[1]}” with rows")
        time.sleep(0.1)
    Atspi.init()
    listener = Atspi.EventListener.new(lambda event: None)
    for kind in ORCA_EVENTS:
        listener.register(kind)
    session = Session(argv[1], argv[2].split(), app, bus)
    GLib.timeout_add(50, session.checked_tick)
    try:
        # libatspi keeps its copies only while its own event loop runs, as Orca's does.
        Atspi.event_main()
    finally:
        if session.app.poll() is None:
            session.app.terminate()
            session.app.wait(30)
    if session.failure:
        print(session.failure, file=sys.stderr)
    else:
        print(f"the copy of “{session.list_name}” kept up over {len(session.steps)} steps")
    sys.stdout.flush()
    sys.stderr.flush()
    # Past libatspi's own teardown, which at times crashes once its event loop
    # has run with the application gone: the verdict is already given.
    os._exit(1 if session.failure else 0)


if __name__ == "__main__":
    main(sys.argv)
