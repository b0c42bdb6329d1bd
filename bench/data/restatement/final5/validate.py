"""Check pairs.jsonl of the final5 restatement set (issue 16) and print its counts; exit 1 on a problem."""

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
LABELS = ["same", "different"]
LANGS = ["zh", "en", "mixed"]
# Latin words a zh row may hold: product and tool names only, never ordinary English words.
PRODUCT_NAMES = {
    "go", "prettier", "biome", "hugo", "astro", "mysql", "postgresql", "eslint", "jest", "vue",
    "typescript",
}
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
MAX_TEXT = 160
LANG_SHARE = {"zh": (0.50, 0.60), "en": (0.28, 0.38), "mixed": (0.08, 0.16)}


def key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def ordinary_latin(text: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(text) if len(w) >= 2 and w.casefold() not in PRODUCT_NAMES]


def lang_problem(lang: str, old: str, new: str) -> str | None:
    cjk = [bool(CJK.search(old)), bool(CJK.search(new))]
    if lang == "zh":
        if not all(cjk):
            return "zh row without Chinese on both sides"
        stray = [w for w in LATIN_WORD.findall(old + " " + new) if w.casefold() not in PRODUCT_NAMES]
        return f"zh row holds non-product Latin words {stray}" if stray else None
    if lang == "en":
        return "en row holds Chinese" if any(cjk) else None
    if not any(cjk):
        return "mixed row without Chinese"
    if not ordinary_latin(old + " " + new):
        return "mixed row without an English word of two letters or more"
    return None


def check(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    raw = path.read_text(encoding="utf-8")
    if not raw.endswith("\n"):
        problems.append("file does not end with a newline")
    seen_pairs: set[frozenset[str]] = set()
    seen_texts: dict[str, str] = {}
    for number, line in enumerate(raw.splitlines(), 1):
        where = f"line {number}"
        if "\\u" in line:
            problems.append(f"{where}: ASCII escape in the file")
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{where}: not JSON ({error})")
            continue
        if not isinstance(row, dict) or list(row) != FIELDS:
            problems.append(f"{where}: fields must be exactly {FIELDS} in that order")
            continue
        if not all(isinstance(row[f], str) and row[f].strip() == row[f] and row[f] for f in FIELDS):
            problems.append(f"{where}: every field must be a non-empty trimmed string")
            continue
        rows.append(row)
        expected_id = f"fn5-{len(rows):04d}"
        if row["id"] != expected_id:
            problems.append(f"{where}: id {row['id']!r}, expected {expected_id!r}")
        for field, allowed in (("label", LABELS), ("shape", SHAPES), ("lang", LANGS)):
            if row[field] not in allowed:
                problems.append(f"{where}: {field} {row[field]!r} not in {allowed}")
        if row["split"] != "test":
            problems.append(f"{where}: split must be 'test'")
        old, new = row["old"], row["new"]
        for text in (old, new):
            if len(text) > MAX_TEXT or "\n" in text:
                problems.append(f"{where}: text too long or multi-line")
        if key(old) == key(new):
            problems.append(f"{where}: old and new are the same text")
        pair = frozenset((key(old), key(new)))
        if pair in seen_pairs:
            problems.append(f"{where}: pair already in the set (either order)")
        seen_pairs.add(pair)
        for text in (old, new):
            earlier = seen_texts.setdefault(key(text), row["id"])
            if earlier != row["id"]:
                problems.append(f"{where}: sentence also used in {earlier}: {text}")
        if row["lang"] in LANGS and (problem := lang_problem(row["lang"], old, new)):
            problems.append(f"{where}: {problem}")
    return problems, rows


def balance(rows: list[dict[str, str]]) -> list[str]:
    problems: list[str] = []
    cells = Counter((r["shape"], r["lang"], r["label"]) for r in rows)
    for shape in SHAPES:
        total = sum(cells[(shape, lang, label)] for lang in LANGS for label in LABELS)
        same = sum(cells[(shape, lang, "same")] for lang in LANGS)
        if not 30 <= total <= 45:
            problems.append(f"{shape}: {total} pairs, expected 30-45")
        elif not 0.35 <= same / total <= 0.65:
            problems.append(f"{shape}: {same}/{total} same, expected 35-65%")
        for lang in LANGS:
            for label in LABELS:
                if cells[(shape, lang, label)] == 0:
                    problems.append(f"{shape}/{lang}: no {label} pair")
    langs = Counter(r["lang"] for r in rows)
    for lang, (low, high) in LANG_SHARE.items():
        share = langs[lang] / len(rows) if rows else 0.0
        if not low <= share <= high:
            problems.append(f"lang {lang}: {share:.0%} of pairs, expected {low:.0%}-{high:.0%}")
    return problems


def table(rows: list[dict[str, str]]) -> str:
    cells = Counter((r["shape"], r["lang"], r["label"]) for r in rows)
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    heads = [f"{lang}/{'same' if label == 'same' else 'diff'}" for lang, label in columns]
    lines = [f"{'shape':<16}" + "".join(f"{h:>12}" for h in heads) + f"{'total':>7}"]
    for shape in [*SHAPES, "total"]:
        counts = [
            sum(v for (s, la, lb), v in cells.items() if (shape == "total" or s == shape) and (la, lb) == col)
            for col in columns
        ]
        lines.append(f"{shape:<16}" + "".join(f"{c:>12}" for c in counts) + f"{sum(counts):>7}")
    labels = Counter(r["label"] for r in rows)
    langs = Counter(r["lang"] for r in rows)
    n = len(rows) or 1
    lines.append(
        f"{len(rows)} pairs: {labels['same']} same, {labels['different']} different; "
        + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / n:.0%})" for lang in LANGS)
    )
    return "\n".join(lines)


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems, rows = check(path)
    problems += balance(rows)
    print(table(rows))
    for problem in problems:
        print("PROBLEM:", problem)
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
