"""Content shaping: the 200-character cut that keeps grapheme clusters whole, whitespace folding, visibility."""

from __future__ import annotations

import re

from protocol import MAX_CONTENT_CHARS

ZWJ = "\u200d"
_WHITESPACE_RUN = re.compile(r"\s+")


def _extends_previous(char: str) -> bool:
    """True for code points that belong to the cluster before them (marks, ZWJ, selectors, skin tones)."""
    code = ord(char)
    if char == ZWJ or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        return True
    if 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F:
        return True
    import unicodedata

    return unicodedata.category(char) in ("Mn", "Mc", "Me")


def cut_content(text: str, limit: int = MAX_CONTENT_CHARS) -> str:
    """At most `limit` code points; a cluster that would be split is left out whole.

    A single cluster longer than `limit` (pathological input) is cut hard rather than emptied.
    """
    if len(text) <= limit:
        return text
    cut = limit
    while cut > 0 and (_extends_previous(text[cut]) or text[cut - 1] == ZWJ):
        cut -= 1
    return text[:cut] if cut > 0 else text[:limit]


def normalise_whitespace(text: str) -> str:
    """Trim, and fold every run of whitespace (U+3000 and line breaks included) into one space."""
    return _WHITESPACE_RUN.sub(" ", text).strip()


# Letters that render as nothing (fillers, a blank braille pattern), though their category says letter.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_INVISIBLE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"))


def has_visible_text(text: str) -> bool:
    """True when `text` still shows something after the context's folding (control characters and line
    breaks become spaces): "\\u0000" or zero-width characters alone are no memory (issue 20.5)."""
    import unicodedata

    from sidecar.rules.context import one_line

    return any(char not in _BLANK_LETTERS and unicodedata.category(char) not in _INVISIBLE_CATEGORIES
               for char in one_line(text))
