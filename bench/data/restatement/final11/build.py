"""Rebuild pairs.jsonl byte for byte from src/<shape>.txt (issue 16); --check only compares."""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = (
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
)
LABELS = {"same": "same", "diff": "different"}
PREFIX = "fn11"


def read_shape(shape: str) -> list[dict[str, str]]:
    rows = []
    path = HERE / "src" / f"{shape}.txt"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 5 or parts[0] not in LABELS:
            raise SystemExit(f"{path.name}:{number}: expected 'label | lang | old | new | why'")
        label, lang, old, new, why = parts
        rows.append({"old": old, "new": new, "label": LABELS[label], "shape": shape,
                     "lang": lang, "split": "test", "why": why})
    return rows


def render() -> str:
    lines = []
    rows = [row for shape in SHAPES for row in read_shape(shape)]
    for index, row in enumerate(rows, 1):
        lines.append(json.dumps({"id": f"{PREFIX}-{index:04d}", **row}, ensure_ascii=False))
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
