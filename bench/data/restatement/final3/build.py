"""Writes pairs.jsonl byte for byte from the hand-written sources in src/ (issue 16)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "src"
OUTPUT = HERE / "pairs.jsonl"
ID_PREFIX = "fn3-"
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
FIELDS_PER_LINE = 5


class SourceError(ValueError):
    """A source line that does not read as `label | lang | old | new | why`."""


def parse_line(line: str, where: str) -> tuple[str, str, str, str, str]:
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != FIELDS_PER_LINE or not all(parts):
        raise SourceError(f"{where}: expected {FIELDS_PER_LINE} non-empty fields split by '|'")
    label, lang, old, new, why = parts
    return label, lang, old, new, why


def read_shape(shape: str) -> list[tuple[str, str, str, str, str]]:
    path = SOURCES / f"{shape}.txt"
    rows: list[tuple[str, str, str, str, str]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        rows.append(parse_line(line, f"{path.name}:{number}"))
    return rows


def build_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for shape in SHAPES:
        for label, lang, old, new, why in read_shape(shape):
            rows.append(
                {
                    "id": f"{ID_PREFIX}{len(rows) + 1:04d}",
                    "old": old,
                    "new": new,
                    "label": label,
                    "shape": shape,
                    "lang": lang,
                    "split": "test",
                    "why": why,
                }
            )
    return rows


def render(rows: list[dict[str, str]]) -> bytes:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8")


def main(argv: list[str]) -> int:
    rows = build_rows()
    text = render(rows)
    if "--check" in argv:
        if OUTPUT.read_bytes() != text:
            print(f"{OUTPUT.name} differs from what src/ builds", file=sys.stderr)
            return 1
        print(f"{OUTPUT.name} matches src/ byte for byte")
        return 0
    OUTPUT.write_bytes(text)
    print(f"wrote {len(rows)} rows to {OUTPUT.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
