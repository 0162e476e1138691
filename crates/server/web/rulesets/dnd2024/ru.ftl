# Экран D&D 2024 — русские сообщения (Fluent), загружаются вместе с i18n/ru.ftl оболочки,
# когда открывается стол dnd2024. Отказы: refusals.ru.ftl, с первой командой места.

dnd-tab-sheet = Лист
dnd-tab-play = Игра
dnd-tab-log = Журнал
dnd-no-sheet = Листа персонажа здесь пока нет.
dnd-ability = Характеристика
dnd-score = Значение
dnd-modifier = Модификатор
dnd-save = Спасбросок
dnd-proficient = владение
dnd-expertise = компетентность
dnd-skills = Навыки
dnd-skill = Навык
dnd-ac = Класс Защиты
dnd-hp = Хиты
dnd-temp-hp = Временные хиты
dnd-hit-dice = Кости хитов
dnd-hit-dice-left = { $left } из { $total } (к{ $sides })
dnd-speed = Скорость
dnd-feet = { $count ->
    [one] { $count } фут
    [few] { $count } фута
    [many] { $count } футов
   *[other] { $count } фута
}
dnd-concentration = Концентрация
dnd-none = нет
dnd-pb = Бонус владения { $pb }
dnd-exhaustion = Истощение
dnd-no-conditions = Состояний нет.
dnd-from = источник: { $source }
dnd-unseen = Кто-то невидимый
dnd-source-unseen = источник, которого вы не видите
dnd-spell-slots = Ячейки заклинаний
dnd-slot-level = { $level } уровень: { $left } из { $max }
dnd-death-saves = Спасброски от смерти
dnd-death-successes = { $count ->
    [one] { $count } успех
    [few] { $count } успеха
    [many] { $count } успехов
   *[other] { $count } успеха
}
dnd-death-failures = { $count ->
    [one] { $count } провал
    [few] { $count } провала
    [many] { $count } провалов
   *[other] { $count } провала
}
dnd-stable = Стабилизирован
dnd-dead = мёртв
dnd-monster = монстр
dnd-hidden = скрыт от игроков
dnd-reveal = Показать игрокам
dnd-senses = Чувства
dnd-sense-darkvision_ft = Тёмное зрение { $feet } фт.
dnd-sense-blindsight_ft = Слепое зрение { $feet } фт.
dnd-sense-truesight_ft = Истинное зрение { $feet } фт.
dnd-sense-tremorsense_ft = Чувство вибрации { $feet } фт.
dnd-resistances = Сопротивления
dnd-vulnerabilities = Уязвимости
dnd-immunities = Иммунитеты
dnd-condition-immunities = Иммунитеты к состояниям
dnd-reach = досягаемость { $feet } фт.
dnd-range = дистанция { $feet }/{ $long } фт.
dnd-others = Другие существа
dnd-bloodied = Окровавлен
dnd-status-dying = при смерти
dnd-status-stable = стабилизирован
dnd-status-dead = мёртв
dnd-status-up = на ногах

dnd-d20 = Тест к20
dnd-creature = Существо
dnd-test = Тест
dnd-check = Проверка характеристики
dnd-saving-throw = Спасбросок
dnd-dc = Сл
dnd-advantage-sources = Преимущество от (через запятую)
dnd-disadvantage-sources = Помеха от (через запятую)
dnd-bonus = Бонус
dnd-exhaustion-penalty = Истощение −{ $n }
dnd-advantage = Преимущество
dnd-disadvantage = Помеха
dnd-chance = Шанс успеха
dnd-odds = { $percent } % (точно { $exact })
dnd-auto-fail = провал без броска
dnd-odds-wait = Считаем шансы…
dnd-roll = Бросить тест
dnd-result = Выпало { $faces }: итог { $total } — { $success ->
    [yes] успех
   *[no] провал
}

dnd-budget = Ресурсы хода
dnd-acting = ходит сейчас
dnd-action = Действие
dnd-bonus-action = Бонусное действие
dnd-reaction = Реакция
dnd-available = есть
dnd-spent = потрачено
dnd-movement-left = { $count ->
    [one] остался { $count } фут перемещения
    [few] осталось { $count } фута перемещения
    [many] осталось { $count } футов перемещения
   *[other] осталось { $count } фута перемещения
}
dnd-window-default = Без ответа: { $option }.
dnd-window-waits = Ждёт всех ответов или решения Мастера.
dnd-window-timeout = { $count ->
    [one] Закроется через { $count } секунду.
    [few] Закроется через { $count } секунды.
    [many] Закроется через { $count } секунд.
   *[other] Закроется через { $count } секунды.
}

