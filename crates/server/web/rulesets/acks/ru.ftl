# Экран ACKS — русские сообщения (Fluent), загружаются вместе с i18n/ru.ftl оболочки, когда открыт стол acks.

acks-tab-party = Отряд
acks-tab-dungeon = Подземелье
acks-tab-combat = Бой
acks-tab-log = Журнал

## Лист персонажа
acks-party = { $count ->
    [one] Отряд: { $count } персонаж
    [few] Отряд: { $count } персонажа
    [many] Отряд: { $count } персонажей
   *[other] Отряд: { $count } персонажа
}
acks-monsters = { $count ->
    [one] { $count } чудовище
    [few] { $count } чудовища
    [many] { $count } чудовищ
   *[other] { $count } чудовища
}
acks-no-characters = Персонажей пока нет: их добавляет Судья.
acks-class-level = { $class }, уровень { $level }
acks-hp = Очки здоровья
acks-hp-value = { $hp } из { $max }
acks-nonlethal = Несмертельный урон
acks-armour-class = Класс брони
acks-speed = Скорость
acks-feet = { $feet ->
    [one] { $feet } фут
    [few] { $feet } фута
    [many] { $feet } футов
   *[other] { $feet } фута
}
acks-light = Свет
acks-light-torch = факел
acks-light-lantern = фонарь
acks-light-burning = { $kind }, осталось ходов: { $turns }
acks-light-none = без света
acks-rest = Отдых
acks-rest-state = ходов без отдыха: { $turns }
acks-rest-due = пора отдохнуть
acks-fatigue = усталость: { $penalty } к броскам атаки и урону
acks-abilities = Характеристики
acks-ability-strength = Сила
acks-ability-intelligence = Интеллект
acks-ability-wisdom = Мудрость
acks-ability-dexterity = Ловкость
acks-ability-constitution = Телосложение
acks-ability-charisma = Харизма
acks-bed-rest = постельный режим, дней: { $days }
acks-sheet-gaps = Вид стола пока не передаёт бросок атаки, спасброски, воровские навыки и опыт.
acks-hidden = скрыто от игроков
acks-hit-dice = Кости хитов
acks-morale = Мораль
acks-attacks = Атаки

## Ход в подземелье
acks-dungeon = Ход в подземелье
acks-turn = Ходов прошло: { $turn }
acks-marching = Походный порядок: { $order }
acks-doors = Двери
acks-traps = Ловушки
acks-open = открыта
acks-character = Персонаж
acks-activity = В этот ход
acks-activity-explore = исследует
acks-activity-search = ищет
acks-activity-rest = отдыхает
acks-declare-turn = Объявить
acks-light-it = Зажечь
acks-refill = Долить масло в фонарь
acks-douse = Погасить
acks-at = Дверь или место
acks-listen = Слушать
acks-force = Выбить дверь
acks-unlock = Вскрыть замок
acks-area = Область
acks-looking-for = Что ищем
acks-looking-secret_doors = потайные двери
acks-looking-traps = ловушки
acks-search = Искать
acks-start-turns = Начать счёт ходов в подземелье
acks-end-turn = Закончить ход
acks-check-wandering = Проверка бродячих чудовищ
acks-results = Последние результаты
acks-no-results = Пока ничего не пробовали.
acks-listened = { $who } слушает у { $at }: { $heard ->
    [true] что-то слышно
   *[false] ничего не слышно
} (выпало { $face }; { $something ->
    [true] там кто-то есть
   *[false] там никого
})
acks-listen-result = { $who } слушает у { $at }: { $heard ->
    [true] что-то слышно
   *[false] ничего не слышно
}
acks-search-result = { $who } обыскивает { $area }: { $count ->
    [0] ничего не найдено
   *[other] найдено: { $found }
}
acks-door-forced = Дверь { $door }: { $opened ->
    [true] выбита
   *[false] устояла
} (выпало { $face })
acks-door-unlocked = Дверь { $door }: { $opened ->
    [true] открыта
   *[false] всё ещё заперта
}
acks-trap-sprung = { $who } задевает ловушку { $trap }
acks-wandering = Проверка бродячих чудовищ после хода { $turn }: выпало { $face }, { $come ->
    [true] чудовища идут
   *[false] никого
}

## Бой
acks-combat = Бой
acks-no-fight = Боя нет.
acks-begin = Начать бой со всеми, кто показан
acks-round = Раунд { $round }
acks-declaring = идут объявления
acks-tracker = Порядок инициативы
acks-count = Счёт
acks-combatant = Участник
acks-declaration = Объявление
acks-attacks-made = Атак сделано
acks-decl-none = нет
acks-decl-fighting_withdrawal = отход с боем
acks-decl-full_retreat = бегство
acks-decl-spell = творит { $spell }
acks-declare = Объявить
acks-initiative = Бросить инициативу
acks-acting = действует
acks-fallen = пал
acks-attack = Атака
acks-attacker = Атакующий
acks-target = Цель
acks-weapon = Урон оружия
acks-odds = Шансы до броска
acks-odds-result = Нужно выбросить на 1d20: { $needed }; шанс попасть { $hit } % ({ $exact }); урон в среднем { $damage }
acks-attack-throw = Сделать бросок атаки
acks-attacked = { $attacker } → { $target }: { $hit ->
    [true] попадание, урон { $damage }
   *[false] промах
} (выпало { $face }, нужно { $needed })
acks-judge-modifier = Модификатор Судьи
acks-morale-check = Проверить мораль
acks-morale-result = { $who }: { $result } (итог { $total })
acks-mortal-wounds = Смертельные раны
acks-timing = Помощь оказана в течение
acks-timing-round = раунда
acks-timing-turn = хода
acks-timing-hour = часа
acks-timing-day = дня
acks-timing-later = позже
acks-healing-spell = Уровень лечащего заклинания
acks-healer = лекарем
acks-treat = Бросок по смертельным ранам
acks-breakdown = Модификаторы: { $who }
acks-mod-hit_points = очки здоровья
acks-mod-constitution = Телосложение
acks-mod-nonlethal = несмертельный урон
acks-mod-healing_magic = лечащая магия
acks-mod-care = уход и время
acks-mod-total = модификатор всего
acks-roll-total = бросок с модификаторами
acks-end-fight = Закончить бой
