#!/usr/bin/python3
"""Reads and drives a running application through AT-SPI, as a screen reader would.

    atspi_driver.py APP dump          print the app's accessible tree as JSON lines
    atspi_driver.py APP press NAME    perform the default action of the button NAME

Exit status 3 when the application (or the button) is not on the bus.
"""
import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def find_application(name):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(index)
        if application is not None and application.get_name() == name:
            return application
    return None


def walk(node, depth=0):
    states = sorted(Atspi.StateType(s).value_nick for s in node.get_state_set().get_states())
    yield {"depth": depth, "role": node.get_role_name(), "name": node.get_name(), "states": states}, node
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            yield from walk(child, depth + 1)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    application = find_application(argv[1])
    if application is None:
        print(f"no application named {argv[1]!r} on the accessibility bus", file=sys.stderr)
        return 3
    command = argv[2]
    if command == "dump":
        for description, _ in walk(application):
            print(json.dumps(description))
        return 0
    if command == "press" and len(argv) == 4:
        for description, node in walk(application):
            if description["role"] == "push button" and description["name"] == argv[3]:
                action = node.get_action_iface()
                if action is None or action.get_n_actions() == 0:
                    print(f"{argv[3]!r} has no action", file=sys.stderr)
                    return 3
                action.do_action(0)
                return 0
        print(f"no button named {argv[3]!r}", file=sys.stderr)
        return 3
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