dec-opportunity_attack = { $mover } выходит из досягаемости { $by }: Провоцированная атака ({ $attack }) Реакцией?
opt-opportunity_attack-attack = Атаковать
opt-opportunity_attack-decline = Пропустить
opt-readied_trigger-respond = Ответить
opt-readied_trigger-ignore = Не отвечать
opt-legendary_actions-pass = Без легендарного действия
opt-reaction_spell-none = Без заклинания

dnd-ab-strength = Сила
dnd-ab-dexterity = Ловкость
dnd-ab-constitution = Телосложение
dnd-ab-intelligence = Интеллект
dnd-ab-wisdom = Мудрость
dnd-ab-charisma = Харизма
dnd-skill-acrobatics = Акробатика
dnd-skill-animal_handling = Уход за животными
dnd-skill-arcana = Магия
dnd-skill-athletics = Атлетика
dnd-skill-deception = Обман
dnd-skill-history = История
dnd-skill-insight = Проницательность
dnd-skill-intimidation = Запугивание
dnd-skill-investigation = Анализ
dnd-skill-medicine = Медицина
dnd-skill-nature = Природа
dnd-skill-perception = Восприятие
dnd-skill-performance = Выступление
dnd-skill-persuasion = Убеждение
dnd-skill-religion = Религия
dnd-skill-sleight_of_hand = Ловкость рук
dnd-skill-stealth = Скрытность
dnd-skill-survival = Выживание
dnd-cond-blinded = Ослеплённый
dnd-cond-charmed = Очарованный
dnd-cond-deafened = Оглохший
dnd-cond-exhaustion = Истощение
dnd-cond-frightened = Испуганный
dnd-cond-grappled = Схваченный
dnd-cond-incapacitated = Недееспособный
dnd-cond-invisible = Невидимый
dnd-cond-paralyzed = Парализованный
dnd-cond-petrified = Окаменевший
dnd-cond-poisoned = Отравленный
dnd-cond-prone = Лежащий ничком
dnd-cond-restrained = Опутанный
dnd-cond-stunned = Ошеломлённый
dnd-cond-unconscious = Бессознательный
dnd-size-tiny = Крошечный
dnd-size-small = Маленький
dnd-size-medium = Средний
dnd-size-large = Большой
dnd-size-huge = Огромный
dnd-size-gargantuan = Громадный
dnd-dmg-acid = кислота
dnd-dmg-bludgeoning = дробящий
dnd-dmg-cold = холод
dnd-dmg-fire = огонь
dnd-dmg-force = силовое поле
dnd-dmg-lightning = электричество
dnd-dmg-necrotic = некротический
dnd-dmg-piercing = колющий
dnd-dmg-poison = яд
dnd-dmg-psychic = психический
dnd-dmg-radiant = излучение
dnd-dmg-slashing = рубящий
dnd-dmg-thunder = звук

dnd-rest = Отдых
dnd-rest-short = Короткий отдых
dnd-rest-long = Долгий отдых
dnd-rest-interruptions = { $count ->
    [one] { $count } перерыв
    [few] { $count } перерыва
    [many] { $count } перерывов
   *[other] { $count } перерыва
}
dnd-spend-hit-die = { $name }: потратить Кость хитов
dnd-rest-why = Почему отдых прерван
dnd-why-took_damage = получен урон
dnd-why-rolled_initiative = брошена Инициатива
dnd-why-hour_of_exertion = час напряжённой деятельности
dnd-rest-resume = продолжить отдых (на час дольше)
dnd-rest-interrupt = Прервать отдых
dnd-rest-finish = Отдых окончен
dnd-rest-who = Кто отдыхает
dnd-rest-fed = они достаточно ели и пили
dnd-rest-start-short = Начать Короткий отдых
dnd-rest-start-long = Начать Долгий отдых

