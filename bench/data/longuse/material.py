"""Hand-written material for the long-use set: four people, their core facts, and per-domain word lists."""

from __future__ import annotations

from dataclasses import dataclass, field

# A value or an entity may be written "中文/English"; the form of the fact's language is used.


@dataclass(frozen=True)
class Attr:
    """One attribute of a domain's entities: fact templates (primary | restated) and question templates."""

    key: str
    single: bool  # one value at a time: later sessions may change it (an update)
    zh: str  # "primary|restated", placeholders {e} entity, {v} value
    en: str
    q_zh: str = ""  # questions as the user types them, "|"-separated; empty = never asked
    q_en: str = ""
    values: str = ""  # comma-separated pool


@dataclass(frozen=True)
class Domain:
    name: str
    entities: tuple[str, ...]
    attrs: tuple[Attr, ...]
    weight: int = 1


@dataclass(frozen=True)
class Later:
    session: int
    kind: str  # "restate" (same fact, other words or the same words) or "update" (a changed value)
    text: str


@dataclass(frozen=True)
class Core:
    """A hand-written fact with the user's questions that need it (answered by its latest version)."""

    session: int
    text: str
    questions: tuple[str, ...]
    later: tuple[Later, ...] = ()


@dataclass(frozen=True)
class Person:
    key: str
    who: str
    zh_share: float
    core: tuple[Core, ...]
    domains: tuple[Domain, ...]
    people_relations: tuple[str, ...] = field(default=())


S, M = True, False


def C(session: int, text: str, *questions: str, later: tuple[Later, ...] = ()) -> Core:
    return Core(session, text, questions, later)


def L(session: int, kind: str, text: str) -> Later:
    return Later(session, kind, text)


# ---------------------------------------------------------------- shared domains (entities differ per person)

PEOPLE_ATTRS = (
    Attr("city", S, "用户的{e}住在{v}|用户的{e}现在在{v}生活", "The user's {e} lives in {v}|The user's {e} is based in {v}",
         "周末想去找{e}玩，帮我查查高铁怎么走|{e}那边最近天气怎么样？", "I want to visit {e} next month, how do I get there?|What's the weather like where {e} is?",
         "北京/Beijing,上海/Shanghai,广州/Guangzhou,深圳/Shenzhen,杭州/Hangzhou,成都/Chengdu,武汉/Wuhan,南京/Nanjing,西安/Xi'an,苏州/Suzhou,厦门/Xiamen,青岛/Qingdao,长沙/Changsha,重庆/Chongqing,昆明/Kunming,大连/Dalian,天津/Tianjin,合肥/Hefei"),
    Attr("job", S, "用户的{e}是{v}|用户的{e}从事{v}工作", "The user's {e} works as {v}|The user's {e} is {v} by trade",
         "{e}想换工作，帮我给他写段内推语|和{e}吃饭能聊些什么行业话题？", "Help me write a short referral note for {e}|What could I chat about with {e} over dinner?",
         "护士/a nurse,律师/a lawyer,中学老师/a high-school teacher,产品经理/a product manager,会计/an accountant,建筑师/an architect,牙医/a dentist,厨师/a chef,摄影师/a photographer,销售/a salesperson,公务员/a civil servant,UI 设计师/a UI designer,数据分析师/a data analyst,药剂师/a pharmacist,记者/a journalist,机械工程师/a mechanical engineer"),
    Attr("birthday", S, "用户的{e}生日是{v}|用户的{e}的生日在{v}", "The user's {e} has a birthday on {v}|The user's {e} was born on {v}",
         "帮我在日历上给{e}设个提醒，到时候别忘了送祝福|{e}快过生日了吗？我想提前准备礼物", "Set me a reminder so I don't forget {e}'s big day|Is it almost time to get {e} a present?",
         "1 月 12 日/January 12,2 月 3 日/February 3,3 月 21 日/March 21,4 月 8 日/April 8,5 月 17 日/May 17,6 月 30 日/June 30,7 月 4 日/July 4,8 月 19 日/August 19,9 月 9 日/September 9,10 月 25 日/October 25,11 月 2 日/November 2,12 月 14 日/December 14"),
    Attr("gift", S, "用户的{e}喜欢{v}|用户的{e}平时爱{v}", "The user's {e} loves {v}|The user's {e} is really into {v}",
         "想给{e}挑份礼物，有什么建议？|帮我想想约{e}周末一起做点什么", "What should I get {e} as a present?|Ideas for something to do with {e} this weekend?",
         "钓鱼/fishing,下围棋/playing go,烘焙/baking,跑马拉松/running marathons,养多肉/growing succulents,拼乐高/building Lego,听黑胶唱片/vinyl records,爬山/hiking,打羽毛球/badminton,收集邮票/stamp collecting,做陶艺/pottery,玩桌游/board games,书法/calligraphy,露营/camping"),
    Attr("diet", S, "用户的{e}{v}|用户的{e}饮食上{v}", "The user's {e} {v}|The user's {e}, food-wise, {v}",
         "这周请{e}来家里吃饭，帮我定个菜单|和{e}聚餐选什么餐厅好？", "Plan a dinner menu for when {e} comes over|Which restaurant should I book for dinner with {e}?",
         "不吃辣/avoids spicy food,吃素/is vegetarian,对海鲜过敏/is allergic to seafood,不吃香菜/hates coriander,戒糖/has cut out sugar,不喝酒/does not drink alcohol,乳糖不耐受/is lactose intolerant,不吃牛肉/does not eat beef"),
    Attr("contact", S, "用户的{e}更喜欢用{v}联系|用户联系{e}一般用{v}", "The user's {e} prefers to be reached by {v}|The user reaches {e} by {v}",
         "帮我给{e}发个消息说周五的安排有变|我要通知{e}一件事，用什么方式比较好？", "Draft a quick note to {e} that Friday's plan changed|How should I let {e} know about the change?",
         "微信/WeChat,电话/phone,邮件/email,短信/text message,钉钉/DingTalk,Telegram/Telegram,WhatsApp/WhatsApp"),
)

BOOK_ATTRS = (
    Attr("status", S, "用户{v}《{e}》|用户对《{e}》的进度：{v}", "The user {v} '{e}'|Reading status of '{e}' for the user: {v}",
         "《{e}》我读到哪儿了来着？帮我接着列个读书笔记提纲|要不要把《{e}》借给朋友？", "Where am I with '{e}'? Help me outline notes|Should I lend '{e}' to a friend now?",
         "正在读/is reading,读完了/has finished,读了一半放下了/gave up halfway through,打算读/plans to read,重读了/re-read"),
    Attr("rating", S, "用户给《{e}》打了{v}|用户对《{e}》的评价是{v}", "The user rated '{e}' {v}|The user's verdict on '{e}': {v}",
         "朋友问我《{e}》值不值得看，帮我回他|帮我写一段《{e}》的短评", "A friend asked if '{e}' is worth it, help me answer|Write a short review of '{e}' for me",
         "五星/five stars,四星/four stars,三星/three stars,两星/two stars"),
    Attr("format", S, "用户看的《{e}》是{v}|用户读《{e}》用的是{v}", "The user reads '{e}' as {v}|The user's copy of '{e}' is {v}",
         "《{e}》我想做些标注，方便吗？|出差能带上《{e}》吗？", "Can I annotate my copy of '{e}'?|Can I take '{e}' on the trip?",
         "纸质书/a paperback,Kindle 电子书/a Kindle e-book,有声书/an audiobook,微信读书/WeChat Reading,精装本/a hardcover"),
)

