"""Benchmark: parsing hostile model output is linear in its size, flat where the step caps apply (not a test)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sidecar.rules.model_output import NoMemoryArray, candidate_texts

SHAPES: dict[str, Callable[[int], str]] = {
    "fence then letters": lambda n: "```" + "a" * n,
    "open braces": lambda n: "{" * n,
    "open brackets": lambda n: "[" * n,
    "unclosed arrays": lambda n: "[1," * (n // 3),
    "bracketed prose": lambda n: "[x]" * (n // 3),
    "strings in arrays": lambda n: '[{"a":"' * (n // 7),
    "valid array": lambda n: '["' + "用户偏好 zsh " * (n // 20) + '"]',
}


def seconds(raw: str) -> float:
    started = time.perf_counter()
    try:
        candidate_texts(raw)
    except NoMemoryArray:
        pass
    return time.perf_counter() - started


def main() -> None:
    sizes = [250_000, 500_000, 1_000_000, 2_000_000, 4_000_000]
    print(f"{'shape':<20}" + "".join(f"{size:>12,}" for size in sizes)
          + "   (ms; at most doubles as the size doubles: linear or capped)")
    for name, make in SHAPES.items():
        row = [min(seconds(make(size)) for _ in range(3)) * 1000 for size in sizes]
        print(f"{name:<20}" + "".join(f"{ms:>12.1f}" for ms in row))


if __name__ == "__main__":
    main()