dnd-area = Область действия
dnd-area-caster = Создаёт
dnd-area-name = Название
dnd-area-default-name = Область
dnd-area-shape = Форма
dnd-area-size = Размер (фт.)
dnd-area-damage = Кости урона
dnd-area-type = Вид урона
dnd-area-half = половина урона при успешном спасброске
dnd-area-from-caster = Эманация исходит из пространства создателя.
dnd-area-pick-origin = Выберите точку начала на сетке (левый верхний угол клетки).
dnd-area-pick-toward = Выберите клетку, в сторону которой она распространяется.
dnd-area-pick-again = Размещено. Выберите снова, чтобы передвинуть.
dnd-area-targets = { $count ->
    [one] Внутри { $count } существо: { $names }
    [few] Внутри { $count } существа: { $names }
    [many] Внутри { $count } существ: { $names }
   *[other] Внутри { $count } существа: { $names }
}
dnd-area-behind-cover = Не задеты из-за полного укрытия: { $names }
dnd-area-place = Разместить область и бросить
dnd-side-party = отряд
dnd-side-foe = враг
dnd-shape-sphere = Сфера
dnd-shape-cylinder = Цилиндр
dnd-shape-cube = Куб
dnd-shape-cone = Конус
dnd-shape-line = Линия
dnd-shape-emanation = Эманация

dnd-death-save-roll = Бросить спасбросок от Смерти
dnd-tab-fight = Бой
dnd-battle = Боевая сетка
dnd-battle-mode = На сетке
dnd-mode-move = Перемещение
dnd-mode-attack = Атака
dnd-your-turn = Ход существа { $name }.
dnd-turn-of = Сейчас ходит: { $name }.
dnd-target = цель
dnd-move-pick = Выберите по очереди клетки, через которые пройдёт { $name }, начиная с соседней с { $at }.
dnd-move-path = Путь: { $path }
dnd-move-squares = { $count ->
    [one] { $count } клетка
    [few] { $count } клетки
    [many] { $count } клеток
   *[other] { $count } клетки
}
dnd-move-difficult = { $count ->
    [one] из них { $count } в Труднопроходимой местности (каждый фут там стоит лишний фут)
    [few] из них { $count } в Труднопроходимой местности (каждый фут там стоит лишний фут)
    [many] из них { $count } в Труднопроходимой местности (каждый фут там стоит лишний фут)
   *[other] из них { $count } в Труднопроходимой местности (каждый фут там стоит лишний фут)
}
dnd-move-last = Последнее перемещение: { $move }
dnd-move-undo = Убрать последнюю клетку
dnd-move-send = Переместиться
dnd-attack-with = Атака
dnd-attack-target = Цель
dnd-attack-pick = Выберите цель
dnd-attack-plan = { $bonus } к попаданию, { $reach }; { $damage }
dnd-attack-knock-out = оглушить, а не убить
dnd-attack-rules = Преимущество и Помеху от состояний, дистанции, обзора и укрытия правила добавят при броске атаки; попадание решает Класс Защиты цели.
dnd-attack-send = Атаковать: { $target }
dnd-no-attacks = На листе этого существа нет атак.
dnd-finish-turn = Закончить ход: { $name }
dnd-end-combat = Закончить бой

dnd-src-target_condition = цель: { $condition }
dnd-src-own_condition = атакующий: { $condition }
dnd-src-long_range = большая дистанция
dnd-src-enemy_within5_ft = враг в пределах 5 футов
dnd-src-attacker_unseen = цель не видит атакующего
dnd-src-target_unseen = атакующий не видит цель
dnd-test-check = проверка: { $ability }
dnd-test-skill = проверка: { $ability } ({ $skill })
dnd-test-save = спасбросок: { $ability }
dnd-why-cast_spell = сотворено заклинание { $level } уровня
dnd-response-attack = атака: { $attack }
dnd-response-action = действие «{ $action }»
dnd-response-move = перемещение до { $feet } фт.
dnd-action-attack = Атака
dnd-action-dash = Рывок
dnd-action-disengage = Отход
dnd-action-dodge = Уклонение
dnd-action-help = Помощь
dnd-action-hide = Затаивание
dnd-action-influence = Влияние
dnd-action-magic = Магия
dnd-action-ready = Подготовка
dnd-action-search = Поиск
dnd-action-study = Изучение
dnd-action-utilize = Использование
dnd-hp-of = хиты { $hp } из { $max }
dnd-temp-of = временные хиты { $temp }
dnd-exhaustion-level = Истощение: уровень { $level }
dnd-concentrating-on = Концентрация: { $effect }
dnd-concentrating = держит Концентрацию
dnd-unharmed = без видимых ран и состояний
dnd-absorbed = Временные хиты поглощают { $temp }
dnd-knocked-out = без сознания
dnd-damage-kills = погибает
dnd-dropped-to-zero = хиты упали до 0
dnd-cause-massive_damage = огромный урон
dnd-cause-death_saving_throws = три проваленных спасброска от Смерти
dnd-cause-0_hit_points = 0 хитов
dnd-cover-none = без укрытия
dnd-cover-half = Укрытие на половину
dnd-cover-three_quarters = Укрытие на три четверти
dnd-cover-total = Полное укрытие
dnd-area-cover = Укрытие от точки начала: { $names }
dnd-about = Решает: { $name }.
dnd-about-readied = { $name } подготовил: «{ $trigger }»{ $aimed ->
    [yes] , цель: { $target }.
   *[no] .
}
dnd-about-hit = По существу { $name } попадает { $attacker } ({ $attack }).