PLACE_ATTRS = (
    Attr("when", S, "用户{v}去过{e}|用户去{e}的时间是{v}", "The user visited {e} in {v}|The user's trip to {e} was in {v}",
         "帮我整理一下{e}那次旅行的照片相册标题|{e}那趟是多久以前的事了？", "Help me title the photo album from the {e} trip|How long ago was I in {e}?",
         "2019 年春天/spring 2019,2021 年国庆/October 2021,2022 年夏天/summer 2022,2023 年 5 月/May 2023,2023 年底/late 2023,2024 年春节/Chinese New Year 2024,2024 年 8 月/August 2024,2025 年 4 月/April 2025,2025 年暑假/summer 2025"),
    Attr("liked", S, "用户在{e}最喜欢{v}|用户觉得{e}最好的是{v}", "What the user liked most in {e} was {v}|The best part of {e} for the user was {v}",
         "朋友要去{e}，我该推荐他什么？|如果再去{e}，帮我排个行程", "A friend is going to {e}, what should I recommend?|Plan me a return trip to {e}",
         "当地小吃/the street food,老城区散步/walking the old town,博物馆/the museums,海边日落/the sunsets by the sea,温泉/the hot springs,夜市/the night market,徒步路线/the hiking trails,咖啡馆/the cafés"),
    Attr("again", S, "用户{v}再去{e}|用户对再去{e}的态度：{v}", "The user {v} to go back to {e}|About returning to {e}, the user {v}",
         "假期去哪儿好？{e}要不要列进候选？|帮我比较一下今年去{e}还是别处", "Should {e} be on the holiday shortlist?|Help me decide between {e} and somewhere new this year",
         "很想/really wants,不打算/does not plan,也许会/might,明年计划/plans next year"),
)

FOOD_ATTRS = (
    Attr("dish", S, "用户在{e}常点{v}|用户去{e}必点{v}", "At {e} the user usually orders {v}|The user always gets {v} at {e}",
         "今晚去{e}，帮我想想点什么|帮我给{e}订个座，顺便备注一下我的老习惯", "Going to {e} tonight, what should I order?|Book {e} for me and note my usual",
         "红烧肉/braised pork,酸菜鱼/pickled-cabbage fish,牛肉面/beef noodles,烤鸭/roast duck,肠粉/rice rolls,麻婆豆腐/mapo tofu,小笼包/soup dumplings,冬阴功汤/tom yum soup,披萨/pizza,拉面/ramen,寿司拼盘/a sushi platter,炸鸡/fried chicken"),
    Attr("where", S, "{e}在{v}|{e}这家店位于{v}", "{e} is in {v}|The restaurant {e} is located in {v}",
         "帮我规划一下去{e}的路线|{e}附近好停车吗？", "Give me directions to {e}|Is parking easy near {e}?",
         "公司楼下/the office building,小区门口/the entrance of the user's estate,市中心/the city centre,地铁站旁/next to the metro station,商场三楼/the mall's third floor,老街/the old street,河边/the riverside"),
)

BUY_ATTRS = (
    Attr("when", S, "用户在{v}买了{e}|用户的{e}是{v}入手的", "The user bought {e} in {v}|{e} was bought by the user in {v}",
         "{e}还在保修期吗？|帮我算算{e}用了多久了", "Is {e} still under warranty?|How long have I had {e} now?",
         "2022 年 3 月/March 2022,2022 年双十一/Singles' Day 2022,2023 年 6 月/June 2023,2023 年 12 月/December 2023,2024 年 2 月/February 2024,2024 年 9 月/September 2024,2025 年 1 月/January 2025,2025 年 7 月/July 2025,2026 年 3 月/March 2026"),
    Attr("price", S, "用户的{e}花了{v}|用户买{e}的价格是{v}", "The user paid {v} for {e}|{e} cost the user {v}",
         "想把{e}挂二手，定价多少合适？|帮我算下{e}每个月摊下来多少钱", "What should I ask for {e} second-hand?|What does {e} cost me per month so far?",
         "399 元/399 yuan,899 元/899 yuan,1299 元/1299 yuan,2599 元/2599 yuan,3999 元/3999 yuan,5499 元/5499 yuan,7999 元/7999 yuan,12000 元/12000 yuan"),
    Attr("verdict", S, "用户觉得{e}{v}|用户对{e}的感受是{v}", "The user finds {e} {v}|The user's take on {e}: {v}",
         "朋友问我{e}推不推荐，帮我回复|要不要再给家里人也买一个{e}？", "A friend asked whether to buy {e}, help me reply|Should I buy {e} for my family too?",
         "很好用/great,一般/just okay,后悔买了/a regret,性价比很高/great value,太吵/too noisy,做工一般/poorly built"),
)

# ---------------------------------------------------------------- entity pools (split between the four people)

SURNAMES = "王/Wang,李/Li,张/Zhang,刘/Liu,陈/Chen,杨/Yang,黄/Huang,赵/Zhao,吴/Wu,周/Zhou,徐/Xu,孙/Sun,马/Ma,朱/Zhu,胡/Hu,郭/Guo,何/He,林/Lin,罗/Luo,高/Gao,郑/Zheng,梁/Liang,谢/Xie,宋/Song,唐/Tang,许/Xu,韩/Han,冯/Feng,邓/Deng,曹/Cao"
GIVEN = "磊/Lei,静/Jing,伟/Wei,芳/Fang,洋/Yang,敏/Min,杰/Jie,婷/Ting,浩/Hao,雪/Xue,鹏/Peng,丹/Dan,强/Qiang,颖/Ying,超/Chao,琳/Lin,建国/Jianguo,晓东/Xiaodong,子涵/Zihan,思琪/Siqi,宇航/Yuhang,雨桐/Yutong,志明/Zhiming,佳怡/Jiayi,俊杰/Junjie,梦洁/Mengjie,海涛/Haitao,欣然/Xinran,立新/Lixin,秀英/Xiuying"
BOOKS = "三体/The Three-Body Problem,活着/To Live,百年孤独/One Hundred Years of Solitude,人类简史/Sapiens,原则/Principles,置身事内/Inside the System,刻意练习/Peak,思考，快与慢/Thinking, Fast and Slow,局外人/The Stranger,挪威的森林/Norwegian Wood,长安的荔枝/The Lychee of Chang'an,黑客与画家/Hackers and Painters,人月神话/The Mythical Man-Month,被讨厌的勇气/The Courage to Be Disliked,万历十五年/1587 A Year of No Significance,球状闪电/Ball Lightning,沙丘/Dune,基地/Foundation,小王子/The Little Prince,追风筝的人/The Kite Runner,红楼梦/Dream of the Red Chamber,平凡的世界/Ordinary World,毛姆短篇集/Maugham's Short Stories,枪炮、病菌与钢铁/Guns, Germs and Steel,乡下人的悲歌/Hillbilly Elegy,蛤蟆先生去看心理医生/Counselling for Toads,失明症漫记/Blindness,斯通纳/Stoner,额尔古纳河右岸/The Last Quarter of the Moon,繁花/Blossoms,东京塔/Tokyo Tower,解忧杂货店/Namiya General Store,白夜行/Journey Under the Midnight Sun,杀死一只知更鸟/To Kill a Mockingbird,1984/Nineteen Eighty-Four,月亮与六便士/The Moon and Sixpence,了不起的盖茨比/The Great Gatsby,乌合之众/The Crowd,自私的基因/The Selfish Gene,时间简史/A Brief History of Time"
PLACES = "大理/Dali,丽江/Lijiang,青海湖/Qinghai Lake,敦煌/Dunhuang,桂林/Guilin,三亚/Sanya,黄山/Huangshan,张家界/Zhangjiajie,京都/Kyoto,大阪/Osaka,曼谷/Bangkok,清迈/Chiang Mai,首尔/Seoul,新加坡/Singapore,巴黎/Paris,罗马/Rome,伊斯坦布尔/Istanbul,冰岛/Iceland,新西兰/New Zealand,北海道/Hokkaido,巴厘岛/Bali,香港/Hong Kong,澳门/Macau,台北/Taipei,拉萨/Lhasa,喀什/Kashgar,婺源/Wuyuan,平遥/Pingyao,泉州/Quanzhou,哈尔滨/Harbin,伦敦/London,巴塞罗那/Barcelona,布拉格/Prague,维也纳/Vienna,悉尼/Sydney,温哥华/Vancouver"
RESTAURANTS = "老码头火锅/Old Dock Hotpot,外婆家/Grandma's Kitchen,西贝莜面村/Xibei,海底捞/Haidilao,南京大牌档/Nanjing Impressions,绿茶餐厅/Green Tea,鼎泰丰/Din Tai Fung,一风堂/Ippudo,太二酸菜鱼/Tai Er,很久以前羊肉串/Long Ago Skewers,蔡澜港式点心/Chua Lam Dim Sum,胖哥俩肉蟹煲/Pang Ge Crab Pot,陶陶居/Tao Tao Ju,点都德/Dian Dou De,湘鄂情/Xiang E Qing,巴奴毛肚火锅/Banu Hotpot,费大厨/Chef Fei,和府捞面/Hefu Noodles,喜家德水饺/Xijiade Dumplings,必胜客/Pizza Hut,萨莉亚/Saizeriya,大董烤鸭/Da Dong,云海肴/Yunhaiyao,望湘园/Wangxiangyuan,新白鹿/Xin Bai Lu,探鱼/Tanyu,左庭右院/Zuoting Youyuan,木屋烧烤/Muwu BBQ"
PRODUCTS = "扫地机器人/the robot vacuum,空气净化器/the air purifier,洗碗机/the dishwasher,电动牙刷/the electric toothbrush,投影仪/the projector,降噪耳机/the noise-cancelling headphones,Kindle/the Kindle,电动自行车/the e-bike,咖啡机/the espresso machine,人体工学椅/the ergonomic chair,升降桌/the standing desk,机械键盘/the mechanical keyboard,显示器/the monitor,路由器/the Wi-Fi router,NAS/the NAS,智能手表/the smartwatch,烤箱/the oven,空气炸锅/the air fryer,洗烘一体机/the washer-dryer,净水器/the water purifier,按摩椅/the massage chair,电热毯/the electric blanket,加湿器/the humidifier,破壁机/the blender,平板电脑/the tablet,游戏机/the game console,行车记录仪/the dash cam,筋膜枪/the massage gun,智能门锁/the smart lock,电饭煲/the rice cooker,吸尘器/the stick vacuum,儿童安全座椅/the child car seat"


