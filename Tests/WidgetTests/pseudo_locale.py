#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a pseudo-translation of unfold.pot: every message wrapped in ⟦ ⟧ with
its letters accented, placeholders ({name}) and mnemonics kept. Text on
screen that is not wrapped did not go through gettext.

    pseudo_locale.py POT PO
"""
import re
import sys

ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    "àƀçđêƒĝĥîĵķłɱñôƥǫŕšţûṽŵẋýžÀƁÇĐÊƑĜĤÎĴĶŁṀÑÔƤǪŔŠŢÛṼŴẊÝŽ"))
PLACEHOLDER = re.compile(r"(\{[a-z_]+\})")


def pseudo(text):
    if not text:
        return text
    parts = PLACEHOLDER.split(text)
    accented = "".join(part if PLACEHOLDER.fullmatch(part) else "".join(ACCENTED.get(c, c) for c in part) for part in parts)
    # Spaces around the message stay outside, so that joined pieces read right.
    stripped = accented.strip(" ")
    lead, trail = accented[:len(accented) - len(accented.lstrip(" "))], accented[len(accented.rstrip(" ")):]
    return f"{lead}⟦{stripped}⟧{trail}"


def unquote(line):
    return bytes(line.strip()[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def entries(pot):
    entry, key = {}, None
    for line in open(pot, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if entry:
                yield entry
            entry, key = {}, None
            continue
        if line.startswith("#"):
            continue
        match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(\[\d+\])?) (".*")$', line)
        if match:
            key = match.group(1)
            entry[key] = unquote(match.group(3))
        elif line.startswith('"') and key:
            entry[key] += unquote(line)
    if entry:
        yield entry


def main(pot, po):
    with open(po, "w", encoding="utf-8") as out:
        out.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
        for entry in entries(pot):
            msgid = entry.get("msgid", "")
            if not msgid:
                continue
            if "msgctxt" in entry:
                out.write(f"msgctxt {quote(entry['msgctxt'])}\n")
            out.write(f"msgid {quote(msgid)}\n")
            if "msgid_plural" in entry:
                out.write(f"msgid_plural {quote(entry['msgid_plural'])}\n")
                out.write(f"msgstr[0] {quote(pseudo(msgid))}\nmsgstr[1] {quote(pseudo(entry['msgid_plural']))}\n\n")
            else:
                out.write(f"msgstr {quote(pseudo(msgid))}\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
