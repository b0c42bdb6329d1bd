"""An undoing verb read as the doing verb it undoes, negated: "退订了腾讯视频" beside "订阅了腾讯视频" (issue 16.4)."""

from __future__ import annotations

import re
from typing import NamedTuple

from sidecar.rules.memo import memo

# (what is done, what undoes it): the undoing is the doing given up, so the negation rules compare the two
# statements and, when they are one statement, the newer state replaces the older ("bought an air fryer" /
# "returned the air fryer"); another object stays another fact ("订阅了腾讯视频" / "退订了爱奇艺").
_ZH = (
    (r"订阅|订了|订", r"退订|取消订阅|取消了订阅|退了|退掉了"),
    (r"安装|装了|装", r"卸载|卸了|卸掉了|删了|删掉了|删除了"),
    (r"下载", r"卸载|卸了|删了|删掉了|删除了"),
    (r"关注", r"取关|取消关注|取消了关注|不关注"),
    (r"买了|买", r"退了|退掉了|退货了|退回了"),
    (r"参加|加入", r"退出|退了"),
    (r"报名", r"退赛|取消报名|取消了报名|退出"),
    (r"开通|办了", r"注销|关闭了|关掉了|停用了|退了"),
    (r"开启|打开|启用", r"关闭|关掉|关了|停用|禁用"),
    (r"绑定|绑了", r"解绑|解除绑定|解除了绑定"),
    (r"开始(?=[\u4e00-\u9fff])", r"停了|停掉了|停止了"),
    (r"租(?=了)", r"退租|退了"),
    (r"吃|喝|抽|(?<!费)用(?!户)", r"停了|停掉了|断了|戒了|戒掉了"),
)
_EN = (
    (r"subscribe[sd]? to|signed up (?:for|to)", r"unsubscribed from|cancell?ed(?: (?:the|their|her|his|its) "
                                                r"subscription to)?"),
    (r"install(?:s|ed)?", r"uninstalled|deleted|removed"),
    (r"follow(?:s|ed)?", r"unfollowed"),
    (r"join(?:s|ed)?", r"left|quit"),
    (r"bought|buys", r"returned|got rid of"),
    (r"enabled?|enables|turned on|switched on", r"disabled|turned off|switched off"),
    (r"adopted", r"rehomed"),
    (r"works? (?:at|for)|worked (?:at|for)", r"left|quit"),
    (r"takes|uses|drinks|eats|plays|reads|wears|attends|is learning|learns|studies|goes to",
     r"stopped(?! \w+ing| (?:at|by|in|off|for|over|to|outside)\b)|gave up(?! \w+ing)|cut out|has cut out"),
    # "dropped" undoes a tool or a service only, and never as letting it fall ("dropped her phone and cracked it").
    (r"uses|used", r"dropped(?! (?:off|by|out|in)\b)(?!(?:\s+[\w'’-]+){1,4}\s+(?:and|on|onto|down|in the)\b)"),
    (r"is on|was on", r"came off|has come off|went off"),
)
_READ = tuple((re.compile(doing), re.compile(undoing), "不再") for doing, undoing in _ZH) + tuple(
    (re.compile(rf"\b(?:{doing})\b", re.IGNORECASE), re.compile(rf"\b(?:{undoing})\b", re.IGNORECASE), "no longer ")
    for doing, undoing in _EN)
_ANY = re.compile("|".join(pattern.pattern for doing, undoing, _ in _READ for pattern in (doing, undoing)),
                  re.IGNORECASE)


# A wish or a plan right before the undoing verb.
_ONLY_MEANT = re.compile(r"(?:\b(?:wants?|would like|plans?|hopes?|is going|intends?|trying|tries|decided not) to|"
                         r"想|打算|准备|计划|考虑)\s*$", re.IGNORECASE)


class _Verbs(NamedTuple):
    entry: int
    done: str  # the doing verb as written, "" when the text does not do it
    undone: tuple[int, int] | None  # where the undoing verb is, None when the text does not undo it


@memo(max_bytes=1 << 20)
def _verbs(text: str) -> tuple[_Verbs, ...]:
    """Which doing and undoing verbs a text holds; a doing verb inside an undoing one ("订" in "退订") is not one."""
    if not _ANY.search(text):
        return ()  # most texts: one search
    found = []
    for entry, (doing, undoing, _) in enumerate(_READ):
        undone = undoing.search(text)
        if undone is not None and _ONLY_MEANT.search(text, 0, undone.start()):
            undone = None  # "wants to cut out sweets", "想退订…": meant, not done
        done = doing.search(undoing.sub(" ", text) if undone else text)
        if done or undone:
            found.append(_Verbs(entry, done.group(0) if done else "", undone.span() if undone else None))
    return tuple(found)


def undone_readings(a: str, b: str) -> tuple[tuple[str, str], ...]:
    """`a` and `b` read with an undoing verb in one rewritten as "no longer" and the doing verb the other text
    uses ("returned the air fryer" → "no longer bought the air fryer"), one reading per verb pair found; none when
    neither undoes what the other does, or both do or both undo it."""
    verbs_a, verbs_b = _verbs(a), _verbs(b)
    if not (verbs_a and verbs_b):
        return ()
    found = []
    for mine in verbs_a:
        for theirs in verbs_b:
            if mine.entry != theirs.entry:
                continue
            if mine.done and not mine.undone and theirs.undone and not theirs.done:
                found.append((a, _rewritten(b, theirs.undone, mine)))
            elif theirs.done and not theirs.undone and mine.undone and not mine.done:
                found.append((_rewritten(a, mine.undone, theirs), b))
    return tuple(dict.fromkeys(found))


def _rewritten(text: str, undone: tuple[int, int], doing: _Verbs) -> str:
    said = _READ[doing.entry][2] + doing.done
    rest = text[undone[1]:]
    if said.endswith("了") and rest.startswith("了"):
        rest = rest[1:]  # "退租了" read as "不再租了", not "不再租了了"
    return text[:undone[0]] + said + rest
