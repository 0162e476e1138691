# Crows refusals in words (Russian). Loaded with a seat's first command, not with the page
# (js/i18n.js `addMessages`): only a seat that acts can be refused.

## Refusals
## Every refusal the Crows ruleset gives, in words: js/log.js `refusalText` tries
## `err-<code>-<reason>`, then `err-<source>-<reason>`, then `err-<code>`.
err-slot_taken-occupied = { err-slot_taken }
## Причины отказов чистых правил: `err-<source>-<reason>` (js/log.js `refusalText`), с фактами
## отказа в аргументах; правило клиент добавляет один раз в конце.
err-inventory-no_such_slot = Нет такого слота: { $kind ->
    [hand] слот руки
    [belt] слот пояса
   *[backpack] слот рюкзака
} { $number }
err-inventory-slot_count_mismatch = { $item } занимает слотов: { $needed }, а указано: { $given }
err-inventory-mixed_slot_kinds = Предмет на несколько слотов лежит в слотах одного вида
err-inventory-not_consecutive = Предмет на несколько слотов лежит в соседних слотах
err-inventory-spans_backpack_rows = За этим столом рюкзак — два ряда по пять: предмет не может лежать сразу в обоих рядах
err-inventory-occupied = Уже занят: { $slot_kind ->
    [hand] слот руки
    [belt] слот пояса
   *[backpack] слот рюкзака
} { $slot_number }
err-inventory-stack_in_hand = В руке держат один предмет, а не стопку
err-inventory-stack_kind_mismatch = В стопке предметы одного вида: здесь { $existing }, а не { $new }
err-inventory-stack_full = Стопка в слоте ({ $slot_kind ->
    [hand] слот руки
    [belt] слот пояса
   *[backpack] слот рюкзака
} { $slot_number }) полна: предел { $limit }
err-inventory-wound_fills_slot = В слоте ({ $slot_kind ->
    [hand] слот руки
    [belt] слот пояса
   *[backpack] слот рюкзака
} { $slot_number }) рана: за этим столом такой слот занят
err-inventory-corpse_outside_backpack = За этим столом труп носят только в слотах рюкзака
err-inventory-unknown_item = Такого предмета здесь нет
err-inventory-duplicate_item = Такой номер предмета уже занят
err-inventory-too_big_for_hands = { $item }: { $needed ->
    [one] нужен { $needed } слот рук
    [few] нужно { $needed } слота рук
    [many] нужно { $needed } слотов рук
   *[other] нужно { $needed } слота рук
}, а есть — { $hands }
err-inventory-not_equipped = { $value }: предмет нужно держать в руке, чтобы им пользоваться
err-inventory-combat_move_not_allowed = В боевых раундах перекладывают только между слотами рук и пояса, и это манёвр
err-inventory-use_draw_from_backpack = В боевых раундах из рюкзака достают броском 1d10
err-inventory-bad_d10 = Предмет из рюкзака достают броском d10: грани { $value } у него нет
err-inventory-not_in_backpack = { $value }: этого предмета нет в рюкзаке
err-inventory-not_backpack_rearrangement = После неудачного броска можно переложить только предметы рюкзака
err-inventory-not_magic = { $value }: это не магический предмет
err-inventory-wrong_magic_slot = { $item }: его место — магический слот { $required ->
    [Head] «Голова»
    [Neck] «Шея»
    [Waist] «Пояс»
    [Arms] «Руки»
    [Finger] «Палец»
   *[Feet] «Ступни»
}, а не { $given ->
    [Head] «Голова»
    [Neck] «Шея»
    [Waist] «Пояс»
    [Arms] «Руки»
    [Finger] «Палец»
   *[Feet] «Ступни»
}
err-inventory-magic_slot_overloaded = В магическом слоте { $value ->
    [Head] «Голова»
    [Neck] «Шея»
    [Waist] «Пояс»
    [Arms] «Руки»
    [Finger] «Палец»
   *[Feet] «Ступни»
} больше одного предмета: отдых невозможен, пока это так
err-inventory-not_armor = { $value }: это не доспех, который надевают (щиты держат в руке, а не надевают)
err-inventory-armor_not_in_backpack = Надетый доспех лежит в слотах рюкзака
err-inventory-armor_change_in_combat = Доспех надевают только вне боевых раундов
err-inventory-no_such_backpack_slot = Раны кладут в слоты рюкзака, а слота рюкзака { $value } нет
err-inventory-already_wounded = В слоте рюкзака { $value } уже есть рана
err-inventory-wound_needs_empty_slot = За этим столом рана ложится в пустой слот, а в слоте рюкзака { $value } лежит предмет
err-inventory-no_wound = В слоте рюкзака { $value } нет раны
err-inventory-bad_d6 = На d6 выпадает от 1 до 6, а не { $value }
err-inventory-no_slots = Предмет занимает хотя бы один слот
err-inventory-draw_outside_combat = Вне боевых раундов предметы перекладывают свободно: тянуть из рюкзака не нужно
err-inventory-no_armor_worn = Доспех не надет
err-inventory-nothing_to_edit = Укажите новое название предмета или заметки
err-inventory-rename_refused = Переименовывает карточку предмета только Рефери; игрок пишет заметки
err-inventory-bad_item_name = Название предмета: длина от 1 до { $max }
err-inventory-slot_unusable = «{ $item }»: этот слот нельзя использовать, пока действует эффект
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
err-fight-move_exhausted = Для перемещения { $wanted ->
    [one] нужна { $wanted } клетка
    [few] нужно { $wanted } клетки
    [many] нужно { $wanted } клеток
   *[other] нужно { $wanted } клетки
}, а в этом боевом ходу осталось: { $left }
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
err-fight-out_of_reach = До цели { $distance ->
    [one] { $distance } клетка
    [few] { $distance } клетки
    [many] { $distance } клеток
   *[other] { $distance } клетки
}, а досягаемость — { $reach }
err-fight-spell_out_of_range = До цели { $distance ->
    [one] { $distance } клетка
    [few] { $distance } клетки
    [many] { $distance } клеток
   *[other] { $distance } клетки
}, а дальность заклинания — { $range }
err-fight-parity_die_needed = Рядом с целью стоят союзники: кого задело, решает кость чётности
err-fight-target_too_large = Цель должна быть не больше атакующего
err-fight-target_not_in_reach = Цель должна быть в пределах досягаемости
err-fight-already_holding = Схватить можно только одно существо за раз
err-fight-not_grabbed = Вырваться может только схваченное существо
err-fight-taunt_too_far = До существа { $distance ->
    [one] { $distance } клетка
    [few] { $distance } клетки
    [many] { $distance } клеток
   *[other] { $distance } клетки
}, а насмешка достаёт на 10
err-fight-taunt_no_line_of_effect = Для насмешки нужна линия эффекта до существа
err-fight-pet_already_commanded = Этому питомцу уже отдали команду в этом раунде
err-fight-no_fight = Бой не идёт
err-fight-not_a_participant = { $creature } не участвует в бою: сначала поставьте на сетку
err-fight-not_your_side = Сторону воронов упорядочивают игроки, сторону противников — Рефери
err-fight-round_not_over_for = Раунд не окончен: у { $value } ещё не было боевого хода
err-fight-not_a_player = { $roller } — не игрок за этим столом, а инициативу стороны бросает игрок{ $no_player_seated ->
    [true] ; если игроков нет, укажите Рефери
   *[other] {""}
}
err-fight-round_running = Раунд уже идёт
err-fight-not_the_turn_of = Сейчас не боевой ход существа { $creature }, а чужой боевой ход не прерывают
err-fight-unconscious = { $creature }: без сознания, ни манёвров, ни действий
err-fight-reaction_pending = Провоцированная атака против этого существа ещё ждёт ответа
err-fight-speed_zero = { $creature }: скорость 0, перемещаться нельзя
err-fight-holds_no_creature = { $creature } никого не держит схваченным
err-fight-reposition_too_far = До этой клетки { $distance ->
    [one] { $distance } клетка
    [few] { $distance } клетки
    [many] { $distance } клеток
   *[other] { $distance } клетки
}, а захват достаёт только на { $range }
err-fight-reposition_blocked = Эта клетка непроходима или занята
err-fight-already_there = { $creature } уже стоит на этой клетке
err-fight-bad_trigger = Назовите триггер текстом от 1 до 500 символов
err-fight-nothing_readied = { $creature }: ничего не подготовлено (или подготовленное пропало)
err-fight-own_pet = Существо не может быть собственным питомцем
err-fight-not_your_pet = { $creature } — не питомец { $owner }
err-fight-pet_commanded = { $creature }: этому питомцу уже отдали команду в этом раунде
err-fight-not_a_square = «{ $text }» — не клетка: ответьте текстом x,y
err-fight-lands_in_solid = Клетка ({ $x }, { $y }) сплошная: внутрь ничего не упадёт
err-fight-improvised_needs_object = Импровизированная атака называет оружием предмет в руке и не называет естественной атаки
err-fight-improvised_is_weapon = { $item } — оружие: атакуйте им как оружием
err-fight-improvised_unknown_card = Карточки оружия «{ $card }» нет в загруженных пакетах
err-fight-improvised_no_tool = Этим импровизированным оружием не атаковать
err-fight-unknown_natural_attack = У { $creature } нет естественной атаки «{ $attack }»
err-fight-weapon_and_natural = Атакуют оружием или естественной атакой, но не тем и другим сразу
err-fight-named_twice = { $creature } указано дважды: одна атака выбирает существо целью только раз
err-fight-no_target_named = В атаке не указана цель
err-fight-several_targets = У атаки одна цель, если её эффект не говорит иного, и это решает Рефери
err-fight-attacks_itself = Существо не атакует само себя
err-fight-improvised_by_player = Бьёт ли предмет как оружие, решает Рефери
err-fight-no_ammunition = { $creature }: не осталось боеприпасов ({ $item }) для выстрела
err-fight-out_of_combat_spell = Заклинание, которое творят только вне боя, в боевых раундах не сотворить
err-fight-cannot_stand_up = { $condition ->
    [NotProne] Встать может только существо, сбитое с ног
   *[other] Чтобы встать, нужна скорость хотя бы 1 клетка без учёта состояния «Сбит с ног»
}
err-fight-use_the_maneuver = В бою это манёвр: { $instead ->
    [draw_from_belt] достаньте с пояса
   *[other] поднимите предмет
} манёвром, он его и потратит
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
err-combat-teleport_too_far = Телепортация на { $distance ->
    [one] { $distance } клетку
    [few] { $distance } клетки
    [many] { $distance } клеток
   *[other] { $distance } клетки
}, а эффект позволяет: { $allowed }
err-combat-teleport_no_line_of_effect = Для телепортации нужна линия эффекта до места назначения (а для другого существа — и до места, где оно стоит)
err-combat-teleport_into_occupied = Телепортация не заканчивается там, где существо или предмет (клетка { $value_x }, { $value_y })
err-combat-not_vertical = Оставить цель в воздухе может только вертикальное принудительное перемещение
err-combat-no_guess_needed = Угадывать клетку незачем: цель не под плотной завесой или не движется бесшумно
err-combat-not_flying_above = { $creature } не летит, а над землёй держится только летун
err-combat-not_flying_to_fall = { $creature } не летит, а так падает только летун
err-combat-placed_on_obstacle = В клетке ({ $value_x }, { $value_y }) препятствие
err-combat-placed_on_occupied = Это пространство уже занимает { $occupant }
err-combat-no_line_of_effect = Между { $creature } и { $target } нет линии эффекта
err-combat-aura_has_no_origin = Аура окружает заклинателя: начальную клетку ей не задают
err-combat-area_needs_origin = Кубу или линии нужна начальная клетка (а линии — ещё и направление)
err-combat-line_needs_direction = Линии нужно направление: клетка, отличная от начальной
err-combat-not_in_area = { $creature } — не подходящая цель внутри области заклинания
err-combat-attack_spell_no_target = Атакующее заклинание называет существо, которое атакует
err-rest-too_short = Отдыху { $needed ->
    [one] нужна { $needed } минута
    [few] нужно { $needed } минуты
    [many] нужно { $needed } минут
   *[other] нужно { $needed } минуты
} подряд, прошло: { $had }
err-rest-too_little_sleep = Отдыху { $needed ->
    [one] нужна { $needed } минута
    [few] нужно { $needed } минуты
    [many] нужно { $needed } минут
   *[other] нужно { $needed } минуты
} сна; { $who } — сон { $had } мин
err-rest-not_enough_food = { $who }: съедено { $had } из { $needed ->
    [one] { $needed } пайка
    [few] { $needed } пайков
    [many] { $needed } пайков
   *[other] { $needed } пайка
}, нужных для отдыха
err-rest-interrupted = Отдых прерван, его придётся начать заново
err-rest-cannot_rest = { $who } не может отдыхать: { $why }
err-rest-wrong_wound_count = { $who }: убрать нужно { $needed ->
    [one] { $needed } рану
    [few] { $needed } раны
    [many] { $needed } ран
   *[other] { $needed } раны
}, выбрано { $chosen }
err-rest-duplicate_wound = Слот рюкзака { $value } выбран дважды
err-rest-not_a_spellbook = Этот предмет — не книга заклинаний с костями износа при себе
err-rest-no_encounters_here = Здесь встреч не бывает, поэтому проверки на встречу нет
err-rest-halfway_done = Середина этого отдыха уже прошла
err-rest-dead = { $value }: существо мертво
err-rest-rest_in_the_open = Это отдых под открытым небом: им управляют команды пути
err-rest-empty_party = Назовите хотя бы одно существо группы
err-rest-duplicate_creature = { $creature } назван дважды
err-rest-no_rest = Отдых сейчас не идёт
err-rest-rest_interrupted = Отдых прервали: начните его заново, чтобы что-то получить
err-rest-already_resting = Отдых уже идёт
err-rest-in_combat = Посреди боя не отдыхают
err-rest-no_dungeon_to_rest_in = Для отдыха в подземелье нужно подземелье: сначала войдите в него
err-rest-dungeon_rules = Внутри подземелья отдых идёт по правилам подземелья
err-rest-no_ration = У { $creature } нет пайка, а отдыху он нужен
err-rest-already_checked = Проверку на встречу для этого отдыха уже сделали
err-rest-no_threshold = Отдых в дикой местности проверяют по порогу встреч на отдыхе этого дня: укажите его
err-rest-sleep_while_finishing = Отдых заканчивается: сон больше не записывают
err-rest-sleep_hours = Сон длится от 1 до { $max ->
    [one] { $max } часа
    [few] { $max } часов
    [many] { $max } часов
   *[other] { $max } часа
} отдыха
err-rest-no_sleepers = Назовите, кто ложится спать
err-rest-sleeper_twice = { $creature } назван дважды
err-rest-too_much_sleep = Отдых длится { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
}, а { $creature } уже проспал из них { $had }
err-rest-sleeper_not_resting = { $creature } не отдыхает вместе с группой
err-rest-already_asleep = { $creature } уже спит
err-rest-finish_twice = Отдых уже заканчивается (выбирают раны)
err-rest-middle_passed = Середина этого отдыха уже прошла
err-rest-not_a_wound_slot = Это не ячейка раны
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
err-spell-not_your_spell = { $creature }: нет действующего заклинания { $effect }
err-spell-not_a_spellbook = { $item } — не книга заклинаний, а заклинания творят только из них
err-spell-aim_in_fight = В бою прицел меряет боевая сетка: укажите цели (и начальную клетку куба или линии), а не расстояния
err-spell-at_outside_fight = Начальную клетку ставят на боевой сетке в бою; вне боя укажите расстояния
err-condition-grab_without_grabber = Состоянию «Схвачен» нужен схвативший и досягаемость его хватки
err-condition-not_prone = Встать может только существо, сбитое с ног
err-condition-too_slow_to_stand = Чтобы встать, нужна скорость не меньше 1 (сейчас { $value })
err-condition-unconscious = Существо без сознания не совершает манёвров
err-condition-already_present = У существа { $creature } это состояние уже есть
err-group-no_allies = Групповой проверке нужны лидер и хотя бы один союзник
err-group-leader_is_helper = { $value } не может быть в групповой проверке и лидером, и помощником
err-group-duplicate_helper = { $value } помогает в групповой проверке только один раз
err-group-assist_own_test = Существо не может помогать собственной проверке
err-group-not_an_assist = Помощь — отдельный вид проверки, не часть групповой
err-group-assist_cost_unknown = В бою помощь стоит манёвра или действия: укажите, чего требует проверка, которой помогают
err-group-assist_not_on_own_turn = Существо { $creature } помогает только в свой боевой ход: помощь стоит { $cost ->
    [maneuver] манёвра
   *[action] действия
}
err-group-assist_unconscious = { $creature }: без сознания, ни манёвров, ни действий
err-house_rule-bad_options = Эти опции недопустимы
err-house_rule-unknown_setting = В разделе { $section } нет настройки { $key }
err-house_rule-bad_setting = В разделе { $section } значение не того вида
err-house_rule-bad_dungeon_turn_minutes = Длительность хода подземелья в минутах — от 0 до { $max }
err-house_rule-unchanged = Эти домашние правила уже действуют
err-expertise-not_known = У существа нет экспертизы «{ $value ->
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
}»
err-expertise-no_uses_left = У экспертизы «{ $value ->
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
}» не осталось применений до следующего отдыха
err-expertise-rejected_by_referee = Рефери не разрешает экспертизу «{ $value ->
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
}» в этой проверке
err-expertise-no_waiver = У существа { $creature } нет этой экспертизы, так что без проверки не обойтись
err-backlash-bad_d100 = На d100 выпадает от 1 до 100, а не { $value }
err-backlash-bad_rank = Ранг заклинания — от 0 до 5, а не { $value }
err-backlash-out_of_table = Таблица отдачи идёт от 1 до 105, а не { $value }
err-backlash-unknown_row = Строки отдачи { $value } нет
err-backlash-not_under = { $caster }: отдача строки { $row } на этом существе не действует
err-backlash-ends_by_duration = Отдача { $low }–{ $high } заканчивается сама, по своей длительности, а не решением Рефери
err-backlash-no_tentacles = { $caster }: нет щупалец, которые можно отрубить
err-backlash-not_bladed = Щупальца отрубают клинковым инструментом или оружием
err-backlash-hands_are_feet = { $creature }: руки стали ступнями, книгу заклинаний не удержать
err-backlash-no_recipient = Назовите существо, которое получает предмет
err-backlash-no_trigger = У строки отдачи { $row } нет триггера
err-dice-d10_face_out_of_range = На d10 выпадает от 1 до 10, а не { $value }
err-dice-odd_die = Для броска чётности нужна кость с чётным числом граней, а не d{ $value }
err-dice-face_out_of_range = На d{ $sides } выпадает от 1 до { $sides }, а не { $face }
err-dice-showed_outside = На d{ $sides } не может выпасть { $face }
err-hide-observed = { $observer } следит за существом { $hider }: спрятаться можно, только пока никто не смотрит
err-hide-hide_from_count = Прятаться можно от других существ: от 1 до { $max }
err-hide-hide_from_self = Существо не может прятаться от самого себя
err-hide-not_hidden = Существо { $creature } от них не скрыто
err-hide-sneak_past_count = Красться можно мимо других существ: от 1 до { $max }
err-hide-sneak_past_self = Существо не может красться мимо самого себя
err-hide-sneak_too_fast = Существо { $creature } прошло больше клеток ({ $squares_moved }), чем позволяет его скорость ({ $speed })
err-test-face_out_of_range = На d10 выпадает от 1 до 10, а не { $value }
err-test-characteristic_out_of_range = Характеристика — от −5 до 5, а не { $value }
err-test-characteristic_not_offered = { $chosen ->
    [agility] Ловкость
    [mind] Разум
   *[strength] Сила
} — не из характеристик, которые позволяет эта проверка
err-test-invalid_tier = Ступень — 1, 2 или 3, а не { $value }
err-test-conflicting_automatic_tiers = Два модификатора задают одной проверке разные ступени
err-test-expertise_on_doom = Экспертиза не отменяет рок
err-test-expertise_changes_nothing = Экспертиза ничего не изменит: уже 3-я ступень или итог задан
err-test-expertise_not_applicable = Экспертизу «{ $expertise ->
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
}» нельзя применить к этой проверке
err-test-nothing_to_retry = У существа { $creature } нет заблокированной попытки «{ $task }»
err-test-bad_task = Назовите задачу: длина от 1 до { $max }
err-test-retry_blocked = Существо { $creature } уже пробовало «{ $task }» (ступень { $tier }): новая попытка — только когда Рефери решит, что обстоятельства изменились
err-craft-not_crafting = «{ $value ->
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
}» — не экспертиза для крафта
err-craft-expertise = Нужна экспертиза «{ $expertise ->
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
}» с применениями: { $required }, а есть: { $has }
err-craft-material = Не хватает материала: { $value }
err-craft-tools = Не хватает инструментов: { $value }
err-craft-too_many_expertises = На бросок крафта — не больше двух экспертиз, а указано: { $value }
err-craft-duplicate_expertise = Одну экспертизу нельзя применить к броску дважды («{ $value ->
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
}»)
err-craft-zero_goal = Цель крафта — не меньше 1
err-craft-town_is_referees = Только Рефери решает, что отряд в городе
err-craft-not_resting = Изготовление идёт на отдыхе или в городе как два часа работы
err-encounter-bad_face = Проверка на встречу — это d10: грани { $value } у него нет
err-encounter-unknown_table = Рефери выбирает одну из предложенных таблиц встреч; { $value } среди них нет
err-encounter-no_table = Для этого подземелья не задана таблица встреч
err-encounter-no_dungeon = Назовите подземелье, в которое входит отряд
err-encounter-in_dungeon = Отряд уже в подземелье { $dungeon }
err-encounter-exploration_running = Ходы исследования уже идут: сначала закончите их
err-encounter-enter_resting = Отряд отдыхает и сейчас не может войти в подземелье
err-encounter-enter_from_town = Сначала покиньте город, потом входите в подземелье
err-encounter-bad_length = Ход подземелья длится 20, 30 или 60 минут реального времени либо 1d6 комнат, а не { $minutes } мин. (иную длину задаёт домашнее правило)
err-encounter-d10_showed = У d10 нет грани { $face }
err-encounter-not_in_dungeon = Отряд не в подземелье: сначала войдите в него
err-encounter-already_paused = Ход подземелья уже на паузе
err-encounter-not_paused = Ход подземелья не на паузе
err-encounter-not_room_based = Комнаты считают, только если ход подземелья длится 1d6 комнат
err-encounter-no_turn_while_resting = Отряд отдыхает: ход подземелья не идёт
err-encounter-rest_checks_itself = Во время отдыха делают только проверку на встречу самого отдыха
err-encounter-leave_resting = Закончите или прервите отдых, прежде чем покинуть подземелье
err-encounter-no_sign = Опишите знак приближающейся встречи, который замечают игроки
err-encounter-time_in_dungeon = В подземелье время идёт ходами подземелья, а не минутами
err-creature-out_of_range = { $characteristic ->
    [agility] Ловкость
    [mind] Разум
   *[strength] Сила
} — от −5 до 5, а не { $value }
err-creature-new_crow_out_of_range = Новый ворон начинает с характеристикой «{ $characteristic ->
    [agility] Ловкость
    [mind] Разум
   *[strength] Сила
}» от −1 до 2, а не { $value }
err-creature-above_mundane_max = Без магии характеристика ворона «{ $characteristic ->
    [agility] Ловкость
    [mind] Разум
   *[strength] Сила
}» не выше 4 (было бы { $value })
err-creature-dead = { $value }: существо мертво, его тело теперь предмет, и правила существ к нему не применяются
err-creature-immune = У существа { $creature } иммунитет к этому состоянию
err-creature-stamina_above_max = Выносливость { $stamina } больше максимума ({ $max })
err-creature-bad_ancestry = Происхождение — подпись длиной от 1 до 64 символов
err-creature-no_overrides = Назовите исключения, которые нужно добавить или убрать
err-creature-bad_overrides = Исключений за раз — не больше { $max }, и ни одно нельзя сразу добавить и убрать
err-creature-bad_rivals = Личных врагов и соперников у персонажа — не больше { $max }, а имя каждого — не длиннее { $max_len ->
    [one] { $max_len } символа
   *[other] { $max_len } символов
}
err-creature-turned = Миазма обратила существо { $creature }: за него теперь действует только Рефери
err-creature-bad_character_name = Имя персонажа: длина от 1 до { $max }
err-turn-missing_faces = Не хватает граней костей: { $value }
err-identify-not_held = Для проверки опознания предмет держат в руке
err-identify-not_magic = { $value } — не магический предмет
err-identify-already_tried = { $value }: попытка опознать этот предмет уже была
err-identify-not_described = Рефери не описывал предмет { $item } как магический
err-identify-not_resting = Опознание предмета — занятие на отдыхе: оно ждёт отдыха
err-identify-unknown_property = { $property } — не свойство предмета { $item }
err-light-bad_notation = Свет записывают как X/Y целыми числами, а не «{ $value }»
err-light-no_campfire_row = В таблице яркости костра нет строки «Охренеть!»: свет такого костра задаёт Рефери
err-light-no_guess_needed = Угадывать клетку нужно только для бесшумной цели в темноте
err-light-sees_in_darkness = Существо { $creature } видит без света: угадывать клетку не нужно
err-light-not_a_light = Этот предмет не даёт света
err-light-not_lit = Этот источник света не горит
err-light-holy_shit_campfire_unset = В таблице яркости костра нет строки «Охренеть!»: сначала свет такого костра задаёт домашнее правило
err-light-light_or_campfire = Укажите либо яркость света, либо размер костра — что-то одно
err-usage-wrong_face_count = Бросают все кости износа: { $expected ->
    [one] нужна { $expected } грань
    [few] нужно { $expected } грани
    [many] нужно { $expected } граней
   *[other] нужно { $expected } грани
}, указано { $given }
err-usage-bad_face = Кости износа — это d6: грани { $value } у них нет
err-usage-above_max = Костей износа стало бы { $current }, а максимум — { $max }
err-usage-wrong_refuel_item = { $item }: заправка — { $needed }, а не { $given }
err-usage-no_refuel = { $value }: заправить нельзя
err-usage-useless = { $value }: теперь бесполезен, кости износа кончились
err-usage-depleted = { $value }: исчерпан до заправки или отдыха
err-usage-refuel_without_item = Укажите предмет, которым заправляют
err-usage-not_on_activation = { $value }: кости износа бросают не при использовании, а в другое время
err-usage-bad_effect_dice = Костей износа у эффекта — от 1 до { $max }
err-usage-no_usage_dice = У предмета «{ $item }» нет костей износа
err-activity-already_chosen = У { $value } уже есть занятие на этом отдыхе
err-activity-camp_already_secluded = Укрывает лагерь за отдых только один из группы, и это уже делает { $value }
err-activity-tend_self = Свои раны не обрабатывают
err-activity-too_few_wounds = { $target }: { $wounds ->
    [one] { $wounds } рана
    [few] { $wounds } раны
    [many] { $wounds } ран
   *[other] { $wounds } раны
}, а для обработки нужно не меньше 2
err-activity-already_tended = Раны { $target } на этом отдыхе уже обрабатывает { $by }
err-activity-unknown_creature = { $value } не отдыхает с группой
err-activity-not_armor = У { $who } нет доспеха или щита с таким номером
err-activity-not_magic = У { $who } нет магического предмета с таким номером
err-activity-empty_task = Назовите задачу и место, где она будет
err-activity-task_not_approved = Рефери ещё не одобрил задачу: { $value }
err-activity-harvest_faces = Этот труп разделывают с бросками d6: { $dice }, указано граней: { $given }
err-activity-bad_face = На d6 выпадает от 1 до 6, а не { $value }
err-activity-choose_while_finishing = Отдых заканчивается: занятия выбирают, пока он идёт
err-activity-not_with_group = { $creature } не отдыхает вместе с группой
err-activity-target_not_with_group = { $creature } не отдыхает вместе с группой
err-activity-no_corpse_to_harvest = Нет трупа { $corpse }, который можно разделать
err-activity-corpse_taken = Труп { $corpse } уже разделывает кто-то другой
err-activity-no_activity_name = Назовите занятие, которое даёт черта или правило
err-activity-corpse_gone = Трупа { $corpse } больше нет
err-damage-dead = { $value }: существо мертво, урон теперь получает труп как предмет
err-damage-wrong_extra_dice = Уязвимость добавляет d6: { $expected }, указано граней: { $given }
err-damage-bad_d6 = На d6 выпадает от 1 до 6, а не { $value }
err-damage-bad_armor_order = Порядок доспехов называет каждый предмет с Защитой доспеха ровно один раз
err-damage-wrong_wound_count = Выберите { $expected ->
    [one] { $expected } слот
    [few] { $expected } слота
    [many] { $expected } слотов
   *[other] { $expected } слота
} для ран, а не { $given }
err-damage-no_knock_out_pending = Лишить сознания { $value } сейчас нечего
err-damage-not_armor = У этого предмета нет Защиты доспеха
err-damage-no_wound_slot = Ни один слот рюкзака не может принять рану: сначала бросьте предмет
err-damage-bad_object_id = Идентификатор предмета: длина от 1 до { $max }
err-damage-bad_object_name = Название предмета: длина от 1 до { $max }
err-damage-object_id_taken = Этот идентификатор уже занят существом: предмету нужен свой
err-damage-too_many_objects = Предметов за столом — не больше { $max }
err-damage-zero_stamina = Выносливость предмета начинается выше 0; у сооружения, которое не получает урона, её не указывают
err-damage-no_object = Предмета { $id } в игре нет
err-damage-destroyed = Предмет «{ $item }» уже разрушен
err-damage-no_stamina = У предмета «{ $object }» нет Выносливости: сооружение получает урон, только если так велит правило
err-damage-object_takes_no_conditions = «{ $object }» — предмет, а предметы состояний не получают
err-hazard-wrong_fall_dice = Для такого падения бросают d6: { $expected }, указано: { $given }
err-hazard-wrong_reduction_dice = { $tier }-я ступень снимает d6: { $expected }, указано: { $given }
err-hazard-bad_d6 = На d6 выпадает от 1 до 6, а не { $value }
err-hazard-no_reaction = Реакции не осталось (потрачена или нет сознания), поэтому броска сопротивления нет
err-hazard-not_a_ration = «{ $item }» — не паёк
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
err-travel-no_travel_day = День пути ещё не начат: сначала начните его
err-travel-no_position = Отряда ещё нет на карте: сначала поставьте его
err-travel-no_party = В пути пока никого нет: сначала соберите отряд
err-travel-day_running = День пути уже идёт: сначала закончите его
err-travel-exploring_site = Отряд ещё исследует место: сначала покиньте его
err-travel-roles_closed = Проверки ролей уже начались: сегодня роли больше не меняются
err-travel-roles_pending = Это будет после проверок дорожных ролей
err-travel-role_tests_under_way = Проверки дорожных ролей ещё идут
err-travel-rest_before_next_day = Сначала закончите отдых и броски Миазмы, потом новый день
err-travel-party_resting = Не во время отдыха отряда
err-travel-already_resting = Отряд уже отдыхает
err-travel-rest_at_site = В точке интереса отдыхают как в подземелье: покиньте её, чтобы отдохнуть под открытым небом
err-travel-not_resting = Нет отдыха под открытым небом, который можно закончить
err-travel-rest_finishing = Этот отдых уже заканчивается
err-travel-eater_not_in_party = { $creature } не путешествует с отрядом
err-travel-not_in_party = { $creature } не путешествует с отрядом
err-travel-turned_to_referee = { $creature } обращён: теперь им управляет только Рефери
err-travel-lazy_refuses_roles = Миазма сделала { $creature } ленивым: дорожных ролей он не берёт
err-travel-assists_instead = { $creature } сегодня помогает другому и роли не держит
err-travel-on_track_already = Отряд не заблудился: возвращаться на путь незачем
err-travel-lost_guide = Проводник заблудившегося отряда может только пытаться выйти «Снова на пути»
err-travel-bad_characteristic = Эта задача проверяется другой характеристикой
err-travel-picks_none = Эта задача никого не выбирает
err-travel-no_quarry = Назовите существо, которое нужно выследить
err-travel-own_assist = Нельзя помогать собственной проверке
err-travel-holds_role = { $creature } сегодня держит роль и не может ещё и помогать
err-travel-already_assisting = { $creature } сегодня уже помогает другому
err-travel-no_role_to_assist = У { $creature } нет дорожной роли, которой можно помочь
err-travel-no_role = У { $creature } сегодня нет дорожной роли
err-travel-track_unruled = Рефери ещё не сказал, может ли добыча { $creature } оказаться на маршруте
err-travel-supports_no_role = «Помочь всем» выбирает только союзников с ролью; у { $creature } её нет
err-travel-check_at_site = В точке интереса делают проверку на встречу хода подземелья
err-travel-exploring_in_turns = Отряд исследует место ходами подземелья: сначала покиньте его
err-travel-zoomed_in = Встреча или точка интереса ждёт Рефери: сначала разыграйте её
err-travel-no_hexes_left = { $hexes ->
    [one] Отряд уже прошёл сегодня все { $hexes } гекс
    [few] Отряд уже прошёл сегодня все { $hexes } гекса
    [many] Отряд уже прошёл сегодня все { $hexes } гексов
   *[other] Отряд уже прошёл сегодня все { $hexes } гекса
}
err-travel-die_showed = У d{ $sides } нет грани { $face }
err-travel-already_exploring = Отряд уже исследует место
err-travel-not_there = Отряд не в гексе места «{ $site }»
err-travel-recognised = Отряд узнаёт «{ $site }» и понимает, где он: сначала отметьте, что он нашёлся
err-travel-not_exploring = Отряд не исследует никакое место
err-travel-usage_in_dungeon = В подземелье время идёт ходами подземелья
err-travel-party_not_lost = Отряд не заблудился
err-travel-found_by_test = «Снова на пути» — проверка проводника, её объявляют как роль
err-travel-unknown_hex = На карте нет гекса ({ $q }, { $r })
err-travel-bad_terrain = Гексу ({ $q }, { $r }) нужна местность (от 1 до 64 символов)
err-travel-bad_site = У места должен быть id от 1 до 64 символов и название от 1 до 200
err-travel-site_notes_too_long = Заметки к месту — не больше 10000 символов
err-travel-unknown_site = На карте нет места { $site }
err-travel-site_in_use = Отряд исследует это место: сначала покиньте его
err-travel-placed_during_day = В день пути отряд идёт от гекса к гексу: сначала закончите день
err-travel-party_set_during_day = Отряд меняется только между днями пути
err-travel-bad_mount = { $rider } и { $mount } должны быть двумя разными членами отряда
err-travel-mount_too_small = { $mount } слишком мал, чтобы нести { $rider }: верховое животное хотя бы на размер больше
err-travel-human_not_in_party = { $creature } не в отряде
err-corpse-not_a_corpse = { $value } — не труп
err-corpse-below_table = Только Рефери может сделать труп «Охренеть!» больше 32 слотов (запрошено: { $value })
err-corpse-not_holy_shit = Больше слотов, чем даёт таблица, занимает только труп «Охренеть!»
err-corpse-unknown = Трупа { $corpse } здесь нет
err-corpse-too_big = Трупу «{ $corpse }» { $needed ->
    [one] нужен { $needed } слот
    [few] нужно { $needed } слота
    [many] нужно { $needed } слотов
   *[other] нужно { $needed } слота
} — столько нет ни в одном виде слотов существа { $carrier }
err-town-daily_limit = { $value }: сегодня уже сделано четыре занятия
err-town-busy = { $value } уже занимается другим делом
err-town-idle = У { $value } нет начатого занятия
err-town-not_done = Занятие длится 120 минут; прошло: { $done }
err-town-no_camp_to_seclude = В городе встреч не бывает, укрывать лагерь незачем
err-town-wrong_wound_count = { $target }: убрать нужно { $needed ->
    [one] { $needed } рану
    [few] { $needed } раны
    [many] { $needed } ран
   *[other] { $needed } раны
}, выбрано { $chosen }
err-town-not_in_town = Занятиям в городе нужно место без встреч: сначала Рефери вводит отряд в город
err-town-rest_activity_instead = Во время отдыха выберите одно занятие на отдыхе
err-town-sleep_hours = Сон длится от 1 до 24 часов, а не { $hours }
err-town-town_in_dungeon = Занятиям в городе нужно место без встреч, а подземелье не такое
err-town-already_in_town = Отряд уже в городе
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
err-bad_rivals = У персонажа не больше 16 личных врагов и соперников, и имя каждого — от 1 до 80 символов
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
err-expertise_unknown = У { $creature } нет экспертизы «{ $expertise ->
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
}», чтобы решить это без проверки
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
err-forecast_no_fight = Для прогноза боя на сетке нужны существа обеих сторон
err-forecast_args = Числа прогноза вне допустимых пределов (бой — от 1 до 200 раундов, ходы подземелья — от 1 до 200)
err-forecast_no_party = Для прогноза ходов подземелья нужен живой ворон, наёмник или животное
err-forecast_no_visit = Прогноз ходов подземелья начинается в подземелье: сначала войдите в подземелье и закончите начатый отдых
