"""Check the format and balance of final6/pairs.jsonl and print its shape x lang x label table (issue 16)."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = (
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
)
LABELS = ("same", "different")
LANGS = ("zh", "en", "mixed")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ID_PATTERN = "fn6-{:04d}"
MAX_CHARS = 300
PER_SHAPE = (30, 45)
SAME_SHARE = (0.35, 0.65)
LANG_SHARE = {"zh": (0.50, 0.60), "en": (0.28, 0.38), "mixed": (0.08, 0.16)}


def lang_problem(lang: str, old: str, new: str) -> str | None:
    han_old, han_new = bool(HAN.search(old)), bool(HAN.search(new))
    if lang == "zh" and not (han_old and han_new):
        return "zh needs Chinese on both sides"
    if lang == "en" and (han_old or han_new):
        return "en must have no Chinese"
    if lang == "mixed":
        if not (han_old or han_new):
            return "mixed needs Chinese on one side at least"
        if not LATIN_WORD.search(old + " " + new):
            return "mixed needs an English word of two letters or more"
    return None


def row_problems(number: int, row: object) -> list[str]:
    if not isinstance(row, dict):
        return ["not a JSON object"]
    problems = []
    if list(row) != FIELDS:
        problems.append(f"fields {list(row)} != {FIELDS}")
    if row.get("id") != ID_PATTERN.format(number):
        problems.append(f"id {row.get('id')!r}, expected {ID_PATTERN.format(number)}")
    for field in FIELDS:
        value = row.get(field)
        if not isinstance(value, str) or not value.strip() or value != value.strip():
            problems.append(f"{field} must be a non-empty trimmed string")
    if problems:
        return problems
    if row["label"] not in LABELS:
        problems.append(f"label {row['label']!r}")
    if row["shape"] not in SHAPES:
        problems.append(f"shape {row['shape']!r}")
    if row["lang"] not in LANGS:
        problems.append(f"lang {row['lang']!r}")
    elif (problem := lang_problem(row["lang"], row["old"], row["new"])) is not None:
        problems.append(problem)
    if row["split"] != "test":
        problems.append(f"split {row['split']!r}")
    for side in ("old", "new"):
        if len(row[side]) > MAX_CHARS:
            problems.append(f"{side} longer than {MAX_CHARS} characters")
    if row["old"].casefold() == row["new"].casefold():
        problems.append("old == new")
    return problems


def table(rows: list[dict[str, str]]) -> str:
    counts = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    heads = [f"{lang}/{'diff' if label == 'different' else label}" for lang, label in columns]
    lines = [f"{'shape':<16}" + "".join(f"{head:>12}" for head in heads) + f"{'total':>8}"]
    for shape in (*SHAPES, "total"):
        cells = [sum(n for (s, g, b), n in counts.items() if (shape in (s, "total")) and (g, b) == col)
                 for col in columns]
        lines.append(f"{shape:<16}" + "".join(f"{cell:>12}" for cell in cells) + f"{sum(cells):>8}")
    return "\n".join(lines)


def balance_problems(rows: list[dict[str, str]]) -> list[str]:
    problems = []
    total = len(rows)
    for shape in SHAPES:
        mine = [row for row in rows if row["shape"] == shape]
        if not PER_SHAPE[0] <= len(mine) <= PER_SHAPE[1]:
            problems.append(f"{shape}: {len(mine)} pairs, expected {PER_SHAPE[0]}-{PER_SHAPE[1]}")
        share = sum(row["label"] == "same" for row in mine) / max(len(mine), 1)
        if not SAME_SHARE[0] <= share <= SAME_SHARE[1]:
            problems.append(f"{shape}: same share {share:.2f} outside {SAME_SHARE}")
        for lang in LANGS:
            for label in LABELS:
                if not any(row["lang"] == lang and row["label"] == label for row in mine):
                    problems.append(f"{shape}: no {lang}/{label} pair")
    for lang, (low, high) in LANG_SHARE.items():
        share = sum(row["lang"] == lang for row in rows) / max(total, 1)
        if not low <= share <= high:
            problems.append(f"lang {lang}: share {share:.2f} outside {low}-{high}")
    return problems


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    seen: dict[tuple[str, str], str] = {}
    raw = path.read_text(encoding="utf-8")
    if "\\u" in raw:
        problems.append("ASCII escapes found: write UTF-8 text")
    for number, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: bad JSON ({error})")
            continue
        found = row_problems(number, row)
        problems.extend(f"line {number}: {problem}" for problem in found)
        if found:
            continue
        key = tuple(sorted((row["old"].casefold(), row["new"].casefold())))
        if key in seen:
            problems.append(f"line {number}: same pair as {seen[key]}")
        seen[key] = row["id"]
        rows.append(row)
    problems.extend(balance_problems(rows))
    print(f"{len(rows)} pairs: {sum(r['label'] == 'same' for r in rows)} same, "
          f"{sum(r['label'] == 'different' for r in rows)} different; "
          + ", ".join(f"{lang} {sum(r['lang'] == lang for r in rows)}" for lang in LANGS))
    print(table(rows))
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
