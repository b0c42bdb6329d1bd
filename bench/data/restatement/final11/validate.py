"""Check the format of final11's pairs.jsonl (issue 16) and print its counts; exit 1 on any problem."""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = [
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
]
LABELS = ("same", "different")
LANGS = ("zh", "en", "mixed")
MAX_CHARS = 300
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ASCII_ESCAPE = re.compile(r"\\u[0-9a-fA-F]{4}")


def lang_problem(lang: str, old: str, new: str) -> str | None:
    both = old + new
    if lang == "zh" and not (HAN.search(old) and HAN.search(new)):
        return "zh needs Chinese on both sides"
    if lang == "en" and CJK.search(both):
        return "en must hold no Chinese"
    if lang == "mixed" and not (HAN.search(both) and LATIN_WORD.search(both)):
        return "mixed needs Chinese and an English word"
    return None


def text_problem(name: str, text: object) -> str | None:
    if not isinstance(text, str) or not text:
        return f"{name} empty or not a string"
    if text != text.strip():
        return f"{name} padded with whitespace"
    if len(text) > MAX_CHARS:
        return f"{name} longer than {MAX_CHARS} characters"
    return None


def row_problems(row: dict[str, object], expected_id: str) -> list[str]:
    problems = []
    if list(row) != FIELDS:
        return [f"fields {list(row)} != {FIELDS}"]
    if row["id"] != expected_id:
        problems.append(f"id {row['id']} != {expected_id}")
    for name in ("old", "new", "why"):
        problem = text_problem(name, row[name])
        if problem:
            problems.append(problem)
    if row["label"] not in LABELS:
        problems.append(f"label {row['label']!r}")
    if row["shape"] not in SHAPES:
        problems.append(f"shape {row['shape']!r}")
    if row["split"] != "test":
        problems.append(f"split {row['split']!r}")
    if row["lang"] not in LANGS:
        problems.append(f"lang {row['lang']!r}")
    elif isinstance(row["old"], str) and isinstance(row["new"], str):
        problem = lang_problem(str(row["lang"]), row["old"], row["new"])
        if problem:
            problems.append(problem)
        if row["old"].casefold() == row["new"].casefold():
            problems.append("old equals new")
    return problems


def share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def mix_problems(rows: list[dict[str, object]]) -> list[str]:
    problems = []
    total = len(rows)
    for shape in SHAPES:
        in_shape = [row for row in rows if row["shape"] == shape]
        same = sum(row["label"] == "same" for row in in_shape)
        if not 30 <= len(in_shape) <= 45:
            problems.append(f"{shape}: {len(in_shape)} pairs, want 30-45")
        if not 0.30 <= share(same, len(in_shape)) <= 0.60:
            problems.append(f"{shape}: {same}/{len(in_shape)} same, want 30-60%")
        for lang in LANGS:
            for label in LABELS:
                if not any(row["lang"] == lang and row["label"] == label for row in in_shape):
                    problems.append(f"{shape}: no {lang}/{label} pair")
    langs = Counter(str(row["lang"]) for row in rows)
    for lang, low, high in (("zh", 0.50, 0.60), ("en", 0.28, 0.40), ("mixed", 0.08, 0.16)):
        if not low <= share(langs[lang], total) <= high:
            problems.append(f"{lang}: {langs[lang]}/{total}, want {low:.0%}-{high:.0%}")
    same = sum(row["label"] == "same" for row in rows)
    if not 0.35 <= share(same, total) <= 0.50:
        problems.append(f"same: {same}/{total}, want 35-50%")
    return problems


def print_counts(rows: list[dict[str, object]]) -> None:
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    counts = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    header = "".join(f"{lang + '/' + label[:4]:>12}" for lang, label in columns)
    print(f"{'shape':<15}{header}{'total':>8}")
    for shape in [*SHAPES, "total"]:
        cells = [
            sum(n for (s, lang_, label_), n in counts.items()
                if (shape == "total" or s == shape) and (lang_, label_) == column)
            for column in columns
        ]
        print(f"{shape:<15}{''.join(f'{cell:>12}' for cell in cells)}{sum(cells):>8}")
    total = len(rows)
    same = sum(row["label"] == "same" for row in rows)
    langs = Counter(str(row["lang"]) for row in rows)
    print(f"{total} pairs: {same} same, {total - same} different; "
          + ", ".join(f"{lang} {langs[lang]} ({share(langs[lang], total):.0%})" for lang in LANGS))


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    raw = path.read_text(encoding="utf-8")
    problems = []
    rows: list[dict[str, object]] = []
    seen: set[tuple[str, str]] = set()
    for number, line in enumerate(raw.splitlines(), 1):
        if ASCII_ESCAPE.search(line):
            problems.append(f"line {number}: ASCII escape")
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: bad JSON ({error})")
            continue
        if not isinstance(row, dict):
            problems.append(f"line {number}: not an object")
            continue
        problems += [f"line {number}: {p}" for p in row_problems(row, f"fn11-{number:04d}")]
        if list(row) == FIELDS:
            pair = tuple(sorted((str(row["old"]).casefold(), str(row["new"]).casefold())))
            if pair in seen:
                problems.append(f"line {number}: pair appears twice")
            seen.add((pair[0], pair[1]))
            rows.append(row)
    if not raw.endswith("\n"):
        problems.append("file does not end with a newline")
    ids = [row["id"] for row in rows]
    if len(ids) != len(set(ids)):
        problems.append("duplicate ids")
    problems += mix_problems(rows)
    print_counts(rows)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
