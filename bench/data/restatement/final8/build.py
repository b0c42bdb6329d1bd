"""Rebuild final8/pairs.jsonl byte for byte from src/<shape>.txt (issue 16); --check only compares."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = (
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
)
LABELS = {"same": "same", "diff": "different"}


def read_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for shape in SHAPES:
        path = HERE / "src" / f"{shape}.txt"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [part.strip() for part in line.split("|")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"{path.name}:{number}: expected 'label | lang | old | new | why'")
            label, lang, old, new, why = parts
            rows.append(
                {
                    "id": f"fn8-{len(rows) + 1:04d}",
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


def render(rows: list[dict[str, str]]) -> bytes:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8")


def main() -> int:
    data = render(read_rows())
    target = HERE / "pairs.jsonl"
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_bytes() != data:
            print("pairs.jsonl differs from src/; run python3 build.py")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_bytes(data)
    count = data.count(b"\n")
    print(f"wrote {count} pairs to {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
