"""Check final8/pairs.jsonl (issue 16) and print the shape x lang x label table; exit 1 on a problem."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = [
    "possessor",
    "attribute",
    "event",
    "role_swap",
    "numeral",
    "stated_change",
    "negation",
    "containment",
    "named_person",
    "paraphrase",
    "frame_objects",
    "convention",
]
LANGS = ["zh", "en", "mixed"]
LABELS = ["same", "different"]
SHARE = {"zh": (0.50, 0.60), "en": (0.28, 0.38), "mixed": (0.08, 0.16)}
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
MAX_LEN = 300


def lang_problem(lang: str, old: str, new: str) -> str:
    han_old, han_new = bool(HAN.search(old)), bool(HAN.search(new))
    if lang == "zh" and not (han_old and han_new):
        return "zh needs Chinese on both sides"
    if lang == "en" and (han_old or han_new):
        return "en must have no Chinese"
    if lang == "mixed":
        if not (han_old or han_new):
            return "mixed needs Chinese on at least one side"
        if not LATIN_WORD.search(old + " " + new):
            return "mixed needs an English word"
    return ""


def check(path: Path) -> list[str]:
    problems: list[str] = []
    raw = path.read_bytes().decode("utf-8")
    if "\\u" in raw:
        problems.append("file holds ASCII escapes (\\u)")
    rows = []
    for number, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error})")
            continue
        if list(row) != FIELDS:
            problems.append(f"line {number}: fields {list(row)} != {FIELDS}")
            continue
        rows.append(row)
    seen_ids: set[str] = set()
    seen_pairs: set[tuple[str, str]] = set()
    for index, row in enumerate(rows, 1):
        where = row["id"]
        if row["id"] != f"fn8-{index:04d}":
            problems.append(f"{where}: expected id fn8-{index:04d}")
        if row["id"] in seen_ids:
            problems.append(f"{where}: duplicate id")
        seen_ids.add(row["id"])
        if row["label"] not in LABELS:
            problems.append(f"{where}: bad label {row['label']!r}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: bad shape {row['shape']!r}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: bad lang {row['lang']!r}")
        if row["split"] != "test":
            problems.append(f"{where}: split must be test")
        for field in ("old", "new", "why"):
            value = row[field]
            if not isinstance(value, str) or not value.strip():
                problems.append(f"{where}: empty {field}")
            elif len(value) > MAX_LEN:
                problems.append(f"{where}: {field} longer than {MAX_LEN}")
        old, new = str(row["old"]), str(row["new"])
        if old.casefold() == new.casefold():
            problems.append(f"{where}: old equals new")
        key = (old.casefold(), new.casefold())
        if key in seen_pairs or key[::-1] in seen_pairs:
            problems.append(f"{where}: pair appears twice")
        seen_pairs.add(key)
        if row["lang"] in LANGS:
            problem = lang_problem(row["lang"], old, new)
            if problem:
                problems.append(f"{where}: {problem}")
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    for shape in SHAPES:
        total = sum(cells[(shape, lang, label)] for lang in LANGS for label in LABELS)
        same = sum(cells[(shape, lang, "same")] for lang in LANGS)
        if not 30 <= total <= 45:
            problems.append(f"{shape}: {total} pairs, expected 30-45")
        elif not 0.35 <= same / total <= 0.65:
            problems.append(f"{shape}: {same}/{total} same, expected 35-65%")
        for lang in LANGS:
            for label in LABELS:
                if cells[(shape, lang, label)] == 0:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    total = len(rows)
    for lang, (low, high) in SHARE.items():
        share = sum(1 for row in rows if row["lang"] == lang) / total if total else 0.0
        if not low <= share <= high:
            problems.append(f"{lang}: {share:.0%} of pairs, expected {low:.0%}-{high:.0%}")
    print_table(rows, cells)
    return problems


def print_table(rows: list[dict[str, str]], cells: Counter[tuple[str, str, str]]) -> None:
    same = sum(1 for row in rows if row["label"] == "same")
    langs = Counter(row["lang"] for row in rows)
    total = len(rows) or 1
    print(
        f"{len(rows)} pairs: {same} same, {len(rows) - same} different; "
        + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / total:.0%})" for lang in LANGS)
    )
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    heads = [f"{lang}/{'same' if label == 'same' else 'diff'}" for lang, label in columns]
    print(f"{'shape':<16}" + "".join(f"{head:>12}" for head in heads) + f"{'total':>8}")
    for shape in [*SHAPES, "total"]:
        counts = [
            sum(cells[(s, lang, label)] for s in SHAPES) if shape == "total" else cells[(shape, lang, label)]
            for lang, label in columns
        ]
        print(f"{shape:<16}" + "".join(f"{count:>12}" for count in counts) + f"{sum(counts):>8}")


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems = check(path)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
