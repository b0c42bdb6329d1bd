"""Start-up benchmark: spawn → first reply for `python -m sidecar` and both packaged layouts, interleaved in one run."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "tauri-bridge" / "scripts" / "build_binary.py"
FIRST = b'{"jsonrpc":"2.0","id":1,"method":"ai_list_memories"}\n'


def layout_path(layout: str) -> Path:
    out = subprocess.run([sys.executable, str(BUILD), "--layout", layout, "--print-path"], check=True,
                         capture_output=True, text=True).stdout
    return Path(out.strip())


def first_reply_seconds(argv: list[str], config_dir: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall time to the first reply, and the CPU time (user + system) of the whole process tree's life."""
    started = time.perf_counter()
    proc = subprocess.Popen([*argv, "--config-dir", str(config_dir)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(FIRST)
    proc.stdin.flush()
    reply = proc.stdout.readline()
    elapsed = time.perf_counter() - started
    assert json.loads(reply)["id"] == 1, reply
    proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)  # the rusage includes the one-file worker, reaped by its bootloader
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    return elapsed, usage.ru_utime + usage.ru_stime


LOOP_FLOOR = "import msgspec, anyio; anyio.run(anyio.sleep, 0)"


def floor_seconds(env: dict[str, str]) -> tuple[float, float]:
    """Spawn → exit of a program that only imports msgspec and anyio and runs an empty event loop."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", LOOP_FLOOR], env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def tree_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21, help="starts per variant (default 21)")
    parser.add_argument("--also", action="append", default=[], metavar="LABEL=EXECUTABLE",
                        help="another packaged build to start in the same rounds, e.g. an older one (repeatable)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    onedir, onefile = layout_path("onedir"), layout_path("onefile")
    variants = {"python -m sidecar (venv)": [sys.executable, "-m", "sidecar"]}
    for label, path in (("one-dir `resources/memory-sidecar/` (default)", onedir),
                        ("one-file `binaries/memory-sidecar-<triple>` (fallback)", onefile)):
        if path.exists():
            variants[label] = [str(path)]
        else:
            print(f"skipping {path}: not built (make binary)", file=sys.stderr)
    for extra in args.also:
        label, _, executable = extra.partition("=")
        variants[label] = [executable]
    floor_label = f"floor: `python -c \"{LOOP_FLOOR}\"`, spawn → exit"
    samples: dict[str, list[float]] = {label: [] for label in [floor_label, *variants]}
    cpu: dict[str, list[float]] = {label: [] for label in samples}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            wall, used = floor_seconds(env)
            samples[floor_label].append(wall)
            cpu[floor_label].append(used)
            for index, (label, argv) in enumerate(variants.items()):
                wall, used = first_reply_seconds(argv, Path(tmp) / f"{run}-{index}", env)
                samples[label].append(wall)
                cpu[label].append(used)
    base = statistics.median(samples["python -m sidecar (venv)"])
    print(f"python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores; spawn → first "
          f"ai_list_memories reply, median of {args.runs} interleaved starts each\n")
    print("| how it is started | size on disk | first reply, median | min | vs `python -m sidecar` "
          "| CPU time, median |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, values in samples.items():
        argv = variants.get(label, [""])
        size = ""
        if label.startswith("one-dir"):
            size = f"{tree_bytes(Path(argv[0]).parent) / 2**20:.1f} MiB"
        elif label.startswith("one-file") or label in {extra.partition("=")[0] for extra in args.also}:
            size = f"{Path(argv[0]).stat().st_size / 2**20:.1f} MiB"
        median = statistics.median(values)
        print(f"| {label} | {size} | {1000 * median:.0f} ms | {1000 * min(values):.0f} ms | {median / base:.2f}× "
              f"| {1000 * statistics.median(cpu[label]):.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
