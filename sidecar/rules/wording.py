"""Surface variants that say the same thing: numbers in words ("七岁" / "7 岁", "eleven" / "11"), ordinals,
British and American spelling, unit abbreviations (S9.2, issue 16.2)."""

from __future__ import annotations

import re

from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_POWERS = {"十": 10, "百": 100, "千": 1000}
# What a counted number stands before; a numeral before anything else is a word ("三明治", "四川", "百度").
_UNITS = sorted((
    "岁 周岁 个 只 位 名 把 张 条 件 本 台 辆 部 套 门 种 次 回 遍 杯 瓶 碗 份 块 元 年 月 日 号 天 周 星期 小时"
    " 钟头 分钟 分 秒 点 公里 千米 米 厘米 公斤 斤 克 层 楼 倍 级 年级 届 人 口 家 间 所 篇 首 场 盆 棵 头 匹 座 栋"
    " 室 寸 英寸 核 升 毫升 度 步 站 期 节 课 集 季 页 章 颗 双 对 副 辆 架 艘 段 支 首 幅 顿 趟 圈 组 轮 代 版"
).split(), key=len, reverse=True)
# "一" before a classifier is an article ("一只猫" is "a cat"), not a count to compare.
_ARTICLE_UNITS = frozenset("个 只 位 名 种 件 条 本 张 家 所 座 门 部 首 篇 份 段 幅 支 头 匹 棵 盆 颗"
                           " 点 口 下".split())
_RUN = re.compile("(第)?([零〇一二两三四五六七八九十][零〇一二两三四五六七八九十百千万]*|半)((?:"
                  + "|".join(map(re.escape, _UNITS)) + ")(半)?)?")
# "上星期" / "礼拜三" are "上周" / "周三"; "每个星期" is "每周".
_WEEK = re.compile("(?<=[上下这本每])个?(?:星期|礼拜)|(?:星期|礼拜)(?=[一二三四五六日天])")
# "买了台洗碗机" is "买了一台洗碗机": the article "one" left out before a classifier.
_ONE_OF = re.compile("(?<=了)(?=(?:台|个|只|部|辆|件|条|本|张|把|双|套)[\u4e00-\u9fff])")
# "一天喝两杯" is "每天喝两杯": one day before a verb and a count is a rate.
_PER = re.compile("(?<![第这那])一(天|周|星期|个月|年)(?=[\u4e00-\u9fff]{1,3}?[一二两三四五六七八九十半\\d])")
_YEAR = re.compile("([零〇一二三四五六七八九]{4})年")
# "六点一" is 6.1 (digits read one by one after 点, then the end, a unit or no Chinese); "六点一刻", "六点零五",
# "六点二十" are times of day, and "十二点一起", "两点一线" words after a time.
_DECIMAL = re.compile("([零〇一二两三四五六七八九十百千]{1,6})点([一二三四五六七八九][零〇一二三四五六七八九]{0,3}|"
                      "(?<=[零〇]点)[零〇一二三四五六七八九]{1,4})"
                      "(?=$|[^\u4e00-\u9fff]|[度米斤克升倍万亿元块寸岁公厘毫千平])")
# "80万" is 800000, "1.5万" 15000, "2千万" 20000000; not "千克" (kg), "千米" (km), "千瓦" (kW), "千卡" (kcal), nor
# "1万5" (a short form left as written).
_DIGITS_TIMES = re.compile(r"(?<![\d.万千亿])(\d+(?:\.\d+)?)\s*([万千亿]+)(?![克米瓦卡兆字\d])")
_TIMES = {"千": 1000, "万": 10000, "亿": 100000000}
_ENGLISH_UNITS = {
    "zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "dozen": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_ENGLISH_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
                 "eighty": 80, "ninety": 90}
_ENGLISH_ORDINALS = {
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fifteenth": 15, "twentieth": 20,
}
_ENGLISH_WORD = re.compile(
    r"\b(?:(" + "|".join(_ENGLISH_TENS) + r")(?:[- ](" + "|".join(k for k in _ENGLISH_UNITS if k != "zero")
    + r"))?|(" + "|".join(_ENGLISH_UNITS) + r")|(" + "|".join(_ENGLISH_ORDINALS) + r"))"
    r"(?: (hundred|thousand))?\b", re.IGNORECASE)


