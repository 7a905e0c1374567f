#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The installed GIR against the installed headers and the library itself.

    check_gir.py PREFIX

Every function the headers declare is in the GIR, every class's properties
are the ones the library registers (with the GIR's types and the header's
readable/writable flags), and every method is callable through the typelib.
Prints one line per problem and exits 1, or prints a summary and exits 0.
Run with GI_TYPELIB_PATH and LD_LIBRARY_PATH pointing into PREFIX.
"""
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Unfold", "1")
from gi.repository import GObject, Gtk, Unfold  # noqa: E402

CORE = "{http://www.gtk.org/introspection/core/1.0}"
C = "{http://www.gtk.org/introspection/c/1.0}"

prefix = sys.argv[1]
problems = []

declared = set()
for header in glob.glob(os.path.join(prefix, "include/unfold-1/*.h")):
    text = open(header, encoding="utf-8").read()
    declared |= set(re.findall(r"\b(unfold_[a-z0-9_]+)\s*\(", text))
declared -= {name for name in declared if name.endswith("_get_type")} - set()

gir = ET.parse(os.path.join(prefix, "share/gir-1.0/Unfold-1.gir")).getroot()
namespace = gir.find(CORE + "namespace")
in_gir = {element.get(C + "identifier") for element in namespace.iter() if element.get(C + "identifier")}
# A class's _get_type is in the GIR as its glib:get-type.
in_gir |= {element.get("{http://www.gtk.org/introspection/glib/1.0}get-type") for element in namespace.iter(CORE + "class")}
for name in sorted(declared - in_gir):
    problems.append(f"{name} is declared in the headers but not in the GIR")

GIR_TYPES = {"gboolean": GObject.TYPE_BOOLEAN, "gdouble": GObject.TYPE_DOUBLE, "guint": GObject.TYPE_UINT,
             "utf8": GObject.TYPE_STRING, "Gtk.Widget": Gtk.Widget.__gtype__,
             "Gtk.RevealerTransitionType": Gtk.RevealerTransitionType.__gtype__}

properties = methods = 0
Gtk.init()
for klass in namespace.iter(CORE + "class"):
    name = klass.get("name")
    python_class = getattr(Unfold, name)
    registered = {spec.name: spec for spec in GObject.list_properties(python_class)
                  if spec.owner_type == python_class.__gtype__}
    described = {}
    for prop in klass.findall(CORE + "property"):
        described[prop.get("name")] = prop
        spec = registered.get(prop.get("name"))
        if spec is None:
            problems.append(f"{name}:{prop.get('name')} is in the GIR but the library registers no such property")
            continue
        properties += 1
        gir_type = prop.find(CORE + "type").get("name")
        if gir_type in GIR_TYPES and spec.value_type != GIR_TYPES[gir_type]:
            problems.append(f"{name}:{spec.name} is {spec.value_type.name} in the library, {gir_type} in the GIR")
        writable = prop.get("writable") == "1"
        if bool(spec.flags & GObject.ParamFlags.WRITABLE) != writable:
            problems.append(f"{name}:{spec.name}: writable in the GIR is {writable}, in the library the opposite")
        if not spec.flags & GObject.ParamFlags.EXPLICIT_NOTIFY:
            problems.append(f"{name}:{spec.name} notifies on every set, not only on a change")
        if prop.get("getter") is None:
            problems.append(f"{name}:{spec.name} has no getter in the header")
        if writable and prop.get("setter") is None:
            problems.append(f"{name}:{spec.name} is writable but has no setter in the header")
        if prop.find(CORE + "doc") is None:
            problems.append(f"{name}:{spec.name} has no documentation")
    for missing in sorted(set(registered) - set(described)):
        problems.append(f"{name}:{missing} is registered by the library but not in the GIR")
    for method in klass.findall(CORE + "method") + klass.findall(CORE + "constructor"):
        if not callable(getattr(python_class, method.get("name"), None)):
            problems.append(f"{name}.{method.get('name')} is not callable through the typelib")
        else:
            methods += 1
        if method.find(CORE + "doc") is None:
            problems.append(f"{method.get(C + 'identifier')} has no documentation")
    if klass.find(CORE + "doc") is None:
        problems.append(f"{name} has no documentation")

# A .ui file that names Unfold's types, read in a fresh interpreter, as a
# Python program does: after Unfold.init(), GtkBuilder finds them by name
# (a library PyGObject loads privately is not where GtkBuilder looks).
BUILDER_CHECK = """
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Unfold", "1")
from gi.repository import Gtk, Unfold
Unfold.init()
builder = Gtk.Builder.new_from_string(
    '<interface><object class="UnfoldReveal" id="reveal"><property name="reveal-child">1</property>'
    '<property name="transition-duration">500</property></object></interface>', -1)
reveal = builder.get_object("reveal")
assert isinstance(reveal, Unfold.Reveal), reveal
assert reveal.get_reveal_child() and reveal.get_transition_duration() == 500
"""
builder_run = subprocess.run([sys.executable, "-c", BUILDER_CHECK], capture_output=True, text=True)
if builder_run.returncode != 0:
    problems.append(f"a .ui file naming UnfoldReveal after Unfold.init(): {builder_run.stderr.strip()}")

for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"ok: {len(declared)} functions, {properties} properties, {methods} methods and constructors agree")
