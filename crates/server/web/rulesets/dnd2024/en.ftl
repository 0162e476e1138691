# D&D 2024 screen — English messages (Fluent), loaded with the shell's i18n/en.ftl when a
# dnd2024 table opens. Refusals: refusals.en.ftl, loaded with a seat's first command.

dnd-tab-sheet = Sheet
dnd-tab-play = Play
dnd-tab-log = Log
dnd-no-sheet = No character sheet here yet.
dnd-ability = Ability
dnd-score = Score
dnd-modifier = Modifier
dnd-save = Saving throw
dnd-proficient = proficient
dnd-expertise = expertise
dnd-skills = Skills
dnd-skill = Skill
dnd-ac = Armor Class
dnd-hp = Hit Points
dnd-temp-hp = Temporary Hit Points
dnd-hit-dice = Hit Point Dice
dnd-hit-dice-left = { $left } of { $total } (d{ $sides })
dnd-speed = Speed
dnd-feet = { $count ->
    [one] { $count } foot
   *[other] { $count } feet
}
dnd-concentration = Concentration
dnd-none = none
dnd-pb = Proficiency Bonus { $pb }
dnd-exhaustion = Exhaustion
dnd-no-conditions = No conditions.
dnd-from = from { $source }
dnd-unseen = Someone unseen
dnd-source-unseen = a source you cannot see
dnd-spell-slots = Spell slots
dnd-slot-level = level { $level }: { $left } of { $max }
dnd-death-saves = Death Saving Throws
dnd-death-successes = { $count ->
    [one] { $count } success
   *[other] { $count } successes
}
dnd-death-failures = { $count ->
    [one] { $count } failure
   *[other] { $count } failures
}
dnd-stable = Stable
dnd-dead = dead
dnd-monster = monster
dnd-hidden = hidden from the players
dnd-reveal = Show to the players
dnd-senses = Senses
dnd-sense-darkvision_ft = Darkvision { $feet } ft.
dnd-sense-blindsight_ft = Blindsight { $feet } ft.
dnd-sense-truesight_ft = Truesight { $feet } ft.
dnd-sense-tremorsense_ft = Tremorsense { $feet } ft.
dnd-resistances = Resistances
dnd-vulnerabilities = Vulnerabilities
dnd-immunities = Immunities
dnd-condition-immunities = Condition immunities
dnd-reach = reach { $feet } ft.
dnd-range = range { $feet }/{ $long } ft.
dnd-others = Other creatures
dnd-bloodied = Bloodied
dnd-status-dying = dying
dnd-status-stable = stable
dnd-status-dead = dead
dnd-status-up = up

dnd-d20 = D20 Test
dnd-creature = Creature
dnd-test = Test
dnd-check = Ability check
dnd-saving-throw = Saving throw
dnd-dc = DC
dnd-advantage-sources = Advantage from (comma-separated)
dnd-disadvantage-sources = Disadvantage from (comma-separated)
dnd-bonus = Bonus
dnd-exhaustion-penalty = Exhaustion −{ $n }
dnd-advantage = Advantage
dnd-disadvantage = Disadvantage
dnd-chance = Chance of success
dnd-odds = { $percent } % (exactly { $exact })
dnd-auto-fail = fails without a roll
dnd-odds-wait = Working out the odds…
dnd-roll = Roll the test
dnd-result = Rolled { $faces }: total { $total } — { $success ->
    [yes] success
   *[no] failure
}

dnd-budget = Turn budget
dnd-acting = acting now
dnd-action = Action
dnd-bonus-action = Bonus Action
dnd-reaction = Reaction
dnd-available = ready
dnd-spent = spent
dnd-movement-left = { $count ->
    [one] { $count } foot of movement left
   *[other] { $count } feet of movement left
}
dnd-window-default = Without an answer: { $option }.
dnd-window-waits = It waits for every answer or the Dungeon Master.
dnd-window-timeout = { $count ->
    [one] Closes in { $count } second.
   *[other] Closes in { $count } seconds.
}

dec-opportunity_attack = { $mover } leaves the reach of { $by }: Opportunity Attack ({ $attack }) with the Reaction?
opt-opportunity_attack-attack = Attack
opt-opportunity_attack-decline = Let it go
opt-readied_trigger-respond = Respond
opt-readied_trigger-ignore = Ignore
opt-legendary_actions-pass = No Legendary Action
opt-reaction_spell-none = No spell

