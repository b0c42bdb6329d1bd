"""A stated change that names the value it replaces: "moved from X to Y", "从 X 换成 Y" (issue 16.3)."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import normalise

_VALUE = r"(?P<old>[^,，。;；:：]{1,40}?)"
_NEW = r"(?P<new>[^,，。;；:：]{1,40})"
# A change verb before "from": "flew from London to Paris" is a trip, not a change of a value.
_ENGLISH_FROM = re.compile(
    r"\b(?:moved|switched|changed|migrated|upgraded|downgraded|transferred|converted|relocated|shifted|swapped"
    r"|ported|rewrote|went|gone|has gone|moving|switching|migrating)\b(?P<what>(?:\s+[a-z'’]+){0,4}?)\s+from\s+"
    + _VALUE + r"\s+(?:to|over to|onto|for)\s+" + _NEW)
_ENGLISH_LEFT = re.compile(r"\b(?:left|quit)\s+" + _VALUE + r"\s+(?:and|to)\s+(?:joined|join|went to|go to|moved to)\s+"
                           + _NEW)
_ENGLISH_INSTEAD = re.compile(_NEW.replace("new", "new_first") + r"\s+(?:instead of|rather than)\s+"
                              + _VALUE.replace("{1,40}?", "{1,40}"))
_CHINESE_FROM = re.compile(
    "(?:把(?P<what>[^,，。;；从]{1,12}))?从" + _VALUE
    + "(?:换成了?|换到了?|换为|改成了?|改为|改用了?|迁到了?|迁移到了?|转到了?|搬到了?|升级到了?|升级为|"
    "升级成|切换到了?|切换成|跳槽到了?|调到了?|调整为|转为|变成了?|更新到了?|降到了?|涨到了?|提高到了?|"
    "推迟到了?|提前到了?)" + _NEW)
# "traded the Mazda in for a Kia", "replaced the Victorinox with a Global": the old value given up for the new.
_ENGLISH_TRADED = re.compile(r"\b(?:(?:traded|swapped|exchanged|part-exchanged)\s+(?:in\s+)?"
                             r"(?:the |their |his |her |its |an? )?" + _VALUE + r"\s+(?:in\s+)?for|"
                             r"replaced\s+(?:the |their |his |her |its |an? )?" + _VALUE.replace("old", "old2")
                             + r"\s+with)\s+(?:a |an |the )?" + _NEW)
# A replacement for one setting or group only ("… with Discord for her gaming group"): no new value of the old.
_FOR_A_SETTING = re.compile(r"\bfor (?:her|his|their|my|our|the|a|an) ")
# A wish or a plan before it: nothing was sold or replaced yet ("想把朗逸置换成…").
_ONLY_MEANT = re.compile(r"想|打算|考虑|准备|计划|要把")
# "把那辆海豚卖了，现在开的是一辆零跑C10", "把朗逸置换成了一辆小鹏P7": the old value sold or replaced, then the new.
_CHINESE_SOLD = re.compile("把(?:那|这)?(?:辆|台|部|个|副|双|块|只)?" + _VALUE
                           + r"(?:卖了|卖掉了|置换了|换掉了|淘汰了|送人了)(?:，|,)\s*(?:现在|改)?"
                           "(?:开的是|用的是|开|用|骑|戴|换了)" + _NEW
                           + "|把(?:那|这)?(?:辆|台|部|个|副|双|块|只)?" + _VALUE.replace("old", "old2")
                           + "(?:置换成了?|置换为)" + _NEW.replace("new", "new2"))
_CHINESE_LEFT = re.compile("离开了?" + _VALUE + "(?:，|,)?(?:去了|加入了?|跳槽到了?|跳槽去了|进了|到了)" + _NEW)
_CHINESE_INSTEAD = re.compile(_NEW.replace("new", "new_first") + "(?:，|,)?而不是"
                              + _VALUE.replace("{1,40}?", "{1,40}"))


# Every pattern above holds one of these: most texts hold none.
_TRIGGERS = ("from", "left", "quit", "instead", "rather", "traded", "swapped", "replaced", "exchanged", "从", "离开",
             "而不是", "卖", "置换", "换掉", "淘汰", "送人")
_TRIGGER = compile_fast("|".join(map(re.escape, _TRIGGERS)))


class Replaced(NamedTuple):
    old: str
    new: str
    what: str = ""  # what moved, when the text names it ("moved *the office* from …", "把*公司*从 …")
    traded: bool = False  # told as the old value sold, traded or replaced: its subject must be the other text's


def may_name_old_value(text: str) -> bool:
    """`text` holds a word `replaced_value` needs (a cheap test before it)."""
    return _TRIGGER.search(text.casefold()) is not None


def replaced_value(text: str) -> Optional[Replaced]:
    """The value a text says was replaced and the one that replaced it, or None when it names no old value."""
    folded = text.casefold()
    if _TRIGGER.search(folded) is None:
        return None
    return _replaced_value(text)


@memo(max_bytes=1 << 20)
def _replaced_value(text: str) -> Optional[Replaced]:
    folded = normalise(text)
    for pattern in (_ENGLISH_FROM, _ENGLISH_LEFT, _CHINESE_FROM, _CHINESE_LEFT):
        found = pattern.search(folded)
        if found is not None:
            what = found.groupdict().get("what") or ""
            return Replaced(found.group("old").strip(), found.group("new").strip(), what.strip())
    for pattern in (_ENGLISH_TRADED, _CHINESE_SOLD):
        found = pattern.search(folded)
        if found is None or _ONLY_MEANT.search(folded, 0, found.start()):
            continue
        if _FOR_A_SETTING.search(found.group("new") or ""):
            continue
        groups = found.groupdict()
        return Replaced((groups.get("old") or groups.get("old2") or "").strip(),
                        (groups.get("new") or groups.get("new2") or "").strip(), traded=True)
    for pattern in (_ENGLISH_INSTEAD, _CHINESE_INSTEAD):
        found = pattern.search(folded)
        if found is not None:
            return Replaced(found.group("old").strip(), found.group("new_first").strip())
    return None