dec-readied_trigger = Подготовленный триггер сработал: ответить Реакцией?
dec-legendary_actions = Ход заканчивается: совершить легендарное действие?
dec-reaction_spell = Попадание: сотворить заклинание Реакцией?

roll-initiative = Инициатива
roll-attack-roll = Бросок атаки
roll-d20-test = Тест к20
roll-damage = Урон
roll-concentration-save = Спасбросок Концентрации
roll-death-saving-throw = Спасбросок от Смерти
roll-hit-point-die = Кость хитов
roll-escape = Высвобождение из захвата
roll-medicine-check = Проверка Мудрости (Медицина)
boundary-named_rest_end-short = конец Короткого отдыха
boundary-named_rest_end-long = конец Долгого отдыха

ev-rules-creature_set = { $name }: { $state }
ev-rules-creature_seen = { $name }: { $state }
ev-rules-creature_revealed = { $name } появляется в поле зрения: { $state }
ev-rules-initiative_rolled = { $name } бросает Инициативу: { $total } (к20: { $faces }){ $mode ->
    [advantage] , с Преимуществом
    [disadvantage] , с Помехой
   *[normal] {""}
}
ev-rules-test_rolled = { $name } бросает Тест к20: { $total } — { $test }, Сл { $dc } (к20: { $faces }) — { $success ->
    [yes] успех
   *[no] провал
}
ev-rules-test_rolled-secret = { $name } бросает Тест к20 — { $test }: { $success ->
    [yes] успех
   *[no] провал
}
ev-rules-test_rolled-auto = { $name }: { $test } — провал без броска
ev-rules-attack_rolled = { $attacker } атакует { $target } ({ $attack }): { $total } (к20: { $faces }){ $known ->
    [yes] {" "}против Класса Защиты { $ac }
   *[no] {""}
} — { $hit ->
    [critical] Критическое попадание!
    [yes] попадание
   *[no] промах
}
ev-rules-attack_rolled-secret = { $attacker } атакует { $target } ({ $attack }) — { $hit ->
    [critical] Критическое попадание!
    [yes] попадание
   *[no] промах
}
ev-rules-damage_taken = { $name } получает урон ({ $type }): { $dealt }{ $defence ->
    [resistance] {" "}(Сопротивление уменьшает вдвое { $rolled })
    [vulnerability] {" "}(Уязвимость удваивает { $rolled })
    [immunity] {" "}(Иммунитет к { $rolled })
   *[none] {""}
}
ev-rules-damage_taken-secret = { $name } получает урон ({ $type })
ev-rules-damage_taken-knocked = { $name } теряет сознание ({ $type })
ev-rules-concentration_save = { $name } совершает спасбросок Концентрации против Сл { $dc }: { $total } (к20: { $faces }) — { $kept ->
    [yes] Концентрация сохранена
   *[no] Концентрация потеряна
}
ev-rules-concentration_save-secret = { $name }: { $kept ->
    [yes] Концентрация сохранена
   *[no] Концентрация потеряна
}
ev-rules-death_save_rolled = { $name } бросает спасбросок от Смерти: { $face } — { $result ->
    [stable] Стабилизирован
    [dead] мёртв
    [regain_one_hp] получает 1 хит и приходит в себя
   *[continue] успехов: { $successes }, провалов: { $failures }
}
ev-rules-died = { $name } умирает ({ $cause })
ev-rules-rest_started = { $kind } начинается: { $names }
ev-rules-rest_resumed = { $kind } продолжается после перерыва, на час дольше
ev-rules-rest_finished = { $kind } { $completed ->
    [yes] окончен
   *[no] остановлен
}, прошло { $minutes } мин
ev-rules-rest_finished-interrupted = { $kind } прерван ({ $why }), прошло { $minutes } мин{ $benefits ->
    [yes] : преимущества Короткого отдыха получены
   *[no] {""}
}
ev-rules-map_set = Боевая карта изменилась: { $count ->
    [one] отмечена { $count } клетка
    [few] отмечены { $count } клетки
    [many] отмечено { $count } клеток
   *[other] отмечено { $count } клетки
}
ev-rules-placed = { $name } стоит на клетке { $at }
ev-rules-moved = { $name } перемещается на { $at }: { $count ->
    [one] { $count } клетка
    [few] { $count } клетки
    [many] { $count } клеток
   *[other] { $count } клетки
}, { $feet } фт перемещения
ev-rules-moved-held = { $name } перемещается на { $at } ({ $feet } фт) и останавливается там ради Провоцированных атак
ev-rules-standing_orders_set = Постоянные приказы для { $name }: атаки по возможности — { $oa ->
    [always] всегда
   *[never] никогда
}, заклинания-реакции — { $spells ->
    [always] всегда
   *[never] никогда
}, легендарные действия — { $legendary ->
    [always] всегда
   *[never] никогда
}
ev-rules-spell_stopped = { $by } прерывает заклинание «{ $spell }» ({ $caster }){ $named ->
    [yes] {" "}с помощью «{ $with }»
   *[no] {""}
}
ev-rules-ready_taken = { $name } отвечает на подготовленный триггер «{ $trigger }»: { $response }{ $aimed ->
    [yes] , цель: { $target }
   *[no] {""}
}
ev-rules-area_placed = { $name } размещает { $area } — { $count ->
    [one] внутри { $count } существо
    [few] внутри { $count } существа
    [many] внутри { $count } существ
   *[other] внутри { $count } существа
}: { $names }
ev-rules-legendary_taken = { $name } совершает легендарное действие: { $action } ({ $cost ->
    [one] { $cost } использование
    [few] { $cost } использования
    [many] { $cost } использований
   *[other] { $cost } использования
}){ $aimed ->
    [yes] , цель: { $target }
   *[no] {""}
}
ev-rules-reaction_spell_cast = { $name } творит { $spell } Реакцией: { $bonus } к Классу Защиты

