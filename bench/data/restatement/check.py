"""Validate pairs.jsonl or the file given (schema, S9.1 keys, uniqueness, split balance); print counts."""

from __future__ import annotations

import json
import math
import re
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
        ch
        for ch in folded
        if not ch.isspace() and unicodedata.category(ch)[0] not in "PS"
    )


def has_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


def has_latin_word(text: str) -> bool:
    return any("a" <= ch.casefold() <= "z" for ch in text)


def tokens(text: str) -> set[str]:
    key = unicodedata.normalize("NFKC", text).casefold()
    out: set[str] = set()
    for run in re.findall(r"[\u3400-\u9fff]+|[a-z0-9]+", key):
        if "\u3400" <= run[0] <= "\u9fff" and len(run) > 1:
            out.update(run[i : i + 2] for i in range(len(run) - 1))
        else:
            out.add(run)
    return out


def baseline(rows: list[dict[str, str]]) -> None:
    """Orientation only: plain IDF-weighted overlap of S9.2 tokens, IDF from this file's own texts."""
    texts = [tokens(r[side]) for r in rows for side in ("a", "b")]
    df = Counter(tok for toks in texts for tok in toks)

    def weight(toks: set[str]) -> float:
        return sum(math.log((len(texts) + 1) / (df[t] + 1)) + 1 for t in toks)

    scored = []
    for r in rows:
        a, b = tokens(r["a"]), tokens(r["b"])
        jaccard = weight(a & b) / max(weight(a | b), 1e-9)
        containment = weight(a & b) / max(min(weight(a), weight(b)), 1e-9)
        scored.append((r["label"] != "distinct", jaccard, containment))
    positives = sum(p for p, _, _ in scored)
    print(
        f"baseline (positive = restatement or update; base rate {positives / len(scored):.2f}):"
    )
    for threshold in (0.2, 0.4, 0.6, 0.8):
        for name, col in (("jaccard", 1), ("containment", 2)):
            hits = [s[0] for s in scored if s[col] >= threshold]
            precision = sum(hits) / len(hits) if hits else float("nan")
            print(
                f"  {name:<11} >= {threshold:.1f}: recall {sum(hits) / positives:.2f}, precision {precision:.2f}"
            )


def row_errors(n: int, row: object) -> list[str]:
    if not isinstance(row, dict) or set(row) != FIELDS:
        return [
            f"line {n}: expected an object with exactly the fields {sorted(FIELDS)}"
        ]
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
            errors.append(
                f"line {n}: {side} must be 1..{MAX_CHARS} chars, no outer space"
            )
    if match_key(a) == match_key(b):
        errors.append(
            f"line {n}: a and b have the same S9.1 key (an exact duplicate, not a pair)"
        )
    lang = row["lang"]
    if lang == "zh" and not (has_cjk(a) and has_cjk(b)):
        errors.append(f"line {n}: zh pair with a side that has no CJK")
    if lang == "en" and (has_cjk(a) or has_cjk(b)):
        errors.append(f"line {n}: en pair with CJK text")
    if lang == "mixed" and not (has_cjk(a + b) and has_latin_word(a + b)):
        errors.append(f"line {n}: mixed pair needs both CJK and Latin text")
    return errors


def main() -> int:
    paths = [Path(arg) for arg in sys.argv[1:] if not arg.startswith("--")]
    lines = (paths[0] if paths else PAIRS).read_text(encoding="utf-8").splitlines()
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
                errors.append(
                    f"split of {label}/{lang} unbalanced: dev {dev}, test {test}"
                )
    total = len(rows)
    print(f"pairs: {total}")
    for name in ("label", "lang", "split"):
        counts = Counter(r[name] for r in rows)
        shown = ", ".join(
            f"{k} {v} ({100 * v / max(total, 1):.0f}%)"
            for k, v in sorted(counts.items())
        )
        print(f"{name}: {shown}")
    print("label x lang (dev/test):")
    for label in LABELS:
        cells = [
            f"{lang} {strata[(label, lang, 'dev')]}/{strata[(label, lang, 'test')]}"
            for lang in LANGS
        ]
        print(f"  {label:<12} " + "  ".join(cells))
    print("kinds:")
    for (label, kind), count in sorted(
        Counter((r["label"], r["kind"]) for r in rows).items()
    ):
        print(f"  {label:<12} {kind:<26} {count}")
    if "--baseline" in sys.argv[1:]:
        baseline(rows)
    for error in errors:
        print(f"ERROR {error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
