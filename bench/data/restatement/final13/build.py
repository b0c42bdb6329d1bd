"""Rebuild pairs.jsonl byte for byte from src/<shape>.txt (stdlib only, nothing random)."""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = ["possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"]
LABELS = {"same": "same", "diff": "different"}


def rows() -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for shape in SHAPES:
        for lineno, line in enumerate((HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"src/{shape}.txt:{lineno}: bad line: {line!r}")
            label, lang, old, new, why = parts
            out.append({"id": "", "old": old, "new": new, "label": LABELS[label], "shape": shape,
                        "lang": lang, "split": "test", "why": why})
    for i, row in enumerate(out, 1):
        row["id"] = f"fn13-{i:04d}"
    return out


def text() -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows())


def main() -> int:
    target = HERE / "pairs.jsonl"
    body = text()
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text(encoding="utf-8") != body:
            print("pairs.jsonl differs from src/")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_text(body, encoding="utf-8")
    print(f"wrote {len(body.splitlines())} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
