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
acks-sheet-gaps = Броски атаки и спасброски появятся, когда класс персонажа будет в загруженном наборе.
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

## Морская панель
acks-no-ship = Судна пока нет.
acks-sunk = затонуло
acks-anchored = на якоре
acks-no-wind = Ветер на день ещё не брошен.
acks-roll-wind = Бросить ветер
acks-waters = Воды
acks-waters-river_or_lake = река или озеро
acks-waters-coast = побережье
acks-waters-open_sea = открытое море
acks-against-wind = Против ветра
acks-sail = Плыть день
acks-storm = Час шторма
acks-vessel-river_boat = речная лодка
acks-vessel-sailing_boat = парусная лодка
acks-vessel-canoe = каноэ
acks-vessel-large_galley = большая галера
acks-vessel-small_galley = малая галера
acks-vessel-war_galley = боевая галера
acks-vessel-lifeboat = спасательная шлюпка
acks-vessel-longship = ладья
acks-vessel-raft = плот
acks-vessel-large_sailing_ship = большой парусник
acks-vessel-small_sailing_ship = малый парусник
acks-vessel-large_troop_transport = большой транспорт
acks-vessel-small_troop_transport = малый транспорт
acks-wind-becalmed = штиль
acks-wind-light_breeze = лёгкий бриз
acks-wind-moderate_breeze = умеренный бриз
acks-wind-average_winds = средний ветер
acks-wind-strong_winds = сильный ветер
acks-wind-very_strong_winds = очень сильный ветер
acks-wind-gale = буря

## Дикая местность (строки журнала)
ev-rules-hexes_set = Судья рисует карту дикой местности
ev-rules-hexes_seen = Карта дикой местности обновлена
ev-rules-party_placed = Отряд в гексе { $q }, { $r }
ev-rules-true_course_set = Судья задаёт истинный гекс отряда { $q }, { $r }, отклонение { $drift }
ev-rules-wild_wandering_set = График проверок бродячих чудовищ в дикой местности задан
ev-rules-outdoors_set = { $character }: ориентирование { $navigation }, выживание { $survival }
ev-rules-supplies_set = У { $character } еды на { $food_days } дн. и воды на { $water_days } дн.
ev-rules-day_begun = День { $day }: { $kind ->
    [travel] путешествие
    [forced_march] форсированный марш
    [hunt] охота
   *[rest] отдых
}
ev-rules-navigated = Бросок ориентирования за день { $day }: { $face } + { $bonus } против { $throw }; по курсу: { $on_course }; заблудились: { $lost }
ev-rules-day_travelled = День { $day }: { $miles } миль по расчёту отряда, на деле { $true_miles }
ev-rules-day_travelled_seen = День { $day }: отряд проходит { $miles } миль
ev-rules-foraged = { $character } собирает пищу: { $total } против { $throw }; хватит на { $fed }
ev-rules-hunted = { $character } охотится: { $total } против { $throw }; хватит на { $fed }
ev-rules-wild_wandering_checked = Проверка бродячих чудовищ в день { $day } (выпало { $face }); чудовища идут: { $monsters_come }
ev-rules-day_ended = День { $day } окончен
ev-rules-day_provisioned = Отряд ест и пьёт; свежей еды осталось: { $fresh_food_left }

## Опыт (строки журнала)
ev-rules-xp_set = У { $character } { $xp } опыта
ev-rules-xp_table_set = Таблица опыта класса { $class } задана
ev-rules-monsters_counted = Побеждены чудовища: { $count } × { $card }, опыт: { $total }
ev-rules-treasure_counted = Вынесено { $gp } зм; даёт опыт: { $earns_xp }
ev-rules-xp_awarded = { $character } получает { $adjusted } опыта (доля { $share }, основная характеристика { $percent } %); теперь { $xp }
ev-rules-adventure_closed = { $pool } опыта приключения поделены
ev-rules-advanced = { $character } достигает { $level }-го уровня: ещё { $hp_gain } очков здоровья
ev-rules-inheritance_left = { $character } оставляет наследство: { $after_fee } зм за вычетом платы банку
ev-rules-reserve_added = { $character } тратит { $gp } зм: { $reserve_xp } запасного опыта
ev-rules-heir_named = { $character } наследует { $gp } зм и { $reserve_xp } опыта

