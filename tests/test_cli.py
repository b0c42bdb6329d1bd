from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar import __version__
from sidecar.config import build_parser, settings_from_args
from tests.helpers import ROOT, sidecar_env

NUMERIC_FLAGS = ["--memory-limit", "--max-line-bytes", "--ai-timeout"]


def parse_error(argv: list[str]) -> str:
    """The usage error argparse prints for argv; fails when argv parses."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(argv)
    assert exit_info.value.code == 2
    return err.getvalue()


@pytest.mark.parametrize(("flag", "value"), [
    ("--memory-limit", "x"), ("--memory-limit", "0"), ("--memory-limit", "-5"), ("--memory-limit", "1.5"),
    ("--max-line-bytes", "lots"), ("--max-line-bytes", "0"),
    ("--ai-timeout", "abc"), ("--ai-timeout", "0"), ("--ai-timeout", "-1"), ("--ai-timeout", "nan"),
    ("--ai-timeout", "inf"),
])
def test_a_bad_number_names_the_flag_and_the_value_never_an_internal_name(flag: str, value: str) -> None:
    message = parse_error([flag, value])
    last = message.strip().splitlines()[-1]
    assert last.startswith(f"memory-sidecar: error: argument {flag}: expected a positive ")
    assert repr(value) in last
    assert "_positive" not in message and "invalid" not in message


@given(flag=st.sampled_from(NUMERIC_FLAGS), value=st.text(st.characters(blacklist_categories=())))
def test_any_value_of_a_numeric_flag_parses_positive_or_is_a_plain_usage_error(flag: str, value: str) -> None:
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            args = build_parser().parse_args([f"{flag}={value}"])
    except SystemExit as exit_:
        assert exit_.code == 2
        assert f"argument {flag}: expected a positive " in err.getvalue()
        assert "_positive" not in err.getvalue()
    else:
        assert getattr(args, flag[2:].replace("-", "_")) > 0


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        settings_from_args(["--version"], {})
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"memory-sidecar {__version__}\n"


def test_help_explains_use_not_only_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        settings_from_args(["--help"], {})
    text = " ".join(capsys.readouterr().out.split())
    assert "one request per line on stdin, one reply per line on stdout" in text
    assert "<config dir>/ai/memory/memory.json" in text
    assert "AI_MEMORY_CONFIG_DIR" in text and "--config-dir <a scratch dir>" in text
    assert "answers CANCELLED" in text and "keep stdin open" in text
    assert "never pass it on the command line" in text
    # Issue 19.3: which app's memories a plain start serves, and how to name another app.
    assert "without flags this serves the memories of the app whose identifier is ai-memory-sidecar" in text
    assert "--app-id com.example.chat" in text and "AI_MEMORY_APP_ID" in text


def test_the_help_names_every_method_of_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    from protocol import METHODS

    with pytest.raises(SystemExit):
        settings_from_args(["--help"], {})
    named = set(re.findall(r"[a-z_$/A-Za-z]+", capsys.readouterr().out))
    assert sorted(set(METHODS) - named) == []


def test_every_flag_is_in_the_readme_synopsis_with_the_same_metavar() -> None:
    """Issue 19.9: one name per value (`--max-line-bytes N` in both, not BYTES in one)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    synopsis = " ".join(readme.split("```\nmemory-sidecar ", 1)[1].split("```", 1)[0].split())
    for action in build_parser()._actions:
        flag = max(action.option_strings, key=len, default="")
        if flag.startswith("--") and flag not in ("--help", "--version"):
            assert f"[{flag} {action.metavar}]" in synopsis or f"{flag} {action.metavar}" in synopsis, flag


def test_the_readme_suggests_the_request_the_banner_suggests() -> None:
    """Issue 19.9: one example request, the same in the banner and the README."""
    from sidecar.cli import BANNER

    example = BANNER.split("e.g. ", 1)[1].split(" (Ctrl-D", 1)[0].replace("{{", "{").replace("}}", "}")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    suggested = readme.split("example request; try `", 1)[1].split("`", 1)[0]
    assert suggested == example


def help_examples() -> list[bytes]:
    usage = build_parser().format_help()
    return [line.strip().encode() + b"\n" for line in usage.splitlines() if line.strip().startswith('{"jsonrpc"')]


@pytest.mark.e2e
def test_the_examples_in_the_help_are_requests_the_sidecar_answers(tmp_path: Path) -> None:
    examples = help_examples()
    assert len(examples) >= 2
    done = subprocess.run([sys.executable, "-m", "sidecar", "--config-dir", str(tmp_path)],
                          input=b"".join(examples), capture_output=True, env=sidecar_env(), cwd=ROOT,
                          timeout=60, check=False)
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(examples)
    assert all("result" in reply for reply in replies), replies


@pytest.mark.e2e
@pytest.mark.parametrize(("argv", "status", "stream", "expected"), [
    (["--version"], 0, "stdout", f"memory-sidecar {__version__}"),
    (["--help"], 0, "stdout", "ai_extract_memories"),
    (["--memory-limit", "many"], 2, "stderr", "argument --memory-limit: expected a positive whole number"),
    (["--base-url", "http://127.0.0.1:65536/v1"], 2, "stderr",
     "argument --base-url: the base URL has a port outside 1 to 65535"),
    (["--config-dir", ""], 2, "stderr", "argument --config-dir: expected a directory, got an empty value"),
])
def test_the_process_prints_and_exits_with_usage_status(argv: list[str], status: int, stream: str,
                                                        expected: str) -> None:
    done = subprocess.run([sys.executable, "-m", "sidecar", *argv], capture_output=True, env=sidecar_env(),
                          cwd=ROOT, timeout=60, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == status
    assert expected in getattr(done, stream).decode()


def test_the_readme_states_the_history_and_search_limit_bounds_the_handlers_clamp_to() -> None:
    """Issue 19.9: an out-of-range limit is clamped, and the README says so with the real bounds."""
    from protocol.bounds import HISTORY_LIMIT, SEARCH_LIMIT

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert ("A `limit` outside its bounds is clamped into them, not refused: "
            f"`ai_memory_history` 1…{HISTORY_LIMIT.high}, `ai_search_memories` 1…{SEARCH_LIMIT.high}.") in readme
