"""Builds pairs.jsonl from src/<shape>.txt, byte for byte (issue 16)."""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = ["possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"]
LABELS = {"same": "same", "diff": "different"}


def rows() -> Iterator[dict[str, str]]:
    n = 0
    for shape in SHAPES:
        for lineno, raw in enumerate((HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split(" | ")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"src/{shape}.txt:{lineno}: bad line: {raw}")
            label, lang, old, new, why = parts
            n += 1
            yield {"id": f"fn15-{n:04d}", "old": old, "new": new, "label": LABELS[label], "shape": shape,
                   "lang": lang, "split": "test", "why": why}


def render() -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows())


def main() -> None:
    out = HERE / "pairs.jsonl"
    text = render()
    if "--check" in sys.argv[1:]:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            print("pairs.jsonl differs from src/")
            raise SystemExit(1)
        print("pairs.jsonl matches src/")
        return
    out.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} pairs")


if __name__ == "__main__":
    main()
