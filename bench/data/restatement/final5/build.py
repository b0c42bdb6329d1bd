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


def read_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for shape in SHAPES:
        path = HERE / "src" / f"{shape}.txt"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [part.strip() for part in line.split(" | ")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"{path.name}:{number}: expected 'label | lang | old | new | why'")
            label, lang, old, new, why = parts
            rows.append({
                "id": f"fn5-{len(rows) + 1:04d}", "old": old, "new": new, "label": LABELS[label],
                "shape": shape, "lang": lang, "split": "test", "why": why,
            })
    return rows


def render(rows: list[dict[str, str]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    text = render(read_rows())
    target = HERE / "pairs.jsonl"
    if "--check" in sys.argv[1:]:
        same = target.exists() and target.read_text(encoding="utf-8") == text
        print("pairs.jsonl matches src/" if same else "pairs.jsonl differs from src/")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} pairs to {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
