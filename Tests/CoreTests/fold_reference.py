#!/usr/bin/env python3
"""Unfold's search folding written again, sharing nothing with Sources/UnfoldCore:
Python's own Unicode database (unicodedata) and str.casefold(), Unicode's full
case folding. The tests compare the two.

    fold_reference.py codepoints   one line per assigned code point:
                                   HEX, or HEX:FOLDED HEX… when it folds to something else
    fold_reference.py lines        the fold of each line of stdin, one per line
"""
import sys
import unicodedata

CONTROL_SPACES = {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85}
APOSTROPHES = "\u2018\u2019\u201b\u02bc"


def fold(text):
    # Compatibility decomposition and full case folding, until neither changes anything.
    while True:
        folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
        if folded == text:
            break
        text = folded
    out = []
    for character in text:
        category = unicodedata.category(character)
        if category in ("Mn", "Mc", "Me"):
            continue
        if category in ("Zs", "Zl", "Zp") or ord(character) in CONTROL_SPACES:
            out.append(" ")
        elif character in APOSTROPHES:
            out.append("'")
        elif category == "Pd":
            out.append("-")
        else:
            out.append(character)
    return "".join(out)


def main(mode):
    out = sys.stdout
    if mode == "codepoints":
        out.write(f"# unicodedata {unicodedata.unidata_version}\n")
        for code in range(0x110000):
            character = chr(code)
            if unicodedata.category(character) in ("Cn", "Cs"):
                continue
            folded = fold(character)
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
