# Отказы D&D 2024 словами (русский). Загружаются с первой командой места, не со страницей
# (js/i18n.js `addMessages`). Каждый код `dnd2024::ruleset::REFUSAL_CODES`, которого нет
# в словах оболочки (`no_combat`, `bad_config`, `unknown_rest_kind` — её).

err-unknown_creature = Такого существа нет
err-creature_exists = Существо с таким id уже есть за столом
err-too_many_creatures = За столом уже столько существ, сколько можно
err-bad_id = Такой id не подходит (буквы, цифры, - и _, не слишком длинный)
err-bad_name = Имя пустое или слишком длинное
err-list_too_long = Список слишком длинный
err-bad_pack_creature = Это существо из набора нельзя использовать
err-already_revealed = Игроки уже видят это существо
err-not_your_turn = Сейчас не ход этого существа
err-bad_initiative = Такой порядок Инициативы не подходит
err-bad_creature = Лист этого существа неверен
err-bad_face = Грань не подходит к своей кости
err-bad_query = На этот вопрос нельзя ответить
err-forecast_no_fight = Для прогноза боя нужен идущий бой или живые существа обеих сторон на сетке
err-forecast_args = Аргументы прогноза неверны или вне допустимых пределов
err-no_such_policy = У прогнозов нет такой стратегии
err-not_a_player = Это имя не принадлежит игроку за этим столом
err-no_initiative = Сначала бросьте Инициативу
err-initiative_tie = У двух существ равная Инициатива: скажите, кто ходит первым
err-action_spent = Действие в этом ходу уже потрачено
err-bonus_action_spent = Бонусное действие в этом ходу уже потрачено
err-reaction_spent = Реакция потрачена до следующего хода существа
err-movement_spent = В этом ходу не осталось столько перемещения
err-attacks_spent = У действия Атака в этом ходу не осталось атак
err-slot_spent_this_turn = Ячейка заклинаний в этом ходу уже потрачена
err-no_slot = Ячеек этого уровня не осталось
err-incapacitated = Недееспособное существо не может этого сделать
err-unknown_attack = У существа нет атаки с таким названием
err-out_of_reach = Цель вне досягаемости или дистанции
err-total_cover = У цели полное укрытие
err-dead = Это существо мертво
err-not_dying = Это существо не при смерти
err-stable = Это существо стабилизировано
err-death_save_rolled = Спасбросок от смерти в этом ходу уже брошен
err-no_such_condition = У существа нет этого состояния от этого источника
err-bad_escape = Такой попытки высвободиться не бывает
err-condition_immune = У существа иммунитет к этому состоянию
err-resting = Существо отдыхает
err-not_resting = Отдыха сейчас нет
err-rest_refused = Этот отдых сейчас нельзя начать
err-not_an_interruption = Это не прерывает отдых
err-no_short_rest = Короткого отдыха сейчас нет
err-no_hit_dice = Костей хитов не осталось
err-out_of_range = Число вне допустимых пределов
err-unknown_term = Такой термин неизвестен
err-forbidden = Правила этого не позволяют
err-bad_map = Эту карту нельзя использовать
err-bad_move = Такое перемещение невозможно
err-not_placed = Этого существа нет на карте
err-bad_area = Эту область нельзя разместить здесь
err-nothing_readied = У существа ничего не подготовлено
err-bad_trigger = Этот триггер нельзя использовать
err-bad_light = Этот источник света нельзя разместить

## h-dndair
err-bad_breath = Это существо уже осталось без воздуха

## main-hazards
err-already_burning = Это существо уже горит
err-not_burning = Это существо не горит
err-bad_day = В дне каждое существо указано один раз, еда и вода — от 0 до 10 000
