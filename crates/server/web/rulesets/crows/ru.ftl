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
token-hidden = не видят: { $players }
square = Клетка { $x }, { $y }
obstacle = препятствие
difficult-terrain = труднопроходимая местность
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
combat-forecast = Прогноз
combat-forecast-runs = Прогонов
combat-forecast-hint = Разыгрывает бой на сетке много раз по правилам стола на сервере; в журнал ничего не пишется, прогноз видите только вы.
combat-forecast-running = Разыгрываю { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}…
combat-forecast-title = Прогноз: кто победит в бою
combat-forecast-note = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}, зерно { $seed }, стратегия { $policy }
combat-forecast-draw = Никто (предел раундов)
combat-forecast-creatures = Шансы каждого существа
combat-forecast-dies = Погибает
combat-forecast-knocked-out = Лишается сознания
combat-forecast-gains-wounds = Получает раны
combat-forecast-rounds = Сколько раундов длится бой
combat-forecast-round = Раундов
combat-forecast-close = Скрыть прогноз
combat-forecast-policy-tactical = тактическая
combat-forecast-policy-defaults = предложенные по умолчанию
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
dungeon-forecast = Прогноз
dungeon-forecast-title = Прогноз: следующие ходы подземелья
dungeon-forecast-hint = Разыгрывает следующие ходы подземелья много раз по правилам стола на сервере (догорающий свет, проверки на встречу, отдых); в журнал ничего не пишется, прогноз видите только вы.
dungeon-forecast-turns = Ходов подземелья
dungeon-forecast-rest-every = Отдых каждые N ходов подземелья (необязательно)
dungeon-forecast-runs = Прогонов
dungeon-forecast-running = Разыгрываю { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}…
dungeon-forecast-note = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
} по { $turns ->
    [one] { $turns } ходу подземелья
    [few] { $turns } хода подземелья
   *[other] { $turns } ходов подземелья
}, зерно { $seed }, стратегия { $policy }
dungeon-forecast-note-rest = отдых каждые { $count ->
    [one] { $count } ход
    [few] { $count } хода
    [many] { $count } ходов
   *[other] { $count } хода
}
dungeon-forecast-note-stuck = { $count ->
    [one] { $count } прогон остановился
    [few] { $count } прогона остановились
    [many] { $count } прогонов остановились
   *[other] { $count } прогона остановились
} раньше срока (решение, которое некому принять)
dungeon-forecast-light-out = Свет кончается
dungeon-forecast-rations-out = Кто-то остаётся без пайка
dungeon-forecast-encounter-per-turn = Встреча за ход подземелья
dungeon-forecast-encounters = Встречи
dungeon-forecast-checks = Проверки на встречу
dungeon-forecast-light-out-turn = Ход подземелья, после которого кончился свет
dungeon-forecast-turn = Ход подземелья
dungeon-forecast-close = Скрыть прогноз
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
rivals = Враги и соперники
rivals-one-per-line = Личные враги и соперники (по одному в строке)
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
dec-crows-travel-finds = Поиск сокровищ ({ $creature }): { $roll ->
    [none] бросок по таблице интересных находок ({ $finds }), запишите находку
   *[other] выпало { $roll } по таблице интересных находок ({ $finds }){ $result ->
        [none] , такой строки в таблице нет: запишите находку
       *[other] : { $result }. Сообщите игрокам и запишите находку
    }
}
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
dec-crows-magic-backlash_area = Отдача, строка { $row } ({ $caster }): перечислите существ в пределах { $squares ->
    [one] { $squares } клетки
    [few] { $squares } клеток
    [many] { $squares } клеток
   *[other] { $squares } клетки
} от { $around_target ->
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
ev-rules-project_set = Ремесленный замысел ({ $owner }): { $item }, набрано { $points } из { $goal ->
    [one] { $goal } очка
    [few] { $goal } очков
    [many] { $goal } очков
   *[other] { $goal } очка
}, готово { $finished }
ev-rules-craft_queued = { $crafter } сделает бросок ремесла в конце отдыха
ev-rules-craft_rolled = Бросок ремесла ({ $crafter }): итог { $total }, { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}{ $finished ->
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
ev-rules-finds_rolled = Поиск сокровищ ({ $creature }): выпало { $roll } по таблице «{ $table }»{ $result ->
    [none] {""}
   *[other] {" "}— { $result }
}
ev-rules-rewarded = { $creature }, итог роли: { $effect }
effect-travel_threshold = порог путешествия { $sign }{ $n }
effect-rest_threshold = порог отдыха { $sign }{ $n }
effect-hexes = { $sign }{ $n ->
    [one] { $n } гекс
    [few] { $n } гекса
    [many] { $n } гексов
   *[other] { $n } гекса
} за день
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

## Cast panel
cast-title = Сотворить заклинание
cast-caster = Заклинатель
cast-caster-is = Заклинатель: { $name }
cast-book = Книга заклинаний в руке
cast-rank = Ранг
cast-time = Время сотворения
cast-time-action = действие
cast-time-maneuver = манёвр
cast-time-reaction = реакция
cast-time-out_of_combat = вне боя (10 минут)
cast-target = Цель
cast-range = Дальность
cast-area = Область действия
cast-targets = На кого направлено заклинание
cast-odds-line = 1-я ступень { $t1 }% · 2-я ступень { $t2 }% · 3-я ступень { $t3 }% · крит { $crit }% · рок { $doom }%
cast-odds-expertise = Если потратить экспертизу, когда она помогает:
cast-odds-hint = Проверка сотворения идёт по Разуму. В бою сетка может добавить преимущества или помехи, а действующая отдача — свою помеху.
cast-pick-origin = Нажмите клетку, с которой начинается область.
cast-pick-toward = Теперь нажмите клетку в той стороне, куда область расходится.
cast-inside = { $count ->
    [one] Накрыта { $count } клетка
    [few] Накрыты { $count } клетки
    [many] Накрыто { $count } клеток
   *[other] Накрыто { $count } клетки
}. Внутри: { $names }.
cast-inside-nobody = никого из тех, кого вы видите
cast-distance = Расстояние в клетках
cast-line-of-effect = На линии эффекта
cast-friendly = Союзник заклинателя
cast-origin = Где начинается область
cast-aim-hint = Замеры стола: как далеко каждая цель и есть ли у заклинателя линия эффекта до неё.
cast-send = Сотворить
cast-aim-grid = Разместить область на боевой сетке
cast-aim-again = Разместить область заново
cast-aim-stop = Прекратить размещение
cast-aim-where = Выберите её клетки на боевой сетке; Escape — прекратить.
cast-aiming = Размещение: { $spell }.
cast-not-placed = Область ещё не размещена.
cast-area-asking = Сервер считает, какие клетки накрывает область…
cast-aim-placed = Область размещена. Нажмите клетку, чтобы начать заново, или сотворите заклинание в панели «Сотворить заклинание».

## shell log: kinds of effects
effect-kind-crows-backlash = отдача
effect-kind-crows-spell = заклинание
