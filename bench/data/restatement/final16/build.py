"""Rebuild pairs.jsonl byte for byte from src/<shape>.txt (no randomness)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = [
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
]
LABELS = {"same": "same", "diff": "different"}


def read_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for shape in SHAPES:
        text = (HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [part.strip() for part in line.split("|")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"src/{shape}.txt:{number}: bad line: {line}")
            label, lang, old, new, why = parts
            rows.append(
                {
                    "id": f"fn16-{len(rows) + 1:04d}",
                    "old": old,
                    "new": new,
                    "label": LABELS[label],
                    "shape": shape,
                    "lang": lang,
                    "split": "test",
                    "why": why,
                }
            )
    return rows


def render(rows: list[dict[str, str]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    text = render(read_rows())
    target = HERE / "pairs.jsonl"
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print("pairs.jsonl differs from src/")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {len(text.splitlines())} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
