from __future__ import annotations

import json
from pathlib import Path

import pytest

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
