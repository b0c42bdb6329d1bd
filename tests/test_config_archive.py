"""The archive's bound: --archive-limit, AI_MEMORY_ARCHIVE_LIMIT, settings.aiMemoryArchiveLimit (issue 15, S11.1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sidecar.config import Settings, resolve_archive_limit, resolve_limit, settings_from_args


def write_settings(config_dir: Path, settings: object) -> None:
    (config_dir / "app_config.json").write_text(json.dumps({"settings": settings}), encoding="utf-8")


def test_the_archive_file_lives_beside_memory_json(tmp_path: Path) -> None:
    settings = Settings(config_dir=tmp_path)
    assert settings.archive_file == tmp_path / "ai" / "memory" / "archive.json"


def test_archive_limit_precedence_flag_env_app_config_default(tmp_path: Path) -> None:
    base = ["--config-dir", str(tmp_path)]
    assert resolve_archive_limit(settings_from_args(base, {})) == 10_000
    write_settings(tmp_path, {"aiMemoryArchiveLimit": 300})
    assert resolve_archive_limit(settings_from_args(base, {})) == 300
    env = {"AI_MEMORY_ARCHIVE_LIMIT": "200"}
    assert resolve_archive_limit(settings_from_args(base, env)) == 200
    assert resolve_archive_limit(settings_from_args([*base, "--archive-limit", "0"], env)) == 0


@pytest.mark.parametrize("value, expected", [(-3, 0), (0, 0), (5, 5), (20_000, 20_000), (10**9, 20_000)])
def test_an_app_config_archive_limit_is_kept_to_0_through_20000(tmp_path: Path, value: int, expected: int) -> None:
    write_settings(tmp_path, {"aiMemoryArchiveLimit": value})
    assert resolve_archive_limit(Settings(config_dir=tmp_path)) == expected


@pytest.mark.parametrize("value", ["50", True, None, 1.5, [1]])
def test_a_wrong_typed_archive_setting_is_the_default_and_keeps_the_memory_limit(tmp_path: Path, value: object) -> None:
    write_settings(tmp_path, {"aiMemoryArchiveLimit": value, "aiMemoryLimit": 40})
    assert resolve_archive_limit(Settings(config_dir=tmp_path)) == 10_000
    assert resolve_limit(None, Settings(config_dir=tmp_path)) == 40


@pytest.mark.parametrize("text", ["-1", "x", "20001", ""])
def test_a_bad_archive_limit_flag_is_a_usage_error(tmp_path: Path, text: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        settings_from_args(["--config-dir", str(tmp_path), "--archive-limit", text], {})
    assert exit_.value.code == 2
    assert "--archive-limit" in capsys.readouterr().err


def test_a_bad_archive_limit_env_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        settings_from_args(["--config-dir", str(tmp_path)], {"AI_MEMORY_ARCHIVE_LIMIT": "many"})
    assert exit_.value.code == 2
    assert "AI_MEMORY_ARCHIVE_LIMIT must be a whole number 0..20000" in capsys.readouterr().err
