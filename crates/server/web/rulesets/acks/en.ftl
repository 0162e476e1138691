# ACKS screen — English messages (Fluent), loaded with the shell's i18n/en.ftl when an acks table opens.

acks-tab-party = Party
acks-tab-dungeon = Dungeon
acks-tab-combat = Combat
acks-tab-log = Log

## The sheet
acks-party = { $count ->
    [one] Party: { $count } character
   *[other] Party: { $count } characters
}
acks-monsters = { $count ->
    [one] { $count } monster
   *[other] { $count } monsters
}
acks-no-characters = No characters yet: the Judge adds them.
acks-class-level = { $class }, level { $level }
acks-hp = Hit points
acks-hp-value = { $hp } of { $max }
acks-nonlethal = Nonlethal damage
acks-armour-class = Armour class
acks-speed = Speed
acks-feet = { $feet ->
    [one] { $feet } foot
   *[other] { $feet } feet
}
acks-light = Light
acks-light-torch = torch
acks-light-lantern = lantern
acks-light-burning = { $kind }, turns left: { $turns }
acks-light-none = no light
acks-rest = Rest
acks-rest-state = turns since a rest: { $turns }
acks-rest-due = rest due
acks-fatigue = fatigued: { $penalty } to attack throws and damage
acks-abilities = Abilities
acks-ability-strength = Strength
acks-ability-intelligence = Intelligence
acks-ability-wisdom = Wisdom
acks-ability-dexterity = Dexterity
acks-ability-constitution = Constitution
acks-ability-charisma = Charisma
acks-bed-rest = bed rest, days: { $days }
acks-sheet-gaps = The throws and saves appear once the character's class is in a loaded pack.
acks-hidden = hidden from the players
acks-reveal = Show to the players
acks-hit-dice = Hit Dice
acks-morale = Morale
acks-attacks = Attacks

## The dungeon turn
acks-dungeon = Dungeon turn
acks-turn = Turns ended: { $turn }
acks-marching = Marching order: { $order }
acks-doors = Doors
acks-traps = Traps
acks-open = open
acks-character = Character
acks-activity = This turn
acks-activity-explore = explore
acks-activity-search = search
acks-activity-rest = rest
acks-declare-turn = Declare
acks-light-it = Light
acks-refill = Refill the lantern
acks-douse = Douse
acks-at = Door or place
acks-listen = Listen
acks-force = Force the door
acks-unlock = Pick the lock
acks-area = Area
acks-looking-for = Looking for
acks-looking-secret_doors = secret doors
acks-looking-traps = traps
acks-search = Search
acks-start-turns = Start counting dungeon turns
acks-end-turn = End the turn
acks-check-wandering = Check for wandering monsters
acks-results = Latest results
acks-no-results = Nothing tried yet.
acks-listened = { $who } listened at { $at }: { $heard ->
    [true] heard something
   *[false] heard nothing
} (face { $face }; { $something ->
    [true] something is there
   *[false] nothing is there
})
acks-listen-result = { $who } listened at { $at }: { $heard ->
    [true] heard something
   *[false] heard nothing
}
acks-search-result = { $who } searched { $area }: { $count ->
    [0] nothing found
   *[other] found { $found }
}
acks-door-forced = Door { $door }: { $opened ->
    [true] forced open
   *[false] held
} (face { $face })
acks-door-unlocked = Door { $door }: { $opened ->
    [true] opened
   *[false] still locked
}
acks-trap-sprung = { $who } sprang trap { $trap }
acks-wandering = Wandering check after turn { $turn }: face { $face }, { $come ->
    [true] monsters come
   *[false] nothing comes
}