def shared_domains(people: tuple[str, ...], books: tuple[str, ...], places: tuple[str, ...],
                   restaurants: tuple[str, ...], products: tuple[str, ...]) -> tuple[Domain, ...]:
    return (Domain("people", people, PEOPLE_ATTRS, 3), Domain("books", books, BOOK_ATTRS),
            Domain("places", places, PLACE_ATTRS), Domain("food", restaurants, FOOD_ATTRS),
            Domain("purchases", products, BUY_ATTRS))


# ---------------------------------------------------------------- 1. the bilingual developer (zh/en mixed)

DEV_PROJECTS = ("tidewater", "kestrel-api", "paper-lantern", "orbit-cli", "saltmarsh", "lumen-ui", "hopper-jobs",
                "quillpad", "greyhound-proxy", "mosaic-etl", "pinecone-docs", "ferrywatch", "bramble-auth",
                "cinder-cache", "ripple-notify", "atlas-billing", "nimbus-deploy", "sparrow-bot", "harvest-report",
                "glacier-backup", "marlin-search", "tundra-metrics", "willow-admin", "cobalt-sdk", "ember-chat",
                "juniper-forms", "falcon-gateway", "basalt-ledger")
DEV_MACHINES = ("工作 MacBook Pro/work MacBook Pro", "家里的台式机/home desktop", "ThinkPad X1/ThinkPad X1",
                "服务器 heron/server heron", "树莓派/Raspberry Pi", "公司的 GPU 机器 kraken/office GPU box kraken",
                "备用笔记本/spare laptop", "云主机 osprey/cloud VM osprey", "NAS 盒子/NAS box")
DEV_TOOLS = ("Git/Git", "Docker/Docker", "Kubernetes/Kubernetes", "Terraform/Terraform", "Grafana/Grafana",
             "Sentry/Sentry", "GitHub Actions/GitHub Actions", "Neovim/Neovim", "VS Code/VS Code", "tmux/tmux",
             "Postman/Postman", "DBeaver/DBeaver", "Obsidian/Obsidian", "Raycast/Raycast", "Homebrew/Homebrew",
             "Ansible/Ansible", "Prometheus/Prometheus", "Jira/Jira", "Notion/Notion", "Figma/Figma")