dnd-ab-strength = Strength
dnd-ab-dexterity = Dexterity
dnd-ab-constitution = Constitution
dnd-ab-intelligence = Intelligence
dnd-ab-wisdom = Wisdom
dnd-ab-charisma = Charisma
dnd-skill-acrobatics = Acrobatics
dnd-skill-animal_handling = Animal Handling
dnd-skill-arcana = Arcana
dnd-skill-athletics = Athletics
dnd-skill-deception = Deception
dnd-skill-history = History
dnd-skill-insight = Insight
dnd-skill-intimidation = Intimidation
dnd-skill-investigation = Investigation
dnd-skill-medicine = Medicine
dnd-skill-nature = Nature
dnd-skill-perception = Perception
dnd-skill-performance = Performance
dnd-skill-persuasion = Persuasion
dnd-skill-religion = Religion
dnd-skill-sleight_of_hand = Sleight of Hand
dnd-skill-stealth = Stealth
dnd-skill-survival = Survival
dnd-cond-blinded = Blinded
dnd-cond-charmed = Charmed
dnd-cond-deafened = Deafened
dnd-cond-exhaustion = Exhaustion
dnd-cond-frightened = Frightened
dnd-cond-grappled = Grappled
dnd-cond-incapacitated = Incapacitated
dnd-cond-invisible = Invisible
dnd-cond-paralyzed = Paralyzed
dnd-cond-petrified = Petrified
dnd-cond-poisoned = Poisoned
dnd-cond-prone = Prone
dnd-cond-restrained = Restrained
dnd-cond-stunned = Stunned
dnd-cond-unconscious = Unconscious
dnd-size-tiny = Tiny
dnd-size-small = Small
dnd-size-medium = Medium
dnd-size-large = Large
dnd-size-huge = Huge
dnd-size-gargantuan = Gargantuan
dnd-dmg-acid = acid
dnd-dmg-bludgeoning = bludgeoning
dnd-dmg-cold = cold
dnd-dmg-fire = fire
dnd-dmg-force = force
dnd-dmg-lightning = lightning
dnd-dmg-necrotic = necrotic
dnd-dmg-piercing = piercing
dnd-dmg-poison = poison
dnd-dmg-psychic = psychic
dnd-dmg-radiant = radiant
dnd-dmg-slashing = slashing
dnd-dmg-thunder = thunder

dnd-rest = Rest
dnd-rest-short = Short Rest
dnd-rest-long = Long Rest
dnd-rest-interruptions = { $count ->
    [one] { $count } interruption
   *[other] { $count } interruptions
}
dnd-spend-hit-die = { $name }: spend a Hit Point Die
dnd-rest-why = Why the rest is interrupted
dnd-why-took_damage = damage taken
dnd-why-rolled_initiative = Initiative rolled
dnd-why-hour_of_exertion = an hour of exertion
dnd-rest-resume = go on resting (one hour longer)
dnd-rest-interrupt = Interrupt the rest
dnd-rest-finish = The rest is over
dnd-rest-who = Who rests
dnd-rest-fed = they ate and drank enough
dnd-rest-start-short = Start a Short Rest
dnd-rest-start-long = Start a Long Rest