## Combat
acks-combat = Combat
acks-no-fight = No fight under way.
acks-begin = Begin combat with everyone shown
acks-round = Round { $round }
acks-declaring = declarations open
acks-tracker = Initiative order
acks-count = Count
acks-combatant = Combatant
acks-declaration = Declaration
acks-attacks-made = Attacks made
acks-decl-none = none
acks-decl-fighting_withdrawal = fighting withdrawal
acks-decl-full_retreat = full retreat
acks-decl-casting = casting { $spell }
acks-decl-spell = a spell
acks-spell = Spell
acks-trap = Trap
acks-trap-check = Check the trap (secret)
acks-declare = Declare
acks-initiative = Roll initiative
acks-acting = acting
acks-fallen = fallen
acks-attack = Attack
acks-attacker = Attacker
acks-target = Target
acks-weapon = Weapon damage
acks-odds = Chances before the throw
acks-odds-result = Throw needed on 1d20: { $needed }; chance to hit { $hit } % ({ $exact }); expected damage { $damage }
acks-attack-throw = Make the attack throw
acks-attacked = { $attacker } → { $target }: { $hit ->
    [true] hit, damage { $damage }
   *[false] miss
} (face { $face }, needed { $needed })
acks-judge-modifier = Judge's modifier
acks-morale-check = Check morale
acks-morale-result = { $who }: { $result } (total { $total })
acks-mortal-wounds = Mortal wounds
acks-timing = Treated within
acks-timing-round = a round
acks-timing-turn = a turn
acks-timing-hour = an hour
acks-timing-day = a day
acks-timing-later = later
acks-healing-spell = Healing spell level
acks-healer = by a healer
acks-treat = Roll on Mortal Wounds
acks-breakdown = Modifiers for { $who }
acks-mod-hit_points = hit points
acks-mod-constitution = Constitution
acks-mod-nonlethal = nonlethal damage
acks-mod-healing_magic = healing magic
acks-mod-care = care and timing
acks-mod-total = modifier in all
acks-roll-total = roll with modifiers
acks-end-fight = End the fight

