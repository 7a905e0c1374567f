// SPDX-License-Identifier: LGPL-2.1-or-later
// Where gi-docgen's links to other libraries' types go (unfold.toml.in's urlmap_file).
baseURLs = [
    [ 'GLib', 'https://docs.gtk.org/glib/' ],
    [ 'GObject', 'https://docs.gtk.org/gobject/' ],
    [ 'Gio', 'https://docs.gtk.org/gio/' ],
    [ 'Gdk', 'https://docs.gtk.org/gdk4/' ],
    [ 'Gsk', 'https://docs.gtk.org/gsk4/' ],
    [ 'Gtk', 'https://docs.gtk.org/gtk4/' ],
    [ 'Pango', 'https://docs.gtk.org/Pango/' ],
    [ 'Graphene', 'https://ebassi.github.io/graphene/docs/' ],
]
