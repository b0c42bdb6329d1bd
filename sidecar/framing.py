"""Line framing (SPEC S3.1): bytes in, complete lines out, with a size cap, BOM and `\\r\\n` handling."""

from __future__ import annotations

from typing import Union

BOM = b"\xef\xbb\xbf"


class Oversize:
    """Stands in for a line longer than the cap (`--max-line-bytes`); the line's bytes are discarded."""

    __slots__ = ("cap", "size")

    def __init__(self, size: int, cap: int) -> None:
        self.size = size
        self.cap = cap

    def __repr__(self) -> str:
        return f"Oversize({self.size}, cap={self.cap})"


Frame = Union[bytes, Oversize]


class LineFramer:
    """Splits a byte stream into lines; pure, so it is tested without pipes."""

    def __init__(self, max_line_bytes: int) -> None:
        self.max_line_bytes = max_line_bytes
        self._buf = bytearray()
        self._scanned = 0
        self._discarding = 0
        self._at_start = True

    def feed(self, chunk: bytes) -> list[Frame]:
        frames: list[Frame] = []
        if self._discarding:
            newline = chunk.find(b"\n")
            if newline < 0:
                self._discarding += len(chunk)
                return frames
            frames.append(Oversize(self._discarding + newline, self.max_line_bytes))
            self._discarding = 0
            chunk = chunk[newline + 1:]
        buf = self._buf
        buf += chunk
        if self._at_start:
            if len(buf) < len(BOM) and BOM.startswith(bytes(buf)):
                return frames
            if buf.startswith(BOM):
                del buf[: len(BOM)]
            self._at_start = False
        start = 0
        while True:
            newline = buf.find(b"\n", max(start, self._scanned))
            if newline < 0:
                break
            self._emit(buf, start, newline, frames)
            start = newline + 1
            self._scanned = start
        if start:
            del buf[:start]
        self._scanned = len(buf)
        if len(buf) > self.max_line_bytes:
            self._discarding = len(buf)
            buf.clear()
            self._scanned = 0
        return frames

    def finish(self) -> list[Frame]:
        """Frames left at EOF: a last line without its newline still counts, or an oversize tail."""
        frames: list[Frame] = []
        if self._discarding:
            frames.append(Oversize(self._discarding, self.max_line_bytes))
            self._discarding = 0
        elif self._buf:
            self._emit(self._buf, 0, len(self._buf), frames)
            self._buf.clear()
        self._scanned = 0
        return frames

    def _emit(self, buf: bytearray, start: int, end: int, frames: list[Frame]) -> None:
        if end > start and buf[end - 1] == 0x0D:
            end -= 1
        if end - start > self.max_line_bytes:
            frames.append(Oversize(end - start, self.max_line_bytes))
            return
        line = bytes(buf[start:end])
        if line.strip():
            frames.append(line)
