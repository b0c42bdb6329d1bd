"""Builds the sidecar as `memory-sidecar-<rust target triple>[.exe]` for Tauri's `bundle.externalBin` (SPEC S8.4)."""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
from pathlib import Path

BRIDGE = Path(__file__).resolve().parent.parent
ROOT = BRIDGE.parent
ENTRY = BRIDGE / "scripts" / "sidecar_entry.py"

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


def bundle_name(layout: str) -> str:
    """externalBin wants the triple in the name; a one-dir resource is built per target, so it needs none."""
    return f"memory-sidecar-{target_triple()}" if layout == "onefile" else "memory-sidecar"


def executable(layout: str, dist: Path) -> Path:
    name = bundle_name(layout)
    suffix = ".exe" if sys.platform == "win32" else ""
    return dist / (f"{name}{suffix}" if layout == "onefile" else f"{name}/{name}{suffix}")


def build(layout: str, dist: Path) -> Path:
    """Returns the built executable. Raises CalledProcessError when PyInstaller fails."""
    name = bundle_name(layout)
    work = ROOT / "build" / "pyinstaller" / layout
    command = [
        sys.executable, "-m", "PyInstaller", str(ENTRY),
        "--name", name, "--console", "--noconfirm", "--clean", "--log-level", "WARN",
        f"--{layout}",
        # stdout is written with os.write and stderr is re-opened as UTF-8 in code; these bake the same
        # guarantees into the interpreter, since a frozen app ignores PYTHONUNBUFFERED / PYTHONUTF8.
        "--python-option", "u", "--python-option", "X utf8",
        "--hidden-import", "anyio._backends._asyncio",
        "--exclude-module", "tkinter", "--exclude-module", "pytest", "--exclude-module", "hypothesis",
        "--paths", str(ROOT),
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
    ]
    subprocess.run(command, check=True, cwd=ROOT)
    return executable(layout, dist)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layout", choices=["onefile", "onedir"], default="onefile",
                        help="onefile for bundle.externalBin; onedir starts faster (ship it as a resource)")
    parser.add_argument("--dist", type=Path, help="default: binaries/ (onefile) or resources/ (onedir)")
    parser.add_argument("--print-path", action="store_true", help="print where the executable goes; build nothing")
    args = parser.parse_args()
    dist = (args.dist or BRIDGE / ("binaries" if args.layout == "onefile" else "resources")).absolute()
    print(executable(args.layout, dist) if args.print_path else build(args.layout, dist))
    return 0


if __name__ == "__main__":
    sys.exit(main())
