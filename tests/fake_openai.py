"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions shape, scripted per test."""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


def completion(content: Any) -> dict[str, Any]:
    return {"id": "chatcmpl-test", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop"}]}


@dataclass
class Reply:
    status: int = 200
    body: bytes | dict[str, Any] | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    hold: threading.Event | None = None
    """When set, the server waits for this event (at most 30 s) before answering."""
    reason: str | None = None
    """The status line's reason phrase, when not the standard one."""
    chunks: Callable[[], Iterable[bytes]] | None = None
    """When set, the body is these chunks written one by one, ended by closing the connection."""


@dataclass
class Seen:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class FakeOpenAI:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.seen: list[Seen] = []
        self.sent_bytes = 0
        self.arrived = threading.Semaphore(0)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.seen.append(Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                fake.arrived.release()
                reply = fake.replies.popleft() if fake.replies else Reply(500, {"error": "unscripted"})
                if reply.hold is not None:
                    reply.hold.wait(30)
                payload = reply.body
                if isinstance(payload, dict):
                    payload = json.dumps(payload, ensure_ascii=False).encode()
                elif isinstance(payload, str):
                    payload = payload.encode()
                try:
                    self.send_response(reply.status, reply.reason)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("content-type", "application/json")
                    if reply.chunks is None:
                        self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    if reply.chunks is None:
                        self.wfile.write(payload)
                    else:
                        for chunk in reply.chunks():
                            self.wfile.write(chunk)
                            fake.sent_bytes += len(chunk)
                except OSError:
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self._holds: list[threading.Event] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def script(self, *replies: Reply) -> None:
        for reply in replies:
            if reply.hold is not None:
                self._holds.append(reply.hold)
            self.replies.append(reply)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        for hold in self._holds:
            hold.set()
        self.server.shutdown()
        self.server.server_close()


def refused_url() -> str:
    """A loopback URL nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"
