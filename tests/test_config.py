from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar import config
from sidecar.config import DEFAULT_BASE_URL, Settings, resolve_limit, settings_from_args


def test_flags_beat_env_and_env_backs_flags(tmp_path: Path) -> None:
    env = {"AI_MEMORY_CONFIG_DIR": str(tmp_path / "env"), "AI_MEMORY_BASE_URL": "http://env/v1",
           "AI_MEMORY_MODEL": "env-model", "AI_MEMORY_TIMEOUT": "30", "AI_MEMORY_API_KEY": "k"}
    from_env = settings_from_args([], env)
    assert (from_env.config_dir, from_env.base_url, from_env.model, from_env.ai_timeout, from_env.api_key) == (
        tmp_path / "env", "http://env/v1", "env-model", 30.0, "k")
    flags = settings_from_args(["--config-dir", str(tmp_path / "flag"), "--base-url", "http://flag/v1",
                                "--model", "flag-model", "--ai-timeout", "5"], env)
    assert (flags.config_dir, flags.base_url, flags.model, flags.ai_timeout) == (
        tmp_path / "flag", "http://flag/v1", "flag-model", 5.0)


def test_defaults_are_the_local_server_and_180_seconds(tmp_path: Path) -> None:
    settings = settings_from_args(["--config-dir", str(tmp_path)], {})
    assert settings.base_url == DEFAULT_BASE_URL == "http://127.0.0.1:11434/v1"
    assert settings.ai_timeout == 180.0 and settings.model is None and settings.api_key is None
    assert settings.max_line_bytes == 16 * 1024 * 1024


def test_the_default_config_dir_is_the_os_config_dir_for_the_app_id(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert settings_from_args([], {}).config_dir == tmp_path / "xdg" / "ai-memory-sidecar"


def test_the_memory_file_lives_under_ai_memory(tmp_path: Path) -> None:
    assert Settings(config_dir=tmp_path).memory_file == tmp_path / "ai" / "memory" / "memory.json"


def test_a_bad_timeout_env_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        settings_from_args(["--config-dir", str(tmp_path)], {"AI_MEMORY_TIMEOUT": "soon"})
    assert exit_info.value.code == 2


def write_app_config(directory: Path, value: object) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "app_config.json").write_text(json.dumps({"settings": {"aiMemoryLimit": value}}))


def test_limit_precedence_param_flag_app_config_default(tmp_path: Path) -> None:
    bare = Settings(config_dir=tmp_path)
    assert resolve_limit(None, bare) == 100
    write_app_config(tmp_path, 40)
    assert resolve_limit(None, bare) == 40
    flagged = Settings(config_dir=tmp_path, memory_limit=60)
    assert resolve_limit(None, flagged) == 60
    assert resolve_limit(20, flagged) == 20


@pytest.mark.parametrize("value, expected", [(1, 10), (0, 10), (-5, 10), (10, 10), (1000, 1000), (5000, 1000)])
def test_limit_is_clamped_to_10_through_1000(tmp_path: Path, value: int, expected: int) -> None:
    assert resolve_limit(value, Settings(config_dir=tmp_path)) == expected
    write_app_config(tmp_path, value)
    assert resolve_limit(None, Settings(config_dir=tmp_path)) == expected


@pytest.mark.parametrize("text", ["not json", '{"settings": 5}', '{"settings": {"aiMemoryLimit": "50"}}', "[]"])
def test_an_unreadable_app_config_falls_back_to_100(tmp_path: Path, text: str) -> None:
    (tmp_path / "app_config.json").write_text(text)
    assert resolve_limit(None, Settings(config_dir=tmp_path)) == 100


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_as_app_config_is_never_read(tmp_path: Path) -> None:
    """7.12: the limit is read inside the write; a FIFO there must not hang it (or hold the store lock)."""
    os.mkfifo(tmp_path / "app_config.json")
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(resolve_limit(None, Settings(config_dir=tmp_path))),
                              daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():
        with open(tmp_path / "app_config.json", "wb"):
            pass
        pytest.fail("reading app_config.json blocked on a FIFO")
    assert result == [100]


