# Delve web UI — English messages (Fluent). Russian: ru.ftl (terms from GLOSSARY.md).

skip-to-content = Skip to content
nav-lobby = Delve: the lobby
language = Language
loading = Loading…
refused = Refused
conn-live = ● live
conn-connecting = ○ connecting…
conn-offline = ○ offline, reconnecting
private = private
private-hint = Only some participants see this
copy = Copy
copied = Copied
send = Send
load = Load
select = Select
## Lobby
lobby-title = Tables
create-table = Create a table
table-name = Table name
table-name-placeholder = The Sunken Crypt
ruleset = Ruleset
ruleset-crows = Crows
ruleset-demo = Demo (engine test)
referee-name = Your name (Referee)
dungeon-turn-minutes = Dungeon turn (minutes)
dungeon-turn-hint = Real minutes per dungeon turn; 0 ends turns only by hand.
your-tables = Your tables
no-seats = No table in this browser yet.
forget-seat = Forget { $name }
join-table = Join a table
join-as-player = Join as a player
invite-code = Invite link or code
invite-placeholder = Paste the link from the Referee
join-continue = Continue
your-name = Your name at the table
join-hint = The invite works once; this browser keeps your seat.
join-failed = Could not join
table-unavailable = This table cannot be opened
back-to-lobby = Back to the lobby
create-key = Creation key
create-key-hint = This server creates tables only with its key; ask whoever runs it.
create-key-needed = This server creates tables only with its creation key: enter it and try again.
create-key-wrong = That is not this server's creation key.
import-table = Import a table
import-file = Exported table (.jsonl)
import-unsigned = Accept an unsigned export or one from another server
import-unsigned-hint = Such a file may hold anything its author wrote; accept it only from a Referee you trust.
import-failed = Could not import
## Roles
role-referee = Referee
role-system = Clock
role-player-named = Player { $name }
controller-of = Player of { $name }
## Clock
clock = Dungeon turn clock
dungeon-turn = Dungeon turn
time-left = Time left in this dungeon turn
paused = Paused
no-exploration = No dungeon turn is running.
turn-manual = Turns end by the Referee's call
turn-game-minutes = { $minutes ->
    [one] { $minutes } game minute per turn
   *[other] { $minutes } game minutes per turn
}
go-to-control = Go to “{ $control }”
screen-parts = Parts of the screen
start-exploration = Start dungeon turns
pause = ❚❚ Pause
resume = ▶ Resume
end-turn = End the turn now
end-exploration = Leave the dungeon
start-rest = Start a rest
end-rest = Finish the rest
abort-rest = Interrupt the rest
resting = Resting
game-day = Day { $day } · rests completed: { $rests }
turn-results = End of the last dungeon turn
combat-round = Round { $round }: { $who } acts
## Decisions
decisions = { $count ->
    [0] Decisions
   *[other] Decisions ({ $count })
}
news-decision = New decision: { $prompt }
news-your-turn = Your turn: { $name } acts.
no-decisions = Nothing waits for an answer.
decision-text = Details (optional)
no-character = no character
die-face = die showing { $face }
players-invites = Players and invites
invite-for = Invite for
invite-open = Open invite (no character)
make-invite = Make an invite
invite-link = Invite link
qr-code = QR code of the invite link
revoke-invite = Revoke
invite-revoked = Revoked
revoke-player = Revoke access and make a new link
player-revoked = Links of { $player } revoked
new-player-link = New link for { $player }
rotate-referee = Replace my Referee link
rotate-referee-hint = Use this if your link leaked: the old one stops working and this browser keeps the new one.
referee-rotated = New Referee link in the address bar
bind = Bind a character…
bind-character = Bind a character to { $player }
content-packs = { $count ->
    [0] Content packs
   *[other] Content packs ({ $count })
}
no-packs = No pack loaded.
load-pack = Pack files
pack-loaded = Pack loaded
cards-loaded = { $items ->
    [one] { $items } item card
   *[other] { $items } item cards
}, { $creatures ->
    [one] { $creatures } creature card
   *[other] { $creatures } creature cards
}
undo-and-commands = Undo and commands
undo = Undo the last command
undone = Undone
raw-command = Any command (JSON)
raw-command-hint = Every command of the API works here, including ones this screen has no form for yet.
## Log
log = Log
log-filter = Show
log-all = Everyone
boundary-exploration_turn_end = the end of the dungeon turn
boundary-rest_end = the end of the rest
boundary-day_end = the end of the day
boundary-round_end = the end of the round
boundary-turn_start = the start of { $who }’s turn
boundary-turn_end = the end of { $who }’s turn
ev-table_created = Table “{ $name }” created ({ $ruleset })
ev-participant_joined = { $name } joined the table
ev-participant_left = { $name } left the table
ev-access-invite_revoked = Invite { $invite } revoked (character: { $character })
ev-access-player_tokens_revoked = { $tokens ->
    [one] One link of { $player } revoked
   *[other] { $tokens } links of { $player } revoked
}{ $reissued ->
    [yes] , a new one handed out
   *[no] {""}
}
ev-access-referee_link_rotated = The Referee's link was replaced ({ $tokens ->
    [one] { $tokens } old link revoked
   *[other] { $tokens } old links revoked
})
ev-character_bound = { $character } is now played by { $player }
ev-character_unbound = { $character } is no longer played by { $player }
ev-rolled = { $label }: { $expr } → { $total }
ev-decision_opened = Waiting for a decision: { $prompt }
ev-decision_answered = { $by }: “{ $option }” { $text }
ev-effect_started = Effect started: { $effect_kind }
ev-effect_ended = An effect ended ({ $reason })
ev-boundary_passed = Now: { $boundary }
ev-combat_started = Combat begins
ev-combat_turn = Round { $round }, turn { $current }
ev-combat_ended = Combat is over
ev-exploration_started = Dungeon turns begin
ev-exploration_turn_started = Dungeon turn { $turn } begins
ev-exploration_ended = The party left the dungeon
ev-rest_started = A rest begins
ev-rest_ended = The rest ended (completed: { $completed })
ev-game_time_advanced = { $minutes ->
    [one] { $minutes } game minute passes
   *[other] { $minutes } game minutes pass
}
ev-timer_started = Timer “{ $label }” started: { $minutes } min
ev-timer_paused = The clock is paused
ev-timer_resumed = The clock runs again
ev-timer_ended = Timer ended (due: { $fired })
ev-reverted = The Referee undid { $seqs }
yes = yes
no = no
creature = Creature
timer-exploration_turn = dungeon turn
# combat clock, flyers, rests that do not count
ev-combat_reordered = The next round's order: { $order }
ev-combat_round_over = Round { $round } is over
# the generic view (a ruleset without a screen of its own)
table-state = Table state
no-ruleset-screen = The ruleset “{ $ruleset }” has no screen of its own here: its state is shown as data, and any command can be sent below.
screen-title-referee = { $table }: the Referee's screen
screen-title-player = { $table }: { $player }'s screen
## Log lines for secrets and time (see js/log.js)
ev-secret_roll = A roll was made in secret ({ $label })
boundary-group_end = the end of a group’s turns
boundary-named_rest_end = the end of the { $name }
boundary-custom = { $name }

