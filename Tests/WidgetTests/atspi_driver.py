#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads and drives a running application through AT-SPI, as a screen reader would.

    atspi_driver.py APP dump [--places]
                                      print the app's accessible tree as JSON lines
                                      (--places: with each node's x, y, width and height
                                      in its window)
    atspi_driver.py APP press NAME    perform the default action of the button, menu item or list item NAME
    atspi_driver.py APP audit         print what a screen reader user would trip on,
                                      one JSON line per problem (none: all is well)
    atspi_driver.py APP listen        print, as they come, one JSON line per piece of news a
                                      screen reader hears from the app: its announcements
                                      ({"announced": TEXT}, GTK 4.14) and new descriptions
                                      ({"described": NAME, "as": TEXT}); "listening" first
    atspi_driver.py APP windows       ask the app's root, over D-Bus, for each window its
                                      count says is shown and for one past them (as a
                                      screen reader whose count went stale does); print
                                      {"shown": [paths], "past": path} as JSON

Exit status 3 when the application (or the button) is not on the bus.
"""
import json
import re
import sys
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

# libatspi's ATSPI_ERROR_APPLICATION_GONE (its error enum is not in the typelib).
APPLICATION_GONE = 0

# A name like "GtkExpander" is what GTK says when nobody named the widget.
TYPE_NAME = re.compile(r"^(Gtk|Gdk|Adw|Unfold)[A-Z][A-Za-z]*$")
# Words for programmers, in text for users.
CLASS_NAME = re.compile(r"\b(Gtk|Gdk|Adw)[A-Z][a-z]")
# Roles a keyboard or a screen reader acts on: they must say what they are.
ACTIONABLE_ROLES = {"push button", "toggle button", "check box", "radio button", "entry", "text", "list item",
                    "page tab", "combo box", "menu item", "check menu item", "spin button", "slider", "link",
                    "tree item", "table cell", "password text"}


def find_application(name):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(index)
        if application is not None and application.get_name() == name:
            return application
    return None


def role_name(node):
    """The node's role in words that hold on every release: libatspi's name
    for it, but a push button is a "push button" everywhere (Debian 13's
    at-spi2-core calls ATSPI_ROLE_PUSH_BUTTON ATSPI_ROLE_BUTTON, "button";
    the value is the same)."""
    name = Atspi.role_get_name(Atspi.Role(node.get_role()))
    return {"button": "push button"}.get(name, name)


def walk(node, depth=0, path=(), places=False):
    states = sorted(Atspi.StateType(s).value_nick for s in node.get_state_set().get_states())
    name = node.get_name() or ""
    role = role_name(node)
    path = path + (f"{role} '{name}'",)
    description = {"depth": depth, "role": role, "name": name, "states": states}
    if node.get_description():
        description["description"] = node.get_description()
    if "editable" in states:
        # What was typed, as a screen reader reads it back.
        description["text"] = Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node))
    place = extents(node) if places else None
    if place is not None:
        description.update(zip(("x", "y", "width", "height"), place))
    yield description, node, path
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            yield from walk(child, depth + 1, path, places)


def extents(node):
    """Where the node is in its window: x, y, width, height; None if it has no place."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the replacement is not in Debian 12's Atspi
        component = node.get_component_iface()
    if component is None:
        return None
    box = component.get_extents(Atspi.CoordType.WINDOW)
    return box.x, box.y, box.width, box.height


def size(node):
    place = extents(node)
    return None if place is None else place[2:]


def described_by(node):
    """The text of what the node's "described by" relations point at, as Orca joins it."""
    texts = []
    for relation in node.get_relation_set() or []:
        if relation.get_relation_type() != Atspi.RelationType.DESCRIBED_BY:
            continue
        for index in range(relation.get_n_targets()):
            target = relation.get_target(index)
            if target is None:
                continue
            text = target.get_name()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # the replacement is not in Debian 12's Atspi
                if not text and target.get_text_iface() is not None:
                    text = Atspi.Text.get_text(target, 0, -1)
            if text:
                texts.append(text)
    return " ".join(texts)


def audit_node(description, node, path, problem):
    """Adds what a screen reader user would trip on at this one node."""
    role, name, states = description["role"], description["name"], description["states"]
    if TYPE_NAME.match(name):
        problem(path, "named after its GType")
    elif CLASS_NAME.search(name):
        problem(path, "speaks of a class to users")
    if name in ("(None)", "None"):
        problem(path, "named “(None)”")
    if not name and ("focusable" in states or role in ACTIONABLE_ROLES):
        problem(path, "focusable or actionable, and unnamed")
    # (GTK 4.8 makes a tooltip's text the description: a button named by
    # its tooltip says it twice, at its first focus above all.)
    if name and description.get("description") == name:
        problem(path, "described by its own name: a screen reader says it twice")
    # With no description of its own, Orca says the text of what it is
    # "described by" (GTK 4.8's menu button: by its own label).
    if name and not description.get("description") and described_by(node).lower() == name.lower():
        problem(path, "described by a widget that says its name: a screen reader says it twice")
    if name and role not in ("frame", "dialog", "window", "filler", "panel"):
        dimensions = size(node)
        if dimensions is not None and (dimensions[0] <= 0 or dimensions[1] <= 0):
            problem(path, f"in the tree but not on screen ({dimensions[0]}×{dimensions[1]})")


