# Веб-интерфейс Delve — русские сообщения (Fluent). Термины — из GLOSSARY.md.

skip-to-content = К содержимому
nav-lobby = Delve: столы
language = Язык
loading = Загрузка…
refused = Отказано
conn-live = ● на связи
conn-connecting = ○ подключение…
conn-offline = ○ нет связи, переподключаюсь
private = скрыто
private-hint = Это видят не все участники
copy = Копировать
copied = Скопировано
send = Отправить
load = Загрузить
select = Выбрать
## Лобби
lobby-title = Столы
create-table = Создать стол
table-name = Название стола
table-name-placeholder = Затопленный склеп
ruleset = Правила
ruleset-crows = Вороны
ruleset-demo = Демо (проверка движка)
referee-name = Ваше имя (Рефери)
dungeon-turn-minutes = Ход подземелья (минут)
dungeon-turn-hint = Реальных минут на ход подземелья; 0 — ходы подземелья заканчиваются только вручную.
your-tables = Ваши столы
no-seats = В этом браузере пока нет столов.
forget-seat = Забыть { $name }
join-table = Войти за стол
join-as-player = Войти игроком
invite-code = Ссылка или код приглашения
invite-placeholder = Вставьте ссылку от Рефери
join-continue = Дальше
your-name = Ваше имя за столом
join-hint = Приглашение работает один раз; этот браузер запомнит ваше место.
join-failed = Не удалось войти
table-unavailable = Этот стол не открывается
back-to-lobby = Назад к столам
create-key = Ключ создания
create-key-hint = Этот сервер создаёт столы только по ключу; спросите того, кто его запустил.
create-key-needed = Этот сервер создаёт столы только по ключу создания: введите его и попробуйте снова.
create-key-wrong = Это не ключ создания этого сервера.
import-table = Загрузить стол
import-file = Выгрузка стола (.jsonl)
import-unsigned = Принять неподписанную выгрузку или выгрузку другого сервера
import-unsigned-hint = В таком файле может быть что угодно, что написал его автор; принимайте его только от Рефери, которому доверяете.
import-failed = Не удалось загрузить
## Роли
role-referee = Рефери
role-system = Часы
role-player-named = Игрок { $name }
controller-of = Игрок персонажа { $name }
## Часы
clock = Часы хода подземелья
dungeon-turn = Ход подземелья
time-left = Осталось времени в этом ходе подземелья
paused = Пауза
no-exploration = Ход подземелья не идёт.
turn-manual = Ходы подземелья заканчивает Рефери
turn-game-minutes = { $minutes ->
    [one] { $minutes } игровая минута на ход подземелья
    [few] { $minutes } игровые минуты на ход подземелья
    [many] { $minutes } игровых минут на ход подземелья
   *[other] { $minutes } игровой минуты на ход подземелья
}
go-to-control = К кнопке «{ $control }»
screen-parts = Части экрана
start-exploration = Начать ходы подземелья
pause = ❚❚ Пауза
resume = ▶ Продолжить
end-turn = Закончить ход подземелья сейчас
end-exploration = Выйти из подземелья
start-rest = Начать отдых
end-rest = Закончить отдых
abort-rest = Прервать отдых
resting = Отдых
game-day = День { $day } · завершённых отдыхов: { $rests }
turn-results = Конец последнего хода подземелья
combat-round = Раунд { $round }: ходит { $who }
## Решения
decisions = { $count ->
    [0] Решения
   *[other] Решения ({ $count })
}
news-decision = Новое решение: { $prompt }
news-your-turn = Ваш боевой ход: действует { $name }.
no-decisions = Ничто не ждёт ответа.
decision-text = Подробности (необязательно)
no-character = нет персонажа
die-face = на кости { $face }
players-invites = Игроки и приглашения
invite-for = Приглашение для
invite-open = Открытое приглашение (без персонажа)
make-invite = Создать приглашение
invite-link = Ссылка-приглашение
qr-code = QR-код ссылки-приглашения
revoke-invite = Отозвать
invite-revoked = Отозвано
revoke-player = Отозвать доступ и выдать новую ссылку
player-revoked = Ссылки игрока { $player } отозваны
new-player-link = Новая ссылка для { $player }
rotate-referee = Заменить мою ссылку Рефери
rotate-referee-hint = Если ссылка попала в чужие руки: старая перестанет работать, этот браузер сохранит новую.
referee-rotated = Новая ссылка Рефери — в адресной строке
bind = Привязать персонажа…
bind-character = Привязать персонажа к игроку { $player }
content-packs = { $count ->
    [0] Наборы контента
   *[other] Наборы контента ({ $count })
}
no-packs = Наборы не загружены.
load-pack = Файлы набора
pack-loaded = Набор загружен
cards-loaded = { $items ->
    [one] { $items } карточка предмета
    [few] { $items } карточки предметов
    [many] { $items } карточек предметов
   *[other] { $items } карточки предметов
}, { $creatures ->
    [one] { $creatures } карточка существа
    [few] { $creatures } карточки существ
    [many] { $creatures } карточек существ
   *[other] { $creatures } карточки существ
}
undo-and-commands = Отмена и команды
undo = Отменить последнюю команду
undone = Отменено
raw-command = Любая команда (JSON)
raw-command-hint = Здесь работает любая команда API, даже та, для которой на экране ещё нет формы.
## Журнал
log = Журнал
log-filter = Показать
log-all = Всех
boundary-exploration_turn_end = конец хода подземелья
boundary-rest_end = конец отдыха
boundary-day_end = конец дня
boundary-round_end = конец раунда
boundary-turn_start = начало боевого хода ({ $who })
boundary-turn_end = конец боевого хода ({ $who })
ev-table_created = Стол «{ $name }» создан ({ $ruleset })
ev-participant_joined = { $name } за столом
ev-participant_left = { $name } — уход из-за стола
ev-access-invite_revoked = Приглашение { $invite } отозвано (персонаж: { $character })
ev-access-player_tokens_revoked = Отозвано ссылок игрока { $player }: { $tokens }{ $reissued ->
    [yes] , выдана новая
   *[no] {""}
}
ev-access-referee_link_rotated = Ссылка Рефери заменена ({ $tokens ->
    [one] отозвана { $tokens } старая
    [few] отозваны { $tokens } старые
    [many] отозвано { $tokens } старых
   *[other] отозваны { $tokens } старые
})
ev-character_bound = { $character } теперь у игрока { $player }
ev-character_unbound = { $character } больше не у игрока { $player }
ev-rolled = { $label }: { $expr } → { $total }
ev-decision_opened = Ждёт решения: { $prompt }
ev-decision_answered = { $by }: «{ $option }» { $text }
ev-effect_started = Начался эффект: { $effect_kind }
ev-effect_ended = Эффект закончился ({ $reason })
ev-boundary_passed = Сейчас: { $boundary }
ev-combat_started = Начинается бой
ev-combat_turn = Раунд { $round }, боевой ход: { $current }
ev-combat_ended = Бой окончен
ev-exploration_started = Начинаются ходы подземелья
ev-exploration_turn_started = Начинается ход подземелья { $turn }
ev-exploration_ended = Отряд вышел из подземелья
ev-rest_started = Начался отдых
ev-rest_ended = Отдых закончен (завершён: { $completed })
ev-game_time_advanced = { $minutes ->
    [one] Прошла { $minutes } игровая минута
    [few] Прошли { $minutes } игровые минуты
    [many] Прошло { $minutes } игровых минут
   *[other] Прошло { $minutes } игровой минуты
}
ev-timer_started = Таймер «{ $label }» запущен: { $minutes } мин
ev-timer_paused = Часы на паузе
ev-timer_resumed = Часы снова идут
ev-timer_ended = Таймер закончился (истёк: { $fired })
ev-reverted = Рефери отменяет { $seqs }
yes = да
no = нет
creature = Существо
timer-exploration_turn = ход подземелья
# combat clock, flyers, rests that do not count
ev-combat_reordered = Порядок следующего раунда: { $order }
ev-combat_round_over = Раунд { $round } окончен
# the generic view (a ruleset without a screen of its own)
table-state = Состояние стола
no-ruleset-screen = У правил «{ $ruleset }» здесь нет своего экрана: их состояние показано как данные, а любую команду можно отправить ниже.
screen-title-referee = { $table }: экран Рефери
screen-title-player = { $table }: экран игрока { $player }
## Журнал: тайные броски и время (см. js/log.js)
ev-secret_roll = Сделан тайный бросок ({ $label })
boundary-group_end = конец боевых ходов группы
boundary-named_rest_end = конец отдыха ({ $name })
boundary-custom = { $name }

