# Crows refusals in words (English). Loaded with a seat's first command, not with the page
# (js/i18n.js `addMessages`): only a seat that acts can be refused.

## Refusals
## Every refusal the Crows ruleset gives, in words: js/log.js `refusalText` tries
## `err-<code>-<reason>`, then `err-<source>-<reason>`, then `err-<code>`.
err-slot_taken-occupied = { err-slot_taken }
## The pure rules' reasons: `err-<source>-<reason>` (js/log.js `refusalText`), with the
## refusal's facts as arguments; the rule is added once at the end by the client.
err-inventory-no_such_slot = There is no { $kind ->
    [hand] hand slot
    [belt] belt slot
   *[backpack] backpack slot
} { $number }
err-inventory-slot_count_mismatch = { $item } fills { $needed ->
    [one] one slot
   *[other] { $needed } slots
}, but { $given ->
    [one] { $given } was
   *[other] { $given } were
} given
err-inventory-mixed_slot_kinds = An item that fills several slots keeps to one kind of slot
err-inventory-not_consecutive = An item that fills several slots needs them side by side
err-inventory-spans_backpack_rows = At this table the backpack is two rows of five: an item cannot lie across both rows
err-inventory-occupied = There is already something in { $slot_kind ->
    [hand] hand slot
    [belt] belt slot
   *[backpack] backpack slot
} { $slot_number }
err-inventory-stack_in_hand = A hand holds a single item, never a stack
err-inventory-stack_kind_mismatch = A stack is all one kind of item: this one is { $existing }, not { $new }
err-inventory-stack_full = The stack in { $slot_kind ->
    [hand] hand slot
    [belt] belt slot
   *[backpack] backpack slot
} { $slot_number } is full (at most { $limit })
err-inventory-wound_fills_slot = A wound lies in { $slot_kind ->
    [hand] hand slot
    [belt] belt slot
   *[backpack] backpack slot
} { $slot_number }: at this table a wound leaves its slot unusable
err-inventory-corpse_outside_backpack = At this table a corpse is carried in backpack slots only
err-inventory-unknown_item = That item is not here
err-inventory-duplicate_item = That item id is already taken
err-inventory-too_big_for_hands = { $item } would need { $needed ->
    [one] { $needed } hand slot
   *[other] { $needed } hand slots
}, and the hands have { $hands }
err-inventory-not_equipped = { $value } has to be held in hand to be used
err-inventory-combat_move_not_allowed = During combat rounds only hand and belt slots can be rearranged, as a maneuver
err-inventory-use_draw_from_backpack = During combat rounds an item comes out of the backpack by the 1d10 draw
err-inventory-bad_d10 = The backpack draw is a d10: { $value } is not one of its faces
err-inventory-not_in_backpack = { $value } is not in the backpack
err-inventory-not_backpack_rearrangement = After a failed draw only the backpack's items can be rearranged
err-inventory-not_magic = { $value } is not a magic item
err-inventory-wrong_magic_slot = { $item } belongs in the { $required ->
    [Head] head
    [Neck] neck
    [Waist] waist
    [Arms] arms
    [Finger] finger
   *[Feet] feet
} magic slot, not the { $given ->
    [Head] head
    [Neck] neck
    [Waist] waist
    [Arms] arms
    [Finger] finger
   *[Feet] feet
} slot
err-inventory-magic_slot_overloaded = The { $value ->
    [Head] head
    [Neck] neck
    [Waist] waist
    [Arms] arms
    [Finger] finger
   *[Feet] feet
} magic slot holds more than one item: no rest until that is fixed
err-inventory-not_armor = { $value } is not armor that can be worn (shields are held, not worn)
err-inventory-armor_not_in_backpack = Worn armor lies in backpack slots
err-inventory-armor_change_in_combat = Armor goes on only outside combat rounds
err-inventory-no_such_backpack_slot = Wounds go in backpack slots, and backpack slot { $value } does not exist
err-inventory-already_wounded = Backpack slot { $value } already has a wound
err-inventory-wound_needs_empty_slot = At this table a wound needs an empty slot, and backpack slot { $value } holds an item
err-inventory-no_wound = Backpack slot { $value } has no wound in it
err-inventory-bad_d6 = A d6 shows 1 to 6, not { $value }
err-inventory-no_slots = An item takes at least one slot
err-inventory-draw_outside_combat = Outside combat rounds items move freely: no draw from the backpack is needed
err-inventory-no_armor_worn = No armor is worn
err-inventory-nothing_to_edit = Give the item's new name or notes
err-inventory-rename_refused = Only the Referee renames an item card; a player writes its notes
err-inventory-bad_item_name = An item name is 1 to { $max } characters
err-inventory-slot_unusable = { $item }: that slot cannot be used while the effect lasts
err-fight-face = A d{ $sides } cannot show { $face }
err-fight-duplicate_creature = The same creature is listed twice
err-fight-unknown_creature = That creature takes no part in this fight
err-fight-no_participants = A fight needs at least one creature in it
err-fight-bad_order = The turn order of { $side ->
    [crows] the crows' side
   *[enemies] the enemies' side
} must name each of its creatures that acts exactly once
err-fight-round_not_over = The round is not over: { $value } still has a combat turn to take
err-fight-no_round = No round has begun yet
err-fight-not_your_turn = This is not that creature's combat turn, and a turn is never split by another creature's
err-fight-no_maneuver_left = No maneuver is left this combat turn (a turn is a maneuver and an action, or two maneuvers)
err-fight-no_action_left = No action is left this combat turn (a turn is a maneuver and an action, or two maneuvers)
err-fight-move_exhausted = This move needs { $wanted ->
    [one] { $wanted } square
   *[other] { $wanted } squares
} of movement; { $left ->
    [one] { $left } remains
   *[other] { $left } remain
} this combat turn
err-fight-reaction_spent = The reaction of this round has already been used
err-fight-unconscious_cannot_react = An unconscious creature has no reactions
err-fight-surprised_cannot_react = At this table a surprised creature cannot react
err-fight-no_counter = No counter is possible here
err-fight-no_opportunity_attack = No opportunity attack is possible here
err-fight-not_in_hand = Attacks are made with a weapon or spellbook held in hand
err-fight-wrong_delivery = This weapon cannot make { $value ->
    [melee] a melee attack
    [ranged] a ranged attack
    [thrown] a thrown attack
   *[other] that kind of attack
}
err-fight-out_of_reach = The target is { $distance ->
    [one] { $distance } square
   *[other] { $distance } squares
} away; the reach is only { $reach }
err-fight-spell_out_of_range = The target is { $distance ->
    [one] { $distance } square
   *[other] { $distance } squares
} away; the spell reaches { $range }
err-fight-parity_die_needed = Allies stand next to the target, so the parity die decides who is hit
err-fight-target_too_large = The target must be no larger than the attacker
err-fight-target_not_in_reach = The target must be within reach
err-fight-already_holding = A creature can hold only one grabbed creature at a time
err-fight-not_grabbed = Only a grabbed creature can escape a grab
err-fight-taunt_too_far = The creature to taunt is { $distance ->
    [one] { $distance } square
   *[other] { $distance } squares
} away; a taunt reaches 10
err-fight-taunt_no_line_of_effect = A taunt needs line of effect to the creature
err-fight-pet_already_commanded = That pet has already been commanded this round
err-fight-no_fight = No fight is running
err-fight-not_a_participant = { $creature } takes no part in the fight: place it on the grid first
err-fight-not_your_side = The players order the crows' side; the Referee orders the enemies'
err-fight-round_not_over_for = The round is not over: { $value } still has a combat turn to take
err-fight-not_a_player = { $roller } is not a player at this table, and a player rolls the side initiative{ $no_player_seated ->
    [true] ; with no player seated, name the Referee
   *[other] {""}
}
err-fight-round_running = A round is already under way
err-fight-not_the_turn_of = It is not the combat turn of { $creature }, and a turn is never split by another creature's
err-fight-unconscious = { $creature } is unconscious and takes neither maneuvers nor actions
err-fight-reaction_pending = An opportunity attack against this creature still waits for its answer
err-fight-speed_zero = { $creature } has a speed of 0 and cannot move
err-fight-holds_no_creature = { $creature } is not holding anyone grabbed
err-fight-reposition_too_far = That square is { $distance ->
    [one] { $distance } square
   *[other] { $distance } squares
} away, but the grab reaches only { $range }
err-fight-reposition_blocked = That square is blocked or already taken
err-fight-already_there = { $creature } already stands on that square
err-fight-bad_trigger = Name the trigger in 1 to 500 characters
err-fight-nothing_readied = { $creature } has nothing readied (or it has lapsed)
err-fight-own_pet = A creature cannot be its own pet
err-fight-not_your_pet = { $creature } is not a pet of { $owner }
err-fight-pet_commanded = { $creature } has already been given a command this round
err-fight-not_a_square = “{ $text }” is not a square: answer with the text x,y
err-fight-lands_in_solid = Square ({ $x }, { $y }) is solid, so nothing can land inside it
err-fight-improvised_needs_object = An improvised attack names the held object as the weapon, and no natural attack
err-fight-improvised_is_weapon = { $item } is a weapon: attack with it as a weapon
err-fight-improvised_unknown_card = No weapon card “{ $card }” is in the loaded packs
err-fight-improvised_no_tool = That improvised weapon cannot be used to attack
err-fight-unknown_natural_attack = { $creature } has no natural attack “{ $attack }”
err-fight-weapon_and_natural = Attack with a weapon or with a natural attack, not with both
err-fight-named_twice = { $creature } is named twice; one attack targets each creature only once
err-fight-no_target_named = The attack names no target
err-fight-several_targets = An attack has one target unless its effect says otherwise, and the Referee rules on that
err-fight-attacks_itself = A creature does not attack itself
err-fight-improvised_by_player = Whether an object hits like a weapon is for the Referee to rule
err-fight-no_ammunition = { $creature } has no { $item } left to shoot
err-fight-out_of_combat_spell = A spell cast only outside combat cannot be cast in combat rounds
err-fight-cannot_stand_up = { $condition ->
    [NotProne] Only a prone creature stands up
   *[other] Standing up needs at least 1 square of speed once prone no longer halves it
}
err-fight-use_the_maneuver = During a fight this is a maneuver: { $instead ->
    [draw_from_belt] draw from the belt
   *[other] pick the item up
} as a maneuver, which spends it
err-combat-not_adjacent = A move goes one square at a time: ({ $to_x }, { $to_y }) is not next to ({ $from_x }, { $from_y })
err-combat-obstacle = An obstacle fills square ({ $value_x }, { $value_y })
err-combat-exceeds_speed = The path costs more movement than the speed allows (cost { $cost }, speed { $speed })
err-combat-shift_is_one_square = A Shift moves exactly one square
err-combat-shift_in_difficult_terrain = A Shift neither starts in nor enters difficult terrain
err-combat-shift_cannot_jump = A Shift cannot be a jump
err-combat-jump_from_difficult_terrain = No jumping from difficult terrain
err-combat-jump_too_far = The jump needs length { $distance } and height { $height }; the test allows length { $long } and height { $high }
err-combat-ends_in_occupied_space = The move would end where another creature stands
err-combat-unknown_mover = The moving creature is not on the battle grid
err-combat-forced_too_far = Forced movement, in squares: { $moved }, but the effect allows { $allowed }
err-combat-push_not_straight = A push goes in one straight line
err-combat-push_not_away = Every square of a push takes the target farther from the one pushing
err-combat-forced_into_occupied = A forced move cannot put the target into a space held by a creature or object (square { $value_x }, { $value_y })
err-combat-target_too_large = A mundane effect cannot force-move a creature larger than the one moving it
err-combat-slope_too_steep = Between ({ $from_x }, { $from_y }) and ({ $to_x }, { $to_y }) the ground rises or falls more than one square; only a vertical forced move may do that
err-combat-face = A d{ $sides } cannot show { $face }
err-combat-dice_count = { $expected ->
    [one] { $expected } die was
   *[other] { $expected } dice were
} expected, { $got ->
    [one] { $got } was
   *[other] { $got } were
} given
err-combat-topple_needs_no_test = An object smaller than the creature topples with a maneuver, no test needed
err-combat-topple_needs_tools = An object three or more sizes larger cannot be toppled by strength alone
err-combat-teleport_too_far = The teleport covers { $distance ->
    [one] { $distance } square
   *[other] { $distance } squares
}; the effect allows { $allowed }
err-combat-teleport_no_line_of_effect = A teleport needs line of effect to where it ends (and, for someone else, to where they stand)
err-combat-teleport_into_occupied = A teleport cannot end in a space held by a creature or object (square { $value_x }, { $value_y })
err-combat-not_vertical = Only a vertical forced move may leave the target in the air
err-combat-no_guess_needed = There is no square to guess: the target is not both heavily concealed and silent
err-combat-not_flying_above = { $creature } is not flying, and only a flyer stays above the ground
err-combat-not_flying_to_fall = { $creature } is not flying, and only a flyer falls this way
err-combat-placed_on_obstacle = An obstacle fills square ({ $value_x }, { $value_y })
err-combat-placed_on_occupied = { $occupant } already takes up that space
err-combat-no_line_of_effect = Nothing connects { $creature } to { $target }: there is no line of effect
err-combat-aura_has_no_origin = An aura is centred on its caster: give it no starting square
err-combat-area_needs_origin = A cube or a line needs its starting square (and a line its direction)
err-combat-line_needs_direction = A line needs a direction: a square other than its start
err-combat-not_in_area = { $creature } is not a fitting target inside the spell's area
err-combat-attack_spell_no_target = An attack spell names the creature it attacks
err-rest-too_short = A rest needs { $needed ->
    [one] { $needed } minute
   *[other] { $needed } minutes
} in a row; { $had ->
    [one] { $had } has
   *[other] { $had } have
} passed
err-rest-too_little_sleep = A rest needs { $needed ->
    [one] { $needed } minute
   *[other] { $needed } minutes
} of sleep; { $who } slept { $had }
err-rest-not_enough_food = { $who } ate { $had } of the { $needed ->
    [one] { $needed } ration
   *[other] { $needed } rations
} a rest needs
err-rest-interrupted = The rest was interrupted and has to begin again
err-rest-cannot_rest = { $who } cannot rest: { $why }
err-rest-wrong_wound_count = { $who } removes { $needed ->
    [one] { $needed } wound
   *[other] { $needed } wounds
}, not { $chosen }
err-rest-duplicate_wound = Backpack slot { $value } was chosen twice
err-rest-not_a_spellbook = That item is not a carried spellbook with usage dice
err-rest-no_encounters_here = Encounters cannot happen here, so there is no encounter check
err-rest-halfway_done = This rest is already past its halfway point
err-rest-dead = { $value } is dead
err-rest-rest_in_the_open = This is a rest in the open: { $what }
err-rest-empty_party = Name at least one creature of the group
err-rest-duplicate_creature = { $creature } is named twice
err-rest-no_rest = No rest is under way
err-rest-rest_interrupted = The rest was interrupted: start it again to gain anything from it
err-rest-already_resting = A rest is already under way
err-rest-in_combat = Nobody rests in the middle of a fight
err-rest-no_dungeon_to_rest_in = A dungeon rest needs a dungeon: enter one first
err-rest-dungeon_rules = Inside a dungeon the rest is a dungeon rest
err-rest-no_ration = { $creature } has no ration to eat, and a rest needs one
err-rest-already_checked = This rest has had its encounter check already
err-rest-no_threshold = A wilderness rest checks against the day's rest encounter number: give it
err-rest-sleep_while_finishing = The rest is ending: sleep can no longer be recorded
err-rest-sleep_hours = A stretch of sleep lasts 1 to { $max } hours of the rest
err-rest-no_sleepers = Name who goes to sleep
err-rest-sleeper_twice = { $creature } is named twice
err-rest-too_much_sleep = A rest lasts { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}, and { $creature } has slept { $had } of them already
err-rest-sleeper_not_resting = { $creature } does not rest with the group
err-rest-already_asleep = { $creature } is asleep already
err-rest-finish_twice = The rest is ending already (wounds are being chosen)
err-rest-middle_passed = This rest is already past its middle
err-rest-not_a_wound_slot = That is not a wound's slot
err-spell-bad_rank = A spell's rank is 0 to 5, not { $value }
err-spell-no_usage_dice = A spellbook has at least one usage die
err-spell-not_in_hand = The spellbook must be held in hand to cast from it
err-spell-empty_book = The spellbook has no usage dice left: its spell cannot be cast
err-spell-out_of_combat_only = This spell is cast only outside combat rounds
err-spell-chaos_roll_needed = A tier 1 casting that is not a doom needs the chaos d6
err-spell-no_chaos_roll = This casting has no chaos roll
err-spell-bad_chaos_face = The chaos roll is a d6: { $value } is not one of its faces
err-spell-crit_skips_usage_dice = A crit leaves the spellbook's usage dice alone: no faces are needed
err-spell-target = The spell's targets do not fit its card
err-spell-range = The spell's range or area does not fit its card
err-spell-not_your_spell = { $creature } has no spell in effect called { $effect }
err-spell-not_a_spellbook = { $item } is not a spellbook, and spells are cast only from spellbooks
err-spell-aim_in_fight = In a fight the battle grid measures the aim: give the targets (and the starting square of a cube or a line), not measurements
err-spell-at_outside_fight = A starting square is placed on the battle grid of a fight; outside a fight give the measurements instead
err-condition-grab_without_grabber = Grabbed needs the creature holding on and the reach of its hold
err-condition-not_prone = Only a prone creature stands up
err-condition-too_slow_to_stand = Standing up needs a speed of 1 or more (the speed is { $value })
err-condition-unconscious = An unconscious creature takes no maneuvers
err-condition-already_present = { $creature } already has that condition
err-group-no_allies = A group test needs a leader and at least one ally
err-group-leader_is_helper = { $value } cannot both lead the group test and help in it
err-group-duplicate_helper = { $value } helps only once in a group test
err-group-assist_own_test = A creature cannot assist its own test
err-group-not_an_assist = An assist is a test of its own kind, never part of a group test
err-group-assist_cost_unknown = In combat an assist costs a maneuver or an action: say which the assisted test needs
err-group-assist_not_on_own_turn = { $creature } assists only on its own combat turn, which the assist costs { $cost ->
    [maneuver] a maneuver
   *[action] an action
}
err-group-assist_unconscious = { $creature } is unconscious and takes no maneuvers or actions
err-house_rule-bad_options = Those options are not valid
err-house_rule-unknown_setting = { $section } has no setting named { $key }
err-house_rule-bad_setting = A value in { $section } is of the wrong kind
err-house_rule-bad_dungeon_turn_minutes = A dungeon turn lasts 0 to { $max } minutes
err-house_rule-unchanged = Those house rules are already in force
err-expertise-not_known = The creature has no { $value ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} expertise
err-expertise-no_uses_left = { $value ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} has no uses left before the next rest
err-expertise-rejected_by_referee = The Referee does not allow { $value ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} for this test
err-expertise-no_waiver = { $creature } lacks that expertise, so the matter needs a test
err-backlash-bad_d100 = A d100 shows 1 to 100, not { $value }
err-backlash-bad_rank = A spell's rank is 0 to 5, not { $value }
err-backlash-out_of_table = The backlash table runs from 1 to 105, not { $value }
err-backlash-unknown_row = There is no backlash row { $value }
err-backlash-not_under = { $caster } is not under backlash row { $row }
err-backlash-ends_by_duration = Backlash { $low }–{ $high } ends by its own duration, not by the Referee
err-backlash-no_tentacles = { $caster } has no tentacles to cut
err-backlash-not_bladed = Tentacles are cut with a bladed tool or weapon
err-backlash-hands_are_feet = The hands of { $creature } have become feet: it cannot hold a spellbook
err-backlash-no_recipient = Name the creature that receives the item
err-backlash-no_trigger = Backlash row { $row } has no trigger
err-dice-d10_face_out_of_range = A d10 shows 1 to 10, not { $value }
err-dice-odd_die = A parity roll needs a die with an even number of faces, not a d{ $value }
err-dice-face_out_of_range = A d{ $sides } shows 1 to { $sides }, not { $face }
err-dice-showed_outside = A d{ $sides } cannot show { $face }
err-hide-observed = { $observer } is watching { $hider }: hiding works only while nobody watches
err-hide-hide_from_count = Hide from 1 to { $max } others
err-hide-hide_from_self = A creature cannot hide from itself
err-hide-not_hidden = { $creature } is not hidden from them
err-hide-sneak_past_count = Sneak past 1 to { $max } others
err-hide-sneak_past_self = A creature cannot sneak past itself
err-hide-sneak_too_fast = { $creature } moved { $squares_moved ->
    [one] one square
   *[other] { $squares_moved } squares
}, more than its speed of { $speed }
err-test-face_out_of_range = A d10 shows 1 to 10, not { $value }
err-test-characteristic_out_of_range = A characteristic runs from −5 to 5, not { $value }
err-test-characteristic_not_offered = { $chosen ->
    [agility] Agility
    [mind] Mind
   *[strength] Strength
} is not among the characteristics this test allows ({ $offered })
err-test-invalid_tier = A tier is 1, 2 or 3, not { $value }
err-test-conflicting_automatic_tiers = Two modifiers fix different tiers for the same test
err-test-expertise_on_doom = An expertise cannot lift a doom
err-test-expertise_changes_nothing = The expertise would change nothing: the result is already tier 3 or fixed
err-test-expertise_not_applicable = { $expertise ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} cannot be used on this test
err-test-nothing_to_retry = { $creature } has no blocked attempt at “{ $task }”
err-test-bad_task = Name the task in 1 to { $max } characters
err-test-retry_blocked = { $creature } already tried “{ $task }” (tier { $tier }): no new try until the Referee rules that the circumstances changed
err-craft-not_crafting = { $value ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} is not a crafting expertise
err-craft-expertise = Crafting this needs { $expertise ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} with { $required } uses; there are { $has }
err-craft-material = A material is missing: { $value }
err-craft-tools = Tools are missing: { $value }
err-craft-too_many_expertises = A crafting roll takes at most two expertises, not { $value }
err-craft-duplicate_expertise = The same expertise cannot be used twice on one roll ({ $value ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
})
err-craft-zero_goal = A crafting goal is at least 1
err-craft-town_is_referees = Only the Referee says the party is in town
err-craft-not_resting = Crafting happens during a rest, or in town as two hours of work
err-encounter-bad_face = The encounter check is a d10: { $value } is not one of its faces
err-encounter-unknown_table = The Referee picks one of the offered encounter tables; { $value } is not among them
err-encounter-no_table = No encounter table is set for this dungeon
err-encounter-no_dungeon = Name the dungeon the party enters
err-encounter-in_dungeon = The party is already in { $dungeon }
err-encounter-exploration_running = Exploration turns are already running: end them first
err-encounter-enter_resting = The party is resting and cannot enter a dungeon now
err-encounter-enter_from_town = Leave town before entering a dungeon
err-encounter-bad_length = A dungeon turn lasts 20, 30 or 60 real minutes or 1d6 rooms, not { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} (a house rule can set other lengths)
err-encounter-d10_showed = A d10 cannot show { $face }
err-encounter-not_in_dungeon = The party is not in a dungeon: enter one first
err-encounter-already_paused = The dungeon turn is paused already
err-encounter-not_paused = The dungeon turn is not paused
err-encounter-not_room_based = Rooms are only counted when a dungeon turn lasts 1d6 rooms
err-encounter-no_turn_while_resting = The party is resting: no dungeon turn is running
err-encounter-rest_checks_itself = During a rest only the rest's own encounter check is made
err-encounter-leave_resting = End or interrupt the rest before leaving the dungeon
err-encounter-no_sign = Describe the sign the players notice
err-encounter-time_in_dungeon = In a dungeon time passes in dungeon turns, not in minutes
err-creature-out_of_range = { $characteristic ->
    [agility] Agility
    [mind] Mind
   *[strength] Strength
} must lie between −5 and 5, not { $value }
err-creature-new_crow_out_of_range = A new crow starts with { $characteristic ->
    [agility] Agility
    [mind] Mind
   *[strength] Strength
} between −1 and 2, not { $value }
err-creature-above_mundane_max = Without magic a crow's { $characteristic ->
    [agility] Agility
    [mind] Mind
   *[strength] Strength
} goes no higher than 4 (it would be { $value })
err-creature-dead = { $value } is dead: the body is an object now, and creature rules no longer apply to it
err-creature-immune = { $creature } is immune to that condition
err-creature-stamina_above_max = Stamina { $stamina } is above the maximum of { $max }
err-creature-bad_ancestry = An ancestry is a label of 1 to 64 characters
err-creature-no_overrides = Name the exceptions to add or to remove
err-creature-bad_overrides = At most { $max ->
    [one] { $max } exception
   *[other] { $max } exceptions
} at once, and none both added and removed
err-creature-bad_rivals = A character keeps at most { $max ->
    [one] { $max } personal enemy or rival
   *[other] { $max } personal enemies and rivals
}, each named in 1 to { $max_len ->
    [one] { $max_len } character
   *[other] { $max_len } characters
}
err-creature-turned = The Miasma has turned { $creature }: only the Referee acts for it now
err-creature-bad_character_name = A character name is 1 to { $max } characters
err-turn-missing_faces = Dice faces are missing for { $value }
err-identify-not_held = The item must be in hand for the identification test
err-identify-not_magic = { $value } is not a magic item
err-identify-already_tried = { $value } has already tried to identify this item
err-identify-not_described = Item { $item } is not a magic item the Referee has described
err-identify-not_resting = Identifying an item is a rest activity: it waits for a rest
err-identify-unknown_property = { $property } is not a property of item { $item }
err-light-bad_notation = Light is written as X/Y with whole numbers, not “{ $value }”
err-light-no_campfire_row = The campfire table stops before Holy Shit!: the Referee sets that fire's light
err-light-no_guess_needed = Guessing a square is only for a silent target in darkness
err-light-sees_in_darkness = { $creature } sees without light: there is no square to guess
err-light-not_a_light = That item gives no light
err-light-not_lit = That light is not burning
err-light-holy_shit_campfire_unset = The campfire table has no Holy Shit! row: a house rule has to set that fire's light first
err-light-light_or_campfire = Give either a light output or a campfire size, not both
err-usage-wrong_face_count = Every die of the pool is rolled: { $expected ->
    [one] { $expected } face is
   *[other] { $expected } faces are
} needed, { $given ->
    [one] { $given } was
   *[other] { $given } were
} given
err-usage-bad_face = Usage dice are d6: { $value } is not one of their faces
err-usage-above_max = The pool would hold { $current ->
    [one] { $current } die
   *[other] { $current } dice
}, above its maximum of { $max }
err-usage-wrong_refuel_item = { $item } is refuelled with { $needed }, not { $given }
err-usage-no_refuel = { $value } cannot be refuelled
err-usage-useless = { $value } is useless now: its usage dice have run out
err-usage-depleted = { $value } is spent until it is refuelled or rested
err-usage-refuel_without_item = Say which item refuels it
err-usage-not_on_activation = { $value } does not roll its usage dice when used; they roll at another time
err-usage-bad_effect_dice = An effect has 1 to { $max } usage dice
err-usage-no_usage_dice = { $item } has no usage dice
err-activity-already_chosen = { $value } already has a rest activity this rest
err-activity-camp_already_secluded = Only one member of the group secludes the camp each rest, and { $value } already does
err-activity-tend_self = A creature cannot tend its own wounds
err-activity-too_few_wounds = { $target } has { $wounds ->
    [one] { $wounds } wound
   *[other] { $wounds } wounds
}; tending needs at least 2
err-activity-already_tended = { $by } is already tending { $target } this rest
err-activity-unknown_creature = { $value } is not resting with the group
err-activity-not_armor = { $who } carries no armor or shield with that id
err-activity-not_magic = { $who } carries no magic item with that id
err-activity-empty_task = Name a task and the place where it happens
err-activity-task_not_approved = The Referee has not approved the task of { $value } yet
err-activity-harvest_faces = This corpse is harvested with { $dice } d6; { $given ->
    [one] { $given } face was
   *[other] { $given } faces were
} given
err-activity-bad_face = A d6 shows 1 to 6, not { $value }
err-activity-choose_while_finishing = The rest is ending: activities are chosen while it lasts
err-activity-not_with_group = { $creature } does not rest with the group
err-activity-target_not_with_group = { $creature } does not rest with the group
err-activity-no_corpse_to_harvest = There is no corpse of { $corpse } to harvest
err-activity-corpse_taken = Someone already harvests { $corpse }
err-activity-no_activity_name = Name the activity the trait or rule gives
err-activity-corpse_gone = The corpse of { $corpse } is no longer there
err-damage-dead = { $value } is dead: damage now goes to the corpse as an object
err-damage-wrong_extra_dice = Vulnerable adds { $expected } d6; { $given ->
    [one] { $given } face was
   *[other] { $given } faces were
} given
err-damage-bad_d6 = A d6 shows 1 to 6, not { $value }
err-damage-bad_armor_order = The armor order names each item with Armor Defense exactly once
err-damage-wrong_wound_count = Choose { $expected ->
    [one] { $expected } wound slot
   *[other] { $expected } wound slots
}, not { $given }
err-damage-no_knock_out_pending = Nothing waits to knock { $value } unconscious
err-damage-not_armor = That item has no Armor Defense
err-damage-no_wound_slot = No backpack slot can take the wound: drop an item first
err-damage-bad_object_id = An object's id is 1 to { $max } characters
err-damage-bad_object_name = Name the object in 1 to { $max } characters
err-damage-object_id_taken = That id already belongs to a creature: an object needs its own
err-damage-too_many_objects = A table holds at most { $max ->
    [one] { $max } object
   *[other] { $max } objects
}
err-damage-zero_stamina = An object with Stamina starts above 0; leave Stamina out for a structure that takes no damage
err-damage-no_object = No object { $id } is in play
err-damage-destroyed = { $item } is already destroyed
err-damage-no_stamina = { $object } has no Stamina: a structure takes no damage unless a rule says so
err-damage-object_takes_no_conditions = { $object } is an object, and objects take no conditions
err-hazard-wrong_fall_dice = That fall rolls { $expected } d6; { $given ->
    [one] { $given } was
   *[other] { $given } were
} given
err-hazard-wrong_reduction_dice = Tier { $tier } takes off { $expected } d6; { $given ->
    [one] { $given } was
   *[other] { $given } were
} given
err-hazard-bad_d6 = A d6 shows 1 to 6, not { $value }
err-hazard-no_reaction = No reaction is left (spent, or unconscious), so there is no resistance roll
err-hazard-not_a_ration = { $item } is not a ration
err-travel-bad_face = A d{ $sides } cannot show { $face }
err-travel-second_guide = The party has only one guide
err-travel-role_full = That role already has three creatures
err-travel-task_taken = Someone already has that task in its role
err-travel-creature_has_role = That creature already has a role today
err-travel-refuses_roles = The Miasma has that creature refusing every travel role
err-travel-too_many_allies = Support Everyone picks at most four allies
err-travel-too_many_backed = Fight the Miasma picks at most four creatures
err-travel-wrong_role = That task belongs to another role
err-travel-not_lost = Back on Track is only for a party that is lost
err-travel-turned = The character has turned and rolls no more Miasma effects
err-travel-no_free_row = Every row of the Miasma effects table is already in force
err-travel-bad_answer = That answer does not fit the open question
err-travel-no_travel_day = No travel day is under way yet: begin one first
err-travel-no_position = The party is not on the map yet: place it first
err-travel-no_party = Nobody travels yet: set the party first
err-travel-day_running = A travel day is already under way: end it first
err-travel-exploring_site = The party is still exploring a site: leave it first
err-travel-roles_closed = The role tests have started: roles can no longer change today
err-travel-roles_pending = That waits until the day's role tests are done
err-travel-role_tests_under_way = The day's role tests are still running
err-travel-rest_before_next_day = Finish the rest and its Miasma rolls before the next day
err-travel-party_resting = Not while the party rests
err-travel-already_resting = The party is resting already
err-travel-rest_at_site = At a site the party rests as in a dungeon: leave the site to rest in the open
err-travel-not_resting = There is no rest in the open to end
err-travel-rest_finishing = That rest is already ending
err-travel-eater_not_in_party = { $creature } does not travel with the party
err-travel-not_in_party = { $creature } does not travel with the party
err-travel-turned_to_referee = { $creature } has turned: only the Referee controls it now
err-travel-lazy_refuses_roles = The Miasma made { $creature } lazy: it takes no travel role
err-travel-assists_instead = { $creature } assists someone today, so it holds no role
err-travel-on_track_already = The party is not lost: there is no way back to find
err-travel-lost_guide = A lost party's guide can only try to get Back on Track
err-travel-bad_characteristic = { $task } uses { $allowed }, not { $characteristic }
err-travel-picks_none = { $task } does not pick anyone
err-travel-no_quarry = Say which creature to track
err-travel-own_assist = Nobody can assist their own test
err-travel-holds_role = { $creature } holds a role today and cannot also assist
err-travel-already_assisting = { $creature } already assists someone today
err-travel-no_role_to_assist = { $creature } holds no travel role that could be assisted
err-travel-no_role = { $creature } holds no travel role today
err-travel-track_unruled = The Referee has yet to say whether { $creature }'s quarry may be on the route
err-travel-supports_no_role = Support Everyone can only pick allies with a role today; { $creature } has none
err-travel-check_at_site = At a site the dungeon turn's encounter check is made instead
err-travel-exploring_in_turns = The party explores a site in dungeon turns: leave it first
err-travel-zoomed_in = An encounter or a point of interest waits for the Referee: play it out first
err-travel-no_hexes_left = { $hexes ->
    [one] The party has already covered its one hex today
   *[other] The party has already covered all { $hexes } hexes today
}
err-travel-die_showed = A d{ $sides } cannot show { $face }
err-travel-already_exploring = The party already explores a site
err-travel-not_there = The party is not in the hex of { $site }
err-travel-recognised = The party knows { $site } and so knows where it is: mark it found first
err-travel-not_exploring = The party explores no site
err-travel-usage_in_dungeon = In a dungeon, time is counted in dungeon turns
err-travel-party_not_lost = The party is not lost
err-travel-found_by_test = Getting Back on Track is the guide's test, declared as a role
err-travel-unknown_hex = There is no hex ({ $q }, { $r }) on the map
err-travel-bad_terrain = Hex ({ $q }, { $r }) needs a terrain (1 to 64 characters)
err-travel-bad_site = A site needs an id of 1 to 64 characters and a name of 1 to 200
err-travel-site_notes_too_long = A site's notes are limited to 10000 characters
err-travel-unknown_site = There is no site { $site } on the map
err-travel-site_in_use = The party is exploring that site: leave it first
err-travel-placed_during_day = During a travel day the party moves hex by hex: end the day first
err-travel-party_set_during_day = The party changes only between travel days
err-travel-bad_mount = { $rider } and { $mount } must be two different members of the party
err-travel-mount_too_small = { $mount } is too small to carry { $rider }: a mount is at least one size larger
err-travel-human_not_in_party = { $creature } is not in the party
err-corpse-not_a_corpse = { $value } is not a corpse
err-corpse-below_table = Only the Referee may make a Holy Shit! corpse bigger than 32 slots (asked: { $value })
err-corpse-not_holy_shit = Only a Holy Shit! corpse may fill more slots than the table gives
err-corpse-unknown = No corpse of { $corpse } lies here
err-corpse-too_big = The corpse of { $corpse } fills { $needed ->
    [one] { $needed } slot
   *[other] { $needed } slots
}, more than any one kind of slot of { $carrier }
err-town-daily_limit = { $value } has done four activities today already
err-town-busy = { $value } is busy with an activity already
err-town-idle = { $value } has no activity under way
err-town-not_done = An activity takes 120 minutes; { $done } have gone by
err-town-no_camp_to_seclude = Town has no encounters, so there is no camp to seclude
err-town-wrong_wound_count = { $target } removes { $needed ->
    [one] { $needed } wound
   *[other] { $needed } wounds
}, not { $chosen }
err-town-not_in_town = Town activities need a place without encounters: the Referee has to enter town first
err-town-rest_activity_instead = During a rest, choose the rest's one activity instead
err-town-sleep_hours = Sleep lasts 1 to 24 hours, not { $hours }
err-town-town_in_dungeon = Town activities need a place without encounters, and a dungeon is not one
err-town-already_in_town = The party is already in town
## The Crows ruleset's refusal codes: `err-<code>`, used when no reason has words of its own.
err-activity_refused = That rest activity is not possible now
err-activity_taken = That creature already has a rest activity this rest
err-already_checked = This rest's encounter check has already been made
err-already_paused = The dungeon turn is already paused
err-already_tended = Someone is already tending that creature's wounds this rest
err-already_tried = That creature has already tried to identify this item
err-asleep = { $creature } is already asleep
err-assist_cost_unknown = In combat an assist costs a maneuver or an action: say which the assisted test needs
err-assisting = That creature is assisting someone today instead of holding a role
err-bad_aim = The spell's aim does not fit the battle grid or its targets
err-bad_ancestry = An ancestry is a label of 1 to 64 characters
err-bad_answer = That answer does not fit the open question
err-bad_area = The spell's area is missing its starting square or direction
err-bad_assist = An assist helps another creature's test, as a test of its own kind
err-bad_attack = That attack is not possible as sent
err-bad_backlash = That backlash row does not apply
err-bad_characteristic = That characteristic does not fit this task
err-bad_check = The encounter check cannot be made like this
err-bad_condition = That condition is missing what it needs
err-bad_context = The open question lacks what its answer needs
err-bad_continuation = The test's follow-up could not be read
err-bad_corpse = That corpse cannot be carried like this
err-bad_craft = That crafting step is not possible
err-bad_creature = The creature's numbers are not valid
err-bad_decision = That question is not open, or lacks what its answer needs
err-bad_effect = An effect has 1 to 20 usage dice
err-bad_face = A die cannot show that face
err-bad_fall = A fall is at most 10,000 feet
err-bad_found = Back on Track is the guide's test
err-bad_group = The group test is not set up correctly
err-bad_guess = That guess is not possible
err-bad_hexes = Too many hexes
err-bad_hide = Hiding names 1 to 64 other creatures to hide from, never the one hiding
err-bad_hours = That number of hours is outside what is allowed
err-bad_house_rule = Those house rules are already in force
err-bad_id = An id is 1 to 64 characters
err-bad_improvised = That improvised attack is not possible
err-bad_item = That item is not valid
err-bad_length = That dungeon turn length is not one of the allowed lengths
err-bad_light = That light is not valid
err-bad_minutes = That number of minutes is outside what is allowed
err-bad_mount = A rider and a mount are two other members of the party
err-bad_move = That move on the map is not possible
err-bad_object = That object is not valid
err-bad_option = That is not one of the offered choices
err-bad_overrides = Exceptions are added or removed, at most 32, none both at once
err-bad_rivals = A character keeps at most 16 personal enemies and rivals, each named in 1 to 80 characters
err-bad_pack = The content pack has errors
err-bad_pack_count = Too many content pack files for one table
err-bad_party = The party list is not valid
err-bad_path = The path is empty or too long
err-bad_picks = Those picks do not fit the task
err-bad_position = Those coordinates are off the map
err-bad_query = That question about odds is not valid
err-bad_recipe = That recipe is not valid
err-bad_site = A site needs an id of 1 to 64 characters and a name of 1 to 200; notes stay within 10,000
err-bad_sneak = Sneaking past is not possible like this
err-bad_square = That is not a square of the grid
err-bad_stamina = That Stamina is outside what is allowed
err-bad_target = That target is not possible for this attack
err-bad_task = Name the task in a short text
err-bad_terrain = That terrain is not valid for this hex
err-bad_test = That test is not possible as sent
err-bad_trigger = Name the trigger in 1 to 500 characters
err-bad_usage = Those usage dice do not fit
err-camp_secluded = Someone in the group is already secluding the camp this rest
err-cannot_cast = That spell cannot be cast now
err-cannot_rest = That creature cannot rest now
err-casting = { $creature } is already casting a spell
err-characteristic_out_of_range = That characteristic is out of range
err-combat_refused = The combat rules do not allow that
err-condition_present = { $creature } already has that condition
err-condition_refused = That condition cannot be applied
err-corpse_taken = Someone is already harvesting that corpse
err-corpse_too_big = That corpse is too big to carry in any one kind of slot
err-craft_refused = That crafting is not possible
err-damage_refused = That damage cannot be dealt like this
err-day_running = A travel day is under way
err-dead = That creature is dead
err-destroyed = { $item } is already destroyed
err-douse_refused = That light cannot be doused
err-duplicate_creature = That creature is named twice, or already exists
err-empty_party = Name at least one creature of the group
err-end_of_turn = The end of the combat turn cannot be played like this
err-expertise_refused = That expertise cannot be used here
err-expertise_unknown = { $creature } lacks the { $expertise ->
    [alchemy] Alchemy
    [athletics] Athletics
    [blacksmithing] Blacksmithing
    [enchanting] Enchanting
    [endurance] Endurance
    [gymnastics] Gymnastics
    [handle_pet] Handle Pet
    [historical_lore] Historical Lore
    [lift] Lift
    [magic_lore] Magic Lore
    [monster_lore] Monster Lore
    [nature_lore] Nature Lore
    [navigate] Navigate
    [pick_lock] Pick Lock
    [religious_lore] Religious Lore
    [search] Search
    [stealth] Stealth
    [thievery] Thievery
    [alteration] Alteration
    [benefaction] Benefaction
    [conjuration] Conjuration
    [elemental] Elemental
    [illusion] Illusion
    [necromancy] Necromancy
    [bashing] Bashing
    [bow] Bow
    [chopping] Chopping
    [slashing] Slashing
    [stabbing] Stabbing
   *[unarmed] Unarmed
} expertise to settle this without a test
err-exploration_running = Exploration turns are already running
err-exploring = The party is exploring a site
err-fight_running = A fight is already running
err-forced_move_refused = That forced move is not possible
err-grid_too_big = The battle grid has too many special squares
err-halfway_done = This rest is already past its halfway point
err-hands_are_feet = The hands of { $creature } have become feet: it cannot hold a spellbook
err-has_character = { $player } already plays { $creature }, who is alive
err-hide_refused = Hiding is not possible now
err-holds_role = { $creature } holds a travel role today: a creature either holds a role or assists
err-id_taken = That id already belongs to a creature
err-improvised_refused = Whether an object hits like a weapon is for the Referee to rule
err-in_combat = Not during combat
err-in_dungeon = Not inside a dungeon
err-in_town = Not while in town
err-initiative_pending = The side initiative is already waiting for its roll
err-inventory = The inventory does not allow that
err-inventory_refused = The inventory does not allow that
err-item_unusable = That item cannot be used now
err-jump_refused = That jump is not possible
err-knock_out_refused = Knocking out is not possible here
err-light_refused = That light cannot be lit
err-lost_guide = While the party is lost, the guide makes Back on Track instead of a route task
err-miasma = That Miasma step is not possible
err-missing_field = Without a creature card, give its kind, characteristics and Stamina
err-missing_recipient = Name the creature that receives the item
err-mount_too_small = A mount must be at least one size larger than its rider
err-move_refused = That move is not possible
err-multi_target_refused = An attack has one target unless its effect says otherwise, and the Referee rules on that
err-no_actions = { $creature } is unconscious and takes no maneuvers or actions
err-no_ammunition = { $creature } has no { $item } left to shoot
err-no_armor = No armor is worn
err-no_backlash = That creature is not under that backlash
err-no_campfire_row = The campfire table has no Holy Shit! row: a house rule has to set that fire's light
err-no_casting = That creature is not casting
err-no_condition = { $creature } does not have that condition
err-no_corpse = There is no such corpse to harvest
err-no_creatures = Name the creatures that go to sleep
err-no_dungeon = Name the dungeon
err-no_encounters = Encounters cannot happen here, so there is no encounter check
err-no_expertise_use = No use of that expertise is left
err-no_fight = No fight is running
err-no_guess_needed = No square needs guessing here
err-no_hexes_left = The party has used up today's hexes
err-no_line_of_effect = Nothing connects { $creature } to { $target }: there is no line of effect
err-no_name = Name the activity that the trait or rule grants
err-no_object = No such object is in play
err-no_party = The party is empty
err-no_position = The party has no place on the map yet
err-no_quarry = Track Specific Creature names who or what is tracked
err-no_ration = { $creature } carries no ration, and a rest needs one eaten by each creature
err-no_rest = No rest is under way
err-no_role = That creature holds no travel role today
err-no_sign = Describe the sign the players notice
err-no_stamina = That object has no Stamina: it takes no damage unless a rule says so
err-no_tentacles = That creature has no tentacles to cut
err-no_threshold = A rest in the wild uses that day's encounter number for rests: give it
err-no_travel_day = No travel day is under way
err-no_trigger = That backlash row has no trigger
err-no_usage_dice = That item has no usage dice
err-no_wound_slot = No backpack slot can take the wound: drop an item first
err-not_a_light = That item gives no light
err-not_a_participant = { $creature } takes no part in the fight: place it on the grid first
err-not_a_player = Only a player at this table rolls the side initiative
err-not_a_ration = { $item } is not a ration
err-not_a_spellbook = Spells are cast only from spellbooks, and that is not one
err-not_bladed = Tentacles are cut with a bladed tool or weapon
err-not_condition_bound = That backlash ends by its own duration
err-not_exploring = The party is not exploring a site
err-not_flying = { $creature } is not flying
err-not_held = The item must be in hand for the identification test
err-not_hidden = { $creature } is not hidden from them
err-not_in_combat = Outside combat rounds, items move freely
err-not_in_dungeon = The party is not in a dungeon
err-not_in_party = { $creature } is not travelling with the party
err-not_in_town = Town activities need a place with no chance of encounters
err-not_lit = That light is not burning
err-not_lost = The party is not lost
err-not_magic = That item is not a magic item
err-not_on_activation = That item's usage dice are not rolled when it is used
err-not_paused = The dungeon turn is not paused
err-not_placed = { $creature } is not on the battle grid
err-not_resting = That creature is not resting now
err-not_room_based = Rooms are counted only when a dungeon turn lasts 1d6 rooms
err-not_there = The party is not in that site's hex
err-not_your_pet = { $creature } is not a pet of { $owner }
err-not_your_side = Players order the crows' side, the Referee the enemies'
err-not_your_spell = That spell is not that creature's
err-not_your_turn = It is not the combat turn of { $creature }
err-not_yours = That creature has no such magic item
err-notes_too_long = The item notes are too long
err-nothing_readied = { $creature } has no readied action (or it has lapsed)
err-nothing_to_edit = Give the item's new name or notes
err-nothing_to_retry = { $creature } has no blocked attempt at “{ $task }”
err-off_grid = Those coordinates are off the battle grid
err-order_too_long = The order to the pet is too long
err-pet_commanded = { $creature } has already been commanded this round
err-players_only = Only a player asks for a character; the Referee creates creatures directly
err-reaction_pending = An opportunity attack against this creature is waiting for its answer
err-recognised = The party knows this place and recognises where it is
err-referee_only = Only the Referee decides that
err-refuel_refused = That item cannot be refuelled like this
err-refuses_roles = The Miasma has { $creature } refusing every travel role
err-rename_refused = Only the Referee renames an item card; a player writes its notes
err-reposition_refused = That repositioning is not possible
err-request_pending = { $player } is already waiting for the Referee's answer
err-rest_finishing = The rest is ending
err-rest_in_the_open = This is a rest in the open, not in a dungeon
err-resting = The party is resting
err-role_refused = That travel role is not possible
err-roles_closed = Roles are declared before the day's role tests begin
err-roles_pending = The day's role tests are under way
err-round_running = A round is under way
err-shift_refused = That Shift is not possible
err-site_in_use = The party is exploring this site
err-slot_unusable = That slot cannot be used while the effect lasts
err-space_occupied = That space is taken
err-speed_zero = { $creature } has a speed of 0
err-square_blocked = That square is blocked
err-stamina_above_max = Stamina cannot go above its maximum
err-stand_up_refused = Standing up is not possible now
err-task_not_ruled = The Referee has not ruled on that task yet
err-teleport_refused = That teleport is not possible
err-too_high = A flyer is placed too high
err-too_many_creatures = Too many creatures are listed
err-too_many_hexes = Too many hexes
err-too_many_modifiers = Too many edges, banes or modifiers on one test
err-too_many_objects = This table holds as many objects as it can
err-too_many_sites = Too many sites on the map
err-too_many_targets = Too many targets are listed
err-too_much_sleep = That creature has already slept as long as the rest lasts
err-topple_refused = That object cannot be toppled like this
err-town_refused = That town activity is not possible
err-track_unruled = The Referee has not said yet whether the quarry could be on the route
err-turned = The Miasma has turned { $creature }: only the Referee acts for it now
err-unconscious = { $creature } is unconscious and takes no maneuvers or actions
err-unexpected_decision = That question does not belong here
err-unknown_attack = { $creature } has no natural attack “{ $attack }”
err-unknown_card = No such card is in the loaded packs
err-unknown_corpse = No such corpse lies here
err-unknown_creature = No such creature
err-unknown_decision = No such question is open
err-unknown_ground_item = Nothing like that lies on the ground here
err-unknown_hex = No such hex on the map
err-unknown_item = No such item here
err-unknown_light = No such light is placed
err-unknown_magic_item = That item is not a magic item the Referee has described
err-unknown_project = No such crafting project
err-unknown_property = That is not a property of the item
err-unknown_site = No such site on the map
err-usage_dice = Those usage dice cannot be rolled like this
err-usage_refused = Those usage dice cannot be rolled like this
err-use_the_maneuver = During a fight this is a maneuver: use the maneuver, which spends it
err-wound_refused = That wound cannot be placed or removed like this
err-zoomed_in = An encounter or point of interest is waiting for the Referee: play it out first
err-bad_item_name = An item's name is a short text
err-bad_owner = A creature cannot be its own pet
err-forecast_no_fight = A fight forecast needs creatures of both sides placed on the grid
err-forecast_args = A forecast's numbers are out of their range (a fight runs 1 to 200 rounds, an expedition 1 to 200 dungeon turns)
err-forecast_no_party = An expedition forecast needs a living crow, hireling or animal
err-forecast_no_visit = An expedition forecast starts in a dungeon turn: enter a dungeon first, and finish any rest under way
