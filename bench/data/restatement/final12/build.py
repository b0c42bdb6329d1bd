"""Rebuild pairs.jsonl from src/<shape>.txt byte for byte (issue 16)."""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = [
    "possessor", "attribute", "event", "role_swap", "numeral", "stated_change",
    "negation", "containment", "named_person", "paraphrase", "frame_objects", "convention",
]
LABELS = {"same": "same", "diff": "different"}


def rows() -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for shape in SHAPES:
        for number, line in enumerate((HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [part.strip() for part in line.split(" | ")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"src/{shape}.txt:{number}: expected 'label | lang | old | new | why'")
            label, lang, old, new, why = parts
            out.append({"id": "", "old": old, "new": new, "label": LABELS[label], "shape": shape,
                        "lang": lang, "split": "test", "why": why})
    for index, row in enumerate(out, 1):
        row["id"] = f"fn12-{index:04d}"
    return out


def render() -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows())


def main() -> int:
    target = HERE / "pairs.jsonl"
    text = render()
    if "--check" in sys.argv[1:]:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            print("pairs.jsonl differs from src/; run python3 build.py")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {len(text.splitlines())} pairs to {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
