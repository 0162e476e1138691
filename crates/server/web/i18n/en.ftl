# Delve web UI — English messages (Fluent). Russian: ru.ftl (terms from GLOSSARY.md).

skip-to-content = Skip to content
nav-lobby = Lobby
language = Language
loading = Loading…
refused = Refused
conn-live = ● live
conn-connecting = ○ connecting…
conn-offline = ○ offline, reconnecting
none = none
private = private
private-hint = Only some participants see this
copy = Copy
copied = Copied
send = Send
load = Load
select = Select
selected = Selected
decrease = Decrease { $what }
increase = Increase { $what }

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
turn-game-minutes = { $minutes } game minutes per turn
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
combat = Combat
combat-round = Round { $round }: { $who } acts
travel = Travel

## Decisions
decisions = { $count ->
    [0] Decisions
   *[other] Decisions ({ $count })
}
no-decisions = Nothing waits for an answer.
decision-text = Details (optional)

## Party and creatures
party = The party
no-party = No crow yet: create one below.
monsters-npcs = Monsters and NPCs
others = Others at the table
my-crow = My crow
no-character-yet = The Referee has not given you a character yet. Once they bind one to you it appears here.
no-character = no character
hidden = hidden
hidden-hint = Players see only the public part of this creature
dead = dead
kind = Kind
kind-crow = Crow
kind-hireling = Hireling
kind-animal = Animal
kind-monster = Monster
kind-npc = NPC
char-agility = Agility
char-mind = Mind
char-strength = Strength
char-agility-short = AGI
char-mind-short = MND
char-strength-short = STR
characteristic = Characteristic
stamina = Stamina
armor-defense = Armor Defense
armor-defense-short = AD
wounds = Wounds
speed = Speed
speed-climb = climb
speed-swim = swim
speed-fly = fly
size = Size
size-tiny = Tiny
size-small = Small
size-medium = Medium
size-large = Large
size-huge = Huge
size-holy_shit = Holy Shit!
conditions = Conditions
cond-blessed = Blessed
cond-grabbed = Grabbed
cond-prone = Prone
cond-vulnerable = Vulnerable
cond-unconscious = Unconscious
cond-weakened = Weakened
expertises = Expertise uses
usage-dice = Usage dice
effects = Effects
in-hands = In hand
exp-alchemy = Alchemy
exp-athletics = Athletics
exp-blacksmithing = Blacksmithing
exp-enchanting = Enchanting
exp-endurance = Endurance
exp-gymnastics = Gymnastics
exp-handle_pet = Handle Pet
exp-historical_lore = Historical Lore
exp-lift = Lift
exp-magic_lore = Magic Lore
exp-monster_lore = Monster Lore
exp-nature_lore = Nature Lore
exp-navigate = Navigate
exp-pick_lock = Pick Lock
exp-religious_lore = Religious Lore
exp-search = Search
exp-stealth = Stealth
exp-thievery = Thievery
exp-alteration = Alteration
exp-benefaction = Benefaction
exp-conjuration = Conjuration
exp-elemental = Elemental
exp-illusion = Illusion
exp-necromancy = Necromancy
exp-bashing = Bashing
exp-bow = Bow
exp-chopping = Chopping
exp-slashing = Slashing
exp-stabbing = Stabbing
exp-unarmed = Unarmed

## Inventory
inventory-of = Inventory: { $name }
inventory-hint = Drag an item onto a slot, or select it (Enter) and then a slot. Delete drops it.
inventory-readonly = You can look but not move these items.
slot-Hand = Hands
slot-Belt = Belt
slot-Backpack = Backpack
slot-aria = { $kind } slot { $number }
magic-slots = Magic item slots
magic-Head = Head
magic-Neck = Neck
magic-Waist = Waist
magic-Arms = Arms
magic-Finger = Finger
magic-Feet = Feet
magic-slot-aria = Magic item slot: { $slot }
item-aria = { $name }, { $slots ->
    [one] one slot
   *[other] { $slots } slots
}
item-held = { $name } picked up: choose a slot
item-released = Put back
drop-to-ground = Drop on the ground
move-refused = Move refused
worn = worn
wound-aria = Wound ({ $kind })
wound-Normal = wound
wound-Starvation = starvation wound
wound-Special = special wound
place-item = Put an item
item-card = Item card
custom-item = (custom item)
item-name = Name
item-slots = Slots it takes
slot-kind = Slot kind
slot-number = First slot

