"""Rebuild pairs.jsonl byte for byte from the hand-written sources in src/ (issue 16)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPE_ORDER = (
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
)
ID_PREFIX = "fn4-"


def parse_source_line(line: str) -> tuple[str, str, str, str, str] | None:
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    parts = [part.strip() for part in text.split("|")]
    if len(parts) != 5:
        raise ValueError(f"expected 5 fields, got {len(parts)}: {text}")
    return parts[0], parts[1], parts[2], parts[3], parts[4]


def build_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for shape in SHAPE_ORDER:
        source = HERE / "src" / f"{shape}.txt"
        for line in source.read_text(encoding="utf-8").splitlines():
            parsed = parse_source_line(line)
            if parsed is None:
                continue
            label, lang, old, new, why = parsed
            rows.append({
                "id": f"{ID_PREFIX}{len(rows) + 1:04d}",
                "old": old, "new": new, "label": label, "shape": shape,
                "lang": lang, "split": "test", "why": why,
            })
    return rows


def render_rows(rows: list[dict[str, str]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main(argv: list[str]) -> int:
    text = render_rows(build_rows())
    target = HERE / "pairs.jsonl"
    if "--check" in argv:
        same = target.exists() and target.read_text(encoding="utf-8") == text
        print("pairs.jsonl matches src/" if same else "pairs.jsonl differs from src/")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
