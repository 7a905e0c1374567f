#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Unfold's search folding written again, sharing nothing with Sources/UnfoldCore
or data/unicode: rule 1 and rule 3 from Python's own Unicode database
(unicodedata) and str.casefold(), Unicode's full case folding; rule 2 from
ICU's root collator (PyICU), the collation elements ICU itself weighs text by,
not the DUCET file the table is made from. The tests compare the two.

    fold_reference.py codepoints   one line per assigned code point:
                                   HEX, or HEX:FOLDED HEX… when it folds to something else
    fold_reference.py lines        the fold of each line of stdin, one per line

Needs Debian's /usr/bin/python3 with python3-icu (ICU 72, Unicode 15.0; its
unicodedata is Unicode 14.0, so the characters new in 15.0 are not compared).
ICU's root collation is CLDR's, which differs from the DUCET in how it numbers
weights and orders whole groups (punctuation, symbols, currency, digits,
scripts), and ICU stores some elements differently: it merges an element with
only a secondary weight into the element before (ð is one element, [d,
secondary 70], where the DUCET has [d][.0000.011C]), and splits a long primary
weight into a continuation element, joined again here. Neither changes which
characters have no primary weight, nor which is a base character (one element,
common secondary and tertiary weights), nor what a letter's primaries are: for
this rule ICU and the DUCET agree on every character Python knows, as the
test comparing this script with the table finds. Where a Unicode version or
CLDR made them differ, that test would say where.

Two things ICU has no property for are read from how it weighs text: a base
character is one whose collation elements are just that; and a mark that ICU
ignores alone is part of a letter when, next to some character of its own
script, the two weigh otherwise than apart (Thai nikhahit before sara aa is
sara am).
"""
import os
import sys
import unicodedata

import icu

CONTROL_SPACES = {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85}
APOSTROPHES = "\u2018\u2019\u201a\u201b\u02bc"
QUOTATION_MARKS = "\u201c\u201d\u201e\u201f\u301d\u301e"
COMMON = 0x05  # ICU's common secondary and tertiary weight (the DUCET's 0020 and 0002)

ROOT = icu.Collator.createInstance(icu.Locale.getRoot())


def collation_elements(text):
    """ICU's collation elements for text: (primary, secondary, tertiary) tuples
    of weight parts, a continuation element's parts joined to its element's."""
    iterator = ROOT.createCollationElementIterator(text)
    out = []
    while True:
        element = iterator.next()
        if element == icu.CollationElementIterator.NULLORDER:
            return out
        element &= 0xFFFFFFFF
        primary, secondary, tertiary = element >> 16, element >> 8 & 0xFF, element & 0xFF
        if tertiary & 0xC0 == 0xC0 and out:
            # The rest of a long weight; a continuation's empty secondary and
            # tertiary parts (after a three-byte primary) say nothing.
            last = out[-1]
            out[-1] = (last[0] + (primary,), last[1] + ((secondary,) if secondary else ()),
                       last[2] + ((tertiary & 0x3F,) if tertiary & 0x3F else ()))
        else:
            out.append(((primary,), (secondary,), (tertiary,)))


def primaries(text):
    return [element[0] for element in collation_elements(text) if any(element[0])]


def script(character):
    return icu.Script.getScript(character).getScriptCode()


def letter_of_its_own(character):
    """Rule 1's exception: a letter written as a letter and an Inherited mark
    (an accent everywhere else) that ICU weighs as a letter of its own, one
    element whose primary is not its base's (й, not и with a breve), but for
    Arabic's letters with hamza or madda."""
    decomposition = unicodedata.decomposition(character)
    if not decomposition or decomposition.startswith("<"):
        return False
    parts = [chr(int(part, 16)) for part in decomposition.split()]
    return (len(parts) == 2 and unicodedata.category(character)[0] == "L"
            and script(parts[1]) == icu.UScriptCode.INHERITED and script(character) != icu.UScriptCode.ARABIC
            and len(collation_elements(character)) == 1 and primaries(character) != primaries(parts[0]))


