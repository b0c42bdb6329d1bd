"""Long-use benchmark (issue 15): histories learnt session by session through the wire, then every question asked."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data" / "longuse"
HISTORIES = ("dev", "parent", "research", "hobby")
BUDGETS = (8192, 2048)
AGES = ("early", "middle", "late")
METHOD_NOT_FOUND = -32601
KNOWN_BUDGET_BYTES = 4096  # S10.4's default 「已有记忆」 budget, for --echo

Row = dict[str, Any]
HOW = """\
Each session is one `ai_merge_memories` (raw = the session's facts as the model's JSON array, sourceScope =
the session id) sent to a real `python -m sidecar --memory-limit L`. Then every question is asked with
`ai_memory_context {budgetBytes, query}`; a hit is a question whose answer (the fact's current text, or a
restatement of it) is in the injected content. Reported by the age of the answer (the third of the history
it was last said in), for the limit 100, "keep everything" (limit 1000) and the original design (no query),
for each history alone and for the four stored together. Uses the archive (S11) when the sidecar has one.
"""


def key(text: str) -> str:
    """S9.1's match key: NFKC, casefold, no whitespace, punctuation or symbols."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if not ch.isspace() and unicodedata.category(ch)[0] not in "PS")


def rows(name: str) -> list[Row]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


class RpcError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Sidecar:
    """One real sidecar process on its own config dir, one request at a time."""

    def __init__(self, python: str, root: Path, config_dir: Path, *flags: str) -> None:
        """Runs the `sidecar` package of the checkout `root`."""
        self.proc = subprocess.Popen([python, "-m", "sidecar", "--config-dir", str(config_dir), *flags],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=root, env={**os.environ, "PYTHONPATH": str(root),
                                                    # by words: the ranking by meaning joins after a load whose
                                                    # timing would make the figures vary (bench/semantic_blend.py)
                                                    "AI_MEMORY_SEMANTIC": os.environ.get("AI_MEMORY_SEMANTIC", "off"),
                                                    **({} if root == ROOT else {"PYTHONDONTWRITEBYTECODE": "1"})})
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        self.next_id = 0

    def send(self, method: str, params: Row | None = None) -> bytes:
        self.next_id += 1
        message: Row = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.stdin.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")
        self.stdin.flush()
        reply = self.stdout.readline()
        if not reply:
            raise RuntimeError(f"the sidecar exited during {method}")
        return reply

    def call(self, method: str, params: Row | None = None) -> Any:
        reply = json.loads(self.send(method, params))
        if "error" in reply:
            raise RpcError(reply["error"]["code"], reply["error"]["message"])
        return reply["result"]

    def has_archive(self) -> bool:
        try:
            self.call("ai_list_archive", {"limit": 1})
        except RpcError as exc:
            if exc.code == METHOD_NOT_FOUND:
                return False
            raise
        return True

    def close(self) -> None:
        self.stdin.close()
        self.proc.wait(30)
        self.stdout.close()


def injected_keys(content: str | None) -> set[str]:
    """The keys of the memories rendered in an S6.2 context (one "- " line each)."""
    if not content:
        return set()
    return {key(line[2:]) for line in content.split("\n") if line.startswith("- ")}


@dataclass(frozen=True)
class Outcome:
    age: str
    source: str  # "core" (hand-written question) or "template"
    kept: bool  # an answering text is still in the store (or the archive)
    hits: frozenset[tuple[str, int]]  # (mode, budget) at which the answer was injected


class Scores(list[Outcome]):
    def rate(self, mode: str, budget: int, age: str | None = None, source: str | None = None) -> float:
        chosen = [o for o in self if age in (None, o.age) and source in (None, o.source)]
        return sum((mode, budget) in o.hits for o in chosen) / len(chosen) if chosen else float("nan")

    def kept_rate(self) -> float:
        return sum(o.kept for o in self) / len(self) if self else float("nan")


