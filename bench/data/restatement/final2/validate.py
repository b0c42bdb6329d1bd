"""Check pairs.jsonl against the format and labelling rules; print counts; exit 1 on any problem."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIELDS = ("id", "old", "new", "label", "shape", "lang", "split", "why")
LABELS = frozenset({"same", "different"})
LANGS = frozenset({"zh", "en", "mixed"})
SHAPES = frozenset(
    {
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
    }
)
MAX_CHARS = 200
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
BARE_PRONOUN_START = re.compile(r"^(他|她|它|他们|她们)|^(he|she|they|it)\b", re.IGNORECASE)
FORBIDDEN = (
    "anna",
    "ben ",
    "carla",
    "oat milk",
    "cello",
    "leeds",
    "bristol",
    "kiwi",
    "可乐",
    "联想",
    "蔚来",
)


def normalised(text: str) -> str:
    """The text as compared for duplicates: trimmed and casefolded."""
    return text.strip().casefold()


def language_problem(row: dict[str, str]) -> str | None:
    """Why the lang tag does not fit the two sides, or None."""
    old_han = bool(HAN.search(row["old"]))
    new_han = bool(HAN.search(row["new"]))
    if row["lang"] == "zh" and not (old_han and new_han):
        return "lang zh but a side has no Chinese"
    if row["lang"] == "en" and (old_han or new_han):
        return "lang en but a side has Chinese"
    if row["lang"] == "mixed":
        one_side_each = old_han != new_han
        words_inside = (old_han or new_han) and bool(
            LATIN_WORD.search(row["old"] + row["new"])
        )
        if not (one_side_each or words_inside):
            return "lang mixed but neither one side per language nor English words in Chinese"
    return None


def row_problems(row: dict[str, str]) -> list[str]:
    """Every rule a single row breaks."""
    problems: list[str] = []
    if tuple(row) != FIELDS:
        return [f"fields are {list(row)}, expected {list(FIELDS)}"]
    if not all(isinstance(value, str) for value in row.values()):
        return ["every field must be a string"]
    if not re.fullmatch(r"fn2-\d{4}", row["id"]):
        problems.append("bad id")
    for side in ("old", "new"):
        text = row[side]
        if not text.strip():
            problems.append(f"{side} is empty")
        if len(text) > MAX_CHARS:
            problems.append(f"{side} longer than {MAX_CHARS} characters")
        if text != text.strip():
            problems.append(f"{side} has surrounding whitespace")
        if BARE_PRONOUN_START.search(text):
            problems.append(f"{side} starts with a bare pronoun")
        if any(word in text.casefold() for word in FORBIDDEN):
            problems.append(f"{side} uses a name or topic from the issue's examples")
    if normalised(row["old"]) == normalised(row["new"]):
        problems.append("old equals new")
    if row["label"] not in LABELS:
        problems.append("bad label")
    if row["shape"] not in SHAPES:
        problems.append("bad shape")
    if row["lang"] not in LANGS:
        problems.append("bad lang")
    elif (why := language_problem(row)) is not None:
        problems.append(why)
    if row["split"] != "test":
        problems.append("split must be test")
    if not row["why"].strip():
        problems.append("why is empty")
    return problems


def set_problems(rows: list[dict[str, str]]) -> list[str]:
    """Rules across rows: unique ids, no pair twice, no sentence in two pairs, the mix."""
    problems: list[str] = []
    ids = Counter(row["id"] for row in rows)
    problems += [f"id {key} used {count} times" for key, count in ids.items() if count > 1]
    pairs = Counter(frozenset((normalised(row["old"]), normalised(row["new"]))) for row in rows)
    problems += [f"pair {sorted(key)} occurs {n} times" for key, n in pairs.items() if n > 1]
    sentences: dict[str, str] = {}
    for row in rows:
        for side in ("old", "new"):
            key = normalised(row[side])
            if key in sentences and sentences[key] != row["id"]:
                problems.append(f"sentence in {sentences[key]} and {row['id']}: {row[side]}")
            sentences.setdefault(key, row["id"])
    total = len(rows)
    if not 380 <= total <= 460:
        problems.append(f"{total} pairs, expected about 420")
    if total:
        langs = Counter(row["lang"] for row in rows)
        for lang, share in (("zh", 0.57), ("en", 0.33), ("mixed", 0.10)):
            if abs(langs[lang] / total - share) > 0.04:
                problems.append(f"lang {lang} is {langs[lang] / total:.2f}, expected about {share}")
        same = sum(row["label"] == "same" for row in rows) / total
        if not 0.42 <= same <= 0.58:
            problems.append(f"share of same is {same:.2f}, expected about half")
        shapes_same = {row["shape"] for row in rows if row["label"] == "same"}
        shapes_different = {row["shape"] for row in rows if row["label"] == "different"}
        problems += [
            f"shape {shape} has same pairs but no different neighbours"
            for shape in sorted(shapes_same - shapes_different)
        ]
    return problems


def load(path: Path) -> tuple[list[dict[str, str]], list[str]]:
    """The rows of a JSONL file and the problems met while reading it."""
    rows: list[dict[str, str]] = []
    problems: list[str] = []
    raw = path.read_bytes()
    if b"\\u" in raw:
        problems.append("file contains ASCII escapes; write UTF-8")
    for number, line in enumerate(raw.decode("utf-8").splitlines(), 1):
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: {error}")
            continue
        if not isinstance(value, dict):
            problems.append(f"line {number}: not an object")
            continue
        rows.append(value)
    return rows, problems


def print_counts(rows: list[dict[str, str]]) -> None:
    """Counts per shape x label x lang, then totals."""
    cells = Counter((row["shape"], row["label"], row["lang"]) for row in rows)
    print(f"{'shape':<14}{'label':<11}{'zh':>5}{'en':>5}{'mixed':>7}")
    for shape in sorted(SHAPES):
        for label in ("same", "different"):
            counts = [cells[(shape, label, lang)] for lang in ("zh", "en", "mixed")]
            print(f"{shape:<14}{label:<11}{counts[0]:>5}{counts[1]:>5}{counts[2]:>7}")
    labels = Counter(row["label"] for row in rows)
    langs = Counter(row["lang"] for row in rows)
    print(f"total {len(rows)}: " + ", ".join(f"{k} {v}" for k, v in sorted(labels.items())))
    print("by lang: " + ", ".join(f"{k} {v}" for k, v in sorted(langs.items())))


def main() -> int:
    """Validate pairs.jsonl beside this script; 0 when clean, 1 on any problem."""
    rows, problems = load(HERE / "pairs.jsonl")
    for row in rows:
        problems += [f"{row.get('id', '?')}: {p}" for p in row_problems(row)]
    if not any("fields are" in p for p in problems):
        problems += set_problems(rows)
    print_counts(rows)
    for problem in problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