## День в дикой местности
acks-tab-wilderness = Дикая местность
acks-wilderness = День в дикой местности
acks-wild-day = День { $day }
acks-wild-today = сегодня: { $kind ->
    [travel] путешествие
    [forced_march] форсированный марш
    [hunt] охота
   *[rest] отдых
}
acks-wild-travel-days = Дней пути без отдыха: { $days }
acks-wild-penalty = без отдыха: { $penalty } к броскам атаки и урона
acks-wild-rest-owed = положен день отдыха
acks-wild-no-party = Отряда ещё нет на карте.
acks-wild-believed = Где отряд считает себя: гекс { $hex }
acks-wild-true = Истинный гекс (знает только Судья): { $hex }
acks-wild-lost = заблудились
acks-wild-fresh = Свежей еды: { $count ->
    [one] { $count } паёк
    [few] { $count } пайка
    [many] { $count } пайков
   *[other] { $count } пайка
}
acks-wild-map = Карта вокруг отряда
acks-wild-here = отряд
acks-wild-truly-here = на самом деле здесь
acks-wild-road = дорога
acks-wild-shown = виден игрокам
acks-wild-forage = Собирать пищу
acks-wild-hunt = Охотиться весь день
acks-wild-travel = Идти день
acks-wild-rest = Отдыхать день
acks-wild-end-day = Закончить день
acks-wild-heading = Направление
acks-wild-forced = Форсированный марш
acks-wild-following = По дороге, тропе или ориентиру
acks-wild-flying = По воздуху
acks-wild-hex = Карта и истинный курс
acks-wild-q = Столбец (q)
acks-wild-r = Ряд (r)
acks-wild-draw = Нарисовать гекс
acks-wild-place = Поставить отряд сюда
acks-wild-drift = Отклонение, сторон по часовой
acks-wild-true-course = Задать истинный гекс
acks-wild-found = Отряд находит дорогу
acks-wild-no-results = Пока ничего.
acks-terrain = Местность
acks-terrain-clear = открытая местность
acks-terrain-coast = побережье
acks-terrain-desert = пустыня
acks-terrain-hills = холмы
acks-terrain-woods = лес
acks-terrain-jungle = джунгли
acks-terrain-swamp = болото
acks-terrain-mountains = горы
acks-heading-north = север
acks-heading-north_east = северо-восток
acks-heading-south_east = юго-восток
acks-heading-south = юг
acks-heading-south_west = юго-запад
acks-heading-north_west = северо-запад

## Опыт на листе
acks-xp = Опыт
acks-xp-value = { $xp } опыта; следующий уровень на { $next }
acks-xp-cap = не больше { $cap } после этого приключения

## Море (строки журнала)
ev-rules-ship_set = Судно отряда: { $ship_vessel }, структурных хитов { $ship_shp }
ev-rules-anchor_set = На якоре: { $at_anchor }
ev-rules-wind_rolled = Ветер дня: { $wind } (выпало { $face })
ev-rules-sea_navigated = Бросок ориентирования в море: { $face } + { $bonus } против { $throw }; по курсу: { $on_course }; заблудились: { $lost }
ev-rules-sailed = День { $day }: { $miles } миль по морю по расчёту отряда; на вёслах: { $rowing }
ev-rules-sailed_seen = День { $day }: судно проходит { $miles } миль; на вёслах: { $rowing }
ev-rules-storm_hour = Час шторма: { $damage } структурного урона, осталось { $shp }; тонет: { $sinks }
ev-rules-fished = { $character } рыбачит: { $total } против { $throw }; хватит на { $fed }
ev-rules-scurvy_week = Неделя в море; свежая еда: { $fresh_food }; дней на походной еде: { $days_on_iron }