def rule1(text):
    # Compatibility decomposition and full case folding, until neither changes
    # anything; a letter of its own is only case-folded.
    while True:
        folded = "".join(c.casefold() if letter_of_its_own(c) else unicodedata.normalize("NFKD", c).casefold()
                         for c in text)
        folded = "".join(c if letter_of_its_own(c) else unicodedata.normalize("NFKD", c) for c in folded)
        if folded == text:
            return text
        text = folded


def version(text):
    return tuple(int(part) for part in str(text).split("."))


# The characters assigned in the Unicode version of the fold's table
# (UNFOLD_UNICODE_VERSION, which the test gives), or in this Python's: a
# character added since folds as itself in Unfold until its table is made anew.
TABLE_VERSION = version(os.environ.get("UNFOLD_UNICODE_VERSION", unicodedata.unidata_version))
ASSIGNED = [chr(code) for code in range(0x110000)
            if unicodedata.category(chr(code)) not in ("Cn", "Cs") and version(icu.Char.charAge(chr(code))) <= TABLE_VERSION]
STABLE = [c for c in ASSIGNED if rule1(c) == c]

# A primary weight's base character: the letter or mark that rule 1 leaves
# alone and that ICU weighs as that primary with nothing else (common
# secondary, lower case).
BASE = {}
for character in STABLE:
    if unicodedata.category(character)[0] in "LM":
        elements = collation_elements(character)
        if len(elements) == 1 and any(elements[0][0]) and elements[0][1:] == ((COMMON,), (COMMON,)):
            assert elements[0][0] not in BASE, f"two base characters for {character!r}"
            BASE[elements[0][0]] = character

INHERITED, COMMON_SCRIPT = icu.UScriptCode.INHERITED, icu.UScriptCode.COMMON


def part_of_a_letter(mark):
    """A mark ICU ignores alone but weighs, before or after a character of its
    own script, as something else than the two apart (Thai ํ in ำ)."""
    own = script(mark)
    if own in (INHERITED, COMMON_SCRIPT):
        return False
    for other in SCRIPT_CHARACTERS.get(own, ()):
        apart = primaries(other)
        if primaries(other + mark) != apart or primaries(mark + other) != apart:
            return True
    return False


SCRIPT_CHARACTERS = {}
for character in STABLE:
    SCRIPT_CHARACTERS.setdefault(script(character), []).append(character)


def rule2(character):
    category = unicodedata.category(character)
    if category == "Cc":
        return character
    weights = primaries(character)
    if not weights:
        return character if category[0] == "M" and part_of_a_letter(character) else ""
    if category[0] in "LM":
        targets = [BASE.get(weight) for weight in weights]
        if None not in targets and all(script(t) == script(character) for t in targets):
            return "".join(targets)
    return character


def rule3(character):
    category = unicodedata.category(character)
    if category in ("Zs", "Zl", "Zp") or ord(character) in CONTROL_SPACES:
        return " "
    if character in APOSTROPHES:
        return "'"
    if character in QUOTATION_MARKS:
        return '"'
    if category == "Pd":
        return "-"
    return character


RULE2 = {}


def fold(text):
    out = []
    for character in rule1(text):
        if character not in RULE2:
            RULE2[character] = "".join(rule3(c) for c in rule2(character))
        out.append(RULE2[character])
    return "".join(out)


def main(mode):
    out = sys.stdout
    if mode == "codepoints":
        out.write(f"# unicodedata {unicodedata.unidata_version}, ICU {icu.ICU_VERSION}\n")
        for character in ASSIGNED:
            folded = fold(character)
            code = ord(character)
            if folded == character:
                out.write(f"{code:X}\n")
            else:
                out.write(f"{code:X}:" + " ".join(f"{ord(c):X}" for c in folded) + "\n")
        return 0
    if mode == "lines":
        for line in sys.stdin.read().split("\n"):
            out.write(fold(line) + "\n")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
