"""Checks every format rule of the final3 restatement set and prints its counts (issue 16)."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAIRS = HERE / "pairs.jsonl"
FIELDS = ("id", "old", "new", "label", "shape", "lang", "split", "why")
LABELS = ("same", "different")
LANGS = ("zh", "en", "mixed")
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
ID_PATTERN = re.compile(r"fn3-(\d{4})")
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
MAX_TEXT_CHARS = 120
EXPECTED_ROWS = (380, 460)
PAIRS_PER_SHAPE = (30, 45)
LANG_SHARE = {"zh": (0.50, 0.62), "en": (0.28, 0.38), "mixed": (0.08, 0.16)}
SAME_SHARE_PER_SHAPE = (0.35, 0.65)
# A memory names its subject; a bare pronoun at the start means the writer lost it.
BARE_PRONOUN_START = re.compile(r"^(?:(?:he|she|they|it|his|her|their)\b|[他她它])", re.IGNORECASE)
# Names and topics of the issue's own examples: the set must not reuse them.
ISSUE_TERMS = (
    "kiwi",
    "anna",
    "ben",
    "carla",
    "parrot",
    "choir",
    "chess club",
    "oat milk",
    "split keyboard",
    "light roast",
    "light theme",
    "cello",
    "kitten",
    "anniversary",
    "gluten",
    "leeds",
    "bristol",
    "mocha",
    "vitest",
    "联想",
    "蔚来",
    "厦门",
    "青岛",
    "可乐",
    "钓鱼",
    "吉他",
    "相机",
)


def has_issue_term(text: str) -> str | None:
    folded = text.casefold()
    for term in ISSUE_TERMS:
        if CJK.search(term):
            if term in folded:
                return term
        elif re.search(rf"\b{re.escape(term)}\b", folded):
            return term
    return None


def lang_problem(lang: str, old: str, new: str) -> str | None:
    cjk_sides = [bool(CJK.search(text)) for text in (old, new)]
    latin_sides = [bool(LATIN_WORD.search(CJK.sub(" ", text))) for text in (old, new)]
    if lang == "zh" and not all(cjk_sides):
        return "zh needs Chinese on both sides"
    if lang == "en" and any(cjk_sides):
        return "en must not contain Chinese"
    if lang == "en" and not all(latin_sides):
        return "en needs English words on both sides"
    if lang == "mixed" and not (any(cjk_sides) and any(latin_sides)):
        return "mixed needs Chinese and English words"
    return None


def row_problems(row: object, line_number: int) -> list[str]:
    where = f"line {line_number}"
    if not isinstance(row, dict):
        return [f"{where}: not a JSON object"]
    if tuple(row) != FIELDS:
        return [f"{where}: fields must be exactly {', '.join(FIELDS)} in that order"]
    if not all(isinstance(row[field], str) for field in FIELDS):
        return [f"{where}: every field must be a string"]
    problems: list[str] = []
    match = ID_PATTERN.fullmatch(row["id"])
    if match is None or int(match.group(1)) != line_number:
        problems.append(f"{where}: id must be fn3-{line_number:04d}")
    if row["label"] not in LABELS:
        problems.append(f"{where}: unknown label {row['label']!r}")
    if row["shape"] not in SHAPES:
        problems.append(f"{where}: unknown shape {row['shape']!r}")
    if row["lang"] not in LANGS:
        problems.append(f"{where}: unknown lang {row['lang']!r}")
    if row["split"] != "test":
        problems.append(f"{where}: split must be test")
    if not row["why"].strip():
        problems.append(f"{where}: why is empty")
    old, new = row["old"], row["new"]
    for side, text in (("old", old), ("new", new)):
        if not text or text != text.strip():
            problems.append(f"{where}: {side} is empty or padded")
        if len(text) > MAX_TEXT_CHARS:
            problems.append(f"{where}: {side} longer than {MAX_TEXT_CHARS} characters")
        if BARE_PRONOUN_START.match(text):
            problems.append(f"{where}: {side} starts with a bare pronoun")
        term = has_issue_term(text)
        if term is not None:
            problems.append(f"{where}: {side} reuses the issue's example term {term!r}")
    if old.casefold() == new.casefold():
        problems.append(f"{where}: old and new are the same text")
    if row["lang"] in LANGS:
        problem = lang_problem(row["lang"], old, new)
        if problem is not None:
            problems.append(f"{where}: {problem}")
    return problems


def set_problems(rows: list[dict[str, str]]) -> list[str]:
    problems: list[str] = []
    seen_pairs: set[frozenset[str]] = set()
    sentence_rows: dict[str, str] = {}
    for row in rows:
        pair = frozenset((row["old"].casefold(), row["new"].casefold()))
        if pair in seen_pairs:
            problems.append(f"{row['id']}: the pair occurs twice (in some order)")
        seen_pairs.add(pair)
        for text in (row["old"], row["new"]):
            key = text.casefold()
            if key in sentence_rows and sentence_rows[key] != row["id"]:
                problems.append(f"{row['id']}: sentence also used in {sentence_rows[key]}: {text}")
            sentence_rows.setdefault(key, row["id"])
    total = len(rows)
    if not EXPECTED_ROWS[0] <= total <= EXPECTED_ROWS[1]:
        problems.append(f"{total} rows, expected {EXPECTED_ROWS[0]}–{EXPECTED_ROWS[1]}")
    if total:
        langs = Counter(row["lang"] for row in rows)
        for lang, (low, high) in LANG_SHARE.items():
            share = langs[lang] / total
            if not low <= share <= high:
                problems.append(f"lang {lang}: share {share:.3f} outside {low}–{high}")
    for shape in SHAPES:
        in_shape = [row for row in rows if row["shape"] == shape]
        if not PAIRS_PER_SHAPE[0] <= len(in_shape) <= PAIRS_PER_SHAPE[1]:
            problems.append(f"shape {shape}: {len(in_shape)} pairs, expected {PAIRS_PER_SHAPE[0]}–{PAIRS_PER_SHAPE[1]}")
            continue
        same = sum(row["label"] == "same" for row in in_shape) / len(in_shape)
        if not SAME_SHARE_PER_SHAPE[0] <= same <= SAME_SHARE_PER_SHAPE[1]:
            problems.append(f"shape {shape}: same share {same:.2f} outside {SAME_SHARE_PER_SHAPE}")
    return problems


def load(path: Path) -> tuple[list[dict[str, str]], list[str]]:
    raw = path.read_bytes()
    problems: list[str] = []
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return [], [f"{path.name} is not UTF-8: {error}"]
    if "\\u" in text:
        problems.append(f"{path.name} holds ASCII escapes; write it with ensure_ascii=False")
    if not text.endswith("\n"):
        problems.append(f"{path.name} must end with a newline")
    rows: list[dict[str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON: {error}")
            continue
        found = row_problems(row, number)
        problems.extend(found)
        if not found:
            rows.append(row)
    return rows, problems


def print_counts(rows: list[dict[str, str]]) -> None:
    cells = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    header = ["shape".ljust(14)] + [f"{lang}/{label[:4]}".rjust(12) for lang, label in columns] + ["total".rjust(7)]
    print("".join(header))
    for shape in SHAPES:
        counts = [cells[(shape, lang, label)] for lang, label in columns]
        print(shape.ljust(14) + "".join(str(n).rjust(12) for n in counts) + str(sum(counts)).rjust(7))
    totals = [sum(cells[(shape, lang, label)] for shape in SHAPES) for lang, label in columns]
    print("total".ljust(14) + "".join(str(n).rjust(12) for n in totals) + str(sum(totals)).rjust(7))
    labels = Counter(row["label"] for row in rows)
    langs = Counter(row["lang"] for row in rows)
    total = len(rows)
    print(f"{total} pairs: " + ", ".join(f"{labels[label]} {label}" for label in LABELS))
    print(", ".join(f"{lang} {langs[lang]} ({langs[lang] / total:.0%})" for lang in LANGS) if total else "no rows")


def main(argv: list[str]) -> int:
    rows, problems = load(Path(argv[0]) if argv else PAIRS)
    problems.extend(set_problems(rows))
    print_counts(rows)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} problems", file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
