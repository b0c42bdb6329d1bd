"""Standing constraints for requests: a memory stating a lasting limit matters when a message asks for advice."""

from __future__ import annotations

import re

from sidecar.rules.tokens import normalise

# A lasting constraint or condition of the person: an allergy or intolerance, a diet, an injury or chronic
# condition, a fear, motion sickness, a budget limit, a dislike. General shapes in both languages.
_STATES_CONSTRAINT = re.compile(
    r"过敏|不耐受|忌口|忌食|不能吃|不能喝|不能碰|不吃|不喝|戒了|戒掉|戒酒|戒烟|控糖|控制饮食|吃素|素食"
    r"|晕车|晕船|晕机|恐高|怕冷|怕热|怕水|害怕|受不了|不喜欢|讨厌|旧伤|老伤|受过伤|伤过|扭伤过|慢性"
    r"|预算|不超过|医生说|医生让|医生建议|遵医嘱|不宜|避免|不能久|不能长时间|腿脚不|腰不好|膝盖不好"
    r"|\ballerg|\bintoleran|\b(?:can ?not|can't|cannot|doesn't|does not|don't|do not|won't|never) "
    r"(?:eat|eats|drink|drinks|have|stand|handle|tolerate)\b|\bavoids?\b|\bavoiding\b|\bvegetarian\b|\bvegan\b"
    r"|\bgluten\b|\blactose\b|\bseasick|\bcarsick|\bmotion sickness\b|\bafraid of\b|\bscared of\b|\bfear of\b"
    r"|\bphobi|\bhates?\b|\bdislikes?\b|\bbad (?:knee|back|hip|ankle|shoulder)\b|\binjur|\bchronic\b|\bbudget\b"
    r"|\bno more than\b|\bdoctor (?:said|told|advised|recommended)\b|\bgave up\b|\bquit (?:drinking|smoking|sugar)\b"
    r"|\bsober\b"
    # a diagnosed or lasting condition and what sets it off, as a doctor's note or the person says it
    r"|体质|诱发|容易发作|反复发作|复发|确诊|诊断|查出|病史|高原反应|血压偏|血压高|哮喘|偏头痛|炎"
    r"|\bdiagnos|\btrigger|\bprone to\b|\bsensitive to\b|\bflare|\basthma\b|\bmigraine|\bblood pressure\b"
    r"|\blimits? (?:himself|herself|themselves|myself)\b")

# A message asking for advice, a plan, a choice, a purchase, a trip or food (not a question of fact).
_ASKS_FOR_ADVICE = re.compile(
    r"推荐|帮我|计划|打算|想去|想买|买什么|买哪|要不要|该不该|能不能|可不可以|可以吗|行不行|好不好|合适吗|适合|安排"
    r"|建议|有什么好|选哪|挑一|挑个|送什么|吃什么|去哪|点什么|值得|值不值"
    r"|\bshould i\b|\bshould we\b|\brecommend|\bsuggest|\bplan\b|\bplans\b|\bplanning\b|\btrip\b|\bgood idea\b"
    r"|\bany ideas\b|\bideas for\b|\bhelp me\b|\bwhat should\b|\bworth it\b|\bis it (?:ok|okay|safe|fine)\b"
    r"|\bcan i\b|\bbuy\b|\bbuying\b|\bpurchase\b|\bgift\b|\bwhere should\b|\bbook a\b|\bpick (?:a|an|me)\b"
    # a plan or an intention the person states: what they want to do may meet a limit they have
    r"|想(?!起|念|法|到|着|了|必)|准备|要去|我们去|周末去"
    r"|\bwant to\b|\bwanna\b|\bthinking (?:of|about)\b|\bgoing to\b|\bi'm going\b|\bwe're going\b"
    r"|\bi'd like to\b|\bhow about\b|\babout to\b|\bsigned up\b|\binvited\b")


def states_constraint(text: str) -> bool:
    return _STATES_CONSTRAINT.search(normalise(text)) is not None


def asks_for_advice(text: str) -> bool:
    return _ASKS_FOR_ADVICE.search(normalise(text)) is not None
