"""Values of one kind: the tools, brands and services a single-valued setting holds (issue 16.3).

"用户的 shell 是 bash" and "用户改用 fish 了" name no attribute in common, but bash and fish are both shells:
with a stated change, the second replaces the first. A value that is also an ordinary word ("fish", "go",
"理想") counts only when one of the two texts names its kind ("shell", "language", "车").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import normalise


class Kind(NamedTuple):
    nouns: str  # words naming the kind (a regex), said in either text to admit an ambiguous value
    values: str  # unambiguous values (a regex)
    ambiguous: str = ""  # values that are ordinary words too


# From general knowledge of the tools and brands people name; lower case, as `normalise` writes them.
KINDS: dict[str, Kind] = {
    "browser": Kind(r"browser|浏览器", r"google chrome|chrome|firefox|safari|microsoft edge|vivaldi|chromium|"
                    r"brave browser|arc browser|opera|夸克浏览器|360浏览器|qq浏览器", r"edge|brave|arc"),
    "shell": Kind(r"shell|终端", r"bash|zsh|oh my zsh|powershell|nushell|tcsh|ksh", r"fish"),
    "terminal": Kind(r"terminal|终端|terminal emulator", r"iterm2|iterm|wezterm|alacritty|windows terminal|ghostty|"
                     r"konsole|gnome terminal|tabby", r"kitty|warp|hyper"),
    "editor": Kind(r"editor|ide|编辑器|写代码|coding|code in|codes in",
                   r"visual studio code|vs ?code|neovim|nvim|vim|emacs|sublime text|sublime|intellij idea|intellij|"
                   r"pycharm|webstorm|goland|clion|jetbrains rider|rider|xcode|android studio|notepad\+\+|jetbrains",
                   r"cursor|zed|helix|atom"),
    "notes": Kind(r"notes?|笔记|记笔记", r"evernote|obsidian|notion|onenote|logseq|roam research|apple notes|印象笔记|"
                  r"有道云笔记|语雀|flomo|joplin", r"bear|备忘录"),
    "music": Kind(r"music|音乐|听歌|歌", r"spotify|apple music|youtube music|qq音乐|网易云音乐|网易云|酷狗音乐|酷狗|"
                  r"酷我音乐|tidal|deezer|amazon music", ""),
    "payment": Kind(r"pay|支付|付款|付钱", r"支付宝|微信支付|apple pay|google pay|paypal|云闪付|venmo|alipay|"
                    r"wechat pay", ""),
    "os": Kind(r"system|os|系统|操作系统", r"macos|mac os|windows \d+|windows|ubuntu|fedora|debian|arch linux|manjaro|"
               r"linux mint|linux|chromeos|鸿蒙|harmonyos", ""),
    "phone": Kind(r"phone|手机", r"iphone(?: \d+)?(?: pro(?: max)?)?|google pixel(?: \d+)?|galaxy s\d+|oneplus|一加|"
                  r"华为\s*mate\s*\d*|mate\s*\d+|小米\s*\d+|红米|redmi|荣耀|魅族|nothing phone",
                  r"pixel(?: \d+)?|华为|小米|oppo|vivo|samsung|三星|huawei|xiaomi"),
    "car": Kind(r"car|drives?|drove|车|开", r"tesla|特斯拉|toyota|丰田|卡罗拉|corolla|prius|camry|凯美瑞|honda|本田|"
                r"civic|思域|雅阁|bmw|宝马|audi|奥迪|mercedes|奔驰|volkswagen|大众汽车|byd|比亚迪|蔚来|小鹏|极氪|问界|ford|"
                r"福特|nissan|日产|hyundai|kia|起亚|volvo|沃尔沃|mazda|马自达|subaru|斯巴鲁|lexus|雷克萨斯|porsche|"
                r"保时捷|五菱|吉利|哈弗|领克|rav4|model [3ysx]", r"accord|golf|理想|现代|大众|mini|jeep|长安|polo"),
    "package_manager": Kind(r"package manager|包管理|依赖|dependencies|packages", r"npm|yarn|pnpm|pipenv|poetry|conda|"
                            r"cargo|maven|gradle|composer|bundler|homebrew", r"pip|uv|bun|brew"),
    "test_framework": Kind(r"test|tests|testing|测试|单测", r"jest|mocha|vitest|jasmine|karma|cypress|playwright|"
                           r"pytest|unittest|junit|testng|rspec|minitest", ""),
    "linter": Kind(r"lint|linter|linting|代码检查|静态检查", r"eslint|tslint|biome|pylint|flake8|rubocop|clippy|"
                   r"golangci-lint|stylelint|oxlint", r"ruff"),
    "formatter": Kind(r"format|formatter|formatted|formatting|格式化|代码风格", r"prettier|yapf|autopep8|gofmt|rustfmt|"
                      r"clang-format|dprint|biome", r"black|ruff"),
    "bundler": Kind(r"bundler|build|打包|构建", r"webpack|vite|rollup|parcel|esbuild|turbopack|rspack", ""),
    "ci": Kind(r"ci|持续集成|pipeline|流水线", r"github actions|gitlab ci|jenkins|circleci|travis ci|travis|buildkite|"
               r"azure pipelines|teamcity", r"drone"),
    "cloud": Kind(r"cloud|云|hosting|hosted|server|服务器|部署|deploy", r"aws|google cloud|gcp|阿里云|腾讯云|华为云|"
                  r"digitalocean|linode|vercel|netlify|heroku|fly\.io", r"azure|cloudflare"),
    "database": Kind(r"database|db|数据库", r"postgresql|postgres|mysql|sqlite|mongodb|mariadb|sql server|dynamodb|"
                     r"cassandra|clickhouse|tidb|oceanbase", r"oracle|redis"),
    "language": Kind(r"language|语言|编程|code|coding|codes|programming|写代码|开发",
                     r"python|java|kotlin|javascript|typescript|golang|c\+\+|c#|php|scala|elixir|haskell|clojure|"
                     r"objective-c", r"go|rust|ruby|swift|dart|lua|perl"),
    "carrier": Kind(r"手机号|号码|运营商|carrier|network|sim|套餐|携号转网", r"中国移动|中国联通|中国电信|联通|电信|"
                    r"verizon|at&t|t-mobile|vodafone", r"移动|ee|o2|three"),
    "messaging": Kind(r"chat|message|messages|聊天|沟通|通讯", r"whatsapp|telegram|slack|discord|企业微信|飞书|钉钉|"
                      r"wechat|line", r"signal|teams|微信|qq"),
    "storage": Kind(r"backup|backups|备份|同步|sync|storage|存储|网盘", r"icloud|dropbox|google drive|onedrive|"
                    r"百度网盘|坚果云|阿里云盘", ""),
    "bank": Kind(r"bank|banks|account|银行|卡|信用卡", r"barclays|monzo|hsbc|lloyds|natwest|santander|revolut|"
                 r"chase|starling|招商银行|招行|工商银行|工行|建设银行|建行|中国银行|农业银行|交通银行|中信银行|浦发银行|"
                 r"民生银行|兴业银行|平安银行", r"招商|中信|浦发|平安|民生|兴业|交行"),
}


def _bounded(alternatives: str) -> str:
    """Latin values only as whole words ("vim" is not in "vimeo"); CJK ones anywhere."""
    return r"(?<![a-z0-9+#])(?:" + alternatives + r")(?![a-z0-9+#])"


_VALUES = {kind: re.compile(_bounded(found.values)) for kind, found in KINDS.items()}
_AMBIGUOUS = {kind: re.compile(_bounded(found.ambiguous)) for kind, found in KINDS.items() if found.ambiguous}
_NOUNS = {kind: compile_fast(_bounded(found.nouns)) for kind, found in KINDS.items()}
# One scan finds every value of every kind; which kinds a found value belongs to is read after.
_ANY_VALUE = compile_fast(_bounded("|".join([found.values for found in KINDS.values()]
                                          + [found.ambiguous for found in KINDS.values() if found.ambiguous])))
_SPACES = re.compile(r"\s+")


class Named(NamedTuple):
    kind: str  # "shell", or "shell?" for a value that is an ordinary word too
    value: str
    start: int
    end: int


@memo(max_bytes=1 << 20)
def kind_values(text: str) -> tuple[Named, ...]:
    """Every value of a kind the text names, ambiguous ones marked with "?"; a value inside a longer one
    ("招商" in "招商银行") is that one."""
    folded = normalise(text)
    found: list[Named] = []
    for hit in _ANY_VALUE.finditer(folded):
        # The longest value at this place, then every kind it is a whole value of.
        surface = hit.group()
        value = _SPACES.sub("", surface)
        for kind, pattern in _VALUES.items():
            if pattern.fullmatch(surface):
                found.append(Named(kind, value, hit.start(), hit.end()))
        for kind, pattern in _AMBIGUOUS.items():
            if pattern.fullmatch(surface):
                found.append(Named(kind + "?", value, hit.start(), hit.end()))
    return tuple(found)


def names_kind(text: str, kind: str) -> bool:
    """The text names `kind` by one of its nouns ("shell", "浏览器")."""
    return _NOUNS[kind].search(normalise(text)) is not None


def kind_keys(text: str) -> frozenset[str]:
    """The kinds a text names a value of, ambiguous ones included: what it is filed under."""
    return frozenset(n.kind.rstrip("?") for n in kind_values(text))


def values_by_kind(a: str, b: str) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """For each kind both texts name a value of: the values each names. An ambiguous value counts when
    either text names its kind."""
    found_a, found_b = kind_values(a), kind_values(b)
    shared = {n.kind.rstrip("?") for n in found_a} & {n.kind.rstrip("?") for n in found_b}
    if not shared:
        return {}
    # Only the kinds whose ambiguous values the pair names are looked for by their nouns.
    asked = {n.kind[:-1] for n in found_a + found_b if n.kind.endswith("?")} & shared
    nouns = {kind for kind in asked if names_kind(a, kind) or names_kind(b, kind)}
    out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for kind in shared:
        mine = frozenset(n.value for n in found_a if n.kind == kind or (n.kind == kind + "?" and kind in nouns))
        theirs = frozenset(n.value for n in found_b if n.kind == kind or (n.kind == kind + "?" and kind in nouns))
        if mine and theirs:
            out[kind] = (mine, theirs)
    return out


def spans_of(text: str, kind: str) -> list[tuple[int, int]]:
    """Where the text names values of `kind` (in its normalised form)."""
    return [(n.start, n.end) for n in kind_values(text) if n.kind.rstrip("?") == kind]


def without_kind(text: str, kind: str) -> str:
    """The normalised text without the values of `kind` and the words naming it: what else it says."""
    folded = normalise(text)
    folded = _VALUES[kind].sub(" ", folded)
    if kind in _AMBIGUOUS:
        folded = _AMBIGUOUS[kind].sub(" ", folded)
    return _NOUNS[kind].sub(" ", folded)
