"""Check pairs.jsonl against the set's rules; print counts per shape x label x lang; exit 1 on any problem."""
import collections
import json
import pathlib
import re
import sys
from typing import Any

HERE = pathlib.Path(__file__).parent
KEYS = {"id", "old", "new", "label", "shape", "lang", "split", "why"}
LABELS = {"same", "different"}
LANGS = {"zh", "en", "mixed"}
SHAPES = {"possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"}
MAX_CHARS = 200
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
BARE_PRONOUN = re.compile(r"^\s*(他们|她们|它们|他|她|它|(he|she|they|it|him|her)\b)", re.IGNORECASE)
# The issue's own examples: a held-out set must not reuse their names or topics.
BANNED = re.compile(r"\b(anna|ben|carla|oat milk|cello|leeds|bristol)\b|可乐|联想|蔚来", re.IGNORECASE)
SHARE_BOUNDS = {"zh": (0.52, 0.62), "en": (0.28, 0.38), "mixed": (0.07, 0.13)}


def normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def check_row(row: dict[str, Any], problems: list[str]) -> None:
    where = row.get("id", "?")
    if set(row) != KEYS:
        problems.append(f"{where}: keys {sorted(row)} != {sorted(KEYS)}")
        return
    if not re.fullmatch(r"fin-\d{4}", row["id"]):
        problems.append(f"{where}: bad id")
    if row["label"] not in LABELS:
        problems.append(f"{where}: bad label {row['label']!r}")
    if row["shape"] not in SHAPES:
        problems.append(f"{where}: bad shape {row['shape']!r}")
    if row["lang"] not in LANGS:
        problems.append(f"{where}: bad lang {row['lang']!r}")
    if row["split"] != "test":
        problems.append(f"{where}: split must be 'test'")
    if not isinstance(row["why"], str) or not row["why"].strip():
        problems.append(f"{where}: empty why")
    for side in ("old", "new"):
        text = row[side]
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{where}: empty {side}")
            continue
        if len(text) > MAX_CHARS:
            problems.append(f"{where}: {side} has {len(text)} chars > {MAX_CHARS}")
        if text != text.strip():
            problems.append(f"{where}: {side} has leading/trailing space")
        if BARE_PRONOUN.match(text):
            problems.append(f"{where}: {side} starts with a bare pronoun")
        banned = BANNED.search(text)
        if banned:
            problems.append(f"{where}: {side} uses the issue's example {banned.group(0)!r}")
    if not (isinstance(row["old"], str) and isinstance(row["new"], str)):
        return
    if normal(row["old"]) == normal(row["new"]):
        problems.append(f"{where}: old == new")
    check_lang(row, problems)


def check_lang(row: dict[str, Any], problems: list[str]) -> None:
    where, old, new = row["id"], row["old"], row["new"]
    cjk = [bool(CJK.search(old)), bool(CJK.search(new))]
    if row["lang"] == "en" and any(cjk):
        problems.append(f"{where}: lang en but has Chinese")
    if row["lang"] == "zh" and not all(cjk):
        problems.append(f"{where}: lang zh but a side has no Chinese")
    if row["lang"] == "mixed":
        english_side = not all(cjk)
        latin_in_chinese = any(LATIN_WORD.search(t) for t, c in ((old, cjk[0]), (new, cjk[1])) if c)
        if not any(cjk) or not (english_side or latin_in_chinese):
            problems.append(f"{where}: lang mixed needs Chinese plus an English side or English words")


def main() -> int:
    problems: list[str] = []
    rows = []
    raw = (HERE / "pairs.jsonl").read_text(encoding="utf-8")
    if "\\u" in raw:
        problems.append("pairs.jsonl has \\u escapes: write UTF-8, not ASCII-escaped")
    for number, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error})")
            continue
        if not isinstance(row, dict):
            problems.append(f"line {number}: not an object")
            continue
        rows.append(row)
        check_row(row, problems)
    ids = collections.Counter(r.get("id") for r in rows)
    problems += [f"{i}: id used {n} times" for i, n in ids.items() if n > 1]
    seen_pairs: dict[frozenset[str], str] = {}
    seen_sentences: dict[str, str] = {}
    for row in rows:
        if not (isinstance(row.get("old"), str) and isinstance(row.get("new"), str)):
            continue
        key = frozenset((normal(row["old"]), normal(row["new"])))
        if key in seen_pairs:
            problems.append(f"{row['id']}: same pair as {seen_pairs[key]}")
        seen_pairs.setdefault(key, row["id"])
        for side in ("old", "new"):
            sentence = normal(row[side])
            if sentence in seen_sentences and seen_sentences[sentence] != row["id"]:
                problems.append(f"{row['id']}: {side} sentence also in {seen_sentences[sentence]}")
            seen_sentences.setdefault(sentence, row["id"])
    check_in_step_with_sources(rows, problems)
    report(rows, problems)
    for problem in problems:
        print("PROBLEM", problem)
    print(f"{len(rows)} pairs, {len(problems)} problems")
    return 1 if problems else 0


def check_in_step_with_sources(rows: list[dict[str, Any]], problems: list[str]) -> None:
    if not (HERE / "src").is_dir():
        return
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(HERE))
    import build  # type: ignore[import-not-found]

    if build.read_rows() != rows:
        problems.append("pairs.jsonl differs from src/*.tsv: run build.py")


def report(rows: list[dict[str, Any]], problems: list[str]) -> None:
    valid = [r for r in rows if r.get("shape") in SHAPES and r.get("label") in LABELS and r.get("lang") in LANGS]
    cells = collections.Counter((r["shape"], r["label"], r["lang"]) for r in valid)
    print(f"{'shape':<14} {'label':<10} {'zh':>4} {'en':>4} {'mixed':>5} {'all':>4}")
    for shape in sorted(SHAPES):
        for label in ("same", "different"):
            counts = [cells[(shape, label, lang)] for lang in ("zh", "en", "mixed")]
            print(f"{shape:<14} {label:<10} {counts[0]:>4} {counts[1]:>4} {counts[2]:>5} {sum(counts):>4}")
        if not all(cells[(shape, label, lang)] for label in LABELS for lang in ("zh", "en")):
            problems.append(f"shape {shape}: needs both labels in zh and en")
    labels = collections.Counter(r["label"] for r in valid)
    langs = collections.Counter(r["lang"] for r in valid)
    print("labels:", dict(labels), " langs:", dict(langs))
    if valid:
        same_share = labels["same"] / len(valid)
        if not 0.42 <= same_share <= 0.58:
            problems.append(f"'same' share {same_share:.2f} is outside 0.42-0.58")
        for lang, (low, high) in SHARE_BOUNDS.items():
            share = langs[lang] / len(valid)
            if not low <= share <= high:
                problems.append(f"lang {lang} share {share:.2f} is outside {low}-{high}")
    if not 450 <= len(rows) <= 560:
        problems.append(f"{len(rows)} pairs: expected about 500")


if __name__ == "__main__":
    sys.exit(main())
