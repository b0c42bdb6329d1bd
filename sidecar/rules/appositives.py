"""A person written as who they are and their name in one text and by the name alone in the other (issue 16)."""

from __future__ import annotations

import re

from sidecar.rules.facts import frame
from sidecar.rules.tokens import normalise

# What may stand before the name in the subject: whose relative or acquaintance, and that word ("用户的表妹",
# "the user's friend", "用户大学时的室友"), no verb.
_ROLE_PREFIX = re.compile(r"^用户的?[^\W\d_a-z了着过把被给是在和跟对]{1,8}$|^(?:the user['’]s|my)(?: [a-z-]+){1,2}$",
                          re.IGNORECASE)


def by_name_alone(a: str, b: str) -> tuple[str, str]:
    """`a` and `b`, the one that begins with who a person is and their name ("用户的表妹宋知夏今年 24 岁", "The
    user's friend Eliza lives in …") begun with the name instead, when the other text begins with that name;
    else as they are. Whose relative they are is no part of what either says of them."""
    return _begun_with_name(a, b), _begun_with_name(b, a)


def _begun_with_name(text: str, other: str) -> str:
    named = frame(text).named_as
    if not named:
        return text
    other_start = normalise(other).lstrip()
    for written in named:
        name = written.partition("=")[2]
        if not name or not other_start.startswith(name) or _continues_name(other_start, name):
            continue
        hit = re.search(re.escape(name), text, re.IGNORECASE)
        if hit is not None and hit.start() > 0 and _ROLE_PREFIX.match(normalise(text[:hit.start()]).rstrip()):
            return text[hit.start():]
    return text


def _continues_name(text: str, name: str) -> bool:
    """The other text's first word only begins with the name ("Eliza" / "Elizabeth")."""
    after = text[len(name):len(name) + 1]
    return name.isascii() and after.isalnum()