## h-leaks
dnd-order-always = всегда
dnd-order-never = никогда
dnd-order-ask = спрашивать Мастера
ev-rules-standing_orders_set-orders = Постоянные приказы для { $name }: атаки по возможности — { $oa }; заклинания-реакции — { $spells }; легендарные действия — { $legendary }
ev-rules-ready_taken-masked = { $name } совершает подготовленное действие: { $response }{ $aimed ->
    [yes] , цель: { $target }
   *[no] {""}
}
dnd-response-attack-unseen = атака
ev-rules-hide_seen_through = { $any ->
    [yes] Затаивание не скрывает { $name } от: { $names }
   *[no] Затаивание { $name } больше никто не видит насквозь
}
## h-dndquery
dnd-move-preview-cost = Этот путь стоит { $cost } фт перемещения
dnd-move-preview-left = после него останется { $left } фт
dnd-move-preview-refused = нельзя: { $reason }
dnd-move-preview-wait = Считаем путь…
dnd-odds-attack = Попадание { $hit } % · Критическое попадание { $critical } % · ожидаемый урон { $damage }
dnd-odds-attack-exact = Точно: попадание { $hit }, Критическое попадание { $critical }, ожидаемый урон { $damage }
dnd-odds-bands = Класс Защиты цели вам неизвестен: шансы для каждого значения
dnd-odds-band-ac = Класс Защиты
dnd-odds-band-hit = Попадание
dnd-odds-band-critical = Крит. попадание
dnd-odds-band-damage = Урон (в среднем)
## h-fcweb
dnd-forecast-heading = Прогноз боя
dnd-forecast-hint = Разыгрывает бой много раз по правилам стола на сервере; в журнал ничего не пишется, прогноз видите только вы (Мастер).
dnd-forecast-runs = Прогонов
dnd-forecast-button = Прогноз
dnd-forecast-running = Разыгрываю { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}…
dnd-forecast-title = Прогноз: кто победит в бою
dnd-forecast-note = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}, зерно { $seed }, стратегия { $policy }
dnd-forecast-side-characters = Персонажи
dnd-forecast-side-monsters = Монстры
dnd-forecast-draw = Никто (предел раундов)
dnd-forecast-creatures = Шансы каждого существа
dnd-forecast-m-dies = Погибает
dnd-forecast-m-knocked_out = Выходит из боя без сил
dnd-forecast-m-drops_to_0_hp = Падает до 0 хитов
dnd-forecast-hp-left = { $name }: осталось хитов
dnd-forecast-rounds = Сколько раундов длится бой
dnd-forecast-round = Раундов
dnd-forecast-close = Скрыть прогноз
dnd-forecast-policy-tactical = тактическая
dnd-forecast-policy-defaults = предложенные по умолчанию
## h-vision
dnd-mode-search = Поиск
dnd-mode-light = Свет
dnd-search-pick = Выберите клетку, где { $name } ищет (проверка Мудрости (Восприятие))
dnd-obscured-lightly = легко заслонённая
dnd-obscured-heavily = сильно заслонённая
dnd-light-ambient = Свет в остальных местах
dnd-light-brush = Кисть
dnd-light-hint = Выбирайте клетки на сетке, чтобы закрасить их; факел, поставленный на клетку второй раз, гаснет.
dnd-light-bright = Яркий свет
dnd-light-dim = Тусклый свет
dnd-light-darkness = Темнота
dnd-brush-bright = Яркий свет
dnd-brush-dim = Тусклый свет
dnd-brush-darkness = Темнота
dnd-brush-lightly = Легко заслонённая (дымка, листва)
dnd-brush-heavily = Сильно заслонённая (туман, густая листва)
dnd-brush-torch = Факел (20 фт яркого, 20 фт тусклого)
dnd-brush-clear = Очистить клетку
ev-rules-light_set = Свет меняется: в остальных местах { $ambient }, клеток задано: { $squares }, источников света: { $sources }
ev-rules-searched = { $name } ищет на клетке { $at }{ $known ->
    [yes] : { $total }{ $disadvantage ->
        [yes] {" "}(помеха: легко заслонённая)
       *[no] {""}
    }
   *[no] {""}
} — { $count ->
    [0] ничего не найдено
   *[other] найдено: { $names }
}
ev-rules-searched-blind = { $name } не видит клетку { $at }: поиск ничего не находит

