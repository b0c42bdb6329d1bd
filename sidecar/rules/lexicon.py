"""Words that tell facts apart although they look alike: whose fact, where it holds, negation, change cues.

Two memories that differ in one of these frames ("the user" / "the user's son", home / work,
staging / production, likes / does not like) are different facts however many words they share.
"""

from __future__ import annotations

import re

from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import normalise

# Every group maps surface words (Chinese and English) to one concept. People: absent means the user.
PEOPLE = {
    "boss": "老板 上司 领导 主管 经理 boss manager supervisor",
    "boss-wife": "老板娘",
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
    # Two words for two people are two concepts: the elder brother is not the younger one.
    "brother": "兄弟 brother brothers",
    "elder-brother": "哥哥 大哥 二哥",
    "younger-brother": "弟弟",
    "sister": "姐妹 sister sisters",
    "elder-sister": "姐姐 大姐 二姐",
    "younger-sister": "妹妹",
    "sister-in-law": "嫂子 弟媳 弟妹 小姨子 大姨子 小姑子 大姑子 sister-in-law",
    "brother-in-law": "姐夫 妹夫 小舅子 大舅子 大伯子 小叔子 brother-in-law",
    "father-in-law": "岳父 公公 father-in-law",
    "mother-in-law": "岳母 婆婆 mother-in-law",
    "in-laws": "in-law in-laws",
    "nephew": "侄子 侄儿 外甥 外甥儿 nephew",
    "niece": "侄女 外甥女 niece",
    "paternal-uncle": "叔叔 伯伯 伯父 叔父",
    "maternal-uncle": "舅舅 舅父",
    "uncle-by-marriage": "姑父 姨父",
    "paternal-aunt": "姑姑 姑妈",
    "maternal-aunt": "阿姨 姨妈",
    "aunt-by-marriage": "舅妈 婶婶 伯母",
    "uncle": "uncle uncles",
    "aunt": "aunt aunts",
    "cousin": "表哥 表姐 表弟 表妹 堂哥 堂姐 堂弟 堂妹 表亲 堂亲 cousin cousins",
    "cousin-in-law": "表姐夫 表妹夫 堂姐夫 堂妹夫 表嫂 堂嫂 表弟媳 堂弟媳",
    "ex": "前妻 前夫 前任 前男友 前女友 ex ex-wife ex-husband ex-girlfriend ex-boyfriend",
    "step-child": "继子 继女 stepson stepdaughter stepchild",
    "step-parent": "继父 继母 stepfather stepmother stepdad stepmom",
    "paternal-grandfather": "爷爷",
    "paternal-grandmother": "奶奶",
    "maternal-grandfather": "外公 姥爷",
    "maternal-grandmother": "外婆 姥姥",
    "grandfather": "grandfather grandpa",
    "grandmother": "grandmother grandma",
    "grandparents": "grandparents 祖父母",
    "family": "家人 家里人 family",
    "team": "团队 组里 team",
    "client": "客户 甲方 client clients customer customers",
    "roommate": "室友 舍友 roommate roommates flatmate flatmates housemate housemates",
    "neighbor": "邻居 neighbor neighbour",
    "classmate": "同学 classmate",
    "teacher": "老师 导师 teacher mentor advisor",
    "student": "学生 student students",
    "close-friend": "闺蜜 发小 死党",
    "son-in-law": "女婿 son-in-law",
    "daughter-in-law": "儿媳 儿媳妇 daughter-in-law",
    "grandson": "孙子 外孙 grandson grandsons",
    "granddaughter": "孙女 外孙女 granddaughter granddaughters",
    "grandchild": "孙辈 grandchild grandchildren grandkids",
    "step-brother": "继兄 继弟 stepbrother stepbrothers",
    "step-sister": "继姐 继妹 stepsister stepsisters",
    "landlord": "房东 landlord landlady",
    "in-laws-family": "婆家 娘家",
    "carer": "护工 保姆 carer carers caregiver nanny babysitter",
    "tenant": "租客 房客 tenant tenants lodger",
    "team-lead": "组长",
    "desk-mate": "同桌",
    "schoolmate": "学长 学姐 学弟 学妹 师兄 师姐 师弟 师妹",
    "business-partner": "合伙人 co-founder cofounder",
    "pet-cat": "猫 猫咪 cat cats",
    "pet-dog": "狗 狗狗 dog dogs",
}
# Chinese names these people more exactly than English ("cousin", "nephew", "grandson", "best friend", a senior
# schoolmate): two of them that differ are two people, one beside the English word may be the same one.
EXACT_KIN = ("表哥 表姐 表弟 表妹 堂哥 堂姐 堂弟 堂妹 侄子 侄儿 外甥 外甥儿 侄女 外甥女 孙子 外孙 孙女 外孙女"
             " 继兄 继弟 继姐 继妹 闺蜜 发小 死党 学长 学姐 学弟 学妹 师兄 师姐 师弟 师妹")
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
    " replace now anymore longer raised increased reduced lowered bumped"
)
# Ordinary event verbs (joined, adopted, left, bought) are not changes: two events are two facts.


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
    return table, compile_fast("|".join(map(re.escape, cjk)))


