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
ev-rules-died = { $id } погиб
ev-rules-pack_loaded = Загружен набор контента
ev-rules-house_rules_set = Домашние правила изменены: { $changed }
ev-rules-circumstances_changed = Обстоятельства изменились для { $creature }: { $task }
ev-rules-light_set = Свет у { $creature }: { $level }
ev-rules-hidden = { $creature } прячется от { $from }
ev-rules-revealed = { $creature } замечен: { $to }
ev-rules-corpse_carried = Труп { $corpse } несут (предмет { $item })
ev-rules-picked_up = Предмет { $ground } подобран с земли
ev-rules-on_ground = Предметы упали на землю
ev-rules-assists_used = { $creature } использует помощь
ev-rules-assist_pending = Помощь ждёт следующей проверки { $assisted }
what-created = создан
what-edited = изменён
what-revealed = раскрыт
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
ev-rules-test_waived = { $creature } решает «{ $task }» экспертизой, без проверки
ev-rules-object_placed = { $id } в игре
ev-rules-object_damaged = { $id } получает урон { $amount }, осталось выносливости: { $stamina }
set-light = Задать свет
item-actions = Действия с предметом { $name }
use-item = Применить (кости износа)
light-item = Зажечь
douse-item = Потушить
wear-armor = Надеть доспех
cancel = Отмена
ev-rules-ruled = Решение Рефери для { $creature }: { $option } { $text }
stamina-short = ВЫН
approved-expertises = Экспертизы, которые Рефери разрешает в этой проверке
## Combat controls
combat-grid-aria = Боевая сетка { $width } × { $height }
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
ev-rules-fight_started = Бой начинается
ev-rules-round_started = Начинается раунд { $round }
ev-rules-turn_began = Боевой ход: { $creature }
ev-rules-turn_ended = { $creature } заканчивает боевой ход
ev-rules-attack_made = { $attacker } атакует { $target } ({ $weapon })
ev-rules-attack_made-also = { $attacker } атакует { $target } и { $also } одним броском ({ $weapon })
ev-rules-attack_resolved = { $attacker } атакует { $target }: ступень { $tier }, попадание: { $hit }, урон { $damage }
ev-rules-attack_resolved-miss = { $attacker } атакует { $target }: ступень { $tier }, без урона
ev-rules-fight_ended = Бой окончен
ev-rules-moved = { $creature } перемещается в ({ $to_x }, { $to_y })
ev-rules-placed = { $creature } на боевой сетке
ev-rules-budget_set = { $creature } тратит часть боевого хода
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
ev-rules-town_activity_started = { $creature } начинает занятие в городе: { $activity_activity }
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
ev-rules-character_request_refused = Рефери отказал игроку { $player } в вороне { $name }
# rest sleep
rest-sleep-one = { $name }: сон { $hours } ч из 4 — спать
rest-sleep-all = Все спят 4 часа
ev-rules-flyer_fell = { $creature } падает с высоты { $feet ->
    [one] { $feet } фут
    [few] { $feet } фута
    [many] { $feet } футов
   *[other] { $feet } фута
} ({ $why })
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