## Tests
test-for = Test: { $name }
edges = Edges
banes = Banes
bonus = Bonus
task = Task (for the retry rule)
task-placeholder = pick the lock
odds = Exact odds before rolling
odds-plain = As it stands
odds-with-expertise = With an expertise
odds-aria = Tier 1 { $t1 }%, tier 2 { $t2 }%, tier 3 { $t3 }%
tier-n = Tier { $n }
crit = Crit!
doom = Doom!
net-none = No edge or bane counts.
net-edge = Made with an edge: +2.
net-double_edge = Made with a double edge: one tier up.
net-bane = Made with a bane: −2.
net-double_bane = Made with a double bane: one tier down.
roll-test = Roll the test
referee-rolls = The Referee calls for tests and rolls them; you see the odds here and the result below.
no-test-yet = No test rolled yet.
commit-point = Waiting: expertise or commit
test-breakdown = { $characteristic }: dice { $natural }, { $net } Bonus { $bonus }.
expertise-offer = An expertise would raise this result. Spend one?
commit-no-expertise = Keep the result
expertise-spent = expertise spent: { $expertise }
die-face = die showing { $face }

## Referee tools
create-creature = Create a creature
creature-id = Id (for example vera)
players-invites = Players and invites
invite-for = Invite for
invite-open = Open invite (no character)
make-invite = Make an invite
invite-link = Invite link
qr-code = QR code of the invite link
bind = Bind a character…
bind-character = Bind a character to { $player }
content-packs = { $count ->
    [0] Content packs
   *[other] Content packs ({ $count })
}
no-packs = No pack loaded.
load-pack = Pack files
pack-loaded = Pack loaded
cards-loaded = { $items } item cards, { $creatures } creature cards
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
boundary-turn_start = the start of a turn
boundary-turn_end = the end of a turn
ev-table_created = Table “{ $name }” created ({ $ruleset })
ev-participant_joined = { $name } joined the table
ev-participant_left = { $name } left the table
ev-character_bound = { $character } is now played by { $player }
ev-character_unbound = { $character } is no longer played by { $player }
ev-rolled = { $label }: { $expr } → { $total }
ev-decision_opened = Waiting for a decision: { $prompt }
ev-decision_answered = { $by } chose “{ $option }” { $text }
ev-effect_started = Effect started: { $effect_kind }
ev-effect_ended = An effect ended ({ $reason })
ev-boundary_passed = Reached { $boundary }
ev-combat_started = Combat begins
ev-combat_turn = Round { $round }, turn { $current }
ev-combat_ended = Combat is over
ev-exploration_started = Dungeon turns begin
ev-exploration_turn_started = Dungeon turn { $turn } begins
ev-exploration_ended = The party left the dungeon
ev-rest_started = A rest begins
ev-rest_ended = The rest ended (completed: { $completed })
ev-game_time_advanced = { $minutes } game minutes pass
ev-timer_started = Timer “{ $label }” started: { $minutes } min
ev-timer_paused = The clock is paused
ev-timer_resumed = The clock runs again
ev-timer_ended = Timer ended (due: { $fired })
ev-reverted = The Referee undid { $seqs }
ev-rules-test_rolled = { $creature } rolls { $characteristic }: { $d1 } and { $d2 }, total { $total } → tier { $tier }
ev-rules-test_resolved = { $creature }: final result tier { $tier } ({ $d1 } + { $d2 }, total { $total })
ev-rules-creature_set = { $id }: { $what }
ev-rules-creature_seen = { $id }: { $what }
ev-rules-died = { $id } died
ev-rules-pack_loaded = A content pack was loaded
ev-rules-house_rules_set = House rules changed: { $changed }
ev-rules-circumstances_changed = Circumstances changed for { $creature }: { $task }
ev-rules-light_set = Light at { $creature }: { $level }
ev-rules-hidden = { $creature } hides from { $from }
ev-rules-revealed = { $creature } is noticed by { $to }
ev-rules-corpse_carried = The corpse of { $corpse } is carried (item { $item })
ev-rules-picked_up = Item { $ground } picked up from the ground
ev-rules-on_ground = Items fall to the ground
ev-rules-assists_used = { $creature } uses the assists
ev-rules-assist_pending = An assist waits for { $assisted }'s next test
what-created = created
what-edited = edited
what-revealed = revealed
what-breathes = breathes again
combat-map-aria = Battle grid with { $count } marks
travel-map-aria = Hex map with { $count } marks
map-data = All data of this screen
referee-actions = Referee: { $name }
damage = Damage
piercing = piercing
deal-damage = Deal damage
add-condition = Add condition
remove-condition = Remove { $condition }
light-level = Light at this creature
light-bright = Bright light
light-dim = Dim light
light-darkness = Darkness
set-light = Set the light
item-actions = Actions for { $name }
use-item = Use (roll usage dice)
light-item = Light it
douse-item = Douse it
wear-armor = Wear this armor
cancel = Cancel
ev-rules-ruled = The Referee rules for { $creature }: { $option } { $text }
yes = yes
no = no
stamina-short = STA
approved-expertises = Expertises the Referee allows on this test

