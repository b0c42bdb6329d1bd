"""Baseline for bench/run.py: the same contract done naively (stdlib json, a `for line in sys.stdin` loop)."""

import json
import os
import sys
from typing import Any

CONFIG_DIR = sys.argv[sys.argv.index("--config-dir") + 1]
MEMORY = os.path.join(CONFIG_DIR, "ai", "memory", "memory.json")


def load() -> list[dict[str, Any]]:
    try:
        with open(MEMORY, encoding="utf-8") as f:
            items: list[dict[str, Any]] = json.load(f)
    except (OSError, ValueError):
        return []
    return sorted(items, key=lambda m: m["createdAt"])


def save(items: list[dict[str, Any]], limit: int = 100) -> None:
    items = sorted(({**m, "content": m["content"][:200]} for m in items), key=lambda m: m["createdAt"])[-limit:]
    os.makedirs(os.path.dirname(MEMORY), exist_ok=True)
    tmp = MEMORY + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False, indent=2)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, MEMORY)


def handle(method: str, params: dict[str, Any]) -> Any:
    if method == "ai_list_memories":
        return load()
    if method == "ai_save_memories":
        return save(params["items"], max(10, min(1000, params.get("limit") or 100)))
    if method == "ai_clear_memories":
        if os.path.exists(MEMORY):
            os.remove(MEMORY)
        return None
    if method == "sidecar_info":
        return {"name": "naive", "pid": os.getpid()}
    raise KeyError(method)


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    try:
        result = handle(request["method"], request.get("params") or {})
        reply = {"jsonrpc": "2.0", "id": request["id"], "result": result}
    except Exception as exc:
        reply = {"jsonrpc": "2.0", "id": request.get("id"),
                 "error": {"code": -32603, "message": f"INTERNAL: {type(exc).__name__}"}}
    print(json.dumps(reply, ensure_ascii=False), flush=True)