@pytest.fixture
def fresh_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(config, "_clamp_warned", set())
    monkeypatch.setattr(config, "_type_warned", set())


def config_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "sidecar.config" and r.levelno == logging.WARNING]


@pytest.mark.parametrize("flag, used", [(5, 10), (5000, 1000)])
def test_a_clamped_memory_limit_flag_is_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                     fresh_warnings: None, flag: int, used: int) -> None:
    caplog.set_level(logging.WARNING)
    settings = settings_from_args(["--config-dir", str(tmp_path), "--memory-limit", str(flag)], {})
    config.warn_about(settings)
    for _ in range(3):
        assert resolve_limit(None, settings) == used
    [warning] = config_warnings(caplog)
    assert f"memory limit {flag} from --memory-limit" in warning and f"using {used}" in warning


def test_a_clamped_app_config_limit_is_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                    fresh_warnings: None) -> None:
    write_app_config(tmp_path, 5)
    caplog.set_level(logging.WARNING)
    for _ in range(3):
        assert resolve_limit(None, Settings(config_dir=tmp_path)) == 10
    [warning] = config_warnings(caplog)
    assert "app_config.json" in warning and "using 10" in warning


@pytest.mark.parametrize("value, kind", [("20", "a string"), (20.5, "a fraction"), (True, "true/false"),
                                         ([20], "a list")])
def test_a_wrong_typed_limit_is_one_warning_and_costs_nothing_beside_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, fresh_warnings: None, value: object, kind: str) -> None:
    (tmp_path / "app_config.json").write_text(json.dumps(
        {"settings": {"aiMemoryLimit": value, "aiMemoryArchiveLimit": 30}}))
    caplog.set_level(logging.WARNING)
    settings = Settings(config_dir=tmp_path)
    for _ in range(3):
        assert resolve_limit(None, settings) == 100
        assert config.resolve_archive_limit(settings) == 30
    [warning] = config_warnings(caplog)
    assert f"settings.aiMemoryLimit in {tmp_path / 'app_config.json'} is {kind}, not a whole number; using 100" \
        == warning


def test_a_wrong_typed_archive_limit_is_one_warning_and_keeps_the_memory_limit(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, fresh_warnings: None) -> None:
    (tmp_path / "app_config.json").write_text(json.dumps(
        {"settings": {"aiMemoryLimit": 40, "aiMemoryArchiveLimit": "lots"}}))
    caplog.set_level(logging.WARNING)
    settings = Settings(config_dir=tmp_path)
    assert (resolve_limit(None, settings), config.resolve_archive_limit(settings)) == (40, 10000)
    [warning] = config_warnings(caplog)
    assert "settings.aiMemoryArchiveLimit" in warning and "is a string" in warning


def test_settings_that_do_what_was_asked_say_nothing(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                     fresh_warnings: None) -> None:
    caplog.set_level(logging.WARNING)
    config.warn_about(settings_from_args(["--config-dir", str(tmp_path / "new"), "--memory-limit", "50"], {}))
    assert config_warnings(caplog) == []


@pytest.mark.parametrize("below", ["", "sub"])
def test_a_config_dir_that_is_a_file_is_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                     below: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    caplog.set_level(logging.WARNING)
    config.warn_about(Settings(config_dir=blocker / below if below else blocker))
    [warning] = config_warnings(caplog)
    assert f"{blocker} is not a directory" in warning


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The OS config dir, as platformdirs and Tauri's appConfigDir() see it on Linux."""
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg"


def test_the_app_id_names_the_config_dir_as_tauri_computes_it(xdg: Path) -> None:
    """Issue 19.3: appConfigDir() is <OS config dir>/<bundle identifier>."""
    assert settings_from_args(["--app-id", "com.example.chat"], {}).config_dir == xdg / "com.example.chat"
    assert settings_from_args([], {"AI_MEMORY_APP_ID": "com.example.chat"}).config_dir == xdg / "com.example.chat"