DEV_PROJECT_ATTRS = (
    Attr("lang", S, "项目 {e} 用 {v} 开发|{e} 项目的主要语言是 {v}", "Project {e} is written in {v}|The {e} project's main language is {v}",
         "帮我给 {e} 加一个健康检查接口|{e} 里想加个重试逻辑，写个示例", "Add a health-check endpoint to {e} for me|Show me how to add retries in {e}",
         "Go,Rust,TypeScript,Python,Kotlin,Java,Elixir,C#"),
    Attr("db", S, "项目 {e} 的数据库是 {v}|{e} 项目用 {v} 存数据", "Project {e} uses {v} as its database|The {e} project keeps its data in {v}",
         "帮我给 {e} 写个建用户表的迁移脚本|{e} 的查询变慢了，怎么加索引？", "Write the users-table migration for {e}|Queries in {e} got slow, how do I add an index?",
         "PostgreSQL 16,MySQL 8,SQLite,MongoDB 7,TiDB,ClickHouse,DuckDB,CockroachDB"),
    Attr("deploy", S, "项目 {e} 部署在 {v}|{e} 项目跑在 {v} 上", "Project {e} is deployed on {v}|The {e} project runs on {v}",
         "{e} 要发版了，帮我写一下上线步骤|{e} 线上要加环境变量，在哪儿配？", "Write me the release checklist for {e}|Where do I set a new env var for {e} in production?",
         "Vercel,Fly.io,AWS ECS,阿里云 ACK/Alibaba Cloud ACK,自建 k8s 集群/a self-hosted k8s cluster,Cloudflare Workers,Heroku,Render"),
    Attr("ci", S, "项目 {e} 的 CI 用 {v}|{e} 项目用 {v} 跑持续集成", "Project {e} runs CI on {v}|The {e} project's CI is {v}",
         "给 {e} 加一个每晚跑的测试任务|{e} 的流水线太慢了，怎么加缓存？", "Add a nightly test job for {e}|The {e} pipeline is slow, how do I cache dependencies?",
         "GitHub Actions,GitLab CI,Jenkins,CircleCI,Drone,Buildkite"),
    Attr("test", S, "项目 {e} 的测试框架是 {v}|{e} 项目写测试用 {v}", "Project {e} is tested with {v}|The {e} project's tests use {v}",
         "帮我给 {e} 的登录逻辑补个单元测试|{e} 里怎么 mock 掉外部请求？", "Write a unit test for the login flow in {e}|How do I mock outbound HTTP in {e}'s tests?",
         "pytest,Vitest,Jest,go test,cargo test,JUnit 5,Playwright"),
    Attr("pm", S, "项目 {e} 用 {v} 管理依赖|{e} 项目的包管理器是 {v}", "Project {e} manages dependencies with {v}|The {e} project's package manager is {v}",
         "{e} 要加个新依赖，命令怎么写？|帮我写 {e} 的 Dockerfile 安装依赖那一段", "What's the command to add a dependency to {e}?|Write the dependency-install step of {e}'s Dockerfile",
         "pnpm,npm,yarn,uv,poetry,cargo,go modules,Gradle,bun"),
    Attr("port", S, "项目 {e} 本地跑在 {v} 端口|{e} 项目开发服务器的端口是 {v}", "Project {e} listens on port {v} locally|The {e} dev server uses port {v}",
         "{e} 本地起不来，说端口被占了，帮我查查|帮我写个 {e} 的本地 nginx 反代配置", "{e} won't start locally, says the port is busy|Write a local nginx proxy config for {e}",
         "3000,3001,4000,5173,8000,8080,8081,9000,9090,7070"),
    Attr("owner", S, "项目 {e} 由{v}负责|{e} 项目归{v}管", "Project {e} is owned by {v}|The {e} project belongs to {v}",
         "{e} 出了线上问题，我该找谁？|要改 {e} 的接口，需要跟哪个组打招呼？", "Who do I page when {e} breaks?|Which team should I talk to before changing {e}'s API?",
         "支付组/the payments team,平台组/the platform team,增长组/the growth team,数据组/the data team,用户自己/the user alone,前端组/the frontend team,基础架构组/the infra team"),
    Attr("purpose", S, "项目 {e} 是{v}|{e} 项目做的是{v}", "Project {e} is {v}|The {e} project is {v}",
         "帮我给 {e} 写一段 README 开头的介绍|给新同事讲讲 {e} 是干嘛的", "Write the opening paragraph of {e}'s README|Explain to a new hire what {e} is for",
         "一个内部的订单对账服务/an internal order-reconciliation service,一个命令行小工具/a small command-line tool,公司官网/the company website,一个 Slack 机器人/a Slack bot,日志收集管道/a log-collection pipeline,一个 React 组件库/a React component library,一个移动端的后端/a backend for the mobile app,个人博客/the user's personal blog,一个定时报表服务/a scheduled reporting service,用户的开源爱好项目/the user's open-source side project"),
    Attr("style", S, "项目 {e} 的代码风格是{v}|{e} 项目约定{v}", "Project {e}'s code style is {v}|The {e} project follows {v}",
         "帮我给 {e} 配一下编辑器格式化|{e} 的新文件我该怎么排版？", "Set up my editor formatter for {e}|How should I format new files in {e}?",
         "两空格缩进/2-space indentation,四空格缩进/4-space indentation,Tab 缩进/tab indentation,单引号加无分号/single quotes and no semicolons,行宽 100/a 100-column line limit,行宽 120/a 120-column line limit"),
    Attr("lib", M, "项目 {e} 用了 {v}|{e} 项目引入了 {v}", "Project {e} depends on {v}|The {e} project pulls in {v}", "", "",
         "zod,axios,lodash,pydantic,sqlalchemy,tokio,serde,gin,echo,fastapi,django,express,nestjs,prisma,drizzle,redux,zustand,tailwindcss,vite,webpack,celery,kafka-go,sqlx,reqwest,clap,rich,typer,httpx,tRPC,vue-router"),
)
DEV_MACHINE_ATTRS = (
    Attr("os", S, "用户的{e}装的是 {v}|用户的{e}系统是 {v}", "The user's {e} runs {v}|The user's {e} is on {v}",
         "在{e}上装 Docker，步骤是什么？|{e}上怎么设置开机自启一个脚本？", "How do I install Docker on my {e}?|How do I start a script at boot on my {e}?",
         "macOS Sonoma,macOS Sequoia,Ubuntu 22.04,Ubuntu 24.04,Arch Linux,Debian 12,Windows 11,Fedora 40,NixOS"),
    Attr("shell", S, "用户在{e}上用 {v}|用户{e}的默认 shell 是 {v}", "The user uses {v} on the {e}|The default shell on the user's {e} is {v}",
         "帮我在{e}上加个快速跳到项目目录的别名|{e}的命令提示符想显示 git 分支，怎么配？", "Add an alias on my {e} to jump to my projects folder|Show the git branch in my prompt on my {e}",
         "zsh,fish,bash,PowerShell,nushell"),
    Attr("ram", S, "用户的{e}有 {v} 内存|用户{e}的内存是 {v}", "The user's {e} has {v} of RAM|The user's {e} has {v} of memory",
         "在{e}上同时跑三个服务会不会卡？|{e}能不能跑一个 7B 的本地模型？", "Can my {e} run three services at once without swapping?|Could my {e} run a 7B local model?",
         "8 GB,16 GB,32 GB,64 GB,128 GB"),
    Attr("editor", S, "用户在{e}上主要用 {v} 写代码|用户{e}上的编辑器是 {v}", "The user codes in {v} on the {e}|On the {e} the user's editor is {v}",
         "帮我在{e}上配一下 Go 的自动补全|{e}上怎么设置保存时自动格式化？", "Set up Go autocompletion for me on my {e}|How do I format on save on my {e}?",
         "Neovim,VS Code,Cursor,IntelliJ IDEA,Zed,Helix,Emacs,Sublime Text"),
    Attr("where", S, "用户的{e}放在{v}|用户的{e}在{v}", "The user's {e} sits in {v}|The user keeps the {e} in {v}",
         "{e}死机了，我得去哪儿手动重启？|周末想给{e}清灰，方便吗？", "My {e} hung, where do I go to power-cycle it?|Can I dust out my {e} this weekend?",
         "书房/the study,公司工位/the office,客厅电视柜/the living-room TV cabinet,机房/the server room,阳台储物柜/the balcony cupboard,法兰克福机房/a Frankfurt data centre"),
)
DEV_TOOL_ATTRS = (
    Attr("since", S, "用户从 {v} 开始用 {e}|用户用 {e} 已经是{v}的事了", "The user has used {e} since {v}|The user started with {e} in {v}",
         "面试要问我 {e} 的经验，我该怎么说？|我的简历里 {e} 那一行帮我润色一下", "An interviewer will ask about my {e} experience, what do I say?|Polish the {e} line on my CV",
         "2016 年/2016,2018 年/2018,2019 年/2019,2020 年/2020,2021 年/2021,2022 年/2022,2023 年/2023,2024 年/2024"),
    Attr("opinion", S, "用户觉得 {e} {v}|用户对 {e} 的看法是{v}", "The user thinks {e} is {v}|The user's opinion of {e}: {v}",
         "同事问我要不要上 {e}，帮我回一下|写一段团队工具选型的意见，里面提一下 {e}", "A teammate asks whether to adopt {e}, draft my reply|Write the tooling-choice note and mention {e}",
         "好用但学习曲线陡/powerful but steep to learn,离不开/indispensable,太重了/too heavy,够用就行/good enough,被高估了/overrated,配置太繁琐/too fiddly to configure"),
)

DEV_CORE = (
    C(1, "用户叫周屿，英文名 Evan", "帮我写一封自我介绍邮件的落款", "Sign this cover letter with my name"),
    C(1, "用户是后端工程师，在深圳一家跨境电商公司上班", "帮我写一段领英的个人简介", "我想跟 HR 说明一下我现在的岗位，帮我组织下语言",
      later=(L(17, "update", "用户跳槽到了新加坡的一家金融科技公司，仍做后端"),)),
    C(1, "The user lives in Shenzhen, Nanshan district", "Find me a weekend badminton court near where I live",
      later=(L(18, "update", "The user moved to Singapore, living in Tiong Bahru"),)),
    C(2, "用户对花生过敏", "帮我推荐几道适合我的零食", "Suggest a snack box I could order for my desk"),
    C(2, "用户的主力语言是 Go，其次是 TypeScript", "我想写个小工具批量改文件名，用什么写比较顺手？",
      later=(L(24, "restate", "用户日常主要写 Go，TypeScript 用得也多"),)),
    C(2, "The user prefers answers in Chinese with code comments in English", "Explain goroutine leaks to me",
      "解释一下什么是背压，顺便给段示例代码"),
    C(3, "用户的工作电脑是 MacBook Pro M3", "帮我选一个合适的 Docker 镜像架构"),
    C(3, "用户每天早上 7 点去跑步，大约 5 公里", "帮我把明天的会议安排在不冲突的时间",
      later=(L(21, "update", "用户现在改成晚上 9 点夜跑，大约 5 公里"),)),
    C(4, "用户的妻子叫许宁，是儿科医生", "结婚纪念日想给老婆写张卡片，帮我写几句"),
    C(4, "用户养了一只叫豆包的柯基", "出差三天，家里的狗怎么安排？"),
    C(5, "用户不喝咖啡，只喝乌龙茶", "下午犯困，给我推荐点提神的喝的"),
    C(5, "用户本机的 Node 版本是 18", "帮我写个 .nvmrc 文件", "这个库要求 Node 20 以上，我能直接装吗？",
      later=(L(23, "update", "用户本机的 Node 版本升级到了 22"),)),
    C(6, "The user's salary is paid on the 10th of each month", "When should I schedule my credit card auto-payment?"),
    C(7, "用户的驾照是 C1，但很少开车", "下周去惠州团建，我该怎么过去？"),
    C(9, "用户在学日语，目标是明年考 N2", "帮我制定一个每周的学习计划", later=(L(26, "update", "用户通过了日语 N2，在准备 N1"),)),
    C(11, "The user's blood type is O negative", "The company blood drive is next week, should I sign up?"),
    C(12, "用户的父母住在湖南衡阳", "春节回家的票什么时候开抢？帮我算一下"),
    C(13, "用户在考虑明年买房，预算 500 万以内", "帮我看看这套房子的首付我能不能承受"),
    C(15, "用户的女儿周小满今年 2 月出生", "帮我列一份新生儿疫苗时间表", later=(L(27, "restate", "用户的女儿周小满是今年 2 月出生的"),)),
    C(16, "用户习惯用 Conventional Commits 写提交信息", "帮我把这段改动写成一条 commit message"),
    C(19, "用户在新公司用 Java 和 Spring Boot", "新公司项目里怎么写一个定时任务？"),
    C(20, "The user's manager at the new job is Priya Nair", "Draft a one-on-one agenda for my first meeting with my manager"),
    C(22, "用户有轻度腰椎间盘突出，不能久坐", "帮我选一把办公椅", "周末想去爬山，有什么要注意的？"),
    C(23, "用户开始用 Emacs 写笔记，放弃了 Notion", "我的笔记怎么做双向链接？"),
    C(25, "用户每周三晚上陪女儿上早教课", "周三晚上约个饭局可以吗？"),
    C(28, "用户决定明年 3 月去北海道滑雪", "帮我列一份滑雪装备清单"),
    C(29, "The user is saving for his daughter's education fund, 3000 SGD a month", "Help me budget this month's spending"),
    C(30, "用户最近在学 Rust，打算用它重写 orbit-cli", "帮我规划一下重写那个命令行工具的步骤"),
)

