"""Process settings from flags and env (SPEC S2.1–S2.2) and the memory-limit precedence of S5.2."""

from __future__ import annotations

import argparse
import logging
import math
import os
import re
import stat
from pathlib import Path
from typing import NamedTuple

import msgspec

from protocol.bounds import DEFAULT_MAX_LINE_BYTES, MEMORY_LIMIT

log = logging.getLogger("sidecar.config")

APP_ID = "ai-memory-sidecar"
# Tauri's bundle identifier: letters, digits, hyphens and periods (tauri.conf.json "identifier").
_APP_ID_PATTERN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")
DEFAULT_BASE_URL = "http://127.0.0.1:11434/v1"
DEFAULT_AI_TIMEOUT = 180.0
MIN_MEMORY_LIMIT, MAX_MEMORY_LIMIT, DEFAULT_MEMORY_LIMIT = MEMORY_LIMIT
MAX_APP_CONFIG_BYTES = 1024 * 1024
DEFAULT_ARCHIVE_LIMIT = 10_000
MAX_ARCHIVE_LIMIT = 20_000


class Settings(NamedTuple):
    config_dir: Path
    memory_limit: int | None = None
    base_url: str = DEFAULT_BASE_URL
    model: str | None = None
    api_key: str | None = None
    ai_timeout: float = DEFAULT_AI_TIMEOUT
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    log_level: str = "WARNING"
    archive_limit: int | None = None

    @property
    def memory_file(self) -> Path:
        return self.config_dir / "ai" / "memory" / "memory.json"

    @property
    def history_file(self) -> Path:
        return self.memory_file.with_name("history.jsonl")

    @property
    def archive_file(self) -> Path:
        return self.memory_file.with_name("archive.json")

    @property
    def app_config_file(self) -> Path:
        return self.config_dir / "app_config.json"


def default_config_dir(app_id: str = APP_ID) -> Path:
    """`<OS config dir>/<app id>`, as Tauri's appConfigDir() computes it (roaming AppData on Windows)."""
    import platformdirs

    return Path(platformdirs.user_config_dir(app_id, appauthor=False, roaming=True))


def _app_id(text: str) -> str:
    if not _APP_ID_PATTERN.fullmatch(text) or ".." in text:
        raise argparse.ArgumentTypeError(f"expected the app's bundle identifier (tauri.conf.json \"identifier\", "
                                         f"e.g. com.example.chat: letters, digits, hyphens, periods), got {text!r}")
    return text


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def _archive_limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_ARCHIVE_LIMIT:
        raise argparse.ArgumentTypeError(f"expected a whole number 0..{MAX_ARCHIVE_LIMIT} (0 = off), got {text!r}")
    return value


def base_url_shape_problem(url: str) -> str | None:
    """Why `url` cannot be an http(s) base URL, by the standard library alone (start-up must not import httpx);
    a sentence after the field's name, or None. The extraction call checks the rest with httpx's own parser."""
    from urllib.parse import urlsplit

    if not url.startswith(("http://", "https://")):
        return "must start with http:// or https://"
    if any(char.isspace() or not char.isprintable() or "\ud800" <= char <= "\udfff" for char in url):
        return "holds a space, a control character or a lone surrogate"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        return "has a port outside 1 to 65535" if "out of range" in str(exc) else "is not a valid URL"
    if not parts.hostname:
        return "has no host name"
    if port is not None and not 1 <= port <= 65535:
        return f"has port {port}; a port is 1 to 65535"
    return None


def _base_url(text: str) -> str:
    problem = base_url_shape_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"the base URL {problem}, got {text!r}")
    return text