def chinese_value(numeral: str) -> float | None:
    """The value of a Chinese numeral ("七", "十二", "两千零五", "三百五十", "二〇二四", "半"), or None."""
    if numeral == "半":
        return 0.5
    if len(numeral) == 4 and all(c in _DIGITS and c != "两" for c in numeral):
        return float("".join(str(_DIGITS[c]) for c in numeral))
    total, section, digit = 0, 0, None
    for char in numeral:
        if char in _DIGITS:
            if digit is not None and digit != 0:
                return None  # two digits in a row without a power ("三四") is a range, not a number
            digit = _DIGITS[char]
        elif char in _POWERS:
            section += (1 if digit is None else digit) * _POWERS[char]
            digit = None
        elif char == "万":
            total += (section + (digit or 0)) * 10000
            section, digit = 0, None
        else:
            return None
    if digit and numeral[-2:-1] in ("百", "千", "万"):
        # A last digit right after a power counts the next power down: "两千三" is 2300, "两万五" 25000,
        # "一百二" 120 ("两千零五", with its 零, is 2005; "十二" is 12).
        return float(total + section + digit * (10000 if numeral[-2] == "万" else _POWERS[numeral[-2]]) // 10)
    return float(total + section + (digit or 0))


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _replace_chinese(match: re.Match[str]) -> str:
    ordinal, numeral, unit, half = match.group(1), match.group(2), match.group(3), match.group(4)
    if not ordinal and not unit and len(numeral) >= 2 and ("千" in numeral or "万" in numeral):
        unit = ""  # "两千三", "两万五": a sum of money or a count too large to be a word
    elif not ordinal and (not unit or numeral + unit == "十分"):  # "十分" is "very"
        return match.group()
    if unit and half:
        unit = unit[:-1]
    if not ordinal and numeral == "一" and unit in _ARTICLE_UNITS and not half:
        return match.group()
    value = chinese_value(numeral)
    if value is None:
        return match.group()
    if half:
        value += 0.5
    return (ordinal or "") + " " + _number(value) + " " + (unit or "")


def _replace_digits_times(match: re.Match[str]) -> str:
    value = float(match.group(1))
    for power in match.group(2):
        value *= _TIMES[power]
    return _number(round(value, 6))


def _replace_decimal(match: re.Match[str]) -> str:
    whole = chinese_value(match.group(1))
    if whole is None:
        return match.group()
    return " " + _number(whole) + "." + "".join(str(_DIGITS[c]) for c in match.group(2)) + " "


def _replace_english(match: re.Match[str]) -> str:
    tens, unit, alone, ordinal, scale = match.groups()
    if ordinal:
        value = _ENGLISH_ORDINALS[ordinal.lower()]
    elif tens:
        value = _ENGLISH_TENS[tens.lower()] + (_ENGLISH_UNITS[unit.lower()] if unit else 0)
    else:
        value = _ENGLISH_UNITS[alone.lower()]
    if scale:
        value *= 100 if scale.lower() == "hundred" else 1000
    return str(value)


@memo(max_bytes=2 << 20)
def canonical(text: str) -> str:
    """`text` with counted Chinese numerals, years, English number words and ordinals written as digits,
    and British spellings and unit names in one form."""
    if not text.isascii():
        text = _WEEK.sub("周", text)
        text = _ONE_OF.sub("一", text)
        text = _PER.sub(r"每\1", text)
        text = _YEAR.sub(lambda m: " " + _number(chinese_value(m.group(1)) or 0) + " 年", text)
        if "点" in text:
            text = _DECIMAL.sub(_replace_decimal, text)
        text = _DIGITS_TIMES.sub(_replace_digits_times, text)
        text = _RUN.sub(_replace_chinese, text)
    if _has_english_number(text):
        text = _ENGLISH_WORD.sub(_replace_english, _A_DOZEN.sub("dozen", text))
    text = _DIGIT_ORDINAL.sub(r"\1", _THOUSANDS.sub("", text))
    words = {w.casefold() for w in _ASCII_WORD.findall(text)}
    if words & _LATIN_VARIANTS:
        text = _ASCII_WORD.sub(lambda m: _VARIANTS.get(m.group().casefold(), m.group()), text)
    if not text.isascii() and _CJK_VARIANT.search(text):
        text = _CJK_VARIANT.sub(lambda m: _VARIANTS[m.group()], text)
    if not text.isascii() and "负责" in text:
        text = _IN_CHARGE_OF.sub("", text)
    if not text.isascii() and "学会" in text:
        text = _LEARNT.sub("会", text)
    if "learn" in text:
        text = _LEARNT_TO.sub("can", text)
    if _HEDGE_HINT.search(text):
        text = _HEDGE.sub("", text)
    if "个" in text:
        text = _CLASSIFIED_TIME.sub(r"\1 ", text)
    return text


# A correction or a hedge says how sure the text is, not what it says ("其实是秋田犬，之前说错了").
_HEDGE_HINT = re.compile(r"错了|误会|其实|实际上|并[不没]|after all|actually|in fact", re.IGNORECASE)
_HEDGE = re.compile(r"[，,]\s*(?:之前|以前|刚才)?(?:说错了|记错了|搞错了|弄错了|是误会)[。.]?|其实|实际上|"
                    r"(?<=[\u4e00-\u9fff])并(?=[不没])|"
                    r"\s*\b(?:after all|actually|in fact)\b", re.IGNORECASE)
# "7.5 个小时" is "7.5 小时": a classifier between a count and its time unit.
_CLASSIFIED_TIME = re.compile(r"(\d)\s*个\s*(?=小时|月|星期|礼拜|钟头)")

# "组长负责审用户的代码" is "组长审用户的代码": a duty before its verb is the doing (not "负责人", "负责前端").
_IN_CHARGE_OF = re.compile("负责(?=审|管理|维护|照顾|接送|辅导|带|教|打扫|测试|检查|批改|批准|签字|翻译|校对|记录)")

# "学会开车了" is "会开车了" (now able to), never "计算机学会" (a society) or "学会员".
_LEARNT = re.compile("学会(?=[\u4e00-\u9fff])(?!会员|的|了(?:$|[，。,.]))")


# "learnt to swim" is "can swim" (now able to), as "学会游泳" is "会游泳".
# Not when it says whom it was learnt from ("learned to juggle from Rosa": a converse of "taught").
_LEARNT_TO = re.compile(r"\b(?:learned|learnt|has learned|has learnt)\s+(?:how\s+)?to\b(?!.*\b(?:from|with|under)\b)",
                        re.IGNORECASE)


_A_DOZEN = re.compile(r"\ba dozen\b", re.IGNORECASE)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_DIGIT_ORDINAL = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")
_VARIANTS = {
    "favourite": "favorite", "favourites": "favorites", "colour": "color", "colours": "colors",
    "flavour": "flavor", "neighbour": "neighbor", "neighbours": "neighbors", "behaviour": "behavior",
    "humour": "humor", "centre": "center", "theatre": "theater", "grey": "gray", "programme": "program",
    "organise": "organize", "organised": "organized", "realise": "realize", "travelling": "traveling",
    "cancelled": "canceled", "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km",
    "kilogram": "kg", "kilograms": "kg", "kilos": "kg", "metre": "meter", "metres": "meters",
    "minutes": "min", "minute": "min", "mins": "min", "hours": "hour", "hrs": "hour", "hr": "hour",
    "千米": "公里", "钟头": "小时",
    # one word for what memories say in several ("小孩" / "孩子", "concise" / "short")
    "小孩子": "孩子", "小孩": "孩子", "吸烟": "抽烟", "付款": "支付", "付钱": "支付", "写代码": "编程",
    "敲代码": "编程", "答复": "回复", "简洁": "简短", "简明": "简短", "咖啡店": "咖啡馆", "咖啡厅": "咖啡馆",
    "驾车": "开车", "上下班": "通勤", "计算机": "电脑", "慢跑": "跑步", "技术栈": "tech stack",
    "concise": "short", "brief": "short", "replies": "answers", "reply": "answer", "responses": "answers",
    "response": "answer", "enjoys": "likes", "enjoy": "like", "loves": "likes", "kids": "children",
    # one word for each relative
    "老婆": "妻子", "太太": "妻子", "爱人": "妻子", "老公": "丈夫", "爸爸": "父亲", "老爸": "父亲", "妈妈": "母亲",
    "老妈": "母亲", "闺女": "女儿", "爸妈": "父母", "dad": "father", "mom": "mother", "mum": "mother",
    # English plurals the stemmer cannot undo
    "children": "child", "people": "person", "men": "man", "women": "woman", "mice": "mouse",
    "teeth": "tooth", "feet": "foot", "geese": "goose",
    "加入": "参加",
    # one word for liking and disliking ("爱喝" / "喜欢喝", "讨厌" / "不喜欢")
    "爱喝": "喜欢喝", "爱吃": "喜欢吃", "爱打": "喜欢打", "爱看": "喜欢看", "爱听": "喜欢听", "偏爱": "喜欢",
    "不爱": "不喜欢", "讨厌": "不喜欢", "dislikes": "does not like", "dislike": "do not like",
    "患有": "有", "报了": "报名了", "入手了": "买了", "半马": "半程马拉松", "全马": "全程马拉松",
    "审核": "审", "审阅": "审", "审查": "审",
    # a stop as the negation of the habit
    "戒烟": "不抽烟", "戒酒": "不喝酒",
}
_LATIN_VARIANTS = frozenset(k for k in _VARIANTS if k.isascii())
_CJK_VARIANT = compile_fast("|".join(sorted((k for k in _VARIANTS if not k.isascii()), key=len, reverse=True)))
_ASCII_WORD = re.compile(r"[A-Za-z]+")


_NUMBER_WORDS = frozenset([*_ENGLISH_UNITS, *_ENGLISH_TENS, *_ENGLISH_ORDINALS])


def _has_english_number(text: str) -> bool:
    return not _NUMBER_WORDS.isdisjoint(w.casefold() for w in _ASCII_WORD.findall(text))