# ---------------------------------------------------------------- 2. the parent (mostly Chinese)

PARENT_CLASSES = ("钢琴课/piano lessons", "游泳课/swimming lessons", "乐高编程课/Lego coding class", "英语绘本课/English picture-book class",
                  "围棋课/go class", "跆拳道/taekwondo", "美术课/art class", "舞蹈课/dance class", "足球训练/football training",
                  "书法课/calligraphy class", "珠心算/abacus maths", "轮滑课/roller-skating class", "科学实验课/science lab class",
                  "篮球课/basketball class", "口才课/public-speaking class", "尤克里里/ukulele lessons")
PARENT_DISHES = ("番茄炒蛋/tomato and egg", "可乐鸡翅/cola chicken wings", "清蒸鲈鱼/steamed sea bass", "糖醋排骨/sweet and sour ribs",
                 "虾仁蒸蛋/steamed egg with shrimp", "土豆炖牛腩/beef and potato stew", "蚝油生菜/lettuce in oyster sauce",
                 "玉米排骨汤/corn and rib soup", "南瓜粥/pumpkin porridge", "鸡蛋饼/egg pancakes", "肉末茄子/minced pork aubergine",
                 "香菇鸡肉粥/mushroom chicken congee", "红烧狮子头/braised meatballs", "蛋炒饭/egg fried rice", "紫菜蛋花汤/seaweed egg soup",
                 "西兰花炒虾仁/broccoli with shrimp", "咖喱鸡/chicken curry", "酸辣土豆丝/hot and sour potato strips",
                 "白灼菜心/blanched choy sum", "山药排骨汤/yam and rib soup", "葱油拌面/scallion oil noodles", "韭菜盒子/chive pockets")
PARENT_HOUSE = ("冰箱/the fridge", "热水器/the water heater", "空调/the air conditioner", "燃气灶/the gas hob", "油烟机/the range hood",
                "马桶/the toilet", "地暖/the floor heating", "洗衣机/the washing machine", "家里的宽带/the home broadband",
                "车/the family car", "阳台门/the balcony door", "门锁/the front-door lock", "窗帘电机/the curtain motor")

PARENT_CLASS_ATTRS = (
    Attr("who", S, "{e}是{v}在上|家里上{e}的是{v}", "{e} are taken by {v}|In the family, {v} does {e}",
         "{e}下周停课，我要通知谁调整安排？|帮我给{e}的老师发个请假消息", "Who in the family is affected if {e} are cancelled next week?|Write a sick-note message to the teacher of {e}",
         "乐乐/Lele,朵朵/Duoduo,乐乐和朵朵/both Lele and Duoduo"),
    Attr("time", S, "{e}在{v}|{e}的上课时间是{v}", "{e} are on {v}|{e} take place on {v}",
         "周末想带孩子回外婆家，会不会和{e}冲突？|帮我把{e}排进这周的日程", "Would a weekend trip clash with {e}?|Put {e} into this week's calendar",
         "周六上午/Saturday mornings,周六下午/Saturday afternoons,周日上午/Sunday mornings,周三放学后/Wednesdays after school,周五晚上/Friday evenings,周二晚上/Tuesday evenings"),
    Attr("fee", S, "{e}一学期{v}|{e}的学费是每学期{v}", "{e} cost {v} a term|The fee for {e} is {v} per term",
         "帮我算算这学期兴趣班一共花多少，{e}也算上|{e}要续费了，帮我看看预算够不够", "Add up this term's after-school costs, {e} included|Is there budget to renew {e}?",
         "1800 元/1800 yuan,2400 元/2400 yuan,3200 元/3200 yuan,3600 元/3600 yuan,4500 元/4500 yuan,5200 元/5200 yuan,6800 元/6800 yuan"),
    Attr("place", S, "{e}在{v}上|{e}的上课地点是{v}", "{e} are held at {v}|The venue for {e} is {v}",
         "送孩子去{e}，帮我规划下路线和出门时间|{e}附近有没有能等孩子的咖啡店？", "Plan the route and departure time for {e}|Is there somewhere to wait near {e}?",
         "少年宫/the Children's Palace,小区会所/the estate clubhouse,万达广场/Wanda Plaza,学校里/the school,体育中心/the sports centre,老师家里/the teacher's home,线上/online"),
)
PARENT_DISH_ATTRS = (
    Attr("fan", S, "{e}是{v}最爱吃的|家里{v}最喜欢{e}", "{e} is the favourite of {v}|{v} loves {e} most",
         "今晚做{e}，谁会最开心？|帮我安排下周的晚饭，{e}放哪天合适？", "If I make {e} tonight, who'll be happiest?|Which day next week should {e} go on the menu?",
         "乐乐/Lele,朵朵/Duoduo,老公/the user's husband,婆婆/the user's mother-in-law,全家/the whole family"),
    Attr("tip", S, "用户做{e}的诀窍是{v}|用户做{e}时会{v}", "The user's trick for {e} is to {v}|When making {e}, the user likes to {v}",
         "教我婆婆做{e}，帮我写个步骤|我想拍个{e}的做菜视频，帮我写旁白", "Write the steps for {e} for my mother-in-law|Write a voice-over for my {e} cooking video",
         "先焯水/blanch first,少放盐/go light on salt,加一勺糖提鲜/add a spoon of sugar,用砂锅/use a clay pot,最后淋香油/finish with sesame oil,提前腌半小时/marinate for half an hour"),
)
PARENT_HOUSE_ATTRS = (
    Attr("brand", S, "家里的{e}是{v}的|用户家{e}的牌子是{v}", "The user's {e} is a {v}|{e} at home is made by {v}",
         "{e}出问题了，帮我找售后电话|{e}想换个新的，同牌子的哪款好？", "{e} broke, find me the service hotline|I want a newer {e}, which model from the same maker?",
         "美的/Midea,海尔/Haier,格力/Gree,西门子/Siemens,方太/Fotile,小米/Xiaomi,松下/Panasonic,TOTO/TOTO,大众/Volkswagen,华为/Huawei,比亚迪/BYD"),
    Attr("service", S, "{e}上次保养是{v}|家里{e}最近一次维修在{v}", "{e} was last serviced in {v}|The last repair of {e} was in {v}",
         "{e}该保养了吗？|帮我记一下{e}下次什么时候检修", "Is {e} due for a service?|When should {e} next be checked?",
         "去年 11 月/last November,今年 3 月/this March,今年 5 月/this May,两年前/two years ago,上个月/last month,今年春节前/just before this Chinese New Year"),
)

