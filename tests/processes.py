"""Waiting for processes this test did not start (an orphaned worker) to exit, without fixed sleeps."""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
import time


def exited_within(pid: int, timeout: float) -> bool:
    """True once `pid` has exited (a zombie counts: an orphan's new parent may never reap it)."""
    if sys.platform.startswith("linux"):
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            return True
        try:
            readable, _, _ = select.select([handle], [], [], timeout)
            return bool(readable)
        finally:
            os.close(handle)
    deadline = time.monotonic() + timeout
    tick = threading.Event()
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() >= deadline:
            return False
        tick.wait(0.02)


def kill_quietly(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
