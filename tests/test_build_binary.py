"""The packaged build keeps PyInstaller's cache inside the clone (issue 19.2)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.helpers import ROOT


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_binary", ROOT / "tauri-bridge" / "scripts" / "build_binary.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("layout", ["onedir", "onefile"])
def test_pyinstaller_runs_with_its_cache_in_the_clone(layout: str, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Two clones building under one HOME shared ~/.cache/pyinstaller, and one's --clean broke the other."""
    script = build_script()
    runs: list[dict[str, Any]] = []
    monkeypatch.setenv("PYINSTALLER_CONFIG_DIR", str(tmp_path / "inherited"))
    monkeypatch.setattr(script, "target_triple", lambda: "x86_64-unknown-linux-gnu")
    monkeypatch.setattr(subprocess, "run", lambda command, **options: runs.append({"command": command, **options}))
    script.build(layout, tmp_path / "dist")
    [run] = runs
    cache = Path(run["env"]["PYINSTALLER_CONFIG_DIR"])
    assert cache == ROOT / ".pyinstaller" / "cache"
    assert "--clean" in run["command"] and run["cwd"] == ROOT
    assert run["env"]["PATH"] == os.environ["PATH"]

