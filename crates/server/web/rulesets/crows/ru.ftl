# Экраны Crows — сообщения на русском (Fluent), загружаются вместе с i18n/ru.ftl оболочки, когда открывается стол Crows.

none = нет
selected = Выбран
decrease = Уменьшить: { $what }
increase = Увеличить: { $what }
combat = Бой
travel = Путешествие
## Отряд и существа
party = Отряд
no-party = Воронов пока нет.
monsters-npcs = Монстры и неигровые персонажи
others = Остальные за столом
my-crow = Мой ворон
no-character-yet = Рефери ещё не дал вам персонажа. Когда он привяжет персонажа к вам, тот появится здесь.
hidden = скрыт
hidden-hint = Игроки видят только открытую часть этого существа
dead = мёртв
kind = Вид
kind-crow = Ворон
kind-hireling = Наёмник
kind-animal = Животное
kind-monster = Монстр
kind-npc = НИП
char-agility = Ловкость
char-mind = Разум
char-strength = Сила
char-agility-short = ЛОВ
char-mind-short = РАЗ
char-strength-short = СИЛ
characteristic = Характеристика
stamina = Выносливость
armor-defense = Защита доспеха
armor-defense-short = ЗД
wounds = Раны
speed = Скорость
speed-climb = лазание
speed-swim = плавание
speed-fly = полёт
size = Размер
size-tiny = Крошечный
size-small = Маленький
size-medium = Средний
size-large = Большой
size-huge = Огромный
size-holy_shit = Охренеть!
conditions = Состояния
cond-blessed = Благословлён
cond-grabbed = Схвачен
cond-prone = Сбит с ног
cond-vulnerable = Уязвим
cond-unconscious = Без сознания
cond-weakened = Ослаблен
expertises = Применения экспертиз
usage-dice = Кости износа
effects = Эффекты
in-hands = В руках
exp-alchemy = Алхимия
exp-athletics = Атлетика
exp-blacksmithing = Кузнечное дело
exp-enchanting = Зачарование
exp-endurance = Стойкость
exp-gymnastics = Гимнастика
exp-handle_pet = Обращение с питомцами
exp-historical_lore = Знание истории
exp-lift = Подъём тяжестей
exp-magic_lore = Знание магии
exp-monster_lore = Знание монстров
exp-nature_lore = Знание природы
exp-navigate = Ориентирование
exp-pick_lock = Взлом замков
exp-religious_lore = Знание религии
exp-search = Поиск
exp-stealth = Скрытность
exp-thievery = Воровство
exp-alteration = Преобразование
exp-benefaction = Благодеяние
exp-conjuration = Призыв
exp-elemental = Стихии
exp-illusion = Иллюзии
exp-necromancy = Некромантия
exp-bashing = Дробящее
exp-bow = Лук
exp-chopping = Рубящее
exp-slashing = Режущее
exp-stabbing = Колющее
exp-unarmed = Без оружия
## Инвентарь
inventory-of = Инвентарь: { $name }
inventory-hint = Перетащите предмет в слот или выберите его (Enter), а затем слот. Delete — бросить.
inventory-hint-touch = Коснитесь предмета, затем слота, куда его положить; «Бросить на землю» — выбросить.
inventory-readonly = Эти предметы можно смотреть, но не перекладывать.
slot-hand = Слоты рук
slot-belt = Слоты пояса
slot-backpack = Рюкзак
slot-aria = { $kind }: слот { $number }
magic-slots = Слоты магических предметов
magic-Head = Голова
magic-Neck = Шея
magic-Waist = Магический слот: пояс
magic-Arms = Магический слот: руки
magic-Finger = Палец
magic-Feet = Ступни
magic-slot-aria = Слот магического предмета: { $slot }
item-aria = { $name }, { $slots ->
    [one] { $slots } слот
    [few] { $slots } слота
    [many] { $slots } слотов
   *[other] { $slots } слота
}
}
item-held = { $name } в руке: выберите слот
item-released = Положено обратно
drop-to-ground = Бросить на землю
move-refused = Перекладывание отклонено
worn = надет
wound-aria = Рана ({ $kind })
wound-Normal = рана
wound-Starvation = рана от голода
wound-Special = особая рана
place-item = Положить предмет
item-card = Карточка предмета
custom-item = (свой предмет)
item-name = Название
item-slots = Сколько слотов
slot-kind = Вид слота
slot-number = Первый слот
## Проверки
test-for = Проверка: { $name }
edges = Преимущества
banes = Помехи
bonus = Бонус
task = Задача (для повторной попытки)
task-placeholder = вскрыть замок
odds = Точные шансы до броска
odds-plain = Как есть
odds-with-expertise = С экспертизой
odds-aria = 1-я ступень { $t1 }%, 2-я ступень { $t2 }%, 3-я ступень { $t3 }%
tier-n = { $n }-я ступень
crit = Крит!
doom = Рок!
net-none = Ни преимущество, ни помеха не действуют.
net-edge = С преимуществом: +2.
net-double_edge = С двойным преимуществом: на ступень выше.
net-bane = С помехой: −2.
net-double_bane = С двойной помехой: на ступень ниже.
roll-test = Бросить проверку
referee-rolls = Проверки назначает и бросает Рефери; здесь видны шансы, а ниже — результат.
no-test-yet = Проверок ещё не было.
commit-point = Ждёт: экспертиза или принять
test-breakdown = { $characteristic }: на костях { $natural }, { $net } Бонус { $bonus }.
expertise-offer = Экспертиза подняла бы этот результат. Применить?
commit-no-expertise = Принять результат
expertise-spent = применена экспертиза: { $expertise }
## Инструменты Рефери
create-creature = Создать существо
creature-id = Идентификатор (например, vera)
ev-rules-test_rolled = { $creature } бросает проверку: { $characteristic }: { $d1 } и { $d2 }, итог { $total } → { $tier }-я ступень
ev-rules-test_resolved = { $creature }: итог — { $tier }-я ступень ({ $d1 } + { $d2 }, итог { $total })
ev-rules-creature_set = { $id }: { $what }
ev-rules-creature_seen = { $id }: { $what }
ev-rules-creature_changed = { $id }: { $what }
ev-rules-creature_seen_changed = { $id }: { $what }
ev-rules-died = { $id } погибает
ev-rules-pack_loaded = Загружен набор контента: карточек предметов { $items }, карточек существ { $cards }, таблиц { $tables }
ev-rules-house_rules_set = Домашние правила изменены: { $changed }
ev-rules-circumstances_changed = Обстоятельства изменились для { $creature }: { $task }
ev-rules-light_set = Освещение там, где { $creature }, теперь: { $level }
ev-rules-hidden = { $creature } прячется от { $from }
ev-rules-revealed = { $creature } больше не прячется от: { $to }
ev-rules-corpse_carried = Труп ({ $corpse }) подняли и несут
ev-rules-picked_up = С земли подобран предмет
ev-rules-on_ground = На земле остаётся: { $items }
ev-rules-assists_used = { $creature } пользуется оказанной помощью
ev-rules-assist_pending = Помощь от { $helper } ждёт следующей проверки: { $assisted }
what-created = запись создана
what-edited = запись изменена
what-revealed = теперь на виду
what-breathes = снова дышит
combat-map-aria = Боевая сетка, { $count ->
    [one] { $count } отметка
    [few] { $count } отметки
    [many] { $count } отметок
   *[other] { $count } отметки
}
travel-map-aria = Карта гексов, { $count ->
    [one] { $count } отметка
    [few] { $count } отметки
    [many] { $count } отметок
   *[other] { $count } отметки
}
map-data = Все данные этого экрана
referee-actions = Рефери: { $name }
damage = Урон
piercing = пробивающий
deal-damage = Нанести урон
unrevealed-note = Игроки пока не знают об этом существе
reveal-to-players = Показать игрокам
add-condition = Добавить состояние
remove-condition = Снять: { $condition }
light-level = Свет у этого существа
light-bright = Яркий свет
light-dim = Тусклый свет
light-darkness = Темнота
waive-expertise = Экспертиза, которая это решает
waive-task = Что эксперт просто знает или делает
waive-test = Без проверки (эксперт)
ev-rules-test_waived = { $creature } решает задачу «{ $task }» экспертизой «{ $expertise }», без проверки
ev-rules-object_placed = { $name } ({ $size }) в игре
ev-rules-object_damaged = { $id } получает урон { $amount }, осталось Выносливости: { $stamina }
set-light = Задать свет
item-actions = Действия с предметом { $name }
use-item = Применить (кости износа)
light-item = Зажечь
douse-item = Потушить
wear-armor = Надеть доспех
cancel = Отмена
ev-rules-ruled = Решение Рефери для { $creature }: { $option }{ $text ->
    [none] {""}
   *[other] {" "}— { $text }
}
stamina-short = ВЫН
approved-expertises = Экспертизы, которые Рефери разрешает в этой проверке
## Combat controls
combat-grid-aria = Боевая сетка { $width } × { $height }
combat-grid-keys = На сетке: стрелки двигают курсор по клеткам, Enter или пробел выбирают клетку, Escape отменяет выбор.
token-acting = сейчас действует
token-hidden = не видят: { $players }
square = Клетка { $x }, { $y }
obstacle = препятствие
difficult-terrain = труднопроходимая местность
path-step = шаг пути { $n }
combat-allowance = Ещё может действовать: { $cost }
combat-maneuvers = { $count ->
    [one] Остался { $count } манёвр
    [few] Осталось { $count } манёвра
    [many] Осталось { $count } манёвров
   *[other] Осталось { $count } манёвра
}
combat-actions = { $count ->
    [one] Осталось { $count } действие
    [few] Осталось { $count } действия
    [many] Осталось { $count } действий
   *[other] Осталось { $count } действия
}
combat-move-left = { $count ->
    [one] Осталась { $count } клетка передвижения
    [few] Осталось { $count } клетки передвижения
    [many] Осталось { $count } клеток передвижения
   *[other] Осталось { $count } клетки передвижения
}
combat-your-turn = Ваш боевой ход: { $who }
combat-move = Передвижение
combat-attack = Атака
combat-end-turn = Закончить боевой ход
combat-path = Путь: { $path }
combat-path-hint = Щёлкайте по клеткам (или нажимайте Enter), чтобы проложить путь по одной клетке.
combat-path-undo = Убрать последнюю клетку
combat-send-move = Пройти по пути
combat-target = Цель
combat-target-hint = щёлкните по существу на сетке
combat-weapon = Оружие
combat-unarmed = Безоружный удар
combat-natural-attack = { $name } (с карточки)
combat-send-attack = Атаковать цель
combat-ranged = Метнуть (дальняя атака метательным оружием)
combat-guess = Названная клетка
combat-guess-hint = Если цель не видна, назовите клетку, где она, по-вашему, стоит: неверная клетка — промах.
combat-also = Ещё цели того же броска
combat-like = Бьёт как оружие с карты
combat-like-none = (как есть)
combat-place = Поставить существо на сетку
combat-side = Сторона
side-crows = Вороны
side-enemies = Враги
combat-place-submit = Поставить
combat-start = Начать бой
combat-roller = Кто бросает инициативу
combat-initiative = Бросить инициативу
combat-end = Закончить бой
combat-between-rounds = Раунд { $round } окончен: Рефери назначает бросок инициативы на следующий.
combat-not-started = Боя нет.
combat-decision-waiting = { $count ->
    [one] Ваша реакция ждёт ответа
    [few] { $count } реакции ждут вашего ответа
    [many] { $count } реакций ждут вашего ответа
   *[other] { $count } реакции ждут вашего ответа
}
## Dungeon
dungeon = Подземелье
dungeon-outside = Отряд не в подземелье.
dungeon-status = { $dungeon }: ход подземелья { $turn }
rooms-left = { $count ->
    [one] В этом ходу подземелья осталась { $count } комната
    [few] В этом ходу подземелья осталось { $count } комнаты
    [many] В этом ходу подземелья осталось { $count } комнат
   *[other] В этом ходу подземелья осталось { $count } комнаты
}
greed-open = награда за жадность { $percent }%
dungeon-name = Подземелье
dungeon-length = Длина хода подземелья
dungeon-length-minutes = { $minutes ->
    [one] { $minutes } минута
    [few] { $minutes } минуты
    [many] { $minutes } минут
   *[other] { $minutes } минуты
}
dungeon-length-rooms = 1d6 комнат
dungeon-length-manual = вручную
enter-dungeon = Войти в подземелье
room-explored = Комната исследована
loud-noise-what = Что нашумело
loud-noise = Громкий шум
leave-dungeon = Покинуть подземелье
rest-place = Где
rest-place-wilderness = В глуши
rest-place-safe = В безопасном месте
start-rest-party = Начать отдых
finish-rest = Закончить отдых
rest-in-open = Отдых под открытым небом: его завершает день путешествия («Закончить отдых») вместе с проверкой встречи и едой.
dungeon-threshold = Порог встречи: { $threshold }
dungeon-no-checks = Проверок на встречу ещё не было.
dungeon-check-line = Ход подземелья { $turn }: выпало { $face } против порога { $threshold } — { $outcome }
dungeon-rest-check-line = Отдых: выпало { $face } против порога { $threshold } — { $outcome }
encounter-now = встреча прямо сейчас
encounter-referee_schedules = встреча, когда решит Рефери
treasure = сокровище
treasure-what = Сокровище
treasure-value = Базовая ценность
treasure-found = Найдено сокровище
treasure-valuations = Оценка сокровищ
treasure-line = { $what }: база { $base }, награда за жадность +{ $percent }% → { $value } (ход подземелья { $turn })
dungeon-level = Уровень и его встречи
level-crowded = Многолюдно (больше двадцати существ или около того)
level-chaos = Отряд оставил за собой след хаоса
level-modifier = Другой модификатор порога
level-tables = Таблицы встреч (через запятую)
set-dungeon-level = Задать уровень
rest-encounter-check = Проверка на встречу на отдыхе
rest-check-made = Проверка на встречу на отдыхе сделана
rest-check-safe = Безопасное место: на этом отдыхе проверки на встречу нет.
rest-threshold = Порог встреч на отдыхе в этот день
rest-noise = Громкий шум рядом с лагерем
rest-noise-near = Спящие рядом с шумом
rest-nobody-asleep = Никто не спит.
rest-noise-distance = Как далеко (клеток)
interrupt-reason = Почему
interrupt-rest = Прервать отдых
rest-was-interrupted = Последний отдых был прерван
encounter-rules = Правила встреч
rule-cap-at-ten = Порог встречи не выше 10 (на 10 встреча будет всегда)
rule-seclude-lower = «Укрыть лагерь» понижает порог (как в английском тексте), а не повышает
rest-activity-for = Занятие на отдыхе: { $name }
activity-craft = Изготовить снаряжение
activity-harvest = Разделать труп
activity-identify = Опознать предмет
activity-prepare = Подготовиться к задаче
activity-repair_armor = Починить доспех
activity-seclude_camp = Укрыть лагерь
activity-tend_wounds = Обработать раны
activity-other = Другое
activity-param-item = Номер предмета
activity-param-corpse = Труп (id существа)
activity-param-task = Задача
activity-param-target = Чьи раны (id существа)
activity-param-name = Что
choose-activity = Выбрать
## Travel
travel-believed = Отряд считает, что он в ({ $q }, { $r })
travel-true = на самом деле в ({ $q }, { $r })
travel-lost = заблудились
travel-no-day = Дневной переход не идёт.
travel-day-line = День { $day }, темп: { $pace }; пройдено гексов { $moved } из { $hexes }
travel-step = шаг: { $step }
travel-thresholds = порог дорожных встреч { $travel }, на отдыхе { $rest }
travel-move-to = Идти: { $direction }, в ({ $q }, { $r })
dir-north = на север
dir-north_east = на северо-восток
dir-south_east = на юго-восток
dir-south = на юг
dir-south_west = на юго-запад
dir-north_west = на северо-запад
travel-pace = Темп пути
pace-slow = медленный
pace-normal = обычный
pace-fast = быстрый
begin-travel-day = Начать дневной переход
travel-role-tests = Бросить проверки ролей
travel-encounter-check = Проверка на дорожную встречу
travel-rest = Отдых под открытым небом
travel-rest-end = Закончить отдых
end-travel-day = Закончить день пути
declare-role-for = Дорожная роль: { $name }
declare-role = Взять роль
withdraw-role = Отказаться
characteristic-default = по умолчанию для задачи
task-fight_the_miasma = Противостоять Миазме
task-make_camp = Разбить лагерь
task-support_everyone = Помочь всем
task-normal_route = Обычный маршрут
task-safe_route = Безопасный маршрут
task-shortcut = Короткий путь
task-back_on_track = Снова на пути
task-scout_for_danger = Высматривать опасность
task-scout_for_shelter = Искать ночлег
task-treasure_hunt = Искать сокровища
task-forage = Собирать пищу
task-hunt = Охотиться
task-track_creature = Выследить существо
step-pace = выбор темпа
step-roles = роли и их проверки
step-encounter_check = проверка на дорожную встречу
step-explore = исследование места
step-rest = отдых
step-miasma = бросок против Миазмы
step-next_day = день окончен
## Combat log
ev-rules-fight_started = Бой начинается. Вороны: { $crows }; враги: { $enemies }; застигнуты врасплох: { $surprised }
ev-rules-round_started = Начинается раунд { $round }: на d10 { $d10 }, первыми ходят { $first ->
    [crows] Вороны
   *[enemies] враги
}
ev-rules-turn_began = Боевой ход: { $creature }
ev-rules-turn_ended = { $creature } заканчивает боевой ход
ev-rules-attack_made = { $attacker } атакует { $target }{ $also ->
    [none] {""}
   *[other] {" "}и { $also } одним броском
} ({ $weapon }{ $kind ->
    [opportunity] , атака по возможности
    [counter] , контрудар
    [stray] , шальной выстрел
   *[attack] {""}
})
ev-rules-attack_resolved = { $hit ->
    [true] { $attacker } попадает по { $target }: { $tier }-я ступень, урон { $damage }
   *[false] { $attacker } промахивается по { $target }: { $tier }-я ступень
}{ $effect ->
    [none] {""}
   *[other] , { $effect }
}{ $crit ->
    [true] {" "}— крит!
   *[false] {""}
}{ $doom ->
    [true] {" "}— рок!
   *[false] {""}
}
ev-rules-fight_ended = Бой окончен
ev-rules-moved = { $creature } перемещается с { $from } на { $to } ({ $cost ->
    [one] { $cost } клетка
    [few] { $cost } клетки
   *[other] { $cost } клеток
}{ $movement ->
    [shift] , шаг
   *[other] {""}
})
ev-rules-placed = { $creature } на боевой карте: клетка { $at }, { $side ->
    [crows] на стороне Воронов
   *[enemies] на стороне врагов
}{ $flying ->
    [true] , в полёте
   *[false] {""}
}
ev-rules-budget_set = { $creature }: осталось действий { $actions }, манёвров { $maneuvers }, движения { $squares } кл.
encounter-nothing = встречи нет
encounter-immediate = встреча прямо сейчас
encounter-sign = знак приближающейся встречи сейчас, встреча в ход подземелья { $turn }
# editors and town
## Combat: more actions
combat-more = Другие действия (захват, отбросить, прыжок, насмешка…)
act-command = Действие
act-who = Кто
act-send = { $command }: отправить
act-choose = — выберите —
act-clear = Очистить
act-none-yet = пока ничего
act-pick-on-grid = Выбрать на сетке
act-picking = Щёлкните по сетке: { $what }
act-hand-n = рука { $n }
act-no-items = там ничего нет
act-shift = Шаг
act-jump = Прыжок
act-stand_up = Встать
act-grab = Захват
act-escape_grab = Вырваться
act-reposition_grabbed = Переместить схваченного
act-knockback = Отбросить
act-taunt = Насмешка
act-ready = Подготовить действие
act-fire_readied = Выполнить подготовленное
act-command_pet = Приказ питомцу
act-draw_from_pack = Достать из рюкзака
act-draw_from_belt = Достать с пояса
act-pick_up_item = Поднять предмет
act-dump_pack = Вытряхнуть рюкзак
act-order_side = Порядок стороны
act-free_act = Свободное или пустяковое действие
act-force_move = Принудительное перемещение (толчок, смещение)
act-teleport = Телепортация
act-topple = Опрокинуть предмет
act-flyer_falls = Летун падает
act-unplace = Убрать с сетки
act-shift-hint = Манёвр: одна клетка, не входя в труднопроходимую местность и не выходя из неё; реакций не вызывает.
act-jump-hint = В пределах передвижения: проверка Ловкости или Силы решает, как далеко; выберите клетку приземления.
act-stand_up-hint = Манёвр для лежащего существа со скоростью 1 и больше.
act-grab-hint = Манёвр с проверкой Силы против существа в досягаемости; щёлкните по нему на сетке.
act-escape_grab-hint = Манёвр с проверкой Ловкости или Силы, чтобы освободиться из захвата.
act-reposition_grabbed-hint = Манёвр: существо, которое вы держите, переходит на свободную клетку в пределах досягаемости захвата.
act-knockback-hint = Манёвр с проверкой Силы: щёлкните по цели, затем по клеткам, по которым её толкают (1 или 2).
act-taunt-hint = Действие: существо в пределах 10 клеток и линии воздействия получает помеху на атаки не по насмешнику.
act-ready-hint = Действие: назовите его и условие; выполните потом кнопкой «Выполнить подготовленное».
act-fire_readied-hint = Тратит реакцию: подготовленное можно сделать сейчас.
act-command_pet-hint = Манёвр: питомец действует в этот боевой ход; опасный приказ требует проверки Разума.
act-draw_from_pack-hint = Манёвр: бросок 1d10, чтобы достать предмет из рюкзака в руку.
act-draw_from_belt-hint = Манёвр: предмет с пояса в руку.
act-pick_up_item-hint = Манёвр: предмет с земли (номер из журнала) в руку.
act-dump_pack-hint = Манёвр: выбранные предметы из рюкзака падают на землю.
act-order_side-hint = Щёлкните по существам стороны в том порядке, в каком они ходят в следующем раунде.
act-free_act-hint = Рефери решает, чего стоит действие.
act-force_move-hint = Щёлкните по пути, по которому существо толкают или смещают; «кем» — кто его двигает.
act-teleport-hint = Выберите клетку назначения и дальность эффекта.
act-topple-hint = Размер предмета и существа, на которых он падает (щёлкните по ним).
act-flyer_falls-hint = Летящее существо, лежащее или со скоростью 0, падает с этой высоты в футах.
act-unplace-hint = Существо уходит с боевой сетки.
act-field-to = Клетка
act-field-characteristic = Характеристика
act-field-target = Цель
act-field-push = Толкнуть по
act-field-act = Вид
act-field-name = Что сделать
act-field-trigger = Условие
act-field-pet = Питомец
act-field-dangerous = Опасный приказ
act-field-item = Предмет
act-field-hand = Куда
act-field-choice = Предметы в руках
act-field-ground = Номер предмета на земле
act-field-items = Предметы
act-field-side = Сторона
act-field-order = Порядок
act-field-cost = Цена
act-field-what = Что
act-field-by = Кем
act-field-kind = Вид
act-field-distance = Дальность (клеток)
act-field-path = Путь
act-field-magic = Магия
act-field-vertical = Вертикально
act-field-altitude = Высота (клеток)
act-field-object = Размер предмета
act-field-onto = Падает на
act-field-feet = Футов
act-opt-characteristic-agility = Ловкость
act-opt-characteristic-strength = Сила
act-opt-act-action = действие
act-opt-act-maneuver = манёвр
act-opt-choice-Swap = переложить в освободившиеся слоты
act-opt-choice-DropHands = бросить их
act-opt-side-crows = Вороны
act-opt-side-enemies = Враги
act-opt-cost-free = бесплатно
act-opt-cost-maneuver = манёвр
act-opt-cost-action = действие
act-opt-kind-push = толчок
act-opt-kind-slide = смещение
act-opt-object-tiny = крошечный
act-opt-object-small = маленький
act-opt-object-medium = средний
act-opt-object-large = большой
act-opt-object-huge = огромный
act-opt-object-holy_shit = охренеть какой
## Combat: the map editor
grid-edit = Редактировать боевую карту
grid-edit-hint = Выберите кисть и щёлкайте по клеткам; повторный мазок той же кистью убирает признак. Ничего не меняется, пока вы не отправите карту.
grid-brush = Кисть
grid-size = Размер
grid-send = Отправить карту ({ $count ->
    [one] { $count } клетка
    [few] { $count } клетки
    [many] { $count } клеток
   *[other] { $count } клетки
})
grid-cancel = Отменить
brush-open = открытая местность
brush-solid = сплошное препятствие
brush-flimsy = хлипкое препятствие
brush-difficult = труднопроходимая местность
brush-elevation = высота
brush-water = вода
brush-submerging = глубокая вода
brush-climb_wall = лазание (стена)
brush-climb_ceiling = лазание (потолок)
brush-hazard = опасность
brush-light = лёгкая завеса
brush-heavy = плотная завеса
brush-drop = обрыв
brush-drop-feet = Обрыв (футов)
cell-obstacle-solid = сплошное препятствие
cell-obstacle-flimsy = хлипкое препятствие
cell-water = вода
cell-submerging = глубокая вода
cell-climb-wall = лазание (стена)
cell-climb-ceiling = лазание (потолок)
cell-hazard-named = опасность: { $hazard }
cell-concealment-light = лёгкая завеса
cell-concealment-heavy = плотная завеса
cell-drop-named = { $feet ->
    [one] обрыв { $feet } фут
    [few] обрыв { $feet } фута
    [many] обрыв { $feet } футов
   *[other] обрыв { $feet } фута
}
cell-elevation-named = высота { $elevation }
## Travel: the map editor
hex-edit = Редактировать карту путешествия
hex-edit-hint = Выберите инструмент и щёлкайте по гексам. Закрашенные и стёртые гексы отправляются вместе; места, отряд и истинное положение задаются сразу.
hex-editor-aria = Редактор карты путешествия, { $count ->
    [one] { $count } гекс
    [few] { $count } гекса
    [many] { $count } гексов
   *[other] { $count } гекса
}
hex-tool = Инструмент
hex-tool-paint = закрасить местность
hex-tool-erase = стереть
hex-tool-site = место
hex-tool-party = поставить отряд
hex-tool-true = истинное положение
hex-terrain = Местность
hex-road = дорога
hex-river = река
hex-in_miasma = в Миазме
hex-shown = видно игрокам
hex-empty = пусто
hex-hidden = скрыт от игроков
hex-send = Отправить карту ({ $count ->
    [one] { $count } гекс
    [few] { $count } гекса
    [many] { $count } гексов
   *[other] { $count } гекса
})
hex-discard = Отменить изменения
hex-edit-done = Закрыть редактор
site-editor = Подземелья и точки интереса
site-name = Название
site-id = Id
site-kind = Вид
site-kind-dungeon = подземелье
site-kind-landmark = ориентир
site-kind-obstacle = преграда
site-known = известно игрокам
site-notes = Заметки
site-pick-hex = щёлкните по гексу инструментом «место»
site-needs-hex = сначала выберите гекс места на карте (инструмент «место»)
site-submit = Сохранить место
site-secret = тайное
remove = убрать
party-editor = Кто в пути
party-submit = Задать отряд
road-encounter = Добавить дорожную встречу
arrive-site = Место
arrive-at-site = Исследовать место
leave-site = Покинуть место
travel-found = Путь найден благодаря
travel-found-go = Отряд знает, где он
found-map = карте
found-landmark = ориентиру
found-directions = подсказке
travel-hours = Часов вне подземелья
travel-hours-go = Прошло время
## Town
town = Город
town-outside = Отряд не в городе.
town-status = В городе, день { $day }
town-rules = Каждое занятие длится { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
} игрового времени; не больше { $max } в день, по одному.
enter-town = Войти в город
leave-town = Покинуть город
pass-time = Игровое время
pass-time-go = Прошло время
minutes-n = { $count ->
    [one] { $count } минута
    [few] { $count } минуты
    [many] { $count } минут
   *[other] { $count } минуты
}
}
town-started = { $count } из { $max } сегодня
town-doing = { $what }: { $minutes } из { $total ->
    [one] { $total } минуты
    [few] { $total } минут
    [many] { $total } минут
   *[other] { $total } минуты
}
town-progress = Занятие: { $name }
town-cancel = Прервать занятие
town-start-for = Занятие в городе: { $name }
town-start = Начать
town-craft-what = Что изготовить
town-sleep-hours = Сон (часов)
town-sleep = { $count ->
    [one] Записать сон
    [few] Записать сон ({ $count })
    [many] Записать сон ({ $count })
   *[other] Записать сон ({ $count })
}
## Log lines
ev-rules-grid_set = Боевая карта изменилась
ev-rules-taunted = { $taunter } насмехается над { $target }
ev-rules-town_entered = Отряд входит в город
ev-rules-town_left = Отряд покидает город
ev-rules-town_activity_started = { $creature } начинает занятие в городе: { $activity }
ev-rules-town_activity_done = { $creature } заканчивает занятие в городе
ev-rules-town_activity_cancelled = { $creature } прерывает занятие в городе
ev-rules-town_slept = { $creature } спит { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
}
ev-rules-outside_time_passed = { $minutes ->
    [one] Прошла { $minutes } минута
    [few] Прошли { $minutes } минуты
    [many] Прошло { $minutes } минут
   *[other] Прошло { $minutes } минуты
}
# cards and character requests
print-cards = Печать карточек
print-cards-of = Карточки предметов: { $name }
print-cards-hint = Карточки печатаются в размер карты: предмет на 1 слот стоит вертикально, на 2 слота и больше лежит горизонтально. На листе — руки, пояс и рюкзак двумя рядами по пять.
print-now = Печать
print-close = Закрыть
print-no-items = Нечего печатать.
card-slots = { $slots ->
    [one] { $slots } слот
    [few] { $slots } слота
    [many] { $slots } слотов
   *[other] { $slots } слота
}
}
card-worn-on = надет: { $slot }
card-usage = Кости износа
card-light = Свет
card-magic = магический
card-notes = Заметки
card-notes-placeholder = магические эффекты, число предметов в стопке, что угодно
card-edit = Карточка: { $name }
card-save = Сохранить карточку
card-saved = Карточка «{ $name }» сохранена
what-item_card = карточка предмета изменена
what-ancestry = народ указан
request-hint = У вас пока нет ворона за этим столом. Опишите, какого хотите; Рефери одобрит или откажет.
request-name = Имя ворона
request-ancestry = Народ (только внешность)
request-ancestry-placeholder = человек
request-characteristics-hint = Новый ворон начинает с каждой характеристикой от −1 до +2.
request-send = Отправить Рефери
request-pending = Ваш запрос на персонажа { $name } ждёт решения Рефери.
request-refused = Рефери отказал в персонаже { $name }.
request-refused-reason = Причина: { $reason }
request-player = Игрок
request-referee-hint = Одобрение создаст этого ворона и отдаст его игроку { $player }; при отказе напишите причину ниже.
ev-rules-character_request_refused = Рефери отклоняет ворона { $name } игрока { $player }{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
# rest sleep
rest-sleep-one = { $name }: сон { $hours } ч из 4 — спать
rest-sleep-all = Все спят 4 часа
ev-rules-flyer_fell = { $creature } падает с высоты { $feet ->
    [one] { $feet } фут
    [few] { $feet } фута
    [many] { $feet } футов
   *[other] { $feet } фута
} ({ $why ->
    [prone] сбит с ног
    [speed_0] скорость упала до 0
   *[referee] решение Рефери
})
ev-rules-rest_not_counted = Отдых не засчитан для: { $creatures } (меньше 4 часов сна)
ev-rules-treasure_valued = Сокровище: { $what }, базовая ценность { $base }, награда за жадность +{ $percent }% — ценность { $value }
ev-rules-rest_interrupted = Отдых прерван
ev-rules-rest_interrupted-why = Отдых прерван: { $reason }
ev-rules-rest_encounter_checked = Проверка на встречу на отдыхе: выпало { $face } против порога { $threshold } — { $outcome }
ev-rules-rest_woke = Проснулись: { $creatures }
ev-rules-dungeon_judged = Уровень оценён: многолюдно { $level_crowded }, след хаоса { $level_chaos_trail }, другой модификатор порога { $threshold_modifier }
ev-rules-encounter_rules_set = Правила встреч: порог не выше 10 { $options_cap_at_ten }; «Укрыть лагерь» { $options_seclude_camp ->
    [lower] понижает
   *[raise] повышает
} порог
creature-card = Карточка бестиария
creature-by-hand = Нет: вручную
creature-name = Имя
creature-card-facts = С карточки: Выносливость { $stamina }, Защита доспеха { $ad }, атаки: { $attacks }
ancestry = Происхождение (ярлык, без правил)
expertises-field = Экспертизы
expertise-pick = Какую экспертизу добавить
expertise-uses = Применений
expertise-add = Добавить
expertise-remove = Убрать: { $expertise }
edit-creature = Имя, происхождение и экспертизы
save-changes = Сохранить изменения
circumstances-changed = Обстоятельства изменились: разрешить «{ $task }» снова
call-test = Пусть бросает: { $players }
swap-items = Поменять местами: { $a } и { $b }
err-slot_taken = { $kind ->
    [hand] Ячейка руки
    [belt] Ячейка пояса
   *[backpack] Ячейка рюкзака
} { $number } уже занята{ $occupant_item_name ->
    [none] {""}
   *[other] : { $occupant_item_name }
}
err-bad_name = Имя существа: длина от 1 до { $max }, без управляющих символов
err-retry_refused = { $creature }: «{ $task }» уже проверено ({ $tier }-я ступень); повторить можно, когда Рефери решит, что обстоятельства изменились
ev-rules-creature_unseen = { $name }: больше не видно
## Решения: вопросы (`dec-<kind>`, точки вида — дефисы) и варианты (`opt-…`), с аргументами
## решения (`args`); см. js/log.js `decisionPrompt` и `optionLabel`.
dec-crows-tier_1_setback = Проверка: { $creature } — итог { $tier }-я ступень{ $crit ->
    [true] , крит
   *[false] {""}
}{ $doom ->
    [true] , рок
   *[false] {""}
}. Будет ли неудача?
dec-crows-tier_2_outcome = Проверка: { $creature } — итог { $tier }-я ступень. Частичный успех или успех с издержками?
dec-crows-crit_benefit = { $creature }: крит ({ $tier }-я ступень). Какая выгода?
dec-crows-doom_setback = { $creature }: рок ({ $tier }-я ступень). Что пойдёт совсем не так?
dec-crows-certain_death = Рефери предупреждает: «{ $task }» наверняка убьёт персонажа { $creature }. Всё равно действовать?
dec-crows-expertise = { $creature }: { $tier }-я ступень. Применить экспертизу ({ $tier_with }-я ступень) или оставить { $tier_without }-ю?
opt-crows-expertise-commit = Оставить { $tier_without }-ю ступень
opt-crows-expertise-spend = Применить: { $expertise } (→ { $tier }-я ступень, осталось { $uses })
opt-no_setback = Без неудачи
opt-setback = Неудача
opt-partial_success = Частичный успех
opt-success_at_cost = Успех с издержками
opt-benefit = Выгода
opt-harm_source = Навредить тому, кто вынудил бросок
opt-ally_automatic_tier3 = Союзник с тем же броском получает 3-ю ступень
opt-serious_setback = Серьёзная неудача
opt-extra_damage1d10 = Ещё 1d10 урона
opt-proceed_anyway = Всё равно действовать
opt-abandon = Отказаться
dec-crows-knock_out = У существа { $creature } 0 Выносливости: оглушить вместо убийства?
opt-crows-knock_out-knock_out = Оглушить (Выносливость 1, без сознания)
opt-crows-knock_out-kill = Смерть
dec-crows-wound_slot = { $creature }: ячейка рюкзака для раны (осталось разместить: { $remaining })
opt-crows-wound_slot-slot = Ячейка рюкзака { $n }
dec-crows-armor_order = Удар по существу { $creature }: какой предмет первым теряет Защиту доспеха?
dec-crows-square_guess = { $creature } называет клетку ({ $x }, { $y }) для цели { $target }, которую не видно ({ $why }). Цель движется бесшумно, и клетка верна?
opt-crows-square_guess-attack = Клетка верна: бросок атаки
opt-crows-square_guess-automatic_miss = Клетка неверна: промах
opt-crows-square_guess-not_needed = Движется не бесшумно: обычная атака
dec-crows-core-character_request = Игрок { $player } просит персонажа { $name } (Ловкость { $agility }, Разум { $mind }, Сила { $strength }, Выносливость { $stamina })
opt-crows-core-character_request-approve = Одобрить
opt-crows-core-character_request-refuse = Отказать
dec-crows-combat-initiative = Бросок 1d10 за инициативу стороны ({ $roller }): на 6 и больше вороны действуют первыми
opt-crows-combat-initiative-roll = Бросить 1d10
dec-crows-combat-opportunity_attack = { $mover } выходит из досягаемости существа { $watcher }: провоцированная атака?
dec-crows-combat-counter = Против существа { $counterer } у существа { $triggerer } 1-я ступень: контратаковать с результатом { $tier }-й ступени оружия?
dec-crows-combat-grab_choice = Захват ({ $grabber }) — 2-я ступень: отбросить { $target } на 1 клетку или сделать бесплатный Шаг?
dec-crows-combat-escape_square = { $creature } вырывается: 1 клетка, не провоцируя атак
opt-weapon = Оружием: { $name }
opt-pass = Пропустить
opt-push = Отбросить { $target } на ({ $x }, { $y })
opt-shift = Шаг на ({ $x }, { $y })
opt-crows-combat-escape_square-shift = Перейти на ({ $x }, { $y })
dec-crows-combat-break_free = { $creature } может вырваться из захвата ({ $grabber }), но тот может контратаковать
opt-crows-combat-break_free-break_free = Вырваться
opt-crows-combat-break_free-stay = Остаться в захвате
dec-crows-combat-topple_anyway = { $creature } может всё равно опрокинуть предмет и получить 1d6 колющего урона
opt-crows-combat-topple_anyway-topple = Опрокинуть и получить 1d6 колющего
opt-crows-combat-topple_anyway-leave = Оставить стоять
dec-crows-combat-stray_shot = Промах ({ $attacker }): выстрел случайно попадает в одного из этих союзников, { $tier }-я ступень
opt-crows-combat-stray_shot-any = Попадание: { $option }
dec-crows-combat-unseen_blocker = Движение ({ $mover }) остановлено на ({ $x }, { $y }): мешает { $blocker } (игроку не видно). Оставить скрытым или показать?
opt-crows-combat-unseen_blocker-unseen = Оставить скрытым
opt-crows-combat-unseen_blocker-reveal = Показать тому, кто движется
dec-crows-combat-movement_test = { $creature }: плыть или лезть без нужной скорости, клеток: { $squares }{ $ceiling ->
    [true] , среди них потолок (проверка нужна)
   *[false] {""}
}. Нужна ли проверка?
opt-crows-combat-movement_test-no_test = Без проверки
opt-crows-combat-movement_test-agility = Проверка Ловкости
opt-crows-combat-movement_test-strength = Проверка Силы
dec-crows-combat-pet_command = Приказ питомцу { $pet } ({ $owner }){ $has_order ->
    [true] : «{ $order }»
   *[false] {""}
}{ $dangerous ->
    [true] {" "}(игрок считает его опасным)
   *[false] {""}
}. Может ли питомец это сделать и нужна ли проверка Разума хозяина?
opt-crows-combat-pet_command-ordinary = Слушается: обычный приказ, без проверки
opt-crows-combat-pet_command-attack_monster = Слушается: атака опасного существа, без проверки
opt-crows-combat-pet_command-complex_or_dangerous = Сложный или опасный: проверка Разума хозяина
opt-crows-combat-pet_command-cannot = Питомец не может: ничего не делает
dec-crows-combat-thrown_lands = Куда упало брошенное оружие ({ $weapon })? Сейчас оно на ({ $x }, { $y }), в клетке цели, если в тексте не указана другая клетка (x,y)
opt-crows-combat-thrown_lands-target_square = Где лежит: клетка цели
opt-crows-combat-thrown_lands-square = Клетка из текста
dec-crows-explore-task = { $creature } готовится к занятию «{ $task }»: нужна ли проверка и знаком ли персонаж с этим на деле?
opt-crows-explore-task-approve = Одобрено
opt-crows-explore-task-refuse = Выбрать другое занятие
dec-crows-explore-remove_wound = { $creature }: какую рану убрать (осталось выбрать: { $remaining })
opt-crows-explore-remove_wound-slot = Рана в ячейке рюкзака { $n }
dec-crows-explore-sign = Приближается встреча: опишите знак, который игроки замечают сейчас
opt-crows-explore-sign-sign = Дать знак
dec-crows-explore-encounter_moment = Обещанная знаком встреча случится в ход подземелья { $due_turn }: ответьте, когда это произойдёт
opt-crows-explore-encounter_moment-now = Происходит сейчас
dec-crows-explore-encounter_table = Здесь живут разные чудовища: выберите таблицу встреч
dec-crows-travel-track_allowed = { $creature } хочет выследить: { $quarry }. Может ли оно быть на сегодняшнем пути?
opt-crows-travel-track_allowed-allow = Да: проверка делается
opt-crows-travel-track_allowed-refuse = Нет: выбрать другую задачу или роль
dec-crows-travel-choice = { $creature }: задача «{ $task }» — { $tier }-я ступень. Выберите одно
opt-crows-travel-choice-first = { $choice ->
    [rest_threshold_or_crafting] { $first } к порогу встреч на отдыхе этой ночью
   *[other] { $first } гекс сегодня
}
opt-crows-travel-choice-second = { $choice ->
    [rest_threshold_or_crafting] { $second } к броскам изготовления в этом лагере этой ночью
   *[other] { $second } к порогу дорожных встреч сегодня
}
dec-crows-travel-finds = Поиск сокровищ ({ $creature }): бросок по таблице интересных находок ({ $finds }), запишите находку
opt-noted = Записано
dec-crows-travel-meet_creature = { $creature } выслеживает: { $quarry }. Решите, когда и где сегодня отряд встретит его
dec-crows-travel-encounter = { $during_rest ->
    [true] Встреча на отдыхе
   *[false] Дорожная встреча
} ({ $terrain }): бросок по таблице встреч местности, и скажите, когда она случится
opt-crows-travel-encounter-now = Сейчас
opt-crows-travel-encounter-later = Позже сегодня
opt-crows-travel-encounter-later_with_sign = Позже сегодня, после знака
dec-crows-travel-site_reached = Отряд добрался до места «{ $site }»: исследовать ходами подземелья или пройти мимо?
opt-crows-travel-site_reached-explore = Исследовать (ходы подземелья)
opt-crows-travel-site_reached-go_around = Обойти препятствие
opt-crows-travel-site_reached-ignore = Пройти мимо
dec-crows-travel-miasma_choice = { $creature } противостоит Миазме на 3-й ступени: выберите одно
opt-crows-travel-miasma_choice-clear_cruelty = Сбросить все уровни жестокости
opt-crows-travel-miasma_choice-raise = Поднять результат ({ $option }) на ступень
dec-crows-travel-miasma_expertise = { $creature } получает недостающую экспертизу, пока Миазма держит персонажа
dec-crows-magic-hot_temper = { $caster }: был ли вред другому существу в этот ход подземелья? Если нет — урон
opt-crows-magic-hot_temper-harmed = Да, был
opt-crows-magic-hot_temper-not_harmed = Нет
dec-crows-magic-harmful_activation = { $caster } случайно активирует предмет: опишите вред
opt-crows-magic-harmful_activation-harm = Вред описан
dec-crows-called_test = Рефери просит проверку: { $creature }, { $characteristic ->
    [agility] Ловкость
    [mind] Разум
   *[strength] Сила
}{ $has_task ->
    [true] {" "}— «{ $task }»
   *[false] {""}
} (преимуществ { $edges }, помех { $banes }, бонус { $bonus })
opt-crows-called_test-roll = ⚄ Бросить проверку
opt-crows-called_test-cancel = Не бросать
dec-crows-magic-backlash_overlap = { $reason ->
    [overlap] Итог отдачи { $total } ({ $caster }) подходит под две строки: выберите одну
   *[no_row] Ни один бросок отдачи не дал строки, применимой к { $caster }: выберите одну
}
dec-crows-magic-backlash_area = Отдача, строка { $row } ({ $caster }): перечислите существ в пределах { $squares } клеток от { $around_target ->
    [true] цели заклинания ({ $targets })
   *[false] заклинателя
} — идентификаторы через запятую
opt-crows-magic-backlash_area-apply = Применить к заклинателю и этим существам
dec-crows-magic-backlash_call = Отдача, строка { $row } ({ $caster }): решение Рефери
## Подписи бросков (`roll-<label>`, см. js/log.js `rollLabel`)
roll-encounter-check = Проверка встречи
roll-rest-encounter-check = Проверка встречи на отдыхе
roll-encounter-table = Таблица встреч { $detail }
roll-lost-party = Отряд заблудился ({ $detail })
roll-usage-dice = Кости износа: { $detail }
roll-spellbook-usage-dice = Кости износа книги заклинаний
roll-vulnerable = Уязвим
roll-fall-damage = Урон от падения
roll-rations-destroyed = Уничтоженные пайки
roll-rations-found = Найденные пайки
roll-pushed-squares = Клеток отбрасывания
roll-teleport-squares = Клеток телепортации
roll-hostile-creatures = Враждебные существа
roll-backlash-wounds = Раны от отдачи
roll-stray-shot = Шальной выстрел: нечётное — попадание в союзника
boundary-custom-rest_halfway = середина отдыха

## Log lines for every event (issue 23)
## Строки журнала для каждого события: аргументы — поля события и то, что добавляет таблица
## `LINES` в rulesets/crows/log.js (имена вместо id, коды словами, число элементов списков).
# core
ev-rules-assist_turn_passed = Боевой ход окончен: помощь, оказанная в бою, стареет
ev-rules-positioned = { $at ->
    [none] Где стоит { $creature }, больше не известно
   *[other] { $creature }: теперь на клетке { $at }
}
ev-rules-light_placed = На клетке { $at } оставлен источник света: яркий свет на { $bright } кл., тусклый ещё на { $dim } кл.
ev-rules-light_removed = Источник света убран с карты
ev-rules-ambient_light_set = Освещение вокруг теперь: { $level }
ev-rules-assist_charged = { $helper } тратит { $cost ->
    [maneuver] манёвр
   *[action] действие
} на помощь: { $assisted } (раунд { $round })
ev-rules-square_guessed = { $attacker } угадывает клетку, где { $target }: { $square }
ev-rules-guess_ruled = { $outcome ->
    [attack] { $attacker }: клетка угадана верно, атака по { $target } бросается
    [automatic_miss] { $attacker }: клетка не та, атака по { $target } — промах
   *[other] { $target } не крадётся бесшумно: { $attacker } атакует как обычно
}
# house rules: the setting a change names (`house-<section>-<key>`)
house-options-wound_placement = куда можно поместить рану
house-options-damage_carry_over = перенос лишнего урона
house-options-armor_defense_sources = что даёт Защиту доспеха
house-options-prone_after_waking = сбит с ног после пробуждения
house-options-vulnerable_extra_matches_type = тип урона кости уязвимости
house-options-backpack_rows = ряды рюкзака
house-options-corpse_slots = ячейки для трупа
house-options-stand_up_ignores_prone_halving = вставание и уполовинивание скорости лёжа
house-options-rest_halfway_douses_items = свет гаснет на середине отдыха
house-options-clamp_negative_results = результаты не ниже 0
house-options-suffocation_piercing = урон от удушья пробивающий
house-options-flat_speed_changes_first = порядок изменений скорости
house-options-holy_shit_corpse_slots = ячейки для самых больших трупов
house-options-holy_shit_campfire = свет самого большого костра
house-options-breath_rounds_base = раунды задержки дыхания
house-options-object_rules_affect_attended = правила предметов для того, что в руках
house-test_rules-shift_order = порядок сдвигов ступени
house-test_rules-automatic_tier_beats_doom = автоматическая ступень против рока
house-assist_lapse = какие модификаторы помощи пропадают
house-dungeon_turn_minutes = длина хода подземелья
# combat
ev-rules-unplaced = { $creature }: больше не на боевой карте
ev-rules-side_ordered = Порядок боевых ходов { $side ->
    [crows] Воронов
   *[enemies] врагов
}: { $order }
ev-rules-combatant_removed = { $creature } выходит из боя
ev-rules-allowance_set = { $cost ->
    [none] { $creature }: лишнее действие израсходовано
    [maneuver] { $creature } может совершить манёвр вне своего боевого хода
    [action] { $creature } может совершить действие вне своего боевого хода
   *[other] { $creature } может совершить свободное действие вне своего боевого хода
}
ev-rules-reaction_used = { $creature } тратит реакцию раунда { $round }: { $kind ->
    [counter] контрудар
    [opportunity_attack] атака по возможности
    [readied] подготовленное действие
   *[other] { $name }
}
ev-rules-opportunity_declined = { $watcher } отпускает { $mover } без атаки по возможности
ev-rules-readied_set = { $act ->
    [none] У { $creature } больше нет подготовленного действия
    [maneuver] { $creature } готовит манёвр ({ $what }) на случай: { $trigger }
   *[action] { $creature } готовит действие ({ $what }) на случай: { $trigger }
}
weapon-unarmed_strike = безоружный удар
ev-rules-ground_at = Предмет лежит на земле на клетке ({ $at_x }, { $at_y })
ev-rules-pet_commanded = { $owner } отдаёт команду: { $pet }
ev-rules-toppled = { $creature } опрокидывает предмет (размер: { $size }) на { $onto }
# dungeon
ev-rules-dungeon_entered = Отряд входит в подземелье «{ $dungeon }»: { $length ->
    [minutes] ход подземелья длится { $minutes } мин. реального времени
    [rooms] один ход подземелья на каждую исследованную комнату
   *[manual] каждый ход подземелья завершает Рефери
}{ $greed ->
    [true] ; награды за жадность доступны
   *[false] {""}
}
ev-rules-dungeon_left = Отряд покидает подземелье «{ $dungeon }»
ev-rules-dungeon_turn_paused = Ход подземелья на паузе
ev-rules-dungeon_turn_resumed = Ход подземелья продолжается
ev-rules-rooms_rolled = В этом подземелье { $rooms ->
    [one] { $rooms } комната
    [few] { $rooms } комнаты
    [many] { $rooms } комнат
   *[other] { $rooms } комнат
}
ev-rules-room_marked = Исследовано комнат: { $explored } из { $rooms }
ev-rules-encounter_checked = Проверка на встречу { $reason ->
    [loud_action] после шумного действия ({ $loud })
    [dungeon_rest] на отдыхе
   *[end_of_turn] в конце хода подземелья { $turn }
}: выпало { $face } против порога { $threshold } — { $outcome }
ev-rules-encounter_sign = Знак того, что грядёт: { $text }
ev-rules-encounter_table = Таблица встреч «{ $table }»{ $roll ->
    [none] {""}
   *[other] : выпало { $roll } — { $result }
}
ev-rules-encounter_happened = Наступает встреча, назначенная на ход подземелья { $due_turn }
ev-rules-encounter_overdue = Встреча, назначенная на ход подземелья { $due_turn }, ещё не наступила
ev-rules-rest_started = Отряд отдыхает{ $place ->
    [in_miasma] {" "}в Миазме
   *[ordinary] {""}
}: { $party }; голодают: { $hungry }
ev-rules-rest_midpoint = Половина отдыха позади: { $count ->
    [0] ни один эффект не закончился
    [one] закончился { $count } эффект
    [few] закончились { $count } эффекта
    [many] закончились { $count } эффектов
   *[other] закончились { $count } эффектов
}
ev-rules-rest_asleep = Сон на { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часов
}: { $creatures }
ev-rules-rest_activity_chosen = { $creature }: занятие на отдыхе — { $activity }
ev-rules-task_ruled = { $approved ->
    [true] Рефери одобряет занятие на отдыхе: { $creature }
   *[false] Рефери не одобряет занятие на отдыхе: { $creature }
}
ev-rules-rest_finishing = Отдых заканчивается; снять ран: { $picks }; без пользы от отдыха: { $unrested }
ev-rules-wound_picked = { $creature } снимает рану из ячейки { $slot }
ev-rules-rest_finished = Отдых окончен: { $party }
ev-rules-activity_resolved = { $outcome }
ev-rules-town_new_day = В городе наступает новый день
ev-rules-town_worked = { $creature } работает { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
    [many] { $minutes } минут
   *[other] { $minutes } минут
}
ev-rules-town_picks_opened = { $creature } спит под присмотром: можно снять { $needed ->
    [one] { $needed } рану
    [few] { $needed } раны
    [many] { $needed } ран
   *[other] { $needed } ран
}
ev-rules-town_tended = { $creature }: { $count ->
    [0] ни одна рана не снята
   *[other] сняты раны, ячейки: { $list }
}
rest-act-craft = изготовление снаряжения ({ $item })
rest-act-harvest = разделка трупа: { $corpse } ({ $size })
rest-act-identify = опознание предмета
rest-act-prepare = подготовка к задаче «{ $task }»
rest-act-repair_armor = починка доспеха
rest-act-seclude_camp = укрытие лагеря
rest-act-tend_wounds = обработка ран: { $target }
rest-act-other = { $name }
rest-out-crafting_roll_due = { $character } делает бросок ремесла ({ $item })
rest-out-harvested = { $character } разделывает труп ({ $corpse }): { $parts ->
    [one] { $parts } часть
    [few] { $parts } части
    [many] { $parts } частей
   *[other] { $parts } частей
}
rest-out-properties_learned = { $character } опознаёт свойства предмета
rest-out-prepared = { $character }: подготовка к задаче «{ $task }» (+{ $bonus })
rest-out-armor_repaired = { $character } чинит доспех: Защита доспеха { $defense }
rest-out-camp_secluded = { $character } укрывает лагерь
rest-out-wounds_tended = { $character } обрабатывает раны: { $target }
rest-out-other = { $character }: «{ $name }» — готово
# magic
ev-rules-cast_begun = { $caster } начинает творить заклинание «{ $spell }» (ранг { $rank }), цели: { $targets }
ev-rules-cast_resolved = { $result ->
    [backlash] { $caster } творит «{ $spell }»: отдача ранга { $rank }
   *[spell] { $caster } творит «{ $spell }»: { $tier }-я ступень{ $crit ->
        [true] , крит
       *[false] {""}
    }
}
ev-rules-spell_started = Заклинание «{ $spell }» ({ $caster }) действует на { $targets } ({ $duration ->
    [dungeon_turn] до конца хода подземелья
    [usage_dice] пока не иссякнут кости износа
   *[instant] мгновенно
})
ev-rules-spell_dice_rolled = Брошены кости износа заклинания{ $spell ->
    [none] {""}
   *[other] {" "}«{ $spell }»
}: осталось { $remaining }
ev-rules-spell_ended = Заклинание{ $spell ->
    [none] {""}
   *[other] {" "}«{ $spell }»
} закончилось: { $why }
spell-end-ended_early_by_its_caster = заклинатель прекратил его
spell-end-its_caster_died = заклинатель погиб
spell-end-its_duration_ran_out = его время вышло
ev-rules-backlash_rolled = { $caster } бросает на отдачу: d100 { $d100 } + ранг { $rank } = { $total }
ev-rules-backlash_applied = Отдача { $row } настигает { $caster }{ $stacks ->
    [1] {""}
   *[other] {" "}(×{ $stacks })
}: { $note }
ev-rules-backlashes_set = { $caster }: { $count ->
    [0] действующих отдач нет
    [one] действует { $count } отдача
    [few] действуют { $count } отдачи
    [many] действуют { $count } отдач
   *[other] действуют { $count } отдач
}
ev-rules-lost_forever = { $creature } исчезает навсегда
ev-rules-pet_set = { $creature } теперь служит: { $summoner }
ev-rules-project_set = Ремесленный замысел ({ $owner }): { $item }, очков { $points } из { $goal }, готово { $finished }
ev-rules-craft_queued = { $crafter } сделает бросок ремесла в конце отдыха
ev-rules-craft_rolled = Бросок ремесла ({ $crafter }): итог { $total }, очков { $points }{ $finished ->
    [0] {""}
   *[other] ; готово: { $finished }
}
ev-rules-rest_activities_done = Занятия на отдыхе выполнены
ev-rules-magic_item_set = Рефери отмечает магический предмет у { $holder } (скрытых свойств: { $hidden })
ev-rules-magic_item_sensed = От чего-то, что несёт { $holder }, веет магией
ev-rules-identify_queued = { $creature } изучит предмет в конце отдыха
ev-rules-identified = { $creature } узнаёт о предмете { $method ->
    [rest_activity] за время отдыха
    [ask_npc] от знающего человека
    [experiment] опытным путём
   *[test] проверкой
}: { $properties }{ $complete ->
    [true] {" "}— теперь известно всё
   *[false] {""}
}
ev-rules-identify_tried = { $creature } пытается разобраться в предмете: { $result ->
    [harmful_activation] предмет срабатывает сам собой!
    [nothing_learned] ничего не удалось узнать
   *[all_learned] известно всё
}
ev-rules-called = Решение Рефери для { $creature } ({ $call }): { $option }{ $text ->
    [none] {""}
   *[other] {" "}— { $text }
}
call-slugs = отдача: рвота слизнями
call-npc_reveals = что рассказал знающий
call-opt-vomits_slugs = извергает слизней
call-opt-acts = действует как обычно
# travel
ev-rules-travel_options_set = Правила путешествия: у каждой роли своя задача — { $options_distinct_tasks }
ev-rules-hexes_set = Карта гексов изменилась: { $count ->
    [one] { $count } гекс
    [few] { $count } гекса
    [many] { $count } гексов
   *[other] { $count } гексов
}
ev-rules-hexes_removed = С карты убрано гексов: { $count }
ev-rules-site_set = Место на карте: «{ $name }» ({ $kind ->
    [dungeon] подземелье
    [landmark] ориентир
   *[obstacle] преграда
}), гекс { $hex }{ $known ->
    [true] {""}
   *[false] , тайное
}
ev-rules-site_seen = Место на карте: «{ $name }» ({ $kind ->
    [dungeon] подземелье
    [landmark] ориентир
   *[obstacle] преграда
}), гекс { $hex }
ev-rules-site_removed = Место убрано с карты
ev-rules-party_set = Отряд в пути: { $members }
ev-rules-position_set = { $lost ->
    [true] Отряд сбился с пути: на деле в гексе { $hex }, а думает, что в { $believed } ({ $why })
   *[false] Отряд в гексе { $hex } ({ $why })
}
ev-rules-position_seen = { $lost ->
    [true] Отряд думает, что находится в гексе { $hex } ({ $why })
   *[false] Отряд в гексе { $hex } ({ $why })
}
why-placed = поставлен на карту
why-moved = переход
why-the_referee_moved_the_party = его переместил Рефери
why-lost_the_guide_s_route_went_wrong = проводник завёл не туда
why-found_by_back_on_track = путь найден: «Снова на пути»
why-found_by_map = путь найден по карте
why-found_by_landmark = путь найден по ориентиру
why-found_by_directions = дорогу подсказали
ev-rules-day_begun = Начинается день пути { $number }, темп: { $pace }
ev-rules-role_declared = { $creature } берёт роль: { $task } ({ $characteristic }){ $quarry ->
    [none] {""}
   *[other] , цель выслеживания — { $quarry }
}
ev-rules-role_withdrawn = { $creature } отказывается от роли
ev-rules-track_ruled = { $allowed ->
    [true] Рефери разрешает выслеживание: { $creature }
   *[false] Рефери решает: { $creature } сегодня не может выследить это существо
}
ev-rules-assist_declared = { $helper } поможет: { $holder } ({ $characteristic })
ev-rules-role_tests_started = Начинаются проверки ролей: { $creatures }
ev-rules-travel_test_started = Проверка: { $creature }
ev-rules-assist_made = { $helper } помогает: { $holder }
ev-rules-role_resolved = { $creature }, роль «{ $task }»: { $tier }-я ступень
ev-rules-choice_made = { $creature } делает выбор: { $option }
choice-first = первый из двух вариантов
choice-second = второй из двух вариантов
ev-rules-support_given = { $by } поддерживает: { $to } (+{ $bonus })
ev-rules-miasma_edge_given = { $by } даёт против Миазмы: { $to } — { $edge }
edge-none = ничего
edge-edge = преимущество
edge-double_edge = двойное преимущество
edge-bane = помеха
edge-double_bane = двойная помеха
ev-rules-rewarded = { $creature }, итог роли: { $effect }
effect-travel_threshold = порог путешествия { $sign }{ $n }
effect-rest_threshold = порог отдыха { $sign }{ $n }
effect-hexes = { $sign }{ $n } гекс. за день
effect-lost = отряд сбивается с пути
effect-still_lost = отряд всё ещё блуждает
effect-found = отряд находит дорогу
effect-choose = выбор из двух вариантов
effect-miasma_edge = { $edge } против Миазмы
effect-role_test_bonus = { $sign }{ $n } к проверкам ролей
effect-referee_rolls_finds = интересная находка, её бросает Рефери
effect-rations = пайки
effect-large_animal_hide = шкура крупного зверя
effect-meet_creature = встреча с выслеживаемым существом
ev-rules-roles_done = Роли отыграны: сегодня { $hexes ->
    [one] { $hexes } гекс
    [few] { $hexes } гекса
    [many] { $hexes } гексов
   *[other] { $hexes } гексов
}, порог путешествия { $travel_threshold }, порог отдыха { $rest_threshold }
ev-rules-road_checked = { $during_rest ->
    [true] Проверка на встречу на отдыхе
   *[false] Проверка на дорожную встречу
}: выпало { $d10 } против порога { $threshold } — { $encounter ->
    [true] встреча
   *[false] встречи нет
}
ev-rules-encounter_ruled = Рефери назначает встречу: { $timing }{ $text ->
    [none] {""}
   *[other] {" "}— { $text }
}
ev-rules-hex_left = Отряд идёт дальше: за сегодня пройдено { $hexes_moved ->
    [one] { $hexes_moved } гекс
    [few] { $hexes_moved } гекса
    [many] { $hexes_moved } гексов
   *[other] { $hexes_moved } гексов
}
ev-rules-site_ruled = У места: { $choice }
ev-rules-site_entered = Отряд входит: «{ $name }» ({ $kind ->
    [dungeon] подземелье
    [landmark] ориентир
   *[obstacle] преграда
}), порог { $threshold }
ev-rules-site_left = Отряд покидает место и продолжает путь
ev-rules-rest_begun = Отряд отдыхает под открытым небом{ $in_miasma ->
    [true] {" "}в Миазме
   *[false] {""}
}, порог { $threshold }
ev-rules-rest_snapshot = Рефери запоминает использования экспертиз отряда в начале отдыха
ev-rules-meals_eaten = { $creature } съедает { $rations ->
    [0] ничего
    [one] { $rations } паёк
    [few] { $rations } пайка
    [many] { $rations } пайков
   *[other] { $rations } пайков
}
ev-rules-travel_rest_interrupted = Отдых под открытым небом прерван
ev-rules-rest_denied = { $creature } не может отдыхать ({ $rule })
ev-rules-miasma_round_started = Миазма давит: сопротивляются { $rollers }
ev-rules-miasma_rolled = { $creature } сопротивляется Миазме: { $tier }-я ступень
ev-rules-miasma_choice_asked = Лучше всех устоявшие выбирают награду
ev-rules-miasma_choice = { $pick ->
    [clear_cruelty] { $creature } сбрасывает всю жестокость
   *[raise] { $creature } повышает результат { $target } на ступень
}
ev-rules-miasma_set = { $creature } в Миазме: жестокость { $cruelty }, эффекты: { $rows }; выпало сейчас: { $rolled }
miasma-row-despondent = уныние
miasma-row-ravenous = ненасытность
miasma-row-rage = ярость
miasma-row-liar = лживость
miasma-row-lazy = лень
miasma-row-violent = жестокость к другим
miasma-row-turned = обращение
ev-rules-expertise_granted = { $expertise ->
    [none] { $creature } теряет экспертизу, данную Миазмой
   *[other] Миазма даёт экспертизу: { $creature } — { $expertise }
}
ev-rules-miasma_round_done = Раунд Миазмы окончен
ev-rules-step_set = День пути: { $step }
ev-rules-day_ended = День пути { $number } окончен
ev-rules-hours_passed = Снаружи { $hours ->
    [one] прошёл { $hours } час
    [few] прошло { $hours } часа
    [many] прошло { $hours } часов
   *[other] прошло { $hours } часов
}
# what changed in a creature's record (`what-<words joined by _>`, see log.js `creatureLine`)
what-backlash = отдача { $low }–{ $high }
what-backlash-resistance = отдача { $low }–{ $high }: бросок сопротивления, { $tier }-я ступень{ $move ->
    [0] {""}
   *[other] ; может переместиться на { $move } кл.
}{ $held ->
    [true] ; пока существо схвачено, оно получает 1d6 пробивающего урона в конце каждого раунда
   *[other] {""}
}
what-backlash-call = отдача: решение Рефери — { $call }
backlash-call-hand_slot = какую руку она забирает
backlash-call-treasure = какое сокровище она забирает
backlash-call-recipient = кто получает предмет
backlash-call-weapon = каким оружием становится рука
what-damaged = { $known ->
    [false] получает урон
   *[true] урон { $total }
}{ $stamina ->
    [0] {""}
   *[other] , потеря Выносливости { $stamina }
}{ $wounds ->
    [0] {""}
   *[other] , ран к размещению: { $wounds }
}{ $died ->
    [true] {" "}— гибель
   *[false] {""}
}
what-item_placed = { $item ->
    [none] предмет занимает ячейку
   *[other] теперь при себе: { $item }
}
what-items_moved = перекладывает предметы
what-item_used = { $item ->
    [none] использует предмет
   *[other] использует предмет: { $item }
}
what-an_item_appeared = { $item ->
    [none] получает предмет
   *[other] получает предмет: { $item }
}
what-picked_up = { $item ->
    [none] подбирает предмет
   *[other] подбирает предмет: { $item }
}
what-corpse_picked_up = поднимает труп
what-backpack_dumped = сбрасывает рюкзак
what-condition_added = { $condition ->
    [none] новое состояние
   *[other] состояние: { $condition }
}
what-condition_removed = { $condition ->
    [none] состояние прошло
   *[other] больше нет состояния: { $condition }
}
what-effect_added = начинает действовать эффект
what-wound_placed = рана в ячейке { $slot }
what-end_of_the_dungeon_turn = конец хода подземелья{ $ended ->
    [none] {""}
   *[other] ; закончилось: { $ended }
}
what-end_of_the_day = конец дня
what-middle_of_the_rest = половина отдыха позади
what-ate_a_ration = съедает паёк
what-asleep = засыпает
what-rested = отдых пошёл на пользу
what-rest_full_stamina_wounds_removed = отдых возвращает всю Выносливость и снимает раны
what-the_rest_is_over = просыпается: отдых окончен
what-the_rest_was_interrupted = просыпается: отдых прерван
what-woken_by_a_loud_noise = просыпается от громкого шума
what-the_rest_gave_nothing = отдых ничего не дал
what-could_not_rest = отдохнуть не удалось
what-no_expertise_uses_back_from_this_rest = этот отдых не возвращает использований экспертиз
what-restored = восстановление
what-expertise_spent = тратит использование экспертизы
what-expertise_spent_on_crafting = тратит использование экспертизы на ремесло
what-spellbook_used = пользуется книгой заклинаний
what-materials_used = тратит материалы на ремесло
what-armor_worn = надевает доспех
what-armor_taken_off = снимает доспех
what-armor_repaired = доспех починен
what-magic_item_worn = надевает магический предмет
what-magic_item_taken_off = снимает магический предмет
what-lit = зажигает свет
what-doused = гасит свет
what-refuelled = заправляет светильник
what-attack_used_up = атака израсходована
what-stood_up = встаёт
what-grabbed = попадает в захват
what-grab_ended = захват окончен
what-freed_by_a_death = освобождение: схвативший погиб
what-fell_unharmed = падает без вреда
what-teleport = телепортация
what-knock_out_ruled = Рефери решает: без сознания, а не гибель
what-rule_exceptions_ruled = Рефери решает об исключениях из правил
what-backlash_wounds = раны от отдачи
what-next_damage = следующий урон изменён
what-tentacle_cut_away = щупальце отрублено
what-weakened_by_the_command = ослабление от команды
what-without_air = без воздуха
what-wounds_tended_in_town = раны обработаны в городе

## Refusals
## Every refusal the Crows ruleset gives, in words: js/log.js `refusalText` tries
## `err-<code>-<reason>`, then `err-<source>-<reason>`, then `err-<code>`.
err-slot_taken-occupied = { err-slot_taken }
## Причины отказов чистых правил: `err-<source>-<reason>` (js/log.js `refusalText`), с фактами
## отказа в аргументах; правило клиент добавляет один раз в конце.
-err-slot-kind = { $kind ->
    [hand] слот руки
    [belt] слот пояса
   *[backpack] слот рюкзака
}
-err-magic-slot = { $slot ->
    [Head] «Голова»
    [Neck] «Шея»
    [Waist] «Пояс»
    [Arms] «Руки»
    [Finger] «Палец»
   *[Feet] «Ступни»
}
-err-characteristic = { $c ->
    [agility] Ловкость
    [mind] Разум
   *[strength] Сила
}
-err-expertise = { $e ->
    [alchemy] Алхимия
    [athletics] Атлетика
    [blacksmithing] Кузнечное дело
    [enchanting] Зачарование
    [endurance] Стойкость
    [gymnastics] Гимнастика
    [handle_pet] Обращение с питомцами
    [historical_lore] Знание истории
    [lift] Подъём тяжестей
    [magic_lore] Знание магии
    [monster_lore] Знание монстров
    [nature_lore] Знание природы
    [navigate] Ориентирование
    [pick_lock] Взлом замков
    [religious_lore] Знание религии
    [search] Поиск
    [stealth] Скрытность
    [thievery] Воровство
    [alteration] Преобразование
    [benefaction] Благодеяние
    [conjuration] Призыв
    [elemental] Стихии
    [illusion] Иллюзии
    [necromancy] Некромантия
    [bashing] Дробящее
    [bow] Лук
    [chopping] Рубящее
    [slashing] Режущее
    [stabbing] Колющее
   *[unarmed] Без оружия
}
err-inventory-no_such_slot = Нет такого слота: { -err-slot-kind(kind: $kind) } { $number }
err-inventory-slot_count_mismatch = { $item } занимает слотов: { $needed }, а указано: { $given }
err-inventory-mixed_slot_kinds = Предмет на несколько слотов лежит в слотах одного вида
err-inventory-not_consecutive = Предмет на несколько слотов лежит в соседних слотах
err-inventory-spans_backpack_rows = За этим столом рюкзак — два ряда по пять: предмет не может лежать сразу в обоих рядах
err-inventory-occupied = Уже занят: { -err-slot-kind(kind: $slot_kind) } { $slot_number }
err-inventory-stack_in_hand = В руке держат один предмет, а не стопку
err-inventory-stack_kind_mismatch = В стопке предметы одного вида: здесь { $existing }, а не { $new }
err-inventory-stack_full = Стопка в слоте ({ -err-slot-kind(kind: $slot_kind) } { $slot_number }) полна: предел { $limit }
err-inventory-wound_fills_slot = В слоте ({ -err-slot-kind(kind: $slot_kind) } { $slot_number }) рана: за этим столом такой слот занят
err-inventory-corpse_outside_backpack = За этим столом труп носят только в слотах рюкзака
err-inventory-unknown_item = Такого предмета здесь нет
err-inventory-duplicate_item = Такой номер предмета уже занят
err-inventory-too_big_for_hands = { $item }: нужно слотов рук — { $needed }, а есть — { $hands }
err-inventory-not_equipped = { $value }: предмет нужно держать в руке, чтобы им пользоваться
err-inventory-combat_move_not_allowed = В боевых раундах перекладывают только между слотами рук и пояса, и это манёвр
err-inventory-use_draw_from_backpack = В боевых раундах из рюкзака достают броском 1d10
err-inventory-bad_d10 = Предмет из рюкзака достают броском d10: грани { $value } у него нет
err-inventory-not_in_backpack = { $value }: этого предмета нет в рюкзаке
err-inventory-not_backpack_rearrangement = После неудачного броска можно переложить только предметы рюкзака
err-inventory-not_magic = { $value }: это не магический предмет
err-inventory-wrong_magic_slot = { $item }: его место — магический слот { -err-magic-slot(slot: $required) }, а не { -err-magic-slot(slot: $given) }
err-inventory-magic_slot_overloaded = В магическом слоте { -err-magic-slot(slot: $value) } больше одного предмета: отдых невозможен, пока это так
err-inventory-not_armor = { $value }: это не доспех, который надевают (щиты держат в руке, а не надевают)
err-inventory-armor_not_in_backpack = Надетый доспех лежит в слотах рюкзака
err-inventory-armor_change_in_combat = Доспех надевают только вне боевых раундов
err-inventory-no_such_backpack_slot = Раны кладут в слоты рюкзака, а слота рюкзака { $value } нет
err-inventory-already_wounded = В слоте рюкзака { $value } уже есть рана
err-inventory-wound_needs_empty_slot = За этим столом рана ложится в пустой слот, а в слоте рюкзака { $value } лежит предмет
err-inventory-no_wound = В слоте рюкзака { $value } нет раны
err-inventory-bad_d6 = На d6 выпадает от 1 до 6, а не { $value }
err-fight-face = У d{ $sides } нет грани { $face }
err-fight-duplicate_creature = Одно и то же существо указано дважды
err-fight-unknown_creature = Это существо не участвует в бою
err-fight-no_participants = В бою нужен хотя бы один участник
err-fight-bad_order = Порядок боевых ходов { $side ->
    [crows] стороны воронов
   *[enemies] стороны противников
} должен называть каждое её действующее существо ровно один раз
err-fight-round_not_over = Раунд не окончен: у { $value } ещё не было боевого хода
err-fight-no_round = Раунд ещё не начался
err-fight-not_your_turn = Сейчас боевой ход другого существа, а чужой боевой ход не прерывают
err-fight-no_maneuver_left = В этом боевом ходу манёвров не осталось (боевой ход — манёвр и действие или два манёвра)
err-fight-no_action_left = В этом боевом ходу действий не осталось (боевой ход — манёвр и действие или два манёвра)
err-fight-move_exhausted = Для перемещения нужно клеток: { $wanted }, а в этом боевом ходу осталось: { $left }
err-fight-reaction_spent = Реакция этого раунда уже потрачена
err-fight-unconscious_cannot_react = Существо без сознания не реагирует
err-fight-surprised_cannot_react = За этим столом застигнутое врасплох существо не реагирует
err-fight-no_counter = Контратака здесь невозможна
err-fight-no_opportunity_attack = Провоцированная атака здесь невозможна
err-fight-not_in_hand = Атакуют оружием или книгой заклинаний, которые держат в руке
err-fight-wrong_delivery = Этим оружием нельзя { $value ->
    [melee] атаковать в ближнем бою
    [ranged] совершать дальнюю атаку
    [thrown] атаковать броском
   *[other] так атаковать
}
err-fight-out_of_reach = До цели клеток: { $distance }, а досягаемость — { $reach }
err-fight-spell_out_of_range = До цели клеток: { $distance }, а дальность заклинания — { $range }
err-fight-targeted_twice = Одна атака не может дважды выбрать одно и то же существо целью
err-fight-no_targets = Атаке нужна цель
err-fight-not_a_miss = Это не промах
err-fight-parity_die_needed = Рядом с целью стоят союзники: кого задело, решает кость чётности
err-fight-target_too_large = Цель должна быть не больше атакующего
err-fight-target_not_in_reach = Цель должна быть в пределах досягаемости
err-fight-already_holding = Схватить можно только одно существо за раз
err-fight-not_grabbed = Вырваться может только схваченное существо
err-fight-not_prone = Встать может только существо, сбитое с ног
err-fight-speed_too_low = Чтобы встать, нужна скорость не меньше 1
err-fight-hands_full = Не хватает свободных слотов рук: свободно { $free }, нужно { $needed }
err-fight-taunt_too_far = До существа клеток: { $distance }, а насмешка достаёт на 10
err-fight-taunt_no_line_of_effect = Для насмешки нужна линия эффекта до существа
err-fight-pet_already_commanded = Этому питомцу уже отдали команду в этом раунде
err-combat-not_adjacent = Перемещаются по одной клетке: ({ $to_x }, { $to_y }) не рядом с ({ $from_x }, { $from_y })
err-combat-obstacle = В клетке ({ $value_x }, { $value_y }) препятствие
err-combat-exceeds_speed = Путь стоит клеток перемещения: { $cost }, а скорость — { $speed }
err-combat-shift_is_one_square = Шаг — это ровно одна клетка
err-combat-shift_in_difficult_terrain = Шаг не начинают в труднопроходимой местности и не заходят в неё
err-combat-shift_cannot_jump = Шаг не может быть прыжком
err-combat-jump_from_difficult_terrain = Из труднопроходимой местности не прыгают
err-combat-jump_too_far = Прыжок: в длину { $distance }, в высоту { $height }; проверка позволяет в длину { $long }, в высоту { $high }
err-combat-ends_in_occupied_space = Перемещение закончилось бы там, где стоит другое существо
err-combat-unknown_mover = Перемещающегося существа нет на боевой сетке
err-combat-forced_too_far = Принудительное перемещение на клеток: { $moved }, а эффект позволяет: { $allowed }
err-combat-push_not_straight = Толчок идёт по одной прямой
err-combat-push_not_away = Каждая клетка толчка уводит цель дальше от толкающего
err-combat-forced_into_occupied = Принудительное перемещение не ставит цель туда, где существо или предмет (клетка { $value_x }, { $value_y })
err-combat-target_too_large = Обычный эффект не перемещает принудительно существо крупнее того, кто его двигает
err-combat-slope_too_steep = Между ({ $from_x }, { $from_y }) и ({ $to_x }, { $to_y }) перепад больше одной клетки: так можно только при вертикальном перемещении
err-combat-face = У d{ $sides } нет грани { $face }
err-combat-dice_count = Ожидалось костей: { $expected }, указано: { $got }
err-combat-topple_needs_no_test = Предмет меньше существа опрокидывают манёвром, без проверки
err-combat-topple_needs_tools = Предмет на три размера крупнее и больше одной силой не опрокинуть
err-combat-teleport_too_far = Телепортация на клеток: { $distance }, а эффект позволяет: { $allowed }
err-combat-teleport_no_line_of_effect = Для телепортации нужна линия эффекта до места назначения (а для другого существа — и до места, где оно стоит)
err-combat-teleport_into_occupied = Телепортация не заканчивается там, где существо или предмет (клетка { $value_x }, { $value_y })
err-combat-not_vertical = Оставить цель в воздухе может только вертикальное принудительное перемещение
err-combat-no_guess_needed = Угадывать клетку незачем: цель не под плотной завесой или не движется бесшумно
err-rest-too_short = Отдыху нужно минут подряд: { $needed }, прошло: { $had }
err-rest-too_little_sleep = Отдыху нужно минут сна: { $needed }; { $who } — сон { $had } мин
err-rest-not_enough_food = { $who }: съедено пайков { $had } из { $needed }, нужных для отдыха
err-rest-interrupted = Отдых прерван, его придётся начать заново
err-rest-cannot_rest = { $who } не может отдыхать: { $why }
err-rest-wrong_wound_count = { $who }: убрать ран нужно { $needed }, выбрано { $chosen }
err-rest-duplicate_wound = Слот рюкзака { $value } выбран дважды
err-rest-not_a_spellbook = Этот предмет — не книга заклинаний с костями износа при себе
err-rest-no_encounters_here = Здесь встреч не бывает, поэтому проверки на встречу нет
err-rest-halfway_done = Середина этого отдыха уже прошла
err-rest-dead = { $value }: существо мертво
err-spell-bad_rank = Ранг заклинания — от 0 до 5, а не { $value }
err-spell-no_usage_dice = У книги заклинаний есть хотя бы одна кость износа
err-spell-not_in_hand = Чтобы сотворить заклинание, книгу держат в руке
err-spell-empty_book = Костей износа у книги не осталось: её заклинание не сотворить
err-spell-out_of_combat_only = Это заклинание творят только вне боевых раундов
err-spell-chaos_roll_needed = Сотворению с 1-й ступенью без рока нужен d6 хаоса
err-spell-no_chaos_roll = У этого сотворения нет броска хаоса
err-spell-bad_chaos_face = Бросок хаоса — это d6: грани { $value } у него нет
err-spell-crit_skips_usage_dice = При крите кости износа книги не бросают: грани не нужны
err-spell-target = Цели не подходят к карточке заклинания
err-spell-range = Дальность или область не подходят к карточке заклинания
err-condition-grab_without_grabber = Состоянию «Схвачен» нужен схвативший и досягаемость его хватки
err-condition-not_prone = Встать может только существо, сбитое с ног
err-condition-too_slow_to_stand = Чтобы встать, нужна скорость не меньше 1 (сейчас { $value })
err-condition-unconscious = Существо без сознания не совершает манёвров
err-group-no_allies = Групповой проверке нужны лидер и хотя бы один союзник
err-group-leader_is_helper = { $value } не может быть в групповой проверке и лидером, и помощником
err-group-duplicate_helper = { $value } помогает в групповой проверке только один раз
err-expertise-not_known = У существа нет экспертизы «{ -err-expertise(e: $value) }»
err-expertise-no_uses_left = У экспертизы «{ -err-expertise(e: $value) }» не осталось применений до следующего отдыха
err-expertise-rejected_by_referee = Рефери не разрешает экспертизу «{ -err-expertise(e: $value) }» в этой проверке
err-backlash-bad_d100 = На d100 выпадает от 1 до 100, а не { $value }
err-backlash-bad_rank = Ранг заклинания — от 0 до 5, а не { $value }
err-backlash-out_of_table = Таблица отдачи идёт от 1 до 105, а не { $value }
err-backlash-unknown_row = Строки отдачи { $value } нет
err-dice-d10_face_out_of_range = На d10 выпадает от 1 до 10, а не { $value }
err-dice-odd_die = Для броска чётности нужна кость с чётным числом граней, а не d{ $value }
err-dice-face_out_of_range = На d{ $sides } выпадает от 1 до { $sides }, а не { $face }
err-hide-observed = { $observer } следит за существом { $hider }: спрятаться можно, только пока никто не смотрит
err-test-face_out_of_range = На d10 выпадает от 1 до 10, а не { $value }
err-test-characteristic_out_of_range = Характеристика — от −5 до 5, а не { $value }
err-test-characteristic_not_offered = { -err-characteristic(c: $chosen) } — не из характеристик, которые позволяет эта проверка
err-test-invalid_tier = Ступень — 1, 2 или 3, а не { $value }
err-test-conflicting_automatic_tiers = Два модификатора задают одной проверке разные ступени
err-test-expertise_on_doom = Экспертиза не отменяет рок
err-test-expertise_changes_nothing = Экспертиза ничего не изменит: уже 3-я ступень или итог задан
err-test-expertise_not_applicable = Экспертизу «{ -err-expertise(e: $expertise) }» нельзя применить к этой проверке
err-craft-not_crafting = «{ -err-expertise(e: $value) }» — не экспертиза для крафта
err-craft-expertise = Нужна экспертиза «{ -err-expertise(e: $expertise) }» с применениями: { $required }, а есть: { $has }
err-craft-material = Не хватает материала: { $value }
err-craft-tools = Не хватает инструментов: { $value }
err-craft-too_many_expertises = На бросок крафта — не больше двух экспертиз, а указано: { $value }
err-craft-duplicate_expertise = Одну экспертизу нельзя применить к броску дважды («{ -err-expertise(e: $value) }»)
err-craft-zero_goal = Цель крафта — не меньше 1
err-encounter-bad_face = Проверка на встречу — это d10: грани { $value } у него нет
err-encounter-unknown_table = Рефери выбирает одну из предложенных таблиц встреч; { $value } среди них нет
err-encounter-no_table = Для этого подземелья не задана таблица встреч
err-creature-out_of_range = { -err-characteristic(c: $characteristic) } — от −5 до 5, а не { $value }
err-creature-new_crow_out_of_range = Новый ворон начинает с характеристикой «{ -err-characteristic(c: $characteristic) }» от −1 до 2, а не { $value }
err-creature-above_mundane_max = Без магии характеристика ворона «{ -err-characteristic(c: $characteristic) }» не выше 4 (было бы { $value })
err-creature-dead = { $value }: существо мертво, его тело теперь предмет, и правила существ к нему не применяются
err-creature-immune = У существа { $creature } иммунитет к этому состоянию
err-turn-missing_faces = Не хватает граней костей: { $value }
err-identify-not_held = Для проверки опознания предмет держат в руке
err-identify-not_magic = { $value } — не магический предмет
err-identify-already_tried = { $value }: попытка опознать этот предмет уже была
err-identify-retry_not_allowed = Повторная попытка — только когда обстоятельства изменились и Рефери согласен
err-light-bad_notation = Свет записывают как X/Y целыми числами, а не «{ $value }»
err-light-no_campfire_row = В таблице яркости костра нет строки «Охренеть!»: свет такого костра задаёт Рефери
err-light-no_guess_needed = Угадывать клетку нужно только для бесшумной цели в темноте
err-usage-wrong_face_count = Бросают все кости износа: нужно граней { $expected }, указано { $given }
err-usage-bad_face = Кости износа — это d6: грани { $value } у них нет
err-usage-above_max = Костей износа стало бы { $current }, а максимум — { $max }
err-usage-wrong_refuel_item = { $item }: заправка — { $needed }, а не { $given }
err-usage-no_refuel = { $value }: заправить нельзя
err-usage-useless = { $value }: теперь бесполезен, кости износа кончились
err-usage-depleted = { $value }: исчерпан до заправки или отдыха
err-usage-refuel_without_item = Укажите предмет, которым заправляют
err-usage-not_on_activation = { $value }: кости износа бросают не при использовании, а в другое время
err-activity-already_chosen = У { $value } уже есть занятие на этом отдыхе
err-activity-camp_already_secluded = Укрывает лагерь за отдых только один из группы, и это уже делает { $value }
err-activity-tend_self = Свои раны не обрабатывают
err-activity-too_few_wounds = { $target }: ран { $wounds }, а для обработки нужно не меньше 2
err-activity-already_tended = Раны { $target } на этом отдыхе уже обрабатывает { $by }
err-activity-unknown_creature = { $value } не отдыхает с группой
err-activity-not_armor = У { $who } нет доспеха или щита с таким номером
err-activity-not_magic = У { $who } нет магического предмета с таким номером
err-activity-empty_task = Назовите задачу и место, где она будет
err-activity-task_not_approved = Рефери ещё не одобрил задачу: { $value }
err-activity-harvest_faces = Этот труп разделывают с бросками d6: { $dice }, указано граней: { $given }
err-activity-bad_face = На d6 выпадает от 1 до 6, а не { $value }
err-damage-dead = { $value }: существо мертво, урон теперь получает труп как предмет
err-damage-wrong_extra_dice = Уязвимость добавляет d6: { $expected }, указано граней: { $given }
err-damage-bad_d6 = На d6 выпадает от 1 до 6, а не { $value }
err-damage-bad_armor_order = Порядок доспехов называет каждый предмет с Защитой доспеха ровно один раз
err-damage-wrong_wound_count = Выберите слотов для ран: { $expected }, а не { $given }
err-damage-no_knock_out_pending = Лишить сознания { $value } сейчас нечего
err-damage-not_armor = У этого предмета нет Защиты доспеха
err-hazard-wrong_fall_dice = Для такого падения бросают d6: { $expected }, указано: { $given }
err-hazard-wrong_reduction_dice = { $tier }-я ступень снимает d6: { $expected }, указано: { $given }
err-hazard-bad_d6 = На d6 выпадает от 1 до 6, а не { $value }
err-hazard-no_reaction = Реакции не осталось (потрачена или нет сознания), поэтому броска сопротивления нет
err-travel-bad_face = У d{ $sides } нет грани { $face }
err-travel-second_guide = Проводник у отряда только один
err-travel-role_full = В этой роли уже три существа
err-travel-task_taken = Эту задачу в её роли уже кто-то взял
err-travel-creature_has_role = У этого существа сегодня уже есть роль
err-travel-refuses_roles = Из-за Миазмы это существо отказывается от всех дорожных ролей
err-travel-too_many_allies = «Помочь всем» выбирает не больше четырёх союзников
err-travel-too_many_backed = «Противостоять Миазме» выбирает не больше четырёх существ
err-travel-wrong_role = Эта задача относится к другой роли
err-travel-not_lost = Вернуться на путь можно, только если отряд заблудился
err-travel-turned = Персонаж обращён и больше не бросает эффекты Миазмы
err-travel-no_free_row = Все строки таблицы эффектов Миазмы уже действуют
err-travel-bad_answer = Этот ответ не подходит к открытому вопросу
err-corpse-not_a_corpse = { $value } — не труп
err-corpse-below_table = Только Рефери может сделать труп «Охренеть!» больше 32 слотов (запрошено: { $value })
err-corpse-not_holy_shit = Больше слотов, чем даёт таблица, занимает только труп «Охренеть!»
err-town-daily_limit = { $value }: сегодня уже сделано четыре занятия
err-town-busy = { $value } уже занимается другим делом
err-town-idle = У { $value } нет начатого занятия
err-town-not_done = Занятие длится 120 минут; прошло: { $done }
err-town-no_camp_to_seclude = В городе встреч не бывает, укрывать лагерь незачем
err-town-wrong_wound_count = { $target }: убрать ран нужно { $needed }, выбрано { $chosen }
## Коды отказов правил Crows: `err-<code>`, когда у причины нет своих слов.
err-activity_refused = Это занятие на отдыхе сейчас невозможно
err-activity_taken = У этого существа уже есть занятие на этом отдыхе
err-already_checked = Проверка на встречу на этом отдыхе уже сделана
err-already_paused = Ход подземелья уже на паузе
err-already_tended = Раны этого существа на этом отдыхе уже кто-то обрабатывает
err-already_tried = Это существо уже пыталось опознать этот предмет
err-asleep = { $creature } уже спит
err-assist_cost_unknown = В бою помощь стоит манёвра или действия: укажите, чего требует проверка, которой помогают
err-assisting = Это существо сегодня помогает другому вместо того, чтобы взять роль
err-bad_aim = Прицел заклинания не подходит к боевой сетке или его целям
err-bad_ancestry = Происхождение — ярлык длиной от 1 до 64 символов
err-bad_answer = Этот ответ не подходит к открытому вопросу
err-bad_area = Для области заклинания не хватает начальной клетки или направления
err-bad_assist = Помощь поддерживает проверку другого существа и сама является проверкой того же вида
err-bad_attack = Такая атака невозможна
err-bad_backlash = Эта строка отдачи здесь не действует
err-bad_characteristic = Эта характеристика не подходит к задаче
err-bad_check = Так проверку на встречу не сделать
err-bad_condition = Состоянию не хватает нужных сведений
err-bad_context = Открытому вопросу не хватает того, что нужно для ответа
err-bad_continuation = Продолжение проверки не удалось прочитать
err-bad_corpse = Этот труп так не понести
err-bad_craft = Этот шаг крафта невозможен
err-bad_creature = Числа существа неверны
err-bad_decision = Этот вопрос не открыт или ему не хватает того, что нужно для ответа
err-bad_effect = У эффекта от 1 до 20 костей износа
err-bad_face = Такой грани у кости нет
err-bad_fall = Падение — не больше 10 000 футов
err-bad_found = «Вернуться на путь» — проверка проводника
err-bad_group = Групповая проверка составлена неверно
err-bad_guess = Такая догадка невозможна
err-bad_hexes = Слишком много гексов
err-bad_hide = Прятаться можно от 1–64 других существ, но не от себя
err-bad_hours = Столько часов нельзя
err-bad_house_rule = Эти домашние правила уже действуют
err-bad_id = Идентификатор — от 1 до 64 символов
err-bad_improvised = Такая импровизированная атака невозможна
err-bad_item = Этот предмет задан неверно
err-bad_length = Такой длины хода подземелья нет среди разрешённых
err-bad_light = Этот свет задан неверно
err-bad_minutes = Столько минут нельзя
err-bad_mount = Всадник и верховое животное — два других участника отряда
err-bad_move = Такое перемещение по карте невозможно
err-bad_object = Этот предмет (объект) задан неверно
err-bad_option = Такого варианта среди предложенных нет
err-bad_overrides = Исключения добавляют или убирают, не больше 32, и ни одно не сразу в обе стороны
err-bad_pack = В пакете содержимого есть ошибки
err-bad_pack_count = Слишком много файлов пакетов для одного стола
err-bad_party = Состав отряда задан неверно
err-bad_path = Путь пуст или слишком длинный
err-bad_picks = Этот выбор не подходит к задаче
err-bad_position = Эти координаты за пределами карты
err-bad_query = Такой вопрос о шансах задан неверно
err-bad_recipe = Этот рецепт задан неверно
err-bad_site = У места идентификатор от 1 до 64 символов и название от 1 до 200; заметки — не больше 10 000
err-bad_sneak = Так прокрасться невозможно
err-bad_square = Это не клетка сетки
err-bad_stamina = Такой Выносливости быть не может
err-bad_target = Эта цель невозможна для этой атаки
err-bad_task = Назовите задачу коротким текстом
err-bad_terrain = Такой тип местности для этого гекса не подходит
err-bad_test = Такая проверка невозможна
err-bad_trigger = Назовите триггер текстом от 1 до 500 символов
err-bad_usage = Эти кости износа не подходят
err-camp_secluded = Лагерь на этом отдыхе уже укрывает кто-то из группы
err-cannot_cast = Это заклинание сейчас не сотворить
err-cannot_rest = Это существо сейчас не может отдыхать
err-casting = { $creature } уже творит заклинание
err-characteristic_out_of_range = Характеристика вне допустимых пределов
err-combat_refused = Правила боя этого не позволяют
err-condition_present = У { $creature } уже есть это состояние
err-condition_refused = Это состояние нельзя наложить
err-corpse_taken = Этот труп уже кто-то разделывает
err-corpse_too_big = Этот труп слишком велик для слотов любого одного вида
err-craft_refused = Такой крафт невозможен
err-damage_refused = Такой урон так нанести нельзя
err-day_running = Идёт день пути
err-dead = Это существо мертво
err-destroyed = { $item }: уже уничтожено
err-douse_refused = Этот свет не потушить
err-duplicate_creature = Это существо названо дважды или уже существует
err-empty_party = Назовите хотя бы одно существо группы
err-end_of_turn = Конец боевого хода так не разыграть
err-expertise_refused = Эту экспертизу здесь не применить
err-expertise_unknown = У { $creature } нет экспертизы «{ -err-expertise(e: $expertise) }», чтобы решить это без проверки
err-exploration_running = Ходы подземелья уже идут: сначала завершите их
err-exploring = Отряд исследует место
err-fight_running = Бой уже идёт
err-forced_move_refused = Такое принудительное перемещение невозможно
err-grid_too_big = На боевой сетке слишком много особых клеток
err-halfway_done = Середина этого отдыха уже прошла
err-hands_are_feet = { $creature }: руки стали ступнями, книгу заклинаний не удержать
err-has_character = { $player } уже играет живым персонажем { $creature }
err-hide_refused = Спрятаться сейчас невозможно
err-holds_role = { $creature }: сегодня уже есть дорожная роль, а существо либо берёт роль, либо помогает
err-id_taken = Этот идентификатор уже принадлежит существу
err-improvised_refused = Бьёт ли предмет как оружие, решает Рефери
err-in_combat = Только не во время боя
err-in_dungeon = Только не в подземелье
err-in_town = Только не в городе
err-initiative_pending = Инициатива стороны уже ждёт броска
err-inventory = Инвентарь этого не позволяет
err-inventory_refused = Инвентарь этого не позволяет
err-item_unusable = Этим предметом сейчас не воспользоваться
err-jump_refused = Такой прыжок невозможен
err-knock_out_refused = Лишить сознания здесь нельзя
err-light_refused = Этот свет не зажечь
err-lost_guide = Пока отряд заблудился, проводник делает проверку «Вернуться на путь» вместо задачи маршрута
err-miasma = Этот шаг Миазмы невозможен
err-missing_field = Без карточки существа укажите его вид, характеристики и Выносливость
err-missing_recipient = Назовите существо, которое получает предмет
err-mount_too_small = Верховое животное должно быть хотя бы на размер крупнее всадника
err-move_refused = Такое перемещение невозможно
err-multi_target_refused = У атаки одна цель, если её эффект не говорит иного, и это решает Рефери
err-no_actions = { $creature }: без сознания, ни манёвров, ни действий
err-no_ammunition = { $creature }: не осталось боеприпасов ({ $item }) для выстрела
err-no_armor = Доспех не надет
err-no_backlash = На этом существе нет такой отдачи
err-no_campfire_row = В таблице яркости костра нет строки «Охренеть!»: свет такого костра задаёт домашнее правило
err-no_casting = Это существо не творит заклинание
err-no_condition = У { $creature } нет этого состояния
err-no_corpse = Такого трупа для разделки нет
err-no_creatures = Назовите существ, которые ложатся спать
err-no_dungeon = Назовите подземелье
err-no_encounters = Здесь встреч не бывает, поэтому проверки на встречу нет
err-no_expertise_use = Применений этой экспертизы не осталось
err-no_fight = Бой не идёт
err-no_guess_needed = Здесь не нужно угадывать клетку
err-no_hexes_left = Отряд уже прошёл все гексы на сегодня
err-no_line_of_effect = Между { $creature } и { $target } нет линии эффекта
err-no_name = Назовите занятие, которое даёт черта или правило
err-no_object = Такого предмета (объекта) в игре нет
err-no_party = В отряде никого нет
err-no_position = У отряда ещё нет места на карте
err-no_quarry = «Выследить существо» называет, кого или что выслеживают
err-no_ration = { $creature }: нет пайка при себе, а для отдыха каждое существо съедает паёк
err-no_rest = Отдых не идёт
err-no_role = У этого существа сегодня нет дорожной роли
err-no_sign = Опишите знак, который замечают игроки
err-no_stamina = У этого предмета нет Выносливости: он не получает урона, если правило не говорит иного
err-no_tentacles = У этого существа нет щупалец, которые можно отрубить
err-no_threshold = Отдых в глуши использует порог встреч на отдыхе этого дня: укажите его
err-no_travel_day = День пути не идёт
err-no_trigger = У этой строки отдачи нет триггера
err-no_usage_dice = У этого предмета нет костей износа
err-no_wound_slot = Ни один слот рюкзака не примет рану: сначала выбросьте предмет
err-not_a_light = Этот предмет не даёт света
err-not_a_participant = { $creature } не участвует в бою: сначала поставьте на сетку
err-not_a_player = Инициативу стороны бросает только игрок за этим столом
err-not_a_ration = { $item } — не паёк
err-not_a_spellbook = Заклинания творят только из книг заклинаний, а это не она
err-not_bladed = Щупальца отрубают клинковым инструментом или оружием
err-not_condition_bound = Эта отдача заканчивается сама, по своей длительности
err-not_exploring = Отряд не исследует место
err-not_flying = { $creature } не летит
err-not_held = Для проверки опознания предмет держат в руке
err-not_hidden = { $creature }: от них не скрыто
err-not_in_combat = Вне боевых раундов предметы перекладывают свободно
err-not_in_dungeon = Отряд не в подземелье
err-not_in_party = { $creature } не путешествует с отрядом
err-not_in_town = Городским занятиям нужно место, где не бывает встреч
err-not_lit = Этот свет не горит
err-not_lost = Отряд не заблудился
err-not_magic = Этот предмет не магический
err-not_on_activation = Кости износа этого предмета бросают не при использовании
err-not_paused = Ход подземелья не на паузе
err-not_placed = { $creature }: нет на боевой сетке
err-not_resting = Это существо сейчас не отдыхает
err-not_room_based = Комнаты считают, только если ход подземелья длится 1d6 комнат
err-not_there = Отряд не в гексе этого места
err-not_your_pet = { $creature } — не питомец { $owner }
err-not_your_side = Сторону воронов упорядочивают игроки, сторону противников — Рефери
err-not_your_spell = Это заклинание не этого существа
err-not_your_turn = Сейчас не боевой ход существа { $creature }
err-not_yours = У этого существа нет такого магического предмета
err-notes_too_long = Заметки к предмету слишком длинные
err-nothing_readied = { $creature }: нет подготовленного действия (или оно пропало)
err-nothing_to_edit = Укажите новое название или заметки предмета
err-nothing_to_retry = { $creature }: нет заблокированной попытки «{ $task }»
err-off_grid = Эти координаты за пределами боевой сетки
err-order_too_long = Команда питомцу слишком длинная
err-pet_commanded = { $creature }: этому питомцу уже отдали команду в этом раунде
err-players_only = Персонажа запрашивает игрок; Рефери создаёт существ сам
err-reaction_pending = Провоцированная атака против этого существа ждёт ответа
err-recognised = Отряд знает это место и понимает, где находится
err-referee_only = Это решает только Рефери
err-refuel_refused = Этот предмет так не заправить
err-refuses_roles = Из-за Миазмы { $creature } отказывается от всех дорожных ролей
err-rename_refused = Карточку предмета переименовывает только Рефери; игрок пишет заметки
err-reposition_refused = Такая перестановка невозможна
err-request_pending = { $player } уже ждёт ответа Рефери
err-rest_finishing = Отдых заканчивается
err-rest_in_the_open = Это отдых под открытым небом, а не в подземелье
err-resting = Отряд отдыхает
err-role_refused = Такая дорожная роль невозможна
err-roles_closed = Роли объявляют до начала проверок ролей этого дня
err-roles_pending = Проверки ролей этого дня уже идут
err-round_running = Идёт раунд
err-shift_refused = Такой шаг невозможен
err-site_in_use = Отряд исследует это место
err-slot_unusable = Этот слот нельзя использовать, пока действует эффект
err-space_occupied = Это пространство занято
err-speed_zero = { $creature }: скорость 0
err-square_blocked = Эта клетка непроходима
err-stamina_above_max = Выносливость не может быть выше максимума
err-stand_up_refused = Встать сейчас нельзя
err-task_not_ruled = Рефери ещё не вынес решения по этой задаче
err-teleport_refused = Такая телепортация невозможна
err-too_high = Летуна поставили слишком высоко
err-too_many_creatures = Слишком много существ в списке
err-too_many_hexes = Слишком много гексов
err-too_many_modifiers = Слишком много преимуществ, помех или модификаторов на одной проверке
err-too_many_objects = На этом столе уже предельное число предметов
err-too_many_sites = Слишком много мест на карте
err-too_many_targets = Слишком много целей в списке
err-too_much_sleep = Это существо уже проспало весь отдых
err-topple_refused = Этот предмет так не опрокинуть
err-town_refused = Это городское занятие невозможно
err-track_unruled = Рефери ещё не сказал, может ли выслеживаемый быть на маршруте
err-turned = Миазма обратила существо { $creature }: за него теперь действует только Рефери
err-unconscious = { $creature }: без сознания, ни манёвров, ни действий
err-unexpected_decision = Этот вопрос здесь не к месту
err-unknown_attack = У { $creature } нет естественной атаки «{ $attack }»
err-unknown_card = Такой карточки нет в загруженных пакетах
err-unknown_corpse = Такого трупа здесь нет
err-unknown_creature = Такого существа нет
err-unknown_decision = Такого открытого вопроса нет
err-unknown_ground_item = На земле здесь такого нет
err-unknown_hex = Такого гекса на карте нет
err-unknown_item = Такого предмета здесь нет
err-unknown_light = Такого источника света нет
err-unknown_magic_item = Рефери не описывал этот предмет как магический
err-unknown_project = Такого проекта крафта нет
err-unknown_property = У предмета нет такого свойства
err-unknown_site = Такого места на карте нет
err-usage_dice = Эти кости износа так не бросить
err-usage_refused = Эти кости износа так не бросить
err-use_the_maneuver = В бою это манёвр: используйте манёвр, он его и потратит
err-wound_refused = Эту рану так не положить и не убрать
err-zoomed_in = Встреча или точка интереса ждёт Рефери: сначала разыграйте её
err-bad_item_name = Название предмета — короткий текст
err-bad_owner = Существо не может быть собственным питомцем