## Engine events the other rulesets use (turn groups, reaction windows, options)
ev-linked_effect_started = Effect started: { $effect_kind } (it ends with its source)
ev-grouped_combat_started = Combat begins, acting in groups: { $order }
ev-combat_reordered_grouped = The next round's order, in groups: { $order }
ev-combatant_inserted = { $who } joins the round (place { $slot })
ev-combatant_removed = { $who } leaves the combat
ev-combatant_delayed = { $who } delays their turn (now place { $slot })
ev-named_rest_started = A rest begins: { $kind }
ev-game_seconds_advanced = { $seconds ->
    [one] { $seconds } game second passes
   *[other] { $seconds } game seconds pass
}
ev-window_opened = Waiting for reactions: { $window_kind }
ev-window_closed = The wait for reactions is over
ev-window_timeout_set = Reactions now wait, in milliseconds: { $ms }
ev-option_set = Table option: players bring their own dice — { $option_players_physical_dice }
ev-unreadable = An event could not be read: { $reason }

## network and paging
log-show-older = Show older events
log-loading-older = Loading older events…
log-older-loaded = { $count ->
    [one] { $count } older event loaded
   *[other] { $count } older events loaded
}

## chat and dice roller
chat = Chat and dice
chat-empty = No messages yet.
chat-message = Message
chat-keys = Enter sends, Shift+Enter starts a new line.
chat-to = To
chat-to-all = Nobody ticked: the whole table reads it.
chat-to-whisper = A whisper: only you, the ticked people and the Referee read it.
chat-to-whisper-referee = A whisper: only you and the ticked players read it.
chat-send = Send
chat-send-whisper = Whisper
chat-whisper = whisper
chat-secret = secret
chat-rolled = { $label } { $expr } → { $total }
chat-said-spoken = { $who }: { $text }
chat-whisper-spoken = { $who } whispers to { $to }: { $text }
chat-rolled-spoken = { $who } rolled { $label }: { $total }
dice-roller = Dice roller
roll-expr = Dice
roll-label = Label
roll-quick = Quick dice
roll-quick-one = Roll { $dice }
roll-secret-player = Only me and the Referee
roll-secret-referee = Only me
roll = Roll
ev-said = { $text }
ev-said-whisper = (whisper to { $to }) { $text }
ev-rolled-free = rolled { $expr } → { $total }
ev-rolled-free-label = rolled { $expr } for “{ $label }” → { $total }

