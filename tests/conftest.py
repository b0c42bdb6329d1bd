from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Protocol

import pytest

from sidecar.config import Settings
from sidecar.service import MemoryService
from sidecar.store import MemoryStore
from tests.fake_openai import FakeOpenAI
from tests.helpers import SidecarProcess, running


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def config_dir(tmp_path: Path) -> Path:
    return tmp_path / "config"


@pytest.fixture
def settings(config_dir: Path) -> Settings:
    return Settings(config_dir=config_dir)


@pytest.fixture
async def service(settings: Settings) -> AsyncIterator[MemoryService]:
    """The memory service with its store worker running."""
    async with running(MemoryService(settings)) as service:
        yield service


@pytest.fixture
def llm_server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


class Spawn(Protocol):
    def __call__(self, *args: str, env: dict[str, str] | None = None,
                 directory: Path | None = None) -> SidecarProcess: ...


@pytest.fixture
def spawn(config_dir: Path) -> Iterator[Spawn]:
    started: list[SidecarProcess] = []

    def start(*args: str, env: dict[str, str] | None = None, directory: Path | None = None) -> SidecarProcess:
        process = SidecarProcess(directory or config_dir, *args, env=env)
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    """A store in a temp config dir, with a short lock timeout."""
    return MemoryStore(tmp_path / "cfg" / "ai" / "memory" / "memory.json", lock_timeout=0.5)
