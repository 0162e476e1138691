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

ev-rules-creature_set = { $name }: лист изменился
ev-rules-creature_seen = { $name }: изменения
ev-rules-creature_revealed = { $name } появляется в поле зрения
ev-rules-test_rolled = { $name } бросает Тест к20: { $total } — { $success ->
    [yes] успех
   *[no] провал
}
ev-rules-test_rolled-secret = { $name } бросает Тест к20

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
