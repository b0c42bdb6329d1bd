"""Checks final14/pairs.jsonl (format, labels, language mix, balance) and prints its counts (issue 16)."""

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = [
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
]
LANGS = ["zh", "en", "mixed"]
LABELS = ["same", "different"]
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def check(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    raw = path.read_text("utf-8")
    if "\\u" in raw:
        problems.append("ASCII escapes found; write UTF-8")
    seen: set[tuple[str, str]] = set()
    for number, line in enumerate(raw.splitlines(), 1):
        where = f"line {number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{where}: not JSON ({error})")
            continue
        if list(row) != FIELDS:
            problems.append(f"{where}: fields {list(row)} != {FIELDS}")
            continue
        rows.append(row)
        if row["id"] != f"fn14-{number:04d}":
            problems.append(f"{where}: id {row['id']} out of order")
        if row["label"] not in LABELS:
            problems.append(f"{where}: label {row['label']!r}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: shape {row['shape']!r}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: lang {row['lang']!r}")
        if row["split"] != "test":
            problems.append(f"{where}: split {row['split']!r}")
        if not isinstance(row["why"], str) or not row["why"].strip():
            problems.append(f"{where}: empty why")
        for side in ("old", "new"):
            text = row[side]
            if not isinstance(text, str) or not text or text != text.strip() or len(text) > 300:
                problems.append(f"{where}: {side} empty, padded or over 300 characters")
        old, new = row["old"], row["new"]
        cjk_old, cjk_new = bool(CJK.search(old)), bool(CJK.search(new))
        if row["lang"] == "zh" and not (cjk_old and cjk_new):
            problems.append(f"{where}: zh pair without Chinese on both sides")
        if row["lang"] == "en" and (cjk_old or cjk_new):
            problems.append(f"{where}: en pair with Chinese")
        if row["lang"] == "mixed" and not ((cjk_old or cjk_new) and LATIN_WORD.search(old + new)):
            problems.append(f"{where}: mixed pair needs Chinese and an English word")
        if key(old) == key(new):
            problems.append(f"{where}: old and new are the same text")
        pair = (key(old), key(new))
        if pair in seen or pair[::-1] in seen:
            problems.append(f"{where}: pair appears twice")
        seen.add(pair)
    return problems, rows


def balance(rows: list[dict[str, str]]) -> list[str]:
    problems: list[str] = []
    total = len(rows)
    if not 380 <= total <= 460:
        problems.append(f"{total} pairs, expected 380-460")
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    for shape in SHAPES:
        in_shape = [row for row in rows if row["shape"] == shape]
        same = sum(row["label"] == "same" for row in in_shape)
        if not 30 <= len(in_shape) <= 45:
            problems.append(f"{shape}: {len(in_shape)} pairs, expected 30-45")
        elif not 0.30 <= same / len(in_shape) <= 0.60:
            problems.append(f"{shape}: {same}/{len(in_shape)} same, expected 30-60%")
        for lang in LANGS:
            for label in LABELS:
                if cells[(shape, lang, label)] == 0:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    if total:
        langs = Counter(row["lang"] for row in rows)
        for lang, low, high in (("zh", 0.50, 0.62), ("en", 0.28, 0.40), ("mixed", 0.08, 0.16)):
            if not low <= langs[lang] / total <= high:
                problems.append(f"{lang}: {langs[lang] / total:.0%} of pairs, expected {low:.0%}-{high:.0%}")
        same = sum(row["label"] == "same" for row in rows)
        if not 0.35 <= same / total <= 0.50:
            problems.append(f"{same / total:.0%} same overall, expected 35-50%")
    return problems


def table(rows: list[dict[str, str]]) -> None:
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    header = "".join(f"{lang + '/' + label[:4]:>12}" for lang, label in columns)
    print(f"{'shape':<16}{header}{'total':>8}")
    for shape in [*SHAPES, "total"]:
        counts = [sum(cells[(s, lang, label)] for s in (SHAPES if shape == "total" else [shape]))
                  for lang, label in columns]
        print(f"{shape:<16}" + "".join(f"{count:>12}" for count in counts) + f"{sum(counts):>8}")
    total = len(rows)
    langs = Counter(row["lang"] for row in rows)
    same = sum(row["label"] == "same" for row in rows)
    print(f"{total} pairs: {same} same, {total - same} different; "
          + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / max(total, 1):.0%})" for lang in LANGS))


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems, rows = check(path)
    problems += balance(rows)
    table(rows)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
