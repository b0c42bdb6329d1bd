"""Check the final7 restatement pairs' format and print the shape x lang x label table (stdlib only)."""

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
LANGS = ("zh", "en", "mixed")
LABELS = ("same", "different")
PREFIX = "fn7"
LANG_SHARE = {"zh": (0.50, 0.60), "en": (0.28, 0.38), "mixed": (0.08, 0.16)}
CHINESE = re.compile(r"[\u3400-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
MAX_TEXT = 300


def lang_problem(lang: str, old: str, new: str) -> str | None:
    old_zh, new_zh = bool(CHINESE.search(old)), bool(CHINESE.search(new))
    if lang == "zh" and not (old_zh and new_zh):
        return "zh needs Chinese on both sides"
    if lang == "en" and (old_zh or new_zh):
        return "en must hold no Chinese"
    if lang == "mixed":
        if not (old_zh or new_zh):
            return "mixed needs Chinese on one side"
        if not ENGLISH_WORD.search(old + " " + new):
            return "mixed needs an English word"
    return None


def check(path: Path) -> list[str]:
    problems: list[str] = []
    raw = path.read_bytes().decode("utf-8")
    rows = []
    for number, line in enumerate(raw.splitlines(), 1):
        where = f"line {number}"
        if "\\u" in line:
            problems.append(f"{where}: ASCII escape in text")
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{where}: not JSON ({error})")
            continue
        if list(row) != FIELDS:
            problems.append(f"{where}: fields {list(row)} != {FIELDS}")
            continue
        if row["id"] != f"{PREFIX}-{number:04d}":
            problems.append(f"{where}: id {row['id']} out of order")
        if row["label"] not in LABELS:
            problems.append(f"{where}: label {row['label']!r}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: shape {row['shape']!r}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: lang {row['lang']!r}")
        if row["split"] != "test":
            problems.append(f"{where}: split {row['split']!r}")
        for field in ("old", "new", "why"):
            value = row[field]
            if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
                problems.append(f"{where}: {field} empty or longer than {MAX_TEXT}")
        if isinstance(row["old"], str) and isinstance(row["new"], str):
            if row["old"].casefold() == row["new"].casefold():
                problems.append(f"{where}: old equals new")
            issue = lang_problem(row["lang"], row["old"], row["new"])
            if issue:
                problems.append(f"{where}: {issue}")
        rows.append(row)
    seen: dict[tuple[str, str], str] = {}
    for row in rows:
        key = (row["old"].casefold(), row["new"].casefold())
        for probe in (key, (key[1], key[0])):
            if probe in seen:
                problems.append(f"{row['id']}: same pair as {seen[probe]}")
        seen[key] = row["id"]
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    for shape in SHAPES:
        total = sum(cells[(shape, lang, label)] for lang in LANGS for label in LABELS)
        same = sum(cells[(shape, lang, "same")] for lang in LANGS)
        if not 30 <= total <= 45:
            problems.append(f"{shape}: {total} pairs, want 30-45")
        elif not 0.35 <= same / total <= 0.65:
            problems.append(f"{shape}: {same}/{total} same, want 35-65%")
        for lang in LANGS:
            for label in LABELS:
                if not cells[(shape, lang, label)]:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    if rows:
        langs = Counter(row["lang"] for row in rows)
        for lang, (low, high) in LANG_SHARE.items():
            share = langs[lang] / len(rows)
            if not low <= share <= high:
                problems.append(f"{lang}: {share:.0%} of pairs, want {low:.0%}-{high:.0%}")
    print_table(rows, cells)
    return problems


def print_table(rows: list[dict[str, str]], cells: Counter[tuple[str, str, str]]) -> None:
    labels = Counter(row["label"] for row in rows)
    langs = Counter(row["lang"] for row in rows)
    total = len(rows) or 1
    print(
        f"{len(rows)} pairs: {labels['same']} same, {labels['different']} different; "
        + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / total:.0%})" for lang in LANGS)
    )
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    header = "".join(f"{lang + '/' + ('same' if label == 'same' else 'diff'):>12}" for lang, label in columns)
    print(f"{'shape':<16}{header}{'total':>8}")
    for shape in SHAPES:
        counts = [cells[(shape, lang, label)] for lang, label in columns]
        print(f"{shape:<16}" + "".join(f"{count:>12}" for count in counts) + f"{sum(counts):>8}")
    sums = [sum(cells[(shape, lang, label)] for shape in SHAPES) for lang, label in columns]
    print(f"{'total':<16}" + "".join(f"{count:>12}" for count in sums) + f"{sum(sums):>8}")


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems = check(path)
    for problem in problems:
        print("PROBLEM:", problem)
    if problems:
        print(f"{len(problems)} problem(s)")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
