"""Check final13/pairs.jsonl's format and balance; print counts; exit 1 on a problem (stdlib only)."""
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

FIELDS = ["id", "old", "new", "label", "shape", "lang", "split", "why"]
SHAPES = ["possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"]
LANGS = ["zh", "en", "mixed"]
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).casefold()


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "pairs.jsonl"
    raw = path.read_text(encoding="utf-8")
    problems: list[str] = []
    if "\\u" in raw:
        problems.append("ASCII escapes in the file")
    rows = [json.loads(line) for line in raw.splitlines() if line.strip()]
    seen: set[tuple[str, str]] = set()
    counts: Counter[tuple[str, str, str]] = Counter()
    for i, r in enumerate(rows, 1):
        where = f"row {i}"
        if list(r) != FIELDS:
            problems.append(f"{where}: fields {list(r)}")
            continue
        if r["id"] != f"fn13-{i:04d}":
            problems.append(f"{where}: id {r['id']}")
        if r["label"] not in ("same", "different"):
            problems.append(f"{where}: label {r['label']}")
        if r["shape"] not in SHAPES:
            problems.append(f"{where}: shape {r['shape']}")
        if r["lang"] not in LANGS:
            problems.append(f"{where}: lang {r['lang']}")
        if r["split"] != "test":
            problems.append(f"{where}: split {r['split']}")
        if not r["why"].strip():
            problems.append(f"{where}: empty why")
        for side in ("old", "new"):
            t = r[side]
            if not t or t != t.strip() or len(t) > 300:
                problems.append(f"{where}: bad {side} text length or padding")
        old, new = r["old"], r["new"]
        if fold(old) == fold(new):
            problems.append(f"{where}: old == new")
        key = (fold(old), fold(new))
        if key in seen or key[::-1] in seen:
            problems.append(f"{where}: pair appears twice")
        seen.add(key)
        zh_sides = [bool(CJK.search(old)), bool(CJK.search(new))]
        if r["lang"] == "zh" and not all(zh_sides):
            problems.append(f"{where}: zh but a side has no Chinese")
        if r["lang"] == "en" and any(zh_sides):
            problems.append(f"{where}: en but has Chinese")
        if r["lang"] == "mixed" and not (any(zh_sides) and LATIN_WORD.search(old + " " + new)):
            problems.append(f"{where}: mixed needs Chinese and a Latin word")
        counts[(r["shape"], r["lang"], r["label"])] += 1
    n = len(rows)
    if not 380 <= n <= 460:
        problems.append(f"{n} pairs, want 380-460")
    head = f"{'shape':<16}" + "".join(f"{lang + '/' + s[:4]:>12}" for lang in LANGS for s in ("same", "different")) + f"{'total':>8}"
    print(head)
    for shape in SHAPES:
        cells = [counts[(shape, lang, s)] for lang in LANGS for s in ("same", "different")]
        total = sum(cells)
        print(f"{shape:<16}" + "".join(f"{c:>12}" for c in cells) + f"{total:>8}")
        if not 30 <= total <= 45:
            problems.append(f"{shape}: {total} pairs, want 30-45")
        same = sum(counts[(shape, lang, "same")] for lang in LANGS)
        if total and not 0.30 <= same / total <= 0.60:
            problems.append(f"{shape}: {same}/{total} same, want 30-60%")
        for lang in LANGS:
            for s in ("same", "different"):
                if counts[(shape, lang, s)] == 0:
                    problems.append(f"{shape}: no {lang}/{s}")
    cells = [sum(counts[(sh, lang, s)] for sh in SHAPES) for lang in LANGS for s in ("same", "different")]
    print(f"{'total':<16}" + "".join(f"{c:>12}" for c in cells) + f"{n:>8}")
    same_n = sum(1 for r in rows if r["label"] == "same")
    by_lang = Counter(r["lang"] for r in rows)
    print(f"{n} pairs: {same_n} same, {n - same_n} different; "
          + ", ".join(f"{lang} {by_lang[lang]} ({round(100 * by_lang[lang] / max(n, 1))}%)" for lang in LANGS))
    for lang, lo, hi in (("zh", 0.50, 0.62), ("en", 0.28, 0.40), ("mixed", 0.08, 0.16)):
        if n and not lo <= by_lang[lang] / n <= hi:
            problems.append(f"{lang}: {by_lang[lang]}/{n}, want {lo:.0%}-{hi:.0%}")
    if n and not 0.35 <= same_n / n <= 0.50:
        problems.append(f"{same_n}/{n} same, want 35-50%")
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
