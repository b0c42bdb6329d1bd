"""Topics: groups of glossary concepts, plus extra words, whose sharing is evidence that two texts are related."""

from __future__ import annotations

# Each topic id maps to the glossary concept ids (keys of `glossary.CONCEPTS`) that belong to it. A concept
# belongs to one to three topics; topics are kept narrow, so two texts sharing one are really about one thing.
TOPICS: dict[str, tuple[str, ...]] = {
    # --- family and people ---
    "kids_parenting": (
        "daughter", "son", "child", "nanny", "kindergarten", "pregnancy", "twin", "grandchild", "birth",
    ),
    "romance_marriage": (
        "wife", "husband", "spouse", "partner", "girlfriend", "boyfriend", "marriage", "engagement", "wedding",
        "divorce", "anniversary", "valentine",
    ),
    "family_relatives": (
        "father", "mother", "parent", "grandfather", "grandmother", "grandparent", "inlaw", "brother", "sister",
        "sibling", "uncle", "aunt", "cousin", "nephew", "niece", "relative", "family",
    ),
    "friends_celebrations": (
        "friend", "neighbor", "roommate", "birthday", "anniversary", "gift", "red_packet", "cake", "wedding",
    ),
    # --- pets ---
    "pets_cats": ("pet", "cat", "ragdoll", "cat_litter", "pet_food", "neuter", "vet"),
    "pets_dogs": ("pet", "dog", "corgi", "husky", "shiba", "golden_retriever", "labrador", "poodle", "pet_food", "vet"),
    "pets_small": ("pet", "rabbit", "hamster", "parrot", "bird", "turtle", "goldfish"),
    # --- home ---
    "housing_home": (
        "home", "apartment", "rent", "mortgage", "relocation", "neighborhood", "landlord", "address", "postcode",
    ),
    "home_furnishing": (
        "furniture", "sofa", "bed", "bedroom", "kitchen", "living_room", "bathroom", "balcony", "garage", "ikea",
    ),
    "home_appliances_chores": (
        "appliance", "fridge", "washing_machine", "dishwasher", "microwave", "air_conditioner", "heater", "vacuum",
        "air_purifier", "smart_home", "lamp", "chore", "laundry", "trash",
    ),
    "gardening_plants": ("garden", "plant", "balcony"),
    # --- health ---
    "health_allergy": (
        "allergy", "penicillin", "peanut", "nut", "shellfish", "pollen", "dust_mite", "asthma", "seafood",
    ),
    "medication_pharmacy": (
        "medicine", "antibiotic", "aspirin", "ibuprofen", "painkiller", "prescription", "dose", "pharmacy",
        "penicillin", "vitamin", "supplement", "melatonin", "insulin",
    ),
    "chronic_conditions": (
        "diabetes", "hypertension", "blood_pressure", "blood_sugar", "cholesterol", "insulin", "heart", "heart_rate",
        "asthma",
    ),
    "illness_cold_flu": ("flu", "fever", "cough", "symptom", "covid", "vaccine", "headache"),
    "injury_pain_rehab": (
        "back_pain", "neck", "knee", "shoulder", "wrist", "injury", "sprain", "pain", "posture", "surgery",
    ),
    "doctor_hospital": (
        "doctor", "nurse", "hospital", "clinic", "checkup", "surgery", "appointment", "blood_type", "hearing",
    ),
    "dental_teeth": ("teeth", "dentist"),
    "eyes_vision": ("eye", "glasses", "contact_lens"),
    "sleep": ("sleep", "insomnia", "nap", "wake_up", "bedtime", "melatonin", "night_owl", "early_bird", "bed"),
    "mental_health": ("stress", "anxiety", "depression", "mental_health", "therapy", "burnout", "meditation"),
    "body_weight": ("weight", "height", "weight_loss", "body_fat", "bmi", "calorie"),
    "skin_hair_beauty": ("skin", "hair", "cosmetics", "perfume"),
    # --- food and drink ---
    "coffee_tea": (
        "coffee", "latte", "americano", "espresso", "cappuccino", "pour_over", "caffeine", "decaf", "tea",
        "green_tea", "matcha", "milk_tea", "cafe", "coffee_machine", "starbucks", "luckin",
    ),
    "dairy": ("milk", "dairy", "cheese", "yogurt", "lactose", "ice_cream", "latte", "milk_tea", "oat_milk"),
    "alcohol_smoking": (
        "beer", "wine", "whisky", "baijiu", "sake", "cocktail", "alcohol", "hangover", "smoking", "vaping",
    ),
    "diet_food_restrictions": (
        "vegetarian", "vegan", "halal", "kosher", "dietary_restriction", "diet", "gluten", "lactose", "peanut",
        "spicy", "mild",
    ),
    "nutrition_macros": ("keto", "carb", "protein", "fasting", "calorie", "fat", "sugar", "salt", "sugar_free"),
    "meat_seafood": (
        "meat", "beef", "steak", "pork", "chicken", "lamb", "fish", "salmon", "seafood", "shellfish", "shrimp",
        "crab", "egg",
    ),
    "chinese_food": (
        "rice", "noodle", "dumpling", "hotpot", "tofu", "sichuan_cuisine", "cantonese_cuisine", "bbq", "soup", "spicy",
    ),
    "western_fast_food": (
        "pizza", "burger", "pasta", "steak", "salad", "western_food", "bread", "mcdonalds", "kfc",
    ),
    "desserts_sweets": ("dessert", "cake", "chocolate", "ice_cream", "cookie_food", "sugar", "sweet", "snack"),
    "fruits_vegetables": (
        "fruit", "banana", "strawberry", "mango", "orange", "grape", "durian", "watermelon", "vegetable",
        "cilantro", "mushroom", "garlic", "onion", "tomato", "potato", "carrot", "juice",
    ),
    "cooking_baking": ("cooking", "baking", "recipe", "kitchen", "oven", "microwave", "taste"),
    "eating_out_meals": (
        "restaurant", "cafe", "canteen", "takeout", "breakfast", "lunch", "dinner", "meal", "cuisine", "meituan",
    ),
    # --- sport and exercise ---
    "running": (
        "running", "marathon", "half_marathon", "pace", "shoe", "exercise", "triathlon", "nike", "asics", "garmin",
        "smartwatch", "step_count",
    ),
    "gym_strength": (
        "gym", "strength_training", "squat", "bench_press", "deadlift", "dumbbell", "protein", "coach", "exercise",
        "boxing", "martial_arts",
    ),
    "cycling": ("cycling", "triathlon", "scooter"),
    "swimming_water_sports": ("swimming", "diving", "surfing", "rowing", "triathlon", "beach"),
    "hiking_camping": ("hiking", "climbing", "camping", "mountain"),
    "yoga_dance": ("yoga", "pilates", "stretching", "meditation", "posture", "dance"),
    "ball_sports": (
        "basketball", "soccer", "volleyball", "baseball", "competition", "badminton", "tennis", "table_tennis", "golf",
    ),
    "winter_board_sports": ("skiing", "snowboard", "skating", "skateboard"),
    # --- travel, transport, places, weather ---
    "travel_flights": ("flight", "airport", "luggage", "passport", "visa", "timezone", "abroad", "business_trip"),
    "travel_trips_lodging": (
        "travel", "vacation", "hotel", "homestay", "itinerary", "booking", "road_trip", "cruise", "ticket", "island",
    ),
    "commute_transport": ("commute", "subway", "bus", "taxi", "rail", "traffic", "navigation", "didi"),
    "car_driving": (
        "car", "suv", "ev", "hybrid_car", "driving", "driving_license", "parking", "fuel", "car_maintenance",
        "car_accident", "tesla", "byd", "motorcycle",
    ),
    "japan": ("japan", "japanese", "tokyo", "osaka", "kyoto", "hokkaido", "okinawa", "yen", "sushi", "ramen"),
    "weather": (
        "weather", "forecast", "rain", "umbrella", "storm", "typhoon", "cloudy", "fog", "wind", "temperature",
        "hot_weather", "cold_weather", "snow", "sunny", "humidity",
    ),
    "air_quality": ("air_quality", "air_purifier", "pollen"),
    "holidays_festivals": (
        "spring_festival", "new_year", "christmas", "national_day", "mid_autumn", "dragon_boat", "thanksgiving",
        "halloween", "valentine", "holiday_public",
    ),
    # --- money ---
    "finance_investing": (
        "investment", "stock", "fund", "bond", "crypto", "bitcoin", "ethereum", "saving", "retirement", "pension",
    ),
    "banking_payments": (
        "bank", "credit_card", "debit_card", "payment", "alipay", "wechat_pay", "wallet", "cash", "loan", "debt",
        "currency", "rmb", "usd", "euro", "hkd", "sgd", "gbp",
    ),
    "budget_spending": ("budget", "expense", "income", "bookkeeping", "saving", "price", "money", "subscription"),
    "tax_insurance": ("tax", "insurance", "pension", "invoice"),
    "shopping_ecommerce": (
        "shopping", "online_shopping", "store", "mall", "order", "delivery", "refund", "secondhand", "coupon",
        "discount", "taobao", "jd", "pinduoduo", "supermarket", "costco",
    ),
    "clothing_fashion": (
        "clothing", "jacket", "tshirt", "pants", "dress", "hat", "size", "jewelry", "uniqlo", "shoe", "backpack",
        "brand", "adidas",
    ),
    # --- study ---
    "exams_certificates": (
        "exam", "certification", "gaokao", "kaoyan", "ielts", "toefl", "cet", "jlpt", "cpa", "grade",
    ),
    "k12_school": (
        "school", "high_school", "middle_school", "primary_school", "kindergarten", "homework", "teacher", "student",
        "classmate",
    ),
    "university_academia": (
        "university", "bachelor", "postgraduate", "phd", "degree", "semester", "major", "graduation", "tuition",
        "scholarship", "thesis", "research", "alumni", "mentor",
    ),
    "language_learning": (
        "vocabulary", "duolingo", "grammar", "pinyin", "dialect", "french", "german", "spanish", "italian",
        "russian", "portuguese", "arabic", "korean", "study", "course",
    ),
    "answer_language": (
        "chinese", "english", "translation", "bilingual", "traditional_chinese", "simplified_chinese",
        "native_language", "cantonese",
    ),
    "reading_books": ("book", "ebook", "reading", "novel", "scifi", "audiobook", "ereader"),
    "answer_structure": (
        "concise", "detailed", "verbose", "length", "summary", "bullet_points", "list", "step", "heading",
        "markdown", "answer", "example", "explain", "citation", "pros_cons", "comparison",
    ),
    "answer_tone": ("tone", "formal", "casual", "polite", "humor", "joke", "emoji", "answer"),
    "writing_editing": ("writing", "article", "blog", "draft", "outline", "proofread", "grammar", "spelling", "diary"),
    # --- hobbies and media ---
    "music": (
        "music", "classical_music", "jazz", "rock_music", "concert", "singing", "guitar", "piano", "violin", "drum",
        "ukulele",
    ),
    "photography": ("photography", "photo", "camera", "sony"),
    "drones_aerial_photo": ("drone", "dji", "camera"),
    "social_media_video": (
        "social_media", "weibo", "zhihu", "twitter", "linkedin", "facebook", "xiaohongshu", "douyin", "video",
        "youtube", "bilibili", "podcast",
    ),
    "movies_tv_anime": ("movie", "tv_series", "documentary", "netflix", "anime"),
    "video_games": ("game", "game_console", "nintendo", "playstation", "vr"),
    "board_games_puzzles": ("chess", "go_game", "mahjong", "board_game", "puzzle", "lego"),
    "arts_crafts": ("painting", "sketch", "calligraphy", "knitting", "woodworking"),
    "electronics_maker": ("electronics", "raspberry_pi"),
    "nature_birds_fishing": ("birdwatching", "fishing", "bird", "astronomy"),
    "religion": ("religion", "buddhism", "christianity"),
    # --- work ---
    "workplace_meetings": (
        "meeting", "standup", "presentation", "slides", "colleague", "boss", "manager", "team_lead", "subordinate",
        "team", "department",
    ),
    "job_career": (
        "job", "career", "interview", "resume", "job_hunt", "promotion", "resignation", "layoff", "recruiter",
        "salary", "bonus", "appraisal", "hr",
    ),
    "work_schedule_remote": ("remote", "hybrid", "commute", "overtime", "leave", "office", "weekday"),
    "project_management": (
        "agile", "sprint", "project", "requirement", "product_manager", "okr_goal", "deadline", "report",
    ),
    "freelance_side_business": ("freelance", "part_time", "side_project", "contract", "client", "startup"),
    "messaging_email": ("email", "wechat", "dingtalk", "feishu", "wecom", "notification"),
    "notes_productivity": ("notes_app", "obsidian", "evernote", "todo", "reminder", "alarm", "calendar"),
    # --- software development ---
    "version_control": (
        "git", "gitee", "repository", "monorepo", "branch", "merge", "rebase", "commit", "pull_request", "conflict",
        "review", "tag", "fork", "clone", "open_source", "open_source_contribution",
    ),
    "testing_qa": ("test", "integration_test", "coverage", "mock", "tdd", "qa"),
    "build_packages_release": (
        "build", "compile", "ci", "release", "changelog", "dependency", "package", "package_manager", "library",
        "framework", "sdk", "upgrade", "downgrade", "version", "semver", "software_license",
    ),
    "deployment_servers": ("deploy", "production", "staging", "server", "vps", "rollback", "load_balancer", "devops"),
    "containers_k8s": ("container", "docker", "image", "kubernetes", "cluster", "node_machine", "microservice"),
    "cloud_providers": ("cloud", "aws", "azure", "gcp", "aliyun", "tencent_cloud", "serverless", "vps"),
    "databases": (
        "database", "table", "schema", "primary_key", "foreign_key", "index", "sql", "query", "transaction",
        "migration", "orm", "postgres", "mysql", "mongodb", "cache", "queue",
    ),
    "monitoring_incidents": (
        "log", "monitoring", "alert", "tracing", "oncall", "incident", "postmortem", "rollback",
    ),
    "debugging_errors": ("error", "exception", "bug", "crash", "fix", "debug", "timeout", "retry"),
    "performance_tuning": (
        "performance", "latency", "throughput", "optimization", "benchmark", "memory_leak", "garbage_collection",
        "profiling",
    ),
    "concurrency": ("concurrency", "parallel", "thread", "process", "async", "lock", "deadlock"),
    "networking": (
        "network", "http", "websocket", "dns", "domain", "port", "cors", "proxy", "certificate", "firewall",
        "load_balancer",
    ),
    "home_network_wifi": ("wifi", "router", "bandwidth", "vpn", "network"),
    "security_auth": (
        "auth", "login", "token", "secret", "security", "encryption", "vulnerability", "two_factor", "password",
        "password_manager",
    ),
    "shell_terminal": (
        "terminal", "shell", "script", "cron", "ssh", "environment_variable", "path", "dotfiles", "automation",
    ),
    "editors_ide": ("editor", "ide", "vscode", "vim", "jetbrains", "keyboard_shortcut", "extension"),
    "code_style_lint": (
        "lint", "format", "refactor", "style_guide", "naming", "code_comment", "indentation", "type_system",
    ),
    "python_dev": ("python", "virtualenv", "pytorch"),
    "frontend_web": (
        "frontend", "css", "react", "vue", "javascript", "typescript", "website", "browser", "chrome", "firefox",
    ),
    "go_dev": ("concurrency",),
    "rust_dev": ("rust",),
    "java_jvm": ("java", "spring", "csharp"),
    "mobile_dev": ("mobile_dev", "swift", "ios", "android", "mini_program"),
    "llm_prompting": ("llm", "prompt", "rag", "embedding", "fine_tune", "ai"),
    "ml_training": (
        "machine_learning", "deep_learning", "model_training", "inference", "pytorch", "gpu", "dataset", "fine_tune",
    ),
    "data_analysis": ("data", "dataset", "analytics", "spreadsheet", "visualization", "data_science"),
    "api_backend": ("api", "rest", "rpc", "backend", "microservice", "monolith", "architecture"),
    "algorithms_leetcode": ("algorithm", "data_structure", "leetcode", "regex"),
    "operating_systems": (
        "os", "linux", "arch_linux", "ubuntu", "wsl", "kernel", "filesystem", "partition", "boot", "dual_boot",
        "desktop_environment", "window_manager", "windows", "macos", "virtual_machine",
    ),
    # --- devices ---
    "computers_hardware": (
        "computer", "laptop", "desktop", "cpu", "gpu", "memory", "disk", "hardware", "chip", "firmware",
        "device_driver", "lenovo", "dell", "asus", "mac",
    ),
    "desk_setup_peripherals": (
        "monitor", "keyboard", "keyboard_switch", "mouse", "trackpad", "webcam", "desk", "chair", "standing_desk",
        "logitech",
    ),
    "phones_charging": (
        "phone", "iphone", "android", "tablet", "huawei", "xiaomi", "samsung", "harmonyos", "charger", "power_bank",
        "charging", "battery",
    ),
    "audio_headphones": ("headphones", "speaker", "microphone"),
    "storage_backup_selfhost": (
        "nas", "synology", "homelab", "raspberry_pi", "backup", "restore", "storage", "cloud_storage", "sync",
        "file", "folder",
    ),
    "ui_appearance": ("ui", "ux", "dark_mode", "light_mode", "theme", "font", "accessibility", "designer"),
    "units_formats": (
        "metric_units", "imperial_units", "kilometer", "mile", "meter", "centimeter", "inch", "kilogram", "pound",
        "gram", "liter", "milliliter", "celsius", "fahrenheit", "date_format", "time_format", "encoding", "i18n",
    ),
}