@dataclass
class Run:
    limit: int
    histories: tuple[str, ...]
    scores: Scores
    stored: int
    archived: int | None
    learn_s: float
    merges: Merges


def sessions(facts: list[Row], histories: Sequence[str]) -> Iterable[tuple[str, list[Row]]]:
    """Session by session in telling order; several histories take turns, session 1 of each, then 2, …"""
    grouped: dict[tuple[str, int], list[Row]] = {}
    for fact in facts:
        if fact["history"] in histories:
            grouped.setdefault((fact["history"], fact["session"]), []).append(fact)
    for number in sorted({s for _, s in grouped}):
        for history in histories:
            if (history, number) in grouped:
                yield f"{history}-s{number:02d}", grouped[history, number]


def known_memories(peer: Sidecar, told: list[Row]) -> list[str]:
    """What the product would send as 「已有记忆」: the most relevant stored memories within 4096 bytes (S10.4)."""
    query = "\n".join(f["content"] for f in told)
    found = peer.call("ai_search_memories", {"query": query, "limit": 200})["items"]
    chosen: list[str] = []
    for item in found:
        trial = [*chosen, item["memory"]["content"]]
        if len(json.dumps(trial, ensure_ascii=False).encode()) > KNOWN_BUDGET_BYTES:
            break
        chosen = trial
    return chosen


@dataclass
class Merges:
    """What the merges did with the histories' later facts, judged by the set's slots."""

    sent: int = 0
    reworded: int = 0  # restatements and changes told in other words than the fact they follow
    recognised: int = 0  # … that updated that fact's memory in place (S9.3)
    wrong: list[tuple[str, str]] = field(default_factory=list)  # a memory replaced by another slot's fact


def learn(peer: Sidecar, facts: list[Row], histories: Sequence[str], echo: bool) -> Merges:
    merges = Merges()
    slot_of = {key(f["content"]): (f["history"], f["slot"]) for f in facts}
    text_of = {f["id"]: f["content"] for f in facts}
    earlier: dict[tuple[str, str], set[str]] = {}  # slot → keys of the texts told of it so far
    for scope, told in sessions(facts, histories):
        known = known_memories(peer, told) if echo else []
        # The complete array (S5.5) leaves out a known memory the session restates or changes (S9.2).
        replaced = set().union(*(earlier.get((f["history"], f["slot"]), set()) for f in told))
        output = [{"content": c} for c in known if key(c) not in replaced] + [{"content": f["content"]} for f in told]
        for f in told:
            earlier.setdefault((f["history"], f["slot"]), set()).add(key(f["content"]))
        params: Row = {"raw": json.dumps(output, ensure_ascii=False), "sourceScope": scope}
        if echo:
            params["basis"] = known
        result = peer.call("ai_merge_memories", params)
        merges.sent += len(output)
        merges.reworded += sum(1 for f in told if f["of"] and key(text_of[f["of"]]) != key(f["content"]))
        for change in result["updated"]:
            before = slot_of.get(key(change["before"]["content"]))
            after = slot_of.get(key(change["after"]["content"]))
            if before != after:
                merges.wrong.append((change["before"]["content"], change["after"]["content"]))
            elif before is not None:
                merges.recognised += 1
    return merges


def all_kept(peer: Sidecar, archive: bool) -> set[str]:
    keys = {key(m["content"]) for m in peer.call("ai_list_memories")}
    if archive:
        offset = 0
        while True:
            page = peer.call("ai_list_archive", {"limit": 1000, "offset": offset})
            keys |= {key(m["content"]) for m in page["items"]}
            offset += len(page["items"])
            if not page["items"] or offset >= page["total"]:
                break
    return keys