## shell log: kinds of windows and effects
window-kind-opportunity_attack = атака по возможности
window-kind-readied_trigger = подготовленное действие
window-kind-legendary_actions = легендарные действия
window-kind-reaction_spell = заклинание-реакция
window-kind-counter_spell = заклинание, прерывающее заклинание
effect-kind-dnd2024-concentration = Концентрация
effect-kind-dnd2024-condition = состояние

## h-sight
ev-rules-creature_in_view = { $name } появляется в поле зрения на клетке { $at }: { $state }
ev-rules-creature_out_of_view = { $name } пропадает из виду
ev-rules-moved-seen = Видно, как { $name } перемещается на { $at }
dnd-brush-magical = Магическая Темнота (Тёмное зрение не помогает)
dnd-magical-darkness = магическая Темнота
dnd-magical-darkness-mark = М

## h-dndair
dnd-height = { $feet } фт. над землёй
dnd-height-now = { $name } в воздухе на высоте { $feet } фт.
dnd-jump-long = Прыжок в длину (выберите клетку приземления)
dnd-jump-long-to = Прыжок в длину на { $at }
dnd-jump-high-ft = Прыжок в высоту, фт.
dnd-jump-high = Прыжок в высоту
dnd-jump-hint = Каждый фут прыжка тратит фут перемещения; для прыжка с разбега сначала пройдите 10 фт.
dnd-fly-height = Высота, фт.
dnd-fly-send = Лететь на эту высоту
ev-rules-jumped = { $name } { $running ->
    [yes] прыгает в длину с разбега
   *[no] прыгает в длину с места
} на { $feet } фт.{ $hit ->
    [yes] {""}, задевает препятствие и остаётся на месте
   *[no] {""} — на клетку { $at }
}
ev-rules-jumped-high = { $name } прыгает в высоту на { $feet } фт.{ $reaches ->
    [yes] {""}, дотягиваясь до { $reach } фт.
   *[no] {""}
}
ev-rules-flew = { $name } { $feet ->
    [0] приземляется
   *[other] взлетает на высоту { $feet } фт.
} (перемещение: { $spent } фт.)
ev-rules-fell = { $name } падает с высоты { $feet } фт.{ $water ->
    [yes] {""} в воду
   *[no] {""}
}: { $dice ->
    [0] без урона
   *[other] { $dice }к6 дробящего урона
}{ $cause ->
    [cannot_fly] {""} (не смог удержаться в воздухе)
    [dead] {""} (мёртв)
   *[other] {""}
}
ev-rules-breath_held = { $name } задерживает дыхание: { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
    [many] { $rounds } раундов
   *[other] { $rounds } раунда
}
ev-rules-out_of_breath = { $name } больше не может задерживать дыхание и задыхается
effect-kind-dnd2024-held_breath = задержанное дыхание
effect-kind-dnd2024-suffocating = удушение
dnd-height-mark = ↑{ $feet }

