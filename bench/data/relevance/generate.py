"""Build memories.jsonl and questions.jsonl from the hand-written sources plus seeded composed facts."""

from __future__ import annotations

import json
import re
import random
import sys
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen_facts as F  # noqa: E402

SEED = 20261130
TOTAL = 1000
TZ = timezone(timedelta(hours=8))
START = datetime(2025, 6, 1, tzinfo=TZ)
END = datetime(2026, 11, 27, tzinfo=TZ)
MID = START + (END - START) / 2
SCOPES = {
    "g": "global", "mc": "project:mini-cc", "ll": "project:ledger-lite", "tp": "project:tidepool",
    "ag": "project:atlas-gateway", "hc": "project:harbor-console", "kc": "project:kanji-cards",
    "blog": "project:chuan.dev", "hl": "project:homelab", "kite": "ssh:kite",
}
CJK_START = "\u3400"
EN_SHARE = 0.47  # share of composed facts rendered in English (hand-written ones are mostly Chinese)

Fact = dict[str, str]


def read_rows(name: str, fields: int) -> list[list[str]]:
    rows = []
    for line in (HERE / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split("|", fields - 1)
            if len(parts) != fields:
                raise SystemExit(f"{name}: bad line {line!r}")
            rows.append([p.strip() for p in parts])
    return rows


def pick(rng: random.Random, zh: str, en: str) -> str:
    return en if en and rng.random() < EN_SHARE else zh


def month_en(ym: str) -> str:
    return datetime.strptime(ym, "%Y-%m").strftime("%B %Y")


def month_zh(ym: str) -> str:
    y, m = ym.split("-")
    return f"{y} 年 {int(m)} 月"


def composed(rng: random.Random) -> list[Fact]:
    """Composed facts: each list item is used once, phrased with one of several templates per language."""
    out: list[Fact] = []

    def add(scope: str, content: str, when: str = "-") -> None:
        out.append({"key": "-", "scope": scope, "when": when, "content": content})

    for code, lib, pz, pe in F.DEPS:
        p = F.PROJECTS[code]
        if rng.random() < EN_SHARE:
            add(code, rng.choice(F.DEP_EN).format(p=p, lib=lib, pe=pe))
        else:
            add(code, rng.choice(F.DEP_ZH).format(p=p, lib=lib, pz=pz))
    for alias, mz, me in F.SHELL:
        shell, where = rng.choice(F.SHELL_WHERE)
        if alias.startswith("bindkey"):
            shell, where = F.SHELL_WHERE[0]
        if rng.random() < EN_SHARE:
            where_en = {"zsh": "his zsh config", "fish": "his fish config"}[shell]
            add("g", f"The user has `{alias}` in {where_en}" + (f" ({me})" if me else ""))
        else:
            add("g", f"用户在{where}里加了 {alias}" + (f"，{mz}" if mz else ""))
    months = [f"{y}-{m:02d}" for y in (2025, 2026) for m in range(1, 13) if "2025-06" <= f"{y}-{m:02d}" <= "2026-10"]
    for code, sz, cz, se, ce in F.INCIDENTS:
        p = F.PROJECTS.get(code, "kite" if code == "kite" else "家里")
        ym = rng.choice(months)
        if code in ("g", "kite"):
            text = pick(rng, f"{month_zh(ym)}，{sz}，原因是{cz}", f"In {month_en(ym)} {se} because {ce}")
        elif rng.random() < EN_SHARE:
            text = rng.choice(F.INC_EN).format(p=p, yme=month_en(ym), se=se, ce=ce)
        else:
            text = rng.choice(F.INC_ZH).format(p=p, ym=month_zh(ym), sz=sz, cz=cz)
        add(code, text, "a:" + ym)
    for (bz, be), (oz, oe) in zip(F.BOOKS, [rng.choice(F.OPINIONS) for _ in F.BOOKS]):
        add("g", pick(rng, f"用户读了{bz}，{oz}", f'The user has been reading "{be}" and {oe}'))
    for mz, me in F.MOVIES:
        nz, ne = rng.choice(F.MOVIE_NOTES)
        add("g", pick(rng, f"用户看过{mz}，{nz}", f"The user watched {me} {ne}"))
    for iz, ie, uz, ue in F.PURCHASES:
        add("g", pick(rng, f"用户买了{iz}" + (f"，用来{uz}" if uz else ""), f"The user bought {ie}" + (f" {ue}" if ue else "")))
    for n, rz, dz, re_, de in F.PEOPLE:
        if rng.random() < EN_SHARE:
            add("g", rng.choice(F.PEOPLE_EN).format(n=n, re=re_, de=de))
        else:
            add("g", rng.choice(F.PEOPLE_ZH).format(n=n, rz=rz, dz=dz))
    for pz, pe, when, dz, de in F.TRIPS:
        y, m = when.replace(" 月", "").split(" 年 ")
        ym = f"{y}-{int(m):02d}"
        add("g", pick(rng, f"用户在 {when}去过{pz}，{dz}", f"The user went to {pe} in {month_en(ym)}: {de}"), "a:" + ym)
    for zh, en in F.OPINION_FACTS + F.EDITOR + F.HEALTH + F.MONEY + F.LEARNING + F.DECISIONS + F.MISC:
        add("g", pick(rng, zh, en))
    for zh, en in F.SCHEDULE:
        add("g", pick(rng, zh, en))
    for mz, me, dz, de in F.INFRA:
        code = "kite" if mz == "kite" else ("hl" if mz in ("树莓派", "N100 小主机") else "g")
        add(code, pick(rng, f"{mz} 上{dz}" if not dz.startswith(("Docker", "内存", "系统", "每月", "时区")) else f"{mz}的{dz}",
                       f"On {me}, {de}" if de[0].isupper() else f"{me[0].upper()}{me[1:]} {de}"))
    for code, attrs in F.PROJECT_ATTRS.items():
        p = F.PROJECTS[code]
        for az, ae, value in attrs:
            vz, _, ve = value.partition("|")
            ve = ve or vz
            add(code, pick(rng, f"{p} 的{az}是" + ("" if vz[0] >= CJK_START else " ") + vz, f"{p}'s {ae}: {ve}" if rng.random() < 0.5 else f"{p} — {ae}: {ve}"))
    for ym, zh, en in F.WORK_LOG:
        add("g", pick(rng, f"{month_zh(ym)}，{zh}", f"In {month_en(ym)} {en}"), "a:" + ym)
    for text in F.FAMILY + F.HOME:
        add("g", text)
    for place, dish in F.FOOD:
        add("g", rng.choice(F.FOOD_T).format(p=place, d=dish))
    for f in out:
        f["content"] = spaced(f["content"])
    return out


def spaced(text: str) -> str:
    """Chinese extraction style puts a space between CJK and Latin/digit runs."""
    text = re.sub(r"([\u3400-\u9fff])([A-Za-z0-9~./`])", r"\1 \2", text)
    return re.sub(r"([A-Za-z0-9`%])([\u3400-\u9fff])", r"\1 \2", text)


def stamp(rng: random.Random, when: str) -> int:
    lo, hi = START, END
    if when == "o":
        hi = MID
    elif when == "n":
        lo = MID
    elif when.startswith("a:"):
        lo = max(START, datetime.strptime(when[2:], "%Y-%m").replace(tzinfo=TZ) + timedelta(days=3))
        hi = min(END, lo + timedelta(days=150))
    elif when != "-":
        raise SystemExit(f"bad when {when!r}")
    t = lo + (hi - lo) * rng.random()
    return int(t.timestamp() * 1000)


def main() -> None:
    rng = random.Random(SEED)
    hand = [{"key": k, "scope": s, "when": w, "content": c} for k, s, w, c in read_rows("hand_memories.txt", 4)]
    extra = composed(rng)
    seen = {f["content"] for f in hand}
    extra = [f for f in extra if f["content"] not in seen]
    need = TOTAL - len(hand)
    if len(extra) < need:
        raise SystemExit(f"only {len(extra)} composed facts, need {need}")
    rng.shuffle(extra)
    facts = hand + extra[:need]
    for f in facts:
        f["createdAt"] = str(stamp(rng, f["when"]))
        scope = SCOPES[f["scope"]]
        if scope.startswith("project:") and rng.random() < 0.12:
            scope = "global"  # extracted in a general chat that mentioned the project
        f["sourceScope"] = scope
    facts.sort(key=lambda f: int(f["createdAt"]))
    ids: dict[str, str] = {}
    with (HERE / "memories.jsonl").open("w", encoding="utf-8") as out:
        for i, f in enumerate(facts, 1):
            mid = f"m{i:04d}"
            if f["key"] != "-":
                ids[f["key"]] = mid
            item = {"id": mid, "content": f["content"], "createdAt": int(f["createdAt"]), "sourceScope": f["sourceScope"]}
            out.write(json.dumps(item, ensure_ascii=False) + "\n")

    questions = read_rows("hand_questions.txt", 4)
    rng.shuffle(questions)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for i, q in enumerate(questions):
        by_kind[q[2]].append(i)
    split: dict[int, str] = {}
    for kind in sorted(by_kind):
        members = by_kind[kind]
        rng.shuffle(members)
        first = rng.choice(["dev", "test"])
        second = "test" if first == "dev" else "dev"
        for j, i in enumerate(members):
            split[i] = first if j % 2 == 0 else second
    with (HERE / "questions.jsonl").open("w", encoding="utf-8") as out:
        for i, (answers, lang, kind, text) in enumerate(questions):
            item = {"id": f"q{i + 1:03d}", "question": text, "answers": [ids[a] for a in answers.split(",")],
                    "lang": lang, "kind": kind, "split": split[i]}
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"memories: {len(facts)} ({len(hand)} hand-written, {need} composed); questions: {len(questions)}")


if __name__ == "__main__":
    main()
