"""Entry point `memory-sidecar` / `python -m sidecar`: settings, stdio set-up, logging, exit status."""

from __future__ import annotations

import io
import logging
import os
import sys

BANNER = (
    "memory-sidecar {version} ({config_dir}): one JSON-RPC 2.0 request per line, e.g. "
    '{{"jsonrpc":"2.0","id":1,"method":"ai_list_memories"}} (Ctrl-D quits)\n'
)


def _utf8_stderr() -> None:
    """UTF-8 on stderr whatever the locale (SPEC S2.5); stdout is never a text stream here."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # lives as long as the process
    elif isinstance(sys.stderr, io.TextIOWrapper) and sys.stderr.encoding.lower() != "utf-8":
        sys.stderr.reconfigure(encoding="utf-8", errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    _utf8_stderr()
    from sidecar.config import settings_from_args, warn_about

    settings = settings_from_args(argv)
    logging.basicConfig(stream=sys.stderr, level=settings.log_level,
                        format="%(asctime)s memory-sidecar %(levelname)s %(name)s: %(message)s")
    warn_about(settings)
    # httpx logs request URLs at INFO, and a provider URL may carry a key in its query string.
    for chatty in ("httpx", "httpcore"):
        logging.getLogger(chatty).setLevel(max(logging.WARNING, logging.getLogger().level))
    from sidecar.stdio import claim_stdout

    wire_fd = claim_stdout()
    if sys.stdin is not None and sys.stdin.isatty():
        from sidecar import __version__

        sys.stderr.write(BANNER.format(version=__version__, config_dir=settings.config_dir))
        sys.stderr.flush()
    import anyio

    from sidecar.server import serve_stdio

    try:
        anyio.run(serve_stdio, settings, wire_fd)
    except KeyboardInterrupt:
        pass
    logging.shutdown()
    sys.stderr.flush()
    return 0


def run() -> None:
    """Console-script entry; os._exit skips joining the stdin reader thread still blocked in read()."""
    worker = None
    if getattr(sys, "frozen", False):
        from sidecar import onefile

        worker = onefile.adopt()
    if worker is None:
        os._exit(main())
    code = 0
    try:
        if worker.bootloader_alive():
            code = main()
    except SystemExit as exit_:
        code = _exit_status(exit_)
    except BaseException:
        # The bootloader's death may surface as SystemExit raised inside the event loop, wrapped in a group.
        if worker.bootloader_alive():
            raise
    finally:
        worker.release()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    os._exit(code)


def _exit_status(exit_: SystemExit) -> int:
    if exit_.code is None or isinstance(exit_.code, int):
        return exit_.code or 0
    sys.stderr.write(f"{exit_.code}\n")
    return 1
