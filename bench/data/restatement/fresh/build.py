"""Build pairs.jsonl from the hand-written src/<shape>.txt files (issue 16)."""
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = [
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
]
LABELS = {"s": "same", "d": "different"}
SEED = 20261201


def read_shape(shape: str) -> list[dict[str, str]]:
    rows = []
    for number, line in enumerate((HERE / "src" / f"{shape}.txt").read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split(" | ")]
        if len(parts) != 5:
            raise SystemExit(f"src/{shape}.txt:{number}: expected 5 fields, got {len(parts)}")
        label, lang, old, new, why = parts
        rows.append({"old": old, "new": new, "label": LABELS[label], "shape": shape,
                     "lang": lang, "why": why})
    return rows


def assign_splits(rows: list[dict[str, str]]) -> None:
    rng = random.Random(SEED)
    strata: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for row in rows:
        strata.setdefault((row["shape"], row["label"], row["lang"]), []).append(row)
    for key in sorted(strata):
        members = strata[key]
        rng.shuffle(members)
        shape, label, lang = key
        # odd strata start on alternating halves so shapes, labels and languages all stay balanced
        parity = SHAPES.index(shape) + (label == "different") + (lang == "mixed")
        first = "dev" if parity % 2 == 0 else "test"
        second = "test" if first == "dev" else "dev"
        for index, row in enumerate(members):
            row["split"] = first if index % 2 == 0 else second


def main() -> None:
    rows = [row for shape in SHAPES if (HERE / "src" / f"{shape}.txt").exists()
            for row in read_shape(shape)]
    assign_splits(rows)
    with (HERE / "pairs.jsonl").open("w", encoding="utf-8") as out:
        for number, row in enumerate(rows, 1):
            record = {"id": f"frs-{number:04d}", "old": row["old"], "new": row["new"],
                      "label": row["label"], "shape": row["shape"], "lang": row["lang"],
                      "split": row["split"], "why": row["why"]}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} pairs")


if __name__ == "__main__":
    main()