def answers(application):
    """Whether the application is still on the bus (asked over it: not from libatspi's cache)."""
    try:
        application.get_relation_set()
        return True
    except GLib.Error:
        return False


def gone(error):
    """Whether an AT-SPI error says the object asked is gone: libatspi's own
    word for it, or GTK's answer for a path it no longer serves (an audit on
    Debian 13's GTK 4.18 met one gone between the walk and its question)."""
    return error.domain == "atspi_error" and (error.code == APPLICATION_GONE or "does not exist" in error.message)


def audit(application):
    problems = []

    def problem(path, what):
        problems.append({"where": " › ".join(path[1:]), "problem": what})

    nodes = list(walk(application))
    # A window whose accessible GTK 4.8 made before the window was on screen
    # keeps a wrong role ("filler"): Orca does not say it as a window, nor
    # find its title bar's buttons.
    for description, node, path in nodes[1:]:
        if description["depth"] == 1 and description["role"] not in ("frame", "dialog", "alert", "window"):
            problem(path, f"a window said as a {description['role']}")
    for description, node, path in nodes[1:]:
        try:
            audit_node(description, node, path, problem)
        except GLib.Error as error:
            # Gone since the walk (a row that faded out): nothing of it is left
            # to trip on. The application itself gone is another matter.
            if not gone(error) or not answers(application):
                raise
    # A pane or list that takes the focus itself, though what it holds takes it:
    # a stop of the Tab order, or of a screen reader's, where nothing happens.
    for index, (description, node, path) in enumerate(nodes):
        if description["role"] in ("scroll pane", "panel", "filler") and "focusable" in description["states"]:
            inside = [d for d, _, _ in nodes[index + 1:]]
            inside = inside[:next((i for i, d in enumerate(inside) if d["depth"] <= description["depth"]), len(inside))]
            if any("focusable" in d["states"] for d in inside):
                problem(path, "takes the focus, though what it holds does")
    # Three nested nodes for one thing: a node named as its parent and its
    # grandparent (the name said three times on the way in).
    ancestors = []  # the names on the way to the node, by depth
    for description, node, path in nodes:
        del ancestors[description["depth"]:]
        ancestors.append(description["name"])
        if len(ancestors) >= 3 and ancestors[-1] and ancestors[-1] == ancestors[-2] == ancestors[-3]:
            problem(path, "named as its parent and its grandparent")
    # Said twice on the way in: a screen reader (Orca) says the named panels,
    # lists and groups around the focus, passing over scroll panes and fillers
    # (layout to it). A container named as the nearest one it says around it
    # is heard twice ("Outline panel. Outline."); a panel whose one child has
    # its name is deemed layout itself, and its name never heard at all.
    SAID = {"panel", "list", "list box", "tree", "tree table", "table", "grouping", "list item", "tree item",
            "page tab list", "section", "form", "landmark"}
    said = []  # the said containers' names on the way to the node, by depth
    for description, node, path in nodes:
        depth, role, name = description["depth"], description["role"], description["name"]
        del said[depth:]
        outer = next((n for n in reversed(said) if n), None)
        if name and role in SAID and name == outer:
            problem(path, f"named “{name}” as the {role} is in: a screen reader says it twice")
        said.append(name if role in SAID else None)
        if role == "panel" and name and node.get_child_count() == 1:
            child = node.get_child_at_index(0)
            if child is not None and child.get_name() == name:
                problem(path, "one child, of the same name: a screen reader deems the panel layout and never says it")
    # A list counts its rows as a screen reader does, by role ("List with 2
    # items."): every row it shows is a list item, or the count is short.
    for description, node, path in nodes:
        if description["role"] not in ("list", "list box"):
            continue
        rows = [d for d, _, _ in walk(node) if d["depth"] == 1 and "visible" in d["states"]]
        others = [d["role"] for d in rows if d["role"] not in ("list item", "tree item")]
        if others:
            problem(path, f"shows {len(rows)} rows, but counts {len(rows) - len(others)} items (the others: {', '.join(others)})")
    # A list that has the focus has one cursor: the focused item is the selected one.
    for description, node, path in nodes:
        if description["role"] not in ("list", "tree", "tree table", "table"):
            continue
        items = [(d, p) for d, _, p in walk(node) if d["depth"] == 1 and d["role"] in ("list item", "tree item")]
        focused = [p for d, p in items if "focused" in d["states"]]
        selected = [p for d, p in items if "selected" in d["states"]]
        if len(focused) > 1:
            problem(path, f"{len(focused)} items focused at once")
        selectable = any("selectable" in d["states"] for d, _ in items)
        if focused and selectable and focused != selected:
            problem(path, "the focused item is not the selected one")
    # Each window says which page it shows: one selected tab.
    for description, node, path in nodes:
        if description["role"] == "page tab list":
            tabs = [d for d, _, _ in walk(node) if d["role"] == "page tab"]
            if sum("selected" in d["states"] for d in tabs) != 1:
                problem(path, "no single page tab is selected")
    return problems


