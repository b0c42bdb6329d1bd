"""Names the store defines ("用户的妻子叫 X", "my manager is Y"): the name and the relation become one term."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from sidecar.rules.concepts import concept_terms, relation_forms, relation_terms, relation_words
from sidecar.rules.memo import memo
from sidecar.rules.tokens import GENERIC_WORDS, is_cjk, normalise, tokens

# A Chinese name is two to four characters; a name ends where a particle or a verb of the sentence begins.
_CJK_NAME_STOPS = frozenset("是的在和与跟也很了，。、；：！？,.;:!? 她他它们今每从")
_MAX_CJK_NAME = 4
# A person's store names a handful of people and pets; every name is looked for in every memory, so a
# store stating thousands (a pasted list) must not make each rebuild scan thousands: the newest stand.
MAX_NAMES = 64
_LATIN_NAME = r"([A-Z][\w'-]*(?: [A-Z][\w'-]*)?)"
# Whose relation: the user's, or a named person's in a store about several people ("林川的妻子", "Maya's son").
_OWNER_ZH = "(?:(?:用户|我|他|她)家?的?|[\u4e00-\u9fff]{2,4}的)"
# How Chinese says a pet or a person is named: 叫 / 名叫 / 取名 / 起名叫 / 名为 …
_NAMING_ZH = "(?:叫做|名叫|取名叫|取名为|取名|起名叫|起名|名为|叫)"
# Where a role stated after its name ends: the clause does ("… is the user's counterpart at the studio; …").
_ROLE_END_EN = r"(?=\s+(?:at|in|on|for|from|of|since|who|and)\b|\s*[,.;:!?()]|\s*$)"
_ROLE_END_ZH = "(?=[，。,；;！？!?（(]|$)"
_OWNER_EN = r"(?:(?i:(?:the )?user['’]s|my|his|her|their)|[A-Z][a-z]+['’]s)"


# A few words may stand between the owner and the relation ("用户的直属领导", "the user's skip-level manager").
_MODIFIER_ZH = "(?:最好的|最要好的|(?:(?!的)[\u4e00-\u9fff]){0,3}?)"
_MODIFIER_EN = r"(?:[\w-]+ ){0,2}?"
# A second name of someone the memory names: "小名木木", "大家叫他老贺", "nicknamed Mumu".
_NICKNAME_ZH = re.compile("(?:小名|乳名|昵称|外号|绰号|英文名|(?:大家|我们|家里)?都?叫(?:他|她|它))(?:是|叫)?\\s*")
_NICKNAME_EN = re.compile(r"\b(?i:nicknamed|goes by|also called|called)\s+([A-Z][\w'-]*)")
# Common Chinese surnames (a general list): a name written right after its relation, with no 叫 or 是
# ("用户的母亲王秀兰退休前…"), is taken only if it starts with one, or is a pet name like 木木 / 小郑 / 老贺.
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟"
    "谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧阳司上官诸葛")


class Statement(NamedTuple):
    """A relation a text gives a name to: the name's possible spellings, most likely first."""

    names: tuple[str, ...]
    relation: str
    sure: bool  # delimited by 叫 / 是 / punctuation; otherwise the store decides which spelling it uses


