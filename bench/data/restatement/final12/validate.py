"""Check the format of final12/pairs.jsonl and print its shape x lang x label counts (issue 16)."""
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
LABELS = ("same", "different")
LANGS = ("zh", "en", "mixed")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
MAX_CHARS = 300


def lang_fits(lang: str, old: str, new: str) -> bool:
    old_zh, new_zh = bool(CJK.search(old)), bool(CJK.search(new))
    if lang == "zh":
        return old_zh and new_zh
    if lang == "en":
        return not old_zh and not new_zh
    return (old_zh or new_zh) and bool(LATIN_WORD.search(old + " " + new))


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def check(path: Path) -> list[str]:
    problems: list[str] = []
    raw = path.read_text(encoding="utf-8")
    if "\\u" in raw:
        problems.append("ASCII escapes (\\u) found; write UTF-8")
    rows = []
    for number, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error})")
            continue
        if not isinstance(row, dict) or list(row) != FIELDS:
            problems.append(f"line {number}: fields must be exactly {FIELDS} in order")
            continue
        rows.append(row)
    seen_pairs: set[tuple[str, str]] = set()
    for index, row in enumerate(rows, 1):
        where = f"row {index} ({row.get('id')})"
        if row["id"] != f"fn12-{index:04d}":
            problems.append(f"{where}: id should be fn12-{index:04d}")
        for field in FIELDS:
            if not isinstance(row[field], str):
                problems.append(f"{where}: {field} is not a string")
        if row["label"] not in LABELS:
            problems.append(f"{where}: bad label {row['label']!r}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: bad shape {row['shape']!r}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: bad lang {row['lang']!r}")
        if row["split"] != "test":
            problems.append(f"{where}: split must be test")
        if not row["why"].strip():
            problems.append(f"{where}: empty why")
        for side in ("old", "new"):
            text = row[side]
            if not text or text != text.strip() or len(text) > MAX_CHARS:
                problems.append(f"{where}: {side} empty, padded or over {MAX_CHARS} characters")
        if fold(row["old"]) == fold(row["new"]):
            problems.append(f"{where}: old equals new")
        if row["lang"] in LANGS and not lang_fits(row["lang"], row["old"], row["new"]):
            problems.append(f"{where}: lang {row['lang']} does not fit the text")
        key = (fold(row["old"]), fold(row["new"]))
        if key in seen_pairs or key[::-1] in seen_pairs:
            problems.append(f"{where}: pair appears twice")
        seen_pairs.add(key)
    counts = Counter((row["shape"], row["lang"], row["label"]) for row in rows)
    total = len(rows)
    if not 380 <= total <= 460:
        problems.append(f"{total} pairs; expected about 420")
    for shape in SHAPES:
        in_shape = sum(counts[(shape, lang, label)] for lang in LANGS for label in LABELS)
        same = sum(counts[(shape, lang, "same")] for lang in LANGS)
        if not 30 <= in_shape <= 45:
            problems.append(f"{shape}: {in_shape} pairs, expected 30-45")
        elif not 0.30 <= same / in_shape <= 0.60:
            problems.append(f"{shape}: {same}/{in_shape} same, expected 30-60%")
        for lang in LANGS:
            for label in LABELS:
                if counts[(shape, lang, label)] == 0:
                    problems.append(f"{shape}: no {lang}/{label} pair")
    if total:
        share = {lang: sum(1 for row in rows if row["lang"] == lang) / total for lang in LANGS}
        bounds = {"zh": (0.50, 0.62), "en": (0.28, 0.40), "mixed": (0.08, 0.16)}
        for lang, (low, high) in bounds.items():
            if not low <= share[lang] <= high:
                problems.append(f"lang {lang} is {share[lang]:.0%}, expected {low:.0%}-{high:.0%}")
        same_share = sum(1 for row in rows if row["label"] == "same") / total
        if not 0.35 <= same_share <= 0.50:
            problems.append(f"same is {same_share:.0%}, expected 35-50%")
    print_table(rows, counts)
    return problems


def print_table(rows: list[dict[str, str]], counts: Counter[tuple[str, str, str]]) -> None:
    columns = [(lang, label) for lang in LANGS for label in LABELS]
    header = "".join(f"{lang + '/' + ('same' if label == 'same' else 'diff'):>12}" for lang, label in columns)
    print(f"{'shape':<16}{header}{'total':>8}")
    for name in [*SHAPES, "total"]:
        if name == "total":
            cells = [sum(counts[(shape, lang, label)] for shape in SHAPES) for lang, label in columns]
        else:
            cells = [counts[(name, lang, label)] for lang, label in columns]
        print(f"{name:<16}" + "".join(f"{cell:>12}" for cell in cells) + f"{sum(cells):>8}")
    total = len(rows) or 1
    same = sum(1 for row in rows if row["label"] == "same")
    langs = Counter(row["lang"] for row in rows)
    mix = ", ".join(f"{lang} {langs[lang]} ({langs[lang] / total:.0%})" for lang in LANGS)
    print(f"{len(rows)} pairs: {same} same, {len(rows) - same} different; {mix}")


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    problems = check(path)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