_TABLE, _CJK_WORDS = _surface_table()
# English says which sibling with a word before it: "younger sister" is 妹妹, "big brother" 哥哥.
_BIRTH_ORDER = {"younger": "younger", "little": "younger", "kid": "younger", "baby": "younger",
                "older": "elder", "elder": "elder", "big": "elder", "eldest": "elder", "oldest": "elder",
                "youngest": "younger"}
_BIRTH_ORDER_BEFORE = re.compile(r"\b(" + "|".join(_BIRTH_ORDER) + r")\s+$")


def sibling(folded: str, start: int, concept: str) -> tuple[int, str]:
    """An English "sister" or "brother" read with the word before it that says which one: the start of the
    phrase and its concept ("younger sister" → younger-sister), else `start` and `concept` unchanged."""
    if concept not in ("sister", "brother"):
        return start, concept
    hit = _BIRTH_ORDER_BEFORE.search(folded, max(0, start - 10), start)
    if hit is None:
        return start, concept
    return hit.start(), _BIRTH_ORDER[hit.group(1)] + "-" + concept
# A people word right after a verb giving a job ("做产品经理", "是一名老师", "works as a manager") is the job.
_JOB_BEFORE = compile_fast(r"(?:是一名|是一位|是个|是名|当了?|做|担任|成为|成了|升为|升任)[\u4e00-\u9fff]{0,4}$|"
                           r"\b(?:works? as|worked as|is|was|became|become|now)\s+(?:a|an)\s+(?:[a-z-]+\s+){0,2}$")


def names_a_job(folded: str, start: int, end: int) -> bool:
    """The people word at `folded[start:end]` stands where a job is given, and is no possessor."""
    if folded[end:end + 1] == "的" or folded[start:end].endswith(("'s", "’s")):
        return False  # "是张伟的上司" names whose; "a manager's" is a possessor
    before = folded[max(0, start - 24):start]
    if _COPULA_BEFORE.search(before) and _ENDS_THERE.match(folded, end):
        # "用户的妻子是老师", "用户的职位是高级产品经理": a copula and a people word that ends the statement give a job
        return True
    return "的" not in before[-5:] and _JOB_BEFORE.search(before) is not None


# A copula, then words saying what kind ("高级产品", "小学音乐"), never whose ("是用户同事").
_COPULA_BEFORE = re.compile(r"是(?:(?!用户|他|她|我|的)[\u4e00-\u9fff]){0,4}$")
_ENDS_THERE = re.compile(r"\s*(?:了)?\s*(?:[,，。.;；!！]|$)")
# A pet word inside a name is no pet ("搜狗", "天猫", "热狗", "熊猫").
NOT_PETS = frozenset("搜天热熊")
_LATIN_WORD = re.compile(r"[a-z][a-z'-]*")


@memo(max_bytes=2 << 20)
def frames(text: str) -> frozenset[tuple[str, str]]:
    """(group, concept) pairs the text names: people, qualifiers, negation and change cues."""
    folded = normalise(text)
    found: set[tuple[str, str]] = set()
    for match in _CJK_WORDS.finditer(folded):
        surface = _TABLE[match.group()]
        if surface[1].startswith("pet-") and folded[match.start() - 1:match.start()] in NOT_PETS:
            continue  # "搜狗", "天猫": a brand, not a pet
        if surface[0] == "people" and names_a_job(folded, *match.span()):
            continue
        found.add(surface)
    for match in _LATIN_WORD.finditer(folded):
        word = match.group().strip("'-")
        if word.endswith("'s"):
            word = word[:-2]
        hit = _TABLE.get(word) or _TABLE.get(word.rstrip("s"))
        if hit is not None and not (hit[0] == "people" and names_a_job(folded, *match.span())):
            if hit[0] == "people":
                hit = ("people", sibling(folded, match.start(), hit[1])[1])
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


