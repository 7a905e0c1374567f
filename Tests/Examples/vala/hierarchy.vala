// SPDX-License-Identifier: LGPL-2.1-or-later
// The tutorial's hierarchy in Vala: Collection ▸ Shapes ▸ Circle, Square;
// Palette; an item below them that moves down as they open. A toggle opens
// a plain Unfold.Reveal; the program prints when it is wholly revealed.
// Below, an Unfold.ListView of the shapes' names over a Gtk.StringList.
//
//   valac --pkg gtk4 --pkg unfold-1 hierarchy.vala
//   ./hierarchy          (--open: open everything once drawn, quit when open)

Gtk.Widget item (string text) {
    return new Gtk.Label (text) { xalign = 0 };
}

Unfold.RevealGroup group (string title, Gtk.Widget first, Gtk.Widget? second = null) {
    var box = new Gtk.Box (Gtk.Orientation.VERTICAL, 8);
    box.append (first);
    if (second != null) {
        box.append (second);
    }
    return new Unfold.RevealGroup (title) { child = box };
}

int main (string[] args) {
    bool open_at_start = "--open" in args;
    var app = new Gtk.Application ("io.github.unfold.examples.HierarchyVala", ApplicationFlags.NON_UNIQUE);
    app.activate.connect (() => {
        var shapes = group ("Shapes", item ("Circle"), item ("Square"));
        var collection = group ("Collection", shapes, item ("Palette"));
        var details = new Unfold.Reveal () { child = item ("A reveal grows to its child's height.") };
        var toggle = new Gtk.ToggleButton.with_label ("Details");
        toggle.bind_property ("active", details, "reveal-child", BindingFlags.SYNC_CREATE);
        details.notify["child-revealed"].connect (() => {
            print ("child-revealed %s\n", details.child_revealed.to_string ());
            if (open_at_start && details.child_revealed) {
                app.quit ();
            }
        });

        // Any GListModel: rows are made by the function and known by their
        // key, and glide as the model changes.
        var names = new Gtk.StringList (null);
        foreach (unowned string name in new string[] { "Circle", "Square", "Triangle" }) {
            names.append (name);
        }
        var list = new Unfold.ListView ();
        // Its name for screen readers (unnamed, GTK 4.8 gives it its type's).
        list.update_property (Gtk.AccessibleProperty.LABEL, "Shapes", -1);
        list.set_key_func ((shape) => ((Gtk.StringObject) shape).string);
        list.bind_model (names, (shape) => item (((Gtk.StringObject) shape).string));
        var scroller = new Gtk.ScrolledWindow () { child = list, vexpand = true };

        var page = new Gtk.Box (Gtk.Orientation.VERTICAL, 8) {
            margin_top = 12, margin_bottom = 12, margin_start = 12, margin_end = 12
        };
        page.append (collection);
        page.append (toggle);
        page.append (details);
        page.append (item ("Following item"));
        page.append (scroller);
        var window = new Gtk.ApplicationWindow (app) { title = "Hierarchy", child = page };
        window.set_default_size (360, 420);
        window.present ();
        if (open_at_start) {
            // After the window's first frame, so the motion runs on an even clock.
            int frames = 0;
            window.add_tick_callback (() => {
                if (++frames < 2) {
                    return Source.CONTINUE;
                }
                collection.expanded = shapes.expanded = true;
                toggle.active = true;
                return Source.REMOVE;
            });
        }
    });
    return app.run ({ args[0] });
}
