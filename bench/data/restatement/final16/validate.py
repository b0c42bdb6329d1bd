"""Check final16/pairs.jsonl's format and mix; print counts; exit 1 on a problem."""

import json
import re
import sys
import unicodedata
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
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def check(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    raw = path.read_text(encoding="utf-8")
    if "\\u" in raw:
        problems.append("ASCII escapes found")
    seen: set[tuple[str, str]] = set()
    for number, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error})")
            continue
        where = f"line {number}"
        if list(row) != FIELDS:
            problems.append(f"{where}: fields {list(row)}")
            continue
        if row["id"] != f"fn16-{number:04d}":
            problems.append(f"{where}: id {row['id']}")
        if row["label"] not in LABELS:
            problems.append(f"{where}: label {row['label']}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: shape {row['shape']}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: lang {row['lang']}")
        if row["split"] != "test":
            problems.append(f"{where}: split {row['split']}")
        if not row["why"].strip():
            problems.append(f"{where}: empty why")
        for side in ("old", "new"):
            text = row[side]
            if not text or text != text.strip() or len(text) > 300:
                problems.append(f"{where}: {side} empty, padded or too long")
        old_zh, new_zh = bool(CJK.search(row["old"])), bool(CJK.search(row["new"]))
        both = row["old"] + " " + row["new"]
        if row["lang"] == "zh" and not (old_zh and new_zh):
            problems.append(f"{where}: zh without Chinese on both sides")
        if row["lang"] == "en" and (old_zh or new_zh):
            problems.append(f"{where}: en with Chinese")
        if row["lang"] == "mixed" and not ((old_zh or new_zh) and LATIN_WORD.search(both)):
            problems.append(f"{where}: mixed needs Chinese and a Latin word")
        a, b = fold(row["old"]), fold(row["new"])
        if a == b:
            problems.append(f"{where}: old equals new")
        if (a, b) in seen or (b, a) in seen:
            problems.append(f"{where}: pair repeated")
        seen.add((a, b))
        rows.append(row)
    return problems, rows


def mix_problems(rows: list[dict[str, str]]) -> list[str]:
    problems: list[str] = []
    total = len(rows)
    if not 380 <= total <= 460:
        problems.append(f"{total} pairs, want 380-460")
    cells = Counter((r["shape"], r["lang"], r["label"]) for r in rows)
    for shape in SHAPES:
        in_shape = [r for r in rows if r["shape"] == shape]
        same = sum(r["label"] == "same" for r in in_shape)
        if not 30 <= len(in_shape) <= 45:
            problems.append(f"{shape}: {len(in_shape)} pairs, want 30-45")
        if in_shape and not 0.30 <= same / len(in_shape) <= 0.60:
            problems.append(f"{shape}: {same}/{len(in_shape)} same, want 30-60%")
        for lang in LANGS:
            for label in LABELS:
                if not cells[(shape, lang, label)]:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    langs = Counter(r["lang"] for r in rows)
    for lang, low, high in (("zh", 0.50, 0.62), ("en", 0.28, 0.40), ("mixed", 0.08, 0.16)):
        if total and not low <= langs[lang] / total <= high:
            problems.append(f"{lang}: {langs[lang]}/{total}, want {low:.0%}-{high:.0%}")
    same = sum(r["label"] == "same" for r in rows)
    if total and not 0.35 <= same / total <= 0.50:
        problems.append(f"same: {same}/{total}, want 35-50%")
    return problems


def table(rows: list[dict[str, str]]) -> str:
    cells = Counter((r["shape"], r["lang"], r["label"]) for r in rows)
    heads = [f"{lang}/{'same' if label == 'same' else 'diff'}" for lang in LANGS for label in LABELS]
    lines = [f"{'shape':<16}" + "".join(f"{h:>12}" for h in heads) + f"{'total':>8}"]
    for shape in [*SHAPES, "total"]:
        values = [
            sum(n for (s, la, lb), n in cells.items() if la == lang and lb == label and shape in (s, "total"))
            for lang in LANGS
            for label in LABELS
        ]
        lines.append(f"{shape:<16}" + "".join(f"{v:>12}" for v in values) + f"{sum(values):>8}")
    total = len(rows)
    same = sum(r["label"] == "same" for r in rows)
    langs = Counter(r["lang"] for r in rows)
    lines.append(
        f"{total} pairs: {same} same, {total - same} different; "
        + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / max(total, 1):.0%})" for lang in LANGS)
    )
    return "\n".join(lines)


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems, rows = check(path)
    problems += mix_problems(rows)
    print(table(rows))
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