def test_a_config_dir_beats_an_app_id_from_the_environment_and_a_flag_beats_both(xdg: Path, tmp_path: Path) -> None:
    env = {"AI_MEMORY_APP_ID": "com.example.env", "AI_MEMORY_CONFIG_DIR": str(tmp_path / "env-dir")}
    assert settings_from_args([], env).config_dir == tmp_path / "env-dir"
    assert settings_from_args(["--app-id", "com.example.flag"], env).config_dir == xdg / "com.example.flag"
    assert settings_from_args(["--config-dir", str(tmp_path / "flag-dir")], env).config_dir == tmp_path / "flag-dir"


def test_config_dir_and_app_id_together_are_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        settings_from_args(["--config-dir", str(tmp_path), "--app-id", "com.example.chat"], {})
    assert exit_info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("app_id", ["../elsewhere", "a/b", "a\\b", "", ".hidden", "a..b", "com.example.", "名字",
                                    "com example"])
def test_an_app_id_that_is_not_a_bundle_identifier_is_a_usage_error_from_flag_or_env(
        app_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv, env, source in ((["--app-id", app_id], {}, "argument --app-id"),
                              ([], {"AI_MEMORY_APP_ID": app_id}, "AI_MEMORY_APP_ID")):
        if not app_id and argv == []:
            continue  # an empty variable is unset, as for every AI_MEMORY_* variable
        with pytest.raises(SystemExit) as exit_info:
            settings_from_args(argv, env)
        assert exit_info.value.code == 2
        assert f"{source}: expected the app's bundle identifier" in capsys.readouterr().err


@given(app_id=st.text(st.characters(codec="utf-8"), max_size=30) | st.from_regex(r"\A[A-Za-z0-9.-]{1,30}\Z"))
def test_any_app_id_is_refused_or_names_a_dir_directly_inside_the_os_config_dir(app_id: str) -> None:
    os_dir = config.default_config_dir("x").parent
    try:
        settings = settings_from_args([], {"AI_MEMORY_APP_ID": app_id})
    except SystemExit as exit_:
        assert exit_.code == 2
    else:
        assert settings.config_dir.parent == os_dir
        assert settings.config_dir.name == (app_id or config.APP_ID)


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_config_dir_flag_is_a_usage_error_not_the_default_store(
        value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--config-dir "$DIR"` with DIR unset must not serve (and edit) the real memories."""
    with pytest.raises(SystemExit) as exit_info:
        settings_from_args(["--config-dir", value], {"AI_MEMORY_CONFIG_DIR": str(tmp_path)})
    assert exit_info.value.code == 2
    assert "argument --config-dir: expected a directory, got an empty value" in capsys.readouterr().err


@pytest.mark.parametrize("url, problem", [
    ("notaurl", "must start with http:// or https://"),
    ("ftp://x", "must start with http:// or https://"),
    ("http://", "has no host name"),
    ("http://h:99999/v1", "has a port outside 1 to 65535"),
    ("http://h:0/v1", "has port 0; a port is 1 to 65535"),
    ("http://h /v1", "holds a space"),
    ("http://[::1/v1", "is not a valid URL"),
])
def test_a_base_url_that_cannot_work_is_a_usage_error_at_start_from_flag_or_env(
        url: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv, env, source in ((["--base-url", url], {}, "argument --base-url: the base URL"),
                              ([], {"AI_MEMORY_BASE_URL": url}, "AI_MEMORY_BASE_URL")):
        with pytest.raises(SystemExit) as exit_info:
            settings_from_args(["--config-dir", str(tmp_path), *argv], env)
        assert exit_info.value.code == 2
        assert f"{source} {problem}" in capsys.readouterr().err

