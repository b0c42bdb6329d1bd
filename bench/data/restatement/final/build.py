"""Turn the hand-written src/*.tsv rows (label, shape, lang, old, new, why) into pairs.jsonl."""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
LABELS = {"s": "same", "d": "different"}


def main() -> None:
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
    with open(HERE / "pairs.jsonl", "w", encoding="utf-8") as out:
        for index, row in enumerate(rows, 1):
            out.write(json.dumps({"id": f"fin-{index:04d}", **row}, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} pairs")


if __name__ == "__main__":
    main()
