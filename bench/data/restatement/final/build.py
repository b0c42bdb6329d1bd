"""Turn the hand-written src/*.tsv rows (label, shape, lang, old, new, why) into pairs.jsonl."""
import json
import pathlib
from typing import Any

HERE = pathlib.Path(__file__).parent
LABELS = {"s": "same", "d": "different"}


def read_rows() -> list[dict[str, Any]]:
    rows = []
    for path in sorted((HERE / "src").glob("*.tsv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            cells = line.split("\t")
            if len(cells) != 6:
                raise SystemExit(f"{path.name}:{number}: expected 6 tab-separated cells, got {len(cells)}")
            label, shape, lang, old, new, why = cells
            rows.append({"old": old, "new": new, "label": LABELS[label], "shape": shape,
                         "lang": lang, "split": "test", "why": why})
    return [{"id": f"fin-{index:04d}", **row} for index, row in enumerate(rows, 1)]


def main() -> None:
    rows = read_rows()
    with open(HERE / "pairs.jsonl", "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} pairs")


if __name__ == "__main__":
    main()