def _config_dir_flag(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a directory, got an empty value (an unset variable?)")
    return text


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    from sidecar import __version__
    from sidecar.usage import DESCRIPTION, EPILOG

    parser = argparse.ArgumentParser(prog="memory-sidecar", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"memory-sidecar {__version__}")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--config-dir", metavar="DIR", type=_config_dir_flag,
                       help="the app's config dir [env AI_MEMORY_CONFIG_DIR; default: the OS per-user config dir "
                       "of --app-id]")
    where.add_argument("--app-id", metavar="ID", type=_app_id,
                       help="the desktop app's bundle identifier: serve <OS config dir>/<ID>, the dir Tauri's "
                       f"appConfigDir() gives that app [env AI_MEMORY_APP_ID; default {APP_ID}]")
    parser.add_argument("--memory-limit", metavar="N", type=_positive_int,
                        help="memory count limit, clamped to 10..1000 (beats app_config.json)")
    parser.add_argument("--archive-limit", metavar="N", type=_archive_limit,
                        help=f"archived memories kept, 0 turns the archive off [env AI_MEMORY_ARCHIVE_LIMIT; "
                        f"default {DEFAULT_ARCHIVE_LIMIT}; beats app_config.json]")
    parser.add_argument("--base-url", metavar="URL", type=_base_url,
                        help=f"OpenAI-compatible base URL [env AI_MEMORY_BASE_URL; default {DEFAULT_BASE_URL}]")
    parser.add_argument("--model", metavar="NAME", help="model name [env AI_MEMORY_MODEL]")
    parser.add_argument("--ai-timeout", metavar="SECONDS", type=_positive_float,
                        help=f"overall extraction timeout in seconds [env AI_MEMORY_TIMEOUT; "
                        f"default {DEFAULT_AI_TIMEOUT:g}]")
    parser.add_argument("--max-line-bytes", metavar="N", type=_positive_int, default=DEFAULT_MAX_LINE_BYTES,
                        help="largest accepted request line in bytes (default 16 MiB)")
    parser.add_argument("--log-level", metavar="LEVEL", default="WARNING",
                        choices=["DEBUG", "INFO", "WARNING", "ERROR"], type=str.upper,
                        help="DEBUG, INFO, WARNING (default) or ERROR; logs never carry memory text or keys")
    return parser


def settings_from_args(argv: list[str] | None = None, env: dict[str, str] | None = None) -> Settings:
    """A flag beats its env var; exits with status 2 on bad flags or env values."""
    env = dict(os.environ) if env is None else env
    parser = build_parser()
    args = parser.parse_args(argv)
    timeout = args.ai_timeout
    if timeout is None and env.get("AI_MEMORY_TIMEOUT"):
        try:
            timeout = _positive_float(env["AI_MEMORY_TIMEOUT"])
        except (ValueError, argparse.ArgumentTypeError):
            parser.error("AI_MEMORY_TIMEOUT must be a positive number of seconds")
    archive_limit = args.archive_limit
    if archive_limit is None and env.get("AI_MEMORY_ARCHIVE_LIMIT"):
        try:
            archive_limit = _archive_limit(env["AI_MEMORY_ARCHIVE_LIMIT"])
        except argparse.ArgumentTypeError:
            parser.error(f"AI_MEMORY_ARCHIVE_LIMIT must be a whole number 0..{MAX_ARCHIVE_LIMIT}")
    if args.base_url is None and env.get("AI_MEMORY_BASE_URL"):
        problem = base_url_shape_problem(env["AI_MEMORY_BASE_URL"])
        if problem is not None:
            parser.error(f"AI_MEMORY_BASE_URL {problem}")
    return Settings(
        config_dir=_config_dir(args, env, parser),
        memory_limit=args.memory_limit,
        base_url=args.base_url or env.get("AI_MEMORY_BASE_URL") or DEFAULT_BASE_URL,
        model=args.model or env.get("AI_MEMORY_MODEL") or None,
        api_key=env.get("AI_MEMORY_API_KEY") or None,
        ai_timeout=timeout or DEFAULT_AI_TIMEOUT,
        max_line_bytes=args.max_line_bytes,
        log_level=args.log_level,
        archive_limit=archive_limit,
    )


def _config_dir(args: argparse.Namespace, env: dict[str, str], parser: argparse.ArgumentParser) -> Path:
    """--config-dir or --app-id, else AI_MEMORY_CONFIG_DIR, else AI_MEMORY_APP_ID, else the default app id."""
    if args.app_id:
        return default_config_dir(args.app_id)
    config_dir = args.config_dir or env.get("AI_MEMORY_CONFIG_DIR")
    if config_dir:
        return Path(config_dir).expanduser().absolute()
    app_id = env.get("AI_MEMORY_APP_ID")
    if not app_id:
        return default_config_dir()
    try:
        return default_config_dir(_app_id(app_id))
    except argparse.ArgumentTypeError as exc:
        parser.error(f"AI_MEMORY_APP_ID: {exc}")