def _by_group(found: frozenset[tuple[str, str]]) -> dict[str, frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for group, concept in found:
        groups.setdefault(group, set()).add(concept)
    return {group: frozenset(concepts) for group, concepts in groups.items()}


def has_change_cue(found: frozenset[tuple[str, str]]) -> bool:
    return ("change", "change") in found


# --- Fact frames (issue 16): patterns run on normalised text with numbers already written as digits. ---

USER_WORDS = "用户 本人 我 user"
# People one has several of: a new name or age for "a friend" may be another friend.
MANY_PEOPLE = frozenset("colleague friend client student classmate neighbor teacher roommate team family".split())
# Job nouns by their endings and common heads (general knowledge of both languages): what "是…", "当…",
# "做…" or "is a …" names when it states a job.
JOB_NOUNS_CJK = (r"(?:工程师|程序员|设计师|架构师|分析师|会计师?|律师|医生|大夫|护士|药剂师|老师|教师|教授|讲师|"
                 r"经理|总监|主管|主任|总裁|店长|厨师|司机|记者|编辑|作家|翻译|销售|策划|运营|客服|顾问|"
                 r"研究员|公务员|柜员|店员|职员|文员|演员|警察|律师|程序猿|产品经理|画师|插画师|摄影师|"
                 r"会计|出纳|保安|快递员|外卖员|主播|博主|自由职业者|实习生|研究生|博士生|"
                 r"售货员|服务员|技术员|飞行员|乘务员|空姐|消防员|邮递员|收银员|理发师|营养师|咨询师|心理咨询师)")
JOB_NOUNS_EN = (r"(?:doctor|nurse|engineer|developer|programmer|designer|architect|teacher|lecturer|professor|tutor|"
                r"lawyer|solicitor|barrister|accountant|manager|director|consultant|analyst|scientist|researcher|"
                r"writer|journalist|editor|translator|chef|cook|baker|barista|waiter|waitress|cashier|driver|pilot|"
                r"pharmacist|dentist|surgeon|paramedic|firefighter|police officer|officer|electrician|plumber|"
                r"mechanic|carpenter|librarian|photographer|therapist|psychologist|vet|veterinarian|"
                r"salesperson|recruiter|intern|registrar|resident|midwife|social worker|civil servant|"
                r"product manager|project manager|data scientist|freelancer|contractor)")
# (attribute, pattern, many-valued). The first that matches is the text's attribute; the span before it
# names the subject. A single-valued attribute holds one value at a time (a new one replaces the old);
# a many-valued one (pets, clubs, courses, trips, allergies, likes) adds a fact with each new value.
# Each single-valued class is named by the nouns and verbs that state it and those that state a change of
# it ("lives in" / "moved to", "在…工作" / "跳槽", "开一辆" / "把车换成了").
ATTRIBUTES: tuple[tuple[str, str, bool], ...] = (
    ("age", r"\d+(?:\.\d+)?\s*(?:周岁|岁|years? old|months? old|-year-old)|年龄|年纪|\bage\b|"
            r"\bturn(?:s|ed|ing)?\s+(?=\d+\b)|(?<=\bis )\d+(?=(?:\s+(?:now|already))?\s*[.!]?\s*$)", False),
    ("relationship", r"单身|谈恋爱|恋爱中|已婚|未婚|离婚|离异|订婚|结婚(?!纪念|周年|\s*\d+\s*周年)|"
                     r"\b(?:single|married|engaged|divorced|separated|widowed)\b|\bin a relationship\b", False),
    ("name", r"改名叫|改名为|改名|更名为|更名|"
              r"名叫|叫做|名字|取名|起名|(?<![喊大尖吵])叫(?![醒外车])|\bcalled\b|\bnamed\b|\bname is\b", False),
    ("birthday", r"生日|出生日期|\bbirthday\b|\bborn on\b", False),
    ("anniversary", r"纪念日|\banniversary\b", False),
    ("birthplace", r"出生在|出生于|出生地|老家|家乡|故乡|\bborn in\b|\bhometown\b|\bgrew up in\b", False),
    ("height", r"身高|\bheight\b|\btall\b", False),
    ("weight", r"体重|\d+\s*(?:公斤|斤)|\bweighs?\b|\bweight\b|\d+\s*(?:kg|kilos?|pounds|lbs)\b", False),
    ("blood", r"血型|型血|\bblood type\b", False),
    ("shoe_size", r"鞋码|\d+\s*码的鞋|穿\s*\d+\s*码(?=的?鞋)|\bshoe size\b|"
                  r"\bsize \d+(?:\.\d+)? (?:shoes|trainers|sneakers|boots)\b", False),
    ("salary", r"月薪|年薪|工资|薪水|薪资|\bsalary\b|\bearns\b|\bincome\b", False),
    ("rent", r"房租|月租|租金|\brent\b(?!\s+(?:a|an|out|the)\b)", False),
    ("mortgage", r"房贷|\bmortgage\b", False),
    ("savings", r"存款|积蓄|\bsavings\b", False),
    ("color", r"[深浅亮暗淡]?[红橙黄绿青蓝紫黑白灰粉棕银金]色|"
              r"\b(?:red|orange|yellow|green|blue|purple|black|white|gray|pink|brown|silver|gold|colou?r)\b", False),
    # "车是" / "car is" may say its colour, type or year: only using it says which one it is.
    ("vehicle", r"座驾|开(?:着|了)?\s*(?:1\s*)?辆|(?:把|将)车换|换了?(?:\s*1\s*辆)?(?:新)?车(?![\u4e00-\u9fff])|"
                r"\bdrives?\s+(?:a|an)\b|\btraded in\b", False),
    ("phone", r"手机用的是|用的手机是|(?:把|将)手机换|换了?(?:\s*1\s*部)?(?:新)?手机(?![\u4e00-\u9fff])", False),
    ("computer", r"(?:电脑|笔记本)用的是|用的(?:电脑|笔记本)是", False),
    ("editor", r"编辑器|\bide\b|\b(?:code|text) editor\b|\beditor is\b|写代码用|用\S{1,20}写代码",
     False),
    ("diet", r"吃素|素食(?:者|主义)|\b(?:is|went|became|turned|eats|stays|been)\s+(?:a\s+|now\s+|fully\s+|strictly\s+)?"
             r"(?:vegan|vegetarian|pescatarian)\b|\b(?:keto|paleo|low-carb|vegan|vegetarian) diet\b", False),
    ("commute", r"通勤|(?:骑车|骑自行车|开车|坐地铁|坐公交|坐高铁|走路|步行|打车)(?:去)?上班|"
                r"\bcommut(?:e|es|ing)\b|\b(?:cycles|bikes|walks|drives|runs) to work\b|"
                r"\b(?:takes|gets) the (?:bus|train|tube|subway|metro) to work\b", False),
    ("floor", r"\d+\s*(?:楼|层)|\bfloor\b", False),
    ("residence", r"住在|住于|居住|定居|住(?!院|宿|酒店)|搬到|搬去|搬回|搬家|\blives? in\b|\bliving in\b|"
                  r"\bbased in\b|\bresides? in\b|\bmoved to\b|\bmoving to\b|\brelocated to\b|\bhome city\b", False),
    ("employer", r"(?<![现正存实好])在[^，。,；;的]{1,12}?(?:工作|上班|任职|就职|实习)|跳槽|入职|就职于|任职于|供职|"
                 r"(?<![现正存实好])在[^，。,；;的]{1,12}?(?:做|当)(?=[^，。,；;]{0,8}?" + JOB_NOUNS_CJK + r")|"
                 r"\bworks? (?:at|for)\b|\bworking (?:at|for)\b|\bemployed (?:at|by)\b|\bemployer\b|\bjob at\b|"
                 r"\bjoined\s+(?=\S+(?:\s+\S+)?\s+as\s+(?:a|an)\b)", False),
    ("grade", r"年级|\bgrade\b|\bphd\b|博士|(?<!年)[大高初](?:[一二三四]|\s*\d)(?!\s*[些点下倍号码岁斤个])|"
              r"研[一二三](?![些点])|(?<=幼儿园)[小中大]班|(?<=在)[小中大]班|"
              r"\b(?:freshman|sophomore|junior|senior) year\b|\byear \d+\b", False),
    ("school", r"就读|在读|转学到|转学去|"
               r"(?:(?<![现正存实好])在|转到)[^，。,；;的]{1,12}?(?:继续)?(?:读研|读博|读大学|念大学|"
               r"[读上念](?:小学|初中|高中|幼儿园))|"
               # "在实验小学上学", "在三中读书": at a school (not "在大提琴课上学了…", "在家读书")
               r"(?:(?<![现正存实好])在|转到)[^，。,；;的]{0,10}?[学校中小园院大](?:上学|读书|念书)(?![了会习到过])|"
               r"\bstudies at\b|\bstudying at\b|\benrolled at\b", False),
    ("job", r"职位|职业|岗位|担任|当上了|\bjob title\b|\bworks as\b|\bworking as\b|"
            r"(?<![想要愿梦希打算])(?:是|当|做|成为|成了)(?:一名|一位|一个|个|名)?"
            r"(?=[^，。,；;]{0,8}?" + JOB_NOUNS_CJK + r"(?:[，。,；;了]|$))|"
            r"\bis (?:now )?(?:a|an) (?=(?:[a-z-]+ )?" + JOB_NOUNS_EN + r"\b)|"
            r"\bbecame (?:a|an) (?=(?:[a-z-]+ )?" + JOB_NOUNS_EN + r"\b)", False),
    ("pet", r"养了?|宠物|领养|收养|\badopt(?:ed|s)?\b|\bpets?\b", True),
    ("group", r"俱乐部|社团|协会|合唱团|乐队|读书会|\bclub\b|\bchoir\b|\bband\b|\bjoined\b", True),
    ("course", r"课程|选修|报名|报了|\bcourses?\b|\bclass(?:es)?\b|\benrolled\b", True),
    ("trip", r"旅行|旅游|去过|出差|\btrips?\b|\btravell?ed\b|\bvisited\b", True),
    ("purchase", r"买了|购买|入手|\bbought\b|\bpurchased\b", True),
    ("event", r"参加|参与|\battended\b|\bcompeted\b", True),
    ("allergy", r"过敏|\ballergic\b|\ballergy\b", True),
    ("learning", r"在学|学习|学了|\blearning\b|\blearns?\b|\bstudying\b", True),
    ("speaks", r"会说|说\S{0,2}语|\bspeaks?\b", True),
    ("skill", r"擅长|\bgood at\b", True),
)
# Attribute nouns that often head another attribute of the same thing ("房贷利率", "the editor's theme",
# "通勤要一个小时", "birthday present"): only a value after a copula, a change verb or a number is theirs.
NOUN_CUES = frozenset("月薪 年薪 工资 薪水 薪资 房租 月租 租金 房贷 存款 积蓄 编辑器 通勤 生日"
                      " salary income rent mortgage savings ide editor commute birthday".split())
# Of those, the ones whose value is an amount: a date after them ("工资每月 15 号发") is no value.
AMOUNT_CUES = frozenset("月薪 年薪 工资 薪水 薪资 房租 月租 租金 房贷 存款 积蓄"
                        " salary income rent mortgage savings".split())
# How the value of a noun attribute begins: a copula, a verb saying it is, or has become, a value, or a number.
VALUE_START_PATTERN = (r"(?:是|为|有|在|叫|姓|剩|还剩|只剩|大约|约|差不多|已经|只有|涨到|涨了|降到|降了|减到|增加到|"
                       r"提高到|提升到|升到|攒到|到了|达到|变成|换成|改成|调到|调整为|成了|[:：]|"
                       r"(?:每月|每个月|每年|一个月|一年)?\s*[\d零一二两三四五六七八九十百千万半]|"
                       r"\b(?:is|are|was|were|has|had|now|went up to|went down to|rose to|fell to|dropped to|"
                       r"increased to|reduced to|of|about|around)\b|[了啦呢的。.!！\s]*$)")

# A negation or a stop ("不喝" / "stopped drinking"): the statement without it is compared.
NEGATION_PATTERN = (r"已经不再|不再|不用|不需要|(?<![要就])不(?!错|同(?!意)|过(?!敏)|少|仅|断|久|管|但|如|然|够|住|了)|"
                    r"没有|没|从未|从不|戒了|戒掉|戒|"
                    r"\bnot\b|\bno longer\b|\bnever\b|\bcan['’]t\b|\bcannot\b|\bwon['’]t\b|n't\b|\bstopped\b|"
                    r"\bquit\b|\banymore\b|\bno\b")
# A stated change (issue 16.3): the newer text says the attribute now holds another value.
STATED_CHANGE_PATTERN = (r"涨到|涨了|涨薪|加薪|降薪|转学|增加到|减少到|减到|变成|变为|改到|调到|调成|调整为|调整到|"
                         r"升级至|提高到|提升到|降到|改吃|改喝|跳槽|搬到|搬去|搬家|换成|换了|换到|改用|"
                         r"改成|改为|改坐|换用|升级到|升级为|升级了|"
                         r"升到|更新到|更新为|现在在|现在用|现在是|现在|如今|不再|迁移到|迁到|迁去|挪到|转移到|转到|切换到|"
                         r"\bmoved to\b|\bmoved (?!from\b)(?:[a-z']+ ){1,3}(?:to|into|onto|over to)\b|"
                         r"\bswapped\b|\btraded in\b|\bswitched\b|\bnow\b|\bquit\b|\bno longer\b|\bupgraded\b|"
                         r"\bchanged\b|"
                         r"\breplaced\b|\bmigrated\b|\b(?:went|gone|goes) (?:up|down) to\b|"
                         r"\b(?:rose|risen|increased|dropped|fell|fallen) to\b|\b(?:has|have) become\b|"
                         r"\b(?:pushed|put) back to\b|\bbrought forward to\b|"
                         r"提前到|推迟到|延后到|延期到|定成|降为|涨为")
# Past-only statements ("以前住在", "used to live") hold beside present ones, not instead of them.
PAST_PATTERN = (r"以前|曾经|之前|小时候|过去|\bused to\b|\bpreviously\b|\bformerly\b|\bonce\b|\bin the past\b|"
                r"\bbefore\W*$")
# When a statement holds, not what it says: cut before the statements are compared.
TIME_PATTERN = (r"开始|\bstart(?:s|ed|ing)?\b|\bbegan\b|"
                r"上个月|这个月|下个月|上周|这周|本周|下周|去年|今年|明年|前年|最近|现在|目前|如今|已经|刚刚|刚|终于|"
                r"前不久|不久前|\brecently\b|\bnow\b|\bcurrently\b|\bjust\b|\bfinally\b|\blast (?:month|year|week)\b|"
                r"\b(?:last|this|next) (?:month|year|week|weekend|spring|summer|autumn|fall|winter)\b|\bthese days\b")
# Capitalised first words that open a sentence without naming a person.
NAME_STOPWORDS = frozenset(
    "the a an user users my our their his her its this that these those in on at for every each when after"
    " before since last next project projects repo repository team it there here all most some".split()) | frozenset(
    "january february march april may june july august september october november december monday tuesday"
    " wednesday thursday friday saturday sunday".split())  # when, never who
# English verbs whose object is a person: "Ben thanks Carla" and "Carla thanks Ben" are two facts.
ROLE_VERBS = ("to from with thanks thanked thank mentors mentored helps helped tells told asks asked gave"
              " gives lent lends owes owed met meets calls called married marries loves likes hates visits"
              " visited and by")
# Common Chinese surnames: a name at the start of a memory or after 给/向/把 names a person.
SURNAMES = ("王李张刘陈杨赵吴徐孙朱胡郭林罗郑梁谢宋唐许冯邓曹彭曾萧蔡潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔崔"
            "康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文韩")
# Things a fact can be about besides people: "项目用 pnpm" is not about the user.
SUBJECT_NOUNS = (r"项目|仓库|团队|公司|服务|前端|后端|\bprojects?\b|\brepos?\b|\brepository\b|\bteams?\b|\bcompany\b|"
                 r"\bservices?\b|\bfrontend\b|\bbackend\b")
