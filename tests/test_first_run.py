"""A newcomer's first run: make checks the interpreter before creating anything (issue 19.1); skips say why."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None or sys.platform == "win32",
                                reason="needs GNU make and a POSIX shell")

# Seen by everything the interpreter runs, so any probe of the version sees the one faked here.
FAKE_SITE = """\
import collections, sys
VersionInfo = collections.namedtuple("version_info", "major minor micro releaselevel serial")
sys.version_info = VersionInfo({major}, {minor}, 0, "final", 0)
for name in {hidden!r}:
    sys.modules[name] = None  # as on Debian without python3-venv
"""


def fake_python(tmp_path: Path, version: tuple[int, int], hidden: tuple[str, ...] = ()) -> Path:
    """A real interpreter that reports `version` (and lacks `hidden` modules): it could create a venv."""
    site = tmp_path / "fake-site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(FAKE_SITE.format(major=version[0], minor=version[1], hidden=hidden))
    script = tmp_path / "python-fake"
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{site}" exec "{sys.executable}" "$@"\n')
    script.chmod(0o755)
    return script


def fresh_clone(tmp_path: Path) -> Path:
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, clone / name)
    return clone


def make_run(clone: Path, python: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "-C", str(clone), "--no-print-directory", "run", f"PYTHON={python}"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_python_3_10_gets_one_line_naming_3_11_and_no_venv(tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path)
    python = fake_python(tmp_path, (3, 10))
    assert subprocess.run([str(python), "-c", "import sys; assert sys.version_info[:2] == (3, 10)"]).returncode == 0
    done = make_run(clone, str(python))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "is Python 3.10 and the sidecar needs 3.11 or newer: install python3.11" in lines[0]
    assert "make PYTHON=python3.11 run" in lines[0]
    assert done.stdout == ""
    assert not (clone / ".venv").exists()


def test_a_python_without_venv_names_the_package_to_install(tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path)
    done = make_run(clone, str(fake_python(tmp_path, (3, 12), hidden=("ensurepip",))))
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert "(Python 3.12) has no venv module: install python3.12-venv" in line
    assert not (clone / ".venv").exists()


def test_a_missing_interpreter_says_which_to_install(tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path)
    done = make_run(clone, str(tmp_path / "no-such-python"))
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert "cannot run" in line and "install Python 3.11 or newer" in line
    assert not (clone / ".venv").exists()


def test_an_interpreter_that_qualifies_passes_the_check(tmp_path: Path) -> None:
    """The check does not refuse a good interpreter: `make -n` gets past it and would create the venv."""
    clone = fresh_clone(tmp_path)
    done = subprocess.run(["make", "-C", str(clone), "--no-print-directory", "-n", "run",
                           f"PYTHON={fake_python(tmp_path, (3, 11))}"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "-m venv .venv" in done.stdout
    assert not (clone / ".venv").exists()


def test_no_skip_reason_names_a_path_outside_the_repository() -> None:
    """Issue 19.9: a skip that points at ../shared/… means nothing in a clone."""
    import re

    reasons = [match for path in sorted((ROOT / "tests").glob("*.py"))
               for match in re.findall(r"""(?:reason=|skip\()\s*(f?["'][^"']*["'])""", path.read_text("utf-8"))]
    assert len(reasons) > 10
    outside = [reason for reason in reasons if re.search(r"\.\./|(^|[\s\"'])/(?!proc\b)|~/|[A-Z]:\\", reason)]
    assert outside == []
