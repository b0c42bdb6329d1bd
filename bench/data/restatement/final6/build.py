"""Rebuild pairs.jsonl byte for byte from the hand-written src/<shape>.txt files (issue 16)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = (
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
)
LABELS = {"same": "same", "diff": "different"}


def read_shape(shape: str) -> list[dict[str, str]]:
    rows = []
    lines = (HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 5 or parts[0] not in LABELS:
            raise SystemExit(f"src/{shape}.txt:{number}: expected 'label | lang | old | new | why'")
        label, lang, old, new, why = parts
        rows.append({"old": old, "new": new, "label": LABELS[label], "shape": shape,
                     "lang": lang, "split": "test", "why": why})
    return rows


def render() -> str:
    out = []
    rows = [row for shape in SHAPES for row in read_shape(shape)]
    for index, row in enumerate(rows, 1):
        out.append(json.dumps({"id": f"fn6-{index:04d}", **row}, ensure_ascii=False))
    return "\n".join(out) + "\n"


def main() -> int:
    target = HERE / "pairs.jsonl"
    text = render()
    if "--check" in sys.argv[1:]:
        same = target.exists() and target.read_text(encoding="utf-8") == text
        print("pairs.jsonl matches src/" if same else "pairs.jsonl differs from src/")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.name}: {text.count(chr(10))} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