def ask(peer: Sidecar, questions: list[Row], texts: dict[str, str], archive: bool,
        misses: list[str] | None = None) -> Scores:
    scores = Scores()
    recency = {b: injected_keys(peer.call("ai_memory_context", {"budgetBytes": b})["content"]) for b in BUDGETS}
    kept = all_kept(peer, archive)
    for question in questions:
        answers = {key(texts[a]) for a in question["accept"]}
        hits: set[tuple[str, int]] = set()
        for budget in BUDGETS:
            context = peer.call("ai_memory_context", {"budgetBytes": budget, "query": question["question"]})
            for mode, seen in (("query", injected_keys(context["content"])), ("recency", recency[budget])):
                if answers & seen:
                    hits.add((mode, budget))
                elif misses is not None and mode == "query" and budget == max(BUDGETS):
                    why = "kept, not injected" if answers & kept else "lost from the store"
                    answer = texts[question["answers"][-1]]
                    misses.append(f"{question['id']} ({why}): {question['question']} -> {answer}")
        scores.append(Outcome(question["age"], question["source"], bool(answers & kept), frozenset(hits)))
    return scores


def run(python: str, root: Path, limit: int, histories: tuple[str, ...], facts: list[Row], questions: list[Row],
        echo: bool, misses: list[str] | None = None) -> tuple[Run, bool]:
    with tempfile.TemporaryDirectory(prefix="longuse-") as tmp:
        peer = Sidecar(python, root, Path(tmp), "--memory-limit", str(limit))
        try:
            archive = peer.has_archive()
            started = time.perf_counter()
            merges = learn(peer, facts, histories, echo)
            learn_s = time.perf_counter() - started
            texts = {f["id"]: f["content"] for f in facts}
            scores = ask(peer, [q for q in questions if q["history"] in histories], texts, archive, misses)
            stored = len(peer.call("ai_list_memories"))
            archived = peer.call("ai_list_archive", {"limit": 1})["total"] if archive else None
        finally:
            peer.close()
    return Run(limit, histories, scores, stored, archived, learn_s, merges), archive


# ---------------------------------------------------------------- timing at 1 000 active + 9 000 archived

def bulk_contents(count: int, seed: int = 15) -> list[str]:
    """`count` distinct facts about people in a user's life, from the set's own word lists."""
    sys.path.insert(0, str(DATA.parent))
    from longuse import generate, material

    rng = random.Random(seed)
    names = [(s.split("/")[0] + g.split("/")[0], f"{s.split('/')[1]} {g.split('/')[1]}")
             for s in material.SURNAMES.split(",") for g in material.GIVEN.split(",")]
    relations = [("同事", "colleague"), ("朋友", "friend"), ("邻居", "neighbour"), ("大学同学", "classmate"),
                 ("前同事", "former colleague"), ("车友", "riding buddy"), ("表哥", "cousin"), ("闺蜜", "best friend")]
    out: dict[str, str] = {}
    while len(out) < count:
        attr = rng.choice(material.PEOPLE_ATTRS)
        value = rng.choice(generate.split_list(attr.values))
        (zh_rel, en_rel), (zh_name, en_name) = rng.choice(relations), rng.choice(names)
        lang = "zh" if rng.random() < 0.6 else "en"
        template = (attr.zh if lang == "zh" else attr.en).split("|")[0]
        out.setdefault(f"{zh_rel}{zh_name}:{attr.key}",
                       generate.render(template, f"{zh_rel}{zh_name}/{en_rel} {en_name}", value, lang))
    return list(out.values())


def fill(peer: Sidecar, contents: list[str], archived: int = 0) -> None:
    """Merge `contents` 100 at a time; with `archived`, stop once that many are in the archive."""
    for start in range(0, len(contents), 100):
        batch = [{"content": c} for c in contents[start:start + 100]]
        peer.call("ai_merge_memories", {"raw": json.dumps(batch, ensure_ascii=False), "sourceScope": "bulk"})
        if archived and peer.call("ai_list_archive", {"limit": 1})["total"] >= archived:
            return


