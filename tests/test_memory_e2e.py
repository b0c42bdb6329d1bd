"""One fact one memory, receipts, history and undo, search and relevance, through the real process (S9, S10)."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.fake_openai import FakeOpenAI, Reply, completion
from tests.helpers import ROOT, item, request, sidecar_env

pytestmark = pytest.mark.e2e


def ok(reply: dict[str, Any]) -> Any:
    assert "result" in reply, reply
    return reply["result"]


def prefix(reply: dict[str, Any]) -> str:
    return str(reply["error"]["data"]["prefix"])


def contents(sidecar: Any, id_: int = 900) -> list[str]:
    return [m["content"] for m in ok(sidecar.call("ai_list_memories", None, id_))]


def test_a_restated_fact_updates_the_memory_and_the_receipt_can_undo_it(spawn: Any) -> None:
    sidecar = spawn()
    first = ok(sidecar.call("ai_remember", {"content": "用户偏好 zsh", "sourceScope": "settings"}, 1))
    [added] = first["added"]
    assert first["changeId"] and first["updated"] == [] and first["memories"] == [added]
    second = ok(sidecar.call("ai_remember", {"content": "用户喜欢用 zsh", "sourceScope": "chat-7"}, 2))
    [update] = second["updated"]
    assert update["before"] == added and update["after"]["id"] == added["id"]
    assert update["after"]["content"] == "用户喜欢用 zsh" and update["after"]["sourceScope"] == "chat-7"
    assert contents(sidecar) == ["用户喜欢用 zsh"]
    undone = ok(sidecar.call("ai_undo_change", {"changeId": second["changeId"]}, 3))
    assert undone["conflicts"] == 0 and undone["changeId"]
    assert [u["after"] for u in undone["updated"]] == [added]
    assert ok(sidecar.call("ai_list_memories", None, 4)) == [added]
    again = ok(sidecar.call("ai_undo_change", {"changeId": second["changeId"]}, 5))
    assert again["changeId"] is None and again["memories"] == [added], "undoing twice changes nothing"


def test_history_lists_every_change_newest_first_and_a_no_op_records_nothing(spawn: Any) -> None:
    sidecar = spawn()
    items = [item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2)]
    ok(sidecar.call("ai_save_memories", {"items": items}, 1))
    ok(sidecar.call("ai_save_memories", {"items": items}, 2))
    ok(sidecar.call("ai_remember", {"content": "用户偏好 zsh。", "sourceScope": "s"}, 3))
    ok(sidecar.call("ai_clear_memories", None, 4))
    changes = ok(sidecar.call("ai_memory_history", {"limit": 10}, 5))["changes"]
    assert [c["kind"] for c in changes] == ["clear", "save"]
    assert [m["id"] for m in changes[0]["removed"]] == ["a", "b"] and changes[1]["added"] == items
    assert len(ok(sidecar.call("ai_memory_history", {"limit": 0}, 6))["changes"]) == 1, "limit clamps to 1"


def test_a_clear_can_be_undone_until_the_history_is_forgotten(spawn: Any) -> None:
    sidecar = spawn()
    items = [item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2)]
    ok(sidecar.call("ai_save_memories", {"items": items}, 1))
    ok(sidecar.call("ai_clear_memories", None, 2))
    [cleared, _] = ok(sidecar.call("ai_memory_history", None, 3))["changes"]
    restored = ok(sidecar.call("ai_undo_change", {"changeId": cleared["changeId"]}, 4))
    assert restored["added"] == items and ok(sidecar.call("ai_list_memories", None, 5)) == items
    assert ok(sidecar.call("ai_forget_history", None, 6)) is None
    assert ok(sidecar.call("ai_memory_history", None, 7))["changes"] == []
    assert prefix(sidecar.call("ai_undo_change", {"changeId": cleared["changeId"]}, 8)) == "RPC_INVALID_PARAMS"
    assert ok(sidecar.call("ai_list_memories", None, 9)) == items, "forgetting the history keeps the memories"


def test_an_empty_remember_is_invalid_params(spawn: Any) -> None:
    sidecar = spawn()
    assert prefix(sidecar.call("ai_remember", {"content": " \u3000\n", "sourceScope": "s"}, 1)) == "RPC_INVALID_PARAMS"


def test_search_and_context_put_the_relevant_memory_first(spawn: Any) -> None:
    sidecar = spawn()
    items = [item("server", "用户的个人服务器是 Hetzner 上的 Ubuntu 22.04", 0)]
    items += [item(f"m{i}", f"第 {i} 条无关的记忆" + "字" * 60, i + 1) for i in range(300)]
    ok(sidecar.call("ai_save_memories", {"items": items, "limit": 1000}, 1))
    hits = ok(sidecar.call("ai_search_memories", {"query": "Hetzner 服务器", "limit": 5}, 2))["items"]
    assert hits[0]["memory"]["id"] == "server" and all(h["score"] > 0 for h in hits)
    plain = ok(sidecar.call("ai_memory_context", {"budgetBytes": 2048}, 3))
    assert "server" not in plain["ids"] and plain["ids"][-1] == "m299"
    ranked = ok(sidecar.call("ai_memory_context", {"budgetBytes": 2048, "query": "帮我部署到 Hetzner 的服务器"}, 4))
    assert ranked["ids"][0] == "server" and "Hetzner" in ranked["content"]
    assert len(ranked["content"].encode()) <= 2048 and ranked["injected"] + ranked["omitted"] == 301


def test_the_one_call_extraction_sends_a_bounded_request_at_any_store_size(
        spawn: Any, llm_server: FakeOpenAI) -> None:
    sidecar = spawn("--base-url", llm_server.base_url, "--model", "m")
    stored = [item(f"m{i}", f"用户的第 {i} 个项目叫 proj{i}，使用 pnpm 管理依赖，部署在 region-{i % 7}", i)
              for i in range(1000)]
    ok(sidecar.call("ai_save_memories", {"items": stored, "limit": 1000}, 1))
    messages = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"第 {i} 条消息，讲 proj42 的部署" * 40}
                for i in range(60)]
    llm_server.script(Reply(body=completion('[{"content": "用户的 proj42 部署在 region-0"}]')))
    receipt = ok(sidecar.call("ai_remember_conversation", {
        "messages": messages, "sourceScope": "chat-1", "inputBudgetChars": 6000, "knownBudgetBytes": 1024,
        "limit": 1000}, 2,
        timeout=30))
    [seen] = llm_server.seen
    sent = seen.body["messages"]
    assert sent[0]["role"] == "system"
    known = sent[1]["content"]
    assert known.startswith("【已有记忆】\n") and len(known.encode()) <= 1024
    assert "proj42，" in known, "the memory the conversation is about is among the known ones"
    window = sent[2:]
    assert sum(len(m["content"]) for m in window) <= 6000 and window[-1] == {
        "role": "assistant", "content": messages[-1]["content"]}
    assert len(json.dumps(seen.body, ensure_ascii=False).encode()) < 40_000
    assert receipt["changeId"] and len(receipt["memories"]) == 1000
    assert [m["content"] for m in receipt["added"]] + [u["after"]["content"] for u in receipt["updated"]] == [
        "用户的 proj42 部署在 region-0"]


def test_a_memory_deleted_while_the_model_thinks_stays_deleted(spawn: Any, llm_server: FakeOpenAI) -> None:
    sidecar = spawn("--base-url", llm_server.base_url, "--model", "m")
    ok(sidecar.call("ai_save_memories", {"items": [item("z", "用户偏好 zsh", 1), item("p", "项目使用 pnpm", 2)]}, 1))
    hold = threading.Event()
    llm_server.script(Reply(body=completion('[{"content": "用户喜欢用 zsh"}, {"content": "项目使用 pnpm"}]'),
                            hold=hold))
    sidecar.send(request("ai_remember_conversation", {
        "messages": [{"role": "user", "content": "我一直用 zsh，项目用 pnpm"}], "sourceScope": "c"}, 2))
    assert llm_server.arrived.acquire(timeout=20)
    ok(sidecar.call("ai_save_memories", {"items": [item("p", "项目使用 pnpm", 2)]}, 3))
    hold.set()
    receipt = ok(sidecar.response(2, timeout=20))
    assert [m["content"] for m in receipt["memories"]] == ["项目使用 pnpm"] and receipt["added"] == []


def test_a_sigkill_during_remembering_never_leaves_a_history_entry_for_a_change_that_did_not_land(
        tmp_path: Path) -> None:
    rng = random.Random(7)
    config = tmp_path / "config"
    memory = config / "ai" / "memory"
    for round_ in range(12):
        proc = subprocess.Popen([sys.executable, "-m", "sidecar", "--config-dir", str(config),
                                 "--memory-limit", "1000"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                env=sidecar_env(), cwd=ROOT)
        assert proc.stdin is not None and proc.stdout is not None
        burst = b"".join(request("ai_remember", {"content": f"事实 {round_}-{i} tool{i}x{round_}", "sourceScope": "s"},
                                 i) for i in range(40))
        proc.stdin.write(burst)
        proc.stdin.flush()
        for _ in range(rng.randrange(1, 40)):
            proc.stdout.readline()
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdin.close()
        proc.stdout.close()
        stored = {m["id"] for m in json.loads((memory / "memory.json").read_bytes())}
        lines = (memory / "history.jsonl").read_bytes().split(b"\n")
        complete = [json.loads(line) for line in lines[:-1]]  # only the last line may be torn by the kill
        for change in complete:
            assert {m["id"] for m in change["added"]} <= stored, "history records only changes that landed"
    final = spawn_once(config)
    changes = final["changes"]
    assert changes and all(c["kind"] == "remember" for c in changes)


def spawn_once(config: Path) -> Any:
    out = subprocess.run([sys.executable, "-m", "sidecar", "--config-dir", str(config)],
                         input=request("ai_memory_history", {"limit": 500}), capture_output=True, env=sidecar_env(),
                         cwd=ROOT, timeout=30, check=True)
    return json.loads(out.stdout)["result"]


def test_a_conversation_without_messages_is_invalid_params(spawn: Any) -> None:
    sidecar = spawn()
    reply = sidecar.call("ai_remember_conversation", {"messages": [], "sourceScope": "s"}, 1)
    assert prefix(reply) == "RPC_INVALID_PARAMS" and "messages" in reply["error"]["message"]


def test_search_is_best_first_by_the_score_it_shows(spawn: Any) -> None:
    sidecar = spawn()
    texts = ["主题 数据库 端口 插件", "tmux", "vim 家里 python", "版本", "pnpm 家里 tmux", "用户用 zsh 和 Linux"]
    ok(sidecar.call("ai_save_memories", {"items": [item(f"m{i}", t, i) for i, t in enumerate(texts)]}, 1))
    for n, query in enumerate(["linux zsh", "家里的 tmux", "数据库端口"]):
        scores = [hit["score"] for hit in ok(sidecar.call("ai_search_memories", {"query": query}, 2 + n))["items"]]
        assert scores and scores == sorted(scores, reverse=True) and all(s > 0 for s in scores)