PARENT_CORE = (
    C(1, "用户叫林晓雯，在上海一家会计师事务所做审计", "帮我写个朋友圈的自我介绍", later=(L(16, "update", "用户辞职了，现在在家附近的一家公司做财务主管"),)),
    C(1, "用户有两个孩子：儿子乐乐 8 岁，女儿朵朵 4 岁", "周末带娃去哪儿玩比较好？"),
    C(1, "用户家住上海闵行区七宝", "这周六想带孩子去看展，帮我找个近一点的"),
    C(2, "乐乐对芒果过敏", "帮乐乐准备一份春游带的水果", "学校下午茶要带什么水果给孩子？"),
    C(2, "朵朵在读幼儿园小班，幼儿园叫春芽幼儿园", "帮我给朵朵的老师写个请假条", later=(L(14, "update", "朵朵升到了春芽幼儿园中班"),)),
    C(3, "乐乐在七宝实验小学读二年级", "开家长会之前帮我列几个想问老师的问题", later=(L(20, "update", "乐乐升到了七宝实验小学三年级"),)),
    C(3, "用户的老公叫陈浩，是程序员，经常加班", "这周末想全家出去，帮我排个时间"),
    C(4, "用户的婆婆每周一到周五来家里帮忙带孩子", "下周二我要出差，孩子放学谁接比较好？"),
    C(5, "用户不吃香菜，老公不吃辣", "帮我定一个周末家庭聚餐的菜单"),
    C(6, "朵朵晚上 8 点半睡觉", "晚上带朵朵去看电影，几点的场次合适？", later=(L(19, "update", "朵朵现在晚上 9 点睡觉"),)),
    C(6, "用户的手机是 iPhone 12", "帮我挑个手机壳", later=(L(24, "update", "用户的手机换成了 iPhone 16 Pro"),)),
    C(7, "用户家的车是一辆白色的大众途观", "周末自驾去杭州，后备箱能放下两个儿童车吗？"),
    C(8, "用户每天晚上 10 点后有一小时属于自己的时间，在学插花", "帮我找几个周末的兴趣活动"),
    C(9, "乐乐近视 150 度，需要每半年复查一次", "帮我记一下乐乐下次什么时候去医院"),
    C(10, "用户的妈妈住在苏州，身体不太好，有高血压", "给我妈买点保健品，什么合适？", "周末回娘家带点什么菜过去？"),
    C(11, "朵朵怕狗", "周末带孩子去郊区农家乐，需要注意什么？"),
    C(12, "用户在考虑明年给乐乐换到学区更好的学校", "帮我比较一下转学要准备的材料"),
    C(13, "用户用小红书和大众点评找亲子活动", "帮我找这周末的亲子活动"),
    C(15, "乐乐的班主任是王老师，喜欢家长用微信沟通", "乐乐这两天咳嗽，帮我给班主任发个消息"),
    C(17, "用户的新公司离家骑车 15 分钟", "下雨天我怎么上班比较方便？"),
    C(18, "用户在减肥，目标是年底前瘦 5 公斤", "帮我规划一周的晚餐"),
    C(21, "乐乐开始学编程，用的是 Scratch", "帮乐乐想一个周末能做完的小项目"),
    C(22, "朵朵最近迷上了《汪汪队立大功》", "朵朵过生日，帮我想想派对主题"),
    C(23, "用户家打算暑假去日本冲绳玩一周", "帮我列个带娃出国的行李清单", later=(L(29, "update", "用户家的暑假旅行改成了去云南西双版纳"),)),
    C(25, "老公的公司在张江，通勤要一个多小时", "老公想换工作，离家近的地方有哪些科技园？"),
    C(26, "用户每个月给孩子们的教育储蓄存 3000 元", "帮我做一下这个月的家庭预算"),
    C(28, "朵朵的牙齿有两颗蛀牙，在补牙", "朵朵的零食怎么选？"),
    C(30, "乐乐想养一只仓鼠，用户还没答应", "乐乐又在吵着要宠物了，帮我想想怎么跟他谈"),
)

# ---------------------------------------------------------------- 3. the researcher (mostly English)

RES_PAPERS = ("the protein-folding benchmark paper", "the single-cell atlas paper", "the transfer-learning review",
              "the CRISPR off-target paper", "the microbiome time-series paper", "the graph-neural-network paper",
              "the variant-calling paper", "the spatial transcriptomics paper", "the drug-response paper",
              "the enzyme-design workshop paper", "the methods note on batch effects", "the long-read assembly paper",
              "the antibody-language-model paper", "the metagenomics binning paper", "the grant renewal",
              "the cell-type annotation tool paper", "the diffusion-model paper", "the gut-brain review")
RES_DATASETS = ("the TCGA subset", "the mouse brain atlas", "the PDB snapshot", "the UK Biobank extract", "the yeast screen",
                "the soil metagenome set", "the 10x PBMC data", "the zebrafish time course", "the ENCODE tracks",
                "the in-house organoid data", "the AlphaFold DB mirror", "the E. coli knockout library",
                "the hospital EHR sample", "the plankton images", "the tomato genome panel", "the COVID cohort data",
                "the ocean microbiome samples", "the wheat field trial")
RES_COLLEAGUES = ("advisor Prof. Helen Marsh", "postdoc Tomás Ruiz", "collaborator Dr. Aiko Tanaka", "labmate Jonas Becker",
                  "co-author Dr. Samir Haddad", "student Lily Osei", "collaborator Prof. Ingrid Dahl", "lab manager Rosa Vega",
                  "co-author Dr. Wen Qian", "labmate Priyanka Rao", "reviewer-friend Dr. Marco Bellini", "student Noah Kim",
                  "collaborator Dr. Fatima Zahra", "co-author Dr. Leon Hartmann", "labmate Chloe Dubois", "postdoc Arjun Mehta",
                  "collaborator Dr. Olga Petrova", "student Ben Carter", "co-author Dr. Yuki Mori", "IT admin Greg Lawson")
RES_CONFS = ("ISMB", "RECOMB", "NeurIPS", "ICML", "ICLR", "ASHG", "the Cold Spring Harbor meeting", "the Keystone symposium",
             "the EMBO workshop", "PSB", "the Gordon conference", "ECCB", "the MLCB workshop", "the Biohackathon")

RES_PAPER_ATTRS = (
    Attr("venue", S, "The user is targeting {v} for {e}|{e} is meant for {v}", "The user is targeting {v} for {e}|{e} is meant for {v}",
         "Format the references of {e} for the submission|How long can the abstract of {e} be?", "",
         "Nature Methods,Bioinformatics,Genome Research,Cell Systems,PLOS Computational Biology,NAR,eLife,Nature Communications"),
    Attr("deadline", S, "The deadline for {e} is {v}|{e} is due {v}", "The deadline for {e} is {v}|{e} is due {v}",
         "Plan my writing weeks so {e} isn't late|Can I take a holiday before {e} is out?", "",
         "15 January,end of February,1 March,mid-April,30 May,end of June,15 September,1 November"),
    Attr("status", S, "{e} is {v}|Status of {e}: {v}", "{e} is {v}|Status of {e}: {v}",
         "What's next on {e}?|Update my advisor on {e} in two lines", "",
         "in drafting,under review,in revision,accepted,rejected and being reworked,on hold,waiting for co-author comments"),
    Attr("lead", S, "The first author of {e} is {v}|{v} leads {e}", "The first author of {e} is {v}|{v} leads {e}",
         "Who should send the cover letter for {e}?|Whose name goes first on {e}'s poster?", "",
         "the user,Tomás Ruiz,Lily Osei,Jonas Becker,Priyanka Rao,Noah Kim,Chloe Dubois"),
    Attr("fig", M, "{e} needs {v}|The user still has to make {v} for {e}", "{e} needs {v}|The user still has to make {v} for {e}", "", "",
         "a UMAP figure,a runtime comparison,an ablation table,a supplementary methods section,a schematic overview,a robustness analysis,a data-availability statement,a cover letter,a response to reviewers,a benchmark table"),
)
RES_DATA_ATTRS = (
    Attr("where", S, "The user stores {e} at {v}|The user keeps {e} on {v}", "The user stores {e} at {v}|The user keeps {e} on {v}",
         "Write me a script that loads {e}|I need to share {e} with a student, where do I point her?", "",
         "/scratch/lab/raw,the lab NAS,an S3 bucket,Google Drive,the cluster project space,a local SSD,Zenodo"),
    Attr("size", S, "The user's copy of {e} is {v}|The download of {e} comes to {v}", "The user's copy of {e} is {v}|The download of {e} comes to {v}",
         "Can I copy {e} to my laptop for the flight?|How long will uploading {e} take?", "",
         "about 40 GB,about 2 TB,about 350 GB,under 5 GB,about 12 TB,about 800 GB"),
    Attr("license", S, "The licence for {e} is {v}|The user may use {e} under {v}", "The licence for {e} is {v}|The user may use {e} under {v}",
         "Can I put {e} in a public repo with the paper?|What do I need to say about {e} in the data statement?", "",
         "CC BY 4.0,a data-use agreement,CC0,restricted access,an internal-only licence,MIT"),
    Attr("format", S, "The user has {e} as {v}|The user's copy of {e} comes as {v}", "The user has {e} as {v}|The user's copy of {e} comes as {v}",
         "Which Python library should I use to read {e}?|Convert {e} for the collaborator who uses R", "",
         "AnnData h5ad files,FASTQ,BAM files,Parquet,CSV files,mmCIF,Zarr arrays,VCF"),
)
RES_CONF_ATTRS = (
    Attr("city", S, "{e} this year is in {v}|This year's {e} takes place in {v}", "{e} this year is in {v}|This year's {e} takes place in {v}",
         "Book me a hotel for {e}|Do I need a visa for {e}?", "",
         "Montreal,Lisbon,Vienna,Kyoto,Vancouver,Barcelona,Melbourne,Singapore,Heidelberg,Boston"),
    Attr("role", S, "At {e} the user is {v}|The user's role at {e}: {v}", "At {e} the user is {v}|The user's role at {e}: {v}",
         "Help me prepare for {e}|What should I pack for {e}?", "",
         "giving a talk,presenting a poster,on the programme committee,just attending,chairing a session,running a tutorial"),
)
RES_COLLEAGUE_ATTRS = (
    Attr("inst", S, "The user's {e} is at {v}|The user's {e} works at {v}", "The user's {e} is at {v}|The user's {e} works at {v}",
         "Draft an email inviting {e} to give a seminar|Should {e} be on the grant as an external partner?", "",
         "MIT,ETH Zurich,the Broad Institute,EMBL Heidelberg,Stanford,the Crick Institute,Tsinghua University,the University of Tokyo,Harvard Medical School"),
    Attr("tz", S, "The user's {e} keeps {v} hours|The user's {e} is on {v} time", "The user's {e} keeps {v} hours|The user's {e} is on {v} time",
         "Find a meeting slot with {e} next week|When is it polite to call {e}?", "",
         "US Eastern,US Pacific,Central European,Japan,UK,India,China"),
    Attr("pref", S, "The user's {e} prefers {v}|The user's {e} likes {v}", "The user's {e} prefers {v}|The user's {e} likes {v}",
         "Write a progress update for {e}|How should I send my draft to {e}?", "",
         "short bullet-point emails,a shared Google Doc,Slack messages,weekly video calls,LaTeX on Overleaf,printed drafts"),
)

