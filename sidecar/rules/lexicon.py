"""Words that tell facts apart although they look alike: whose fact, where it holds, negation, change cues.

Two memories that differ in one of these frames ("the user" / "the user's son", home / work,
staging / production, likes / does not like) are different facts however many words they share.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sidecar.rules.tokens import normalise

# Every group maps surface words (Chinese and English) to one concept. People: absent means the user.
PEOPLE = {
    "boss": "老板 上司 领导 主管 经理 boss manager supervisor",
    "colleague": "同事 colleague colleagues coworker coworkers co-worker teammate teammates",
    "friend": "朋友 好友 friend friends",
    "wife": "妻子 老婆 太太 爱人 wife",
    "husband": "丈夫 老公 husband",
    "partner": "伴侣 partner",
    "girlfriend": "女朋友 女友 girlfriend",
    "boyfriend": "男朋友 男友 boyfriend",
    "daughter": "女儿 闺女 daughter daughters",
    "son": "儿子 son sons",
    "child": "孩子 小孩 宝宝 child children kid kids baby",
    "father": "父亲 爸爸 老爸 father dad",
    "mother": "母亲 妈妈 老妈 mother mom mum",
    "parents": "父母 爸妈 parents",
    "brother": "哥哥 弟弟 兄弟 brother brothers",
    "sister": "姐姐 妹妹 姐妹 sister sisters",
    "in-law": "嫂子 弟媳 姐夫 妹夫 岳父 岳母 公公 婆婆 sister-in-law brother-in-law in-law in-laws",
    "nephew": "侄子 外甥 nephew",
    "niece": "侄女 外甥女 niece",
    "grandparent": "爷爷 奶奶 外公 外婆 姥姥 姥爷 grandfather grandmother grandpa grandma grandparents",
    "family": "家人 家里人 family",
    "team": "团队 组里 team",
    "client": "客户 甲方 client clients customer customers",
    "roommate": "室友 舍友 roommate",
    "neighbor": "邻居 neighbor neighbour",
    "classmate": "同学 classmate",
    "teacher": "老师 导师 teacher mentor advisor",
    "student": "学生 student students",
    "pet-cat": "猫 猫咪 cat cats",
    "pet-dog": "狗 狗狗 dog dogs",
}
# Qualifiers: a conflict only when both sides name one and they differ.
QUALIFIERS = {
    "place": {"work": "工作 公司 办公 办公室 单位 work office company", "home": "家里 家用 家中 在家 回家 home house",
              "school": "学校 宿舍 school dorm campus"},
    "environment": {"test": "测试 测试环境 staging test", "prod": "生产 生产环境 线上 production prod",
                    "dev": "开发环境 development", "local": "本地 local"},
    "tier": {"frontend": "前端 frontend front-end", "backend": "后端 backend back-end",
             "mobile": "移动端 mobile", "client": "客户端", "server-side": "服务端"},
    "device": {"laptop": "笔记本 laptop notebook", "desktop": "台式机 台式 desktop workstation",
               "phone": "手机 phone iphone", "tablet": "平板 tablet ipad", "server": "服务器 server vps"},
    "activity": {"read": "阅读 看书 读书 read reads reading", "write": "写作 write writes writing",
                 "watch": "观看 watch watches watching", "play": "play plays playing",
                 "listen": "listen listens listening", "learn": "学习 learn learns learning",
                 "teach": "教书 teach teaches teaching"},
}
NEGATIONS = "不 没 没有 从不 不再 not no never don't doesn't didn't isn't aren't won't cannot can't"
CHANGE_CUES = (
    "换成 换了 改用 改成 改为 换用 升级 降级 迁移到 迁到 搬到 升到 升为 改到 减到 涨到 提高到 降到 调到 增加到"
    " 变成 变为 转岗 跳槽 离职 改吃 改喝 搬去 转到 转为 切换 替换 不再 现在 如今 已经 已"
    " switched switch moved move upgraded upgrade downgraded migrated migrate changed change replaced"
    " replace now anymore longer raised increased reduced lowered bumped left joined adopted"
)


def _surface_table() -> tuple[dict[str, tuple[str, str]], re.Pattern[str]]:
    table: dict[str, tuple[str, str]] = {}
    for concept, words in PEOPLE.items():
        for word in words.split():
            table[word] = ("people", concept)
    for group, concepts in QUALIFIERS.items():
        for concept, words in concepts.items():
            for word in words.split():
                table.setdefault(word, (group, concept))
    for word in NEGATIONS.split():
        table[word] = ("negation", "not")
    for word in CHANGE_CUES.split():
        table.setdefault(word, ("change", "change"))
    cjk = sorted((w for w in table if not w.isascii()), key=len, reverse=True)
    return table, re.compile("|".join(map(re.escape, cjk)))


_TABLE, _CJK_WORDS = _surface_table()
_LATIN_WORD = re.compile(r"[a-z][a-z'-]*")


@lru_cache(maxsize=8192)
def frames(text: str) -> frozenset[tuple[str, str]]:
    """(group, concept) pairs the text names: people, qualifiers, negation and change cues."""
    folded = normalise(text)
    found: set[tuple[str, str]] = set()
    for match in _CJK_WORDS.finditer(folded):
        found.add(_TABLE[match.group()])
    for match in _LATIN_WORD.finditer(folded):
        word = match.group().strip("'-")
        hit = _TABLE.get(word) or _TABLE.get(word.rstrip("s"))
        if hit is not None:
            found.add(hit)
    return frozenset(found)


def frames_conflict(a: frozenset[tuple[str, str]], b: frozenset[tuple[str, str]]) -> bool:
    """Different people, negation on one side only, or two different qualifiers of one kind."""
    if a == b:
        return False
    left, right = _by_group(a), _by_group(b)
    for group in ("people", "negation"):
        if left.get(group, _NONE) != right.get(group, _NONE):
            return True
    for group in QUALIFIERS:
        mine, theirs = left.get(group), right.get(group)
        if mine and theirs and mine != theirs:
            return True
    return False


_NONE: frozenset[str] = frozenset()


@lru_cache(maxsize=8192)
def _by_group(found: frozenset[tuple[str, str]]) -> dict[str, frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for group, concept in found:
        groups.setdefault(group, set()).add(concept)
    return {group: frozenset(concepts) for group, concepts in groups.items()}


def has_change_cue(found: frozenset[tuple[str, str]]) -> bool:
    return ("change", "change") in found
