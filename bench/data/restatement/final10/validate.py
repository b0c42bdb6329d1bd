"""Check final10/pairs.jsonl's format and mix and print counts per shape, language and label (issue 16)."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = (
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
)
LANGS = ("zh", "en", "mixed")
LABELS = ("same", "different")
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def problems_of(lines: list[str]) -> tuple[list[str], list[dict[str, str]]]:
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for number, line in enumerate(lines, 1):
        where = f"line {number}"
        if "\\u" in line:
            problems.append(f"{where}: ASCII-escaped text")
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{where}: not JSON ({error})")
            continue
        if not isinstance(row, dict) or list(row) != FIELDS:
            problems.append(f"{where}: fields are not {FIELDS}")
            continue
        if not all(isinstance(row[field], str) for field in FIELDS):
            problems.append(f"{where}: a field is not a string")
            continue
        rows.append(row)
        if row["id"] != f"fn10-{number:04d}":
            problems.append(f"{where}: id {row['id']} out of order")
        if row["label"] not in LABELS:
            problems.append(f"{where}: label {row['label']!r}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: shape {row['shape']!r}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: lang {row['lang']!r}")
        if row["split"] != "test":
            problems.append(f"{where}: split {row['split']!r}")
        if not row["why"].strip():
            problems.append(f"{where}: empty why")
        old, new = row["old"], row["new"]
        for side in (old, new):
            if not side.strip() or len(side) > 300 or side != side.strip():
                problems.append(f"{where}: a text is empty, padded or longer than 300 characters")
        if old.casefold() == new.casefold():
            problems.append(f"{where}: old and new are the same text")
        key = (old.casefold(), new.casefold())
        if key in seen or key[::-1] in seen:
            problems.append(f"{where}: pair appears twice")
        seen.add(key)
        han_old, han_new = bool(HAN.search(old)), bool(HAN.search(new))
        if row["lang"] == "zh" and not (han_old and han_new):
            problems.append(f"{where}: zh but a side has no Chinese")
        if row["lang"] == "en" and (han_old or han_new):
            problems.append(f"{where}: en but has Chinese")
        if row["lang"] == "mixed" and not ((han_old or han_new) and LATIN_WORD.search(old + " " + new)):
            problems.append(f"{where}: mixed needs Chinese and an English word")
    return problems, rows


def mix_problems(rows: list[dict[str, str]]) -> list[str]:
    problems: list[str] = []
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    for shape in SHAPES:
        in_shape = [row for row in rows if row["shape"] == shape]
        if not 30 <= len(in_shape) <= 45:
            problems.append(f"{shape}: {len(in_shape)} pairs, wanted 30-45")
            continue
        share = sum(row["label"] == "same" for row in in_shape) / len(in_shape)
        if not 0.30 <= share <= 0.60:
            problems.append(f"{shape}: {share:.0%} same, wanted 30-60%")
        for lang in LANGS:
            for label in LABELS:
                if cells[(shape, lang, label)] == 0:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    if rows:
        share_of = Counter(row["lang"] for row in rows)
        bounds = {"zh": (0.50, 0.60), "en": (0.28, 0.40), "mixed": (0.08, 0.16)}
        for lang, (low, high) in bounds.items():
            if not low <= share_of[lang] / len(rows) <= high:
                problems.append(f"{lang}: {share_of[lang] / len(rows):.0%} of pairs, wanted {low:.0%}-{high:.0%}")
        same = sum(row["label"] == "same" for row in rows) / len(rows)
        if not 0.35 <= same <= 0.50:
            problems.append(f"{same:.0%} same overall, wanted 35-50%")
    return problems


def table(rows: list[dict[str, str]]) -> str:
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    head = f"{'shape':<16}" + "".join(f"{lang + '/' + label[:4]:>12}" for lang, label in columns) + f"{'total':>8}"
    lines = [head]
    for shape in (*SHAPES, "total"):
        counts = [
            sum(n for (s, la, lb), n in cells.items() if (shape in ("total", s)) and la == lang and lb == label)
            for lang, label in columns
        ]
        lines.append(f"{shape:<16}" + "".join(f"{n:>12}" for n in counts) + f"{sum(counts):>8}")
    langs = Counter(row["lang"] for row in rows)
    labels = Counter(row["label"] for row in rows)
    total = max(len(rows), 1)
    lines.append(
        f"{len(rows)} pairs: {labels['same']} same, {labels['different']} different; "
        + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / total:.0%})" for lang in LANGS)
    )
    return "\n".join(lines)


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    problems, rows = problems_of(lines)
    problems += mix_problems(rows)
    print(table(rows))
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