RES_CORE = (
    C(1, "The user is Maya Chen, a fourth-year PhD student in computational biology", "Write my bio for the seminar flyer",
      later=(L(19, "update", "The user finished her PhD and is now a postdoc in computational biology"),)),
    C(1, "The user's lab is at Boston University", "Find a good lunch spot near my lab",
      later=(L(20, "update", "The user moved to Zurich for her postdoc at ETH Zurich"),)),
    C(1, "The user writes most analysis code in Python with PyTorch", "Give me a starter script for training a classifier on my embeddings"),
    C(2, "The user runs jobs on the SCC cluster using Slurm", "Write me a batch script to run 10 jobs overnight",
      later=(L(21, "update", "The user now runs jobs on the Euler cluster at ETH, also with Slurm"),)),
    C(2, "用户是台湾人，母语是中文", "Should I write my thesis acknowledgements in two languages?"),
    C(3, "The user is allergic to penicillin", "I have a sore throat and a fever, what should I tell the campus doctor?"),
    C(3, "The user prefers plots in the viridis palette with no gridlines", "Make this matplotlib figure look the way I like"),
    C(4, "The user's partner Daniel is a high-school music teacher", "Ideas for a date night this Friday?"),
    C(5, "The user uses Zotero with Better BibTeX for references", "How do I get my citations into the Overleaf draft?"),
    C(6, "The user gets migraines from screens after 11 pm", "Plan my evening so I can finish the revision"),
    C(6, "The lab's GPU nodes run CUDA 11.8", "Which PyTorch wheel should I install on the cluster?",
      later=(L(15, "update", "The lab's GPU nodes were upgraded to CUDA 12.4"),)),
    C(7, "The user is vegetarian but eats fish", "Order me a team lunch for 8 people"),
    C(8, "The user's thesis committee is Marsh, Tanaka and Dahl", "Who do I need to email about the defence date?"),
    C(9, "The user's visa is an F-1 student visa", "Can I take a paid internship over the summer?",
      later=(L(22, "update", "The user's Swiss residence permit is a B permit tied to her postdoc"),)),
    C(10, "The user runs 10k every Sunday with a running club", "Can I fit a Sunday morning lab meeting in?"),
    C(12, "The user's monthly stipend is 3,400 USD", "Help me set a monthly budget"),
    C(13, "The user writes the thesis in LaTeX with the university template", "My thesis PDF fails to compile with a font error, where do I start?"),
    C(14, "The user's defence is planned for June", "Build me a countdown plan for the last months of the PhD",
      later=(L(17, "restate", "The user's PhD defence is scheduled for June"),)),
    C(15, "The user has a cat called Pixel", "I'm travelling for a week, what do I arrange at home?"),
    C(16, "The user's GitHub handle is mayac-bio", "Write the install instructions for my package with the repo URL"),
    C(18, "用户的妈妈在台中开一家面包店", "Mother's Day is coming, what could I send home?"),
    C(23, "The user's new PI at ETH is Prof. Stefan Keller", "Draft an intro email to my new group"),
    C(24, "The user is learning German, level A2", "Help me write a message to my landlord"),
    C(25, "The user now uses JAX for new projects", "Give me a starter training loop for my new model"),
    C(26, "The user's salary as a postdoc is 7,000 CHF a month", "How much can I put into savings each month?"),
    C(27, "The user bikes to work along the Limmat", "Is it worth buying a monthly tram pass?"),
    C(28, "The user and Daniel plan to marry next September in Taichung", "Help me draft a save-the-date message"),
    C(30, "The user was invited to review for Bioinformatics", "How do I structure a referee report?"),
)

# ---------------------------------------------------------------- 4. the hobbyist (mostly Chinese)

HOB_GEAR = ("富士 X-T5/the Fujifilm X-T5", "35mm f/1.4 镜头/the 35mm f/1.4 lens", "理光 GR3/the Ricoh GR III", "大疆 Mini 4 Pro/the DJI Mini 4 Pro",
            "三脚架/the tripod", "公路车/the road bike", "山地车/the mountain bike", "码表/the bike computer", "骑行头盔/the cycling helmet",
            "鱼缸/the aquarium", "过滤桶/the canister filter", "发酵桶/the fermenting bucket", "冷凝器/the wort chiller",
            "胶片相机 FM2/the Nikon FM2 film camera", "长焦镜头/the telephoto lens", "闪光灯/the flash", "咖啡手冲壶/the pour-over kettle",
            "磨豆机/the coffee grinder", "帐篷/the tent", "睡袋/the sleeping bag", "登山杖/the trekking poles", "户外炉头/the camping stove")
HOB_PLANTS = ("龟背竹/the monstera", "琴叶榕/the fiddle-leaf fig", "绿萝/the pothos", "多肉拼盘/the succulent bowl", "月季/the roses",
              "蓝莓/the blueberry bush", "茉莉/the jasmine", "罗勒/the basil", "柠檬树/the lemon tree", "兰花/the orchid",
              "番茄/the tomatoes", "薄荷/the mint", "无花果/the fig tree", "铁线莲/the clematis", "绣球/the hydrangea",
              "鹿角蕨/the staghorn fern", "仙人掌/the cactus", "栀子花/the gardenia", "辣椒/the chilli plants", "葡萄/the grapevine")
HOB_ROUTES = ("青城山环线/the Qingcheng Mountain loop", "天府绿道/the Tianfu greenway", "龙泉山骑行道/the Longquan Mountain road",
              "都江堰到虹口/the Dujiangyan to Hongkou road", "锦江绿道/the Jinjiang river path", "黄龙溪线/the Huanglongxi route",
              "三圣乡环线/the Sanshengxiang loop", "九龙沟线/the Jiulonggou climb", "环城生态区/the ring ecological belt",
              "安仁古镇线/the Anren old-town route", "西岭雪山/the Xiling Snow Mountain trail", "峨眉山徒步/the Emei Mountain hike",
              "街子古镇线/the Jiezi ancient-town route", "东安湖环线/the Dong'an Lake loop")
