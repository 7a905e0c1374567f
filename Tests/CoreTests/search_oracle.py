#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An oracle for Unfold's search: ICU's root collator at primary strength, the
strength the fold's rule 2 is read from, used as ICU itself uses it. It knows
nothing of Unfold's code: the test gives it Unfold's folds and results, and it
says where ICU disagrees and why.

    search_oracle.py plan LABELS.tsv
        prints, for the Swift side to answer:
        W<TAB>word                    every distinct word of the titles
        T<TAB>script<TAB>ID ID…       the titles with letters of each script
        Q<TAB>script<TAB>query        a deterministic sample of queries per script
    search_oracle.py check LABELS.tsv < answers
        reads the plan's lines answered:
        W<TAB>word<TAB>fold           Unfold's fold of each word
        F<TAB>ID<TAB>fold             Unfold's fold of each title
        Q<TAB>script<TAB>query<TAB>fold<TAB>ID ID…   the titles Unfold's filter lets through,
                                      among that script's
        and prints a JSON report (see `check`); exits with 0 even when they
        disagree, as the test reads the verdict.

Two checks. Words: every title is split at white space; ICU groups the
distinct words by primary-strength equality (sort keys at strength PRIMARY,
after rule 3's spaces, dashes, apostrophes and quotation marks, which ICU
before 76 does not fold), the
fold groups them by equal folds, and the two partitions must be the same.
Substrings: for each sampled query, ICU's StringSearch (root, primary) over
the titles of the query's script must find the titles Unfold's filter finds.