def p50_ms(peers: list[Sidecar], requests: list[tuple[str, Row | None]]) -> list[float]:
    """Round trips, each request sent to every peer in turn (interleaved, so all see the same machine load)."""
    samples: list[list[float]] = [[] for _ in peers]
    for method, params in requests:
        for n, peer in enumerate(peers):
            started = time.perf_counter()
            peer.send(method, params)
            samples[n].append(time.perf_counter() - started)
    return [1000 * statistics.median(s) for s in samples]


def timing(python: str, roots: list[Path], questions: list[Row], rounds: int) -> list[str]:
    """p50 round trips at 1 000 active memories, and at 1 000 active + 9 000 archived where there is an archive."""
    contents = bulk_contents(12_000)
    asked = [q["question"] for q in questions][:rounds]
    peers: list[Sidecar] = []
    columns: list[str] = []
    with tempfile.TemporaryDirectory(prefix="longuse-t-") as tmp:
        try:
            for n, root in enumerate(roots):
                plain = Sidecar(python, root, Path(tmp) / f"plain{n}", "--memory-limit", "1000")
                peers.append(plain)
                fill(plain, contents[-1000:])
                columns.append(f"{root.name}: {len(plain.call('ai_list_memories'))} active")
                if plain.has_archive():
                    big = Sidecar(python, root, Path(tmp) / f"archived{n}", "--memory-limit", "1000")
                    peers.append(big)
                    fill(big, contents, archived=9000)
                    total = big.call("ai_list_archive", {"limit": 1})["total"]
                    columns.append(f"{root.name}: {len(big.call('ai_list_memories'))} active + {total} archived")
            out = [f"| request (p50 round trip, {len(asked)} rounds, interleaved) | " + " | ".join(columns) + " |",
                   "|---|" + "---:|" * len(peers)]
            for label, requests in (
                ("ai_memory_context with a query, 8 KB",
                 [("ai_memory_context", {"budgetBytes": 8192, "query": q}) for q in asked]),
                ("ai_memory_context, no query", [("ai_memory_context", None)] * len(asked)),
                ("ai_list_memories", [("ai_list_memories", None)] * len(asked)),
            ):
                out.append(f"| {label} | " + " | ".join(f"{ms:.2f} ms" for ms in p50_ms(peers, list(requests))) + " |")
            if len(peers) == len(roots):
                out.append("(no archive in any sidecar here: the 1 000 active + 9 000 archived timing was not run)")
            return out
        finally:
            for peer in peers:
                peer.close()


# ---------------------------------------------------------------- report

