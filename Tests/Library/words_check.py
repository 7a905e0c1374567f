#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Drives the Python "Words" example (Tests/Examples/python/words.py) as a
person would: it types into the search entry with xdotool, in a real window,
and watches every frame of Unfold's list.

    words_check.py WORDS_FILE

Types "ze", lets the list settle, then types "b": on the frames in between,
removed rows must fade where they were (not targetable, not moving) and kept
rows must pass through positions between their old and new places; at the
end the rows are exactly GtkFilterListModel's items, in its order. Prints a
summary and exits 0, or says what failed and exits 1.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "python"))

import words  # noqa: E402
from gi.repository import GLib, Gtk  # noqa: E402

made = []  # every label the list asked for, in the order it asked


def make_label(item):
    label = Gtk.Label(label=item.get_string(), xalign=0)
    made.append(label)
    return label


def rows(view):
    """The rows on screen now: (word, y, leaving), by y."""
    shown = []
    for label in made:
        row = label.get_parent()
        if row is None or row.get_parent() is not view or not row.get_mapped():
            continue
        ok, bounds = row.compute_bounds(view)
        if ok and bounds.get_y() + bounds.get_height() > 0 and bounds.get_y() < view.get_height():
            shown.append((label.get_label(), round(bounds.get_y(), 2), not row.get_can_target()))
    return sorted(shown, key=lambda row: row[1])


def main():
    app = Gtk.Application(application_id="io.github.unfold.examples.WordsCheck")
    outcome = {"status": 1}

    # The words in the order of their code points, as Debian 12 lists them
    # (capitals first): Debian 13 lists them without regard to case, and then
    # none of the words "zeb" leaves is among the rows "ze" shows first.
    with open(sys.argv[1], encoding="utf-8") as f:
        ordered = sorted(line for line in f.read().split("\n") if line)
    listing = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False)
    listing.write("\n".join(ordered) + "\n")
    listing.close()

    def activate(app):
        window, entry, view, filtered = words.build_window(app, listing.name)
        view.bind_model(filtered, make_label)
        window.present()
        frames = []
        phase = {"name": "start", "quiet": 0}

        def tick(widget, clock):
            frames.append((phase["name"], rows(view), entry.get_text()))
            return GLib.SOURCE_CONTINUE

        def settled(text=""):
            # Two frames alike, both drawn once the entry said `text`, with the
            # filter done and no row leaving: the motion is over. (Typed keys
            # and this check can come between two frames: the frames before the
            # keys are alike too. A row fading out where it was is alike from
            # frame to frame, and on a loaded machine two frames can show the
            # same moment of a glide.)
            return (len(frames) > 2 and frames[-1][1] == frames[-2][1] and not filtered.get_pending()
                    and frames[-1][2] == frames[-2][2] == text
                    and not any(leaving for _, _, leaving in frames[-1][1]))

        def step():
            if phase["name"] == "start" and settled():
                # The keyboard's focus, as a window manager would give it.
                subprocess.run(["xdotool", "search", "--sync", "--name", "^Words$", "windowfocus", "--sync"], check=True)
                entry.grab_focus()
                phase["name"] = "focus"
            elif phase["name"] == "focus" and window.get_focus() is not None and window.get_focus().is_ancestor(entry):
                phase["name"] = "ze"
                subprocess.run(["xdotool", "type", "--delay", "60", "ze"], check=True)
            elif phase["name"] == "ze" and settled("ze"):
                phase["before"] = frames[-1][1]
                phase["name"] = "zeb"
                subprocess.run(["xdotool", "type", "zeb"[2]], check=True)
            elif phase["name"] == "zeb" and settled("zeb"):
                outcome["status"] = judge(phase["before"], [shown for name, shown, _ in frames if name == "zeb"], view, filtered)
                app.quit()
                return GLib.SOURCE_REMOVE
            return GLib.SOURCE_CONTINUE

        view.add_tick_callback(tick)
        GLib.timeout_add(50, step)

    app.connect("activate", activate)
    app.run([sys.argv[0]])
    os.unlink(listing.name)
    return outcome["status"]


def judge(before, frames, view, filtered):
    problems = []
    where_before = {word: y for word, y, _ in before}
    final = frames[-1]
    expected = [filtered.get_item(i).get_string() for i in range(min(filtered.get_n_items(), len(final) + 1))]
    shown = [word for word, _, leaving in final if not leaving]
    if shown != expected[:len(shown)] or len(shown) < min(len(expected), 5):
        problems.append(f"the rows at the end are {shown}, GtkFilterListModel's items {expected}")
    if any(leaving for _, _, leaving in final):
        problems.append("rows still leaving at the end")
    kept = {word for word in shown if word in where_before}
    removed = set(where_before) - {filtered.get_item(i).get_string() for i in range(filtered.get_n_items())}
    fading_in_place = {word for shown_rows in frames for word, y, leaving in shown_rows
                       if leaving and word in removed and y == where_before[word]}
    where_after = {word: y for word, y, _ in final}
    between = {word for shown_rows in frames for word, y, leaving in shown_rows
               if word in kept and not leaving and where_before[word] != where_after[word]
               and min(where_before[word], where_after[word]) < y < max(where_before[word], where_after[word])}
    if not removed or not fading_in_place:
        problems.append(f"no removed row was seen fading where it was (removed: {sorted(removed)[:5]})")
    if not kept or not between:
        problems.append(f"no kept row was seen between its old and new places (kept: {sorted(kept)[:5]})")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"ok: {len(frames)} frames; {len(fading_in_place)} rows faded where they were, "
          f"{len(between)} glided through intermediate places; {len(shown)} rows are the model's items in order")
    return 0


if __name__ == "__main__":
    sys.exit(main())