## Combat controls
combat-grid-aria = Battle grid, { $width } by { $height } squares
square = Square { $x }, { $y }
obstacle = obstacle
difficult-terrain = difficult terrain
path-step = step { $n } of the path
combat-allowance = May still act now: { $cost }
combat-maneuvers = { $count ->
    [one] { $count } maneuver left
   *[other] { $count } maneuvers left
}
combat-actions = { $count ->
    [one] { $count } action left
   *[other] { $count } actions left
}
combat-move-left = { $count } squares of Move left
combat-your-turn = Your turn: { $who }
combat-move = Move
combat-attack = Attack
combat-end-turn = End turn
combat-path = Path: { $path }
combat-path-hint = Click squares (or press Enter on them) to build the path, one square at a time.
combat-path-undo = Remove last square
combat-send-move = Move along the path
combat-target = Target
combat-target-hint = click a creature on the grid
combat-weapon = Weapon
combat-unarmed = Unarmed strike
combat-send-attack = Attack the target
combat-place = Place a creature on the grid
creature = Creature
combat-side = Side
side-crows = Crows
side-enemies = Enemies
combat-place-submit = Place
combat-start = Start combat
combat-roller = Who rolls initiative
combat-initiative = Roll initiative
combat-end = End combat
combat-between-rounds = Round { $round } is over: the Referee has initiative rolled for the next one.
combat-not-started = No combat is running.
combat-decision-waiting = { $count ->
    [one] A reaction waits for your answer
   *[other] { $count } reactions wait for your answer
}

## Dungeon
dungeon = Dungeon
dungeon-outside = The party is not in a dungeon.
dungeon-status = { $dungeon }: dungeon turn { $turn }
rooms-left = { $count ->
    [one] { $count } room left this turn
   *[other] { $count } rooms left this turn
}
greed-open = greed reward { $percent }%
dungeon-name = Dungeon
dungeon-length = Turn length
dungeon-length-minutes = { $minutes } minutes
dungeon-length-rooms = 1d6 rooms
dungeon-length-manual = ended by hand
enter-dungeon = Enter the dungeon
room-explored = Room explored
loud-noise-what = What made the noise
loud-noise = Loud noise
leave-dungeon = Leave the dungeon
rest-place = Where
rest-place-wilderness = In the wild
rest-place-safe = In a safe place
start-rest-party = Start a rest
finish-rest = Finish the rest
dungeon-threshold = Encounter number (EN): { $threshold }
dungeon-no-checks = No encounter check yet.
dungeon-check-line = Turn { $turn }: rolled { $face } against EN { $threshold } — { $outcome }
rest-activity-for = Rest activity of { $name }
activity-craft = Craft equipment
activity-harvest = Harvest
activity-identify = Identify an item
activity-prepare = Prepare for a task
activity-repair_armor = Repair armor
activity-seclude_camp = Seclude the camp
activity-tend_wounds = Tend wounds
activity-other = Something else
activity-param-item = Item number
activity-param-corpse = Corpse (creature id)
activity-param-task = Task
activity-param-target = Whose wounds (creature id)
activity-param-name = What
choose-activity = Choose

