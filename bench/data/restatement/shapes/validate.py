"""Check the held-out restatement shapes set (issue 16) and print its counts per shape, language and label."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Literal

import msgspec

HERE = Path(__file__).resolve().parent
PAIRS = HERE / "pairs.jsonl"
SHAPES = (
    "possessor", "named_person", "attribute", "event", "frame_objects", "role_swap",
    "numeral", "stated_change", "negation", "containment", "paraphrase", "convention",
)
LANGS = ("zh", "en", "mixed")
LABELS = ("same", "different")
MIN_PER_SHAPE = 40
ID = re.compile(r"shp-\d{4}")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")


class Row(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    old: str
    new: str
    label: Literal["same", "different"]
    shape: str
    lang: Literal["zh", "en", "mixed"]
    split: Literal["dev", "test"]
    why: str


def match_key(text: str) -> str:
    """S9.1: NFKC, casefold, whitespace and punctuation/symbol characters removed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c for c in folded if not c.isspace() and unicodedata.category(c)[0] not in "PS")


def script_lang(text: str) -> str:
    if not CJK.search(text):
        return "en"
    return "mixed" if LATIN.search(text) else "zh"


def load(path: Path = PAIRS) -> tuple[list[Row], list[str]]:
    rows: list[Row] = []
    errors: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            rows.append(msgspec.json.decode(line, type=Row))
        except msgspec.DecodeError as exc:
            errors.append(f"line {number}: {exc}")
    return rows, errors


def check(rows: list[Row]) -> list[str]:
    """Every problem found, one sentence each; empty when the set is valid."""
    errors: list[str] = []
    ids = Counter(row.id for row in rows)
    errors += [f"{name}: id used {count} times" for name, count in ids.items() if count > 1]
    seen: dict[tuple[str, str], str] = {}
    for row in rows:
        if not ID.fullmatch(row.id):
            errors.append(f"{row.id}: id is not shp-NNNN")
        if row.shape not in SHAPES:
            errors.append(f"{row.id}: unknown shape {row.shape!r}")
        if not row.old.strip() or not row.new.strip() or not row.why.strip():
            errors.append(f"{row.id}: empty old, new or why")
        if match_key(row.old) == match_key(row.new):
            errors.append(f"{row.id}: old and new have equal S9.1 keys (not a restatement question)")
        if script_lang(row.old + row.new) != row.lang:
            errors.append(f"{row.id}: lang {row.lang} but the texts are {script_lang(row.old + row.new)}")
        pair_key = (match_key(row.old), match_key(row.new))
        for key in (pair_key, pair_key[::-1]):
            if key in seen:
                errors.append(f"{row.id}: same pair as {seen[key]}")
        seen[pair_key] = row.id
    by_shape = Counter(row.shape for row in rows)
    for shape in SHAPES:
        if by_shape[shape] < MIN_PER_SHAPE:
            errors.append(f"{shape}: {by_shape[shape]} pairs, fewer than {MIN_PER_SHAPE}")
        for label in LABELS:
            if not any(row.shape == shape and row.label == label for row in rows):
                errors.append(f"{shape}: no {label} pair")
        for split in ("dev", "test"):
            if not any(row.shape == shape and row.split == split for row in rows):
                errors.append(f"{shape}: no {split} pair")
    halves: Counter[tuple[str, str, str, str]] = Counter((row.shape, row.lang, row.label, row.split) for row in rows)
    for shape in SHAPES:
        for lang in LANGS:
            for label in LABELS:
                dev, test = halves[(shape, lang, label, "dev")], halves[(shape, lang, label, "test")]
                if abs(dev - test) > 2:
                    errors.append(f"{shape}/{lang}/{label}: dev {dev} vs test {test}, not split in half")
    splits: Counter[str] = Counter(row.split for row in rows)
    if abs(splits["dev"] - splits["test"]) > max(2, len(rows) // 50):
        errors.append(f"dev {splits['dev']} vs test {splits['test']}: halves unbalanced")
    return errors


def table(rows: list[Row]) -> str:
    """Counts per shape: same/different for each language, then dev/test and the total."""
    counts: Counter[tuple[str, str, str]] = Counter((row.shape, row.lang, row.label) for row in rows)
    split_counts: Counter[tuple[str, str]] = Counter((row.shape, row.split) for row in rows)
    header = "| shape | " + " | ".join(f"{lang} same / diff" for lang in LANGS) + " | dev / test | total |"
    lines = [header, "|" + "---|" * (len(LANGS) + 3)]
    for shape in (*SHAPES, "all"):
        picked = [row for row in rows if shape in ("all", row.shape)]
        cells = []
        for lang in LANGS:
            if shape == "all":
                same = sum(counts[(s, lang, "same")] for s in SHAPES)
                diff = sum(counts[(s, lang, "different")] for s in SHAPES)
            else:
                same, diff = counts[(shape, lang, "same")], counts[(shape, lang, "different")]
            cells.append(f"{same} / {diff}")
        if shape == "all":
            dev = sum(split_counts[(s, "dev")] for s in SHAPES)
            test = sum(split_counts[(s, "test")] for s in SHAPES)
        else:
            dev, test = split_counts[(shape, "dev")], split_counts[(shape, "test")]
        lines.append(f"| {shape} | " + " | ".join(cells) + f" | {dev} / {test} | {len(picked)} |")
    return "\n".join(lines)


def main() -> int:
    rows, errors = load()
    errors += check(rows)
    print(table(rows))
    labels: Counter[str] = Counter(row.label for row in rows)
    langs: Counter[str] = Counter(row.lang for row in rows)
    total = len(rows) or 1
    print(f"\n{len(rows)} pairs; different {labels['different'] / total:.1%}; "
          + ", ".join(f"{lang} {langs[lang] / total:.1%}" for lang in LANGS))
    for error in errors:
        print(f"error: {error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
