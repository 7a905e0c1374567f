#!/usr/bin/env -S gjs -m
// SPDX-License-Identifier: LGPL-2.1-or-later
// The tutorial's hierarchy in JavaScript: Collection ▸ Shapes ▸ Circle,
// Square; Palette; an item below them that moves down as they open. A toggle
// opens a plain Unfold.Reveal; the program prints when it is wholly revealed.
//
//   gjs -m hierarchy.js          (--open: open everything once drawn, quit when open)
import GLib from 'gi://GLib';
import GObject from 'gi://GObject';
import Gtk from 'gi://Gtk?version=4.0';
import Unfold from 'gi://Unfold?version=1';
import system from 'system';

const openAtStart = ARGV.includes('--open');

const item = text => new Gtk.Label({label: text, xalign: 0});

function group(title, ...children) {
    const box = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL, spacing: 8});
    children.forEach(child => box.append(child));
    return new Unfold.RevealGroup({title, child: box});
}

const app = new Gtk.Application({application_id: 'io.github.unfold.examples.HierarchyJS'});
app.connect('activate', () => {
    const shapes = group('Shapes', item('Circle'), item('Square'));
    const collection = group('Collection', shapes, item('Palette'));
    const details = new Unfold.Reveal({child: item("A reveal grows to its child's height.")});
    const toggle = new Gtk.ToggleButton({label: 'Details'});
    toggle.bind_property('active', details, 'reveal-child', GObject.BindingFlags.SYNC_CREATE);
    details.connect('notify::child-revealed', () => {
        print(`child-revealed ${details.child_revealed}`);
        if (openAtStart && details.child_revealed)
            app.quit();
    });

    const page = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL, spacing: 8,
        margin_top: 12, margin_bottom: 12, margin_start: 12, margin_end: 12});
    [collection, toggle, details, item('Following item')].forEach(child => page.append(child));
    const window = new Gtk.ApplicationWindow({application: app, title: 'Hierarchy', child: page,
        default_width: 360, default_height: 420});
    window.present();
    if (openAtStart) {
        // After the window's first frame, so the motion runs on an even clock.
        let frames = 0;
        window.add_tick_callback(() => {
            if (++frames < 2)
                return GLib.SOURCE_CONTINUE;
            collection.expanded = shapes.expanded = true;
            toggle.active = true;
            return GLib.SOURCE_REMOVE;
        });
    }
});
app.run([system.programInvocationName]);
