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
acks-reveal = Показать игрокам
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
acks-decl-casting = творит { $spell }
acks-decl-spell = заклинание
acks-spell = Заклинание
acks-trap = Ловушка
acks-trap-check = Проверить ловушку (тайно)
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

## Log lines (js/log.js: `ev-rules-<name>`, the event's fields as arguments)
ev-rules-pack_loaded = Пакет содержимого загружен
ev-rules-character_added = { $creature_name } за столом
ev-rules-monster_added = Добавлено чудовище: { $creature_name }
ev-rules-revealed = { $name } ({ $kind }) показан игрокам
ev-rules-row_overridden = Судья заменяет строку { $index } таблицы { $table }
ev-rules-hp_changed = { $creature }: очков здоровья теперь { $hp } ({ $cause })
ev-rules-marching_order_set = Походный порядок задан
ev-rules-mapper_set = Картограф выбран
ev-rules-door_spiked = { $character } заклинивает дверь { $door }
ev-rules-turn_declared = { $character } в этот ход { $activity ->
    [search] ищет
    [rest] отдыхает
   *[other] исследует
}
ev-rules-light_lit = { $character } зажигает { $light_kind ->
    [lantern] фонарь
   *[other] факел
}
ev-rules-lantern_refilled = { $character } доливает масло в фонарь
ev-rules-light_doused = { $character } гасит свет
ev-rules-turn_ended = Ход { $turn } в подземелье окончен
ev-rules-door_placed = Дверь { $door_id } поставлена: { $door_area }
ev-rules-trap_placed = Ловушка { $trap_id } поставлена: { $trap_area }
ev-rules-beyond_placed = За { $at }: { $creatures }
ev-rules-wandering_set = График бродячих чудовищ задан
ev-rules-listened = { $character } слушает у { $at } (выпало { $face }); что-то слышно: { $heard }
ev-rules-listen_result = { $character } слушает у { $at }; что-то слышно: { $heard }
ev-rules-searched = { $character } обыскивает { $area } (выпало { $face }); найдено: { $found }
ev-rules-search_result = { $character } обыскивает { $area }; найдено: { $found }
ev-rules-door_forced = { $characters } выбивают дверь { $door } (выпало { $face }); открыта: { $opened }
ev-rules-door_opened = Дверь { $door } открывается
ev-rules-door_unlocked = { $character } возится с дверью { $door }; открыта: { $opened }
ev-rules-trap_checked = Проверка ловушки { $trap } (выпало { $face }); срабатывает: { $springs }
ev-rules-trap_sprung = { $character } задевает ловушку { $trap }: { $area }
ev-rules-wandering_checked = Проверка бродячих чудовищ после хода { $turn } (выпало { $face }); чудовища идут: { $monsters_come }
ev-rules-encounter_begun = Начинается встреча: { $monsters }; расстояние в футах: { $distance_ft }
ev-rules-party_surprise = Брошена внезапность для отряда
ev-rules-monsters_surprise = Брошена внезапность для чудовищ
ev-rules-reaction_rolled = Брошена реакция чудовищ (за отряд говорит { $leader })
ev-rules-reaction_judged = Судья определяет реакцию
ev-rules-fled = { $characters } убегают; спаслись: { $escaped }
ev-rules-pursuit_rolled = Брошено преследование; погоня: { $pursues }
ev-rules-encounter_ended = Встреча окончена
ev-rules-obstacle_rolled = { $character } встречает препятствие (выпало { $face }); упал: { $fell }
ev-rules-treasure_checked = Проверка брошенных сокровищ (выпало { $face }); погоня останавливается: { $stop }
ev-rules-level_row_entered = Строка уровня подземелья внесена
ev-rules-number_rolled = Число встреченных { $card }: { $number }
ev-rules-sneak_resolved = { $characters } крадутся; незамечены: { $unnoticed }
ev-rules-combat_begun = Бой начинается: { $combatants }
ev-rules-declared = { $creature } объявляет действие на раунд
ev-rules-initiative_rolled = Брошена инициатива на раунд { $round }
ev-rules-delayed = { $creature } выжидает до счёта { $count }
ev-rules-moved = { $creature } { $kind ->
    [charge] идёт в натиск
    [run] бежит
    [stand] встаёт
    [withdraw] отходит
   *[other] продвигается
}; футов: { $feet }
ev-rules-charge_spent = Натиск { $creature } исчерпан
ev-rules-attacked = { $attacker } атакует { $target }: нужно { $needed }, выброшено { $total }; попадание: { $hit }; урон: { $damage }
ev-rules-attack_seen = { $attacker } атакует { $target }; попадание: { $hit }; урон: { $damage }
ev-rules-maneuver_resolved = { $attacker } применяет особый приём к { $target }; спасбросок удался: { $saved }
ev-rules-spell_disrupted = { $creature } теряет заклинание { $spell }
ev-rules-downed = { $creature } повержен
ev-rules-fell = { $creature } падает
ev-rules-morale_due = Пора проверить мораль
ev-rules-morale_checked = { $creature } проверяет мораль: { $result }
ev-rules-wound_treated = { $character }: бросок смертельных ран { $total }; { $wound }; { $recovery }
ev-rules-life_restored = { $character }: попытка вернуть к жизни; удалась: { $restored }
ev-rules-round_ended = Раунд { $round } окончен
ev-rules-combat_over = Бой окончен