## The wilderness day
acks-tab-wilderness = Wilderness
acks-wilderness = Wilderness day
acks-wild-day = Day { $day }
acks-wild-today = today: { $kind ->
    [travel] travel
    [forced_march] a forced march
    [hunt] hunting
   *[rest] rest
}
acks-wild-travel-days = Travel days since a rest: { $days }
acks-wild-penalty = missed rest: { $penalty } to attack throws and damage
acks-wild-rest-owed = a day of rest is owed
acks-wild-no-party = The party is not on the map yet.
acks-wild-believed = Where the party believes it is: hex { $hex }
acks-wild-true = The true hex (the Judge's alone): { $hex }
acks-wild-lost = lost
acks-wild-fresh = Fresh food: { $count ->
    [one] { $count } ration
   *[other] { $count } rations
}
acks-wild-map = Map near the party
acks-wild-here = the party
acks-wild-truly-here = truly here
acks-wild-road = road
acks-wild-shown = shown to the players
acks-wild-forage = Forage
acks-wild-hunt = Hunt for a day
acks-wild-travel = Travel a day
acks-wild-rest = Rest a day
acks-wild-end-day = End the day
acks-wild-heading = Heading
acks-wild-forced = Forced march
acks-wild-following = Along a road, trail or landmark
acks-wild-flying = Flying
acks-wild-hex = The map and the true course
acks-wild-q = Column (q)
acks-wild-r = Row (r)
acks-wild-draw = Draw the hex
acks-wild-place = Place the party here
acks-wild-drift = Stray, sides clockwise
acks-wild-true-course = Set the true hex
acks-wild-found = The party finds its way
acks-wild-no-results = Nothing yet.
acks-terrain = Terrain
acks-terrain-clear = clear
acks-terrain-coast = coast
acks-terrain-desert = desert
acks-terrain-hills = hills
acks-terrain-woods = woods
acks-terrain-jungle = jungle
acks-terrain-swamp = swamp
acks-terrain-mountains = mountains
acks-heading-north = north
acks-heading-north_east = north-east
acks-heading-south_east = south-east
acks-heading-south = south
acks-heading-south_west = south-west
acks-heading-north_west = north-west

## Experience on the sheet
acks-xp = Experience
acks-xp-value = { $xp } XP; next level at { $next }
acks-xp-cap = at most { $cap } after this adventure

## Log lines (js/log.js: `ev-rules-<name>`, the event's fields as arguments)
ev-rules-pack_loaded = Content pack loaded
ev-rules-character_added = { $creature_name } joins the table
ev-rules-monster_added = Monster added: { $creature_name }
ev-rules-revealed = { $name } ({ $kind }) is shown to the players
ev-rules-row_overridden = The Judge replaces row { $index } of table { $table }
ev-rules-hp_changed = { $creature }: hit points now { $hp } ({ $cause })
ev-rules-marching_order_set = Marching order set
ev-rules-mapper_set = Mapper chosen
ev-rules-door_spiked = { $character } spikes door { $door }
ev-rules-turn_declared = { $character } { $activity ->
    [search] searches
    [rest] rests
   *[other] explores
} this turn
ev-rules-light_lit = { $character } lights a { $light_kind ->
    [lantern] lantern
   *[other] torch
}
ev-rules-lantern_refilled = { $character } refills the lantern
ev-rules-light_doused = { $character } douses the light
ev-rules-turn_ended = Dungeon turn { $turn } ends
ev-rules-door_placed = Door { $door_id } placed in { $door_area }
ev-rules-trap_placed = Trap { $trap_id } placed in { $trap_area }
ev-rules-beyond_placed = Behind { $at }: { $creatures }
ev-rules-wandering_set = Wandering-monster schedule set
ev-rules-listened = { $character } listens at { $at } (face { $face }); heard anything: { $heard }
ev-rules-listen_result = { $character } listens at { $at }; heard anything: { $heard }
ev-rules-searched = { $character } searches { $area } (face { $face }); found: { $found }
ev-rules-search_result = { $character } searches { $area }; found: { $found }
ev-rules-door_forced = { $characters } force door { $door } (face { $face }); opened: { $opened }
ev-rules-door_opened = Door { $door } opens
ev-rules-door_unlocked = { $character } works at door { $door }; opened: { $opened }
ev-rules-trap_checked = Trap { $trap } checked (face { $face }); springs: { $springs }
ev-rules-trap_sprung = { $character } springs trap { $trap } in { $area }
ev-rules-wandering_checked = Wandering-monster check after turn { $turn } (face { $face }); monsters come: { $monsters_come }
ev-rules-encounter_begun = An encounter begins: { $monsters }; distance in feet: { $distance_ft }
ev-rules-party_surprise = The party's surprise is rolled
ev-rules-monsters_surprise = The monsters' surprise is rolled
ev-rules-reaction_rolled = The monsters' reaction is rolled ({ $leader } speaks for the party)
ev-rules-reaction_judged = The Judge settles the reaction
ev-rules-fled = { $characters } flee; escaped: { $escaped }
ev-rules-pursuit_rolled = Pursuit rolled; pursued: { $pursues }
ev-rules-encounter_ended = The encounter ends
ev-rules-obstacle_rolled = { $character } meets an obstacle (face { $face }); fell: { $fell }
ev-rules-treasure_checked = Dropped treasure checked (face { $face }); the pursuers stop: { $stop }
ev-rules-level_row_entered = The dungeon level's row is entered
ev-rules-number_rolled = Number appearing for { $card }: { $number }
ev-rules-sneak_resolved = { $characters } sneak; unnoticed: { $unnoticed }
ev-rules-combat_begun = Combat begins: { $combatants }
ev-rules-declared = { $creature } declares for the round
ev-rules-initiative_rolled = Initiative rolled for round { $round }
ev-rules-delayed = { $creature } delays to count { $count }
ev-rules-moved = { $creature } { $kind ->
    [charge] charges
    [run] runs
    [stand] stands up
    [withdraw] withdraws
   *[other] advances
}; feet: { $feet }
ev-rules-charge_spent = { $creature }'s charge is spent
ev-rules-attacked = { $attacker } attacks { $target }: needed { $needed }, thrown { $total }; hit: { $hit }; damage: { $damage }
ev-rules-attack_seen = { $attacker } attacks { $target }; hit: { $hit }; damage: { $damage }
ev-rules-maneuver_resolved = { $attacker } tries a special maneuver on { $target }; saved: { $saved }
ev-rules-spell_disrupted = { $creature } loses the spell { $spell }
ev-rules-downed = { $creature } is down
ev-rules-fell = { $creature } falls
ev-rules-morale_due = A morale check is due
ev-rules-morale_checked = { $creature } checks morale: { $result }
ev-rules-wound_treated = { $character }: mortal wounds roll { $total }; { $wound }; { $recovery }
ev-rules-life_restored = { $character } brought back; restored: { $restored }
ev-rules-round_ended = Round { $round } ends
ev-rules-combat_over = The fight is over

## The sea panel
acks-no-ship = No vessel yet.
acks-sunk = sunk
acks-anchored = at anchor
acks-no-wind = The day's wind is not rolled yet.
acks-roll-wind = Roll the wind
acks-waters = Waters
acks-waters-river_or_lake = river or lake
acks-waters-coast = coast
acks-waters-open_sea = open sea
acks-against-wind = Against the wind
acks-sail = Sail a day
acks-storm = An hour of storm
acks-vessel-river_boat = river boat
acks-vessel-sailing_boat = sailing boat
acks-vessel-canoe = canoe
acks-vessel-large_galley = large galley
acks-vessel-small_galley = small galley
acks-vessel-war_galley = war galley
acks-vessel-lifeboat = lifeboat
acks-vessel-longship = longship
acks-vessel-raft = raft
acks-vessel-large_sailing_ship = large sailing ship
acks-vessel-small_sailing_ship = small sailing ship
acks-vessel-large_troop_transport = large troop transport
acks-vessel-small_troop_transport = small troop transport
acks-wind-becalmed = becalmed
acks-wind-light_breeze = light breeze
acks-wind-moderate_breeze = moderate breeze
acks-wind-average_winds = average winds
acks-wind-strong_winds = strong winds
acks-wind-very_strong_winds = very strong winds
acks-wind-gale = gale

## The wilderness (log lines)
ev-rules-hexes_set = The Judge draws the wilderness map
ev-rules-hexes_seen = The wilderness map is updated
ev-rules-party_placed = The party is at hex { $q }, { $r }
ev-rules-true_course_set = The Judge sets the party's true hex { $q }, { $r }, straying { $drift ->
    [0] none
    [one] one side
   *[other] { $drift } sides
} clockwise
ev-rules-wild_wandering_set = Wilderness wandering-check schedule set
ev-rules-outdoors_set = { $character }: Navigation { $navigation }, Survival { $survival }
ev-rules-supplies_set = { $character } carries food for { $food_days } days and water for { $water_days }
ev-rules-day_begun = Day { $day }: { $kind ->
    [travel] travel
    [forced_march] a forced march
    [hunt] hunting
   *[rest] rest
}
ev-rules-navigated = Navigation throw for day { $day }: { $face } + { $bonus } against { $throw }; on course: { $on_course }; lost: { $lost }
ev-rules-day_travelled = Day { $day }: { $miles } miles by the party's reckoning, { $true_miles } truly
ev-rules-day_travelled_seen = Day { $day }: the party travels { $miles } miles
ev-rules-foraged = { $character } forages: throw { $total }, needing { $throw }; feeds { $fed }
ev-rules-hunted = { $character } hunts: throw { $total }, needing { $throw }; feeds { $fed }
ev-rules-wild_wandering_checked = Wilderness wandering check on day { $day } (face { $face }); monsters come: { $monsters_come }
ev-rules-day_ended = Day { $day } ends
ev-rules-day_provisioned = The party eats and drinks; fresh rations left: { $fresh_food_left }

