"""Rebuild pairs.jsonl, the held-out restatement set of issue 16, from the hand-written pairs below."""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 16
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")

# One pair a line: label (s = same fact or an update of it, d = a different fact) | older text | newer text | why.
# Batches keep their split when the set grows: a pair's dev/test half is drawn within its own batch only.
BATCH_1: dict[str, str] = {
    "possessor": """
s|用户的生日是五月二日|用户生日在5月2日|same person, same date in digits
d|用户的生日是三月八日|用户妻子的生日是三月八日|the user vs the user's wife
d|用户的狗叫豆豆|用户女儿的狗叫豆豆|the user's dog vs the daughter's dog
s|用户儿子在读小学三年级|用户的儿子今年上小学四年级了|son's grade, new value
d|用户的老板姓张|用户老板的老婆姓张|boss vs boss's wife
s|用户妹妹住在成都|用户的妹妹现在住在重庆|sister's home city, new value
d|用户妹妹住在成都|用户的表妹住在成都|sister vs cousin
s|用户的妻子是护士|用户老婆在医院当护士|wife's job, paraphrase
d|用户的车是白色的|用户父亲的车是白色的|user's car vs father's car
s|用户父亲今年六十岁|用户的父亲今年61岁了|father's age, new number
d|用户同事小刘的女儿叫朵朵|用户的女儿叫朵朵|colleague's daughter vs user's daughter
d|用户邻居家的猫是橘猫|用户家的猫是橘猫|neighbour's cat vs user's cat
s|用户岳母不吃辣|用户的岳母不能吃辣|mother-in-law, paraphrase
d|用户的手机号尾号是三七二一|用户妻子的手机号尾号是三七二一|user vs wife
s|用户女朋友在上海工作|用户的女朋友在上海一家银行工作|girlfriend's work city plus detail
d|The user's anniversary is June 12|The user's brother's anniversary is June 12|user vs brother
s|The user's wife works as a teacher|The user's wife is a primary school teacher|wife's job plus detail
d|The user's son plays the violin|The user's nephew plays the violin|son vs nephew
s|The user's manager is called Priya|The user's boss is named Priya|manager/boss synonym
d|The user's dog is named Biscuit|The user's neighbour's dog is named Biscuit|user vs neighbour
s|The user's daughter is allergic to shellfish|The user's daughter has a shellfish allergy|paraphrase
d|The user's car is a blue Honda Civic|The user's father-in-law's car is a blue Honda Civic|user vs father-in-law
s|The user's sister lives in Glasgow|The user's sister now lives in Edinburgh|sister's city, new value
d|Tom's mother is a dentist|The user's mother is a dentist|Tom's mother vs the user's mother
d|用户的 MacBook 是 M2 款|用户老婆的 MacBook 是 M2 款|user vs wife
s|用户儿子的 iPad 是第九代|用户儿子的 iPad 换成了 iPad Air|son's tablet, new model
s|用户妻子的 Kindle 是 Paperwhite|用户老婆用的 Kindle 是 Paperwhite 款|wife's e-reader, paraphrase
""",
    "named_person": """
s|小王在字节跳动工作|小王现在在字节上班|same person, same employer
d|小王在字节跳动工作|小李在字节跳动工作|different person
s|李雷养了一只柯基|李雷家里有一只柯基犬|paraphrase
d|李雷养了一只柯基|韩梅梅养了一只柯基|different person
s|张伟的生日是十月三日|张伟生日是10月3号|same date in digits
d|张伟的生日是十月三日|张丽的生日是十月三日|different person
s|陈静是一名产品经理|陈静在公司担任产品经理|paraphrase
d|陈静是一名产品经理|陈静的丈夫是一名产品经理|Chen Jing vs her husband
s|老周每天早上跑五公里|老周每天晨跑5公里|same habit, digits
d|老周每天早上跑五公里|老赵每天早上跑五公里|different person
s|小美住在杭州西湖区|小美搬到了杭州滨江区|home district update
d|王老师教高二数学|王老师的爱人教高二数学|teacher vs spouse
s|刘洋喜欢打羽毛球|刘洋特别爱打羽毛球，每周打两次|same hobby plus detail
d|刘洋喜欢打羽毛球|刘洋喜欢看羽毛球比赛|playing vs watching
d|阿杰下周去日本出差|阿杰的同事下周去日本出差|Ajie vs his colleague
s|Anna adopted a kitten last spring|Last spring Anna adopted a kitten|word order
d|Anna adopted a kitten last spring|Hanna adopted a kitten last spring|different person
s|Ben works at Spotify as a data engineer|Ben is a data engineer at Spotify|paraphrase
d|Ben works at Spotify as a data engineer|Ben's wife works at Spotify as a data engineer|Ben vs his wife
s|Carla's favourite band is Radiohead|Carla's favorite band is Radiohead|spelling variant
d|Carla's favourite band is Radiohead|Carla's favourite album is by Radiohead|band vs album
s|Dev is vegetarian|Dev doesn't eat meat|paraphrase
d|Mia lives in Lisbon|Mila lives in Lisbon|different person
s|Omar drives a grey Skoda|Omar now drives a red Tesla|Omar's car, new value
s|Lily 在腾讯做前端|Lily 在腾讯当前端工程师|paraphrase
d|Lily 在腾讯做前端|Lucy 在腾讯做前端|different person
s|Kevin 住在深圳|Kevin 上个月搬去了广州|home city update
""",
    "attribute": """
d|用户的鹦鹉叫小蓝|用户的鹦鹉今年五岁了|name vs age
s|用户的鹦鹉叫小蓝|用户家鹦鹉的名字是小蓝|name, paraphrase
d|用户的猫是英短|用户的猫是灰色的|breed vs colour
s|用户的猫是英短|用户养的猫是一只英国短毛猫|breed, full name
d|用户住在十二楼|用户住在朝阳区|floor vs district
s|用户住在12楼|用户家在十二楼|floor, digits vs numeral
d|用户的工作电脑是联想|用户的家用电脑是联想|work vs home computer
s|用户的老家是湖南|用户老家在湖南长沙|home town plus detail
d|用户的老家是湖南|用户的大学在湖南|home town vs university
s|用户的车是黑色的|用户的车是深黑色|colour, paraphrase
d|用户的车是黑色的|用户的车是电动车|colour vs kind
s|用户的血型是A型|用户是A型血|blood type paraphrase
d|用户的身高是一米七五|用户的体重是七十五公斤|height vs weight
s|用户的体重是七十公斤|用户现在体重68公斤|weight, new value
d|用户的公司在望京|用户的健身房在望京|office vs gym location
d|The user's parrot is called Kiwi|The user's parrot is eleven years old|name vs age
s|The user's parrot is called Kiwi|The user's parrot's name is Kiwi|name paraphrase
d|The user's work laptop runs Ubuntu|The user's home laptop runs Ubuntu|work vs home laptop
s|The user's default shell is bash|The user's default shell is now zsh|shell, new value
d|The user's office is on the 4th floor|The user's apartment is on the 4th floor|office vs apartment
s|The user's office is on the 4th floor|The user's office is on the fifth floor|floor, new value
d|The user's cat is a ginger tabby|The user's cat is nine years old|breed/colour vs age
s|The user's home city is Leeds|The user is based in Leeds|home city paraphrase
d|The user's favourite colour is green|The user's car is green|favourite colour vs car colour
d|用户的编辑器主题是 Dracula|用户的终端主题是 Dracula|editor theme vs terminal theme
s|用户的包管理器是 npm|用户的包管理器是 pnpm|package manager, new value
s|用户的操作系统是 macOS|用户用的系统是 macOS Sonoma|OS plus detail
""",
    "event": """
d|用户参加了一个合唱团|用户参加了一个象棋俱乐部|joined two different clubs
s|用户参加了一个合唱团|用户加入了社区合唱团|same club, detail
d|用户上周买了一台洗碗机|用户上周买了一辆自行车|two purchases
s|用户上周买了一台洗碗机|用户上星期买了台西门子洗碗机|same purchase plus brand
d|用户去年去了云南旅游|用户去年去了新疆旅游|two trips
s|用户去年去了云南旅游|用户去年到云南玩了一趟|same trip paraphrase
d|用户报名了周末的摄影课|用户报名了周末的陶艺课|two courses
s|用户报名了周末的摄影课|用户报了一个周末摄影班|same course paraphrase
d|用户收养了一只流浪猫|用户收养了一只流浪狗|two adoptions
d|用户昨天看了《奥本海默》|用户昨天看了《芭比》|two films
s|用户昨天看了《奥本海默》|用户昨天去电影院看了《奥本海默》|same film plus detail
d|用户参加了马拉松比赛|用户参加了编程比赛|two competitions
s|用户在春节期间回了老家|用户春节回老家了|paraphrase
d|用户退出了读书会|用户退出了羽毛球群|left two groups
s|用户种了两棵番茄|用户在阳台上种了两棵番茄|same planting plus place
d|The user joined a choir|The user joined a chess club|two clubs
s|The user joined a choir|The user has joined a local choir|same club, detail
d|The user adopted a beagle|The user adopted a rabbit|two pets
s|Anna bought a road bike in March|In March Anna bought a road bike|word order
d|Anna bought a road bike in March|Anna bought a rice cooker in March|two purchases
s|The user left the book club|The user quit the book club|left/quit synonym
d|The user left the book club|The user left the running club|left two clubs
s|The user visited Kyoto in 2022|The user went to Kyoto in 2022|visited/went synonym
d|The user visited Kyoto in 2022|The user visited Osaka in 2022|two trips
d|用户参加了 PyCon China|用户参加了 RustConf|two conferences
s|用户参加了 PyCon China|用户去参加了今年的 PyCon China|same conference plus detail
d|用户买了一个 Kindle|用户买了一副 AirPods|two purchases
""",
    "frame_objects": """
d|用户改用燕麦奶|用户改用人体工学键盘|one frame, unrelated objects
s|用户改用燕麦奶|用户现在喝燕麦奶，不喝牛奶了|same switch restated
d|用户喜欢猫|用户喜欢咖啡|likes two unrelated things
d|用户偏好浅色主题|用户偏好浅焙咖啡|prefers theme vs coffee roast
s|用户偏好浅色主题|用户喜欢用浅色主题|paraphrase
s|用户偏好浅色主题|用户现在偏好深色主题|theme preference, new value
d|用户喜欢吃川菜|用户喜欢听民谣|likes food vs music
d|用户用机械键盘|用户用降噪耳机|uses two devices
s|用户用机械键盘|用户平时用的是机械键盘，青轴|same keyboard plus detail
d|用户喜欢看科幻小说|用户喜欢看悬疑电影|novels vs films
d|用户习惯用微信支付|用户习惯用微信读书|payment vs reading app
s|用户习惯用微信支付|用户一般用微信付款|paraphrase
d|用户换了新的床垫|用户换了新的工作|changed mattress vs job
s|用户早餐喜欢吃燕麦|用户早饭爱吃燕麦片|paraphrase
d|用户最喜欢的季节是秋天|用户最喜欢的水果是秋月梨|favourite season vs fruit
d|The user switched to oat milk|The user switched to a split keyboard|one frame, unrelated objects
s|The user switched to oat milk|The user now drinks oat milk instead of dairy|same switch restated
d|The user prefers a light theme|The user prefers light roast coffee|theme vs coffee
s|The user prefers a light theme|The user likes light themes in the editor|paraphrase
d|The user likes jazz|The user likes sushi|two unrelated likes
s|The user likes jazz|The user enjoys listening to jazz|paraphrase
d|The user uses a standing desk|The user uses a Pomodoro timer|uses two things
s|The user prefers tea over coffee|The user likes tea more than coffee|paraphrase
d|The user prefers aisle seats on flights|The user prefers morning flights|seat vs time
d|用户喜欢用 Notion 记笔记|用户喜欢用 AirPods 听歌|two tools, two uses
s|用户改用 Obsidian 记笔记|用户现在用 Obsidian 做笔记|paraphrase
s|用户记笔记用 Notion|用户记笔记改用 Obsidian 了|note tool, new value
""",
    "role_swap": """
d|用户把相机借给了同事|同事把相机借给了用户|lender and borrower swapped
s|用户把相机借给了同事|用户借了相机给同事|same roles reworded
s|用户把相机借给了同事|同事向用户借了相机|same roles, other side's view
d|小王送了李雷一本书|李雷送了小王一本书|giver and receiver swapped
s|小王送了李雷一本书|李雷收到了小王送的一本书|same roles, passive view
d|用户的妈妈很照顾用户的妻子|用户的妻子很照顾用户的妈妈|carer swapped
d|用户欠朋友两千块钱|朋友欠用户两千块钱|debtor swapped
s|用户欠朋友两千块钱|用户向朋友借了两千块，还没还|same debt reworded
d|老板推荐用户去参加培训|用户推荐老板去参加培训|recommender swapped
d|张伟是刘洋的上司|刘洋是张伟的上司|boss swapped
s|张伟是刘洋的上司|刘洋的上司是张伟|same relation reordered
d|用户教女儿弹钢琴|女儿教用户弹钢琴|teacher swapped
s|用户教女儿弹钢琴|女儿跟着用户学钢琴|same roles reworded
d|小美给阿杰介绍了一份工作|阿杰给小美介绍了一份工作|introducer swapped
s|小美给阿杰介绍了一份工作|阿杰的工作是小美介绍的|same roles reworded
d|Ben thanks Carla for her help|Carla thanks Ben for his help|thanker swapped
s|Ben thanks Carla for her help|Ben is grateful to Carla for helping him|same roles paraphrased
d|The user lent his drill to Tom|Tom lent his drill to the user|lender swapped
s|The user lent his drill to Tom|Tom borrowed the user's drill|same roles, other side's view
d|Anna mentors Ravi|Ravi mentors Anna|mentor swapped
s|Anna mentors Ravi|Ravi is mentored by Anna|passive, same roles
d|The user's brother owes the user 300 dollars|The user owes the user's brother 300 dollars|debtor swapped
s|The user gave Mia a ride to the airport|Mia got a ride to the airport from the user|same roles, other side's view
d|Omar reports to Julia|Julia reports to Omar|manager swapped
d|用户把 Switch 借给了表弟|表弟把 Switch 借给了用户|lender swapped
s|用户把 Switch 借给了表弟|表弟借走了用户的 Switch|same roles, other side's view
d|Lily 给 Kevin 写了推荐信|Kevin 给 Lily 写了推荐信|writer swapped
""",
    "numeral": """
s|用户的女儿七岁|用户的女儿八岁了|age, new number
s|用户有两把吉他|用户有三把吉他|count, new number
s|用户的猫三岁|用户的猫四岁了|age, new number
s|用户每天喝两杯咖啡|用户每天喝2杯咖啡|same number, numeral vs digit
s|用户的年薪是三十万|用户年薪涨到了35万|salary, new number
s|用户家离公司半小时车程|用户家到公司开车要三十分钟|same duration in other units
d|用户养了三只猫|用户的猫三岁了|count vs age
d|用户住在八楼|用户家在八号楼|floor vs building number
d|用户每周健身三次|用户每次健身三个小时|frequency vs duration
d|用户的房租是每月五千|用户的房贷是每月五千|rent vs mortgage
d|用户有两个孩子|用户有两只狗|children vs dogs
d|用户工作了十年|用户结婚十年了|years worked vs years married
d|用户的车开了三万公里|用户的车花了三万块|mileage vs price
s|用户第一次去北京是2015年|用户2015年第一次去的北京|same year reordered
d|用户在公司排名第三|用户在马拉松里跑了第三名|rank at work vs race place
s|The user has two guitars|The user now has three guitars|count, new number
s|The user's daughter is seven|The user's daughter is 7 years old|same age, word vs digit
s|The user runs 5 km every morning|The user runs five kilometres every morning|same distance, word vs digit
d|The user has three cats|The user's cat is three years old|count vs age
s|The user has lived in Berlin for 4 years|The user has lived in Berlin for five years|duration, new number
d|The user has worked at Acme for ten years|The user has been married for ten years|different durations
d|The user's flat is on the 3rd floor|The user's flat is in building 3|floor vs building
s|The user is in the second year of a PhD|The user is a third-year PhD student|year of study, new ordinal
d|The user sleeps 7 hours a night|The user walks 7 kilometres a day|sleep vs walking
s|用户的 iPhone 是 13|用户换了 iPhone 15|phone model, new number
d|用户有 2 台 Mac|用户有 2 台 iPad|Macs vs iPads
s|用户的 Kindle 买了两年了|用户的 Kindle 已经用了三年|age of device, new number
""",
    "stated_change": """
s|用户在联想工作|用户跳槽去了蔚来|employer change
s|用户住在厦门|用户上个月搬到了青岛|home city change
s|用户平时开车上班|用户现在改坐地铁上班|commute change
s|用户用的是安卓手机|用户换成了苹果手机|phone change
s|用户的手机号是移动的|用户把手机号转到了联通|carrier change
d|用户在联想工作|用户搬到了联想附近的小区|home move, not employer
d|用户住在厦门|用户的父母搬到了厦门|parents moved, not the user
d|用户每天开车上班|用户换了一辆新车|car change, not commute
d|用户的手机是华为|用户换了一个新手机壳|phone case, not phone
d|用户在阿里工作|用户的妻子跳槽去了阿里|wife's job change
s|用户的头像是一只柴犬|用户把头像换成了一只布偶猫|avatar change
d|用户的头像是一只柴犬|用户把壁纸换成了一只柴犬|wallpaper, not avatar
s|用户在读大三|用户已经升到大四了|year of study change
d|用户住在杭州|用户把户口迁到了杭州|household registration vs residence
s|用户喝的是全脂牛奶|用户改喝脱脂牛奶了|milk change
s|The user lives in Leeds|The user moved to Bristol|home city change
s|The user works at Monzo|The user now works at Revolut|employer change
s|The user uses Chrome as a browser|The user switched to Firefox|browser change
d|The user lives in Leeds|The user's office moved to Bristol|office moved, not home
d|The user uses Chrome as a browser|The user switched to a Dvorak keyboard layout|change of another attribute
s|The user drinks coffee every morning|The user quit coffee and drinks green tea now|morning drink change
d|The user works at Monzo|The user's husband now works at Monzo|husband's employer
s|The user's editor is Sublime Text|The user moved from Sublime Text to Helix|editor change
d|The user's editor is Sublime Text|The user switched the terminal font to Iosevka|font change, not editor
s|项目用 Mocha 测试|项目的测试框架换成了 Vitest|test framework change
d|项目用 Mocha 测试|项目的打包工具换成了 Vite|bundler change, not tests
s|用户的 shell 是 bash|用户改用 fish 了|shell change
""",
    "negation": """
s|用户喝可乐|用户不喝可乐了|negation of the same statement
s|用户吃香菜|用户不吃香菜|negation of the same statement
s|用户养猫|用户已经不养猫了|negation of the same statement
s|用户晚上会喝酒|用户已经戒酒了|stopped drinking
s|用户用微博|用户不再用微博了|no longer uses
s|用户不会开车|用户学会开车了|negative flipped to positive
s|用户不喜欢吃鱼|用户现在喜欢吃鱼了|negative flipped to positive
d|用户喝可乐|用户不喝咖啡|negation of a different statement
d|用户吃香菜|用户不吃葱|negation of a different statement
d|用户不吃辣|用户不吃甜|two different dislikes
d|用户用微博|用户不再用微信支付|negation of a different statement
d|用户不抽烟|用户不喝酒|two different negations
d|用户周末加班|用户周末不去健身房|negation of a different statement
d|用户开车上班|用户不开车去超市|commute vs shopping
d|用户会说日语|用户不会说韩语|different language
s|The user eats gluten|The user stopped eating gluten|stopped
s|The user drinks alcohol|The user no longer drinks alcohol|no longer
s|The user doesn't own a car|The user owns a car now|flipped
s|The user likes horror films|The user doesn't like horror films anymore|flipped
d|The user eats gluten|The user doesn't eat dairy|different food
d|The user drinks alcohol|The user no longer drinks soda|different drink
d|The user plays tennis|The user doesn't play golf|different sport
d|The user speaks French|The user doesn't speak Italian|different language
d|The user is on Twitter|The user is no longer on Facebook|different network
s|用户用 Vim|用户不再用 Vim 了|no longer uses
d|用户用 Vim|用户不用 Emacs|different editor
s|用户玩 LOL|用户已经不玩 LOL 了|stopped playing
""",
    "containment": """
s|用户喜欢钓鱼|用户喜欢钓鱼，尤其是海钓|old whole plus detail
s|用户养了一只金毛|用户养了一只金毛，叫旺财|old whole plus name
s|用户在学日语|用户在学日语，准备考二级|old whole plus goal
s|用户是程序员|用户是程序员，做后端开发五年了|old whole plus detail
s|用户喜欢喝绿茶|用户喜欢喝绿茶，尤其是龙井|old whole plus detail
s|用户每周去游泳|用户每周去游泳，一般是周三晚上|old whole plus time
s|用户对花生过敏|用户对花生过敏，吃了会起疹子|old whole plus detail
d|用户喜欢猫|用户喜欢猫头鹰|cat vs owl
d|用户喜欢吃苹果|用户喜欢吃苹果派|apples vs apple pie
d|用户喜欢海|用户喜欢海鲜|sea vs seafood
d|用户住在北京|用户住在北京的父母每年来看他|the user's parents who live in Beijing
d|用户有一只狗|用户有一只狗狗玩偶|a dog vs a dog plush
d|用户在读研|用户在读研的女朋友在复旦|girlfriend in grad school
d|用户喜欢蓝色|用户喜欢蓝色多瑙河|blue vs a waltz
d|用户吃素|用户吃素的妹妹不吃鸡蛋|the vegetarian sister
s|The user likes fishing|The user likes fishing, especially fly fishing|old whole plus detail
s|The user is learning Korean|The user is learning Korean for a trip to Seoul next year|old whole plus reason
s|The user has a golden retriever|The user has a golden retriever called Max|old whole plus name
s|The user drinks oat milk|The user drinks oat milk in coffee and tea|old whole plus detail
d|The user has a cat|The user has a cat allergy|a cat vs an allergy
d|The user has a dog|The user has a dog walker on weekdays|a dog vs a dog walker
d|The user likes apples|The user likes apple pie|apples vs pie
d|The user plays Go|The user plays Go Fish with the kids|board game vs card game
d|The user lives in York|The user lives in New York|York vs New York
s|用户用 Neovim|用户用 Neovim，配置基于 LazyVim|old whole plus detail
d|用户喜欢 Java|用户喜欢 JavaScript|Java vs JavaScript
s|用户在学 Rust|用户在学 Rust，正在看 The Book|old whole plus detail
""",
    "paraphrase": """
s|用户偏好深色模式|用户喜欢用深色模式|prefers/likes
s|用户爱喝冰美式|用户喜欢喝冰的美式咖啡|paraphrase
s|用户不爱吃甜食|用户不喜欢吃甜的东西|paraphrase
s|用户习惯早睡早起|用户作息规律，一般早睡早起|paraphrase plus detail
s|用户的职业是律师|用户是做律师的|paraphrase
s|用户从事教育行业|用户在教育行业工作|paraphrase
s|用户擅长做饭|用户很会做饭|paraphrase
s|用户喜欢安静的咖啡馆|用户偏爱安静一点的咖啡店|paraphrase
d|用户偏好深色模式|用户偏好静音模式|dark mode vs silent mode
d|用户爱喝冰美式|用户爱喝冰可乐|two drinks
d|用户的职业是律师|用户的偶像是一位律师|job vs idol
d|用户习惯早睡早起|用户习惯早上洗澡|sleep vs shower
d|用户擅长做饭|用户擅长做木工|two skills
d|用户从事教育行业|用户投资了教育行业|works in vs invested in
d|用户喜欢安静的咖啡馆|用户喜欢安静的音乐|cafes vs music
s|User prefers dark mode|The user likes dark mode|prefers/likes
s|The user prefers short answers|The user likes concise replies|paraphrase
s|The user is a night owl|The user usually stays up late|paraphrase
s|The user enjoys hiking|The user loves going on hikes|paraphrase
d|The user prefers short answers|The user prefers short haircuts|answers vs haircuts
d|The user is a night owl|The user is a night nurse|habit vs job
d|The user loves Italian food|The user loves Italian films|food vs films
d|The user likes dark mode|The user likes dark chocolate|mode vs chocolate
d|The user likes working from cafés|The user likes working out in the morning|work place vs exercise
s|用户偏好 tmux|用户习惯用 tmux 管理终端|prefers/uses
s|用户喜欢 Python|用户偏爱用 Python 写脚本|likes plus detail
d|用户偏好 tmux|用户偏好 Tab 缩进|two preferences
""",
    "convention": """
s|项目统一用四个空格缩进|项目代码缩进用4个空格|same rule, digits
s|项目的提交信息用中文写|项目要求提交说明用中文|paraphrase
d|项目的提交信息用中文写|项目的代码注释用中文写|commit messages vs comments
s|团队每周一上午开周会|团队周会定在每周一上午十点|same meeting plus time
d|团队每周一上午开周会|团队每周五下午开复盘会|two meetings
s|代码合并前需要两人评审|合并代码之前必须有两位同事审核通过|paraphrase
d|代码合并前需要两人评审|需求上线前需要两人评审|code merge vs release
s|项目的文档放在内部知识库|项目文档统一放到了内部知识库里|paraphrase
d|前端项目用单引号|后端项目用单引号|frontend vs backend
s|项目每两周发一个版本|项目改成每周发一个版本|release cadence change
d|项目每两周发一个版本|项目每两周做一次安全扫描|release vs scan
s|The repo uses Poetry for dependencies|Dependencies in the repo are managed with Poetry|paraphrase
d|The repo uses Poetry for dependencies|The repo uses Ruff for linting|dependencies vs linting
s|The team writes commit messages in the imperative mood|Commit messages are written in the imperative mood, like "Add parser"|paraphrase plus example
s|The project targets Python 3.11|The project now targets Python 3.12|version change
d|The project targets Python 3.11|The project's CI image ships Python 3.11|target vs CI image
d|The frontend uses 2-space indentation|The backend uses 2-space indentation|frontend vs backend
s|Pull requests need one approval|Pull requests now need two approvals|rule change
d|Pull requests need one approval|Releases need one approval from QA|PRs vs releases
s|Tests live under tests/|All tests are kept in the tests/ directory|paraphrase
s|项目用 yarn 管理依赖|项目的包管理器换成了 pnpm|package manager change
d|前端仓库用 ESLint|文档仓库用 ESLint|two repositories
s|项目的 CI 跑在 GitHub Actions 上|项目用 GitHub Actions 做持续集成|paraphrase
d|项目的 CI 跑在 GitHub Actions 上|项目的需求跟踪放在 GitHub 上|CI vs issue tracking
s|项目用 Prettier 格式化代码|代码格式化统一用 Prettier|paraphrase
d|项目用 Prettier 格式化 Markdown|项目用 Prettier 格式化 SQL|two file types
s|项目的 Python 版本是 3.10|项目 Python 升级到 3.12 了|version change
""",
}

