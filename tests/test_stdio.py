"""The reply writer's gathered writes: every byte once, in order, whatever the pipe accepts."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import anyio
import anyio.lowlevel
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.stdio import IOV_BATCH, BatchWriter, Buffer, write_some

pytestmark = pytest.mark.skipif(not hasattr(os, "writev"), reason="gathered writes are the POSIX pipe path")


@contextmanager
def nonblocking_pipe() -> Iterator[tuple[int, int]]:
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    try:
        yield read_fd, write_fd
    finally:
        os.close(read_fd)
        os.close(write_fd)


def drain(fd: int) -> bytes:
    os.set_blocking(fd, False)
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            return b"".join(chunks)
        chunks.append(chunk)


def write_everything(read_fd: int, write_fd: int, pending: list[Buffer]) -> bytes:
    """What a reader sees when the writer retries `write_some` on a full pipe, as the writer task does."""
    out = []
    while pending:
        try:
            write_some(write_fd, pending)
        except BlockingIOError:
            out.append(drain(read_fd))
    out.append(drain(read_fd))
    return b"".join(out)


def test_replies_written_whole_leave_nothing_pending() -> None:
    with nonblocking_pipe() as (read_fd, write_fd):
        pending: list[Buffer] = [b'{"id":1}', b"\n", b'{"id":2}', b"\n"]
        assert write_some(write_fd, pending) == 18
        assert pending == []
        assert drain(read_fd) == b'{"id":1}\n{"id":2}\n'


def test_a_reply_larger_than_the_pipe_keeps_its_unwritten_tail_in_order() -> None:
    big = bytes(range(256)) * 2048  # 512 KiB, several times a Linux pipe's 64 KiB
    with nonblocking_pipe() as (read_fd, write_fd):
        pending: list[Buffer] = [b"head", big, b"\n", b"next\n"]
        written = write_some(write_fd, pending)
        assert 0 < written < len(big)
        assert sum(map(len, pending)) == len(big) + 4 + 1 + 5 - written
        assert write_everything(read_fd, write_fd, pending) == b"head" + big + b"\n" + b"next\n"


def test_more_buffers_than_one_gathered_write_takes_go_out_over_several() -> None:
    lines = [b"%d\n" % index for index in range(IOV_BATCH * 3 + 7)]
    with nonblocking_pipe() as (read_fd, write_fd):
        pending: list[Buffer] = list(lines)
        write_some(write_fd, pending)
        assert len(pending) == len(lines) - IOV_BATCH
        assert write_everything(read_fd, write_fd, pending) == b"".join(lines)


@given(st.lists(st.binary(max_size=70_000), max_size=40))
def test_the_reader_gets_every_byte_once_and_in_order(buffers: list[bytes]) -> None:
    with nonblocking_pipe() as (read_fd, write_fd):
        assert write_everything(read_fd, write_fd, list(buffers)) == b"".join(buffers)


async def test_the_writer_sends_small_and_large_replies_whole_and_in_the_order_sent() -> None:
    replies = [b'{"id":%d,"result":"%s"}' % (index, b"x" * (200_000 if index % 3 == 0 else 10))
               for index in range(12)]
    read_fd, write_fd = os.pipe()
    received: list[bytes] = []

    def read_until_eof() -> None:
        while chunk := os.read(read_fd, 1 << 16):
            received.append(chunk)

    reader = threading.Thread(target=read_until_eof)
    reader.start()
    try:
        writer = BatchWriter(write_fd)
        with anyio.fail_after(10):
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(writer.run)
                for index, reply in enumerate(replies):
                    writer.send(reply)
                    if index % 2:
                        writer.after_chunk()
                    await anyio.lowlevel.checkpoint()
                writer.close()
    finally:
        os.close(write_fd)
        reader.join()
        os.close(read_fd)
    assert not writer.broken
    assert b"".join(received) == b"".join(reply + b"\n" for reply in replies)