## События движка для других правил (группы ходов, окна реакций, настройки)
ev-linked_effect_started = Начался эффект: { $effect_kind } (кончится вместе с источником)
ev-grouped_combat_started = Начинается бой, действия группами: { $order }
ev-combat_reordered_grouped = Порядок следующего раунда по группам: { $order }
ev-combatant_inserted = { $who } вступает в раунд (место { $slot })
ev-combatant_removed = { $who } выходит из боя
ev-combatant_delayed = { $who } откладывает свой боевой ход (теперь место { $slot })
ev-named_rest_started = Начинается отдых: { $kind }
ev-game_seconds_advanced = { $seconds ->
    [one] Прошла { $seconds } игровая секунда
    [few] Прошли { $seconds } игровые секунды
    [many] Прошло { $seconds } игровых секунд
   *[other] Прошло { $seconds } игровой секунды
}
ev-window_opened = Ожидание реакций: { $window_kind }
ev-window_closed = Ожидание реакций закончено
ev-window_timeout_set = Реакции теперь ждут, в миллисекундах: { $ms }
ev-option_set = Настройка стола: игроки бросают свои кости — { $option_players_physical_dice }
ev-unreadable = Событие не удалось прочитать: { $reason }

## network and paging
log-show-older = Показать более ранние события
log-loading-older = Загружаем более ранние события…
log-older-loaded = { $count ->
    [one] Загружено ещё { $count } раннее событие
    [few] Загружено ещё { $count } ранних события
    [many] Загружено ещё { $count } ранних событий
   *[other] Загружено ещё { $count } раннего события
}

