"""The PyInstaller one-file worker: stop when its bootloader dies and remove the `_MEI*` dir it can no longer remove."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

# The signal that says "the bootloader is gone". The serving loop never handles SIGHUP, so the handler
# installed here stays in place for the whole life of the process (asyncio resets SIGTERM to SIG_DFL
# when the loop ends, which would let a late SIGTERM kill the worker before it cleans up).
PARENT_DEATH_SIGNAL = signal.SIGHUP if sys.platform != "win32" else None
PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def unpack_dir(meipass: str | None, executable: str) -> Path | None:
    """The one-file unpack dir, or None for a one-dir build or an unfrozen interpreter.

    One-dir builds keep `sys._MEIPASS` beside the executable; one-file builds unpack into a fresh
    `_MEI*` directory elsewhere (the temp dir or `--runtime-tmpdir`).
    """
    if not meipass:
        return None
    home = Path(meipass)
    if not home.name.startswith("_MEI") or home.parent == Path(executable).parent:
        return None
    return home


def empty_dir(path: Path) -> None:
    """Removes what `path` holds and keeps `path` itself; never follows a symlink out of it."""
    try:
        entries = list(os.scandir(path))
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
        except OSError:
            pass


class OneFileWorker:
    """The Python process a one-file bootloader started; the bootloader waits for it, then deletes `home`."""

    def __init__(self, home: Path, bootloader_pid: int) -> None:
        self.home = home
        self.bootloader_pid = bootloader_pid
        self._releasing = False

    def bootloader_alive(self) -> bool:
        return os.getppid() == self.bootloader_pid

    def watch(self) -> None:
        """Turns the bootloader's death from now on into a graceful stop of this process.

        Linux delivers PARENT_DEATH_SIGNAL itself (prctl PR_SET_PDEATHSIG); elsewhere a daemon thread
        watches the parent pid. A death before this call is the caller's to check (`bootloader_alive`).
        """
        assert PARENT_DEATH_SIGNAL is not None
        signal.signal(PARENT_DEATH_SIGNAL, self._on_parent_death)
        if not (sys.platform.startswith("linux") and _set_parent_death_signal(PARENT_DEATH_SIGNAL)):
            threading.Thread(target=self._poll_parent, name="bootloader-watch", daemon=True).start()

    def release(self) -> None:
        """At exit: delete what was unpacked; the directory itself too when no bootloader is left to do it.

        The contents go either way, so a bootloader killed while this runs leaves an empty directory at
        worst; a live bootloader removes the (now empty) directory after this process exits.
        """
        self._releasing = True
        empty_dir(self.home)
        if not self.bootloader_alive():
            try:
                self.home.rmdir()
            except OSError:
                pass

    def _on_parent_death(self, signum: int, frame: FrameType | None) -> None:
        # Runs on the main thread, which is also where the event loop adds and removes its SIGTERM handler.
        if self._releasing:
            return
        terminate = signal.getsignal(signal.SIGTERM)
        if terminate not in (signal.SIG_DFL, signal.SIG_IGN, None):
            signal.raise_signal(signal.SIGTERM)  # the serving loop is listening: finish what was read, then exit
        else:
            raise SystemExit(0)

    def _poll_parent(self) -> None:
        stopped = threading.Event()
        while not stopped.wait(POLL_SECONDS):
            if not self.bootloader_alive():
                assert PARENT_DEATH_SIGNAL is not None
                os.kill(os.getpid(), PARENT_DEATH_SIGNAL)
                return


def _set_parent_death_signal(signum: int) -> bool:
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def adopt() -> OneFileWorker | None:
    """In a one-file worker, start watching the bootloader; None (and nothing done) anywhere else."""
    home = unpack_dir(getattr(sys, "_MEIPASS", None), sys.executable)
    if home is None or PARENT_DEATH_SIGNAL is None:
        return None
    worker = OneFileWorker(home, _bootloader_pid())
    worker.watch()
    return worker


def _bootloader_pid() -> int:
    """The parent pid if the parent is still the bootloader (the same executable), else -1 (already gone)."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            if os.readlink(f"/proc/{parent}/exe") != os.readlink("/proc/self/exe"):
                return -1
        except OSError:
            return -1
    return parent
