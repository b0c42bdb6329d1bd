"""Checks pairs.jsonl of the final15 restatement set and prints its counts (issue 16)."""
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = ["possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"]
LANGS = ["zh", "en", "mixed"]
LABELS = ["same", "different"]
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def check(path: Path) -> int:
    problems = []
    rows = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines, 1):
        if "\\u" in line:
            problems.append(f"line {i}: ASCII escape")
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"line {i}: not JSON ({exc})")
            continue
        if list(row) != FIELDS:
            problems.append(f"line {i}: fields {list(row)}")
            continue
        rows.append(row)
    seen = set()
    for i, row in enumerate(rows, 1):
        tag = row["id"]
        if row["id"] != f"fn15-{i:04d}":
            problems.append(f"{tag}: id out of order (expected fn15-{i:04d})")
        if row["label"] not in LABELS:
            problems.append(f"{tag}: label {row['label']}")
        if row["shape"] not in SHAPES:
            problems.append(f"{tag}: shape {row['shape']}")
        if row["lang"] not in LANGS:
            problems.append(f"{tag}: lang {row['lang']}")
        if row["split"] != "test":
            problems.append(f"{tag}: split {row['split']}")
        if not isinstance(row["why"], str) or not row["why"].strip():
            problems.append(f"{tag}: empty why")
        for side in ("old", "new"):
            text = row[side]
            if not isinstance(text, str) or not text or text != text.strip() or len(text) > 300:
                problems.append(f"{tag}: bad {side} text")
        old, new = row["old"], row["new"]
        if fold(old) == fold(new):
            problems.append(f"{tag}: old equals new")
        key = frozenset((fold(old), fold(new)))
        if key in seen:
            problems.append(f"{tag}: pair appears twice")
        seen.add(key)
        cjk_old, cjk_new = bool(CJK.search(old)), bool(CJK.search(new))
        if row["lang"] == "zh" and not (cjk_old and cjk_new):
            problems.append(f"{tag}: zh needs Chinese on both sides")
        if row["lang"] == "en" and (cjk_old or cjk_new):
            problems.append(f"{tag}: en has Chinese")
        if row["lang"] == "mixed" and not ((cjk_old or cjk_new) and LATIN_WORD.search(old + " " + new)):
            problems.append(f"{tag}: mixed needs Chinese and a Latin word")
    total = len(rows)
    if not 380 <= total <= 460:
        problems.append(f"{total} pairs, expected 380-460")
    cells = Counter((r["shape"], r["lang"], r["label"]) for r in rows)
    for shape in SHAPES:
        n = sum(cells[(shape, lang, label)] for lang in LANGS for label in LABELS)
        same = sum(cells[(shape, lang, "same")] for lang in LANGS)
        if not 30 <= n <= 45:
            problems.append(f"{shape}: {n} pairs, expected 30-45")
        elif not 0.30 <= same / n <= 0.60:
            problems.append(f"{shape}: {same}/{n} same, expected 30-60%")
        for lang in LANGS:
            for label in LABELS:
                if cells[(shape, lang, label)] == 0:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    langs = Counter(r["lang"] for r in rows)
    same_total = sum(1 for r in rows if r["label"] == "same")
    if total:
        for lang, lo, hi in (("zh", 0.50, 0.62), ("en", 0.28, 0.40), ("mixed", 0.08, 0.16)):
            if not lo <= langs[lang] / total <= hi:
                problems.append(f"lang {lang}: {langs[lang]}/{total} outside {lo:.0%}-{hi:.0%}")
        if not 0.35 <= same_total / total <= 0.50:
            problems.append(f"same: {same_total}/{total} outside 35-50%")
    head = f"{'shape':<16}" + "".join(f"{lang + '/' + lab[:4]:>12}" for lang in LANGS for lab in LABELS) + "   total"
    print(head)
    for shape in SHAPES:
        counts = [cells[(shape, lang, label)] for lang in LANGS for label in LABELS]
        print(f"{shape:<16}" + "".join(f"{c:>12}" for c in counts) + f"{sum(counts):>8}")
    counts = [sum(cells[(s, lang, label)] for s in SHAPES) for lang in LANGS for label in LABELS]
    print(f"{'total':<16}" + "".join(f"{c:>12}" for c in counts) + f"{sum(counts):>8}")
    if total:
        print(f"{total} pairs: {same_total} same, {total - same_total} different; "
              + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / total:.0%})" for lang in LANGS))
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    raise SystemExit(check(target))