class _Patterns:
    def __init__(self, zh: list[str], en: list[str]) -> None:
        zh_forms = "|".join(sorted(map(re.escape, zh), key=len, reverse=True))
        en_forms = "|".join(sorted(map(re.escape, en), key=len, reverse=True))
        # 用户的妻子叫林小雨 / 用户的猫名叫团子 / 我老婆是 Anna / 用户的直属领导叫冯立
        self.zh_after = re.compile(f"{_OWNER_ZH}{_MODIFIER_ZH}({zh_forms})(?:的名字|名字)?(?:叫做|名叫|叫|是)\\s*")
        # 用户的母亲王秀兰退休前… (the name right after the relation)
        self.zh_apposed = re.compile(f"{_OWNER_ZH}{_MODIFIER_ZH}({zh_forms})(?=[\u4e00-\u9fff])")
        # 用户家养了一只柯基犬，叫土豆
        self.zh_pet = re.compile(
            f"(?:养了?|有)(?:一|两|三)?(?:只|条|头|匹)[^，。,；;]{{0,6}}?({zh_forms})[^，。,；;叫]{{0,2}}"
            f"[，,]?\\s*(?:名字)?{_NAMING_ZH}\\s*")
        # 用户养了一只叫团子的猫
        self.zh_named = re.compile(f"(?:叫做|名叫|叫)([^\\W\\d_]{{2,{_MAX_CJK_NAME}}}?)的({zh_forms})")
        # 林小雨是用户的妻子
        self.zh_before = re.compile(f"(?:是|为){_OWNER_ZH}({zh_forms})")
        # my manager is Dana / the user's wife, Anna, … / user's cat named Miso / Maya's son Leo
        self.en_after = re.compile(
            rf"\b{_OWNER_EN} {_MODIFIER_EN}(?i:({en_forms})(?:'s name)?(?:,| is| named| called| is named| is called)?)"
            rf"(\s+){_LATIN_NAME}")
        # Dana is the user's manager
        self.en_before = re.compile(rf"{_LATIN_NAME} is {_OWNER_EN} (?i:({en_forms}))\b")
        # Any role the store names someone by: 用户组里的测试工程师叫杨帆 / the user's dentist is Dr Li
        self.zh_role = re.compile(f"{_OWNER_ZH}((?:(?!的)[\u4e00-\u9fff]){{2,6}}?)(?:叫做|名叫|叫)\\s*")
        # Any role stated after the name: 刘阿姨是用户家的钟点工 / Priya Nair is the user's counterpart at …
        self.zh_role_before = re.compile(f"(?:是|为){_OWNER_ZH}((?:(?!的)[\u4e00-\u9fff]){{2,6}}?){_ROLE_END_ZH}")
        self.en_role_before = re.compile(
            rf"{_LATIN_NAME} is {_OWNER_EN} ((?:[\w-]+ ){{0,2}}?[\w-]+){_ROLE_END_EN}")
        self.en_role = re.compile(
            rf"\b{_OWNER_EN} ((?:[\w-]+ ){{0,2}}[\w-]+?) (?:is|named|called|is named|is called) {_LATIN_NAME}")


@memo(max_bytes=1024 * 1024)
def _patterns(_: str) -> _Patterns:
    zh, en = relation_forms()
    return _Patterns(zh, en)


def _compiled() -> _Patterns:
    return _patterns("relations")


def _cjk_name_after(text: str, start: int) -> str | None:
    name = ""
    for char in text[start:start + _MAX_CJK_NAME + 1]:
        if char in _CJK_NAME_STOPS or not is_cjk(char):
            break
        name += char
    return name if 2 <= len(name) <= _MAX_CJK_NAME else None


def _cjk_name_before(text: str, end: int) -> str | None:
    start = end
    while start > 0 and is_cjk(text[start - 1]) and text[start - 1] not in _CJK_NAME_STOPS:
        start -= 1
    name = text[start:end]
    return name if 2 <= len(name) <= _MAX_CJK_NAME else None


def _names_someone(text: str, match: re.Match[str], name: str) -> bool:
    """After 叫 a name follows; after 是 it may be a description ("是医生", "是橘色的"), which is no name."""
    if not match.group().rstrip().endswith("是"):
        return True
    after = match.end() + len(name)
    return not concept_terms(name) and text[after:after + 1] != "的"


def _latin_name(name: str) -> str | None:
    words = [word for word in name.split() if word.casefold() not in GENERIC_WORDS]
    return " ".join(words) if words and len(words[0]) > 1 else None