## Броски на листе персонажа (поле `sheet` вида, по таблицам T-13, T-19 и T-22)
acks-attack-throw-label = Бросок атаки
acks-attack-throw-value = { $throw }+ (ближний бой { $melee }, стрельба { $missile })
acks-rest-penalty = пропущен отдых: { $penalty } к броскам атаки и урону
acks-hp-nonlethal = Очки здоровья и несмертельный урон
acks-hp-tally = { $hp } из { $max } (несмертельный урон: { $nonlethal })
acks-saves = Спасброски
acks-save-paralysis = Окаменение и паралич
acks-save-death = Яд и смерть
acks-save-breath = Взрыв и дыхание
acks-save-wands = Посохи и жезлы
acks-save-spells = Заклинания
acks-thief-skills = Умения вора
acks-skill-open_locks = Взлом замков
acks-skill-find_remove_traps = Поиск и обезвреживание ловушек
acks-skill-pick_pockets = Карманная кража
acks-skill-move_silently = Бесшумное движение
acks-skill-climb_walls = Лазание по стенам
acks-skill-hide_in_shadows = Укрытие в тени
acks-skill-hear_noise = Слышать шум

## Названные модификаторы атаки (attack_odds и разбор атаки)
acks-atk-mod = { $name }: { $attack } к попаданию, { $damage } к урону
acks-atkmod-bonus = свой бонус
acks-atkmod-strength = Сила
acks-atkmod-dexterity = Ловкость
acks-atkmod-range = дистанция
acks-atkmod-maneuver = особый приём
acks-atkmod-skipped_rest = пропущен отдых в подземелье
acks-atkmod-missed_rest_days = дни без отдыха в пути
acks-atkmod-attacker_cannot_see = атакующий не видит
acks-atkmod-invisible_target = невидимая цель
acks-atkmod-charging = натиск
acks-atkmod-target_surprised = цель застигнута врасплох
acks-atkmod-target_in_full_retreat = цель в полном отступлении
acks-atkmod-target_prone = цель лежит
acks-atkmod-attacker_prone = атакующий лежит
acks-atkmod-target_held = цель схвачена
acks-atkmod-two_weapons = два оружия
acks-atkmod-boarding = абордаж
acks-atkmod-special_maneuver = особый приём
acks-atkmod-sunder_other_weapon = разрушение оружия
acks-atkmod-kick = пинок

## Столкновение
acks-encounter = Столкновение
acks-no-encounter = Столкновения сейчас нет.
acks-enc-monsters = Монстры
acks-enc-distance = Расстояние (знает Судья)
acks-enc-party-surprised = Застигнуты врасплох в отряде
acks-enc-monsters-surprised = Застигнутые врасплох монстры (знает Судья)
acks-enc-reaction = Реакция (знает Судья)
acks-enc-not-rolled = ещё не брошено
acks-enc-fled = Бегство
acks-enc-fled-value = { $who }; ушли сразу: { $escaped }
acks-enc-begin = Начать столкновение
acks-enc-no-monsters = Сначала добавьте монстров.
acks-enc-origin = Происхождение
acks-enc-origin-random = случайное (блуждающие)
acks-enc-origin-planned = запланированное
acks-enc-distance-given = Расстояние в футах (пусто: бросок втайне)
acks-enc-start = Начать
acks-enc-monsters-light = У монстров есть свет
acks-enc-roll-surprise = Бросить внезапность
acks-enc-leader = Говорит за отряд
acks-enc-roll-reaction = Бросить реакцию втайне
acks-enc-judge-reaction = Реакция по решению Судьи
acks-enc-settle = Утвердить реакцию
acks-enc-rounds = Длилось раундов
acks-enc-end = Завершить столкновение
acks-enc-flee = Бежать
acks-reaction-hostile = враждебная, нападает
acks-reaction-unfriendly = недружелюбная, может напасть
acks-reaction-neutral = нейтральная, неуверенная
acks-reaction-indifferent = безразличная, без интереса
acks-reaction-friendly = дружелюбная, готова помочь
acks-cleave = рассечение
acks-cleave-earned = даёт рассечение
## h-fcweb
acks-forecast-heading = Прогноз боя
acks-forecast-hint = Разыгрывает бой много раз по правилам стола на сервере; в журнал ничего не пишется, прогноз видите только вы (Судья).
acks-forecast-runs = Прогонов
acks-forecast-button = Прогноз
acks-forecast-running = Разыгрываю { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}…
acks-forecast-title = Прогноз: кто победит в бою
acks-forecast-note = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}, зерно { $seed }, стратегия { $policy }
acks-forecast-side-characters = Персонажи
acks-forecast-side-monsters = Монстры
acks-forecast-draw = Никто (предел раундов)
acks-forecast-creatures = Шансы каждого существа
acks-forecast-m-dies = Погибает
acks-forecast-m-knocked_out = Выходит из боя без сил
acks-forecast-m-drops_to_0_hp = Падает до 0 хитов
acks-forecast-hp-left = { $name }: осталось хитов
acks-forecast-rounds = Сколько раундов длится бой
acks-forecast-round = Раундов
acks-forecast-close = Скрыть прогноз
acks-forecast-policy-tactical = тактическая
acks-forecast-policy-defaults = предложенные по умолчанию
acks-forecast-m-flees = Сбегает
acks-forecast-combatants = Кто сражается
acks-forecast-weapons = Кубы урона оружия (пусто: собственное оружие персонажа)

