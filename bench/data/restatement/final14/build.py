"""Rebuilds pairs.jsonl byte for byte from the hand-written sources in src/ (issue 16)."""

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
    for number, line in enumerate((HERE / "src" / f"{shape}.txt").read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split(" | ")]
        if len(parts) != 5 or parts[0] not in LABELS:
            raise SystemExit(f"src/{shape}.txt:{number}: expected 'label | lang | old | new | why'")
        label, lang, old, new, why = parts
        rows.append({"old": old, "new": new, "label": LABELS[label], "shape": shape,
                     "lang": lang, "split": "test", "why": why})
    return rows


def render() -> str:
    lines = []
    rows = [row for shape in SHAPES for row in read_shape(shape)]
    for index, row in enumerate(rows, 1):
        ordered = {"id": f"fn14-{index:04d}", **row}
        lines.append(json.dumps(ordered, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def main() -> int:
    text = render()
    target = HERE / "pairs.jsonl"
    if "--check" in sys.argv[1:]:
        current = target.read_text("utf-8") if target.exists() else ""
        if current != text:
            print("pairs.jsonl differs from src/; run python3 build.py")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_text(text, "utf-8")
    print(f"wrote {text.count(chr(10))} pairs to {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
