"""ai_merge_memories against hostile model output: parsed before the store lock, never INTERNAL (issue 7.6-7.8)."""

from __future__ import annotations

import filelock
import pytest

from protocol import MergeParams
from sidecar import handlers
from sidecar.config import Settings
from sidecar.errors import AiError
from sidecar.rules import model_output
from sidecar.service import MemoryService


async def test_unparsable_output_is_refused_before_the_store_is_locked(service: MemoryService,
                                                                      settings: Settings) -> None:
    settings.memory_file.parent.mkdir(parents=True)
    held = filelock.FileLock(str(settings.memory_file.with_name("memory.json.lock")), thread_local=False)
    with held, pytest.raises(AiError) as exc:
        # Held by "another process": a merge that took the lock would wait it out and answer MEMORY_IO.
        await handlers.merge_memories(service, MergeParams(raw="```" + "a" * 45_000, source_scope="global"))
    assert exc.value.code.prefix == "AI_RESPONSE"
    assert not settings.memory_file.exists()


async def test_the_model_output_is_parsed_outside_the_store_operation(service: MemoryService,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app = service
    inside = False
    real_update = app.store.update
    real_parse = model_output.candidate_texts

    def update(change, written=None, stop=None):  # type: ignore[no-untyped-def]
        nonlocal inside
        inside = True
        try:
            return real_update(change, written, stop)
        finally:
            inside = False

    parsed: list[str] = []

    def parse(raw: str) -> list[str]:
        assert not inside, "the untrusted text must never be parsed while the store is held"
        parsed.append(raw)
        return real_parse(raw)

    monkeypatch.setattr(app.store, "update", update)
    monkeypatch.setattr(model_output, "candidate_texts", parse)
    result = await handlers.merge_memories(app, MergeParams(raw='["用户偏好 zsh"]', source_scope="global"))
    assert [m.content for m in result.memories] == ["用户偏好 zsh"]
    assert parsed == ['["用户偏好 zsh"]'], "the handler parsed through the rule this test watches"


async def test_lone_surrogates_in_the_output_keep_the_good_items(service: MemoryService, settings: Settings) -> None:
    app = service
    raw = '<think>["不是这个"]</think>[{"content": "\\ud83d"}, {"content": "用户偏好 zsh"}, "坏\ud800"]'
    result = await handlers.merge_memories(app, MergeParams(raw=raw, source_scope="global"))
    assert [m.content for m in result.memories] == ["用户偏好 zsh"]
    assert settings.memory_file.read_bytes().decode("utf-8")


@pytest.mark.parametrize("tail", [b',{"id":"b","content":"\\ud800","createdAt":2,"sourceScope":"g"}]',
                                  b"," + b"[" * 1000])
async def test_merging_into_a_damaged_file_salvages_it_instead_of_failing(service: MemoryService, settings: Settings,
                                                                         tail: bytes) -> None:
    """7.11: merge used to answer INTERNAL until someone edited the file."""
    settings.memory_file.parent.mkdir(parents=True)
    damaged = b'[{"id":"a","content":"\xe6\x97\xa7","createdAt":1,"sourceScope":"g"}' + tail
    settings.memory_file.write_bytes(damaged)
    app = service
    result = await handlers.merge_memories(app, MergeParams(raw='["用户偏好 zsh"]', source_scope="global"))
    assert [m.content for m in result.memories] == ["旧", "用户偏好 zsh"]
    [copy] = settings.memory_file.parent.glob("memory.json.corrupt-*")
    assert copy.read_bytes() == damaged
