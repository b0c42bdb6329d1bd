"""The held-out restatement shapes set (issue 16, S9.2) stays valid and is what its generator writes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SHAPES_DIR = Path(__file__).resolve().parent.parent / "bench" / "data" / "restatement" / "shapes"


def load(name: str) -> ModuleType:
    qualified = f"restatement_shapes_{name}"
    if qualified in sys.modules:
        return sys.modules[qualified]
    spec = importlib.util.spec_from_file_location(qualified, SHAPES_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    spec.loader.exec_module(module)
    return module


def test_the_shapes_set_passes_its_validator() -> None:
    validator = load("validate")
    rows, decode_errors = validator.load()
    assert decode_errors == []
    assert validator.check(rows) == []
    assert len(rows) >= 300


def test_the_validator_reports_a_repeated_id_and_a_one_label_shape() -> None:
    validator = load("validate")
    rows, _ = validator.load()
    first = rows[0]
    broken = [*rows, validator.Row(first.id, "用户喜欢猫头鹰", "用户喜欢海鲜", "same", first.shape, "zh", "dev", "x")]
    assert any("id used 2 times" in error for error in validator.check(broken))
    only_same = [row for row in rows if not (row.shape == "role_swap" and row.label == "different")]
    assert "role_swap: no different pair" in validator.check(only_same)


def test_the_set_is_rebuilt_identically_by_its_generator() -> None:
    generator = load("generate")
    assert generator.render() == (SHAPES_DIR / "pairs.jsonl").read_text(encoding="utf-8")
