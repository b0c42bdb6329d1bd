"""Check the relevance benchmark files and print their statistics, the recency baseline and a BM25 reference."""

from __future__ import annotations

import json
import math
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEADER = "# 跨会话记忆（以下是你与用户的历史交互中记住的事实）"
BUDGETS = (2048, 8192)
KINDS = {"direct", "paraphrase", "entity", "indirect", "cross-language"}
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")


def load(name: str) -> list[dict]:
    rows = []
    for n, line in enumerate((HERE / name).read_text(encoding="utf-8").splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{name}:{n}: invalid JSON: {exc}") from exc
    return rows


def lang_of(text: str) -> str:
    """zh / en / mixed by script share: mixed = Chinese present but Latin letters outweigh it (a CJK char counts 2)."""
    cjk, lat = len(CJK.findall(text)), len(LATIN.findall(text))
    if cjk == 0:
        return "en"
    return "mixed" if lat / (lat + 2 * cjk) >= 0.5 else "zh"


def check(memories: list[dict], questions: list[dict]) -> list[str]:
    errors = []
    ids = [m.get("id") for m in memories]
    if len(set(ids)) != len(ids):
        errors.append("memory ids are not unique")
    for m in memories:
        if set(m) != {"id", "content", "createdAt", "sourceScope"}:
            errors.append(f"{m.get('id')}: fields {sorted(m)}")
        content = m.get("content")
        if not isinstance(content, str) or not content.strip() or len(content) > 200:
            errors.append(f"{m.get('id')}: content empty or over 200 chars")
        if not isinstance(m.get("createdAt"), int) or not isinstance(m.get("sourceScope"), str):
            errors.append(f"{m.get('id')}: createdAt/sourceScope type")
    if len({m["content"] for m in memories}) != len(memories):
        errors.append("duplicate memory contents")
    known = set(ids)
    qids = [q.get("id") for q in questions]
    if len(set(qids)) != len(qids):
        errors.append("question ids are not unique")
    for q in questions:
        answers = q.get("answers")
        if not isinstance(answers, list) or not 1 <= len(answers) <= 3 or len(set(answers)) != len(answers):
            errors.append(f"{q.get('id')}: answers must be 1-3 distinct ids")
        elif not set(answers) <= known:
            errors.append(f"{q.get('id')}: unknown answer ids {sorted(set(answers) - known)}")
        if not isinstance(q.get("question"), str) or not q["question"].strip():
            errors.append(f"{q.get('id')}: empty question")
        if q.get("lang") not in ("zh", "en", "mixed") or q.get("kind") not in KINDS or q.get("split") not in ("dev", "test"):
            errors.append(f"{q.get('id')}: lang/kind/split")
    return errors


def render_fits(lines: list[str], omitted: int, budget: int) -> bool:
    text = HEADER + "\n\n" + "\n".join("- " + s for s in lines)
    if omitted:
        text += f"\n\n（其余 {omitted} 条记忆因总量超限未注入）"
    return len(text.encode("utf-8")) <= budget


def inject(order: list[dict], budget: int) -> set[str]:
    """Take memories in the given priority order while the S6.2 rendering stays within budget."""
    taken: list[dict] = []
    for m in order:
        if render_fits([t["content"] for t in taken + [m]], len(order) - len(taken) - 1, budget):
            taken.append(m)
        else:
            break
    return {m["id"] for m in taken}


def tokens(text: str) -> list[str]:
    """S10.1-style tokens: NFKC + casefold, CJK character bigrams (a lone CJK char as itself), Latin/digit words."""
    text = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    for run in re.findall(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+", text):
        if CJK.match(run):
            out.extend([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])
        else:
            out.append(run)
    return out


def bm25_order(memories: list[dict], query: str, k1: float = 1.2, b: float = 0.75) -> list[dict]:
    docs = [Counter(tokens(m["content"])) for m in memories]
    avg = sum(sum(d.values()) for d in docs) / len(docs)
    df: Counter[str] = Counter(t for d in docs for t in d)
    n = len(docs)
    q = set(tokens(query))
    scores = []
    for m, d in zip(memories, docs):
        length = sum(d.values())
        s = 0.0
        for t in q & d.keys():
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
            s += idf * d[t] * (k1 + 1) / (d[t] + k1 * (1 - b + b * length / avg))
        scores.append((s, m["createdAt"], m))
    scores.sort(key=lambda x: (-x[0], -x[1]))
    return [m for _, _, m in scores]


def share(hits: list[bool]) -> str:
    return f"{sum(hits)}/{len(hits)} = {100 * sum(hits) / len(hits):.1f}%"


def main() -> int:
    memories, questions = load("memories.jsonl"), load("questions.jsonl")
    errors = check(memories, questions)
    for e in errors:
        print("ERROR", e)
    if errors:
        return 1
    print(f"OK: {len(memories)} memories, {len(questions)} questions")
    print("memory languages:", dict(Counter(lang_of(m["content"]) for m in memories)))
    print("memory scopes:", dict(Counter(m["sourceScope"] for m in memories).most_common()))
    print("question kinds:", dict(Counter(q["kind"] for q in questions)))
    print("question langs:", dict(Counter(q["lang"] for q in questions)))
    print("splits:", dict(Counter((q["split"], q["kind"]) for q in questions)))
    print("answers per question:", dict(Counter(len(q["answers"]) for q in questions)))
    newest = sorted(memories, key=lambda m: -m["createdAt"])
    rank = {m["id"]: i for i, m in enumerate(newest)}
    answer_ranks = sorted(rank[a] for q in questions for a in q["answers"])
    print("answer-memory age rank (0 = newest): quartiles",
          [answer_ranks[len(answer_ranks) * k // 4] for k in range(4)], "max", answer_ranks[-1])
    by_id = {m["id"]: m for m in memories}
    for top in (60, 15):
        print(f"all answers among the newest {top}:", share([all(rank[a] < top for a in q["answers"]) for q in questions]))
    for split in ("all", "dev", "test"):
        qs = [q for q in questions if split in ("all", q["split"])]
        for budget in BUDGETS:
            recent = inject(newest, budget)
            base = [set(q["answers"]) <= recent for q in qs]
            bm = [set(q["answers"]) <= inject(bm25_order(memories, q["question"]), budget) for q in qs]
            print(f"[{split}] budget {budget} B: newest-first (S6.2) {share(base)} ({len(recent)} injected); "
                  f"reference BM25 {share(bm)}")
    if "--misses" in sys.argv:
        for q in questions:
            if not set(q["answers"]) <= inject(bm25_order(memories, q["question"]), 8192):
                print("MISS@8K", q["id"], q["kind"], q["question"], "->", [by_id[a]["content"] for a in q["answers"]])
    if "--by-kind" in sys.argv:
        for kind in sorted(KINDS):
            qs = [q for q in questions if q["kind"] == kind]
            for budget in BUDGETS:
                bm = [set(q["answers"]) <= inject(bm25_order(memories, q["question"]), budget) for q in qs]
                print(f"  {kind:15} {budget:5} B BM25 {share(bm)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
