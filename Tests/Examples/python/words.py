#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""GTK's "Words" demo with Unfold's list: 100,000 words through a
GtkFilterListModel and a GtkStringFilter bound to a search entry, shown by
Unfold.ListView instead of GtkListView — so the list animates as you type.

    python3 words.py [WORDS_FILE]      (default /usr/share/dict/words)
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Unfold", "1")
from gi.repository import Gtk, Unfold  # noqa: E402


# The filter and its expression, as GTK's demo builds them (PyGObject 3.42
# cannot make a GtkExpression itself; GtkBuilder can).
PIPELINE = """
<interface>
  <object class="GtkFilterListModel" id="filtered">
    <property name="filter">
      <object class="GtkStringFilter" id="filter">
        <property name="expression"><lookup name="string" type="GtkStringObject"/></property>
      </object>
    </property>
  </object>
</interface>
"""


def build_window(app, path):
    with open(path, encoding="utf-8") as words:
        strings = Gtk.StringList.new([line.strip() for line in words if line.strip()])
    builder = Gtk.Builder.new_from_string(PIPELINE, -1)
    filtered = builder.get_object("filtered")
    filtered.set_model(strings)

    entry = Gtk.SearchEntry()
    # Named for screen readers too (unnamed, GTK 4.8 says "GtkSearchEntry").
    entry.update_property([Gtk.AccessibleProperty.LABEL], ["Filter words"])
    entry.bind_property("text", builder.get_object("filter"), "search", 0)

    words = Unfold.ListView()
    # Its name for screen readers (unnamed, GTK 4.8 gives it its type's).
    words.update_property([Gtk.AccessibleProperty.LABEL], ["Words"])
    words.bind_model(filtered, lambda item: Gtk.Label(label=item.get_string(), xalign=0))

    scroller = Gtk.ScrolledWindow(child=words, vexpand=True)
    # With no word to show, the list takes no focus (as GtkListView), and the
    # scroller would take it itself: a stop with nothing to scroll or say.
    def follow_emptiness(model, *changed):
        scroller.set_can_focus(model.get_n_items() > 0)
    filtered.connect("items-changed", follow_emptiness)
    follow_emptiness(filtered)

    # What the filter leaves, for those who cannot see the list: a screen
    # reader counts only the rows in view ("List with 17 items"). GTK 4.14
    # announces it (gtk_accessible_announce). GTK 4.8 has no way to: Orca
    # says an entry's description as it changes there (given only from the
    # first change: one given before the entry's first focus is said twice).
    can_announce = hasattr(Gtk.Accessible, "announce")

    def tell_result(model, *changed):
        shown, total = model.get_n_items(), strings.get_n_items()
        result = f"{shown} of {total} words" if shown else "No matching words"
        if can_announce:
            entry.announce(result, Gtk.AccessibleAnnouncementPriority.MEDIUM)
        else:
            entry.update_property([Gtk.AccessibleProperty.DESCRIPTION], [result])
    filtered.connect("items-changed", tell_result)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    box.append(entry)
    box.append(scroller)
    window = Gtk.ApplicationWindow(application=app, title="Words", child=box, default_width=400, default_height=600)
    return window, entry, words, filtered


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dict/words"
    app = Gtk.Application(application_id="io.github.unfold.examples.Words")
    app.connect("activate", lambda app: build_window(app, path)[0].present())
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