## h-dndturns
dnd-spell-slot-kept = ; ячейка заклинаний уровня { $level } не потрачена
dnd-move-how = Способ перемещения
dnd-move-how-walk = ходьба
dnd-move-how-climb = лазание
dnd-move-how-swim = плавание

## main-hazards
ev-rules-fire = { $burning ->
    [true] { $name } загорается
   *[other] { $name }: огонь гаснет{ $how ->
        [rolled] {""} (сбит, катаясь по земле)
        [doused] {""} (залит)
        [submerged] {""} (под водой)
        [smothered] {""} (задушен)
       *[other] {""}
    }
}
ev-rules-day_ended = { $name }, день еды и воды: { $dehydrated ->
    [true] воды мало (уровень Истощения)
   *[other] воды достаточно
}; { $hunger ->
    [save] еды мало, спасбросок Телосложения { $saved ->
        [true] успешен
       *[other] провален (уровень Истощения)
    }
    [exhaustion] без еды { $days_without_food ->
        [one] { $days_without_food } день
        [few] { $days_without_food } дня
        [many] { $days_without_food } дней
       *[other] { $days_without_food } дня
    } (уровень Истощения)
   *[other] еды достаточно{ $days_without_food ->
        [0] {""}
        [one] {""}, но ничего не съедено ({ $days_without_food } день)
        [few] {""}, но ничего не съедено ({ $days_without_food } дня)
        [many] {""}, но ничего не съедено ({ $days_without_food } дней)
       *[other] {""}, но ничего не съедено ({ $days_without_food } дня)
    }
}
effect-kind-dnd2024-burning = горение
dnd-roll-out-fire = Сбить огонь
dnd-set-burning = Поджечь
dnd-put-out = Потушить
dnd-burning = горит

## h-dndacts
dnd-dodge = Уклонение
dnd-help = Помощь (выберите цель)
dnd-help-against = Помощь против: { $target }
dnd-unarmed = Безоружный удар
dnd-unarmed-grapple = Захват
dnd-unarmed-shove-push = Толчок: оттолкнуть на 5 фт.
dnd-unarmed-shove-prone = Толчок: опрокинуть
dnd-unarmed-send = Попытаться
dnd-src-dodging = цель совершает Уклонение
dnd-src-helped = Помощь
ev-rules-dodged = { $name } совершает действие Уклонение
ev-rules-helped = { $name } помогает против { $target }: следующая атака союзника по нему совершается с Преимуществом
ev-rules-helped-check = { $name } помогает { $ally }: { $skill }
ev-rules-unarmed_strike_resolved = { $name } — { $option } против { $target }: { $saved ->
    [yes] цель преуспевает в спасброске ({ $save })
   *[no] цель проваливает спасбросок ({ $save }){ $pushed ->
        [yes] {""} и оттолкнута на клетку { $at }
       *[no] {""}
    }
}
