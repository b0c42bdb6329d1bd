"""Check the format of the final4 restatement set and print its counts (issue 16)."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

FIELDS = ("id", "old", "new", "label", "shape", "lang", "split", "why")
LABELS = ("same", "different")
SHAPES = (
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
)
LANGS = ("zh", "en", "mixed")
HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ESCAPE = re.compile(r"\\u[0-9a-fA-F]{4}")
MIN_PER_SHAPE = 30
MAX_PER_SHAPE = 45


def lang_problem(lang: str, old: str, new: str) -> str | None:
    han_old, han_new = bool(HAN.search(old)), bool(HAN.search(new))
    if lang == "zh" and not (han_old and han_new):
        return "zh needs Chinese on both sides"
    if lang == "en" and (han_old or han_new):
        return "en must have no Chinese"
    if lang == "mixed":
        joined = old + " " + new
        if not HAN.search(joined) or not LATIN_WORD.search(joined):
            return "mixed needs Chinese and English words"
    return None


def row_problems(number: int, raw: str, row: object) -> list[str]:
    where = f"line {number}"
    if not isinstance(row, dict):
        return [f"{where}: not an object"]
    problems: list[str] = []
    if tuple(row) != FIELDS:
        problems.append(f"{where}: fields {list(row)} != {list(FIELDS)}")
        return problems
    if not all(isinstance(row[field], str) and row[field].strip() for field in FIELDS):
        return [f"{where}: every field must be a non-empty string"]
    if row["id"] != f"fn4-{number:04d}":
        problems.append(f"{where}: id {row['id']} out of order")
    if row["label"] not in LABELS:
        problems.append(f"{where}: bad label {row['label']}")
    if row["shape"] not in SHAPES:
        problems.append(f"{where}: bad shape {row['shape']}")
    if row["lang"] not in LANGS:
        problems.append(f"{where}: bad lang {row['lang']}")
    if row["split"] != "test":
        problems.append(f"{where}: split must be test")
    if ESCAPE.search(raw):
        problems.append(f"{where}: ASCII escape in the file")
    if row["old"].casefold() == row["new"].casefold():
        problems.append(f"{where}: old equals new")
    for side in ("old", "new"):
        if not 4 <= len(row[side]) <= 200:
            problems.append(f"{where}: {side} length {len(row[side])}")
    lang_issue = lang_problem(row["lang"], row["old"], row["new"])
    if lang_issue:
        problems.append(f"{where}: {lang_issue}")
    return problems


def count_table(rows: list[dict[str, str]]) -> str:
    counts = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    header = f"{'shape':<15}" + "".join(f"{lang + '/' + label[:4]:>12}" for lang, label in columns)
    lines = [header + f"{'total':>7}"]
    for shape in SHAPES:
        cells = [counts[(shape, lang, label)] for lang, label in columns]
        lines.append(f"{shape:<15}" + "".join(f"{cell:>12}" for cell in cells) + f"{sum(cells):>7}")
    totals = [sum(counts[(shape, lang, label)] for shape in SHAPES) for lang, label in columns]
    lines.append(f"{'total':<15}" + "".join(f"{cell:>12}" for cell in totals) + f"{sum(totals):>7}")
    return "\n".join(lines)


def set_problems(rows: list[dict[str, str]]) -> list[str]:
    problems: list[str] = []
    seen_pairs: set[frozenset[str]] = set()
    seen_sentences: Counter[str] = Counter()
    for row in rows:
        key = frozenset((row["old"].casefold(), row["new"].casefold()))
        if key in seen_pairs:
            problems.append(f"{row['id']}: pair appears twice")
        seen_pairs.add(key)
        seen_sentences.update({row["old"], row["new"]})
    for sentence, times in seen_sentences.items():
        if times > 1:
            problems.append(f"sentence in {times} pairs: {sentence}")
    for shape in SHAPES:
        labels = [row["label"] for row in rows if row["shape"] == shape]
        if not MIN_PER_SHAPE <= len(labels) <= MAX_PER_SHAPE:
            problems.append(f"{shape}: {len(labels)} pairs, want {MIN_PER_SHAPE}-{MAX_PER_SHAPE}")
        elif not 0.35 <= labels.count("same") / len(labels) <= 0.65:
            problems.append(f"{shape}: same share {labels.count('same')}/{len(labels)}")
    langs = Counter(row["lang"] for row in rows)
    total = max(len(rows), 1)
    for lang, low, high in (("zh", 0.45, 0.65), ("en", 0.25, 0.42), ("mixed", 0.07, 0.18)):
        if not low <= langs[lang] / total <= high:
            problems.append(f"lang {lang}: {langs[lang]}/{total} outside {low}-{high}")
    return problems


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else Path(__file__).resolve().parent / "pairs.jsonl"
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            row = json.loads(raw)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: {error}")
            continue
        found = row_problems(number, raw, row)
        problems.extend(found)
        if not found:
            rows.append(row)
    problems.extend(set_problems(rows))
    print(count_table(rows))
    for problem in problems:
        print("PROBLEM:", problem)
    print(f"{len(rows)} rows, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
