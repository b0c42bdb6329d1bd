"""Build facts.jsonl and questions.jsonl of the long-use set from material.py; fixed seeds, same bytes every run."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from longuse import material as M  # noqa: E402

SEED = 20261201
SESSIONS = 30
NEW_PER_SESSION = (4, 11)  # domain facts told in one session, besides the hand-written core ones
RESTATE_SHARE = 0.13  # of the facts told, how many are said again later (other words, or the same)
UPDATE_SHARE = 0.09  # of the single-valued ones, how many change later (a new value)
VERBATIM_SHARE = 0.3  # of the restatements, how many repeat the same words
TEMPLATED_PER_THIRD = 17  # questions composed per third of a history, beside the hand-written ones
THIRDS = ("early", "middle", "late")


def form(text: str, lang: str) -> str:
    """'中文/English' → the form for `lang`; a text without '/' (or a path) is the same in both."""
    zh, sep, en = text.partition("/")
    if not sep or not zh or text.startswith("/"):
        return text
    return zh if lang == "zh" else en


def split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def third(session: int) -> str:
    return THIRDS[min(2, (session - 1) * 3 // SESSIONS)]


def lang_of(text: str) -> str:
    cjk = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    if cjk == 0:
        return "en"
    return "zh" if 2 * cjk >= latin else "mixed"


@dataclass
class Event:
    session: int
    kind: str  # new | restate | update
    text: str
    id: str = ""


@dataclass
class Slot:
    """One fact about one thing (an entity's attribute, or a core fact) and everything later said about it."""

    key: str
    events: list[Event]
    questions: list[tuple[str, str]] = field(default_factory=list)  # (language, template) with {e} filled later
    entity: str = ""
    domain: str = ""

    def current(self) -> list[Event]:
        """The statements of the value that holds at the end: from the last update (or the first) onwards."""
        start = max(i for i, e in enumerate(self.events) if e.kind != "restate")
        return self.events[start:]


CJK_THEN_LATIN = re.compile(r"([\u3400-\u9fff])([A-Za-z0-9])")
LATIN_THEN_CJK = re.compile(r"([A-Za-z0-9%])([\u3400-\u9fff])")


def spaced(text: str) -> str:
    """A space between Chinese and Latin/digits, as extraction models write ("用户的 Node 版本是 18")."""
    return LATIN_THEN_CJK.sub(r"\1 \2", CJK_THEN_LATIN.sub(r"\1 \2", text))


def render(template: str, entity: str, value: str, lang: str) -> str:
    if lang == "zh":  # spaces only where Chinese meets Latin, whatever the template or value holds
        template = re.sub(r" *(\{[ev]\}) *", r"\1", template)
    text = spaced(template.replace("{e}", form(entity, lang)).replace("{v}", form(value, lang)))
    return text[0].upper() + text[1:] if lang_of(text) == "en" else text


def people_entities(person: M.Person, names: list[str], rng: random.Random) -> tuple[str, ...]:
    out = []
    for name in names:
        relation = rng.choice(person.people_relations)
        zh_rel, _, en_rel = relation.partition("/")
        zh_name, _, en_name = name.partition("/")
        out.append(f"{zh_rel}{zh_name}/{en_rel} {en_name}")
    return tuple(out)


def domain_slots(person: M.Person, domains: tuple[M.Domain, ...], budget: int,
                 rng: random.Random) -> list[list[Slot]]:
    """Topics (one entity, 1–5 of its attributes) drawn by domain weight until `budget` facts."""
    topics: list[list[Slot]] = []
    unused = {d.name: list(d.entities) for d in domains}
    for d in domains:
        rng.shuffle(unused[d.name])
    weights = [d.weight for d in domains]
    count = 0
    while count < budget:
        domain = rng.choices(domains, weights)[0]
        if not unused[domain.name]:
            continue
        entity = unused[domain.name].pop()
        lang = "zh" if rng.random() < person.zh_share else "en"
        attrs = rng.sample(domain.attrs, k=min(len(domain.attrs), rng.randint(1, 5)))
        topic: list[Slot] = []
        for attr in attrs:
            values = split_list(attr.values)
            chosen = rng.sample(values, k=rng.randint(2, 3)) if not attr.single else [rng.choice(values)]
            for value in chosen:
                template = (attr.zh if lang == "zh" else attr.en).split("|")[0]
                slot = Slot(f"{domain.name}:{form(entity, 'en')}:{attr.key}" + ("" if attr.single else f":{value}"),
                            [Event(0, "new", render(template, entity, value, lang))], entity=entity, domain=domain.name)
                if attr.single:
                    for qlang, qs in (("zh", attr.q_zh), ("en", attr.q_en)):
                        slot.questions += [(qlang, q) for q in qs.split("|") if q]
                    later(slot, attr, entity, value, lang, rng, person)
                elif rng.random() < RESTATE_SHARE:
                    slot.events.append(Event(-1, "restate", render((attr.zh if lang == "zh" else attr.en).split("|")[1],
                                                                   entity, value, lang)))
                topic.append(slot)
        topics.append(topic)
        count += len(topic)
    return topics


def later(slot: Slot, attr: M.Attr, entity: str, value: str, lang: str, rng: random.Random,
          person: M.Person) -> None:
    """Restatements and changes said in later sessions (session fixed once the first telling is placed)."""
    current = value
    for _ in range(2):
        roll = rng.random()
        if roll < UPDATE_SHARE:
            current = rng.choice([v for v in split_list(attr.values) if v != current])
            slot.events.append(Event(-1, "update", render((attr.zh if lang == "zh" else attr.en).split("|")[0],
                                                          entity, current, lang)))
        elif roll < UPDATE_SHARE + RESTATE_SHARE:
            said = lang
            if person.key == "dev" and rng.random() < 0.25:
                said = "en" if lang == "zh" else "zh"
            pick = 0 if rng.random() < VERBATIM_SHARE and said == lang else 1
            slot.events.append(Event(-1, "restate", render((attr.zh if said == "zh" else attr.en).split("|")[pick],
                                                           entity, current, said)))
        else:
            return


def core_slots(person: M.Person) -> list[Slot]:
    out = []
    for n, core in enumerate(person.core):
        events = [Event(core.session, "new", core.text)]
        events += [Event(said.session, said.kind, said.text) for said in core.later]
        slot = Slot(f"core:{n:02d}", events, domain="core")
        slot.questions = [(lang_of(q) if lang_of(q) != "mixed" else "zh", q) for q in core.questions]
        out.append(slot)
    return out


def place(topics: list[list[Slot]], cores: list[Slot], rng: random.Random) -> list[Slot]:
    """Spread the topics over the sessions in telling order, then date each later restatement or change."""
    sizes = [rng.randint(*NEW_PER_SESSION) for _ in range(SESSIONS)]
    chunks: list[list[Slot]] = []
    for topic in topics:
        if len(topic) >= 3 and rng.random() < 0.4:
            cut = rng.randint(1, len(topic) - 1)
            chunks += [topic[:cut], topic[cut:]]
        else:
            chunks.append(topic)
    session, room = 1, sizes[0]
    slots: list[Slot] = []
    for chunk in chunks:
        if room <= 0 and session < SESSIONS:
            session += 1
            room = sizes[session - 1]
        for slot in chunk:
            slot.events[0].session = session
        room -= len(chunk)
        slots += chunk
    for slot in slots:
        first = slot.events[0].session
        for event in slot.events[1:]:
            if first + 2 > SESSIONS:
                del slot.events[slot.events.index(event):]
                break
            first = event.session = rng.randint(first + 2, min(SESSIONS, first + 2 + rng.randint(2, 20)))
    return cores + slots


def assign_ids(person: M.Person, slots: list[Slot]) -> list[tuple[Event, Slot]]:
    told = sorted(((e, s) for s in slots for e in s.events), key=lambda es: es[0].session)
    numbers: dict[int, int] = {}
    for event, _ in told:
        numbers[event.session] = numbers.get(event.session, 0) + 1
        event.id = f"{person.key}-{event.session:02d}-{numbers[event.session]:02d}"
    return told


def questions(person: M.Person, slots: list[Slot], rng: random.Random) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []

    def add(slot: Slot, lang: str, template: str, source: str) -> None:
        current = slot.current()
        text = spaced(template.replace("{e}", form(slot.entity, lang))) if slot.entity else template
        about = spaced(form(slot.entity, lang)) if slot.entity else ""
        out.append({"id": "", "history": person.key, "question": text, "lang": lang_of(text), "about": about,
                    "answers": [current[-1].id], "accept": [e.id for e in current],
                    "session": current[-1].session, "learnt": current[0].session,
                    "age": third(current[-1].session), "source": source, "slot": slot.key})

    for slot in slots:
        if slot.domain == "core":
            for lang, q in slot.questions:
                add(slot, lang, q, "core")
    for t in THIRDS:
        pool = [s for s in slots if s.domain != "core" and s.questions and third(s.current()[-1].session) == t]
        rng.shuffle(pool)
        by_attr: dict[str, list[Slot]] = {}
        for s in pool:
            by_attr.setdefault(s.key.rsplit(":", 1)[-1] + s.domain, []).append(s)
        order = [s for group in zip_longest(list(by_attr.values())) for s in group]
        for slot in order[:TEMPLATED_PER_THIRD]:
            fact_lang = "zh" if lang_of(slot.current()[-1].text) != "en" else "en"
            lang = fact_lang
            if person.key == "dev" and "/" not in slot.entity and rng.random() < 0.2:
                lang = "en" if fact_lang == "zh" else "zh"
            options = [q for ql, q in slot.questions if ql == lang] or [q for _, q in slot.questions]
            add(slot, lang, rng.choice(options), "template")
    out.sort(key=lambda q: (THIRDS.index(str(q["age"])), int(str(q["session"])), str(q["question"])))
    for n, row in enumerate(out, 1):
        row["id"] = f"{person.key}-q{n:03d}"
    return out


def zip_longest(groups: list[list[Slot]]) -> Iterator[list[Slot]]:
    for i in range(max((len(g) for g in groups), default=0)):
        yield [g[i] for g in groups if i < len(g)]


def persons(rng: random.Random) -> list[M.Person]:
    names = [f"{s.split('/')[0]}{g.split('/')[0]}/{s.split('/')[1]} {g.split('/')[1]}"
             for s in M.SURNAMES.split(",") for g in M.GIVEN.split(",")]
    pools = {k: split_list(v) for k, v in (("names", ",".join(names)), ("books", M.BOOKS), ("places", M.PLACES),
                                          ("food", M.RESTAURANTS), ("products", M.PRODUCTS))}
    for pool in pools.values():
        rng.shuffle(pool)

    def share(kind: str, n: int) -> tuple[str, ...]:
        part = len(pools[kind]) // 4
        return tuple(pools[kind][n * part:(n + 1) * part])

    specs = [
        ("dev", "a bilingual backend developer in Shenzhen, later Singapore", 0.55, M.DEV_CORE,
         (M.Domain("projects", M.DEV_PROJECTS, M.DEV_PROJECT_ATTRS, 4), M.Domain("machines", M.DEV_MACHINES, M.DEV_MACHINE_ATTRS),
          M.Domain("tools", M.DEV_TOOLS, M.DEV_TOOL_ATTRS)),
         ("同事/colleague", "朋友/friend", "大学同学/university classmate", "前同事/former colleague", "表哥/cousin")),
        ("parent", "a mother of two in Shanghai", 0.9, M.PARENT_CORE,
         (M.Domain("classes", M.PARENT_CLASSES, M.PARENT_CLASS_ATTRS, 2), M.Domain("dishes", M.PARENT_DISHES, M.PARENT_DISH_ATTRS),
          M.Domain("house", M.PARENT_HOUSE, M.PARENT_HOUSE_ATTRS)),
         ("乐乐同学的妈妈/son's classmate's mum", "朵朵同学的爸爸/daughter's classmate's dad",
          "闺蜜/best friend", "邻居/neighbour", "同事/colleague", "小姑子/sister-in-law")),
        ("research", "a computational-biology PhD student in Boston, later a postdoc in Zurich", 0.1, M.RES_CORE,
         (M.Domain("papers", M.RES_PAPERS, M.RES_PAPER_ATTRS, 3), M.Domain("datasets", M.RES_DATASETS, M.RES_DATA_ATTRS, 2),
          M.Domain("conferences", M.RES_CONFS, M.RES_CONF_ATTRS), M.Domain("colleagues", M.RES_COLLEAGUES, M.RES_COLLEAGUE_ATTRS, 2)),
         ("朋友/friend", "室友/housemate", "大学同学/college friend")),
        ("hobby", "a retiring engineer in Chengdu into photography, cycling, plants and home brewing", 0.85, M.HOB_CORE,
         (M.Domain("gear", M.HOB_GEAR, M.HOB_GEAR_ATTRS, 2), M.Domain("plants", M.HOB_PLANTS, M.HOB_PLANT_ATTRS, 2),
          M.Domain("routes", M.HOB_ROUTES, M.HOB_ROUTE_ATTRS), M.Domain("brewing", M.HOB_BATCHES, M.HOB_BATCH_ATTRS)),
         ("车友/riding buddy", "影友/photography friend", "老同事/former colleague", "邻居/neighbour", "老同学/old classmate")),
    ]
    out = []
    for n, (key, who, zh_share, core, own, relations) in enumerate(specs):
        person = M.Person(key, who, zh_share, core, (), relations)
        people = people_entities(person, list(share("names", n)), rng)
        shared = M.shared_domains(people, share("books", n), share("places", n), share("food", n), share("products", n))
        out.append(M.Person(key, who, zh_share, core, own + shared, relations))
    return out


def build() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    rng = random.Random(SEED)
    facts: list[dict[str, object]] = []
    asked: list[dict[str, object]] = []
    for person in persons(rng):
        budget = sum(rng.randint(*NEW_PER_SESSION) for _ in range(SESSIONS))
        topics = domain_slots(person, person.domains, budget, rng)
        slots = place(topics, core_slots(person), rng)
        for event, slot in assign_ids(person, slots):
            before = slot.events[slot.events.index(event) - 1] if event.kind != "new" else None
            facts.append({"id": event.id, "history": person.key, "session": event.session,
                          "sourceScope": f"{person.key}-s{event.session:02d}", "content": event.text,
                          "lang": lang_of(event.text), "event": event.kind, "of": before.id if before else None,
                          "slot": slot.key})
        asked += questions(person, slots, rng)
    return facts, asked


def dump(rows: list[dict[str, object]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    facts, asked = build()
    (HERE / "facts.jsonl").write_text(dump(facts), encoding="utf-8")
    (HERE / "questions.jsonl").write_text(dump(asked), encoding="utf-8")
    print(f"{len(facts)} facts, {len(asked)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
