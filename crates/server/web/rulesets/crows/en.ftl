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
ev-rules-test_waived = { $creature } settles “{ $task }” by expertise, no test
ev-rules-object_placed = { $id } is in play
ev-rules-object_damaged = { $id } takes { $amount } damage, { $stamina } Stamina left
set-light = Set the light
item-actions = Actions for { $name }
use-item = Use (roll usage dice)
light-item = Light it
douse-item = Douse it
wear-armor = Wear this armor
cancel = Cancel
ev-rules-ruled = The Referee rules for { $creature }: { $option } { $text }
stamina-short = STA
approved-expertises = Expertises the Referee allows on this test
## Combat controls
combat-grid-aria = Battle grid, { $width } × { $height }
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
ev-rules-fight_started = Combat begins
ev-rules-round_started = Round { $round } begins
ev-rules-turn_began = { $creature }'s turn
ev-rules-turn_ended = { $creature } ends the turn
ev-rules-attack_made = { $attacker } attacks { $target } ({ $weapon })
ev-rules-attack_made-also = { $attacker } attacks { $target } and { $also } with one roll ({ $weapon })
ev-rules-attack_resolved = { $attacker } attacks { $target }: tier { $tier }, hit: { $hit }, damage { $damage }
ev-rules-attack_resolved-miss = { $attacker } attacks { $target }: tier { $tier }, no damage
ev-rules-fight_ended = Combat is over
ev-rules-moved = { $creature } moves to ({ $to_x }, { $to_y })
ev-rules-placed = { $creature } is placed on the grid
ev-rules-budget_set = { $creature } spends part of the turn
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
ev-rules-town_activity_started = { $creature } starts a town activity: { $activity_activity }
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
ev-rules-character_request_refused = The Referee refused { $player }’s crow { $name }
# rest sleep
rest-sleep-one = { $name }: slept { $hours } h of 4 — sleep
rest-sleep-all = Everyone sleeps 4 hours
ev-rules-flyer_fell = { $creature } falls { $feet } ft ({ $why })
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
dec-crows-travel-finds = { $creature }’s Treasure Hunt: roll on the { $finds } interesting finds table and note the find
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
dec-crows-magic-backlash_area = Backlash row { $row } on { $caster }: list the creatures within { $squares } squares of { $around_target ->
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