def stated_aliases(text: str) -> list[tuple[str, str]]:
    """(name, relation form) for each relation this text gives a name to; the name as written."""
    patterns = _compiled()
    found: list[tuple[str, str]] = []
    for match in patterns.zh_after.finditer(text):
        end = match.end()
        latin = re.match(_LATIN_NAME, text[end:])
        name = _latin_name(latin.group(1)) if latin else _cjk_name_after(text, end)
        if name and (latin or _names_someone(text, match, name)):
            found.append((name, match.group(1)))
    for match in patterns.zh_before.finditer(text):
        before = text[:match.start()].rstrip()
        latin = re.search(_LATIN_NAME + "$", before)
        name = _latin_name(latin.group(1)) if latin else _cjk_name_before(before, len(before))
        if name:
            found.append((name, match.group(1)))
    for match in patterns.zh_named.finditer(text):
        if all(is_cjk(char) for char in match.group(1)):
            found.append((match.group(1), match.group(2)))
    for match in patterns.en_after.finditer(text):
        name = _latin_name(match.group(3))
        # "Maya's son Leo": right after the relation a capitalised word is a name unless it is a known word
        # ("Jon's boss Monday").
        apposed = match.start(2) == match.end(1)
        if name and not (apposed and concept_terms(name)):
            found.append((name, match.group(1)))
    for match in patterns.en_before.finditer(text):
        name = _latin_name(match.group(1))
        if name:
            found.append((name, match.group(2)))
    return found


def alias_statements(text: str) -> list[Statement]:
    """What `stated_aliases` finds, and the names it cannot delimit alone: a name right after its relation
    (its spellings by length, for the store to decide), a pet named after 叫, and second names (小名 …)."""
    patterns = _compiled()
    sure = stated_aliases(text)
    found = [Statement((name, ), relation, True) for name, relation in sure]
    for match in patterns.zh_pet.finditer(text):
        name = _cjk_name_after(text, match.end())
        if name and (name, match.group(1)) not in sure:
            found.append(Statement((name, ), match.group(1), True))
    stated = {name for name, _ in sure}
    for match in patterns.zh_apposed.finditer(text):
        run = _cjk_run(text, match.end())
        spellings = tuple(run[:length] for length in range(min(len(run), _MAX_CJK_NAME), 1, -1))
        if spellings and not any(spelled in stated for spelled in spellings) and _may_be_name(spellings[0]):
            found.append(Statement(spellings, match.group(1), False))
    for match in patterns.zh_after.finditer(text):
        # "用户最好的朋友是大学室友贺晨阳": after 是 a description, the name at its end
        clause = re.match(r"[^，。,；;！？!?\s]*", text[match.end():])
        words = clause.group() if clause else ""
        if match.group().rstrip().endswith("是") and all(is_cjk(char) for char in words) and len(words) > 3:
            spellings = tuple(words[-length:] for length in (3, 2, 4) if length < len(words))
            spellings = tuple(spelled for spelled in spellings if _may_be_name(spelled) and spelled not in stated)
            if spellings:
                found.append(Statement(spellings, match.group(1), False))
    named = stated | {statement.names[0] for statement in found}
    for match in patterns.zh_role.finditer(text):
        latin = re.match(_LATIN_NAME, text[match.end():])
        name = _latin_name(latin.group(1)) if latin else _cjk_name_after(text, match.end())
        if name and name not in named and not _relation_in(match.group(1)):
            found.append(Statement((name, ), match.group(1), True))
    for match in patterns.zh_role_before.finditer(text):
        before = text[:match.start()].rstrip()
        latin = re.search(_LATIN_NAME + "$", before)
        name = _latin_name(latin.group(1)) if latin else _cjk_name_before(before, len(before))
        # "用户是公司的设计师": the user is no one the store names
        if name and tokens(name) and name not in named and not _relation_in(match.group(1)):
            found.append(Statement((name, ), match.group(1), True))
    for match in patterns.en_role_before.finditer(text):
        name = _latin_name(match.group(1))
        if name and name not in named and not _relation_in(match.group(2)) and not (
                " " not in name and concept_terms(name)):  # "Monday is the user's day off"
            found.append(Statement((name, ), match.group(2), True))
    for match in patterns.en_role.finditer(text):
        name = _latin_name(match.group(2))
        if name and name not in named and not _relation_in(match.group(1)) and not (
                " " not in name and concept_terms(name)):  # "the user's day off is Monday"
            found.append(Statement((name, ), match.group(1), True))
    relations = list(dict.fromkeys(statement.relation for statement in found))
    if relations:
        for match in _NICKNAME_ZH.finditer(text):
            latin = re.match(_LATIN_NAME, text[match.end():])
            name = _latin_name(latin.group(1)) if latin else _cjk_name_after(text, match.end())
            found += [Statement((name, ), relation, True) for relation in relations if name]
        for match in _NICKNAME_EN.finditer(text):
            found += [Statement((match.group(1), ), relation, True) for relation in relations]
    return found


