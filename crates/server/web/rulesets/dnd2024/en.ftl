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

ev-rules-creature_set = { $name }: the sheet changed
ev-rules-creature_seen = { $name } changed
ev-rules-creature_revealed = { $name } comes into view
ev-rules-test_rolled = { $name } rolls a D20 Test: { $total } — { $success ->
    [yes] success
   *[no] failure
}
ev-rules-test_rolled-secret = { $name } rolls a D20 Test

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
