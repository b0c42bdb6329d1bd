"""The blind labelled sets of issues 16 and 17 pass their validators and are exactly what their sources build."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "bench" / "data"
SETS = {
    "restatement/fresh": ("pairs.jsonl",),
    "restatement/final": ("pairs.jsonl",),
    "restatement/final2": ("pairs.jsonl",),
    "restatement/final3": ("pairs.jsonl",),
    "restatement/final4": ("pairs.jsonl",),
    "restatement/final5": ("pairs.jsonl",),
    "restatement/final6": ("pairs.jsonl",),
    "restatement/final7": ("pairs.jsonl",),
    "restatement/final8": ("pairs.jsonl",),
    "restatement/final9": ("pairs.jsonl",),
    "restatement/final10": ("pairs.jsonl",),
    "restatement/final11": ("pairs.jsonl",),
    "restatement/final12": ("pairs.jsonl",),
    "restatement/final13": ("pairs.jsonl",),
    "restatement/final14": ("pairs.jsonl",),
    "restatement/final15": ("pairs.jsonl",),
    "restatement/final16": ("pairs.jsonl",),
    "longconv": ("memories.jsonl", "questions.jsonl"),
    "longconv2": ("memories.jsonl", "questions.jsonl"),
    "longconv3": ("memories.jsonl", "questions.jsonl"),
    "longconv4": ("memories.jsonl", "questions.jsonl"),
    "bilingual": ("memories.jsonl", "questions.jsonl"),
    "bilingual2": ("memories.jsonl", "questions.jsonl"),
    "bilingual3": ("memories.jsonl", "questions.jsonl"),
    "bilingual4": ("memories.jsonl", "questions.jsonl"),
    "bilingual5": ("memories.jsonl", "questions.jsonl"),
    "bilingual6": ("memories.jsonl", "questions.jsonl"),
    "longconv5": ("memories.jsonl", "questions.jsonl"),
    "bilingual7": ("memories.jsonl", "questions.jsonl"),
    "relevance2": ("memories.jsonl", "questions.jsonl"),
}


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_set_passes_its_validator(name: str) -> None:
    done = subprocess.run([sys.executable, "validate.py"], cwd=DATA / name, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_committed_files_are_what_the_sources_build(name: str, tmp_path: Path) -> None:
    copy = tmp_path / name.replace("/", "-")
    shutil.copytree(DATA / name, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for output in SETS[name]:
        (copy / output).unlink()
    done = subprocess.run([sys.executable, "build.py"], cwd=copy, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    for output in SETS[name]:
        assert (copy / output).read_bytes() == (DATA / name / output).read_bytes(), output


def test_a_broken_label_fails_the_validator(tmp_path: Path) -> None:
    copy = tmp_path / "fresh"
    shutil.copytree(DATA / "restatement" / "fresh", copy, ignore=shutil.ignore_patterns("__pycache__"))
    pairs = copy / "pairs.jsonl"
    lines = pairs.read_text(encoding="utf-8").splitlines()
    pairs.write_text("\n".join([lines[0].replace('"label": "same"', '"label": "maybe"')
                                .replace('"label": "different"', '"label": "maybe"'), *lines[1:]]) + "\n",
                     encoding="utf-8")
    done = subprocess.run([sys.executable, "validate.py"], cwd=copy, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
