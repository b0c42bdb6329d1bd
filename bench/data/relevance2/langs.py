"""Language of a text by script share: a CJK character counts twice against Latin letters."""


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0xF900 <= code <= 0xFAFF
    )


def lang_of(text: str) -> str:
    cjk = sum(1 for ch in text if is_cjk(ch))
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    if cjk == 0:
        return "en"
    return "zh" if cjk * 2 >= latin else "mixed"
