"""Validate pairs.jsonl (schema, S9.1 keys, uniqueness, split balance) and print the counts."""

from __future__ import annotations

import json
import sys
import unicodedata
from collections import Counter
from pathlib import Path

PAIRS = Path(__file__).resolve().parent / "pairs.jsonl"
FIELDS = {"a", "b", "label", "kind", "lang", "split"}
LABELS = ("restatement", "update", "distinct")
LANGS = ("zh", "en", "mixed")
SPLITS = ("dev", "test")
MAX_CHARS = 200


def match_key(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(
        ch for ch in folded if not ch.isspace() and unicodedata.category(ch)[0] not in "PS"
    )


def has_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


def has_latin_word(text: str) -> bool:
    return any("a" <= ch.casefold() <= "z" for ch in text)


def row_errors(n: int, row: object) -> list[str]:
    if not isinstance(row, dict) or set(row) != FIELDS:
        return [f"line {n}: expected an object with exactly the fields {sorted(FIELDS)}"]
    if not all(isinstance(row[f], str) for f in FIELDS):
        return [f"line {n}: every field must be a string"]
    errors: list[str] = []
    a: str = row["a"]
    b: str = row["b"]
    for name, allowed in (("label", LABELS), ("lang", LANGS), ("split", SPLITS)):
        if row[name] not in allowed:
            errors.append(f"line {n}: {name} {row[name]!r} not in {allowed}")
    if not row["kind"] or len(row["kind"]) > 40:
        errors.append(f"line {n}: kind must be a short tag")
    for side, text in (("a", a), ("b", b)):
        if not text.strip() or len(text) > MAX_CHARS or text != text.strip():
            errors.append(f"line {n}: {side} must be 1..{MAX_CHARS} chars, no outer space")
    if match_key(a) == match_key(b):
        errors.append(f"line {n}: a and b have the same S9.1 key (an exact duplicate, not a pair)")
    lang = row["lang"]
    if lang == "zh" and not (has_cjk(a) and has_cjk(b)):
        errors.append(f"line {n}: zh pair with a side that has no CJK")
    if lang == "en" and (has_cjk(a) or has_cjk(b)):
        errors.append(f"line {n}: en pair with CJK text")
    if lang == "mixed" and not (has_cjk(a + b) and has_latin_word(a + b)):
        errors.append(f"line {n}: mixed pair needs both CJK and Latin text")
    return errors


def main() -> int:
    lines = PAIRS.read_text(encoding="utf-8").splitlines()
    errors: list[str] = []
    rows: list[dict[str, str]] = []
    for n, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(f"line {n}: invalid JSON ({exc.msg})")
            continue
        found = row_errors(n, row)
        errors.extend(found)
        if not found:
            rows.append(row)
    # A text shared by two pairs could land in both splits and leak; every text is used once.
    seen_pairs: dict[frozenset[str], int] = {}
    seen_texts: dict[str, int] = {}
    for n, row in enumerate(rows, 1):
        ka, kb = match_key(row["a"]), match_key(row["b"])
        pair = frozenset((ka, kb))
        if pair in seen_pairs:
            errors.append(f"row {n}: same pair as row {seen_pairs[pair]}")
        seen_pairs.setdefault(pair, n)
        for key in (ka, kb):
            if key in seen_texts:
                errors.append(f"row {n}: text reused from row {seen_texts[key]}")
            seen_texts.setdefault(key, n)
    strata = Counter((r["label"], r["lang"], r["split"]) for r in rows)
    for label in LABELS:
        for lang in LANGS:
            dev, test = strata[(label, lang, "dev")], strata[(label, lang, "test")]
            if abs(dev - test) > 1:
                errors.append(f"split of {label}/{lang} unbalanced: dev {dev}, test {test}")
    total = len(rows)
    print(f"pairs: {total}")
    for name in ("label", "lang", "split"):
        counts = Counter(r[name] for r in rows)
        shown = ", ".join(f"{k} {v} ({100 * v / max(total, 1):.0f}%)" for k, v in sorted(counts.items()))
        print(f"{name}: {shown}")
    print("label x lang (dev/test):")
    for label in LABELS:
        cells = [
            f"{lang} {strata[(label, lang, 'dev')]}/{strata[(label, lang, 'test')]}" for lang in LANGS
        ]
        print(f"  {label:<12} " + "  ".join(cells))
    print("kinds:")
    for (label, kind), count in sorted(Counter((r["label"], r["kind"]) for r in rows).items()):
        print(f"  {label:<12} {kind:<26} {count}")
    for error in errors:
        print(f"ERROR {error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
