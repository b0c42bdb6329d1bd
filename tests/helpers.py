"""Test helpers: a real sidecar process driven over its pipes, and request builders."""

from __future__ import annotations

import io
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from sidecar.service import MemoryService

ROOT = Path(__file__).resolve().parent.parent


@asynccontextmanager
async def running(service: MemoryService) -> AsyncIterator[MemoryService]:
    """The service with its store worker running, as the server runs it."""
    import anyio

    async with anyio.create_task_group() as worker:
        worker.start_soon(service.owner.run)
        yield service
        worker.cancel_scope.cancel()


def request(method: str, params: Any = None, id_: Any = 1) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, ensure_ascii=False).encode() + b"\n"


def item(id_: str, content: str, created_at: int, scope: str = "global") -> dict[str, Any]:
    return {"id": id_, "content": content, "createdAt": created_at, "sourceScope": scope}


def sidecar_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AI_MEMORY_")}
    env["PYTHONPATH"] = str(ROOT)
    # Ranking by meaning joins once its model has loaded in the background: on for the tests that ask for it,
    # off for the others, whose lexical order must not change with the machine's speed.
    env["AI_MEMORY_SEMANTIC"] = "off"
    env.update(extra)
    return env


class SidecarProcess:
    """The real `python -m sidecar`, with stdout lines and stderr collected by reader threads."""

    def __init__(self, config_dir: Path, *args: str, env: Optional[dict[str, str]] = None,
                 program: Optional[list[str]] = None) -> None:
        """`program`: the command that runs the sidecar (a packaged build); by default this Python's module."""
        self.proc = subprocess.Popen(
            [*(program or [sys.executable, "-m", "sidecar"]), "--config-dir", str(config_dir), *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env or sidecar_env(), cwd=ROOT,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.stderr_chunks: list[bytes] = []
        self._out = threading.Thread(target=self._read_stdout, daemon=True)
        self._err = threading.Thread(target=self._read_stderr, daemon=True)
        self._out.start()
        self._err.start()
        self._unclaimed: list[dict[str, Any]] = []

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def _read_stderr(self) -> None:
        stderr = self.proc.stderr
        assert isinstance(stderr, io.BufferedReader)
        for chunk in iter(lambda: stderr.read1(65536), b""):
            self.stderr_chunks.append(chunk)

    @property
    def stderr(self) -> str:
        return b"".join(self.stderr_chunks).decode("utf-8", "replace")

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read_line(self, timeout: float = 10.0) -> bytes:
        return self.lines.get(timeout=timeout)

    def read_message(self, timeout: float = 10.0) -> Any:
        line = self.read_line(timeout)
        assert line.endswith(b"\n") and not line.endswith(b"\r\n"), line
        return json.loads(line)

    def response(self, id_: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The response carrying `id_`, keeping others that arrive first for later calls."""
        for index, message in enumerate(self._unclaimed):
            if message.get("id") == id_:
                return self._unclaimed.pop(index)
        while True:
            message = self.read_message(timeout)
            if isinstance(message, dict) and message.get("id") == id_:
                return message
            self._unclaimed.append(message)

    def call(self, method: str, params: Any = None, id_: Any = 1, timeout: float = 10.0) -> dict[str, Any]:
        self.send(request(method, params, id_))
        return self.response(id_, timeout)

    def close_stdin(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def wait(self, timeout: float = 5.0) -> int:
        code = self.proc.wait(timeout)
        self._out.join(timeout)
        self._err.join(timeout)
        return code

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass


_MERGE_ONE_BY_ONE = ("import json, sys\n"
                     "from sidecar.rules.merge import merge_contents\n"
                     "store = []\n"
                     "for index, text in enumerate(json.load(sys.stdin)):\n"
                     "    store = merge_contents(store, [text], 'global', [], 1000, index,\n"
                     "                           new_id=lambda: 'x').memories\n"
                     "print(json.dumps([item.content for item in store]))\n")


def stores_under_hash_seeds(memories: list[str], seeds: tuple[str, ...]) -> set[str]:
    """The store after merging `memories` one by one, in a new interpreter per PYTHONHASHSEED: one element
    when the merge does not depend on set or dict order of strings."""
    return {subprocess.run([sys.executable, "-c", _MERGE_ONE_BY_ONE], input=json.dumps(memories),
                           capture_output=True, text=True, cwd=ROOT, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in seeds}


def restates_both_ways(a: str, b: str) -> bool:
    """`restates(a, b)`, checked to be symmetric."""
    from sidecar.rules.match import restates

    forward, backward = restates(a, b), restates(b, a)
    assert forward == backward, "restates is symmetric"
    return forward