## h-mounted
ev-rules-mounted = { $rider } верхом на { $mount }; боевой конь: { $war_mount }; боевое седло: { $war_saddle }; верховая езда: { $riding }
ev-rules-dismounted = { $rider } спешивается с { $mount } вместо { $instead_of ->
    [movement] движения
   *[attack] атаки
}
ev-rules-saddle_save = { $rider } делает спасбросок против парализации, чтобы удержаться в седле: выброшено { $face }, нужно { $needed }; удержался: { $saved }
ev-rules-unhorsed = { $rider } падает с { $mount } ({ $cause ->
    [saddle_save_failed] спасбросок провален
    [rider_down] всадник повержен
   *[mount_down] животное повержено
}); урон от падения: { $fall_damage }
ev-rules-mount_morale_due = У { $mount } осталась половина хитов: пора проверить мораль (всадник может успокоить: { $rider_may_calm })
ev-rules-ship_joined = { $name } ({ $ship }) вступает в бой: КБ { $ac }, структурные хиты: { $shp }, скорость: { $speed }
ev-rules-ship_damaged = { $ship } получает структурный урон: { $shp }; осталось: { $shp_after }
ev-rules-ship_sinking = { $ship } выведен из строя и затонет через раунды: { $rounds }
ev-rules-rowers_lost = { $ship } теряет гребцов на вёслах: { $lost }; скорость теперь { $speed_after }
ev-rules-ship_repaired = Команда чинит { $ship }: { $shp } стр. хитов; теперь { $shp_after }
ev-rules-rammed = { $ship } таранит { $target }: нужно { $needed }, выброшено { $total }; попадание: { $hit }; урон: { $damage }
ev-rules-shot_fired = { $piece } корабля { $ship } стреляет по { $target }: нужно { $needed }, выброшено { $total }; попадание: { $hit }; структурный урон: { $shp_damage }; поджог: { $set_afire }
ev-rules-grapple_tried = { $ship } пытается взять { $target } на абордаж; сцепились: { $grappled }
ev-rules-naval_round_ended = Морской раунд { $round } окончен
ev-rules-boarded = Абордаж с { $from } на { $onto }: { $creatures }
ev-rules-fire_fought = Команда тушит пожар на { $ship }: рук — { $crew }; ходов до конца: { $turns }
ev-rules-ship_burned = Смола горит на { $ship }: { $shp } стр. хитов; пожар потушен: { $fires_out }

