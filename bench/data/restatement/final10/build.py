"""Rebuild pairs.jsonl byte for byte from src/<shape>.txt (issue 16); --check only compares."""

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


def rows() -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for shape in SHAPES:
        for number, line in enumerate((HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [part.strip() for part in line.split("|")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"src/{shape}.txt:{number}: bad line")
            label, lang, old, new, why = parts
            out.append(
                {
                    "id": "",
                    "old": old,
                    "new": new,
                    "label": LABELS[label],
                    "shape": shape,
                    "lang": lang,
                    "split": "test",
                    "why": why,
                }
            )
    for index, row in enumerate(out, 1):
        row["id"] = f"fn10-{index:04d}"
    return out


def text() -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows())


def main() -> int:
    target = HERE / "pairs.jsonl"
    wanted = text()
    if "--check" in sys.argv[1:]:
        same = target.exists() and target.read_text(encoding="utf-8") == wanted
        print("pairs.jsonl is up to date" if same else "pairs.jsonl differs from src/")
        return 0 if same else 1
    target.write_text(wanted, encoding="utf-8")
    print(f"wrote {len(wanted.splitlines())} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
