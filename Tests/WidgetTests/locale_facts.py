#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a locale should look like, from sources that are not GTK's or Unfold's.

    locale_facts.py LOCALE MSGID…   one JSON object: "rtl", whether ICU writes the
                                    locale's language (in its likely script) right to left; "gtk", each
                                    MSGID as Debian's gtk40 catalogue translates it
                                    for the locale (null: no catalogue for it)
"""
import gettext
import json
import sys

import icu


def languages(locale):
    """gettext's search order for a locale name: he_IL.UTF-8 -> he_IL, he."""
    name = locale.split(".", 1)[0].split("@", 1)[0]
    return [name, name.split("_", 1)[0]] if "_" in name else [name]


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    locale, messages = argv[1], argv[2:]
    try:
        catalogue = gettext.translation("gtk40", "/usr/share/locale", languages=languages(locale))
    except FileNotFoundError:
        catalogue = None
    # The script the language is most likely written in (CLDR's likely
    # subtags: he -> he_Hebr_IL), and that script's direction.
    script = icu.Locale(languages(locale)[0]).addLikelySubtags().getScript()
    facts = {
        "rtl": bool(script) and icu.Script(icu.Script.getCode(script)[0]).isRightToLeft(),
        "gtk": None if catalogue is None else {message: catalogue.gettext(message) for message in messages},
    }
    print(json.dumps(facts, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