## Experience (log lines)
ev-rules-xp_set = { $character } has { $xp } XP
ev-rules-xp_table_set = The XP table of { $class } is set
ev-rules-monsters_counted = Monsters defeated: { $count } × { $card }, { $total } XP
ev-rules-treasure_counted = { $gp } gp brought back; earns XP: { $earns_xp }
ev-rules-xp_awarded = { $character } earns { $adjusted } XP (share { $share }, prime requisite { $percent } %); now { $xp }
ev-rules-adventure_closed = The adventure's { $pool } XP are shared out
ev-rules-advanced = { $character } reaches level { $level }: { $hp_gain } more hit points
ev-rules-inheritance_left = { $character } leaves an inheritance: { $after_fee } gp after the bank's fee
ev-rules-reserve_added = { $character } spends { $gp } gp: { $reserve_xp } reserve XP
ev-rules-heir_named = { $character } inherits { $gp } gp and { $reserve_xp } XP

## The sea (log lines)
ev-rules-ship_set = The party's vessel: { $ship_vessel }, { $ship_shp } structural hit points
ev-rules-anchor_set = At anchor: { $at_anchor }
ev-rules-wind_rolled = The day's wind: { $wind } (face { $face })
ev-rules-sea_navigated = Navigation throw at sea: { $face } + { $bonus } against { $throw }; on course: { $on_course }; lost: { $lost }
ev-rules-sailed = Day { $day }: { $miles } miles at sea by the party's reckoning; rowing: { $rowing }
ev-rules-sailed_seen = Day { $day }: the vessel makes { $miles } miles; rowing: { $rowing }
ev-rules-storm_hour = An hour of storm: { $damage } structural damage, { $shp } left; sinks: { $sinks }
ev-rules-fished = { $character } fishes: throw { $total }, needing { $throw }; feeds { $fed }
ev-rules-scurvy_week = A week at sea; fresh food: { $fresh_food }; days on iron rations: { $days_on_iron }

## The sheet's throws (the view's `sheet`, worked out from T-13, T-19 and T-22)
acks-attack-throw-label = Attack throw
acks-attack-throw-value = { $throw }+ (melee { $melee }, missile { $missile })
acks-rest-penalty = missed rest: { $penalty } to attack throws and damage
acks-hp-nonlethal = Hit points and nonlethal tally
acks-hp-tally = { $hp } of { $max } (nonlethal: { $nonlethal })
acks-saves = Saving throws
acks-save-paralysis = Petrification & Paralysis
acks-save-death = Poison & Death
acks-save-breath = Blast & Breath
acks-save-wands = Staffs & Wands
acks-save-spells = Spells
acks-thief-skills = Thief skills
acks-skill-open_locks = Open Locks
acks-skill-find_remove_traps = Find and Remove Traps
acks-skill-pick_pockets = Pick Pockets
acks-skill-move_silently = Move Silently
acks-skill-climb_walls = Climb Walls
acks-skill-hide_in_shadows = Hide in Shadows
acks-skill-hear_noise = Hear Noise