HOB_BATCHES = ("第一批 IPA/batch one, an IPA", "小麦啤/the wheat beer batch", "世涛/the stout batch", "比利时三料/the Belgian tripel",
               "淡色艾尔/the pale ale batch", "桂花酸啤/the osmanthus sour", "烟熏波特/the smoked porter", "柚子塞松/the pomelo saison",
               "拉格/the lager batch", "蜂蜜酒/the mead", "苹果酒/the cider", "黑麦艾尔/the rye ale")

HOB_GEAR_ATTRS = (
    *BUY_ATTRS[:2],
    Attr("use", S, "用户的{e}主要用来{v}|用户买{e}是为了{v}", "The user mainly uses {e} for {v}|The user got {e} for {v}",
         "周末出门要不要带上{e}？|{e}闲置了吗？帮我想想还能怎么用", "Should {e} come along this weekend?|Is {e} gathering dust? Other ways to use it?",
         "拍街景/street photography,拍鸟/birding,周末骑行/weekend rides,通勤/commuting,露营/camping,拍孩子/photos of the kids,航拍/aerial shots,家里自用/home use"),
)
HOB_PLANT_ATTRS = (
    Attr("water", S, "用户的{e}{v}浇一次水|{e}的浇水频率是{v}一次", "The user waters {e} {v}|{e} gets watered {v}",
         "我下周出差，{e}怎么办？|帮我排一下这周阳台植物的照顾计划，{e}也算上", "I'm away next week, what about {e}?|Make this week's plant-care schedule, {e} included",
         "每天/every day,两天/every two days,每周/once a week,十天/every ten days,两周/every two weeks"),
    Attr("spot", S, "用户的{e}放在{v}|{e}摆在用户家的{v}", "The user keeps {e} on {v}|{e} sits on {v}",
         "{e}最近叶子发黄，是不是光照的问题？|家里要来客人，{e}挪不挪地方？", "{e}'s leaves are yellowing, is it the light?|Guests are coming, should {e} be moved?",
         "南阳台/the south balcony,北窗台/the north windowsill,客厅角落/a living-room corner,书房/the study,楼顶花园/the rooftop garden,卫生间/the bathroom"),
    Attr("pot", S, "用户的{e}种在{v}里|{e}用的是{v}", "The user grows {e} in {v}|{e} is planted in {v}",
         "{e}要换盆了吗？|帮我算一下{e}换盆要多少土", "Does {e} need repotting?|How much soil do I need to repot {e}?",
         "陶盆/a terracotta pot,塑料盆/a plastic pot,水培瓶/a hydroponic jar,木箱/a wooden planter,控根盆/an air-pruning pot,吊篮/a hanging basket"),
)
HOB_ROUTE_ATTRS = (
    Attr("km", S, "{e}全程{v}|{e}一圈大约{v}", "{e} is {v} long|{e} is about {v} in total",
         "这周末想骑{e}，要准备几瓶水？|{e}大概要骑多久？", "How much water for {e} this weekend?|How long will {e} take me?",
         "35 公里/35 km,52 公里/52 km,68 公里/68 km,80 公里/80 km,105 公里/105 km,120 公里/120 km,18 公里/18 km"),
    Attr("best", S, "{e}最适合{v}去|用户觉得{e}{v}最好", "{e} is best in {v}|The user thinks {e} is at its best in {v}",
         "帮我挑个合适的时候去{e}|下个月去{e}合适吗？", "When should I plan {e}?|Is next month a good time for {e}?",
         "春天/spring,秋天/autumn,初夏/early summer,冬天/winter,雨后/after rain,清晨/early morning"),
)
HOB_BATCH_ATTRS = (
    Attr("og", S, "{e}的原始比重是{v}|{e}初始比重{v}", "{e} had an original gravity of {v}|The OG of {e} was {v}",
         "帮我算一下{e}的酒精度|{e}发酵到现在算正常吗？", "Work out the ABV of {e}|Is {e} fermenting normally?",
         "1.048,1.052,1.056,1.060,1.064,1.072,1.080"),
    Attr("hop", S, "{e}用的酒花是{v}|{e}投了{v}酒花", "{e} uses {v} hops|The hops in {e} are {v}",
         "下次再做{e}，帮我列个采购单|朋友想要{e}的配方，帮我整理一下", "Make me a shopping list to brew {e} again|A friend wants the recipe for {e}, write it up",
         "Citra,Mosaic,Cascade,Saaz,Hallertau,Simcoe,Galaxy,Nelson Sauvin"),
    Attr("verdict", S, "用户觉得{e}{v}|{e}的成品用户评价是{v}", "The user thinks {e} turned out {v}|The user's verdict on {e}: {v}",
         "聚会要带几瓶自酿，{e}带不带？|帮我写一段{e}的品鉴笔记", "Should I bring {e} to the party?|Write tasting notes for {e}",
         "很成功/a success,偏苦/too bitter,有点酸/a bit sour,酒体太薄/thin-bodied,香气很好/wonderfully aromatic,还不错/decent"),
)

HOB_CORE = (
    C(1, "用户叫郑海涛，55 岁，在成都一家国企做工程师，明年退休", "帮我写一份退休后的生活计划", later=(L(15, "update", "用户已经退休了，以前在成都一家国企做工程师"),)),
    C(1, "用户住在成都武侯区", "周末附近有什么摄影展？", later=(L(22, "update", "用户搬到了成都郫都区的一个带院子的房子"),)),
    C(1, "用户喜欢摄影、骑行、养花和自酿啤酒", "帮我想个退休后能坚持的日程"),
    C(2, "用户有高血压，在吃氨氯地平", "骑行前后要注意什么？", "这周的自酿啤酒我能喝多少？"),
    C(2, "用户的老伴叫刘琴，是退休的小学老师", "结婚三十周年，帮我想个惊喜"),
    C(3, "用户的儿子郑凯在北京工作，做律师", "过年要不要去北京过？帮我规划一下"),
    C(3, "用户用微信和抖音，不太会用电脑", "教我怎么把照片从相机传到手机"),
    C(4, "用户的相机主要拍风光和鸟", "下个月去哪拍照比较好？"),
    C(5, "用户骑行一般在周二和周六早上", "帮我安排下周的活动"),
    C(6, "用户膝盖不太好，爬坡多了会疼", "推荐一条周末的骑行路线"),
    C(6, "用户的相机固件是 1.10 版", "相机连不上手机 App 了，怎么办？", later=(L(21, "update", "用户把相机固件升级到了 2.0 版"),)),
    C(7, "用户不吃辣，这在成都很少见", "朋友请吃饭，帮我挑家馆子"),
    C(8, "用户加入了一个叫老炮骑行队的车队", "车队要搞年会，帮我写个开场白"),
    C(9, "用户家有一只叫花花的狸花猫", "出门旅行一周，家里怎么安排？"),
    C(10, "用户的孙女郑语桐今年 3 岁，住在北京", "给孙女寄点什么礼物好？"),
    C(11, "用户喜欢喝普洱茶，不喝咖啡", "下午犯困喝点什么？"),
    C(12, "用户的自酿啤酒在阳台发酵，夏天要控温", "这个季节做什么风格的啤酒合适？"),
    C(13, "用户想学 Lightroom 修图", "帮我找几个入门教程"),
    C(16, "用户每周四下午去老年大学上书法课", "周四下午约老朋友喝茶可以吗？"),
    C(17, "用户在考虑买一台电动自行车代步", "帮我比较几款代步车"),
    C(19, "用户的女儿郑洁在深圳做设计师，刚结婚", "帮我给女儿女婿写几句祝福"),
    C(20, "用户打算今年秋天去新疆拍胡杨林", "帮我规划一下拍摄行程", later=(L(27, "restate", "用户计划今年秋天去新疆拍胡杨林"),)),
    C(23, "用户的新家院子里种了一棵桂花树", "秋天院子里能做点什么？"),
    C(24, "用户在院子里开始养鸡，养了四只母鸡", "冬天院子要做什么准备？"),
    C(25, "用户血糖偏高，医生让少吃甜食", "过年的年货怎么买？"),
    C(26, "用户的摄影作品入选了区里的摄影展", "帮我写一段作品介绍"),
    C(28, "用户打算明年带老伴去云南自驾", "帮我规划一下路线"),
    C(30, "用户每天早上 6 点起床遛猫和浇花", "帮我排一下明天的日程"),
)
