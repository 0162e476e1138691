# Crows screens — English messages (Fluent), loaded with the shell's i18n/en.ftl when a Crows table opens.

none = none
selected = Selected
decrease = Decrease { $what }
increase = Increase { $what }
combat = Combat
travel = Travel
## Party and creatures
party = The party
no-party = No crow yet.
monsters-npcs = Monsters and NPCs
others = Others at the table
my-crow = My crow
no-character-yet = The Referee has not given you a character yet. Once they bind one to you it appears here.
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
inventory-hint-touch = Tap an item, then the slot it goes to; “Drop on the ground” drops it.
inventory-readonly = You can look but not move these items.
slot-hand = Hands
slot-belt = Belt
slot-backpack = Backpack
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
## Referee tools
create-creature = Create a creature
creature-id = Id (for example vera)
ev-rules-test_rolled = { $creature } rolls { $characteristic }: { $d1 } and { $d2 }, total { $total } → tier { $tier }
ev-rules-test_resolved = { $creature }: final result tier { $tier } ({ $d1 } + { $d2 }, total { $total })
ev-rules-creature_set = { $id }: { $what }
ev-rules-creature_seen = { $id }: { $what }
ev-rules-creature_changed = { $id }: { $what }
ev-rules-creature_seen_changed = { $id }: { $what }
ev-rules-died = { $id } dies
ev-rules-pack_loaded = A content pack is loaded: item cards { $items }, creature cards { $cards }, tables { $tables }
ev-rules-house_rules_set = House rules changed: { $changed }
ev-rules-circumstances_changed = Circumstances changed for { $creature }: { $task }
ev-rules-light_set = The light where { $creature } stands is now: { $level }
ev-rules-hidden = { $creature } hides from { $from }
ev-rules-revealed = { $creature } is noticed by { $to }
ev-rules-corpse_carried = The corpse of { $corpse } is picked up and carried
ev-rules-picked_up = An item is picked up from the ground
ev-rules-on_ground = Left on the ground: { $items }
ev-rules-assists_used = { $creature } uses the assists
ev-rules-assist_pending = { $helper }’s help waits for { $assisted }’s next test
what-created = created
what-edited = edited
what-revealed = revealed
what-breathes = breathes again
combat-map-aria = Battle grid with { $count ->
    [one] { $count } mark
   *[other] { $count } marks
}
travel-map-aria = Hex map with { $count ->
    [one] { $count } mark
   *[other] { $count } marks
}
map-data = All data of this screen
referee-actions = Referee: { $name }
damage = Damage
piercing = piercing
deal-damage = Deal damage
unrevealed-note = The players do not know of this creature yet
reveal-to-players = Show it to the players
add-condition = Add condition
remove-condition = Remove { $condition }
light-level = Light at this creature
light-bright = Bright light
light-dim = Dim light
light-darkness = Darkness
waive-expertise = Expertise that settles it
waive-task = What the expert just knows or does
waive-test = Settle without a test (expert)
ev-rules-test_waived = { $creature } settles “{ $task }” with { $expertise } expertise, no test
ev-rules-object_placed = { $name } ({ $size }) is in play
ev-rules-object_damaged = { $id } takes { $amount } damage, { $stamina } Stamina left
set-light = Set the light
item-actions = Actions for { $name }
use-item = Use (roll usage dice)
light-item = Light it
douse-item = Douse it
wear-armor = Wear this armor
cancel = Cancel
ev-rules-ruled = The Referee rules for { $creature }: { $option }{ $text ->
    [none] {""}
   *[other] {" "}— { $text }
}
stamina-short = STA
approved-expertises = Expertises the Referee allows on this test
## Combat controls
combat-grid-aria = Battle grid, { $width } × { $height }
combat-grid-keys = On the grid: the arrow keys move the cursor square, Enter or Space picks it, Escape cancels a pick.
token-hidden = unseen by { $players }
square = Square { $x }, { $y }
obstacle = obstacle
difficult-terrain = difficult terrain
combat-allowance = May still act now: { $cost }
combat-maneuvers = { $count ->
    [one] { $count } maneuver left
   *[other] { $count } maneuvers left
}
combat-actions = { $count ->
    [one] { $count } action left
   *[other] { $count } actions left
}
combat-move-left = { $count ->
    [one] { $count } square of Move left
   *[other] { $count } squares of Move left
}
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
combat-natural-attack = { $name } (its card)
combat-send-attack = Attack the target
combat-ranged = Throw it (a ranged attack with a thrown weapon)
combat-guess = Guessed square
combat-guess-hint = Against a target you cannot see, name the square you think it is in: a wrong square is a miss.
combat-also = More targets of the same roll
combat-like = Hits like the weapon card
combat-like-none = (as itself)
combat-place = Place a creature on the grid
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
combat-forecast = Forecast
combat-forecast-runs = Runs
combat-forecast-hint = Plays the fight on the grid forward many times with the table's rules, on the server; nothing is logged and only you see it.
combat-forecast-running = Playing { $count ->
    [one] { $count } run
   *[other] { $count } runs
}…
combat-forecast-title = Forecast: who wins the fight
combat-forecast-note = { $count ->
    [one] { $count } run
   *[other] { $count } runs
}, seed { $seed }, policy { $policy }
combat-forecast-draw = Nobody (round limit)
combat-forecast-creatures = Each creature's chances
combat-forecast-dies = Dies
combat-forecast-knocked-out = Knocked unconscious
combat-forecast-gains-wounds = Gains wounds
combat-forecast-rounds = Rounds the fight lasts
combat-forecast-round = Rounds
combat-forecast-close = Hide the forecast
combat-forecast-policy-tactical = tactical
combat-forecast-policy-defaults = the offered defaults
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
dungeon-length-minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
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
rest-in-open = A rest in the open: the travel day ends it (End the rest), with its encounter check and meals.
dungeon-threshold = Encounter number (EN): { $threshold }
dungeon-no-checks = No encounter check yet.
dungeon-check-line = Turn { $turn }: rolled { $face } against EN { $threshold } — { $outcome }
dungeon-rest-check-line = Rest: rolled { $face } against EN { $threshold } — { $outcome }
encounter-now = an encounter right now
encounter-referee_schedules = an encounter, at a moment the Referee picks
treasure = treasure
treasure-what = Treasure
treasure-value = Base value
treasure-found = Treasure found
treasure-valuations = Treasure valued
treasure-line = { $what }: base { $base }, greed +{ $percent }% → { $value } (turn { $turn })
dungeon-level = The level and its encounters
level-crowded = Crowded (more than about twenty creatures)
level-chaos = The party left a trail of chaos
level-modifier = Other EN modifier
level-tables = Encounter tables (comma-separated)
set-dungeon-level = Set the level
rest-encounter-check = Rest encounter check
rest-check-made = Rest encounter check made
rest-check-safe = A safe place: no encounter check during this rest.
rest-threshold = The day's rest EN
rest-noise = Loud noise near the camp
rest-noise-near = Sleepers near it
rest-nobody-asleep = Nobody is asleep.
rest-noise-distance = How far (squares)
interrupt-reason = Why
interrupt-rest = Interrupt the rest
rest-was-interrupted = The last rest was interrupted
encounter-rules = Encounter rules
rule-cap-at-ten = Every EN is at most 10 (a 10 always brings an encounter)
rule-seclude-lower = Seclude Camp lowers the EN (the English reading) instead of raising it
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
dungeon-forecast = Forecast
dungeon-forecast-title = Forecast: the next dungeon turns
dungeon-forecast-hint = Plays the next dungeon turns forward many times with the table's rules, on the server (light burning down, encounter checks, rests); nothing is logged and only you see it.
dungeon-forecast-turns = Dungeon turns
dungeon-forecast-rest-every = Rest every (turns, optional)
dungeon-forecast-runs = Runs
dungeon-forecast-running = Playing { $count ->
    [one] { $count } run
   *[other] { $count } runs
}…
dungeon-forecast-note = { $count ->
    [one] { $count } run
   *[other] { $count } runs
} of { $turns ->
    [one] { $turns } dungeon turn
   *[other] { $turns } dungeon turns
}, seed { $seed }, policy { $policy }
dungeon-forecast-note-rest = a rest every { $count ->
    [one] turn
   *[other] { $count } turns
}
dungeon-forecast-note-stuck = { $count ->
    [one] { $count } run
   *[other] { $count } runs
} stopped early (a decision nobody could take)
dungeon-forecast-light-out = The light runs out
dungeon-forecast-rations-out = Someone is left without a ration
dungeon-forecast-encounter-per-turn = An encounter in a dungeon turn
dungeon-forecast-encounters = Encounters
dungeon-forecast-checks = Encounter checks
dungeon-forecast-light-out-turn = The dungeon turn after which the light ran out
dungeon-forecast-turn = Dungeon turn
dungeon-forecast-close = Hide the forecast
## Travel
travel-believed = The party believes it is at ({ $q }, { $r })
travel-true = really at ({ $q }, { $r })
travel-lost = lost
travel-no-day = No travel day in progress.
travel-day-line = Day { $day }, { $pace } pace: { $moved } of { $hexes ->
    [one] { $hexes } hex
   *[other] { $hexes } hexes
} moved
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
ev-rules-fight_started = Combat begins. Crows: { $crows }; enemies: { $enemies }; surprised: { $surprised }
ev-rules-round_started = Round { $round } begins: d10 { $d10 }, the { $first ->
    [crows] Crows act
   *[enemies] enemies act
} first
ev-rules-turn_began = { $creature }'s turn
ev-rules-turn_ended = { $creature } ends the turn
ev-rules-attack_made = { $attacker } attacks { $target }{ $also ->
    [none] {""}
   *[other] {" "}and { $also } with one roll
} ({ $weapon }{ $kind ->
    [opportunity] , opportunity attack
    [counter] , counter
    [stray] , stray shot
   *[attack] {""}
})
ev-rules-attack_resolved = { $hit ->
    [true] { $attacker } hits { $target }: tier { $tier }, { $damage } damage
   *[false] { $attacker } misses { $target }: tier { $tier }
}{ $effect ->
    [none] {""}
   *[other] , { $effect }
}{ $crit ->
    [true] {" "}— crit!
   *[false] {""}
}{ $doom ->
    [true] {" "}— doom!
   *[false] {""}
}
ev-rules-fight_ended = Combat is over
ev-rules-moved = { $creature } moves from { $from } to { $to } ({ $cost ->
    [one] { $cost } square
   *[other] { $cost } squares
}{ $movement ->
    [shift] , a shift
   *[other] {""}
})
ev-rules-placed = { $creature } is placed at { $at } with the { $side ->
    [crows] Crows
   *[enemies] enemies
}{ $flying ->
    [true] , flying
   *[false] {""}
}
ev-rules-budget_set = { $creature } has left: actions { $actions }, maneuvers { $maneuvers }, movement { $squares } sq.
encounter-nothing = no encounter
encounter-immediate = an encounter right now
encounter-sign = a sign now, the encounter during turn { $turn }
# editors and town
## Combat: more actions
combat-more = More actions (grab, knockback, jump, taunt…)
act-command = Action
act-who = Who
act-send = { $command }: send
act-choose = — choose —
act-clear = Clear
act-none-yet = none yet
act-pick-on-grid = Pick on the grid
act-picking = Click the grid: { $what }
act-hand-n = hand { $n }
act-no-items = nothing there
act-shift = Shift
act-jump = Jump
act-stand_up = Stand up
act-grab = Grab
act-escape_grab = Escape a grab
act-reposition_grabbed = Move the held creature
act-knockback = Knockback
act-taunt = Taunt
act-ready = Ready an action
act-fire_readied = Fire the readied act
act-command_pet = Command a pet
act-draw_from_pack = Draw from the backpack
act-draw_from_belt = Draw from the belt
act-pick_up_item = Pick up an item
act-dump_pack = Dump the backpack
act-order_side = Order of a side
act-free_act = Free or trivial act
act-force_move = Forced movement (push, slide)
act-teleport = Teleport
act-topple = Topple an object
act-flyer_falls = A flyer falls
act-unplace = Take off the grid
act-shift-hint = A maneuver: one square, never into or out of difficult terrain; provokes nothing.
act-jump-hint = Within the Move: an Agility or Strength test decides how far; pick the landing square.
act-stand_up-hint = A maneuver for a prone creature with speed 1 or more.
act-grab-hint = A maneuver with a Strength test against a creature within reach; click it on the grid.
act-escape_grab-hint = A maneuver with an Agility or Strength test to get free of a grab.
act-reposition_grabbed-hint = A maneuver: the creature you hold goes to a free square within the grab's range of you.
act-knockback-hint = A maneuver with a Strength test: click the target, then the squares it is pushed along (1 or 2).
act-taunt-hint = An action: a creature within 10 squares and line of effect gets a bane on attacks that leave the taunter out.
act-ready-hint = An action: name the act and what triggers it; fire it later with "Fire the readied act".
act-fire_readied-hint = Spends the reaction: the readied act may be taken now.
act-command_pet-hint = A maneuver: the pet acts this turn; a dangerous order needs a Mind test.
act-draw_from_pack-hint = A maneuver: the 1d10 draw from the backpack into a hand.
act-draw_from_belt-hint = A maneuver: an item from the belt into a hand.
act-pick_up_item-hint = A maneuver: an item lying on the ground (its number from the log) into a hand.
act-dump_pack-hint = A maneuver: the chosen backpack items fall to the ground.
act-order_side-hint = Click the side's creatures in the order they act next round.
act-free_act-hint = The Referee rules what an act costs.
act-force_move-hint = Click the path the creature is pushed or slid along; whoever moves it is "by".
act-teleport-hint = Pick the destination square and the effect's distance.
act-topple-hint = The object's size and the creatures it falls on (click them).
act-flyer_falls-hint = A flying creature that is prone or at speed 0 falls this many feet.
act-unplace-hint = The creature leaves the battle grid.
act-field-to = Square
act-field-characteristic = Characteristic
act-field-target = Target
act-field-push = Pushed along
act-field-act = Kind
act-field-name = Act
act-field-trigger = Trigger
act-field-pet = Pet
act-field-dangerous = Dangerous order
act-field-item = Item
act-field-hand = Into
act-field-choice = Items in hand
act-field-ground = Ground item number
act-field-items = Items
act-field-side = Side
act-field-order = Order
act-field-cost = Cost
act-field-what = What
act-field-by = Moved by
act-field-kind = Kind
act-field-distance = Distance (squares)
act-field-path = Path
act-field-magic = Magic
act-field-vertical = Vertical
act-field-altitude = Height (squares)
act-field-object = Object size
act-field-onto = Falls on
act-field-feet = Feet
act-opt-characteristic-agility = Agility
act-opt-characteristic-strength = Strength
act-opt-act-action = an action
act-opt-act-maneuver = a maneuver
act-opt-choice-Swap = swap into the freed slots
act-opt-choice-DropHands = drop them
act-opt-side-crows = Crows
act-opt-side-enemies = Enemies
act-opt-cost-free = free
act-opt-cost-maneuver = a maneuver
act-opt-cost-action = an action
act-opt-kind-push = push
act-opt-kind-slide = slide
act-opt-object-tiny = tiny
act-opt-object-small = small
act-opt-object-medium = medium
act-opt-object-large = large
act-opt-object-huge = huge
act-opt-object-holy_shit = colossal
## Combat: the map editor
grid-edit = Edit the battle map
grid-edit-hint = Pick a brush and click squares; painting the same feature again removes it. Nothing changes until you send.
grid-brush = Brush
grid-size = Size
grid-send = Send the map ({ $count ->
    [one] { $count } square
   *[other] { $count } squares
})
grid-cancel = Discard
brush-open = open ground
brush-solid = solid obstacle
brush-flimsy = flimsy obstacle
brush-difficult = difficult terrain
brush-elevation = elevation
brush-water = water
brush-submerging = deep water
brush-climb_wall = climb (wall)
brush-climb_ceiling = climb (ceiling)
brush-hazard = hazard
brush-light = light concealment
brush-heavy = heavy concealment
brush-drop = drop
brush-drop-feet = Drop (feet)
cell-obstacle-solid = solid obstacle
cell-obstacle-flimsy = flimsy obstacle
cell-water = water
cell-submerging = deep water
cell-climb-wall = climbing (wall)
cell-climb-ceiling = climbing (ceiling)
cell-hazard-named = hazard: { $hazard }
cell-concealment-light = light concealment
cell-concealment-heavy = heavy concealment
cell-drop-named = { $feet ->
    [one] drop of { $feet } foot
   *[other] drop of { $feet } feet
}
cell-elevation-named = elevation { $elevation }
## Travel: the map editor
hex-edit = Edit the travel map
hex-edit-hint = Pick a tool and click hexes. Painted and erased hexes are sent together; sites, the party and the true position are set at once.
hex-editor-aria = Travel map editor, { $count ->
    [one] { $count } hex
   *[other] { $count } hexes
}
hex-tool = Tool
hex-tool-paint = paint terrain
hex-tool-erase = erase
hex-tool-site = site
hex-tool-party = place the party
hex-tool-true = true position
hex-terrain = Terrain
hex-road = road
hex-river = river
hex-in_miasma = in the Miasma
hex-shown = players see it
hex-empty = empty
hex-hidden = hidden from players
hex-send = Send the map ({ $count ->
    [one] { $count } hex
   *[other] { $count } hexes
})
hex-discard = Discard changes
hex-edit-done = Close the editor
site-editor = Dungeons and points of interest
site-name = Name
site-id = Id
site-kind = Kind
site-kind-dungeon = dungeon
site-kind-landmark = landmark
site-kind-obstacle = obstacle
site-known = known to players
site-notes = Notes
site-pick-hex = click a hex with the site tool
site-needs-hex = pick the site's hex on the map first (site tool)
site-submit = Save the site
site-secret = secret
remove = remove
party-editor = Who travels
party-submit = Set the party
road-encounter = Add a road encounter
arrive-site = Site
arrive-at-site = Explore the site
leave-site = Leave the site
travel-found = Found the way by
travel-found-go = The party knows where it is
found-map = a map
found-landmark = a landmark
found-directions = directions
travel-hours = Hours outside
travel-hours-go = Pass the hours
## Town
town = Town
town-outside = The party is not in a town.
town-status = In town, day { $day }
town-rules = Each activity takes { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} of game time; at most { $max } a day, one at a time.
enter-town = Enter a town
leave-town = Leave the town
pass-time = Game time
pass-time-go = Pass the time
minutes-n = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
town-started = { $count } of { $max } today
town-doing = { $what }: { $minutes } of { $total ->
    [one] { $total } minute
   *[other] { $total } minutes
}
town-progress = { $name }'s activity
town-cancel = Cancel the activity
town-start-for = Activity for { $name }
town-start = Start
town-craft-what = What to craft
town-sleep-hours = Sleep (hours)
town-sleep = { $count ->
    [one] Record the sleep
   *[other] Record the sleep of { $count }
}
## Log lines
ev-rules-grid_set = The battle map changed
ev-rules-taunted = { $taunter } taunts { $target }
ev-rules-town_entered = The party enters a town
ev-rules-town_left = The party leaves the town
ev-rules-town_activity_started = { $creature } starts a town activity: { $activity }
ev-rules-town_activity_done = { $creature } finishes the town activity
ev-rules-town_activity_cancelled = { $creature } stops the town activity
ev-rules-town_slept = { $creature } sleeps { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
ev-rules-outside_time_passed = { $minutes ->
    [one] { $minutes } minute passes
   *[other] { $minutes } minutes pass
}
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
ev-rules-character_request_refused = The Referee refuses { $player }’s crow { $name }{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
# rest sleep
rest-sleep-one = { $name }: slept { $hours } h of 4 — sleep
rest-sleep-all = Everyone sleeps 4 hours
ev-rules-flyer_fell = { $creature } falls { $feet } ft ({ $why ->
    [prone] knocked prone
    [speed_0] its speed dropped to 0
   *[referee] the Referee’s ruling
})
ev-rules-rest_not_counted = The rest does not count for { $creatures } (less than 4 hours asleep)
ev-rules-treasure_valued = Treasure: { $what }, base value { $base }, greed reward +{ $percent }% — worth { $value }
ev-rules-rest_interrupted = The rest was interrupted
ev-rules-rest_interrupted-why = The rest was interrupted: { $reason }
ev-rules-rest_encounter_checked = Rest encounter check: rolled { $face } against EN { $threshold } — { $outcome }
ev-rules-rest_woke = Woke up: { $creatures }
ev-rules-dungeon_judged = The level judged: crowded { $level_crowded }, trail of chaos { $level_chaos_trail }, other EN modifier { $threshold_modifier }
ev-rules-encounter_rules_set = Encounter rules: EN at most 10 { $options_cap_at_ten }; Seclude Camp { $options_seclude_camp ->
    [lower] lowers
   *[raise] raises
} the EN
creature-card = Bestiary card
creature-by-hand = None: by hand
creature-name = Name
creature-card-facts = From the card: Stamina { $stamina }, Armor Defense { $ad }, attacks: { $attacks }
ancestry = Ancestry (a label, no rules)
rivals = Enemies and rivals
rivals-one-per-line = Personal enemies and rivals (one per line)
expertises-field = Expertises
expertise-pick = Expertise to add
expertise-uses = Uses
expertise-add = Add
expertise-remove = Remove { $expertise }
edit-creature = Edit name, ancestry and expertises
save-changes = Save the changes
circumstances-changed = The circumstances changed: allow “{ $task }” again
call-test = Let { $players } roll it
swap-items = Swap { $a } and { $b }
err-slot_taken = { $kind ->
    [hand] Hand
    [belt] Belt
   *[backpack] Backpack
} slot { $number } is already taken{ $occupant_item_name ->
    [none] {""}
   *[other] {" "}by { $occupant_item_name }
}
err-bad_name = A creature's name: length 1 to { $max }, no control characters
err-retry_refused = { $creature } already tested “{ $task }” (tier { $tier }): no retry until the Referee rules that the circumstances changed
ev-rules-creature_unseen = { $name } is out of sight
## Decisions: prompts (`dec-<kind>`, the kind's dots as dashes) and options (`opt-…`), filled
## from the decision's `args`; see js/log.js `decisionPrompt` and `optionLabel`.
dec-crows-tier_1_setback = { $creature }’s test ended at tier { $tier }{ $crit ->
    [true] , a crit
   *[false] {""}
}{ $doom ->
    [true] , a doom
   *[false] {""}
}: does it bring a setback?
dec-crows-tier_2_outcome = { $creature }’s test ended at tier { $tier }: partial success, or success at a cost?
dec-crows-crit_benefit = { $creature } rolled a crit (tier { $tier }): what does it gain?
dec-crows-doom_setback = { $creature } rolled a doom (tier { $tier }): what goes seriously wrong?
dec-crows-certain_death = The Referee warns that “{ $task }” will certainly kill { $creature }. Go ahead anyway?
dec-crows-expertise = { $creature } rolled tier { $tier }: spend an expertise (tier { $tier_with }) or keep tier { $tier_without }?
opt-crows-expertise-commit = Keep tier { $tier_without }
opt-crows-expertise-spend = Spend { $expertise } (→ tier { $tier }, { $uses } left)
opt-no_setback = No setback
opt-setback = A setback
opt-partial_success = Partial success
opt-success_at_cost = Success at a cost
opt-benefit = A benefit
opt-harm_source = Harm what forced the roll
opt-ally_automatic_tier3 = An ally making the same roll gets tier 3
opt-serious_setback = A serious setback
opt-extra_damage1d10 = 1d10 extra damage
opt-proceed_anyway = Go ahead anyway
opt-abandon = Do not do it
dec-crows-knock_out = { $creature } is at 0 Stamina: knock it out instead of killing it?
opt-crows-knock_out-knock_out = Knock out (Stamina 1, unconscious)
opt-crows-knock_out-kill = It dies
dec-crows-wound_slot = { $creature }: choose the backpack slot for a wound ({ $remaining } to place)
opt-crows-wound_slot-slot = Backpack slot { $n }
dec-crows-armor_order = { $creature } is hit: which item loses its Armor Defense first?
dec-crows-square_guess = { $creature } names square ({ $x }, { $y }) for { $target }, unseen ({ $why }): is it moving silently, and is the square right?
opt-crows-square_guess-attack = Right square: roll the attack
opt-crows-square_guess-automatic_miss = Wrong square: the attack misses
opt-crows-square_guess-not_needed = Not moving silently: attack as usual
dec-crows-core-character_request = { $player } asks to play { $name } (Agility { $agility }, Mind { $mind }, Strength { $strength }, Stamina { $stamina })
opt-crows-core-character_request-approve = Approve
opt-crows-core-character_request-refuse = Refuse
dec-crows-combat-initiative = { $roller } rolls 1d10 for the side initiative: on 6 or more the crows act first
opt-crows-combat-initiative-roll = Roll 1d10
dec-crows-combat-opportunity_attack = { $mover } is leaving { $watcher }’s reach: make an opportunity attack?
dec-crows-combat-counter = { $triggerer } got tier 1 against { $counterer }: counter for the weapon’s tier { $tier } result?
dec-crows-combat-grab_choice = { $grabber }’s grab got tier 2: push { $target } 1 square, or take a free Shift?
dec-crows-combat-escape_square = { $creature } broke free: step 1 square without provoking
opt-weapon = With { $name }
opt-pass = Let it go
opt-push = Push { $target } to ({ $x }, { $y })
opt-shift = Shift to ({ $x }, { $y })
opt-crows-combat-escape_square-shift = Step to ({ $x }, { $y })
dec-crows-combat-break_free = { $creature } may break free of { $grabber }, who may then counter
opt-crows-combat-break_free-break_free = Break free
opt-crows-combat-break_free-stay = Stay grabbed
dec-crows-combat-topple_anyway = { $creature } may topple it anyway and take 1d6 piercing damage
opt-crows-combat-topple_anyway-topple = Topple it and take 1d6 piercing
opt-crows-combat-topple_anyway-leave = Leave it standing
dec-crows-combat-stray_shot = { $attacker }’s missed shot strikes one of these allies at random, for tier { $tier }
opt-crows-combat-stray_shot-any = { $option } is hit
dec-crows-combat-unseen_blocker = { $mover }’s move stopped at ({ $x }, { $y }): { $blocker }, unseen by its player, is in the way. Keep it unseen, or reveal it?
opt-crows-combat-unseen_blocker-unseen = It stays unseen
opt-crows-combat-unseen_blocker-reveal = Reveal it to the mover
dec-crows-combat-movement_test = { $creature } swam or climbed { $squares } { $squares ->
    [one] square
   *[other] squares
} without the speed for it{ $ceiling ->
    [true] , a ceiling among them (a test is needed)
   *[false] {""}
}: does it need a test?
opt-crows-combat-movement_test-no_test = No test: it gets there
opt-crows-combat-movement_test-agility = An Agility test
opt-crows-combat-movement_test-strength = A Strength test
dec-crows-combat-pet_command = { $owner } commands { $pet }{ $has_order ->
    [true] : “{ $order }”
   *[false] {""}
}{ $dangerous ->
    [true] {" "}(the player calls it dangerous)
   *[false] {""}
}. Can the pet do it, and does the order need { $owner }’s Mind test?
opt-crows-combat-pet_command-ordinary = It obeys: an ordinary order, no test
opt-crows-combat-pet_command-attack_monster = It obeys: an attack on a dangerous creature, no test
opt-crows-combat-pet_command-complex_or_dangerous = Complex or dangerous: the owner’s Mind test
opt-crows-combat-pet_command-cannot = The pet cannot: it does nothing
dec-crows-combat-thrown_lands = Where did the thrown { $weapon } land? It lies at ({ $x }, { $y }), the target’s square, unless you name another square (x,y) in the text
opt-crows-combat-thrown_lands-target_square = Where it lies: the target’s square
opt-crows-combat-thrown_lands-square = The square named in the text
dec-crows-explore-task = { $creature } prepares for “{ $task }”: does it need a test, and does the character know it first-hand?
opt-crows-explore-task-approve = Approved
opt-crows-explore-task-refuse = Choose another task or activity
dec-crows-explore-remove_wound = { $creature }: choose a wound to remove ({ $remaining } to choose)
opt-crows-explore-remove_wound-slot = The wound in backpack slot { $n }
dec-crows-explore-sign = An encounter approaches: describe the sign the players notice now
opt-crows-explore-sign-sign = Give the sign
dec-crows-explore-encounter_moment = The signalled encounter happens during dungeon turn { $due_turn }: answer when it does
opt-crows-explore-encounter_moment-now = It happens now
dec-crows-explore-encounter_table = Several kinds of monsters live here: choose the encounter table
dec-crows-travel-track_allowed = { $creature } wants to track { $quarry }: could it be on today’s route?
opt-crows-travel-track_allowed-allow = Yes: the test is made
opt-crows-travel-track_allowed-refuse = No: choose another task or role
dec-crows-travel-choice = { $creature }: { $task } reached tier { $tier }. Choose one
opt-crows-travel-choice-first = { $choice ->
    [rest_threshold_or_crafting] { $first } to tonight’s rest encounter number
   *[other] { $first } hex today
}
opt-crows-travel-choice-second = { $choice ->
    [rest_threshold_or_crafting] { $second } on crafting rolls in this camp tonight
   *[other] { $second } to today’s travel encounter number
}
dec-crows-travel-finds = { $creature }’s Treasure Hunt: { $roll ->
    [none] roll on the { $finds } interesting finds table and note the find
   *[other] { $roll } on the { $finds } interesting finds table{ $result ->
        [none] , a result the table has no row for: note the find
       *[other] : { $result }. Tell the players and note the find
    }
}
opt-noted = Noted
dec-crows-travel-meet_creature = { $creature } tracked { $quarry }: decide when and where today the party meets it
dec-crows-travel-encounter = { $during_rest ->
    [true] A rest
   *[false] A travel
} encounter in { $terrain }: roll on the terrain’s encounter table and say when it happens
opt-crows-travel-encounter-now = Now
opt-crows-travel-encounter-later = Later today
opt-crows-travel-encounter-later_with_sign = Later today, after a sign
dec-crows-travel-site_reached = The party reaches { $site }: explore it in dungeon turns, or pass?
opt-crows-travel-site_reached-explore = Explore it (dungeon turns)
opt-crows-travel-site_reached-go_around = Go around the obstacle
opt-crows-travel-site_reached-ignore = Ignore it and travel on
dec-crows-travel-miasma_choice = { $creature } resisted the Miasma at tier 3: choose one
opt-crows-travel-miasma_choice-clear_cruelty = Lose all my cruelty levels
opt-crows-travel-miasma_choice-raise = Raise { $option }’s result by one tier
dec-crows-travel-miasma_expertise = { $creature } gains an expertise it lacks while the Miasma holds it
dec-crows-magic-hot_temper = Did { $caster } harm another creature this dungeon turn? If not, it takes damage
opt-crows-magic-hot_temper-harmed = It harmed someone
opt-crows-magic-hot_temper-not_harmed = It did not
dec-crows-magic-harmful_activation = { $caster } set off an item by accident: describe the harm
opt-crows-magic-harmful_activation-harm = The harm described
dec-crows-called_test = The Referee calls for a test: { $creature }, { $characteristic ->
    [agility] Agility
    [mind] Mind
   *[strength] Strength
}{ $has_task ->
    [true] {" "}to “{ $task }”
   *[false] {""}
} (edges { $edges }, banes { $banes }, bonus { $bonus })
opt-crows-called_test-roll = ⚄ Roll the test
opt-crows-called_test-cancel = Do not roll
dec-crows-magic-backlash_overlap = { $reason ->
    [overlap] Backlash total { $total } ({ $caster }) matches two rows: pick one
   *[no_row] No backlash roll found a row that applies to { $caster }: pick one
}
dec-crows-magic-backlash_area = Backlash row { $row } on { $caster }: list the creatures within { $squares ->
    [one] { $squares } square
   *[other] { $squares } squares
} of { $around_target ->
    [true] the spell's target ({ $targets })
   *[false] the caster
}, as ids separated by commas
opt-crows-magic-backlash_area-apply = Apply to the caster and these creatures
dec-crows-magic-backlash_call = Backlash row { $row } on { $caster }: the Referee's call
## Roll labels (`roll-<label>`, see js/log.js `rollLabel`)
roll-encounter-check = Encounter check
roll-rest-encounter-check = Rest encounter check
roll-encounter-table = Encounter table { $detail }
roll-lost-party = Lost party ({ $detail })
roll-usage-dice = Usage dice: { $detail }
roll-spellbook-usage-dice = Spellbook usage dice
roll-vulnerable = Vulnerable
roll-fall-damage = Fall damage
roll-rations-destroyed = Rations destroyed
roll-rations-found = Rations found
roll-pushed-squares = Squares pushed
roll-teleport-squares = Squares teleported
roll-hostile-creatures = Hostile creatures
roll-backlash-wounds = Backlash wounds
roll-stray-shot = Stray shot: odd hits an ally
boundary-custom-rest_halfway = the middle of the rest

## Log lines for every event (issue 23)
## Filled from the event's fields and, for most, from the table in rulesets/crows/log.js
## (`LINES`): names for ids, codes in words, counts of lists.
# core
ev-rules-assist_turn_passed = A combat turn is over: assists made in combat grow older
ev-rules-positioned = { $at ->
    [none] Where { $creature } stands is no longer known
   *[other] { $creature } now stands at { $at }
}
ev-rules-light_placed = A light is set down at { $at }: bright for { $bright ->
    [one] { $bright } square
   *[other] { $bright } squares
}, dim for { $dim } more
ev-rules-light_removed = A light set down on the map is gone
ev-rules-ambient_light_set = The light all around is now: { $level }
ev-rules-assist_charged = { $helper }’s help to { $assisted } costs { $cost ->
    [maneuver] a maneuver
   *[action] an action
} (round { $round })
ev-rules-square_guessed = { $attacker } guesses that { $target } is at { $square }
ev-rules-guess_ruled = { $outcome ->
    [attack] { $attacker } guessed { $target }’s square right: the attack is rolled
    [automatic_miss] { $attacker } guessed the wrong square: the attack on { $target } misses
   *[other] { $target } is not moving silently: { $attacker } attacks as usual
}
# house rules: the setting a change names (`house-<section>-<key>`)
house-options-wound_placement = where a wound may go
house-options-damage_carry_over = excess damage carrying over
house-options-armor_defense_sources = what gives Armor Defense
house-options-prone_after_waking = prone after waking
house-options-vulnerable_extra_matches_type = the Vulnerable die’s damage type
house-options-backpack_rows = backpack rows
house-options-corpse_slots = slots a corpse may take
house-options-stand_up_ignores_prone_halving = standing up and the prone halving
house-options-rest_halfway_douses_items = lights going out halfway through a rest
house-options-clamp_negative_results = no results below 0
house-options-suffocation_piercing = suffocation damage piercing
house-options-flat_speed_changes_first = order of speed changes
house-options-holy_shit_corpse_slots = slots of the largest corpses
house-options-holy_shit_campfire = light of the largest campfire
house-options-breath_rounds_base = rounds of held breath
house-options-object_rules_affect_attended = object rules for held items
house-test_rules-shift_order = order of tier shifts
house-test_rules-automatic_tier_beats_doom = an automatic tier against a doom
house-assist_lapse = which assist modifiers lapse
house-dungeon_turn_minutes = length of a dungeon turn
# combat
ev-rules-unplaced = { $creature } is taken off the battle map
ev-rules-side_ordered = Turn order of the { $side ->
    [crows] Crows
   *[enemies] enemies
}: { $order }
ev-rules-combatant_removed = { $creature } leaves the fight
ev-rules-allowance_set = { $cost ->
    [none] { $creature } has used up the extra act
    [maneuver] { $creature } may take a maneuver out of turn
    [action] { $creature } may take an action out of turn
   *[other] { $creature } may take a free act out of turn
}
ev-rules-reaction_used = { $creature } uses the reaction of round { $round }: { $kind ->
    [counter] a counter
    [opportunity_attack] an opportunity attack
    [readied] the readied act
   *[other] { $name }
}
ev-rules-opportunity_declined = { $watcher } lets { $mover } go without an opportunity attack
ev-rules-readied_set = { $act ->
    [none] { $creature } no longer holds a readied act
    [maneuver] { $creature } readies a maneuver ({ $what }) for when { $trigger }
   *[action] { $creature } readies an action ({ $what }) for when { $trigger }
}
weapon-unarmed_strike = unarmed strike
ev-rules-ground_at = An item on the ground lies at ({ $at_x }, { $at_y })
ev-rules-pet_commanded = { $owner } commands { $pet }
ev-rules-toppled = { $creature } topples an object ({ $size }) onto { $onto }
# dungeon
ev-rules-dungeon_entered = The party enters { $dungeon }: { $length ->
    [minutes] a dungeon turn lasts { $minutes } min of real time
    [rooms] a dungeon turn per room explored
   *[manual] the Referee ends each dungeon turn
}{ $greed ->
    [true] ; greed rewards are open
   *[false] {""}
}
ev-rules-dungeon_left = The party leaves { $dungeon }
ev-rules-dungeon_turn_paused = The dungeon turn is paused
ev-rules-dungeon_turn_resumed = The dungeon turn goes on
ev-rules-rooms_rolled = This dungeon has { $rooms ->
    [one] { $rooms } room
   *[other] { $rooms } rooms
}
ev-rules-room_marked = Rooms explored: { $explored } of { $rooms }
ev-rules-encounter_checked = Encounter check { $reason ->
    [loud_action] after a loud action ({ $loud })
    [dungeon_rest] for a rest
   *[end_of_turn] at the end of dungeon turn { $turn }
}: rolled { $face } against EN { $threshold } — { $outcome }
ev-rules-encounter_sign = A sign of what is coming: { $text }
ev-rules-encounter_table = Encounter table { $table }{ $roll ->
    [none] {""}
   *[other] : rolled { $roll } — { $result }
}
ev-rules-encounter_happened = The encounter due in dungeon turn { $due_turn } happens
ev-rules-encounter_overdue = The encounter due in dungeon turn { $due_turn } has not come yet
ev-rules-rest_started = The party rests{ $place ->
    [in_miasma] {" "}in the Miasma
   *[ordinary] {""}
}: { $party }; hungry: { $hungry }
ev-rules-rest_midpoint = Halfway through the rest: { $count ->
    [0] no effect ends
    [one] { $count } effect ends
   *[other] { $count } effects end
}
ev-rules-rest_asleep = Asleep for { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}: { $creatures }
ev-rules-rest_activity_chosen = { $creature }’s rest activity: { $activity }
ev-rules-task_ruled = { $approved ->
    [true] The Referee allows { $creature }’s rest activity
   *[false] The Referee does not allow { $creature }’s rest activity
}
ev-rules-rest_finishing = The rest is ending; wounds to remove: { $picks }; no benefit for: { $unrested }
ev-rules-wound_picked = { $creature } removes the wound in slot { $slot }
ev-rules-rest_finished = The rest is over: { $party }
ev-rules-activity_resolved = { $outcome }
ev-rules-town_new_day = A new day dawns in town
ev-rules-town_worked = { $creature } works for { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
ev-rules-town_picks_opened = { $creature } slept under care: remove { $needed ->
    [one] { $needed } wound
   *[other] { $needed } wounds
}
ev-rules-town_tended = { $creature }: { $count ->
    [0] no wound removed
    [one] the wound in slot { $list } removed
   *[other] wounds in slots { $list } removed
}
rest-act-craft = crafting ({ $item })
rest-act-harvest = harvesting the corpse of { $corpse } ({ $size })
rest-act-identify = studying an item
rest-act-prepare = preparing for “{ $task }”
rest-act-repair_armor = repairing armor
rest-act-seclude_camp = secluding the camp
rest-act-tend_wounds = tending { $target }’s wounds
rest-act-other = { $name }
rest-out-crafting_roll_due = { $character } makes a crafting roll ({ $item })
rest-out-harvested = { $character } harvests { $parts ->
    [one] { $parts } part
   *[other] { $parts } parts
} from the corpse of { $corpse }
rest-out-properties_learned = { $character } learns an item’s properties
rest-out-prepared = { $character } is prepared for “{ $task }” (+{ $bonus })
rest-out-armor_repaired = { $character } repairs armor: Armor Defense { $defense }
rest-out-camp_secluded = { $character } secludes the camp
rest-out-wounds_tended = { $character } tends { $target }’s wounds
rest-out-other = { $character }: { $name } done
# magic
ev-rules-cast_begun = { $caster } begins to cast { $spell } (rank { $rank }) at { $targets }
ev-rules-cast_resolved = { $result ->
    [backlash] { $caster } casts { $spell }: backlash of rank { $rank }
   *[spell] { $caster } casts { $spell }: tier { $tier }{ $crit ->
        [true] , crit
       *[false] {""}
    }
}
ev-rules-spell_started = { $caster }’s { $spell } takes effect on { $targets } ({ $duration ->
    [dungeon_turn] for this dungeon turn
    [usage_dice] while its usage dice last
   *[instant] at once
})
ev-rules-spell_dice_rolled = { $spell ->
    [none] A spell’s
   *[other] { $spell }:
} usage dice rolled, { $remaining } left
ev-rules-spell_ended = { $spell ->
    [none] A spell
   *[other] { $spell }
} ends: { $why }
spell-end-ended_early_by_its_caster = its caster ended it
spell-end-its_caster_died = its caster died
spell-end-its_duration_ran_out = its time ran out
ev-rules-backlash_rolled = { $caster } rolls for backlash: d100 { $d100 } + rank { $rank } = { $total }
ev-rules-backlash_applied = Backlash { $row } strikes { $caster }{ $stacks ->
    [1] {""}
   *[other] {" "}(×{ $stacks })
}: { $note }
ev-rules-backlashes_set = { $caster }: { $count ->
    [0] no backlash running
    [one] { $count } backlash running
   *[other] { $count } backlashes running
}
ev-rules-lost_forever = { $creature } is gone for ever
ev-rules-pet_set = { $creature } now serves { $summoner }
ev-rules-project_set = { $owner }’s crafting project: { $item }, { $points } of { $goal ->
    [one] { $goal } point
   *[other] { $goal } points
}, { $finished } made
ev-rules-craft_queued = { $crafter } will make a crafting roll at the end of the rest
ev-rules-craft_rolled = { $crafter }’s crafting roll: total { $total }, { $points ->
    [one] { $points } point
   *[other] { $points } points
}{ $finished ->
    [0] {""}
   *[other] ; { $finished } finished
}
ev-rules-rest_activities_done = The rest’s activities are done
ev-rules-magic_item_set = The Referee notes a magic item held by { $holder } ({ $hidden ->
    [one] { $hidden } hidden property
   *[other] { $hidden } hidden properties
})
ev-rules-magic_item_sensed = Something { $holder } carries hums with magic
ev-rules-identify_queued = { $creature } will study an item at the end of the rest
ev-rules-identified = { $creature } learns about an item { $method ->
    [rest_activity] during the rest
    [ask_npc] from someone who knows
    [experiment] by experimenting
   *[test] with a test
}: { $properties }{ $complete ->
    [true] {" "}— all is known now
   *[false] {""}
}
ev-rules-identify_tried = { $creature } tries to work out an item: { $result ->
    [harmful_activation] it goes off by accident!
    [nothing_learned] nothing learned
   *[all_learned] everything learned
}
ev-rules-called = The Referee’s call for { $creature } ({ $call }): { $option }{ $text ->
    [none] {""}
   *[other] {" "}— { $text }
}
call-slugs = a backlash: vomiting slugs
call-npc_reveals = what someone who knows tells
call-opt-vomits_slugs = vomits slugs
call-opt-acts = acts as usual
# travel
ev-rules-travel_options_set = Travel options: every role a different task: { $options_distinct_tasks }
ev-rules-hexes_set = The hex map changed: { $count ->
    [one] { $count } hex
   *[other] { $count } hexes
}
ev-rules-hexes_removed = { $count ->
    [one] { $count } hex removed from the map
   *[other] { $count } hexes removed from the map
}
ev-rules-site_set = Place on the map: { $name } ({ $kind ->
    [dungeon] dungeon
    [landmark] landmark
   *[obstacle] obstacle
}) at { $hex }{ $known ->
    [true] {""}
   *[false] , secret
}
ev-rules-site_seen = Place on the map: { $name } ({ $kind ->
    [dungeon] dungeon
    [landmark] landmark
   *[obstacle] obstacle
}) at { $hex }
ev-rules-site_removed = A place is removed from the map
ev-rules-party_set = The travelling party: { $members }
ev-rules-position_set = { $lost ->
    [true] The party is lost: really at { $hex }, believes it is at { $believed } ({ $why })
   *[false] The party is at { $hex } ({ $why })
}
ev-rules-position_seen = { $lost ->
    [true] The party believes it is at { $hex } ({ $why })
   *[false] The party is at { $hex } ({ $why })
}
why-placed = set on the map
why-moved = moved
why-the_referee_moved_the_party = the Referee moved it
why-found_by_map = found again with a map
why-found_by_landmark = found again by a landmark
why-found_by_directions = found again by asking the way
why-lost_the_guide_s_route_went_wrong = the guide’s route went wrong
why-found_by_back_on_track = found again by Back on Track
ev-rules-day_begun = Travel day { $number } begins, { $pace } pace
ev-rules-role_declared = { $creature } takes a role: { $task } ({ $characteristic }){ $quarry ->
    [none] {""}
   *[other] , tracking { $quarry }
}
ev-rules-role_withdrawn = { $creature } gives up the role
ev-rules-track_ruled = { $allowed ->
    [true] The Referee allows { $creature } to track
   *[false] The Referee rules that { $creature } cannot track that creature today
}
ev-rules-assist_declared = { $helper } will help { $holder } ({ $characteristic })
ev-rules-role_tests_started = The role tests begin: { $creatures }
ev-rules-travel_test_started = { $creature } is being tested
ev-rules-assist_made = { $helper } helps { $holder }
ev-rules-role_resolved = { $creature }’s role { $task }: tier { $tier }
ev-rules-choice_made = { $creature } chooses: { $option }
choice-first = the first of the two options
choice-second = the second of the two options
ev-rules-support_given = { $by } supports { $to }: +{ $bonus }
ev-rules-miasma_edge_given = { $by } gives { $to } { $edge } against the Miasma
edge-none = nothing
edge-edge = an edge
edge-double_edge = a double edge
edge-bane = a bane
edge-double_bane = a double bane
ev-rules-finds_rolled = { $creature }’s Treasure Hunt: { $roll } on the table { $table }{ $result ->
    [none] {""}
   *[other] {" "}— { $result }
}
ev-rules-rewarded = { $creature }’s role brings: { $effect }
effect-travel_threshold = travel EN { $sign }{ $n }
effect-rest_threshold = rest EN { $sign }{ $n }
effect-hexes = { $sign }{ $n ->
    [one] { $n } hex
   *[other] { $n } hexes
} today
effect-lost = the party gets lost
effect-still_lost = the party is still lost
effect-found = the party finds its way
effect-choose = a choice to make
effect-miasma_edge = { $edge } against the Miasma
effect-role_test_bonus = { $sign }{ $n } to role tests
effect-referee_rolls_finds = an interesting find for the Referee to roll
effect-rations = rations
effect-large_animal_hide = a large animal’s hide
effect-meet_creature = a meeting with the tracked creature
ev-rules-roles_done = The roles are done: { $hexes ->
    [one] { $hexes } hex
   *[other] { $hexes } hexes
} today, travel EN { $travel_threshold }, rest EN { $rest_threshold }
ev-rules-road_checked = { $during_rest ->
    [true] Rest encounter check
   *[false] Travel encounter check
}: rolled { $d10 } against EN { $threshold } — { $encounter ->
    [true] an encounter
   *[false] no encounter
}
ev-rules-encounter_ruled = The Referee sets the encounter: { $timing }{ $text ->
    [none] {""}
   *[other] {" "}— { $text }
}
ev-rules-hex_left = The party moves on: { $hexes_moved ->
    [one] { $hexes_moved } hex
   *[other] { $hexes_moved } hexes
} travelled today
ev-rules-site_ruled = At the place: { $choice }
ev-rules-site_entered = The party enters { $name } ({ $kind ->
    [dungeon] dungeon
    [landmark] landmark
   *[obstacle] obstacle
}), EN { $threshold }
ev-rules-site_left = The party leaves the place and travels on
ev-rules-rest_begun = The party rests in the open{ $in_miasma ->
    [true] {" "}in the Miasma
   *[false] {""}
}, EN { $threshold }
ev-rules-rest_snapshot = The Referee keeps the party’s expertise uses as the rest begins
ev-rules-meals_eaten = { $creature } eats { $rations ->
    [0] nothing
    [one] { $rations } ration
   *[other] { $rations } rations
}
ev-rules-travel_rest_interrupted = The rest in the open is interrupted
ev-rules-rest_denied = { $creature } cannot rest ({ $rule })
ev-rules-miasma_round_started = The Miasma presses on: { $rollers } resist
ev-rules-miasma_rolled = { $creature } resists the Miasma: tier { $tier }
ev-rules-miasma_choice_asked = Those who resisted best choose their reward
ev-rules-miasma_choice = { $pick ->
    [clear_cruelty] { $creature } sheds all cruelty
   *[raise] { $creature } raises { $target }’s result by one tier
}
ev-rules-miasma_set = { $creature } in the Miasma: cruelty { $cruelty }, effects: { $rows }; rolled now: { $rolled }
miasma-row-despondent = despondent
miasma-row-ravenous = ravenous
miasma-row-rage = rage
miasma-row-liar = liar
miasma-row-lazy = lazy
miasma-row-violent = violent
miasma-row-turned = turned
ev-rules-expertise_granted = { $expertise ->
    [none] { $creature } loses the expertise the Miasma gave
   *[other] The Miasma gives { $creature } the expertise { $expertise }
}
ev-rules-miasma_round_done = The Miasma round is over
ev-rules-step_set = Travel day: { $step }
ev-rules-day_ended = Travel day { $number } ends
ev-rules-hours_passed = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} pass outside
# what changed in a creature's record (`what-<words joined by _>`, see log.js `creatureLine`)
what-backlash = backlash { $low }–{ $high }
what-backlash-resistance = backlash { $low }–{ $high }: resistance roll, tier { $tier }{ $move ->
    [0] {""}
   *[other] ; may move { $move } squares
}{ $held ->
    [true] ; takes 1d6 piercing damage at the end of every round while held
   *[other] {""}
}
what-backlash-call = backlash: the Referee’s call on { $call }
backlash-call-hand_slot = which hand it takes
backlash-call-treasure = which treasure it takes
backlash-call-recipient = who receives the item
backlash-call-weapon = the weapon the hand becomes
what-damaged = { $known ->
    [false] is hurt
   *[true] takes { $total } damage
}{ $stamina ->
    [0] {""}
   *[other] , loses { $stamina } Stamina
}{ $wounds ->
    [0] {""}
   *[other] , { $wounds } wounds to place
}{ $died ->
    [true] {" "}— dies
   *[false] {""}
}
what-item_placed = { $item ->
    [none] an item placed in a slot
   *[other] now carries { $item }
}
what-items_moved = moves items between slots
what-item_used = { $item ->
    [none] uses an item
   *[other] uses an item: { $item }
}
what-an_item_appeared = { $item ->
    [none] gets an item
   *[other] gets an item: { $item }
}
what-picked_up = { $item ->
    [none] picks up an item
   *[other] picks up an item: { $item }
}
what-corpse_picked_up = picks up a corpse
what-backpack_dumped = drops the backpack
what-condition_added = { $condition ->
    [none] a condition begins
   *[other] now { $condition }
}
what-condition_removed = { $condition ->
    [none] a condition ends
   *[other] no longer { $condition }
}
what-effect_added = an effect begins
what-wound_placed = a wound in slot { $slot }
what-end_of_the_dungeon_turn = end of the dungeon turn{ $ended ->
    [none] {""}
   *[other] ; ends: { $ended }
}
what-end_of_the_day = end of the day
what-middle_of_the_rest = halfway through the rest
what-ate_a_ration = eats a ration
what-asleep = falls asleep
what-rested = rested
what-rest_full_stamina_wounds_removed = the rest restores full Stamina and removes wounds
what-the_rest_is_over = wakes: the rest is over
what-the_rest_was_interrupted = wakes: the rest was interrupted
what-woken_by_a_loud_noise = woken by a loud noise
what-the_rest_gave_nothing = the rest gave nothing
what-could_not_rest = could not rest
what-no_expertise_uses_back_from_this_rest = no expertise uses back from this rest
what-restored = restored
what-expertise_spent = spends an expertise use
what-expertise_spent_on_crafting = spends an expertise use on crafting
what-spellbook_used = uses a spellbook
what-materials_used = uses crafting materials
what-armor_worn = puts on armor
what-armor_taken_off = takes off armor
what-armor_repaired = armor repaired
what-magic_item_worn = puts on a magic item
what-magic_item_taken_off = takes off a magic item
what-lit = lights a light
what-doused = puts out a light
what-refuelled = refuels a light
what-attack_used_up = an attack used up
what-stood_up = stands up
what-grabbed = is grabbed
what-grab_ended = the grab ends
what-freed_by_a_death = freed by a death
what-fell_unharmed = falls unharmed
what-teleport = teleported
what-knock_out_ruled = the Referee rules a knock-out
what-rule_exceptions_ruled = the Referee rules on exceptions
what-backlash_wounds = wounds from a backlash
what-next_damage = the next damage is changed
what-tentacle_cut_away = a tentacle is cut away
what-weakened_by_the_command = weakened by the command
what-without_air = without air
what-wounds_tended_in_town = wounds tended in town

## Cast panel
cast-title = Cast a spell
cast-caster = Caster
cast-caster-is = Caster: { $name }
cast-book = Spellbook in hand
cast-rank = Rank
cast-time = Casting time
cast-time-action = an action
cast-time-maneuver = a maneuver
cast-time-reaction = a reaction
cast-time-out_of_combat = outside a fight (10 minutes)
cast-target = Target
cast-range = Range
cast-area = Area
cast-targets = Who the spell is aimed at
cast-odds-line = Tier 1 { $t1 }% · tier 2 { $t2 }% · tier 3 { $t3 }% · crit { $crit }% · doom { $doom }%
cast-odds-expertise = With an expertise spent when it helps:
cast-odds-hint = The casting test uses Mind. In a fight the grid may add more edges or banes, and a running backlash its own bane.
cast-pick-origin = Click the square where the area starts.
cast-pick-toward = Now click a square in the direction it spreads.
cast-inside = { $count ->
    [one] One square covered
   *[other] { $count } squares covered
}. Inside: { $names }.
cast-inside-nobody = no one you can see
cast-distance = Distance in squares
cast-line-of-effect = In line of effect
cast-friendly = Friendly to the caster
cast-origin = Where the area starts
cast-aim-hint = The table's own measurements: how far each target is and whether the caster has line of effect.
cast-send = Cast the spell
cast-aim-grid = Place the area on the combat grid
cast-aim-again = Place the area again
cast-aim-stop = Stop placing
cast-aim-where = Pick its squares on the combat grid; Escape stops.
cast-aiming = Placing { $spell }:
cast-not-placed = The area is not placed yet.
cast-area-asking = Asking the server which squares the area covers…
cast-aim-placed = Placed. Click a square to start again, or cast the spell from “Cast a spell”.

## shell log: kinds of effects
effect-kind-crows-backlash = a backlash
effect-kind-crows-spell = a spell