ROOT = "/org/a11y/atspi/accessible/root"


def windows(name):
    """The paths GTK gives for the application's windows, asked by index over
    the accessibility bus: each shown one, then one past them. GTK 4.8 answers
    an index past the shown windows with the last window it keeps, shown or
    not; a hidden one there has no path, and GTK raises a critical."""
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)

    def call(peer, interface, method, arguments, reply):
        return bus.call_sync(peer, ROOT, interface, method, arguments, GLib.VariantType(reply),
                             Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]

    def prop(peer, key):
        return call(peer, "org.freedesktop.DBus.Properties", "Get",
                    GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", key)), "(v)")

    names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", None,
                          GLib.VariantType("(as)"), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
    for peer in (n for n in names if n.startswith(":")):
        try:
            if prop(peer, "Name") != name:
                continue
        except GLib.Error:
            continue  # not an application (the registry, a screen reader)
        count = prop(peer, "ChildCount")
        paths = [call(peer, "org.a11y.atspi.Accessible", "GetChildAtIndex", GLib.Variant("(i)", (index,)), "((so))")[1]
                 for index in range(count + 1)]
        return {"shown": paths[:-1], "past": paths[-1]}
    return None

def listen(application):
    """Prints the app's announcements and description changes as they come,
    until killed: what Orca takes for news (its object:announcement and
    object:property-change:accessible-description events)."""
    app_id = application.get_process_id()

    def on_event(event):
        source = event.source
        try:
            if source is None or source.get_process_id() != app_id:
                return
            if event.type.startswith("object:announcement"):
                text = event.any_data if isinstance(event.any_data, str) else str(event.any_data)
                print(json.dumps({"announced": text}, ensure_ascii=False), flush=True)
            else:
                print(json.dumps({"described": source.get_name() or "", "as": source.get_description() or ""},
                                 ensure_ascii=False), flush=True)
        except GLib.Error:
            pass  # gone as it spoke

    listener = Atspi.EventListener.new(on_event)
    listener.register("object:announcement")
    listener.register("object:property-change:accessible-description")
    print(json.dumps({"listening": True}), flush=True)
    GLib.MainLoop().run()


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    application = find_application(argv[1])
    if application is None:
        desktop = Atspi.get_desktop(0)
        names = [desktop.get_child_at_index(i) for i in range(desktop.get_child_count())]
        print(f"no application named {argv[1]!r} on the accessibility bus (there are: {[n.get_name() if n else None for n in names]})", file=sys.stderr)
        return 3
    command = argv[2]
    if command == "dump":
        for description, _, _ in walk(application, places="--places" in argv[3:]):
            print(json.dumps(description))
        return 0
    if command == "audit":
        for found in audit(application):
            print(json.dumps(found, ensure_ascii=False))
        return 0
    if command == "listen":
        listen(application)
        return 0
    if command == "windows":
        answer = windows(argv[1])
        if answer is None:
            print(f"{argv[1]!r} is not on the accessibility bus", file=sys.stderr)
            return 3
        print(json.dumps(answer))
        return 0
    if command == "press" and len(argv) == 4:
        for description, node, _ in walk(application):
            # (A list item too: libadwaita's activatable rows, as in its about
            # dialog. One that does nothing is passed over: a row named as
            # the button inside it.)
            if description["role"] in ("push button", "menu item", "list item") and description["name"] == argv[3]:
                action = node.get_action_iface()
                if description["role"] == "list item" and (action is None or action.get_n_actions() == 0):
                    continue
                if action is None or action.get_n_actions() == 0:
                    print(f"{argv[3]!r} has no action", file=sys.stderr)
                    return 3
                action.do_action(0)
                return 0
        print(f"no button, menu item or list item named {argv[3]!r}", file=sys.stderr)
        return 3
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
