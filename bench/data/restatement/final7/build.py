"""Rebuild pairs.jsonl for the final7 restatement set from src/<shape>.txt (stdlib only)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = (
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
)
LABELS = {"same": "same", "diff": "different"}
LANGS = ("zh", "en", "mixed")
PREFIX = "fn7"


def read_source(shape: str) -> list[dict[str, str]]:
    rows = []
    path = HERE / "src" / f"{shape}.txt"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        parts = [part.strip() for part in text.split(" | ")]
        if len(parts) != 5:
            raise SystemExit(f"{path.name}:{number}: expected 5 fields, got {len(parts)}")
        label, lang, old, new, why = parts
        if label not in LABELS or lang not in LANGS:
            raise SystemExit(f"{path.name}:{number}: bad label or lang")
        rows.append({"old": old, "new": new, "label": LABELS[label], "shape": shape, "lang": lang, "why": why})
    return rows


def render() -> str:
    lines = []
    count = 0
    for shape in SHAPES:
        for row in read_source(shape):
            count += 1
            record = {
                "id": f"{PREFIX}-{count:04d}", "old": row["old"], "new": row["new"], "label": row["label"],
                "shape": row["shape"], "lang": row["lang"], "split": "test", "why": row["why"],
            }
            lines.append(json.dumps(record, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def main() -> int:
    target = HERE / "pairs.jsonl"
    text = render()
    if "--check" in sys.argv[1:]:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            print("pairs.jsonl differs from src/; run python3 build.py")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} pairs to {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