dnd-area = Area of effect
dnd-area-caster = Created by
dnd-area-name = Name
dnd-area-default-name = Area
dnd-area-shape = Shape
dnd-area-size = Size (ft)
dnd-area-damage = Damage dice
dnd-area-type = Damage type
dnd-area-half = half damage on a successful save
dnd-area-from-caster = An Emanation spreads from the creator's space.
dnd-area-pick-origin = Pick the point of origin on the grid (a square's top-left corner).
dnd-area-pick-toward = Pick the square it spreads toward.
dnd-area-pick-again = Placed. Pick again to move it.
dnd-area-targets = { $count ->
    [one] { $count } creature inside: { $names }
   *[other] { $count } creatures inside: { $names }
}
dnd-area-behind-cover = Kept out by Total Cover: { $names }
dnd-area-place = Place the area and roll
dnd-side-party = party
dnd-side-foe = foe
dnd-shape-sphere = Sphere
dnd-shape-cylinder = Cylinder
dnd-shape-cube = Cube
dnd-shape-cone = Cone
dnd-shape-line = Line
dnd-shape-emanation = Emanation

dnd-death-save-roll = Roll a Death Saving Throw
dnd-tab-fight = Fight
dnd-battle = Battle grid
dnd-battle-mode = On the grid
dnd-mode-move = Move
dnd-mode-attack = Attack
dnd-your-turn = It is { $name }’s turn.
dnd-turn-of = Now acting: { $name }.
dnd-target = target
dnd-move-pick = Pick the squares { $name } moves through, one after another, starting next to { $at }.
dnd-move-path = Path: { $path }
dnd-move-squares = { $count ->
    [one] { $count } square
   *[other] { $count } squares
}
dnd-move-difficult = { $count ->
    [one] { $count } of them in Difficult Terrain (each foot there costs an extra foot)
   *[other] { $count } of them in Difficult Terrain (each foot there costs an extra foot)
}
dnd-move-last = Last move: { $move }
dnd-move-undo = Take back the last square
dnd-move-send = Move
dnd-attack-with = Attack with
dnd-attack-target = Target
dnd-attack-pick = Pick a target
dnd-attack-plan = { $bonus } to hit, { $reach }; { $damage }
dnd-attack-knock-out = knock out instead of killing
dnd-attack-rules = The rules add the Advantage and Disadvantage of conditions, range, sight and cover when the attack is rolled; the target's Armor Class decides the hit.
dnd-attack-send = Attack { $target }
dnd-no-attacks = This creature has no attack on its sheet.
dnd-finish-turn = End { $name }’s turn
dnd-end-combat = End the combat

dnd-src-target_condition = the target is { $condition }
dnd-src-own_condition = the attacker is { $condition }
dnd-src-long_range = long range
dnd-src-enemy_within5_ft = an enemy within 5 feet
dnd-src-attacker_unseen = the target cannot see the attacker
dnd-src-target_unseen = the attacker cannot see the target
dnd-test-check = { $ability } check
dnd-test-skill = { $ability } ({ $skill }) check
dnd-test-save = { $ability } saving throw
dnd-why-cast_spell = a level { $level } spell cast
dnd-response-attack = an attack with { $attack }
dnd-response-action = the { $action } action
dnd-response-move = a move of up to { $feet } ft
dnd-action-attack = Attack
dnd-action-dash = Dash
dnd-action-disengage = Disengage
dnd-action-dodge = Dodge
dnd-action-help = Help
dnd-action-hide = Hide
dnd-action-influence = Influence
dnd-action-magic = Magic
dnd-action-ready = Ready
dnd-action-search = Search
dnd-action-study = Study
dnd-action-utilize = Utilize
dnd-hp-of = Hit Points { $hp } of { $max }
dnd-temp-of = Temporary Hit Points { $temp }
dnd-exhaustion-level = Exhaustion level { $level }
dnd-concentrating-on = Concentration on { $effect }
dnd-concentrating = concentrating
dnd-unharmed = no visible wounds or conditions
dnd-absorbed = Temporary Hit Points absorb { $temp }
dnd-knocked-out = knocked out
dnd-damage-kills = it dies
dnd-dropped-to-zero = down to 0 Hit Points
dnd-cause-massive_damage = massive damage
dnd-cause-death_saving_throws = three failed Death Saving Throws
dnd-cause-0_hit_points = 0 Hit Points
dnd-cover-none = no cover
dnd-cover-half = Half Cover
dnd-cover-three_quarters = Three-Quarters Cover
dnd-cover-total = Total Cover
dnd-area-cover = Cover from the point of origin: { $names }
dnd-about = Asked of { $name }.
dnd-about-readied = { $name } readied: “{ $trigger }”{ $aimed ->
    [yes] , at { $target }.
   *[no] .
}
dnd-about-hit = { $name } is hit by { $attacker } ({ $attack }).

dec-readied_trigger = A readied trigger happened: respond with the Reaction?
dec-legendary_actions = A turn ends: take a Legendary Action?
dec-reaction_spell = A hit: cast a spell with the Reaction?

roll-initiative = Initiative
roll-attack-roll = Attack roll
roll-d20-test = D20 Test
roll-damage = Damage
roll-concentration-save = Concentration save
roll-death-saving-throw = Death Saving Throw
roll-hit-point-die = Hit Point Die
roll-escape = Escaping a grapple
roll-medicine-check = Wisdom (Medicine) check
boundary-named_rest_end-short = the end of the Short Rest
boundary-named_rest_end-long = the end of the Long Rest

ev-rules-creature_set = { $name }: { $state }
ev-rules-creature_seen = { $name }: { $state }
ev-rules-creature_revealed = { $name } comes into view: { $state }
ev-rules-initiative_rolled = { $name } rolls Initiative: { $total } (d20: { $faces }){ $mode ->
    [advantage] , with Advantage
    [disadvantage] , with Disadvantage
   *[normal] {""}
}
ev-rules-test_rolled = { $name } rolls a D20 Test: { $total } — { $test }, DC { $dc } (d20: { $faces }) — { $success ->
    [yes] success
   *[no] failure
}
ev-rules-test_rolled-secret = { $name } rolls a D20 Test — { $test }: { $success ->
    [yes] success
   *[no] failure
}
ev-rules-test_rolled-auto = { $name } fails a { $test } without a roll
ev-rules-attack_rolled = { $attacker } attacks { $target } with { $attack }: { $total } (d20: { $faces }){ $known ->
    [yes] {" "}against Armor Class { $ac }
   *[no] {""}
} — { $hit ->
    [critical] a Critical Hit!
    [yes] a hit
   *[no] a miss
}
ev-rules-attack_rolled-secret = { $attacker } attacks { $target } with { $attack } — { $hit ->
    [critical] a Critical Hit!
    [yes] a hit
   *[no] a miss
}
ev-rules-damage_taken = { $name } takes { $dealt } { $type } damage{ $defence ->
    [resistance] {" "}(Resistance halves { $rolled })
    [vulnerability] {" "}(Vulnerability doubles { $rolled })
    [immunity] {" "}(Immunity to { $rolled })
   *[none] {""}
}
ev-rules-damage_taken-secret = { $name } takes { $type } damage
ev-rules-damage_taken-knocked = { $name } is knocked out ({ $type })
ev-rules-concentration_save = { $name } saves to keep Concentration against DC { $dc }: { $total } (d20: { $faces }) — { $kept ->
    [yes] kept
   *[no] lost
}
ev-rules-concentration_save-secret = { $name } { $kept ->
    [yes] keeps Concentration
   *[no] loses Concentration
}
ev-rules-death_save_rolled = { $name } rolls a Death Saving Throw: { $face } — { $result ->
    [stable] Stable
    [dead] dead
    [regain_one_hp] regains 1 Hit Point and wakes
   *[continue] successes { $successes }, failures { $failures }
}
ev-rules-died = { $name } dies ({ $cause })
ev-rules-rest_started = { $kind } begins: { $names }
ev-rules-rest_resumed = The { $kind } goes on after an interruption, an hour longer
ev-rules-rest_finished = { $kind } { $completed ->
    [yes] finished
   *[no] stopped
} after { $minutes } min
ev-rules-rest_finished-interrupted = { $kind } interrupted ({ $why }) after { $minutes } min{ $benefits ->
    [yes] : the benefits of a Short Rest
   *[no] {""}
}
ev-rules-map_set = The battle map changed: { $count ->
    [one] { $count } square marked
   *[other] { $count } squares marked
}
ev-rules-placed = { $name } stands at { $at }
ev-rules-moved = { $name } moves to { $at }: { $count ->
    [one] { $count } square
   *[other] { $count } squares
}, { $feet } ft of movement
ev-rules-moved-held = { $name } moves to { $at } ({ $feet } ft) and stops there for Opportunity Attacks
ev-rules-standing_orders_set = Standing orders for { $name }: opportunity attacks { $oa ->
    [always] always
   *[never] never
}, reaction spells { $spells ->
    [always] always
   *[never] never
}, legendary actions { $legendary ->
    [always] always
   *[never] never
}
ev-rules-spell_stopped = { $by } stops { $caster }’s { $spell }{ $named ->
    [yes] {" "}with { $with }
   *[no] {""}
}
ev-rules-ready_taken = { $name } answers the readied trigger “{ $trigger }”: { $response }{ $aimed ->
    [yes] , at { $target }
   *[no] {""}
}
ev-rules-area_placed = { $name } places { $area } — { $count ->
    [one] { $count } creature inside
   *[other] { $count } creatures inside
}: { $names }
ev-rules-legendary_taken = { $name } takes a Legendary Action: { $action } ({ $cost ->
    [one] { $cost } use
   *[other] { $cost } uses
}){ $aimed ->
    [yes] , at { $target }
   *[no] {""}
}
ev-rules-reaction_spell_cast = { $name } casts { $spell } with the Reaction: { $bonus } to Armor Class

## h-leaks
dnd-order-always = always
dnd-order-never = never
dnd-order-ask = ask the Referee
ev-rules-standing_orders_set-orders = Standing orders for { $name }: opportunity attacks: { $oa }; reaction spells: { $spells }; legendary actions: { $legendary }
ev-rules-ready_taken-masked = { $name } takes a readied action: { $response }{ $aimed ->
    [yes] , at { $target }
   *[no] {""}
}
dnd-response-attack-unseen = an attack
ev-rules-hide_seen_through = { $any ->
    [yes] { $name }’s Hide does not fool: { $names }
   *[no] Nobody sees through { $name }’s Hide any more
}
## h-dndquery
dnd-move-preview-cost = This path costs { $cost } ft of movement
dnd-move-preview-left = { $left } ft left after it
dnd-move-preview-refused = not allowed: { $reason }
dnd-move-preview-wait = Counting the path…
dnd-odds-attack = Hit { $hit } % · Critical Hit { $critical } % · expected damage { $damage }
dnd-odds-attack-exact = Exactly: hit { $hit }, Critical Hit { $critical }, expected damage { $damage }
dnd-odds-bands = You do not know the target's Armor Class: the odds for each one
dnd-odds-band-ac = Armor Class
dnd-odds-band-hit = Hit
dnd-odds-band-critical = Critical Hit
dnd-odds-band-damage = Damage
## h-fcweb
dnd-forecast-heading = Fight forecast
dnd-forecast-hint = Plays the fight forward many times with the table's rules, on the server; nothing is logged and only you, the Dungeon Master, see it.
dnd-forecast-runs = Runs
dnd-forecast-button = Forecast
dnd-forecast-running = Playing { $count ->
    [one] { $count } run
   *[other] { $count } runs
}…
dnd-forecast-title = Forecast: who wins the fight
dnd-forecast-note = { $count ->
    [one] { $count } run
   *[other] { $count } runs
}, seed { $seed }, policy { $policy }
dnd-forecast-side-characters = Characters
dnd-forecast-side-monsters = Monsters
dnd-forecast-draw = Nobody (round limit)
dnd-forecast-creatures = Each creature's chances
dnd-forecast-m-dies = Dies
dnd-forecast-m-knocked_out = Ends the fight down
dnd-forecast-m-drops_to_0_hp = Drops to 0 hit points
dnd-forecast-hp-left = { $name }: hit points left
dnd-forecast-rounds = Rounds the fight lasts
dnd-forecast-round = Rounds
dnd-forecast-close = Hide the forecast
dnd-forecast-policy-tactical = tactical
dnd-forecast-policy-defaults = the offered defaults
## h-vision
dnd-mode-search = Search
dnd-mode-light = Light
dnd-search-pick = Pick the square where { $name } searches (a Wisdom (Perception) check)
dnd-obscured-lightly = lightly obscured
dnd-obscured-heavily = heavily obscured
dnd-light-ambient = Light everywhere else
dnd-light-brush = Paint
dnd-light-hint = Pick squares on the grid to paint them; a torch placed twice on a square goes out.
dnd-light-bright = Bright Light
dnd-light-dim = Dim Light
dnd-light-darkness = Darkness
dnd-brush-bright = Bright Light
dnd-brush-dim = Dim Light
dnd-brush-darkness = Darkness
dnd-brush-lightly = Lightly Obscured (mist, foliage)
dnd-brush-heavily = Heavily Obscured (fog, dense foliage)
dnd-brush-torch = Torch (20 ft bright, 20 ft dim)
dnd-brush-clear = Clear the square
ev-rules-light_set = The light changes: { $ambient } elsewhere; squares set: { $squares }; light sources: { $sources }
ev-rules-searched = { $name } searches { $at }{ $known ->
    [yes] : { $total }{ $disadvantage ->
        [yes] {" "}(Disadvantage: Lightly Obscured)
       *[no] {""}
    }
   *[no] {""}
} — { $count ->
    [0] nothing found
   *[other] found { $names }
}
ev-rules-searched-blind = { $name } cannot see into { $at }: the search finds nothing

## shell log: kinds of windows and effects
window-kind-opportunity_attack = an Opportunity Attack
window-kind-readied_trigger = a readied action
window-kind-legendary_actions = Legendary Actions
window-kind-reaction_spell = a reaction spell
window-kind-counter_spell = a spell that stops a spell
effect-kind-dnd2024-concentration = Concentration
effect-kind-dnd2024-condition = a condition

## h-sight
ev-rules-creature_in_view = { $name } comes into sight at { $at }: { $state }
ev-rules-creature_out_of_view = { $name } is out of sight
ev-rules-moved-seen = { $name } is seen moving to { $at }
dnd-brush-magical = Magical Darkness (Darkvision fails)
dnd-magical-darkness = magical Darkness
dnd-magical-darkness-mark = M

## h-dndair
dnd-height = { $feet } ft up
dnd-height-now = { $name } is { $feet } ft up in the air
dnd-jump-long = Long jump (pick the landing square)
dnd-jump-long-to = Long jump to { $at }
dnd-jump-high-ft = High jump, ft
dnd-jump-high = High jump
dnd-jump-hint = A jump spends a foot of movement per foot; walk 10 ft just before for a running jump.
dnd-fly-height = Height, ft
dnd-fly-send = Fly to this height
ev-rules-jumped = { $name } { $running ->
    [yes] takes a running long jump
   *[no] takes a standing long jump
} of { $feet } ft{ $hit ->
    [yes] {""}, hits the obstacle and stays put
   *[no] {""} to { $at }
}
ev-rules-jumped-high = { $name } jumps { $feet } ft high{ $reaches ->
    [yes] {""}, reaching { $reach } ft
   *[no] {""}
}
ev-rules-flew = { $name } flies to { $feet ->
    [0] the ground
   *[other] { $feet } ft up
} ({ $spent } ft of movement)
ev-rules-fell = { $name } falls { $feet } ft{ $water ->
    [yes] {""} into water
   *[no] {""}
}: { $dice ->
    [0] no damage
   *[other] { $dice }d6 Bludgeoning
}{ $cause ->
    [cannot_fly] {""} (it could not stay in the air)
    [dead] {""} (dead)
   *[other] {""}
}
ev-rules-breath_held = { $name } holds their breath: { $rounds } rounds
ev-rules-out_of_breath = { $name } is out of breath and suffocating
effect-kind-dnd2024-held_breath = a held breath
effect-kind-dnd2024-suffocating = suffocation
dnd-height-mark = ↑{ $feet }

## h-dndturns
dnd-spell-slot-kept = ; the level { $level } spell slot is not spent
dnd-move-how = Moving by
dnd-move-how-walk = walking
dnd-move-how-climb = climbing
dnd-move-how-swim = swimming

## main-hazards
ev-rules-fire = { $burning ->
    [true] { $name } catches fire
   *[other] { $name }'s fire goes out{ $how ->
        [rolled] {""}: rolled out on the ground
        [doused] {""}: doused
        [submerged] {""}: under water
        [smothered] {""}: smothered
       *[other] {""}
    }
}
ev-rules-day_ended = { $name }'s day of food and water: { $dehydrated ->
    [true] too little water (a level of Exhaustion)
   *[other] water enough
}; { $hunger ->
    [save] too little food, Constitution save { $saved ->
        [true] made
       *[other] failed (a level of Exhaustion)
    }
    [exhaustion] no food for { $days_without_food ->
        [one] { $days_without_food } day
       *[other] { $days_without_food } days
    } (a level of Exhaustion)
   *[other] food enough{ $days_without_food ->
        [0] {""}
        [one] {""}, but nothing eaten ({ $days_without_food } day)
       *[other] {""}, but nothing eaten ({ $days_without_food } days)
    }
}
effect-kind-dnd2024-burning = burning
dnd-roll-out-fire = Roll out the fire
dnd-set-burning = Set on fire
dnd-put-out = Put the fire out
dnd-burning = burning

## h-dndacts
dnd-dodge = Dodge
dnd-help = Help (pick a target)
dnd-help-against = Help against { $target }
dnd-unarmed = Unarmed Strike
dnd-unarmed-grapple = Grapple
dnd-unarmed-shove-push = Shove: push 5 ft
dnd-unarmed-shove-prone = Shove: knock Prone
dnd-unarmed-send = Try it
dnd-src-dodging = the target is Dodging
dnd-src-helped = Help
ev-rules-dodged = { $name } takes the Dodge action
ev-rules-helped = { $name } helps against { $target }: the next ally's attack on it has Advantage
ev-rules-helped-check = { $name } helps { $ally } with { $skill }
ev-rules-unarmed_strike_resolved = { $name } tries { $option } on { $target }: { $target } { $saved ->
    [yes] resists (a { $save } save)
   *[no] fails a { $save } save{ $pushed ->
        [yes] {""} and is pushed to { $at }
       *[no] {""}
    }
}