## judge-tables
acks-tables = Таблицы
acks-tables-hint = Таблицы кампании в их нынешнем виде. Любую строку можно заменить своей (в журнале останутся старая и новая строка); строки, утерянные в книге, вносятся здесь.
acks-tables-load = Показать таблицы
acks-tables-pick = Таблица
acks-tables-not-found = в книге нет: внесите строки
acks-tables-changed = { $count ->
    [one] изменена { $count } строка
    [few] изменены { $count } строки
    [many] изменено { $count } строк
   *[other] изменено { $count } строки
}
acks-tables-row-changed = (изменена)
acks-tables-edit = Править
acks-tables-edit-row = Править строку { $row }
acks-tables-row-json = Строка в виде JSON
acks-tables-replace = Заменить строку
acks-tables-replaced = { $id }: строка { $row } заменена
acks-tables-bad-json = Это не JSON: проверьте скобки, кавычки и запятые
acks-tables-yes = да
acks-tables-no = нет
acks-tables-xp = Таблица опыта класса
acks-tables-xp-class = Класс
acks-tables-xp-thresholds = Опыт для 2-го, 3-го… уровня (через запятую)
acks-tables-xp-save = Сохранить таблицу опыта
acks-tables-xp-set = { $class }: таблица опыта сохранена ({ $count ->
    [one] { $count } уровень
    [few] { $count } уровня
    [many] { $count } уровней
   *[other] { $count } уровня
})
acks-tables-xp-entered = Внесено: { $list }

## h-acksland
ev-rules-flying_height_set = { $creature } в воздухе на высоте { $height_ft } фт (0 — на земле)
ev-rules-zero_level_converted = { $character } становится воином 1-го уровня ({ $class }): на 1d8 выпало { $face } против прежних хитов { $old_hp }, остаётся { $max_hp }
ev-rules-proficiency_gained = { $character } получает навык: { $proficiency }
ev-rules-proficiency_drop_due = { $character } достигает { $level }-го уровня и должен забыть старые навыки (осталось убрать: { $due }): { $old_proficiencies }
ev-rules-proficiency_dropped = { $character } забывает навык: { $proficiency }
ev-rules-travel_slowed = День { $day }: { $kind ->
    [canyon] каньон
    [broad_river] широкая река
    [river] река
   *[other] препятствие
} в гексе { $q }, { $r } замедляет движение до { $pace_percent } %
acks-mounting = Всадники и верховые животные
acks-mounting-none = В этом бою никто не сидит верхом.
acks-pair = { $rider } верхом на { $mount }
acks-flying-at = в воздухе на высоте { $height } фт
acks-mount-rider = Всадник
acks-mount-mount = Верховое животное
acks-war-mount = Боевой конь
acks-war-saddle = Боевое седло
acks-riding = Навык верховой езды
acks-mount = Посадить верхом
acks-fly-who = Летун
acks-fly-height = Высота (фт, 0 — на земле)
acks-fly = Задать высоту
acks-dismount = Спешиться
acks-charge-feet = Расстояние натиска (фт)
acks-charge-weapon = Оружие
acks-charge-weapon-lance = конное копьё
acks-charge-weapon-spear = копьё
acks-charge-weapon-polearm = древковое оружие
acks-charge-weapon-suitable_natural = рога и подобное
acks-charge-weapon-other = другое
acks-charge = Натиск
acks-mount-results = Седло и падения
acks-mount-no-results = Спасбросков в седле и падений пока не было.
acks-land = Рисование карты
acks-land-map = Карта, какой её знает это место
acks-land-tool = Инструмент
acks-land-tool-paint = Рисовать гексы
acks-land-tool-party = Поставить отряд
acks-land-tool-true = Задать истинный гекс
acks-land-feature = Препятствие
acks-land-feature-none = нет
acks-land-feature-canyon = каньон
acks-land-feature-broad_river = широкая река
acks-land-feature-river = река
acks-land-feature-other = другое
acks-land-pace = Скорость через гекс (%)
acks-land-canvas = Холст Судьи: нарисовано гексов: { $count }
acks-land-hex = Гекс { $q }, { $r }
acks-land-empty = не нарисован
acks-land-hidden = скрыт от игроков
acks-land-send = Отправить нарисованные гексы ({ $count })
acks-land-discard = Отменить
acks-land-hint = Выберите инструмент, затем гекс; нарисованное ждёт отправки.
acks-land-slowed = Замедление сегодня
acks-zero = Персонажи 0-го уровня и старые навыки
acks-zero-line = { $name }: 0-й уровень, { $xp } из { $next } опыта до воина
acks-drops-due = { $name } должен забыть старые навыки: { $count ->
    [one] остался { $count }
    [few] осталось { $count }
    [many] осталось { $count }
   *[other] осталось { $count }
}
acks-drop = Забыть
acks-drop-which = Старый навык

