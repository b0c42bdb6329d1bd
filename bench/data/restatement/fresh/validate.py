"""Check fresh/pairs.jsonl against the set's rules; print counts; exit 1 on any problem (issue 16)."""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = {
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
}
FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
LABELS = {"same", "different"}
LANGS = {"zh", "en", "mixed"}
SPLITS = {"dev", "test"}
MAX_CHARS = 200
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
PRONOUN_START = re.compile(r"^(他|她|它|他们|她们|其|\s*(he|she|they|his|her|their|it)\b)", re.IGNORECASE)


def norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def lang_problem(lang: str, old: str, new: str) -> str | None:
    sides = [old, new]
    has_cjk = [bool(CJK.search(side)) for side in sides]
    has_latin = [bool(LATIN_WORD.search(side)) for side in sides]
    if lang == "zh" and not all(has_cjk):
        return "zh pair with a side without Chinese"
    if lang == "en" and any(has_cjk):
        return "en pair with Chinese text"
    if lang == "mixed":
        cross = any(has_cjk) and not all(has_cjk)
        code_mixed = any(cjk and latin for cjk, latin in zip(has_cjk, has_latin, strict=True))
        if not (cross or code_mixed):
            return "mixed pair that is neither cross-language nor code-mixed"
    return None


def check(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    problems: list[str] = []
    rows: list[dict[str, str]] = []
    raw = path.read_bytes().decode("utf-8")
    if "\\u" in raw:
        problems.append("file contains \\u escapes (must be UTF-8, not ASCII-escaped)")
    for number, line in enumerate(raw.splitlines(), 1):
        where = f"line {number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{where}: not JSON ({error})")
            continue
        if not isinstance(row, dict) or list(row) != FIELDS:
            problems.append(f"{where}: fields must be exactly {FIELDS} in that order")
            continue
        if not all(isinstance(row[field], str) for field in FIELDS):
            problems.append(f"{where}: every field must be a string")
            continue
        rows.append(row)
        where = f"{where} ({row['id']})"
        if row["label"] not in LABELS:
            problems.append(f"{where}: bad label {row['label']!r}")
        if row["shape"] not in SHAPES:
            problems.append(f"{where}: bad shape {row['shape']!r}")
        if row["lang"] not in LANGS:
            problems.append(f"{where}: bad lang {row['lang']!r}")
        if row["split"] not in SPLITS:
            problems.append(f"{where}: bad split {row['split']!r}")
        if not row["why"].strip():
            problems.append(f"{where}: empty why")
        for side in ("old", "new"):
            text = row[side]
            if not text.strip():
                problems.append(f"{where}: empty {side}")
            if len(text) > MAX_CHARS:
                problems.append(f"{where}: {side} longer than {MAX_CHARS} characters")
            if text != text.strip():
                problems.append(f"{where}: {side} has surrounding whitespace")
            if PRONOUN_START.search(text):
                problems.append(f"{where}: {side} starts with a pronoun, not a named subject")
        if norm(row["old"]) == norm(row["new"]):
            problems.append(f"{where}: old and new are the same text")
        if row["lang"] in LANGS:
            message = lang_problem(row["lang"], row["old"], row["new"])
            if message:
                problems.append(f"{where}: {message}")
    ids = Counter(row["id"] for row in rows)
    problems += [f"id {key} used {count} times" for key, count in ids.items() if count > 1]
    problems += [f"bad id {row['id']!r}" for row in rows if not re.fullmatch(r"frs-\d{4}", row["id"])]
    pairs = Counter(frozenset((norm(row["old"]), norm(row["new"]))) for row in rows)
    problems += [f"pair appears {count} times: {sorted(key)}" for key, count in pairs.items() if count > 1]
    owners: dict[str, list[str]] = {}
    for row in rows:
        for side in ("old", "new"):
            owners.setdefault(norm(row[side]), []).append(row["id"])
    problems += [f"sentence used in {len(set(ids_))} pairs {sorted(set(ids_))}: {text}"
                 for text, ids_ in owners.items() if len(ids_) > 1]
    strata = Counter((row["shape"], row["label"], row["lang"], row["split"]) for row in rows)
    for shape, label, lang in {(s, lab, g) for s, lab, g, _ in strata}:
        dev, test = strata[(shape, label, lang, "dev")], strata[(shape, label, lang, "test")]
        if abs(dev - test) > 1:
            problems.append(f"{shape}/{label}/{lang}: dev {dev} vs test {test} not balanced")
    for shape in {row["shape"] for row in rows}:
        labels = Counter(row["label"] for row in rows if row["shape"] == shape)
        if min(labels["same"], labels["different"]) < 0.4 * sum(labels.values()):
            problems.append(f"{shape}: labels not roughly balanced {dict(labels)}")
    return problems, rows


def report(rows: list[dict[str, str]]) -> None:
    counts = Counter((row["shape"], row["label"], row["lang"], row["split"]) for row in rows)
    print(f"{'shape':<14}{'label':<10}{'lang':<7}{'dev':>5}{'test':>6}")
    for shape, label, lang in sorted({key[:3] for key in counts}):
        print(f"{shape:<14}{label:<10}{lang:<7}{counts[(shape, label, lang, 'dev')]:>5}"
              f"{counts[(shape, label, lang, 'test')]:>6}")
    print()
    for field in ("shape", "label", "lang", "split"):
        print(field + ": " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(r[field] for r in rows).items())))
    print(f"total: {len(rows)}")


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "pairs.jsonl"
    problems, rows = check(path)
    report(rows)
    for problem in problems:
        print("PROBLEM:", problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