def table(runs: list[tuple[str, str, Scores, str]]) -> list[str]:
    out = ["| store | context | kept (any place) | 8 KB early | middle | late | **8 KB all** "
           "| 2 KB early | middle | late | **2 KB all** |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for store, label, scores, mode in runs:
        cells = [f"{scores.kept_rate():.3f}"]
        for budget in BUDGETS:
            cells += [f"{scores.rate(mode, budget, a):.3f}" for a in AGES]
            cells.append(f"**{scores.rate(mode, budget):.3f}**")
        out.append(f"| {store} | {label} | " + " | ".join(cells) + " |")
    return out


def report(args: argparse.Namespace, root: Path, facts: list[Row], questions: list[Row],
           singles: tuple[str, ...]) -> None:
    results: dict[tuple[int, str], Run] = {}
    archive = False
    groups = [(h,) for h in singles] + ([] if args.quick else [HISTORIES])
    misses: list[str] = []
    for limit in (100, 1000):
        for group in groups:
            listed = misses if args.misses == str(limit) and len(group) == 1 else None
            result, archive = run(args.python, root, limit, group, facts, questions, args.echo, listed)
            results[limit, "+".join(group)] = result
    told = sum(1 for f in facts if f["history"] in singles)
    histories = f"{len(singles)} histor{'y' if len(singles) == 1 else 'ies'}"
    print(f"\n## long-use benchmark: the sidecar of {root} {'WITH' if archive else 'without'} the archive (S11)\n\n"
          f"{told} facts in {histories} of 30 sessions, {len(questions)} questions; "
          f"{'echo of 「已有记忆」 on' if args.echo else 'each session = its own facts only, no basis'}\n")

    def pooled(limit: int, names: Iterable[str]) -> Scores:
        total = Scores()
        for name in names:
            total += results[limit, name].scores
        return total

    lines: list[tuple[str, str, Scores, str]] = []
    one = "one history" if args.quick else "one history alone (the four, pooled)"
    for store, names in ((one, singles), ("four histories in one store", ["+".join(HISTORIES)])):
        if store.startswith("four") and args.quick:
            continue
        lines += [(store, "limit 100, query (this sidecar)", pooled(100, names), "query"),
                  (store, "limit 1000, query (keep everything)", pooled(1000, names), "query"),
                  (store, "limit 100, no query (the original design)", pooled(100, names), "recency")]
    print(*table(lines), sep="\n")
    print("\nBy question kind at 8 KB (hand-written, indirect / templated, naming the thing asked about):",
          "; ".join(f"{store}, {label}: {scores.rate(mode, 8192, source='core'):.3f} / "
                    f"{scores.rate(mode, 8192, source='template'):.3f}" for store, label, scores, mode in lines))
    if not args.quick:
        print("\nEach history alone, limit 100 with a query (8 KB / 2 KB):",
              ", ".join(f"{h} {results[100, h].scores.rate('query', 8192):.3f} / "
                        f"{results[100, h].scores.rate('query', 2048):.3f}" for h in singles))
    print("\nStores at the end:", "; ".join(
        f"{name} at {limit}: {r.stored} active" + (f" + {r.archived} archived" if r.archived is not None else "")
        + f", {r.merges.sent} items merged in {r.learn_s:.1f} s" for (limit, name), r in results.items()))
    kept_whole = [results[1000, h].merges for h in singles]
    wrong = [pair for m in kept_whole for pair in m.wrong]
    print(f"\nMerging, each history alone at limit 1000: {sum(m.recognised for m in kept_whole)} of "
          f"{sum(m.reworded for m in kept_whole)} restatements and changes in other words updated their memory; "
          f"{len(wrong)} memories were replaced by a different fact" + (" (--misses lists them)" if wrong else ""))
    if args.misses:
        print(*(f"  wrong merge: {a} => {b}" for a, b in wrong), sep="\n")
        print(f"\nMisses at 8 KB, limit {args.misses}, each history alone:", *misses, sep="\n")


def default_python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    if importlib.util.find_spec("msgspec") is None and venv.exists():
        return str(venv)
    return sys.executable


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, epilog=HOW,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one history, every third question, no timing")
    parser.add_argument("--python", default=default_python(),
                        help="the interpreter that runs `-m sidecar` (default: this one if it has the sidecar's "
                             "dependencies, else .venv/bin/python)")
    parser.add_argument("--echo", action="store_true",
                        help="each session's output also repeats the 「已有记忆」 the product would send (S5.5's "
                             "complete array, leaving out the ones the session restates or changes), passed as "
                             "basis")
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--misses", choices=["100", "1000"],
                        help="list the 8 KB misses of each history alone at this limit")
    parser.add_argument("--rounds", type=int, default=200, help="timing rounds")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="run the sidecar of this checkout (default: the one holding this script)")
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="also run everything on this checkout's sidecar, as a baseline (repeatable)")
    args = parser.parse_args()
    facts, questions = rows("facts.jsonl"), rows("questions.jsonl")
    singles: tuple[str, ...] = HISTORIES
    if args.quick:
        singles = ("dev",)
        questions = [q for n, q in enumerate(questions) if q["history"] in singles and n % 3 == 0]
    started = time.perf_counter()
    roots = [path.resolve() for path in (args.root, *args.against)]
    for root in roots:
        report(args, root, facts, questions, singles)
    if not (args.quick or args.no_timing):
        print("\n## Timing\n", *timing(args.python, roots, questions, args.rounds), sep="\n")
    print(f"\n(whole run {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