## main
acks-zero-level = 0-й уровень, пока без класса
acks-class-proficiency-due = { $name } выбирает классовый навык воина
acks-class-proficiency = Классовый навык
acks-class-proficiency-pick = Взять
acks-powers = Умения класса
ev-rules-class_proficiency_chosen = { $character } берёт классовый навык: { $proficiency }

## h-naval
acks-tab-sea = Море
acks-voyage = Плавание
acks-voyage-vessel = Судно
acks-voyage-beached = на берегу
acks-voyage-shp = Структурные хиты
acks-voyage-shp-value = { $shp } из { $most }
acks-voyage-speed = Скорость
acks-voyage-speed-value = под парусом { $sail } фт за раунд, на вёслах { $oar } фт за раунд; миль в день: под парусом { $sailmi }, на вёслах { $oarmi }
acks-voyage-crew = Команда (T-05)
acks-voyage-crew-value = моряков: { $sailors }, гребцов: { $rowers }, морских пехотинцев: { $marines }
acks-voyage-nights = Ночью
acks-voyage-stops = останавливается каждую ночь
acks-voyage-sails-on = может идти и ночью с навигатором
acks-voyage-wind = Ветер сегодня
acks-voyage-day = Пройдено за день
acks-voyage-day-value = день { $day }: миль — { $miles }; на вёслах: { $rowing }
acks-voyage-storm = Часы шторма сегодня
acks-voyage-storm-value = пережито в море: { $n }
acks-voyage-iron = Дни на походной еде
acks-voyage-iron-value = без свежей еды: { $n }
acks-voyage-scurvy = { $who }: СИЛ и ТЕЛ в начале { $str } и { $con }; погиб: { $dead }
acks-voyage-set = Судно отряда
acks-voyage-set-ship = Назначить судно
acks-voyage-the-day = День в море
acks-voyage-heading = Курс
acks-voyage-day-and-night = Идти день и ночь (навигатор)
acks-voyage-open-coast = В виду открытый берег
acks-voyage-beach = Пристать к берегу
acks-voyage-weigh = Сняться с якоря
acks-voyage-drop = Встать на якорь
acks-voyage-fresh = Свежая еда на этой неделе
acks-voyage-week = Закрыть неделю (цинга)
acks-voyage-fish = Рыбачить
acks-naval = Морской бой
acks-naval-ships = Корабли (морской раунд { $round })
acks-naval-ship = Корабль
acks-naval-speed = Скорость (фт за раунд)
acks-naval-speed-value = { $speed }; прошёл в этом раунде: { $went }
acks-naval-rowers = Гребцы
acks-naval-captain = Капитан
acks-naval-gunner = Обслуга орудия
acks-naval-pieces = Корабельные орудия
acks-naval-piece = { $piece } ({ $kind }), обслуга { $gunner }, раундов до выстрела: { $reloading }
acks-naval-kind-ballista = баллиста
acks-naval-kind-light_catapult = лёгкая катапульта
acks-naval-kind-heavy_catapult = тяжёлая катапульта
acks-naval-state = Состояние
acks-naval-sinking = затонет через раундов: { $rounds }
acks-naval-burning = очагов пожара: { $fires }
acks-naval-grappled = сцеплен с { $ships }
acks-naval-no-ships = Корабли в бою не участвуют.
acks-naval-order = Порядок кораблей в этом раунде по счёту инициативы
acks-naval-count = Счёт { $count }:
acks-naval-moves = { $ship } движется
acks-naval-station = { $station } с корабля { $ship }
acks-naval-now = Сейчас действует: { $who }
acks-naval-move = Движение корабля (на счёт капитана)
acks-naval-feet = Футов (скорость { $speed })
acks-naval-move-go = Двигаться
acks-naval-join = Корабль вступает в бой
acks-naval-id = Код корабля
acks-naval-name = Название
acks-naval-piece-name = Орудие
acks-naval-join-go = Ввести в бой
acks-naval-acts = Действия кораблей (Судья)
acks-naval-target = Корабль-цель
acks-naval-marines = Морская пехота на борту
acks-naval-hit = Существа на линии или в области
acks-naval-boarders = Абордажная команда
acks-naval-assign = Расставить команду
acks-naval-ram-size = Таран
acks-naval-ram-small = малое судно
acks-naval-ram-large = большое судно
acks-naval-throw = Бросок атаки тарана
acks-naval-ram = Таранить
acks-naval-ammunition = Снаряды
acks-naval-ammo-shot = стрелы или камни
acks-naval-ammo-pitch = горящая смола
acks-naval-distance = Дистанция
acks-naval-crew = Обслуга у орудия
acks-naval-fire = Стрелять по кораблю
acks-naval-in-the-line = В бою нет позиций: отметьте существ на линии или в области выстрела.
acks-naval-fire-creatures = Стрелять по существам
acks-naval-both-want = Обе команды хотят абордажа
acks-naval-grapple = Сцепиться абордажными кошками
acks-naval-board = Взять корабль-цель на абордаж
acks-naval-end-round = Закончить морской раунд
ev-rules-beached = Галера ищет берег в шторм (открытый берег: { $open_coast }; иначе бросок ориентирования против { $throw }); пристала: { $beached }
ev-rules-crew_assigned = { $ship }: капитан { $captain }; морская пехота: { $marines }
ev-rules-ship_moved = { $ship } проходит { $feet } фт на счёт капитана (скорость { $speed })
ev-rules-shot_at_creatures = { $piece } корабля { $ship } стреляет по существам ({ $dice } каждому, область: { $area }): { $targets }; урон: { $damage }

