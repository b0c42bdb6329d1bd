"""Rebuild pairs.jsonl byte for byte from src/<shape>.txt (final9, issue 16); --check only compares."""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = ["possessor", "attribute", "event", "role_swap", "numeral", "stated_change", "negation",
          "containment", "named_person", "paraphrase", "frame_objects", "convention"]
LABELS = {"same": "same", "diff": "different"}


def rows():
    n = 0
    for shape in SHAPES:
        for lineno, line in enumerate((HERE / "src" / f"{shape}.txt").read_text(encoding="utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|")]
            if len(parts) != 5 or parts[0] not in LABELS:
                raise SystemExit(f"src/{shape}.txt:{lineno}: bad line: {line}")
            label, lang, old, new, why = parts
            n += 1
            yield {"id": f"fn9-{n:04d}", "old": old, "new": new, "label": LABELS[label], "shape": shape,
                   "lang": lang, "split": "test", "why": why}


def render():
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows())


def main():
    text = render()
    target = HERE / "pairs.jsonl"
    if "--check" in sys.argv[1:]:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            print("pairs.jsonl differs from src/; run python3 build.py")
            return 1
        print("pairs.jsonl matches src/")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} pairs to {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
