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

BATCH_2: dict[str, str] = {
    "possessor": """
s|用户的丈夫在一家律所上班|用户老公是一家律所的合伙人|husband's job plus detail
d|用户的丈夫在一家律所上班|用户丈夫的弟弟在一家律所上班|husband vs husband's brother
s|用户的外婆今年八十五岁|用户外婆今年八十六岁了|grandmother's age, new number
d|用户的外婆今年八十五岁|用户的奶奶今年八十五岁|maternal vs paternal grandmother
d|用户儿子的班主任姓李|用户女儿的班主任姓李|son's vs daughter's teacher
s|用户儿子的班主任姓李|用户儿子班上的班主任是李老师|paraphrase
d|用户的室友是四川人|用户室友的男朋友是四川人|roommate vs roommate's boyfriend
s|用户的室友是四川人|用户的室友老家在四川|paraphrase
d|用户哥哥家的孩子在上初中|用户家的孩子在上初中|brother's child vs user's child
s|用户哥哥的儿子在上初一|用户的侄子现在上初二了|nephew's grade, new value
d|用户的狗每天吃两顿|用户朋友的狗每天吃两顿|user's dog vs friend's dog
s|用户妈妈退休前是中学老师|用户的母亲退休以前在中学教书|paraphrase
d|用户妈妈退休前是中学老师|用户婆婆退休前是中学老师|mother vs mother-in-law
s|用户爸爸有高血压|用户的父亲患有高血压，每天吃药|same fact plus detail
d|用户爸爸有高血压|用户公公有高血压|father vs father-in-law
d|用户的微信名叫晴天|用户女儿的微信名叫晴天|user vs daughter
s|用户老婆在学瑜伽|用户妻子最近在练瑜伽|synonyms
s|The user's husband is a firefighter|The user's husband works as a firefighter in Dublin|job plus detail
d|The user's husband is a firefighter|The user's husband's cousin is a firefighter|husband vs his cousin
d|The user's grandmother turns ninety in May|The user's great-aunt turns ninety in May|grandmother vs great-aunt
s|The user's grandmother turns ninety in May|In May the user's grandma turns 90|reordered, digits
d|Priya's son is learning to swim|The user's son is learning to swim|Priya's son vs the user's son
s|The user's roommate works night shifts|The user's flatmate works nights|synonyms
d|The user's roommate works night shifts|The user's roommate's partner works night shifts|roommate vs roommate's partner
d|The user's team lead is based in Toronto|The user's team lead's manager is based in Toronto|possessor chain
s|The user's team lead is based in Toronto|The user's team lead moved to Montreal|team lead's city, stated change
d|The user's kids go to Oakfield Primary|The user's neighbour's kids go to Oakfield Primary|user's vs neighbour's kids
s|The user's mother-in-law is visiting in August|The user's mother-in-law will visit in August|paraphrase
d|用户的 GitHub 账号是 sunny-dev|用户同事的 GitHub 账号是 sunny-dev|user vs colleague
s|用户女儿在学 Scratch 编程|用户的女儿最近在学 Scratch|paraphrase
""",
    "named_person": """
s|韩梅梅在北京协和医院当医生|韩梅梅是协和医院的医生|paraphrase
d|韩梅梅在北京协和医院当医生|韩梅梅的姐姐在北京协和医院当医生|Han Meimei vs her sister
s|赵磊上个月考了驾照|赵磊上个月拿到了驾照|paraphrase
d|赵磊上个月考了驾照|赵蕾上个月考了驾照|different person, same sound
s|孙悦是用户的大学同学|孙悦和用户是大学同学|reordered
d|孙悦是用户的大学同学|孙悦是用户的高中同学|another relation, both can hold
s|林老师住在学校对面|林老师现在住在地铁站旁边|home, new value
d|林老师住在学校对面|林老师的办公室在学校对面|home vs office
s|周杰每周五晚上打篮球|周杰每个周五晚上都去打篮球|paraphrase
d|周杰每周五晚上打篮球|周洁每周五晚上打篮球|different person
d|小陈喜欢吃榴莲|小程喜欢吃榴莲|different person
s|小陈对猫毛过敏|小陈一碰猫就过敏|paraphrase
s|老何是用户的房东|用户的房东是老何|reordered
d|老何是用户的房东|老何是用户房东的父亲|landlord vs landlord's father
s|何静今年三十二岁|何静今年三十三岁了|age, new number
d|何静今年三十二岁|何婧今年三十二岁|different person
d|王芳在准备考研|王芳的男朋友在准备考研|Wang Fang vs her boyfriend
s|Ravi teaches maths at a secondary school|Ravi is a maths teacher at a secondary school|paraphrase
d|Ravi teaches maths at a secondary school|Ravi's sister teaches maths at a secondary school|Ravi vs his sister
s|Julia is training for the Berlin marathon|Julia is preparing to run the Berlin marathon|paraphrase
d|Julia is training for the Berlin marathon|Julian is training for the Berlin marathon|different person
d|Sam and Alex got engaged in June|Sam and Jordan got engaged in June|different couple
s|Sam and Alex got engaged in June|Alex and Sam got engaged in June|symmetric relation reordered
s|Noah lives with his parents|Noah has moved out of his parents' place|stated change of the same fact
d|Noah lives with his parents|Noah's friend lives with his parents|Noah vs his friend
s|Grace is allergic to penicillin|Grace can't take penicillin because of an allergy|paraphrase
d|Grace is allergic to penicillin|Grace is allergic to latex|a second allergy
d|Liam's birthday is on 4 July|Liam's wedding anniversary is on 4 July|birthday vs anniversary
s|Emma 在 Google 做设计师|Emma 是 Google 的设计师|paraphrase
d|Emma 在 Google 做设计师|Emily 在 Google 做设计师|different person
""",
    "attribute": """
d|用户的狗是柴犬|用户的狗十岁了|breed vs age
s|用户的狗是柴犬|用户家的狗是一只日本柴犬|breed, paraphrase
d|用户的狗叫可乐|用户的狗是公的|name vs sex
s|用户的狗叫可乐|用户把狗的名字改成了旺仔|name, stated change
d|用户的公寓在六楼|用户的公寓有两个卧室|floor vs rooms
s|用户的公寓在六楼|用户现在住的公寓在九楼|floor, new value
d|用户的工资卡是招商银行的|用户的信用卡是招商银行的|salary card vs credit card
s|用户的工资卡是招商银行的|用户的工资卡换成了工商银行|salary card bank, new value
d|用户的眼镜是近视四百度|用户的眼镜框是黑色的|prescription vs frame colour
s|用户近视四百度|用户的近视已经涨到五百度了|prescription, new number
d|用户的母语是粤语|用户的第二语言是粤语|first vs second language
s|用户的母语是粤语|用户从小说粤语，粤语是母语|paraphrase
d|用户的车牌尾号是七|用户的门牌号是七号|plate vs house number
s|用户的星座是天蝎座|用户是天蝎座的|paraphrase
d|用户的星座是天蝎座|用户的生肖是属虎|star sign vs Chinese zodiac
d|用户的房子朝南|用户的房子在城南|orientation vs location
s|用户的房子朝南|用户家是朝南的户型|paraphrase
d|The user's hamster is called Peanut|The user's hamster is two years old|name vs age
s|The user's hamster is called Peanut|The user named the hamster Peanut|paraphrase
d|The user's bike is a Trek|The user's bike is red|brand vs colour
s|The user's bike is a Trek|The user rides a Trek bike|paraphrase
d|The user's phone is a Pixel 7|The user's phone number ends in 7|model vs number
s|The user's phone is a Pixel 7|The user's phone is now a Pixel 8|model, new value
d|The user's preferred font size in the editor is 14|The user's preferred line length in the editor is 100|font size vs line length
s|The user's preferred font size in the editor is 14|The user now sets the editor font size to 16|font size, new value
d|The user's desk faces the window|The user's bed faces the window|desk vs bed
s|The user's blood type is O negative|The user has O-negative blood|paraphrase
d|The user's shoe size is 42|The user's jacket size is 42|shoe vs jacket size
d|用户的 Git 用户名是 leo|用户的 npm 用户名是 leo|two accounts
s|用户电脑的内存是 16G|用户把电脑内存升到了 32G|memory, new value
""",
    "event": """
d|用户上个月去了一趟西安|用户上个月去了一趟成都|two trips
s|用户上个月去了一趟西安|用户上个月去西安玩了几天|paraphrase
d|用户参加了同学聚会|用户参加了公司年会|two gatherings
s|用户参加了同学聚会|用户去参加了大学同学的聚会|same event plus detail
d|用户买了一台投影仪|用户买了一台空气净化器|two purchases
s|用户买了一台投影仪|用户新买了一个家用投影仪|paraphrase
d|小王加入了公司的篮球队|小王加入了公司的读书会|two clubs
s|小王加入了公司的篮球队|小王成了公司篮球队的一员|paraphrase
d|用户领养了一只仓鼠|用户领养了一只兔子|two pets
s|用户领养了一只仓鼠|用户从救助站领养了一只仓鼠|same adoption plus detail
d|用户在学游泳|用户在学滑雪|two courses
d|用户看完了《三体》|用户看完了《活着》|two books
s|用户看完了《三体》|用户已经把《三体》读完了|paraphrase
d|用户去年拔了智齿|用户去年补了蛀牙|two dental visits
d|用户报名了下个月的半程马拉松|用户报名了下个月的英语考试|two registrations
s|用户报名了下个月的半程马拉松|用户报了下个月的半马|abbreviation
s|用户上周搬进了新家|用户上星期搬进了新房子|paraphrase
d|The user signed up for a pottery class|The user signed up for a Spanish class|two courses
s|The user signed up for a pottery class|The user enrolled in a pottery class|synonym
d|Ben adopted a greyhound last year|Ben adopted a parrot last year|two pets
s|Ben adopted a greyhound last year|Last year Ben adopted a retired greyhound|word order plus detail
d|The user went to a Coldplay concert|The user went to a Taylor Swift concert|two concerts
s|The user went to a Coldplay concert|The user saw Coldplay live in concert|paraphrase
d|The user bought a new mattress|The user bought a new sofa|two purchases
d|The user finished reading Dune|The user finished reading Emma|two books
s|The user finished reading Dune|The user has now read all of Dune|paraphrase
d|Mia ran a half marathon in April|Mia ran a 10k in April|two races
s|The user attended a wedding in Rome|The user went to a wedding in Rome|synonym
d|用户参加了 Google I/O|用户参加了 WWDC|two conferences
s|用户买了一台 Switch|用户入手了一台 Nintendo Switch|paraphrase
""",
    "frame_objects": """
d|用户改喝豆浆了|用户改用竖屏显示器了|one frame, unrelated objects
s|用户改喝豆浆了|用户现在早上喝豆浆，不喝牛奶|same switch restated
d|用户喜欢狗|用户喜欢火锅|two unrelated likes
d|用户偏好靠窗的座位|用户偏好靠窗的房间|seat vs room
s|用户偏好靠窗的座位|用户坐飞机喜欢选靠窗的位置|paraphrase
d|用户喜欢红烧肉|用户喜欢红色|food vs colour
d|用户用电纸书看书|用户用电动牙刷刷牙|two devices
s|用户用电纸书看书|用户平时用电纸书阅读|paraphrase
d|用户习惯用左手写字|用户习惯用左手拿筷子|two habits
s|用户习惯用左手写字|用户是左撇子，写字用左手|paraphrase
d|用户爱看足球|用户爱看综艺|two likes
s|用户爱看足球|用户很喜欢看足球比赛|paraphrase
d|用户想学吉他|用户想学日语|two wishes
s|用户想学吉他|用户一直想学弹吉他|paraphrase
d|用户最喜欢的电影是《霸王别姬》|用户最喜欢的歌手是张国荣|favourite film vs singer
s|用户最喜欢的电影是《霸王别姬》|用户最爱的电影是《霸王别姬》|synonym
s|用户最喜欢的电影是《霸王别姬》|用户现在最喜欢的电影变成了《海上钢琴师》|favourite film, new value
d|The user switched to decaf|The user switched to a mechanical pencil|one frame, unrelated objects
s|The user switched to decaf|The user only drinks decaf coffee now|same switch restated
d|The user prefers window seats|The user prefers window shopping to online shopping|seats vs shopping
d|The user loves cats|The user loves crosswords|two likes
d|The user uses a Kindle for reading|The user uses a Fitbit for running|two devices
s|The user uses a Kindle for reading|The user reads on a Kindle|paraphrase
d|The user prefers dark roast|The user prefers dark mode|coffee vs display
s|The user prefers dark roast|The user likes dark-roast coffee best|paraphrase
s|The user's favourite film is Arrival|The user's favourite film is now Past Lives|favourite film, new value
d|The user's favourite film is Arrival|The user's favourite director is Villeneuve|film vs director
s|The user wants to learn the saxophone|The user hopes to take up the saxophone|paraphrase
d|用户喜欢用 Raycast 启动应用|用户喜欢用 Arc 浏览网页|two tools, two uses
s|用户偏好 Arc 浏览器|用户改用 Arc 作为默认浏览器|same slot, same value
""",
    "role_swap": """
d|用户给妹妹买了一台电脑|妹妹给用户买了一台电脑|buyer swapped
s|用户给妹妹买了一台电脑|用户帮妹妹买了台电脑|same roles reworded
d|李雷邀请韩梅梅参加婚礼|韩梅梅邀请李雷参加婚礼|inviter swapped
s|李雷邀请韩梅梅参加婚礼|韩梅梅收到了李雷的婚礼邀请|same roles, other side's view
d|用户在帮同事带孩子|同事在帮用户带孩子|helper swapped
d|用户的儿子比女儿大三岁|用户的女儿比儿子大三岁|order swapped
s|用户的儿子比女儿大三岁|用户的女儿比儿子小三岁|converse, same relation
d|小刘把房子租给了小张|小张把房子租给了小刘|landlord swapped
s|小刘把房子租给了小张|小张租了小刘的房子|same roles, other side's view
d|用户每月给父母打钱|父母每月给用户打钱|payer swapped
s|用户每月给父母打钱|用户每个月都给爸妈转生活费|paraphrase
d|用户是老陈的徒弟|老陈是用户的徒弟|apprentice swapped
s|用户是老陈的徒弟|老陈是用户的师父|converse, same relation
d|用户的猫经常追邻居家的狗|邻居家的狗经常追用户的猫|chaser swapped
d|妻子比用户早下班|用户比妻子早下班|order swapped
s|妻子比用户早下班|用户比妻子晚下班|converse, same relation
s|用户替同事值了周末的班|同事的周末班是用户替的|same roles, other side's view
d|The user sold his old guitar to Sam|Sam sold his old guitar to the user|seller swapped
s|The user sold his old guitar to Sam|Sam bought the user's old guitar|same roles, other side's view
d|Lena is older than her brother Max|Max is older than his sister Lena|order swapped
s|Lena is older than her brother Max|Max is younger than his sister Lena|converse, same relation
d|The user's daughter taught her to knit|The user taught her daughter to knit|teacher swapped
s|The user's daughter taught her to knit|The user learned to knit from her daughter|same roles, other side's view
d|Chris hired Dana as a contractor|Dana hired Chris as a contractor|employer swapped
s|Chris hired Dana as a contractor|Dana was hired by Chris as a contractor|passive voice
d|The user pays Ali for weekly tutoring|Ali pays the user for weekly tutoring|payer swapped
d|The user beat Ken at chess last night|Ken beat the user at chess last night|winner swapped
s|The user beat Ken at chess last night|Ken lost to the user at chess last night|converse, same relation
d|用户帮 Tom 修好了电脑|Tom 帮用户修好了电脑|helper swapped
s|Anna 教用户做提拉米苏|用户跟 Anna 学做提拉米苏|same roles, other side's view
""",
    "numeral": """
s|用户的儿子十个月大|用户的儿子一岁了|age, new value in other units
s|用户有一百多本漫画|用户收藏的漫画已经超过两百本了|count, new number
s|用户的房子九十平米|用户家房子有90平方米|same area, digits
s|用户每天走一万步|用户每天大概走10000步|same count, digits
s|用户的存款有五万|用户的存款涨到了八万|savings, new number
s|用户一周上三天班|用户现在一周上四天班|work days, new number
d|用户一周上三天班|用户一周去三次健身房|work days vs gym visits
d|用户有两个哥哥|用户有两个孩子|brothers vs children
d|用户的房子九十平米|用户的房子首付九十万|area vs down payment
d|用户每天走一万步|用户每月存一万块|steps vs savings
d|用户的猫五岁|用户的猫五公斤|age vs weight
s|用户的猫五公斤|用户的猫胖到六公斤了|weight, new number
d|用户1998年出生|用户1998年第一次坐飞机|birth year vs first flight
s|用户1998年出生|用户是九八年生的|same year in numerals
d|用户排行老二|用户住在二楼|birth order vs floor
s|用户的孩子上三年级|用户的孩子今年读三年级|same grade
d|用户养了半年的鱼|用户养了五条鱼|duration vs count
s|The user has been vegetarian for six years|The user has been vegetarian for seven years now|duration, new number
d|The user has been vegetarian for six years|The user has been running for six years|different durations
s|The user's flight leaves at 7:40|The user's flight now leaves at 9:15|time, new value
d|The user owns two bikes|The user owns two kayaks|bikes vs kayaks
s|The user owns two bikes|The user now owns three bikes|count, new number
s|The user was born in 1990|The user was born in nineteen ninety|same year in words
d|The user was born in 1990|The user moved to Canada in 1990|birth vs move
s|The user is the third of five children|The user is the third child of five|same ordinal
d|The user is the third of five children|The user has five children|siblings vs children
s|The user's rent is 1,200 pounds a month|The user's rent went up to 1,350 pounds a month|rent, new number
d|The user's rent is 1,200 pounds a month|The user's car loan is 1,200 pounds a month|rent vs car loan
d|用户的 MacBook 有 16G 内存|用户的 MacBook 有 16 寸屏幕|memory vs screen size
s|用户的 Go 版本是 1.21|用户的 Go 已经升级到 1.22|version, new number
""",
    "stated_change": """
s|用户在美团做运营|用户离开美团去了拼多多|employer change
d|用户在美团做运营|用户的表哥跳槽去了美团|cousin's job change
s|用户住在南京|用户已经搬去苏州住了|home city change
d|用户住在南京|用户把父母接到了南京|parents moved, not the user
s|用户用的是移动宽带|用户家的宽带换成了电信|broadband change
d|用户用的是移动宽带|用户把手机套餐换成了电信|phone plan, not broadband
s|用户每天骑自行车上班|用户改成坐公交上班了|commute change
d|用户每天骑自行车上班|用户换了一辆更轻的自行车|bike change, not commute
s|用户用的输入法是搜狗|用户改用了微信输入法|input method change
d|用户用的输入法是搜狗|用户把默认浏览器换成了搜狗|browser, not input method
s|用户的头发是黑色的|用户把头发染成了棕色|hair colour change
d|用户的头发是黑色的|用户把车漆成了黑色|car colour, not hair
s|用户在读高三|用户已经考上大学了|school stage change
d|用户在读高三|用户的弟弟升到了高三|brother's grade
s|用户在杭州的一家外企上班|用户现在在上海的一家国企上班|workplace change
s|用户平时用支付宝|用户现在改用微信支付了|payment app change
d|用户平时用支付宝|用户把支付宝头像换了|avatar, not payment app
s|Anna works at a bakery in Leeds|Anna now works at a florist in York|employer change
d|Anna works at a bakery in Leeds|Anna's sister moved to a bakery in Leeds|sister, not Anna
s|The user's phone carrier is Vodafone|The user switched carriers to EE|carrier change
d|The user's phone carrier is Vodafone|The user switched the phone case to a blue one|case, not carrier
s|The user takes the train to work|The user now cycles to work|commute change
d|The user takes the train to work|The user's partner now cycles to work|partner's commute
s|The user's main language at work is Java|The user now codes mostly in Kotlin at work|language change
d|The user's main language at work is Java|The user switched the IDE theme to Darcula|theme, not language
s|The user lives in a flat in Hackney|The user moved into a house in Walthamstow|home change
d|The user lives in a flat in Hackney|The user moved the office to Hackney|office, not home
s|The user uses Spotify for music|The user switched from Spotify to Apple Music|music app change
s|用户的终端是 iTerm2|用户改用 WezTerm 了|terminal change
d|用户的终端是 iTerm2|用户把终端字体换成了 JetBrains Mono|font, not terminal
""",
    "negation": """
s|用户每天吃早饭|用户现在不吃早饭了|negation of the same statement
s|用户养了一条狗|用户的狗送人了，现在不养狗了|negation of the same statement
s|用户在减肥|用户已经不减肥了|negation of the same statement
s|用户对猫毛过敏|用户现在对猫毛不过敏了|negation of the same statement
s|用户不玩游戏|用户最近开始玩游戏了|negative flipped to positive
s|用户不会游泳|用户已经学会游泳了|negative flipped to positive
s|李雷抽烟|李雷戒烟了|quit
s|用户周末上班|用户周末不用上班了|negation of the same statement
d|用户每天吃早饭|用户每天不吃宵夜|negation of a different statement
d|用户在减肥|用户不再熬夜了|negation of a different statement
d|李雷抽烟|李雷不喝酒|negation of a different statement
d|李雷抽烟|韩梅梅不抽烟|another person
d|用户不会游泳|用户不会骑自行车|two inabilities
d|用户对猫毛过敏|用户对狗毛不过敏|cat vs dog hair
d|用户喜欢下雨天|用户不喜欢下雪天|rain vs snow
d|用户喝咖啡加糖|用户喝茶不加糖|coffee vs tea
d|用户周末上班|用户周末不做饭|negation of a different statement
s|The user eats meat|The user has stopped eating meat|stopped
s|Ben plays the drums|Ben doesn't play the drums any more|negation of the same statement
s|The user doesn't drink coffee|The user has started drinking coffee|flipped
s|The user is on a keto diet|The user is no longer on a keto diet|no longer
s|The user has a gym membership|The user cancelled the gym membership|cancelled
d|The user eats meat|The user doesn't eat fish|meat vs fish
d|Ben plays the drums|Ben doesn't play the piano|drums vs piano
d|The user doesn't drink coffee|The user doesn't drink milk|coffee vs milk
d|The user is on a keto diet|The user is not on social media|diet vs social media
d|The user has a gym membership|The user doesn't have a library card|gym vs library
d|The user works weekends|The user doesn't work evenings|weekends vs evenings
s|用户在用 Windows|用户不再用 Windows 了|no longer uses
d|用户在用 Windows|用户不用 Linux|another system
""",
    "containment": """
s|用户在学游泳|用户在学游泳，目前学的是蛙泳|old whole plus detail
s|用户有一辆电动车|用户有一辆电动车，平时用来接孩子|old whole plus use
s|用户喜欢听周杰伦|用户喜欢听周杰伦，最爱《晴天》|old whole plus detail
s|用户每天早上喝咖啡|用户每天早上喝咖啡，一般是拿铁|old whole plus detail
s|用户在考公务员|用户在考公务员，目标是省考|old whole plus goal
s|小王养了一只猫|小王养了一只猫，是只三花|old whole plus detail
s|用户不吃牛肉|用户不吃牛肉，因为信仰原因|old whole plus reason
s|用户在做自媒体|用户在做自媒体，主要拍美食视频|old whole plus detail
d|用户喜欢鱼|用户喜欢鱼香肉丝|fish vs a pork dish
d|用户喜欢花|用户喜欢花生|flowers vs peanuts
d|用户喜欢牛|用户喜欢牛油果|cows vs avocado
d|用户喜欢雪|用户喜欢雪糕|snow vs ice lolly
d|用户喜欢海南|用户喜欢海南鸡饭|Hainan vs a dish
d|用户在上海工作|用户在上海工作的哥哥下个月结婚|the brother who works in Shanghai
d|用户在减肥|用户在减肥药公司上班|dieting vs a job
d|用户喜欢小狗|用户喜欢《小狗钱钱》|puppies vs a book
d|用户养鸡|用户养鸡蛋花|chickens vs a plant
s|The user plays the piano|The user plays the piano, mostly jazz standards|old whole plus detail
s|Ravi has a Vespa|Ravi has a Vespa that he rides to work|old whole plus detail
s|The user is training for a marathon|The user is training for a marathon in October|old whole plus date
s|The user volunteers at a food bank|The user volunteers at a food bank every Saturday morning|old whole plus time
s|The user is allergic to bees|The user is allergic to bees and carries an EpiPen|old whole plus detail
s|The user speaks Portuguese|The user speaks Portuguese with a Brazilian accent|old whole plus detail
d|The user likes Turkey|The user likes turkey sandwiches|the country vs a sandwich
d|The user has a bike|The user has a bike rack on the car|a bike vs a rack
d|The user likes wine|The user likes wine gums|wine vs sweets
d|The user has a horse|The user has a horse-riding lesson on Fridays|a horse vs a lesson
d|The user owns a Jaguar|The user owns a jaguar-print coat|a car vs a coat
s|用户在用 Zed 编辑器|用户在用 Zed 编辑器，主要写 Rust|old whole plus detail
d|用户喜欢 Go|用户喜欢 Google Docs|Go vs Google Docs
""",
    "paraphrase": """
s|用户喜欢安静|用户偏好安静的环境|likes/prefers
s|用户爱吃辣|用户无辣不欢|idiom
s|用户睡眠不好|用户经常失眠|paraphrase
s|用户是个素食者|用户吃素|paraphrase
s|用户周末喜欢宅在家|用户周末一般不出门，喜欢待在家里|paraphrase
s|用户讨厌香菜|用户很不喜欢吃香菜|paraphrase
s|用户在一家创业公司上班|用户在创业公司工作|paraphrase
s|王阿姨喜欢跳广场舞|王阿姨爱跳广场舞|likes/loves
s|用户偏好简洁的回答|用户希望回答简短一点|paraphrase
d|用户喜欢安静|用户的女儿喜欢安静|user vs daughter
d|用户爱吃辣|用户爱吃辣条|spicy food vs a snack
d|用户睡眠不好|用户视力不好|sleep vs eyesight
d|用户周末喜欢宅在家|用户周末喜欢去爬山|home vs hiking
d|用户讨厌香菜|用户讨厌开会|two dislikes
d|用户在一家创业公司上班|用户投资了一家创业公司|works at vs invested in
d|王阿姨喜欢跳广场舞|王阿姨喜欢看广场上的人下棋|dancing vs watching chess
d|用户偏好简洁的回答|用户偏好简洁的装修风格|answers vs decor
s|The user dislikes crowds|The user doesn't like crowded places|paraphrase
s|The user is an early riser|The user usually gets up at dawn|paraphrase
s|The user favours tabs over spaces|The user prefers tabs to spaces|favours/prefers
s|Carla adores opera|Carla loves going to the opera|paraphrase
s|The user wants answers in British English|The user prefers replies in British spelling|paraphrase
d|The user dislikes crowds|The user dislikes cilantro|two dislikes
d|The user is an early riser|The user is an early adopter|habit vs trait
d|The user favours tabs over spaces|The user favours trains over planes|two preferences
d|Carla adores opera|Carla adores Oprah|opera vs Oprah
d|The user wants answers in British English|The user wants lessons in British Sign Language|answers vs lessons
d|The user enjoys cooking Thai food|The user enjoys eating at Thai restaurants|cooking vs eating out
s|用户偏好 VS Code|用户更喜欢用 VS Code|paraphrase
d|用户偏好 VS Code 的深色主题|用户偏好 VS Code 的 Vim 插件|two preferences
""",
    "convention": """
s|项目的变量名用驼峰命名|项目里变量统一采用驼峰式命名|paraphrase
d|项目的变量名用驼峰命名|项目的文件名用驼峰命名|variables vs files
s|项目的接口文档写在维基上|项目接口文档统一放在维基里|paraphrase
d|项目的接口文档写在维基上|项目的会议纪要写在维基上|api docs vs minutes
s|团队每天早上九点半站会|团队的站会改到了每天上午十点|time change
d|团队每天早上九点半站会|团队每天下午五点半对账|two routines
s|项目禁止直接推送到主分支|项目不允许直接往主分支推代码|paraphrase
d|项目禁止直接推送到主分支|项目禁止在周五发布|two rules
s|项目的日志统一用英文|项目日志要求全部写英文|paraphrase
d|项目的日志统一用英文|项目的界面文案统一用英文|logs vs interface text
s|项目每个函数都要写单元测试|项目要求每个函数配单元测试|paraphrase
d|项目每个函数都要写单元测试|项目每个接口都要写文档|tests vs docs
s|设计稿统一放在共享盘|设计稿现在统一放到了新的协作平台|location change
d|后端接口统一返回驼峰字段|前端组件统一用驼峰命名|backend vs frontend
s|项目的代码评审要在两天内完成|代码评审的时限是两个工作日|paraphrase
d|项目的代码评审要在两天内完成|项目的缺陷要在两天内修复|review vs bug fixing
d|后端项目用四个空格缩进|前端项目用两个空格缩进|backend vs frontend
s|The project pins dependencies with a lockfile|Dependencies are pinned in a lockfile|paraphrase
d|The project pins dependencies with a lockfile|The project pins Docker base images by digest|dependencies vs images
s|Feature branches are named feature/<ticket>|Branches for features follow the feature/<ticket> pattern|paraphrase
d|Feature branches are named feature/<ticket>|Release branches are named release/<version>|feature vs release branches
s|The team deploys on Tuesdays|The team moved deploys to Thursdays|schedule change
d|The team deploys on Tuesdays|The team does retros on Tuesdays|deploys vs retros
s|Docstrings follow the Google style|The codebase uses Google-style docstrings|paraphrase
d|Docstrings follow the Google style|Imports follow the Google style guide|docstrings vs imports
s|The service logs in JSON|The service now logs in logfmt|log format change
d|The service logs in JSON|The service's config is in JSON|logs vs config
d|The API uses snake_case field names|The database uses snake_case table names|API vs database
s|项目用 Black 格式化 Python 代码|项目的 Python 格式化工具换成了 Ruff|formatter change
d|项目用 Jest 跑单元测试|项目用 Playwright 跑端到端测试|unit vs end-to-end tests
""",
}

BATCHES: tuple[dict[str, str], ...] = (BATCH_1, BATCH_2)


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