## h-acksex
ev-rules-wild_evasion_rolled = Уклонение в дикой местности: { $characters } убегают от { $pursuers ->
    [one] { $pursuers } преследователя
    [few] { $pursuers } преследователей
    [many] { $pursuers } преследователей
   *[other] { $pursuers } преследователя
}, нужно { $throw }+ (шанс { $chance }); ушли: { $escaped }
acks-enc-yards = { $yards ->
    [one] { $yards } ярд
    [few] { $yards } ярда
    [many] { $yards } ярдов
   *[other] { $yards } ярда
} (выпало { $rolled })
acks-enc-terrain = Где (таблица дистанции)
acks-enc-terrain-dungeon = Подземелье (футы)
acks-enc-terrain-badlands = Бесплодные земли
acks-enc-terrain-desert = Пустыня
acks-enc-terrain-fields_fallow = Поля под паром
acks-enc-terrain-fields_ripe = Поля со зрелым урожаем
acks-enc-terrain-fields_wild = Дикие поля
acks-enc-terrain-heavy_forest_or_jungle = Густой лес или джунгли
acks-enc-terrain-light_forest = Редколесье
acks-enc-terrain-marsh = Болото
acks-enc-terrain-mountains = Горы
acks-enc-terrain-plains = Равнина
acks-enc-terrain-sea = Море
acks-enc-height = Рост самого высокого существа, футы (пусто: 6)
acks-enc-elevation = Возвышение наблюдателей, футы (пусто: 0)
acks-enc-dense-woods = Рядом густой лес (+5)
acks-enc-evade = Бросок уклонения отряда
acks-naval-pitch = Горящая смола
acks-naval-pitch-area = { $area }: { $dice } огнём каждый раунд в области { $feet } фт; сейчас в ней: { $who }
acks-naval-pitch-in = Кто в { $area }
acks-naval-pitch-set = Отметить, кто в ней
acks-naval-pitch-out = Потушить
ev-rules-pitch_burning = Горящая смола из { $piece } ({ $ship }) продолжает гореть ({ $area })
ev-rules-pitch_area_set = В горящей смоле { $area } сейчас: { $creatures }
ev-rules-pitch_burned = Смола { $area } жжёт: { $creatures }; { $dice } = { $damage }
ev-rules-pitch_out = Смола { $area } погасла
acks-chase-faster = Преследователи быстрее
acks-chase-day = День погони
ev-rules-chase_day = День погони за: { $characters }; догнали: { $caught }