## Refusals
## The engine's own refusal codes (`err-<code>`, js/log.js `refusalText`); a ruleset's codes are
## worded in its folder's files.
err-bad_character = A character id cannot be empty
err-bad_chat_text = That chat message cannot be sent
err-bad_config = The table's settings are not valid
err-bad_default = The default is not one of the options
err-bad_dice = That dice expression cannot be read
err-bad_event = That event cannot be recorded
err-bad_place = That place is not valid
err-bad_recipient = That whisper cannot reach its recipient
err-bad_roll_label = The roll's label is too long or has control characters
err-bad_timeout = A window's timeout must be longer than zero
err-bad_timer = A timer must run longer than zero
err-combat_running = Combat has already started
err-command_too_large = That command is too large to record
err-delay_not_later = A delayed turn comes after the next combatant's
err-duplicate_combatant = A combatant is listed twice in the order
err-empty_decision = A question needs options or room for free text
err-empty_group = A tie group needs at least one combatant
err-empty_order = Combat needs at least one combatant
err-empty_window = An interrupt window must ask at least one party
err-event_too_large = An event of that command is too large to store
err-hook_depth = The rules nest too deeply
err-log_growth_limit = The table's log would grow too fast: wait a little and try again
err-name_too_long = That name is too long
err-no_combat = There is no combat
err-no_exploration = Exploration has not started
err-no_scripted_roll = No scripted roll is left for that dice expression
err-no_such_query = The ruleset answers no such question
err-no_turn = No combat turn is running
err-roll_failed = The dice could not be rolled
err-round_over = The round is over
err-timer_exists = That timer is already running
err-timer_not_due = That timer is not due yet
err-timer_paused = That timer is already paused
err-timer_running = That timer is not paused
err-too_many_events = That command would record too many events
err-too_many_recipients = A whisper names too many recipients
err-unknown_effect = No such effect
err-unknown_rest_kind = No such kind of rest
err-unknown_timer = No such timer
err-unknown_window = No such interrupt window is open
err-window_open = An interrupt window is still open
err-window_without_default = Every question of an interrupt window needs a default answer
err-forecast_referee_only = Only the Referee may ask for a forecast
err-forecast_runs = A forecast on this server plays between 1 and the server's limit of runs
err-forecast_busy = The server is running another forecast; try again in a moment
err-forecast_threads = A forecast cannot use that many threads
err-no_such_forecast = This table offers no such forecast
err-no_such_policy = The forecasts have no such policy
err-bad_forecast = The forecast request is malformed

## the shared grid and hex map (js/grid.js, js/hexmap.js)
board-aria = Square grid, { $width } × { $height }
board-keys = On the grid: the arrow keys move the cursor square, Enter or Space picks it, Escape cancels a pick.
board-square = Square { $x }, { $y }
board-acting = acting now
board-light-dim = Dim light
board-light-darkness = Darkness
board-wall = wall
board-difficult = difficult terrain
board-in-area = in the area
board-path-step = step { $n } of the path
board-area-summary = The area covers { $count ->
    [one] { $count } square
   *[other] { $count } squares
}; inside: { $targets }
board-area-nobody = nobody

## physical dice (table option, faces for a command)
players-dice = Players roll their own dice
players-dice-hint = When on, a player may enter the faces of physical dice for a command that rolls.
faces = Physical dice (faces)
faces-hint = e.g. 13,3 — used in order for the command's dice; empty: the server rolls

## table settings (the Referee's panel of table options, js/table.js)
table-settings = Table settings
table-settings-hint = Only you see this panel; the players see what it changes.

## forecasts (js/forecast.js)
forecast-with-interval = { $p } ({ $lo }–{ $hi })
forecast-outcome = Outcome
forecast-chance = Chance
forecast-mean = { $what }: on average { $mean } (95 % interval { $lo }–{ $hi })
forecast-share = Share of runs
forecast-runs-count = { $count ->
    [one] { $count } run
   *[other] { $count } runs
}
forecast-interval-note = In brackets: the 95 % interval of each figure (the true chance lies there in 95 forecasts out of 100).
forecast-expected = On average per run
forecast-average = Mean