## Travel
travel-believed = The party believes it is at ({ $q }, { $r })
travel-true = really at ({ $q }, { $r })
travel-lost = lost
travel-no-day = No travel day in progress.
travel-day-line = Day { $day }, { $pace } pace: { $moved } of { $hexes } hexes moved
travel-step = step: { $step }
travel-thresholds = EN travel { $travel }, rest { $rest }
travel-move-to = Go { $direction } to ({ $q }, { $r })
dir-north = north
dir-north_east = north-east
dir-south_east = south-east
dir-south = south
dir-south_west = south-west
dir-north_west = north-west
travel-pace = Pace
pace-slow = slow
pace-normal = normal
pace-fast = fast
begin-travel-day = Begin the travel day
travel-role-tests = Roll the role tests
travel-encounter-check = Travel encounter check
travel-rest = Rest in the open
travel-rest-end = End the rest
end-travel-day = End the travel day
declare-role-for = Travel role of { $name }
declare-role = Take the role
withdraw-role = Withdraw
characteristic-default = the task's default
task-fight_the_miasma = Fight the Miasma
task-make_camp = Make Camp
task-support_everyone = Support Everyone
task-normal_route = Follow Normal Route
task-safe_route = Follow Safe Route
task-shortcut = Follow Shortcut
task-back_on_track = Back on Track
task-scout_for_danger = Scout for Danger
task-scout_for_shelter = Scout for Shelter
task-treasure_hunt = Treasure Hunt
task-forage = Forage
task-hunt = Hunt
task-track_creature = Track Specific Creature
step-pace = setting the pace
step-roles = roles and their tests
step-encounter_check = travel encounter check
step-explore = exploring a site
step-rest = resting
step-miasma = the Miasma roll
step-next_day = the day is over

## Combat log
ev-rules-fight_started = Combat begins
ev-rules-round_started = Round { $round } begins
ev-rules-turn_began = { $creature }'s turn
ev-rules-turn_ended = { $creature } ends the turn
ev-rules-attack_made = { $attacker } attacks { $target } ({ $weapon })
ev-rules-attack_resolved = { $attacker } attacks { $target }: tier { $tier }, hit: { $hit }, damage { $damage }
ev-rules-fight_ended = Combat is over
ev-rules-moved = { $creature } moves to ({ $to_x }, { $to_y })
ev-rules-placed = { $creature } is placed on the grid
ev-rules-budget_set = { $creature } spends part of the turn
encounter-nothing = no encounter
encounter-immediate = an encounter right now
encounter-sign = a sign now, the encounter during turn { $turn }

# cards and character requests
print-cards = Print cards
print-cards-of = Item cards of { $name }
print-cards-hint = Cards print at card size: a 1-slot item stands upright, an item of 2 or more slots lies on its side. The sheet shows hands, belt and the backpack in two rows of five.
print-now = Print
print-close = Close
print-no-items = No items to print.
card-slots = { $slots ->
    [one] 1 slot
   *[other] { $slots } slots
}
card-worn-on = worn: { $slot }
card-usage = Usage dice
card-light = Light
card-magic = magic
card-notes = Notes
card-notes-placeholder = magic effects, stack count, anything to remember
card-edit = Card of { $name }
card-save = Save card
card-saved = Card of { $name } saved
what-item_card = item card written
what-ancestry = ancestry set
request-hint = You have no crow at this table yet. Describe the one you want; the Referee approves or refuses it.
request-name = Crow's name
request-ancestry = Ancestry (looks only)
request-ancestry-placeholder = human
request-characteristics-hint = A new crow starts with each characteristic from −1 to +2.
request-send = Ask the Referee
request-pending = Your request for { $name } waits for the Referee.
request-refused = The Referee refused { $name }.
request-refused-reason = Reason: { $reason }
request-player = Player
request-referee-hint = Approving creates this crow and gives it to { $player }; refusing tells them why (write the reason below).
ev-rules-character_request_refused = The Referee refused { $player }’s crow { $name }
timer-exploration_turn = dungeon turn
