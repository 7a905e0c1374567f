#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A window that drags files as a file manager does: a `text/uri-list` of the
URIs given, for the tests to drag onto Unfold's window with real (XTest)
pointer events.

    drag_source.py URI...
"""
import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def main(uris):
    application = Gtk.Application(flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="Unfold test drag source")
        label = Gtk.Label(label="Drag these files")
        label.set_size_request(240, 160)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        # As Nautilus offers files: one URI a line, each ended by CR LF.
        data = "".join(uri + "\r\n" for uri in uris).encode()
        source.set_content(Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(data)))
        source.connect("drag-end", lambda *_: print("drag ended", flush=True))
        label.add_controller(source)
        window.set_child(label)
        window.present()

    application.connect("activate", activate)
    return application.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