## chat and dice roller
chat = Чат и кости
chat-empty = Сообщений пока нет.
chat-message = Сообщение
chat-keys = Enter — отправить, Shift+Enter — новая строка.
chat-to = Кому
chat-to-all = Никто не отмечен: сообщение увидит весь стол.
chat-to-whisper = Шёпот: его увидят только вы, отмеченные участники и Рефери.
chat-to-whisper-referee = Шёпот: его увидят только вы и отмеченные игроки.
chat-send = Отправить
chat-send-whisper = Шепнуть
chat-whisper = шёпот
chat-secret = тайно
chat-rolled = { $label } { $expr } → { $total }
chat-said-spoken = { $who }: { $text }
chat-whisper-spoken = Шёпот от { $who } для { $to }: { $text }
chat-rolled-spoken = Бросок ({ $who }), { $label }: { $total }
dice-roller = Броски костей
roll-expr = Кости
roll-label = Подпись
roll-quick = Быстрый бросок
roll-quick-one = Бросить { $dice }
roll-secret-player = Только я и Рефери
roll-secret-referee = Только я
roll = Бросить
ev-said = { $text }
ev-said-whisper = (шёпот для { $to }) { $text }
ev-rolled-free = бросок { $expr } → { $total }
ev-rolled-free-label = бросок { $expr } («{ $label }») → { $total }

