"""Check final9's pairs.jsonl format and print the shape x lang x label table (issue 16); exit 1 on a problem."""
import json
import re
import sys
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = ["possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"]
LANGS = ["zh", "en", "mixed"]
LABELS = ["same", "different"]
CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[A-Za-z]{2,}")
MAX_LEN = 300


def lang_fits(lang, old, new):
    zh_old, zh_new = bool(CJK.search(old)), bool(CJK.search(new))
    if lang == "zh":
        return zh_old and zh_new
    if lang == "en":
        return not zh_old and not zh_new
    return (zh_old or zh_new) and bool(WORD.search(old + " " + new))


def check(path):
    problems = []
    rows = []
    raw = path.read_text(encoding="utf-8")
    if "\\u" in raw:
        problems.append("ASCII escapes (\\u) in file")
    for n, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"line {n}: not JSON ({exc})")
            continue
        if list(row) != FIELDS:
            problems.append(f"line {n}: fields {list(row)}")
            continue
        if row["id"] != f"fn9-{n:04d}":
            problems.append(f"line {n}: id {row['id']} out of order")
        if row["label"] not in LABELS:
            problems.append(f"line {n}: label {row['label']}")
        if row["shape"] not in SHAPES:
            problems.append(f"line {n}: shape {row['shape']}")
        if row["lang"] not in LANGS:
            problems.append(f"line {n}: lang {row['lang']}")
        if row["split"] != "test":
            problems.append(f"line {n}: split {row['split']}")
        for key in ("old", "new", "why"):
            if not isinstance(row[key], str) or not row[key].strip() or len(row[key]) > MAX_LEN:
                problems.append(f"line {n}: bad length of {key}")
        if row["old"].casefold() == row["new"].casefold():
            problems.append(f"line {n}: old == new")
        if row["lang"] in LANGS and not lang_fits(row["lang"], row["old"], row["new"]):
            problems.append(f"line {n}: lang {row['lang']} does not fit the text")
        rows.append(row)
    ids = [r["id"] for r in rows]
    if len(set(ids)) != len(ids):
        problems.append("duplicate ids")
    seen = set()
    for r in rows:
        key = frozenset([r["old"].casefold(), r["new"].casefold()])
        if key in seen:
            problems.append(f"{r['id']}: pair appears twice")
        seen.add(key)
    table = Counter((r["shape"], r["lang"], r["label"]) for r in rows)
    for shape in SHAPES:
        total = sum(v for (s, _, _), v in table.items() if s == shape)
        same = sum(v for (s, _, l), v in table.items() if s == shape and l == "same")
        if not 30 <= total <= 45:
            problems.append(f"{shape}: {total} pairs (want 30-45)")
        elif not 0.35 <= same / total <= 0.65:
            problems.append(f"{shape}: {same}/{total} same (want 35-65%)")
        for lang in LANGS:
            for label in LABELS:
                if not table[(shape, lang, label)]:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    total = len(rows) or 1
    langs = Counter(r["lang"] for r in rows)
    for lang, lo, hi in (("zh", 0.50, 0.60), ("en", 0.28, 0.38), ("mixed", 0.08, 0.16)):
        if not lo <= langs[lang] / total <= hi:
            problems.append(f"lang mix: {lang} {langs[lang]}/{total} outside {lo:.0%}-{hi:.0%}")
    return rows, table, problems


def print_table(rows, table):
    cols = [(lang, label) for lang in LANGS for label in LABELS]
    head = "".join(f"{lang + '/' + ('same' if label == 'same' else 'diff'):>12}" for lang, label in cols)
    print(f"{'shape':<16}{head}{'total':>8}")
    for shape in SHAPES:
        cells = "".join(f"{table[(shape, lang, label)]:>12}" for lang, label in cols)
        print(f"{shape:<16}{cells}{sum(table[(shape, l, b)] for l, b in cols):>8}")
    sums = "".join(f"{sum(table[(s, lang, label)] for s in SHAPES):>12}" for lang, label in cols)
    print(f"{'total':<16}{sums}{len(rows):>8}")
    labels = Counter(r["label"] for r in rows)
    langs = Counter(r["lang"] for r in rows)
    n = len(rows) or 1
    print(f"{len(rows)} pairs: {labels['same']} same, {labels['different']} different; "
          + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / n:.0%})" for lang in LANGS))


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    rows, table, problems = check(path)
    print_table(rows, table)
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
