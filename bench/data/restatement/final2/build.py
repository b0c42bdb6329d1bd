"""Rebuild pairs.jsonl from the hand-written tab-separated sources in src/."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES: tuple[tuple[str, str], ...] = (
    ("zh1.tsv", "zh"),
    ("zh2.tsv", "zh"),
    ("zh3.tsv", "zh"),
    ("en1.tsv", "en"),
    ("en2.tsv", "en"),
    ("mixed.tsv", "mixed"),
)
LABELS = {"s": "same", "d": "different"}


def rows() -> list[dict[str, str]]:
    """Every pair from the sources, in source order, numbered fn2-0001 onward."""
    built: list[dict[str, str]] = []
    for name, lang in SOURCES:
        path = HERE / "src" / name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            fields = line.split("\t")
            if len(fields) != 5:
                raise SystemExit(f"{name}:{number}: expected 5 tab-separated fields")
            label, shape, old, new, why = fields
            built.append(
                {
                    "id": f"fn2-{len(built) + 1:04d}",
                    "old": old,
                    "new": new,
                    "label": LABELS[label],
                    "shape": shape,
                    "lang": lang,
                    "split": "test",
                    "why": why,
                }
            )
    return built


def render() -> str:
    """The exact text of pairs.jsonl."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows())


def main() -> None:
    """Write pairs.jsonl beside this script."""
    (HERE / "pairs.jsonl").write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