class _AppSettings(msgspec.Struct):
    # Any JSON: one wrong-typed setting must not cost the other; each is checked (and warned about) where used.
    aiMemoryLimit: object = None
    aiMemoryArchiveLimit: object = None


class _AppConfig(msgspec.Struct):
    settings: _AppSettings | None = None


def clamp_limit(value: int) -> int:
    return MEMORY_LIMIT.clamp(value)


def warn_about(settings: Settings) -> None:
    """One stderr warning per setting that will not do what the operator asked (call once logging is set up)."""
    for directory in (settings.config_dir, *settings.config_dir.parents):
        try:
            if directory.exists():
                if not directory.is_dir():
                    log.warning("config dir %s cannot be used: %s is not a directory; memories cannot be saved",
                                settings.config_dir, directory)
                break
        except OSError:
            break
    if settings.memory_limit is not None:
        _warn_if_clamped("--memory-limit", settings.memory_limit)


_clamp_warned: set[tuple[str, int]] = set()


def _warn_if_clamped(source: str, value: int) -> None:
    clamped = clamp_limit(value)
    if clamped != value and (source, value) not in _clamp_warned:
        _clamp_warned.add((source, value))
        log.warning("memory limit %d from %s is outside %d..%d; using %d", value, source, MIN_MEMORY_LIMIT,
                    MAX_MEMORY_LIMIT, clamped)


def resolve_limit(param: int | None, settings: Settings) -> int:
    """param → --memory-limit → settings.aiMemoryLimit in app_config.json → 100, clamped to 10..1000.

    Reads app_config.json when neither param nor flag decides: call it inside the store write, off the loop.
    """
    if param is not None:
        return clamp_limit(param)
    if settings.memory_limit is not None:
        return clamp_limit(settings.memory_limit)
    configured = _app_config_limit(settings.app_config_file)
    if configured is None:
        return DEFAULT_MEMORY_LIMIT
    _warn_if_clamped(str(settings.app_config_file), configured)
    return clamp_limit(configured)


def resolve_archive_limit(settings: Settings) -> int:
    """--archive-limit → AI_MEMORY_ARCHIVE_LIMIT → settings.aiMemoryArchiveLimit → 10000, kept to 0..20000 (S11.1).

    Reads app_config.json when neither flag nor env decides: call it inside the store write, off the loop.
    """
    if settings.archive_limit is not None:
        return settings.archive_limit
    app = _app_settings(settings.app_config_file)
    configured = _whole_number(settings.app_config_file, "aiMemoryArchiveLimit",
                               app.aiMemoryArchiveLimit if app is not None else None, DEFAULT_ARCHIVE_LIMIT)
    if configured is None:
        return DEFAULT_ARCHIVE_LIMIT
    return max(0, min(MAX_ARCHIVE_LIMIT, configured))


def _app_config_limit(path: Path) -> int | None:
    app = _app_settings(path)
    return _whole_number(path, "aiMemoryLimit", app.aiMemoryLimit if app is not None else None,
                         DEFAULT_MEMORY_LIMIT)


_type_warned: set[tuple[str, str, str]] = set()


def _whole_number(path: Path, name: str, value: object, default: int) -> int | None:
    """`value` when it is a JSON whole number; None (one warning naming its JSON type) when it is set but is not."""
    if value is None:
        return None
    if type(value) is int:
        return value
    kind = {bool: "true/false", str: "a string", float: "a fraction", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)
    if (str(path), name, kind) not in _type_warned:
        _type_warned.add((str(path), name, kind))
        log.warning("settings.%s in %s is %s, not a whole number; using %d", name, path, kind, default)
    return None


def _app_settings(path: Path) -> _AppSettings | None:
    """app_config.json's settings, or None when the file is missing, not a small regular file, or unparsable.

    Opened non-blocking and checked with fstat, so a FIFO there cannot hang the write that reads it.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_APP_CONFIG_BYTES:
            return None
        data = os.read(fd, MAX_APP_CONFIG_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        config = msgspec.json.decode(data, type=_AppConfig)
    except (msgspec.DecodeError, RecursionError):
        return None
    return config.settings