Where they differ, the difference must be one of the rule's deliberate ones,
each defined below by what it takes to make the two agree: a change to the
text ICU is given (DELIBERATE_JOINS: the fold equates more than ICU does), or
to both folds (DELIBERATE_SPLITS: the fold keeps apart what ICU equates). A
difference that no one change explains, nor all of them together, is
reported with its words.
"""
import bisect
import collections
import json
import sys
import unicodedata
import zlib

import icu

ROOT = icu.Collator.createInstance(icu.Locale.getRoot())
ROOT.setStrength(icu.Collator.PRIMARY)

ZWNJ = "\u200c"  # ignored by ICU, ends a contraction, and a cluster before a letter


def logical_order_exception(c):
    return icu.Char.hasBinaryProperty(c, icu.UProperty.LOGICAL_ORDER_EXCEPTION)


# Arabic's madda and hamza above and below: DUCET makes letters of their own of
# alef, waw and yeh with them, which the fold takes as the bare letters.
INHERITED_CONTRACTION_MARKS = "\u0653\u0654\u0655"


def without_inherited_contraction_marks(text):
    out = []
    for c in text:
        decomposed = unicodedata.normalize("NFD", c)
        if any(mark in decomposed for mark in INHERITED_CONTRACTION_MARKS):
            c = "".join(d for d in decomposed if d not in INHERITED_CONTRACTION_MARKS)
        out.append(c)
    return "".join(out)


def after_prevowels(text):
    """ICU, given a ZWNJ after each prevowel, weighs text in written order."""
    return "".join(c + ZWNJ if logical_order_exception(c) else c for c in text)


def after_viramas(text):
    """A ZWNJ after each virama ends the conjunct's cluster for ICU's search."""
    return "".join(c + ZWNJ if unicodedata.combining(c) == 9 else c for c in text)


def vowel_parts_apart(text):
    """A ZWNJ between two marks that both have weights keeps ICU from making one
    vowel of them, as the fold does not."""
    out = []
    for c in "".join(unicodedata.normalize("NFD", c) if unicodedata.category(c)[0] == "M" else c for c in text):
        if out and unicodedata.category(c)[0] == "M" and unicodedata.category(out[-1])[0] == "M" \
                and ROOT.getSortKey(c) != ROOT.getSortKey("") and ROOT.getSortKey(out[-1]) != ROOT.getSortKey(""):
            out.append(ZWNJ)
        out.append(c)
    return "".join(out)


def primaries(text):
    """The primary weights of ICU's collation elements for text, each whole
    (a continuation element's part joined to the one before)."""
    iterator = ROOT.createCollationElementIterator(text)
    out = []
    while True:
        element = iterator.next()
        if element == icu.CollationElementIterator.NULLORDER:
            return out
        primary = element >> 16 & 0xFFFF
        if element & 0xC0 == 0xC0 and out:
            out[-1] += (primary,)
        elif primary:
            out.append((primary,))


# A character of the titles for each primary weight ICU gives one alone.
ONE_WEIGHT = {}


def learn_weights(characters):
    for c in characters:
        weights = primaries(c)
        if len(weights) == 1:
            ONE_WEIGHT.setdefault(weights[0], c)


def expansions_written_out(text):
    """Each character ICU weighs as several, written as several characters of
    those weights, so that ICU's search may end between them."""
    out = []
    for c in text:
        weights = primaries(c) if not "\uac00" <= c <= "\ud7a3" else []
        if len(weights) > 1 and all(w in ONE_WEIGHT for w in weights):
            c = "".join(ONE_WEIGHT[w] for w in weights)
        out.append(c)
    return "".join(out)


def hangul_as_jamo(text):
    """Syllables as their jamo, each its own cluster, as the fold sees them."""
    out = []
    for c in text:
        if "\uac00" <= c <= "\ud7a3":
            out.append(ZWNJ.join(unicodedata.normalize("NFD", c)) + ZWNJ)
        else:
            out.append(c)
    return "".join(out)


# The fold equates what ICU keeps apart: each change to ICU's text that makes it agree.
DELIBERATE_JOINS = {
    "arabic hamza and madda": (
        "DUCET makes letters of their own of alef, waw and yeh with hamza or madda; the "
        "fold takes them as the bare letters, as Arabic search normalizes them (إ meets ا)",
        without_inherited_contraction_marks),
    "prevowel": (
        "Thai and Lao vowels written before their consonant: DUCET weighs the pair as one "
        "contraction, consonant first, so ICU never finds a query that starts or ends "
        "between them; the fold finds the text as it is written (ก in เกม)",
        after_prevowels),
    "conjunct": (
        "ICU's search only starts a match on a grapheme cluster boundary, and "
        "ICU 72 makes one cluster of a conjunct (क्ष); the fold finds a consonant after a "
        "virama (ष in क्ष) as typed",
        after_viramas),
    "two-part vowel": (
        "NFKD writes a two-part vowel sign as its parts (Kannada ೋ as ೆ + ೂ, Bengali ো, "
        "Tamil ொ, Sinhala ො, Telugu ై…), which DUCET weighs together as one vowel; the fold "
        "keeps both parts, so ಶೋ is not ಶೆ, but a query ending in the first part finds it",
        vowel_parts_apart),
    "hangul syllable": (
        "the fold decomposes a Hangul syllable into its jamo (Unicode's arithmetic), so a "
        "syllable's first jamo find it (하 finds 한, as an IME composes it); ICU will not "
        "end a match inside a syllable",
        hangul_as_jamo),
    "one character, several letters": (
        "a character DUCET weighs as several letters (the Armenian ligature և as ե + ւ, "
        "Myanmar ဿ as သ္သ, æ as ae) is those letters to the fold too, so a query can end "
        "inside it (սե finds սև); ICU's search never ends a match inside a character",
        expansions_written_out),
}

SMALL_KANA = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")


def kana_as_hiragana(fold):
    out = []
    for c in fold:
        if "\u30a1" <= c <= "\u30f6" or "\u30fd" <= c <= "\u30fe":
            c = chr(ord(c) - 0x60)
        out.append(c)
    return "".join(out).translate(SMALL_KANA)


def digits_as_ascii(fold):
    return "".join(str(unicodedata.digit(c)) if unicodedata.category(c) == "Nd" else c for c in fold)


def prevowels_after(fold):
    out = list(fold)
    index = 0
    while index < len(out) - 1:
        if logical_order_exception(out[index]):
            out[index], out[index + 1] = out[index + 1], out[index]
            index += 1
        index += 1
    return "".join(out)


def without_middle_dot_after_l(fold):
    return fold.replace("l\u00b7", "l")


# The fold keeps apart what ICU equates: each change to both folds that makes them agree.
DELIBERATE_SPLITS = {
    "kana": (
        "hiragana and katakana, and small and full-size kana, share primary weights in "
        "the DUCET, but are different scripts (and no kana is a base letter): ガ meets カ, "
        "not が",
        kana_as_hiragana),
    "digits": (
        "every script's digits share the primary weights of 0-9 in the DUCET; the fold "
        "equates only what NFKD does (full-width, superscript, circled)",
        digits_as_ascii),
    "prevowel at a query's end": (
        "a Thai or Lao prevowel at the end of a query: DUCET weighs it alone, ICU finds it "
        "again before the next consonant of the title (เลซเ in มาเลเซีย); the fold takes the "
        "text in the order it is written",
        prevowels_after),
    "middle dot after l": (
        "DUCET's contraction l· (Catalan's l·l) makes the dot an accent after l only; the "
        "fold keeps punctuation",
        without_middle_dot_after_l),
}


def rule3(text):
    # ICU folds no spaces, dashes or apostrophes (nor, before ICU 76, quotation
    # marks): done here as the README says, from Python's own character
    # database; ICU 76 and later already equate the quotation marks.
    out = []
    for c in text:
        category = unicodedata.category(c)
        if category in ("Zs", "Zl", "Zp") or c in "\t\n\x0b\x0c\r\x85":
            out.append(" ")
        elif c in "\u2018\u2019\u201a\u201b\u02bc":
            out.append("'")
        elif c in "\u201c\u201d\u201e\u201f\u301d\u301e":
            out.append('"')
        elif category == "Pd":
            out.append("-")
        else:
            out.append(c)
    return "".join(out)


def key(text):
    return ROOT.getSortKey(rule3(text))


SCRIPT = {}


def scripts(text):
    """The scripts of text's letters and marks (not Common or Inherited)."""
    found = set()
    for c in text:
        if c not in SCRIPT:
            name = None
            if unicodedata.category(c)[0] in "LM":
                name = icu.Script.getScript(c).getShortName()
                if name in ("Zyyy", "Zinh"):
                    name = None
            SCRIPT[c] = name
        if SCRIPT[c]:
            found.add(SCRIPT[c])
    return found


def word_script(word):
    found = scripts(word)
    return "+".join(sorted(found)) if found else "Zyyy"


def load(path):
    titles = {}
    with open(path, encoding="utf-8") as f:
        next(f)  # the header line
        for line in f:
            number, title, _ = line.rstrip("\n").split("\t")
            if title.startswith('"'):
                title = title[1:-1].replace('""', '"')  # quoted, spreadsheet style
            titles[int(number)] = title
    return titles


def words_of(titles):
    return dict.fromkeys(w for title in titles.values() for w in title.split())


# Enough queries to try every kind of text, few enough that ICU's search (about
# 0.06 s per million characters searched, over the whole text of a script each
# time) keeps the whole test within a minute: about the same search per script,
# so a script of few titles gets more queries, but never fewer words than the
# first number nor more than the second.
SEARCH_PER_SCRIPT = 4_000_000  # characters
WORDS_PER_SCRIPT = (10, 40)


def stable_order(word):
    return (zlib.crc32(word.encode("utf-8")), word)


def queries_for(word, latin_ascii):
    """A word as a user might type it: whole, its first half, without its marks
    (for Indic and Thai: without the letters the marks write), and for Latin
    as ASCII (ł as l, æ as ae)."""
    out = [word, word[:max(1, (len(word) + 1) // 2)]]
    out.append("".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c)[0] != "M"))
    if latin_ascii:
        out.append(latin_ascii.transliterate(word))
    return [q for q in dict.fromkeys(out) if key(q) != key("")]


def groups(titles):
    by_script = collections.defaultdict(list)
    for number, title in titles.items():
        for name in scripts(title):
            by_script[name].append(number)
    return by_script


def plan(path):
    titles = load(path)
    out = sys.stdout
    for word in words_of(titles):
        out.write(f"W\t{word}\n")
    by_script = groups(titles)
    words_by_script = collections.defaultdict(list)
    for word in words_of(titles):
        found = scripts(word)
        if len(found) == 1:
            words_by_script[found.pop()].append(word)
    latin_ascii = icu.Transliterator.createInstance("Latin-ASCII")
    for name in sorted(by_script):
        numbers = by_script[name]
        out.write(f"T\t{name}\t" + " ".join(map(str, numbers)) + "\n")
        length = sum(len(titles[n]) + 1 for n in numbers)
        queries_per_word = 4 if name == "Latn" else 3
        count = max(WORDS_PER_SCRIPT[0], min(WORDS_PER_SCRIPT[1], SEARCH_PER_SCRIPT // (length * queries_per_word)))
        for word in sorted(words_by_script[name], key=stable_order)[:count]:
            for query in queries_for(word, latin_ascii if name == "Latn" else None):
                out.write(f"Q\t{name}\t{query}\n")
    return 0


def explain(options, agree):
    """The deliberate difference that makes the two agree; all of them together
    if no one does; None if not even that."""
    for name, (_, change) in options.items():
        if agree(change):
            return name
    def everything(text):
        for _, change in options.values():
            text = change(text)
        return text
    return "several at once" if agree(everything) else None


def search(query, text):
    """Where ICU's StringSearch finds query in text (UTF-16 offsets)."""
    return list(icu.StringSearch(query, text, ROOT))


def check(path):
    """Compares the answers with ICU and prints the verdict as JSON:
    "words" and "queries" by script (a word of several scripts under their
    names joined by "+"): how many words, and how many joins (one fold, two
    ICU keys) and splits (one ICU key, two folds) by the deliberate
    difference that explains them; how many queries, titles searched and
    found by both, and titles only the fold finds ("foldOnly") or only ICU
    ("icuOnly"), by explanation. "unexplained" lists the first of the
    differences no deliberate one explains, "unexplainedCount" counts them;
    "deliberate" describes each deliberate difference; "examples" gives a few
    of each kind."""
    titles = load(path)
    word_fold, title_fold, answers = {}, {}, []
    for line in sys.stdin.read().split("\n"):
        if not line:
            continue
        fields = line.split("\t")
        if fields[0] == "W":
            word_fold[fields[1]] = fields[2]
        elif fields[0] == "F":
            title_fold[int(fields[1])] = fields[2]
        elif fields[0] == "Q":
            answers.append((fields[1], fields[2], fields[3], {int(n) for n in fields[4].split()}))
    words = words_of(titles)
    assert set(words) == set(word_fold), "the answers fold other words than the titles have"

    # Words.
    report_words = collections.defaultdict(lambda: {"words": 0, "joins": collections.Counter(),
                                                    "splits": collections.Counter()})
    unexplained = []
    examples = collections.defaultdict(list)

    def example(kind, why, text):
        if len(examples[kind, why]) < 3:
            examples[kind, why].append(text)

    word_key = {word: key(word) for word in words}
    by_key = collections.defaultdict(list)
    by_fold = collections.defaultdict(list)
    for word in words:
        report_words[word_script(word)]["words"] += 1
        by_key[word_key[word]].append(word)
        by_fold[word_fold[word]].append(word)
    # Each extra class of words the other side makes within one class is a
    # difference, told by the first word of each.
    for same_fold in by_fold.values():
        classes = list(dict.fromkeys(word_key[w] for w in same_fold))
        firsts = [next(w for w in same_fold if word_key[w] == k) for k in classes]
        for other in firsts[1:]:
            a, b = firsts[0], other
            why = explain(DELIBERATE_JOINS, lambda change: key(change(a)) == key(change(b)))
            report_words[word_script(a)]["joins"][why or "unexplained"] += 1
            example(word_script(a) + " words joined", why, f"{a} {b}")
            if why is None:
                unexplained.append(f"the fold joins {a!r} and {b!r} ({word_fold[a]!r}), ICU does not")
    for same_key in by_key.values():
        folds = list(dict.fromkeys(word_fold[w] for w in same_key))
        firsts = [next(w for w in same_key if word_fold[w] == f) for f in folds]
        for other in firsts[1:]:
            a, b = firsts[0], other
            why = explain(DELIBERATE_SPLITS, lambda change: change(word_fold[a]) == change(word_fold[b]))
            report_words[word_script(a)]["splits"][why or "unexplained"] += 1
            example(word_script(a) + " words split", why, f"{a} {b}")
            if why is None:
                unexplained.append(f"ICU joins {a!r} and {b!r}, the fold does not ({word_fold[a]!r}, {word_fold[b]!r})")

    # Substrings.
    learn_weights(sorted({c for title in titles.values() for c in title}))
    by_script = groups(titles)
    texts = {}
    report_queries = collections.defaultdict(lambda: {"queries": 0, "titles": 0, "found": 0,
                                                      "foldOnly": collections.Counter(),
                                                      "icuOnly": collections.Counter()})
    for name, query, query_fold, found_by_fold in answers:
        if name not in texts:
            numbers = by_script[name]
            starts, offset = [], 0
            for n in numbers:
                starts.append(offset)
                offset += len(titles[n].encode("utf-16-le")) // 2 + 1  # ICU counts UTF-16 units
            texts[name] = (numbers, starts, "\n".join(titles[n] for n in numbers))
        numbers, starts, text = texts[name]
        found_by_icu = {numbers[bisect.bisect_right(starts, start) - 1] for start in search(query, text)}
        entry = report_queries[name]
        entry["queries"] += 1
        entry["titles"] += len(numbers)
        entry["found"] += len(found_by_icu & found_by_fold)
        for n in sorted(found_by_fold - found_by_icu):
            title = titles[n]
            why = explain(DELIBERATE_JOINS, lambda change: bool(search(change(query), change(title))))
            entry["foldOnly"][why or "unexplained"] += 1
            example(name + " found by the fold only", why, f"{query} in {title}")
            if why is None:
                unexplained.append(f"the fold finds {query!r} in {title!r}, ICU does not")
        for n in sorted(found_by_icu - found_by_fold):
            why = explain(DELIBERATE_SPLITS, lambda change: change(query_fold) in change(title_fold[n]))
            entry["icuOnly"][why or "unexplained"] += 1
            example(name + " found by ICU only", why, f"{query} in {titles[n]}")
            if why is None:
                unexplained.append(f"ICU finds {query!r} in {titles[n]!r}, the fold does not")

    report = {
        "icu": icu.ICU_VERSION,
        "unicode": icu.UNICODE_VERSION,
        "deliberate": {name: text for name, (text, _) in {**DELIBERATE_JOINS, **DELIBERATE_SPLITS}.items()},
        "words": report_words,
        "queries": report_queries,
        "examples": {f"{kind}: {why or 'unexplained'}": found for (kind, why), found in sorted(examples.items(), key=str)},
        "unexplained": unexplained[:50],
        "unexplainedCount": len(unexplained),
    }
    json.dump(report, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "plan":
        return plan(arguments[1])
    if len(arguments) == 2 and arguments[0] == "check":
        return check(arguments[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
