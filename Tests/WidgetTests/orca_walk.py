#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What GNOME's screen reader says while a person walks an app by keyboard.

    orca_walk.py check WALK -- APP [ARG ...]    replay WALK, compare what Orca says
    orca_walk.py record WALK -- APP [ARG ...]   replay WALK, write what Orca says into it

A walk may name the program it is for ("program: unfold-reference"): the
tests run it from beside the app; this script runs the APP it is given. A
step named by "unsteady: launch" (or "unsteady: key Tab") is heard but not
compared: for programs that say it or not by timing alone (GTK's own). A
line written "? words" may be said there or not, by timing alone (say why
in a comment); every other line must be said, in order. Where Orca words one
thing two ways by timing alone, a line "== or" starts the step's other
transcript, and either may be heard. (Recording writes what was heard, without
marks or alternatives.)

Orcas word things differently. NAME.walk is what Debian 12's Orca (43) says;
where a later Orca says it otherwise, NAME.orca-N.walk beside it is what Orca
N and later say (the highest N not above the Orca that runs is taken), with
the same keys. `check` takes the one for the Orca that runs; `record` writes
NAME.orca-N.walk for the Orca that runs, N its major version, unless that is
43, into ORCA_WALK_RECORD_TO when it names a folder (the tests' artefacts).

A walk file is the keys and what Orca says after each, read as a transcript:

    args: --page collection          the app's arguments (one line, shell words)
    locale: fr_FR.UTF-8              the app's and Orca's locale (default: the test locale)
    == launch
    Unfold frame.
    == key alt+2                     an xdotool key name
    Native page.
    == type tiles                    text typed key by key
    2 of 4 labels.

Lines starting with "#" are comments; a step with no line under it expects
silence. Orca runs as a user runs it, with a speech server that says nothing
(it still logs every utterance, "SPEECH OUTPUT: '…'", before a voice would
speak it) and key echo off, so what is heard is what the app made Orca say.

It runs inside the test session (`./meson-wrapper.sh test`: a display, a session
bus and an accessibility bus of its own) and starts there a window manager
(Orca follows the active window), Orca, then the app.

A step is over when Orca has said what the walk expects and then done nothing
more for a moment (what it logs on timers of its own aside): waiting is on
what Orca says, not on the clock, and a step whose words never come fails
after a long patience with both transcripts. A launch after which Orca has
taken no window is made again (`launch`).
"""
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PATIENCE = 120 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))
# After the expected words, how long Orca must stay quiet for the step to be
# over: longer than the gap between one key's utterances (one event queue run)
# however loaded the machine, and short beside a step.
QUIET = 1.5 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))

# "SPEECH OUTPUT: 'words'" then, for some utterances, the voice it was given.
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'(\{[^}]*\}|\s+\S.*)?\s*$")


class Walk:
    def __init__(self, path):
        self.path = path
        self.header = []      # comment lines and settings, kept as written
        self.args = []
        self.locale = None
        # Steps heard but not compared ("unsteady: launch"): what a program
        # says there depends on timing, not on the program (GTK's own at launch).
        self.unsteady = set()
        # [(kind, argument, [[expected lines], [or these], ...], [comment lines before the step])]
        self.steps = []
        comments = []
        with open(path, encoding="utf-8") as file:
            for raw in file:
                line = raw.rstrip("\n")
                if line.startswith("== "):
                    words = line[3:].split(" ", 1)
                    kind = words[0]
                    if kind == "or" and len(words) == 1 and self.steps:
                        self.steps[-1][2].append([])
                        continue
                    if kind not in ("launch", "key", "type"):
                        sys.exit(f"{path}: unknown step “{line}” (launch, key NAME, type TEXT, or an “or” after a step)")
                    if kind != "launch" and len(words) < 2:
                        sys.exit(f"{path}: step “{line}” needs what to press or type")
                    self.steps.append((kind, words[1] if len(words) > 1 else "", [[]], comments))
                    comments = []
                elif not self.steps:
                    self.header.append(line)
                    if line.startswith("args:"):
                        self.args = shlex.split(line[5:])
                    elif line.startswith("locale:"):
                        self.locale = line[7:].strip()
                    elif line.startswith("unsteady:"):
                        self.unsteady.add(line[9:].strip())
                elif line.startswith("#") or not line.strip():
                    comments.append(line)
                else:
                    self.steps[-1][2][-1].append(line)
        if not self.steps or self.steps[0][0] != "launch":
            sys.exit(f"{path}: a walk starts with “== launch”")

    def write(self, heard):
        with open(self.path, "w", encoding="utf-8") as file:
            for line in self.header:
                file.write(line + "\n")
            for (kind, argument, _, comments), lines in zip(self.steps, heard):
                for comment in comments:
                    file.write(comment + "\n")
                file.write(f"== {kind} {argument}".rstrip() + "\n")
                for spoken in lines:
                    file.write(spoken + "\n")


SILENT_SPEECH_SERVER = '''
from orca import speechserver
class SpeechServer(speechserver.SpeechServer):
    _one = None
    @staticmethod
    def getFactoryName(): return "Silent"
    @staticmethod
    def _get():
        if SpeechServer._one is None: SpeechServer._one = SpeechServer()
        return SpeechServer._one
    @staticmethod
    def getSpeechServers(): return [SpeechServer._get()]
    @staticmethod
    def getSpeechServer(info=None): return SpeechServer._get()
    @staticmethod
    def shutdownActiveServers(): pass
    def getInfo(self): return ["Silent", "silent"]
    def getVoiceFamilies(self): return []
'''

# Orca opens its debug file block-buffered: each line must arrive as it is said.
LINE_BUFFERED_LOG = '''
import orca.debug
if orca.debug.debugFile: orca.debug.debugFile.reconfigure(line_buffering=True)
'''

SETTINGS = '''{"general": {"enableSpeech": true, "speechServerFactory": "silentspeech", "speechServerInfo": null,
  "enableBraille": false, "enableEchoByCharacter": false, "enableKeyEcho": false, "enableEchoByWord": false},
 "pronunciations": {}, "keybindings": {}, "profiles": {"default": {"profile": ["Default", "default"]}}}
'''

# Orca 51 reads no settings file: its settings are GSettings only. A walk's
# Orca gets them from a key file of its own, not from the person's dconf:
# braille off, as the other Orcas have it from SETTINGS (a walk has no
# display; off, Orca presents nothing in braille at each event). Orca 51
# still looks for BrlAPI once as it starts, before it reads its settings.
GSETTINGS_KEYFILE = '''[org/gnome/orca/default/braille]
enabled=false
'''


# What Orca logs on timers of its own, not for anything the app or the keys
# did (Orca 48 and 51): its caches' clearing, its retries of a braille
# display. A line indented continues the line before it.
TIMER_LINES = re.compile(r"^[0-9:.]+ - (GENERATOR: Clearing cache\.|AXCacheManager: Invalidating cache"
                         r"|SCRIPT MANAGER: Active script is:|BRAILLE: (Attempting connection|BrlAPI|Scheduling BrlAPI)"
                         r"|WARNING: Braille initialization failed)")


def is_activity(line):
    """Whether a line of Orca's log shows it at work on an event, a key or speech."""
    return bool(line.strip()) and not line[0].isspace() and not TIMER_LINES.match(line)


class OrcaEnded(Exception):
    """Orca ended as it started (another Orca still held the bus)."""


class Orca:
    """Orca and a window manager, started in this session; `said(offset)` reads
    the utterances logged after a byte offset of its log."""

    def __init__(self, workdir, environment):
        self.log = os.path.join(workdir, "orca.log")
        # How far the log has been read for activity, and when activity was
        # last read there (last_activity).
        self.read_to = 0
        self.busy_at = 0.0
        prefs = os.path.join(workdir, "prefs")
        pylib = os.path.join(workdir, "pylib")
        os.makedirs(prefs)
        os.makedirs(pylib)
        with open(os.path.join(pylib, "silentspeech.py"), "w") as file:
            file.write(SILENT_SPEECH_SERVER)
        with open(os.path.join(prefs, "orca-customizations.py"), "w") as file:
            file.write(LINE_BUFFERED_LOG)
        open(os.path.join(prefs, "__init__.py"), "w").close()
        with open(os.path.join(prefs, "user-settings.conf"), "w") as file:
            file.write(SETTINGS)
        config = os.path.join(workdir, "config")
        os.makedirs(os.path.join(config, "glib-2.0", "settings"))
        with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as file:
            file.write(GSETTINGS_KEYFILE)
        self.children = []
        self.children.append(subprocess.Popen(["openbox"], env=environment, stdin=subprocess.DEVNULL,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        # A window mapped before the window manager manages the screen is
        # never activated: Orca hears no window and says nothing at launch.
        # The manager is there once it publishes its desktops (EWMH).
        self.wait(lambda: subprocess.run(["xdotool", "get_num_desktops"], env=environment, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL).returncode == 0, "the window manager")
        # Orca refuses to start (status 1) while any other Orca of the same
        # user runs on the machine (`pgrep -u UID -x orca`): another test
        # run's, or the person's own. This run's Orca looks only among this
        # walk's children, so that two runs on one machine never cross.
        shims = os.path.join(workdir, "bin")
        os.makedirs(shims)
        pgrep = os.path.join(shims, "pgrep")
        with open(pgrep, "w") as file:
            file.write(f'#!/bin/sh\nexec /usr/bin/pgrep -P {os.getpid()} "$@"\n')
        os.chmod(pgrep, 0o755)
        orca_environment = dict(environment, PYTHONPATH=pylib, PATH=shims + os.pathsep + environment.get("PATH", os.defpath),
                                GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=config)
        command = ["orca", "-u", prefs, f"--debug-file={self.log}"]
        # Orca says it is on once its listeners are registered: what the app
        # does from then on is queued for it. It refuses to start (status 1)
        # while the previous walk's Orca is still going (a child of this walk
        # too): it is started again then, a few times.
        for attempt in range(5):
            self.children.append(subprocess.Popen(command, env=orca_environment, stdin=subprocess.DEVNULL,
                                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            try:
                self.wait(lambda: self.said(0), "Orca to start")
                break
            except OrcaEnded:
                self.children.pop().wait()
                if attempt == 4:
                    self.stop()
                    sys.exit("orca_walk: orca ended (1) five times while waiting for Orca to start")
            except SystemExit:
                self.stop()
                raise

    def size(self):
        return os.path.getsize(self.log) if os.path.exists(self.log) else 0

    def said(self, offset):
        if not os.path.exists(self.log):
            return []
        with open(self.log, "rb") as file:
            file.seek(offset)
            text = file.read().decode("utf-8", "replace")
        lines = []
        for line in text.splitlines():
            match = SPEECH.search(line)
            if match:
                lines.append(match.group(1).strip())
        return lines

    def last_activity(self):
        """When Orca was last seen busy: it logs every event it handles and
        every utterance. What it logs on timers of its own is not activity:
        a step waits for Orca to be quiet, and Orca 48 clears a cache every
        two seconds and more on other timers, leaving no quiet of 1.5 s at
        times for ten seconds (an Undo then came after its toast had gone)."""
        if not os.path.exists(self.log):
            return self.busy_at
        with open(self.log, "rb") as file:
            file.seek(self.read_to)
            text = file.read()
        # Only whole lines: the last may still be being written.
        end = text.rfind(b"\n") + 1
        self.read_to += end
        if any(is_activity(line) for line in text[:end].decode("utf-8", "replace").splitlines()):
            self.busy_at = time.time()
        return self.busy_at

    def wait(self, condition, what):
        deadline = time.monotonic() + PATIENCE
        while not condition():
            if time.monotonic() > deadline:
                sys.exit(f"orca_walk: waited {PATIENCE:.0f} s for {what}")
            for child in self.children:
                if child.poll() is not None:
                    if child.args[0] == "orca" and child.returncode == 1:
                        raise OrcaEnded()
                    sys.exit(f"orca_walk: {child.args[0]} ended ({child.returncode}) while waiting for {what}")
            time.sleep(0.05)

    def stop(self):
        """Ends the window manager and Orca, and waits until they are gone:
        the next walk starts its own."""
        for child in reversed(self.children):
            child.terminate()
        for child in self.children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True)


def wait_for_window(app):
    """Until a window of `app` is on screen (or the app has ended), then
    gives it the focus, as GNOME Shell gives a launched app's window: the
    window manager here does by itself, except at times (on GTK 4.18, Orca
    then heard nothing until a key went to the window two minutes later)."""
    deadline = time.monotonic() + PATIENCE
    while app.poll() is None and time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if found.returncode == 0 and found.stdout.strip():
            activate(app, found.stdout.split()[0], deadline)
            return
        time.sleep(0.05)


def activate(app, window, deadline):
    """Until `window` is the active one: asked before the window manager
    manages a window it has just mapped, an activation is dropped. (Already
    active, it is left as it is: nothing is told twice.)"""
    while app.poll() is None and time.monotonic() < deadline:
        active = subprocess.run(["xdotool", "getactivewindow"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if active.returncode == 0 and active.stdout.strip() == window:
            return
        subprocess.run(["xdotool", "windowactivate", window], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.2)


# What Orca 48 and later log as they take a window as the active one (Orca
# 43 logs no such line: its launches are not checked so).
TOOK_WINDOW = re.compile(r"FOCUS MANAGER: (Request to set active window to|Active window is) \[(frame|window|dialog|alert)\b")
FIRST_ORCA_TELLING_ITS_WINDOW = 48
LAUNCHES = 5
# How long a launch but the last waits for Orca to take a window once the
# window shows: Orca takes it within a second or two even on a loaded
# machine, or (the activation dropped) not until a key reaches the window.
# The last launch waits as any step does.
LAUNCH_PATIENCE = 20 * float(os.environ.get("UNFOLD_TEST_PATIENCE", "1"))


# What Orca 48 and later log for a control that took the focus (detail 1)
# but that it cannot read: told of before GTK had it in its AT-SPI cache,
# as a window can be. Orca 51 may then say the window's name alone, and
# nothing of where the focus is; Orca 48 logs it too, and most often reads
# the focus all the same.
FOCUS_ON_THE_DEAD = re.compile(r"EVENT MANAGER: object:state-changed:focused for \[DEAD\b[^\]]*\] in .*\(1, ")


def heard_whole(orca, offset, heard, focus_matters=True):
    """Whether Orca has, since `offset`, taken a window as the active one
    and (where `focus_matters`) heard the focus: told of a focus it could
    not read, it said (`heard`) the window's name at most."""
    with open(orca.log, "rb") as file:
        file.seek(offset)
        text = file.read().decode("utf-8", "replace")
    lost_the_focus = focus_matters and len(heard) <= 1 and FOCUS_ON_THE_DEAD.search(text) is not None
    return TOOK_WINDOW.search(text) is not None and not lost_the_focus


def end(app):
    """Ends `app` and all it started, and waits until it is gone."""
    if app.poll() is None:
        os.killpg(app.pid, signal.SIGTERM)
        try:
            app.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(app.pid, signal.SIGKILL)
            app.wait()


def launch(orca, command, environment, workdir, transcripts, version, launched, focus_matters):
    """Starts the app and waits until its window shows and Orca has said
    what it says of it; returns (app, what Orca said). Each app started is
    added to `launched`, for the walk to end whatever happens.

    A walk starts from a window Orca knows. GTK 4.18 and 4.24 at times
    tell of a new window (its showing, its activation) before it is in
    their AT-SPI cache (GTK issue 7879): Orca then drops it as a dead
    object's, knows no window, and (Orca 51) says nothing of the focus
    moving in it after, where a person would hear the window. Orca 51.1 asks again once
    (Orca issue 715), which still misses at times on a loaded machine. The
    focus can be told too early in the same way: Orca then says the
    window's name alone. A launch after which Orca has taken no window, or
    was told of a focus it could not read, is made again (the app ended and
    started anew), a few times, and said so on stderr; what the walk
    compares is what Orca says of the launch it took. A launch heard as
    the walk has it is never made again. The focus does not
    matter where the launch is not compared ("unsteady: launch": GTK's own
    program, whose launch GTK 4.24 tells that way every time); Orca still
    needs a window there to hear the steps after."""
    for attempt in range(1, LAUNCHES + 1):
        offset = orca.size()
        with open(os.path.join(workdir, "app.log"), "w") as app_log:
            app = subprocess.Popen(command, env=environment, stdin=subprocess.DEVNULL,
                                   stdout=app_log, stderr=subprocess.STDOUT, start_new_session=True)
        launched.append(app)
        # Orca is quiet until the window shows, however long the app takes
        # to start: the launch is over once it shows.
        wait_for_window(app)
        if os.environ.get("ORCA_WALK_DEBUG"):
            print(f"{time.time():.3f} window shown", file=sys.stderr)
        checked = version >= FIRST_ORCA_TELLING_ITS_WINDOW and attempt < LAUNCHES
        shown = time.monotonic()
        heard = settle(orca, offset, transcripts, app,
                       give_up=(lambda: time.monotonic() - shown > LAUNCH_PATIENCE
                                and not heard_whole(orca, offset, orca.said(offset), focus_matters))
                       if checked else None)
        if (app.poll() is not None or version < FIRST_ORCA_TELLING_ITS_WINDOW
                or (transcripts is not None and matches_one_of(heard, transcripts))
                or heard_whole(orca, offset, heard, focus_matters)):
            return app, heard
        print(f"orca_walk: launch {attempt}: Orca took no window or lost the focus (it said {heard}); "
              + ("launching again" if attempt < LAUNCHES else "going on"), file=sys.stderr)
        if attempt < LAUNCHES:
            end(app)
            # What Orca makes of the app's going is over before the next
            # launch starts.
            orca.wait(lambda: time.time() - orca.last_activity() >= QUIET, "Orca to be quiet")
    return app, heard


def perform(kind, argument):
    if kind == "key":
        xdotool("key", "--clearmodifiers", argument)
    elif kind == "type":
        # Key by key, as a person types: each key is a search of its own.
        xdotool("type", "--delay", "120", argument)


OPTIONAL = "? "


def required(expected):
    return [line for line in expected if not line.startswith(OPTIONAL)]


def matches(heard, expected):
    """Whether `heard` is `expected` with none, some or all of its optional
    lines said, in their places."""
    if not expected:
        return not heard
    line, rest = expected[0], expected[1:]
    if line.startswith(OPTIONAL):
        said = bool(heard) and heard[0] == line[len(OPTIONAL):] and matches(heard[1:], rest)
        return said or matches(heard, rest)
    return bool(heard) and heard[0] == line and matches(heard[1:], rest)


def matches_one_of(heard, transcripts):
    """Whether `heard` is one of a step's transcripts (most steps have one)."""
    return any(matches(heard, expected) for expected in transcripts)


def settle(orca, offset, transcripts, app, give_up=None):
    """Waits until Orca has said one of `transcripts` since `offset` (or as
    many lines as the longest needs), then stayed quiet for QUIET seconds;
    with `transcripts` None, only for the quiet; or until `give_up()`.
    The quiet counts from the step's action at the earliest: Orca quiet
    before it says nothing of what the action will make it say.
    Returns what it said."""
    acted = time.time()
    deadline = time.monotonic() + PATIENCE
    while True:
        heard = orca.said(offset)
        if app.poll() is not None:
            return heard
        done = (transcripts is None or matches_one_of(heard, transcripts)
                or len(heard) >= max(len(required(expected)) for expected in transcripts))
        if done and time.time() - max(orca.last_activity(), acted) >= QUIET:
            return heard
        if time.monotonic() > deadline or (give_up is not None and give_up()):
            return heard
        time.sleep(0.05)


# The Orca whose words NAME.walk holds: Debian 12's.
FIRST_ORCA = 43


def orca_version():
    """The major version of the Orca on PATH ("Orca 48.1" is 48)."""
    said = subprocess.run(["orca", "--version"], capture_output=True, text=True).stdout
    found = re.search(r"(\d+)(\.\d+)*", said)
    if not found:
        sys.exit(f"orca --version said {said!r}: no version")
    return int(found.group(1))


def versions_of(walk_path):
    """{N: path} of the NAME.orca-N.walk beside NAME.walk, and FIRST_ORCA: NAME.walk."""
    base = walk_path[:-len(".walk")]
    folder, name = os.path.split(base)
    found = {FIRST_ORCA: walk_path}
    for entry in os.listdir(folder or "."):
        matched = re.fullmatch(re.escape(name) + r"\.orca-(\d+)\.walk", entry)
        if matched:
            found[int(matched.group(1))] = os.path.join(folder, entry)
    return found


def walk_for(walk_path, version):
    """The walk the Orca of `version` is checked against."""
    found = versions_of(walk_path)
    return found[max(n for n in found if n <= version)] if any(n <= version for n in found) else walk_path


def main():
    # Ended from outside (a test that took the walk for hung), the walk
    # still ends its window manager, Orca and the app: left running, they
    # would hold the display for the walks after.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit("orca_walk: ended from outside (SIGTERM)"))
    if len(sys.argv) < 5 or sys.argv[1] not in ("check", "record") or sys.argv[3] != "--":
        sys.exit(__doc__)
    mode, walk_path, command = sys.argv[1], sys.argv[2], sys.argv[4:]
    version = orca_version()
    walk = Walk(walk_for(walk_path, version) if mode == "check" else walk_path)
    walk_path = walk.path
    environment = dict(os.environ, GTK_A11Y="atspi", GDK_BACKEND="x11", NO_AT_BRIDGE="0")
    if walk.locale:
        environment.update(LANG=walk.locale, LC_ALL=walk.locale, LANGUAGE="")
    with tempfile.TemporaryDirectory(prefix="orca-walk-") as workdir:
        # A walk starts as a new user does: the app's saved window (its size,
        # its style) and notes are the walk's own, not what the test run's
        # earlier launches left in the session's directories.
        for name, folder in (("XDG_CONFIG_HOME", "app-config"), ("XDG_DATA_HOME", "app-data")):
            environment[name] = os.path.join(workdir, folder)
            os.makedirs(environment[name])
        orca = Orca(workdir, environment)
        app = None
        launched = []  # every app started, ended however the walk ends
        heard_steps = []
        failure = None
        try:
            for index, (kind, argument, transcripts, _) in enumerate(walk.steps):
                # An unsteady step's lines are still waited for, so that the
                # next step does not hear them late; they are not compared.
                compared = mode == "check" and f"{kind} {argument}".strip() not in walk.unsteady
                offset = orca.size()
                if kind == "launch":
                    app, heard = launch(orca, command + walk.args, environment, workdir,
                                        transcripts if mode == "check" else None, version, launched,
                                        focus_matters="launch" not in walk.unsteady)
                else:
                    perform(kind, argument)
                    heard = settle(orca, offset, transcripts if mode == "check" else None, app)
                if os.environ.get("ORCA_WALK_DEBUG"):
                    print(f"{time.time():.3f} step {kind} {argument}: {heard}", file=sys.stderr)
                heard_steps.append(heard)
                if app.poll() is not None:
                    with open(os.path.join(workdir, "app.log")) as log:
                        failure = f"the app ended ({app.returncode}) at “== {kind} {argument}”:\n{log.read()}"
                    break
                if compared and not matches_one_of(heard, transcripts):
                    # What was heard last: a log's tail (CI's) shows it.
                    failure = (f"{walk_path}: after “== {kind} {argument}” (step {index + 1}) the walk expects:\n"
                               + "    == or\n".join("".join(f"    {line}\n" for line in expected)
                                                     for expected in transcripts)
                               + "Orca said:\n"
                               + ("".join(f"    {line}\n" for line in heard) or "    (nothing)\n"))
                    break
        finally:
            for each in launched:
                end(each)
            orca.stop()
            if os.environ.get("ORCA_WALK_KEEP_LOG"):
                subprocess.run(["cp", orca.log, os.environ["ORCA_WALK_KEEP_LOG"]])
            # A failed walk leaves what Orca handled and what the app said
            # with the tests' artefacts, to read what was missed.
            failures = os.environ.get("ORCA_WALK_FAILURES_TO", "")
            if failure and os.path.isdir(failures):
                name = os.path.basename(os.path.dirname(walk_path)) + "-" + os.path.basename(walk_path)
                for log, suffix in ((orca.log, ".orca.log"), (os.path.join(workdir, "app.log"), ".app.log")):
                    if os.path.exists(log):
                        shutil.copy(log, os.path.join(failures, name + suffix))
    if failure:
        sys.exit(failure)
    if mode == "record":
        if version != FIRST_ORCA:
            walk.path = walk_path[:-len(".walk")] + f".orca-{version}.walk"
        if os.path.isdir(os.environ.get("ORCA_WALK_RECORD_TO", "")):
            # In a folder named as the walk's (its language: en/, fr/), as
            # walks of one name in two languages would overwrite each other.
            folder = os.path.join(os.environ["ORCA_WALK_RECORD_TO"], os.path.basename(os.path.dirname(walk.path)))
            os.makedirs(folder, exist_ok=True)
            walk.path = os.path.join(folder, os.path.basename(walk.path))
        walk.write(heard_steps)
        print(f"recorded {walk.path}: {sum(map(len, heard_steps))} utterances in {len(heard_steps)} steps")


if __name__ == "__main__":
    main()