## An attack's named modifiers (attack_odds and the attack's breakdown)
acks-atk-mod = { $name } { $attack } to hit, { $damage } damage
acks-atkmod-bonus = own bonus
acks-atkmod-strength = Strength
acks-atkmod-dexterity = Dexterity
acks-atkmod-range = range
acks-atkmod-maneuver = special maneuver
acks-atkmod-skipped_rest = skipped dungeon rest
acks-atkmod-missed_rest_days = missed rest days
acks-atkmod-attacker_cannot_see = attacker cannot see
acks-atkmod-invisible_target = invisible target
acks-atkmod-charging = charging
acks-atkmod-target_surprised = target surprised
acks-atkmod-target_in_full_retreat = target in full retreat
acks-atkmod-target_prone = target prone
acks-atkmod-attacker_prone = attacker prone
acks-atkmod-target_held = target held
acks-atkmod-two_weapons = two weapons
acks-atkmod-boarding = boarding
acks-atkmod-special_maneuver = special maneuver
acks-atkmod-sunder_other_weapon = sunder
acks-atkmod-kick = kick

## The encounter
acks-encounter = Encounter
acks-no-encounter = No encounter under way.
acks-enc-monsters = Monsters
acks-enc-distance = Distance (the Judge's)
acks-enc-party-surprised = Party members surprised
acks-enc-monsters-surprised = Monsters surprised (the Judge's)
acks-enc-reaction = Reaction (the Judge's)
acks-enc-not-rolled = not rolled yet
acks-enc-fled = Fleeing
acks-enc-fled-value = { $who }; got away: { $escaped }
acks-enc-begin = Start an encounter
acks-enc-no-monsters = Add monsters first.
acks-enc-origin = Origin
acks-enc-origin-random = random (wandering)
acks-enc-origin-planned = planned
acks-enc-distance-given = Distance in feet (empty: rolled in secret)
acks-enc-start = Start the encounter
acks-enc-monsters-light = The monsters carry light
acks-enc-roll-surprise = Roll surprise
acks-enc-leader = Speaks for the party
acks-enc-roll-reaction = Roll the reaction in secret
acks-enc-judge-reaction = Reaction as the Judge reads it
acks-enc-settle = Settle the reaction
acks-enc-rounds = Rounds it took
acks-enc-end = End the encounter
acks-enc-flee = Flee
acks-reaction-hostile = hostile, attacks
acks-reaction-unfriendly = unfriendly, may attack
acks-reaction-neutral = neutral, uncertain
acks-reaction-indifferent = indifferent, uninterested
acks-reaction-friendly = friendly, helpful
acks-cleave = cleave
acks-cleave-earned = earns a cleave
## h-fcweb
acks-forecast-heading = Fight forecast
acks-forecast-hint = Plays the fight forward many times with the table's rules, on the server; nothing is logged and only you, the Judge, see it.
acks-forecast-runs = Runs
acks-forecast-button = Forecast
acks-forecast-running = Playing { $count ->
    [one] { $count } run
   *[other] { $count } runs
}…
acks-forecast-title = Forecast: who wins the fight
acks-forecast-note = { $count ->
    [one] { $count } run
   *[other] { $count } runs
}, seed { $seed }, policy { $policy }
acks-forecast-side-characters = Characters
acks-forecast-side-monsters = Monsters
acks-forecast-draw = Nobody (round limit)
acks-forecast-creatures = Each creature's chances
acks-forecast-m-dies = Dies
acks-forecast-m-knocked_out = Ends the fight down
acks-forecast-m-drops_to_0_hp = Drops to 0 hit points
acks-forecast-hp-left = { $name }: hit points left
acks-forecast-rounds = Rounds the fight lasts
acks-forecast-round = Rounds
acks-forecast-close = Hide the forecast
acks-forecast-policy-tactical = tactical
acks-forecast-policy-defaults = the offered defaults
acks-forecast-m-flees = Flees
acks-forecast-combatants = Who fights
acks-forecast-weapons = Weapon damage dice (empty: the character's own)

## h-mounted
ev-rules-mounted = { $rider } rides { $mount }; war mount: { $war_mount }; war saddle: { $war_saddle }; Riding: { $riding }
ev-rules-dismounted = { $rider } gets down from { $mount } instead of { $instead_of ->
    [movement] moving
   *[attack] attacking
}
ev-rules-saddle_save = { $rider } saves vs Paralysis to stay in the saddle: rolled { $face }, needs { $needed }; kept the saddle: { $saved }
ev-rules-unhorsed = { $rider } is thrown from { $mount } ({ $cause ->
    [saddle_save_failed] the saddle save failed
    [rider_down] the rider dropped
   *[mount_down] the mount dropped
}); fall damage: { $fall_damage }
ev-rules-mount_morale_due = { $mount } is at half its hit points: a morale check is due (rider may calm it: { $rider_may_calm })
ev-rules-ship_joined = { $name } ({ $ship }) joins the fight: AC { $ac }, structural hit points: { $shp }, speed: { $speed }
ev-rules-ship_damaged = { $ship } takes structural damage: { $shp }; left: { $shp_after }
ev-rules-ship_sinking = { $ship } is disabled and goes under in rounds: { $rounds }
ev-rules-rowers_lost = { $ship } loses rowers from the oars: { $lost }; speed now { $speed_after }
ev-rules-ship_repaired = { $ship } is mended by its crew: { $shp } shp; now { $shp_after }
ev-rules-rammed = { $ship } rams { $target }: needs { $needed }, rolled { $total }; hit: { $hit }; damage: { $damage }
ev-rules-shot_fired = { $ship }'s { $piece } shoots at { $target }: needs { $needed }, rolled { $total }; hit: { $hit }; structural damage: { $shp_damage }; set afire: { $set_afire }
ev-rules-grapple_tried = { $ship } tries to grapple { $target }; grappled: { $grappled }
ev-rules-naval_round_ended = Naval round { $round } ends
ev-rules-boarded = Boarding from { $from } onto { $onto }: { $creatures }
ev-rules-fire_fought = Crew fight the fire on { $ship }: { $crew } hands; turns until it is out: { $turns }
ev-rules-ship_burned = Pitch burns on { $ship }: { $shp } shp; fires out: { $fires_out }

## judge-tables
acks-tables = Tables
acks-tables-hint = The campaign's tables as they stand. Replace any row with your own (the log keeps the old and the new row); rows the book lost are entered here.
acks-tables-load = Show the tables
acks-tables-pick = Table
acks-tables-not-found = not in the book: enter the rows
acks-tables-changed = { $count ->
    [one] { $count } row changed
   *[other] { $count } rows changed
}
acks-tables-row-changed = (changed)
acks-tables-edit = Edit
acks-tables-edit-row = Edit row { $row }
acks-tables-row-json = The row as JSON
acks-tables-replace = Replace the row
acks-tables-replaced = { $id }: row { $row } replaced
acks-tables-bad-json = That is not JSON: check the brackets, quotes and commas
acks-tables-yes = yes
acks-tables-no = no
acks-tables-xp = XP table of a class
acks-tables-xp-class = Class
acks-tables-xp-thresholds = XP to reach level 2, 3, … (comma-separated)
acks-tables-xp-save = Save the XP table
acks-tables-xp-set = { $class }: XP table saved ({ $count ->
    [one] { $count } level
   *[other] { $count } levels
})
acks-tables-xp-entered = Entered: { $list }

## h-acksland
ev-rules-flying_height_set = { $creature } flies at { $height_ft } ft (0: landed)
ev-rules-zero_level_converted = { $character } becomes a 1st-level fighter ({ $class }): rolled { $face } on 1d8 against { $old_hp } hit points, keeps { $max_hp }
ev-rules-proficiency_gained = { $character } gains the proficiency { $proficiency }
ev-rules-proficiency_drop_due = { $character } reaches level { $level } and must forget old proficiencies (to drop: { $due }): { $old_proficiencies }
ev-rules-proficiency_dropped = { $character } forgets the proficiency { $proficiency }
ev-rules-travel_slowed = Day { $day }: { $kind ->
    [canyon] a canyon
    [broad_river] a broad river
    [river] a river
   *[other] an obstacle
} at { $q }, { $r } slows the pace to { $pace_percent } %
acks-mounting = Riders and mounts
acks-mounting-none = No one rides in this fight.
acks-pair = { $rider } rides { $mount }
acks-flying-at = in the air at { $height } ft
acks-mount-rider = Rider
acks-mount-mount = Mount
acks-war-mount = War mount
acks-war-saddle = War saddle
acks-riding = Riding proficiency
acks-mount = Seat the rider
acks-fly-who = Flyer
acks-fly-height = Height (ft, 0 landed)
acks-fly = Set the height
acks-dismount = Dismount
acks-charge-feet = Charge distance (ft)
acks-charge-weapon = Weapon
acks-charge-weapon-lance = lance
acks-charge-weapon-spear = spear
acks-charge-weapon-polearm = polearm
acks-charge-weapon-suitable_natural = horns or the like
acks-charge-weapon-other = other
acks-charge = Charge
acks-mount-results = Saddle and falls
acks-mount-no-results = No saddle saves or falls yet.
acks-land = Drawing the map
acks-land-map = The map as this seat knows it
acks-land-tool = Tool
acks-land-tool-paint = Paint hexes
acks-land-tool-party = Place the party
acks-land-tool-true = Set the true hex
acks-land-feature = Obstacle
acks-land-feature-none = none
acks-land-feature-canyon = canyon
acks-land-feature-broad_river = broad river
acks-land-feature-river = river
acks-land-feature-other = other
acks-land-pace = Pace across it (%)
acks-land-canvas = The Judge's canvas: hexes drawn so far: { $count }
acks-land-hex = Hex { $q }, { $r }
acks-land-empty = not drawn
acks-land-hidden = hidden from the players
acks-land-send = Send the drawn hexes ({ $count })
acks-land-discard = Discard
acks-land-hint = Pick a tool, then a hex; painted hexes wait until sent.
acks-land-slowed = Slowed today
acks-zero = 0-level characters and old proficiencies
acks-zero-line = { $name }: 0-level, { $xp } of { $next } XP to become a fighter
acks-drops-due = { $name } must forget old proficiencies: { $count ->
    [one] { $count } left
   *[other] { $count } left
}
acks-drop = Forget
acks-drop-which = Old proficiency

## main
acks-zero-level = 0-level, no class yet
acks-class-proficiency-due = { $name } picks a fighter class proficiency
acks-class-proficiency = Class proficiency
acks-class-proficiency-pick = Take it
acks-powers = Class powers
ev-rules-class_proficiency_chosen = { $character } takes the class proficiency { $proficiency }

## h-naval
acks-tab-sea = Sea
acks-voyage = The voyage
acks-voyage-vessel = Vessel
acks-voyage-beached = beached
acks-voyage-shp = Structural hit points
acks-voyage-shp-value = { $shp } of { $most }
acks-voyage-speed = Speed
acks-voyage-speed-value = sail { $sail } ft a round, oars { $oar } ft a round; miles a day: sail { $sailmi }, oars { $oarmi }
acks-voyage-crew = Crew (T-05)
acks-voyage-crew-value = sailors: { $sailors }, rowers: { $rowers }, marines: { $marines }
acks-voyage-nights = At night
acks-voyage-stops = stops each night
acks-voyage-sails-on = may sail on with a navigator
acks-voyage-wind = Today's wind
acks-voyage-day = The day's distance
acks-voyage-day-value = day { $day }: { $miles } miles; at the oars: { $rowing }
acks-voyage-storm = Storm hours today
acks-voyage-storm-value = weathered at sea: { $n }
acks-voyage-iron = Days on iron rations
acks-voyage-iron-value = without fresh food: { $n }
acks-voyage-scurvy = { $who }: STR and CON at the start { $str } and { $con }; dead: { $dead }
acks-voyage-set = The party's vessel
acks-voyage-set-ship = Set the vessel
acks-voyage-the-day = The day at sea
acks-voyage-heading = Heading
acks-voyage-day-and-night = Sail day and night (navigator)
acks-voyage-open-coast = Open coast in sight
acks-voyage-beach = Beach the galley
acks-voyage-weigh = Weigh anchor
acks-voyage-drop = Drop anchor
acks-voyage-fresh = Fresh food this week
acks-voyage-week = Close the week (scurvy)
acks-voyage-fish = Fish
acks-naval = Naval fight
acks-naval-ships = Ships (naval round { $round })
acks-naval-ship = Ship
acks-naval-speed = Speed (ft a round)
acks-naval-speed-value = { $speed }; moved this round: { $went }
acks-naval-rowers = Rowers
acks-naval-captain = Captain
acks-naval-gunner = Gunner of the piece
acks-naval-pieces = Ship weapons
acks-naval-piece = { $piece } ({ $kind }), gunner { $gunner }, rounds to reload: { $reloading }
acks-naval-kind-ballista = ballista
acks-naval-kind-light_catapult = light catapult
acks-naval-kind-heavy_catapult = heavy catapult
acks-naval-state = State
acks-naval-sinking = sinks in rounds: { $rounds }
acks-naval-burning = fires aboard: { $fires }
acks-naval-grappled = grappled to { $ships }
acks-naval-no-ships = No ships are fighting.
acks-naval-order = The ships' order this round, by initiative count
acks-naval-count = Count { $count }:
acks-naval-moves = { $ship } moves
acks-naval-station = { $station } of { $ship }
acks-naval-now = Acting now: { $who }
acks-naval-move = Move the ship (on the captain's count)
acks-naval-feet = Feet (speed { $speed })
acks-naval-move-go = Move
acks-naval-join = A ship joins the fight
acks-naval-id = Ship id
acks-naval-name = Name
acks-naval-piece-name = Piece
acks-naval-join-go = Join
acks-naval-acts = The Judge's ship acts
acks-naval-target = Target ship
acks-naval-marines = Marines aboard
acks-naval-hit = Creatures in the line or area
acks-naval-boarders = Boarders
acks-naval-assign = Assign the crew
acks-naval-ram-size = Ram
acks-naval-ram-small = small vessel
acks-naval-ram-large = large vessel
acks-naval-throw = Ram's attack throw
acks-naval-ram = Ram
acks-naval-ammunition = Ammunition
acks-naval-ammo-shot = bolts or stones
acks-naval-ammo-pitch = burning pitch
acks-naval-distance = Distance
acks-naval-crew = Crew at the piece
acks-naval-fire = Shoot at the ship
acks-naval-in-the-line = Combat has no positions: tick the creatures standing in the piece's line or area.
acks-naval-fire-creatures = Shoot at the creatures
acks-naval-both-want = Both crews want to board
acks-naval-grapple = Grapple
acks-naval-board = Board the target ship
acks-naval-end-round = End the naval round
ev-rules-beached = The galley makes for the shore in the storm (open coast: { $open_coast }; elsewhere a navigation throw against { $throw }); beached: { $beached }
ev-rules-crew_assigned = { $ship }: captain { $captain }; marines: { $marines }
ev-rules-ship_moved = { $ship } moves { $feet } ft on its captain's count (speed { $speed })
ev-rules-shot_at_creatures = { $ship }'s { $piece } shoots at creatures ({ $dice } to each in { $area }): { $targets }; damage: { $damage }

## h-acksex
ev-rules-wild_evasion_rolled = Evasion outdoors: { $characters } flee from { $pursuers ->
    [one] { $pursuers } pursuer
   *[other] { $pursuers } pursuers
}, needing { $throw }+ (chance { $chance }); got away: { $escaped }
acks-enc-yards = { $yards ->
    [one] { $yards } yard
   *[other] { $yards } yards
} (rolled { $rolled })
acks-enc-terrain = Where (distance table)
acks-enc-terrain-dungeon = Dungeon (feet)
acks-enc-terrain-badlands = Badlands
acks-enc-terrain-desert = Desert
acks-enc-terrain-fields_fallow = Fields, fallow
acks-enc-terrain-fields_ripe = Fields, ripe
acks-enc-terrain-fields_wild = Fields, wild
acks-enc-terrain-heavy_forest_or_jungle = Heavy forest or jungle
acks-enc-terrain-light_forest = Light forest
acks-enc-terrain-marsh = Marsh
acks-enc-terrain-mountains = Mountains
acks-enc-terrain-plains = Plains
acks-enc-terrain-sea = Sea
acks-enc-height = Tallest creature's height, ft (empty: 6)
acks-enc-elevation = Observers' elevation, ft (empty: 0)
acks-enc-dense-woods = Dense woods within reach (+5)
acks-enc-evade = Roll the party's evasion
acks-naval-pitch = Burning pitch
acks-naval-pitch-area = { $area }: { $dice } fire each round in { $feet } ft; in it now: { $who }
acks-naval-pitch-in = Who is in { $area }
acks-naval-pitch-set = Set who is in it
acks-naval-pitch-out = Put it out
ev-rules-pitch_burning = Burning pitch from { $ship }'s { $piece } keeps burning ({ $area })
ev-rules-pitch_area_set = In the burning pitch { $area } now: { $creatures }
ev-rules-pitch_burned = The pitch { $area } burns { $creatures }: { $dice } = { $damage }
ev-rules-pitch_out = The pitch { $area } is out
acks-chase-faster = The pursuers are faster
acks-chase-day = A day of the chase
ev-rules-chase_day = A day of the chase after { $characters }: caught: { $caught }