# Words that signal a topic but are not glossary forms: Chinese words of two or more characters and English
# base forms (the ranker stems English). A form belongs to one topic only.
EXTRA_FORMS: dict[str, str] = {
    "kids_parenting": "育儿 带娃 奶粉 尿布 纸尿裤 早教 辅食 母乳 哺乳 婴儿 幼儿 亲子 diaper stroller infant",
    "romance_marriage": "约会 恋爱 相亲 蜜月 romance honeymoon romantic",
    "family_relatives": "养老 孝顺 养老院 长辈 老人 亲人 家族 eldercare elderly",
    "friends_celebrations": "聚会 派对 社交 交友 庆祝 庆生 party gathering celebrate celebration",
    "pets_cats": "英短 美短 铲屎 feline meow",
    "pets_dogs": "牵引绳 边牧 比熊 德牧 遛弯 leash canine doggy",
    "pets_small": "爬宠 蜥蜴 cage lizard",
    "housing_home": "房子 买房 首付 物业 房产 房价 租客 realtor",
    "home_furnishing": "装修 翻新 瓷砖 地板 窗帘 衣柜 收纳 renovation renovate curtain wardrobe closet",
    "home_appliances_chores": "热水器 加湿器 除湿机 电风扇 电器 拖地 洗碗 扫地 晾晒 humidifier dehumidifier mop tidy"
    " declutter",
    "gardening_plants": "多肉 浇水 施肥 花盆 种菜 盆景 发芽 succulent fertilizer seedling",
    "health_allergy": "荨麻疹 起疹子 皮疹 抗组胺 肾上腺素 氯雷他定 antihistamine epipen urticaria rash anaphylaxis",
    "medication_pharmacy": "胶囊 副作用 capsule ointment syrup",
    "chronic_conditions": "血脂 慢性病 控糖 chronic",
    "illness_cold_flu": "嗓子疼 喉咙痛 鼻塞 流鼻涕 咽炎 退烧 打喷嚏 体温 生病 sneeze throat sick illness",
    "injury_pain_rehab": "骨折 康复 理疗 针灸 按摩 推拿 拉伤 跟腱 physio physiotherapy massage fracture rehab tendon",
    "doctor_hospital": "急诊 住院 病历 化验 验血 看病 就医 诊断 耳鸣 outpatient inpatient diagnosis tinnitus",
    "dental_teeth": "洗牙 补牙 拔牙 牙套 正畸 智齿 蛀牙 牙龈 牙刷 牙疼 floss cavity toothbrush toothache orthodontist",
    "eyes_vision": "散光 度数 干眼 验光 配镜 astigmatism optometrist eyedrop",
    "sleep": "打呼 打鼾 做梦 噩梦 作息 snore dream nightmare",
    "mental_health": "情绪 心情 孤独 内耗 心累 lonely mood",
    "body_weight": "减脂 瘦了 胖了 长胖 发胖 腰围 slim",
    "skin_hair_beauty": "防晒 痘痘 长痘 敏感肌 面膜 洗发水 脱发 美容 sunscreen acne shampoo beauty",
    "coffee_tea": "冷萃 挂耳 乌龙 普洱 摩卡 oolong chai",
    "dairy": "奶昔 奶油 黄油 乳清 淡奶油 炼乳 奶盖 喝奶 milkshake cream butter whey creamer",
    "alcohol_smoking": "酒吧 调酒 香槟 伏特加 黄酒 喝醉 醉酒 戒酒 戒烟 尼古丁 烟瘾 champagne vodka gin rum pub drunk"
    " nicotine",
    "diet_food_restrictions": "不吃 吃斋 蛋奶素 无肉 pescatarian plantbased",
    "nutrition_macros": "营养 膳食纤维 纤维 低脂 高蛋白 低卡 饮料 nutrition nutrient fiber beverage",
    "meat_seafood": "鸭肉 烤鸭 排骨 生蚝 牡蛎 鱿鱼 扇贝 duck oyster squid tuna clam scallop",
    "chinese_food": "炒饭 米线 螺蛳粉 麻婆 馄饨 家常菜 煲仔饭 congee wonton",
    "western_fast_food": "薯条 炸鸡 三明治 热狗 快餐 fries sandwich hotdog fastfood",
    "desserts_sweets": "布丁 蛋挞 马卡龙 糖果 甜甜圈 糕点 pudding candy donut macaron tart pastry",
    "fruits_vegetables": "蓝莓 樱桃 桃子 西兰花 黄瓜 菠菜 白菜 牛油果 猕猴桃 柠檬 blueberry cherry peach broccoli"
    " cucumber spinach cabbage avocado kiwi lemon",
    "cooking_baking": "炒锅 铁锅 空气炸锅 电饭煲 调料 酱油 红烧 清蒸 食材 airfryer sauce stew roast wok ingredient",
    "eating_out_meals": "饿了么 大众点评 聚餐 探店 自助餐 美食 吃货 eatery buffet foodie",
    "running": "跑量 越野跑 间歇跑 跑道 跑团 长跑 碳板 飞马 treadmill ultramarathon strava parkrun pegasus vaporfly"
    " fitbit",
    "gym_strength": "增肌 俯卧撑 引体向上 平板支撑 卷腹 壶铃 肌肉 散打 跆拳道 柔术 泰拳 pushup pullup plank crossfit"
    " kettlebell bodybuilding muscle taekwondo karate judo jiujitsu mma kickboxing",
    "cycling": "头盔 码表 爬坡 踏频 骑友 环湖 helmet cadence peloton",
    "swimming_water_sports": "泳镜 泳衣 自由泳 蛙泳 浮潜 goggle freestyle breaststroke",
    "hiking_camping": "冲锋衣 营地 野营 户外 背包客 trail campsite summit outdoor",
    "yoga_dance": "体式 筋膜 泡沫轴 街舞 芭蕾 拉丁舞 广场舞 yogamat ballet salsa tango choreography",
    "ball_sports": "球场 打球 踢球 球赛 世界杯 球队 英超 欧冠 球拍 球杆 worldcup fifa racket",
    "winter_board_sports": "雪场 雪板 雪道 雪具 崇礼",
    "travel_flights": "登机 值机 转机 航司 登机牌 延误 经济舱 商务舱 头等舱 安检 直飞 海关 免税 入境 出境 boarding"
    " layover customs immigration",
    "travel_trips_lodging": "景点 攻略 自由行 跟团 导游 sightseeing tourist tour resort",
    "commute_transport": "换乘 早高峰 晚高峰 共享单车 轮渡 transit tram ferry",
    "car_driving": "车险 违章 罚单 轮胎 年检 限行 车牌 摇号 行车记录仪 超速 tyre dashcam",
    "japan": "札幌 名古屋 富士山 日式 天妇罗 乌冬 nagoya fuji udon tempura",
    "weather": "回南天 冰雹 降温 升温 寒潮 霜冻 紫外线 drizzle frost",
    "air_quality": "口罩 沙尘暴 甲醛 新风 sandstorm formaldehyde",
    "holidays_festivals": "调休 放假 长假 小长假 清明 劳动节 五一 元宵 年夜饭 拜年 春运 复活节 easter",
    "finance_investing": "股息 分红 收益率 仓位 加仓 减仓 美股 港股 纳斯达克 券商 期权 dividend portfolio nasdaq",
    "banking_payments": "转账 余额 还款 分期 花呗 利率 利息 换汇 兑换 外币 汇款 paypal venmo overdraft remittance",
    "budget_spending": "月光 消费 账单 月费 年费 frugal",
    "tax_insurance": "五险一金 保费 理赔 保单 deduction",
    "shopping_ecommerce": "双十一 抢购 包邮 cart",
    "clothing_fashion": "衬衫 毛衣 袜子 围巾 手套 卫衣 靴子 时尚 shirt sweater hoodie sock scarf glove fashion",
    "exams_certificates": "备考 模考 真题 考点 准考证 教资 软考 gre gmat cfa pmp",
    "k12_school": "家长会 班主任 补习 补习班 课外班 小升初 中考 学区 学区房",
    "university_academia": "留学 答辩 开题 宿舍 教授 期刊 实验室 dorm professor",
    "language_learning": "发音 语感 外语 外教 韩国语 pronunciation accent fluent fluency anki",
    "answer_language": "繁中 简中 英译中 中译英 原文",
    "reading_books": "书单 书店 作者 出版社 微信读书 书评 文学 诗歌 bookstore author chapter literature poetry",
    "answer_structure": "长篇 简要 一句话 来源 论证 依据 evidence",
    "answer_tone": "严肃 温柔 亲切 直白 blunt",
    "writing_editing": "文案 稿子 投稿 公众号 措辞 写稿 copywriting newsletter wording",
    "music": "乐器 练琴 和弦 乐理 五线谱 琴谱 指法 大提琴 萨克斯 长笛 节拍器 歌单 专辑 歌手 乐队 网易云 instrument"
    " chord cello saxophone flute metronome spotify playlist hiphop",
    "photography": "镜头 快门 光圈 焦段 人像 风光 修图 三脚架 胶片 佳能 尼康 富士 lightroom photoshop aperture shutter"
    " tripod canon nikon fujifilm",
    "drones_aerial_photo": "报备 禁飞 限飞 空域 飞手 图传 避障 云台 gimbal fpv uav quadcopter mavic avata propeller",
    "social_media_video": "朋友圈 点赞 转发 粉丝 剪辑 剪映 博主 直播 instagram reddit follower retweet livestream"
    " davinci",
    "movies_tv_anime": "豆瓣 影评 导演 演员 院线 上映 综艺 迪士尼 漫画 手办 漫展 声优 新番 hbo disney imdb cosplay"
    " comic",
    "video_games": "原神 手游 端游 王者荣耀 通关 开黑 电竞 塞尔达 宝可梦 我的世界 xbox esport zelda pokemon minecraft",
    "board_games_puzzles": "象棋 扑克 狼人杀 剧本杀 数独 魔方 斗地主 poker sudoku rubik catan",
    "arts_crafts": "手工 水粉 画板 颜料 陶艺 刺绣 钩针 毛笔 插画 手账 ceramics pottery embroidery crochet procreate"
    " illustration",
    "electronics_maker": "焊接 电路 传感器 面包板 开发板 solder circuit sensor pcb stm32",
    "nature_birds_fishing": "鱼竿 路亚 钓竿 鱼饵 钓友 野钓 星空 银河 流星 月食 日食 赤道仪 lure bait meteor eclipse"
    " nebula",
    "religion": "教堂 寺庙 祷告 念经 佛经 圣经 伊斯兰 church temple bible prayer pray islam muslim mosque",
    "workplace_meetings": "纪要 参会 议程 周会 同组 直属 向上管理 团建 组织架构 zoom webex reorg",
    "job_career": "offer 背调 内推 入职 试用期 转正 职场 涨薪 加薪 年包 薪酬 hire hiring onboarding probation rsu"
    " payslip",
    "work_schedule_remote": "坐班 上班 下班 工时 workday",
    "project_management": "排期 甘特图 里程碑 jira milestone roadmap backlog",
    "freelance_side_business": "接单 报价 个体户 营业执照 upwork fiverr gig",
    "messaging_email": "群聊 私聊 slack discord telegram whatsapp",
    "notes_productivity": "备忘录 番茄钟 notion pomodoro productivity gtd",
    "version_control": "github gitlab bitbucket cherrypick stash gitignore worktree 维护者 上游 maintainer upstream",
    "testing_qa": "断言 用例 pytest jest junit assert assertion fixture flaky playwright cypress selenium vitest",
    "build_packages_release": "锁文件 三方包 makefile cmake gradle maven artifact lockfile",
    "deployment_servers": "灰度 nginx systemd ansible terraform canary gunicorn caddy",
    "containers_k8s": "编排 helm pod podman containerd orchestration",
    "cloud_providers": "对象存储 华为云 cloudflare vercel netlify heroku",
    "databases": "分库分表 存储过程 消息中间件 sqlite sqlalchemy prisma elasticsearch clickhouse redis kafka rabbitmq"
    " memcached pubsub",
    "monitoring_incidents": "埋点 仪表盘 排障 熔断 sentry datadog kibana loki opentelemetry dashboard runbook"
    " escalation sla slo",
    "debugging_errors": "断点 空指针 breakpoint segfault coredump gdb pdb lldb",
    "performance_tuning": "瓶颈 提速 加速 耗时 bottleneck speedup",
    "concurrency": "协程 信号量 竞态 coroutine semaphore atomic threadpool eventloop",
    "networking": "内网 外网 公网 tcp udp ipv6 cdn nat",
    "home_network_wifi": "宽带 光猫 网线 断网 信号 mesh ethernet isp",
    "security_auth": "权限 黑客 渗透 注入 permission hacker phishing pentest xss csrf injection",
    "shell_terminal": "命令 sudo chmod grep sed awk tmux alias",
    "editors_ide": "emacs sublime",
    "code_style_lint": "ruff flake8 mypy pylint clippy pep8",
    "python_dev": "pip conda pypi django flask fastapi asyncio pydantic pyproject",
    "frontend_web": "nodejs npm yarn pnpm webpack vite nextjs deno html dom svelte angular",
    "go_dev": "golang goroutine gofmt gomod gorm",
    "rust_dev": "cargo crate tokio rustc rustup serde 所有权 借用检查",
    "java_jvm": "kotlin jdk mybatis tomcat aspnet nuget",
    "mobile_dev": "上架 flutter xcode testflight appstore",
    "llm_prompting": "智能体 幻觉 上下文 claude openai anthropic gemini deepseek qwen ollama llama hallucination",
    "ml_training": "过拟合 调参 tensorflow keras transformer overfit hyperparameter sklearn huggingface",
    "data_analysis": "报表 透视表 统计 numpy jupyter pivot tableau powerbi statistics",
    "api_backend": "网关 graphql openapi swagger postman webhook",
    "algorithms_leetcode": "二叉树 链表 动态规划 排序 哈希 递归 复杂度 recursion hashmap linkedlist complexity",
    "operating_systems": "发行版 注册表 访达 debian fedora centos distro finder",
    "computers_hardware": "主板 散热 装机 motherboard overclock",
    "desk_setup_peripherals": "扩展坞 工作台",
    "phones_charging": "碎屏 贴膜 换机 电量 掉电 esim mah",
    "audio_headphones": "降噪 蓝牙 音质 bluetooth hifi dac",
    "storage_backup_selfhost": "自建 自托管 内网穿透 坚果云 selfhost jellyfin plex unraid truenas tailscale syncthing",
    "ui_appearance": "图标 布局 动效 原型 设计稿 figma icon layout animation prototype wireframe",
    "units_formats": "换算 盎司 英尺 乱码 多语言 ounce feet ascii locale",
}
