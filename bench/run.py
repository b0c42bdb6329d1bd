"""Benchmark: the sidecar beside a naive baseline in the same run; prints medians and ratios (not a test)."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAIVE = ROOT / "bench" / "naive_sidecar.py"
CJK = "用户偏好项目约定常用环境重要决策部署测试记忆内容中文字符"
ASCII = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ 0123456789"


def command(kind: str, config_dir: Path, *extra: str) -> list[str]:
    if kind == "sidecar":
        return [sys.executable, "-m", "sidecar", "--config-dir", str(config_dir), *extra]
    if kind == "checkout":
        # Another checkout's `python -m sidecar` (say, the commit a change started from), same interpreter.
        code = (f"import sys; sys.path.insert(0, {extra[0]!r}); import runpy; "
                "runpy.run_module('sidecar', run_name='__main__')")
        return [sys.executable, "-c", code, "--config-dir", str(config_dir)]
    if kind == "binary":
        return [extra[0], "--config-dir", str(config_dir)]
    return [sys.executable, str(NAIVE), "--config-dir", str(config_dir)]


def env() -> dict[str, str]:
    # By words unless asked: the ranking by meaning joins after a background load, which timing runs must not race.
    return {**os.environ, "PYTHONPATH": str(ROOT), "AI_MEMORY_SEMANTIC": os.environ.get("AI_MEMORY_SEMANTIC", "off")}


def memory_items(count: int, rng: random.Random) -> list[dict[str, Any]]:
    def content() -> str:
        return "".join(rng.choice(CJK if rng.random() < 0.5 else ASCII) for _ in range(200))

    return [{"id": f"m{i}", "content": content(), "createdAt": 1_700_000_000_000 + i, "sourceScope": "global"}
            for i in range(count)]


def line(method: str, id_: int, params: dict[str, Any] | None = None) -> bytes:
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, ensure_ascii=False).encode() + b"\n"


class Peer:
    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env())
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        self.next_id = 0

    def call(self, method: str, params: dict[str, Any] | None = None) -> bytes:
        self.next_id += 1
        self.stdin.write(line(method, self.next_id, params))
        self.stdin.flush()
        reply = self.stdout.readline()
        head = reply[:64].replace(b" ", b"")
        assert head.startswith(b'{"jsonrpc":"2.0","id":%d,"result":' % self.next_id), head
        return reply

    def peak_rss_kib(self) -> int | None:
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return None
        for row in status.splitlines():
            if row.startswith("VmHWM:"):
                return int(row.split()[1])
        return None

    def close(self) -> None:
        self.stdin.close()
        self.proc.wait(10)
        self.stdout.close()


def cold_start(argv: list[str]) -> float:
    started = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env())
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line("ai_list_memories", 1))
    proc.stdin.flush()
    proc.stdout.readline()
    elapsed = time.perf_counter() - started
    proc.stdin.close()
    proc.wait(10)
    proc.stdout.close()
    return elapsed


IMPORT_FLOOR = "import msgspec, anyio"
LOOP_FLOOR = "import msgspec, anyio; anyio.run(anyio.sleep, 0)"
RSS_FLOOR = ("import msgspec, anyio, os; anyio.run(anyio.sleep, 0); "
             "print([l for l in open(f'/proc/{os.getpid()}/status') if l.startswith('VmHWM')][0].split()[1])")


def floor(code: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env(), stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def rss_floor_mib() -> float:
    try:
        out = subprocess.run([sys.executable, "-c", RSS_FLOOR], check=True, env=env(), capture_output=True)
    except subprocess.CalledProcessError:
        return float("nan")
    return int(out.stdout) / 1024


def latencies(peer: Peer, method: str, params: dict[str, Any] | None, rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        started = time.perf_counter()
        peer.call(method, params)
        out.append(time.perf_counter() - started)
    return out


def pipelined(peer: Peer, count: int) -> float:
    """Requests per second for `count` small requests written back to back."""
    payload = b"".join(line("ai_list_memories", 10_000_000 + i) for i in range(count))
    started = time.perf_counter()
    def send() -> None:
        peer.stdin.write(payload)
        peer.stdin.flush()

    writer = threading.Thread(target=send)
    writer.start()
    for _ in range(count):
        peer.stdout.readline()
    writer.join()
    return count / (time.perf_counter() - started)


def exit_after_eof_ms(config_dir: Path, saves: int) -> float:
    """`saves` pipelined saves, then EOF: time from closing stdin to exit (S2.6 allows 2 s)."""
    proc = subprocess.Popen(command("sidecar", config_dir), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env())
    assert proc.stdin is not None and proc.stdout is not None
    stdout = proc.stdout
    drain = threading.Thread(target=lambda: stdout.read())
    drain.start()
    proc.stdin.write(b"".join(line("ai_save_memories", k, {"items": memory_items(1, random.Random(k))})
                              for k in range(saves)))
    proc.stdin.flush()
    started = time.perf_counter()
    proc.stdin.close()
    proc.wait(30)
    elapsed = time.perf_counter() - started
    drain.join()
    stdout.close()
    return 1000 * elapsed


def exit_with_stdout_unread_ms(config_dir: Path, lists: int) -> float:
    """A parent that stops reading stdout: `lists` pipelined lists, SIGTERM and EOF, time to exit."""
    seed = Peer(command("sidecar", config_dir))
    seed.call("ai_save_memories", {"items": memory_items(100, random.Random(1)), "limit": 1000})
    seed.close()
    proc = subprocess.Popen(command("sidecar", config_dir), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env())
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line("ai_list_memories", 0))
    proc.stdin.flush()
    proc.stdout.readline()
    proc.stdin.write(b"".join(line("ai_list_memories", k) for k in range(1, lists + 1)))
    proc.stdin.flush()
    time.sleep(0.3)  # a benchmark, not a test: let the replies fill the pipe
    started = time.perf_counter()
    proc.terminate()
    proc.stdin.close()
    proc.wait(30)
    elapsed = time.perf_counter() - started
    proc.stdout.close()
    return 1000 * elapsed


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(kind: str, extra: tuple[str, ...], args: argparse.Namespace, rng_seed: int) -> dict[str, float]:
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        results["cold_start_ms"] = 1000 * statistics.median(
            cold_start(command(kind, base / f"cold{i}", *extra)) for i in range(args.cold_runs))
        for count in (100, 1000):
            config = base / f"list{count}"
            peer = Peer(command(kind, config, *extra))
            items = memory_items(count, random.Random(rng_seed))
            peer.call("ai_save_memories", {"items": items, "limit": 1000})
            samples = latencies(peer, "ai_list_memories", None, args.rounds)
            results[f"list{count}_p50_ms"] = 1000 * statistics.median(samples)
            results[f"list{count}_p99_ms"] = 1000 * percentile(samples, 0.99)
            if count == 100:
                saves = latencies(peer, "ai_save_memories", {"items": items, "limit": 1000}, args.rounds // 4)
                results["save100_p50_ms"] = 1000 * statistics.median(saves)
            peer.close()
        config = base / "pipe"
        peer = Peer(command(kind, config, *extra))
        peer.call("ai_save_memories", {"items": memory_items(10, random.Random(rng_seed)), "limit": 1000})
        results["pipelined_rps"] = statistics.median(pipelined(peer, args.pipelined) for _ in range(3))
        rss = peer.peak_rss_kib()
        results["peak_rss_mib"] = rss / 1024 if rss else float("nan")
        peer.close()
    return results


ROWS = [
    ("cold start, spawn → first reply (ms)", "cold_start_ms", "≤ 1.15× import floor"),
    ("ai_list_memories p50, 100 items (ms)", "list100_p50_ms", "≤ 0.4×"),
    ("ai_list_memories p99, 100 items (ms)", "list100_p99_ms", ""),
    ("ai_list_memories p50, 1000 items (ms)", "list1000_p50_ms", "≤ 0.2×"),
    ("ai_list_memories p99, 1000 items (ms)", "list1000_p99_ms", ""),
    ("ai_save_memories p50, 100 items (ms)", "save100_p50_ms", ""),
    ("pipelined throughput, 5000 requests (req/s)", "pipelined_rps", "≥ 3×"),
    ("peak RSS (MiB)", "peak_rss_mib", "≤ 1.5×"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--cold-runs", type=int, default=15)
    parser.add_argument("--pipelined", type=int, default=5000)
    parser.add_argument("--binary", action="append", default=[],
                        help="also measure the cold start of a packaged sidecar executable (repeatable)")
    parser.add_argument("--soak-queries", type=int, default=10_000,
                        help="distinct long queries for the memory soak (bench/soak.py, issue 20.1); 0 skips it")
    parser.add_argument("--against", metavar="CHECKOUT",
                        help="instead: this tree beside another checkout (e.g. `git worktree add /tmp/base REF`), "
                             "interleaved A B A B over --pairs runs")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    if args.against:
        return against(args)
    floor_ms = 1000 * statistics.median(floor(IMPORT_FLOOR) for _ in range(args.cold_runs))
    loop_ms = 1000 * statistics.median(floor(LOOP_FLOOR) for _ in range(args.cold_runs))
    naive = measure("naive", (), args, 7)
    ours = measure("sidecar", (), args, 7)
    print(f"python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores; "
          f"{args.rounds} rounds, {args.cold_runs} cold starts (medians)\n")
    print("| metric | sidecar | naive baseline | ratio | target |")
    print("|---|---:|---:|---:|---|")
    for label, key, target in ROWS:
        print(f"| {label} | {ours[key]:.3f} | {naive[key]:.3f} | {ours[key] / naive[key]:.2f}× | {target} |")
    print(f"| import floor `python -c \"import msgspec, anyio\"` (ms) | {floor_ms:.3f} | | "
          f"cold start = {ours['cold_start_ms'] / floor_ms:.2f}× floor | |")
    print(f"| event-loop floor `{LOOP_FLOOR}` (ms) | {loop_ms:.3f} | | "
          f"cold start = {ours['cold_start_ms'] / loop_ms:.2f}× this | |")
    print(f"| RSS floor: msgspec + anyio with a running loop (MiB) | {rss_floor_mib():.3f} | | "
          f"peak RSS = {ours['peak_rss_mib'] / rss_floor_mib():.2f}× this | |")
    with tempfile.TemporaryDirectory() as tmp:
        eof_ms = statistics.median(exit_after_eof_ms(Path(tmp) / f"e{i}", 1500) for i in range(3))
        unread_ms = statistics.median(exit_with_stdout_unread_ms(Path(tmp) / f"u{i}", 399) for i in range(3))
    print(f"| exit after 1500 pipelined saves then EOF (ms, target ≤ 2000) | {eof_ms:.3f} | | | |")
    print(f"| exit on SIGTERM + EOF, 399 lists, stdout unread (ms, target ≤ 2000) | {unread_ms:.3f} | | | |")
    for binary in args.binary:
        with tempfile.TemporaryDirectory() as tmp:
            binary_ms = 1000 * statistics.median(
                cold_start(command("binary", Path(tmp) / f"b{i}", binary)) for i in range(10))
        print(f"| cold start of `{Path(binary).relative_to(ROOT) if Path(binary).is_relative_to(ROOT) else binary}`"
              f" (ms, median of 10) | {binary_ms:.3f} | | {binary_ms / ours['cold_start_ms']:.2f}× "
              "python -m sidecar | |")
    if args.soak_queries:
        sys.stdout.flush()
        subprocess.run([sys.executable, str(ROOT / "bench" / "soak.py"), "--queries", str(args.soak_queries)],
                       check=True)
    return 0


def against(args: argparse.Namespace) -> int:
    """This tree (A) beside another checkout (B), measured in turn so a drifting machine hits both alike."""
    runs: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    for pair in range(args.pairs):
        runs["A"].append(measure("sidecar", (), args, 7 + pair))
        runs["B"].append(measure("checkout", (str(Path(args.against).resolve()),), args, 7 + pair))
    print(f"python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores; A = this tree, "
          f"B = {args.against}; {args.pairs} interleaved pairs of {args.rounds} rounds (median of the runs' medians)\n")
    print("| metric | A | B | A/B |")
    print("|---|---:|---:|---:|")
    for label, key, _ in ROWS:
        a = statistics.median(run[key] for run in runs["A"])
        b = statistics.median(run[key] for run in runs["B"])
        print(f"| {label} | {a:.3f} | {b:.3f} | {a / b:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