def _relation_in(words: str) -> bool:
    return any(relation_words(term) for term in concept_terms(words))


def _cjk_run(text: str, start: int) -> str:
    end = start
    while end < len(text) and is_cjk(text[end]) and text[end] not in _CJK_NAME_STOPS:
        end += 1
    return text[start:end]


def _may_be_name(spelled: str) -> bool:
    """A surname first, or a pet name: 木木 (a doubled character), 小郑, 老贺, 阿强."""
    return spelled[0] in _SURNAMES or spelled[0] in "小老阿" or (len(spelled) >= 2 and spelled[0] == spelled[1])


def resolved(statements: Iterable[Statement], occurrences: Callable[[str], int], total: int
             ) -> list[tuple[str, str]]:
    """(name, relation) of each statement: a sure one as stated; otherwise the longest spelling that other
    memories use too (`occurrences` counts the memories holding a folded text), never a word most use."""
    out: list[tuple[str, str]] = []
    for statement in statements:
        if statement.sure:
            out.append((statement.names[0], statement.relation))
            continue
        for spelled in statement.names:
            count = occurrences(normalise(spelled))
            if 2 <= count <= max(2, total // 4) and not concept_terms(spelled):
                out.append((spelled, statement.relation))
                break
    return out


def aliases(statements: Iterable[tuple[str, str]], broader: bool = True) -> dict[str, tuple[str, ...]]:
    """Each folded name that `stated_aliases` found, with the concept term of the relation it names, the
    tokens of that relation's words and, if `broader`, the broader concepts that name it too (妻子 → @wife,
    妻子, 老婆, wife, …, and @spouse).

    A name given to two different relations stands for both.
    """
    found: dict[str, set[str]] = {}
    roles: dict[str, set[str]] = {}
    for name, relation in statements:
        concepts = [term for term in concept_terms(relation) if term[0] == "@"]
        named = [term for term in concepts if relation_words(term)]
        if named:
            terms = [wider for term in named for wider in relation_terms(term)] if broader else list(named)
            # The name says the relation as its words do: "苏晴" is read as if it said 妻子, 老婆, wife too.
            terms += [token for term in named for word in relation_words(term) for token in tokens(word)]
            holder = found
        else:
            # Any other role: the name says the role's own words ("杨帆" → 测试, 工程, …).
            terms = [*tokens(relation), *concepts]
            holder = roles
        if not terms:
            continue
        # "Dana Scott" is often "Dana" afterwards: the first name stands for the relation too.
        for spelled in {name, name.split()[0]}:
            if len(spelled) > 1:
                holder.setdefault(normalise(spelled), set()).update(terms)
    # Relations and other roles are capped apart, so a store naming many shops never pushes out the family.
    newest = list(roles.items())[-MAX_NAMES:] + list(found.items())[-MAX_NAMES:]
    merged: dict[str, set[str]] = {}
    for name, held in newest:
        merged.setdefault(name, set()).update(held)
    return {name: tuple(sorted(held)) for name, held in merged.items()}


def named_in(text: str, known: Mapping[str, tuple[str, ...]]) -> list[str]:
    """The relation terms of every known name the (folded) text mentions as a whole word."""
    found: list[str] = []
    for name, terms in known.items():
        at = text.find(name)
        while at >= 0:
            end = at + len(name)
            if _whole(text, at, end, name):
                found.extend(terms)
                break
            at = text.find(name, at + 1)
    return found


def _whole(text: str, start: int, end: int, name: str) -> bool:
    """A Latin name is a whole word; a Chinese one may stand anywhere (Chinese is written without spaces)."""
    if is_cjk(name[0]):
        return True
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() and not is_cjk(before)) and not (after.isalnum() and not is_cjk(after))