## Refusals
## Собственные коды отказов движка (`err-<code>`, js/log.js `refusalText`); коды ruleset'а
## описаны в файлах его папки.
err-bad_character = Идентификатор персонажа не может быть пустым
err-bad_chat_text = Это сообщение в чат не отправить
err-bad_config = Настройки стола неверны
err-bad_default = Вариант по умолчанию не входит в число вариантов
err-bad_dice = Это выражение костей не прочитать
err-bad_event = Это событие не записать
err-bad_place = Это место задано неверно
err-bad_recipient = Этот шёпот не дойдёт до адресата
err-bad_roll_label = Подпись броска слишком длинная или содержит управляющие символы
err-bad_timeout = Тайм-аут окна должен быть больше нуля
err-bad_timer = Таймер должен идти дольше нуля
err-combat_running = Бой уже начался
err-command_too_large = Эта команда слишком велика для записи
err-delay_not_later = Отложенный боевой ход идёт после боевого хода следующего участника
err-duplicate_combatant = Участник указан в порядке дважды
err-empty_decision = Вопросу нужны варианты или место для свободного ответа
err-empty_group = Группе с равной инициативой нужен хотя бы один участник
err-empty_order = Бою нужен хотя бы один участник
err-empty_window = Окно прерывания должно спрашивать хотя бы одну сторону
err-event_too_large = Событие этой команды слишком велико для хранения
err-hook_depth = Правила вложены слишком глубоко
err-log_growth_limit = Журнал стола растёт слишком быстро: подождите немного и повторите
err-name_too_long = Это имя слишком длинное
err-no_combat = Боя нет
err-no_exploration = Исследование не начато
err-no_scripted_roll = Для этого выражения костей не осталось заданных результатов
err-no_such_query = Ruleset не отвечает на такой вопрос
err-no_turn = Боевой ход не идёт
err-roll_failed = Кости не удалось бросить
err-round_over = Раунд окончен
err-timer_exists = Этот таймер уже идёт
err-timer_not_due = Этому таймеру ещё рано
err-timer_paused = Этот таймер уже на паузе
err-timer_running = Этот таймер не на паузе
err-too_many_events = Эта команда записала бы слишком много событий
err-too_many_recipients = У шёпота слишком много адресатов
err-unknown_effect = Такого эффекта нет
err-unknown_rest_kind = Такого вида отдыха нет
err-unknown_timer = Такого таймера нет
err-unknown_window = Такого открытого окна прерывания нет
err-window_open = Окно прерывания ещё открыто
err-window_without_default = У каждого вопроса окна прерывания должен быть ответ по умолчанию
err-forecast_referee_only = Прогноз может запросить только Рефери
err-forecast_runs = Прогноз на этом сервере делает от 1 прогона до предела сервера
err-forecast_busy = Сервер занят другим прогнозом; попробуйте чуть позже
err-forecast_threads = Прогнозу нельзя столько потоков
err-no_such_forecast = У этого стола нет такого прогноза
err-no_such_policy = У прогнозов нет такой стратегии
err-bad_forecast = Запрос прогноза составлен неверно

## the shared grid and hex map (js/grid.js, js/hexmap.js)
board-aria = Сетка клеток { $width } × { $height }
board-keys = На сетке: стрелки двигают курсор по клеткам, Enter или пробел выбирают клетку, Escape отменяет выбор.
board-square = Клетка { $x }, { $y }
board-acting = сейчас действует
board-light-dim = Тусклый свет
board-light-darkness = Темнота
board-wall = стена
board-difficult = труднопроходимая местность
board-in-area = в области
board-path-step = шаг пути { $n }
board-area-summary = Область покрывает { $count ->
    [one] { $count } клетку
    [few] { $count } клетки
    [many] { $count } клеток
   *[other] { $count } клетки
}; внутри: { $targets }
board-area-nobody = никого

## physical dice (table option, faces for a command)
players-dice = Игроки бросают свои кости
players-dice-hint = Если включено, игрок может ввести выпавшие грани настоящих костей для команды с броском.
faces = Свои кости (грани)
faces-hint = например 13,3 — по порядку для костей команды; пусто — бросает сервер

## table settings (the Referee's panel of table options, js/table.js)
table-settings = Настройки стола
table-settings-hint = Эту панель видите только вы; игроки видят то, что она меняет.

## forecasts (js/forecast.js)
forecast-with-interval = { $p } ({ $lo }–{ $hi })
forecast-outcome = Исход
forecast-chance = Шанс
forecast-mean = { $what }: в среднем { $mean } (95-процентный интервал { $lo }–{ $hi })
forecast-share = Доля прогонов
forecast-runs-count = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
    [many] { $count } прогонов
   *[other] { $count } прогона
}
forecast-interval-note = В скобках — 95-процентный интервал каждого числа (истинный шанс лежит в нём в 95 прогнозах из 100).
forecast-expected = В среднем за прогон
forecast-average = Среднее