BATCHES: tuple[dict[str, str], ...] = (BATCH_1,)


@dataclass(frozen=True)
class Pair:
    batch: int
    shape: str
    label: str
    old: str
    new: str
    why: str

    @property
    def lang(self) -> str:
        text = self.old + self.new
        if not CJK.search(text):
            return "en"
        return "mixed" if LATIN.search(text) else "zh"


def parse() -> list[Pair]:
    pairs: list[Pair] = []
    for batch, shapes in enumerate(BATCHES, 1):
        for shape, block in shapes.items():
            for line in block.strip().splitlines():
                label, old, new, why = line.split("|")
                pairs.append(Pair(batch, shape, {"s": "same", "d": "different"}[label], old, new, why))
    return pairs


def splits(pairs: list[Pair]) -> list[str]:
    """Half dev, half test within each (batch, shape, lang, label); odd groups alternate which half gets one more."""
    groups: dict[tuple[int, str, str, str], list[int]] = defaultdict(list)
    for index, pair in enumerate(pairs):
        groups[(pair.batch, pair.shape, pair.lang, pair.label)].append(index)
    result = [""] * len(pairs)
    extra_to_dev = True
    for key in sorted(groups):
        members = groups[key]
        random.Random(f"{SEED}:{key}").shuffle(members)
        dev_count = len(members) // 2
        if len(members) % 2:
            dev_count += extra_to_dev
            extra_to_dev = not extra_to_dev
        for position, index in enumerate(members):
            result[index] = "dev" if position < dev_count else "test"
    return result


def render() -> str:
    pairs = parse()
    lines = []
    for number, (pair, split) in enumerate(zip(pairs, splits(pairs), strict=True), 1):
        row = {"id": f"shp-{number:04d}", "old": pair.old, "new": pair.new, "label": pair.label,
               "shape": pair.shape, "lang": pair.lang, "split": split, "why": pair.why}
        lines.append(json.dumps(row, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def main() -> None:
    text = render()
    (HERE / "pairs.jsonl").write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} pairs")


if __name__ == "__main__":
    main()
