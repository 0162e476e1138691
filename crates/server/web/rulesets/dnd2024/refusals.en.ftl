# D&D 2024 refusals in words (English). Loaded with a seat's first command, not with the page
# (js/i18n.js `addMessages`). Every code of `dnd2024::ruleset::REFUSAL_CODES` the shell does
# not word already (`no_combat`, `bad_config`, `unknown_rest_kind` are the shell's).

err-unknown_creature = There is no such creature
err-creature_exists = A creature with that id is already at the table
err-too_many_creatures = The table holds as many creatures as it may
err-bad_id = That id cannot be used (letters, digits, - and _, not too long)
err-bad_name = That name is empty or too long
err-list_too_long = That list is too long
err-bad_pack_creature = That creature from the pack cannot be used
err-already_revealed = The players already see that creature
err-not_your_turn = It is not that creature's turn
err-bad_initiative = That Initiative order cannot be used
err-bad_creature = That creature's sheet is not valid
err-bad_face = A die face does not fit its die
err-bad_query = That question cannot be answered
err-forecast_no_fight = A fight forecast needs a combat under way or living creatures of both sides on the grid
err-forecast_args = The forecast's arguments are malformed or out of their range
err-not_a_player = That name is not a player at this table
err-no_initiative = Roll Initiative first
err-initiative_tie = Two creatures tie on Initiative: say who goes first
err-action_spent = The action of this turn is already spent
err-bonus_action_spent = The Bonus Action of this turn is already spent
err-reaction_spent = The Reaction is already spent until the creature's next turn
err-movement_spent = Not enough movement is left this turn
err-attacks_spent = The Attack action has no attack left this turn
err-slot_spent_this_turn = A spell slot was already spent this turn
err-no_slot = No spell slot of that level is left
err-incapacitated = An Incapacitated creature cannot do that
err-unknown_attack = The creature has no attack of that name
err-out_of_reach = The target is out of reach or range
err-total_cover = The target has Total Cover
err-dead = That creature is dead
err-not_dying = That creature is not dying
err-stable = That creature is Stable
err-death_save_rolled = A Death Saving Throw was already rolled this turn
err-no_such_condition = The creature does not have that condition from that source
err-bad_escape = That escape cannot be tried
err-condition_immune = The creature is immune to that condition
err-resting = The creature is resting
err-not_resting = No rest is under way
err-rest_refused = That rest cannot be taken now
err-not_an_interruption = That does not interrupt the rest
err-no_short_rest = No Short Rest is under way
err-no_hit_dice = No Hit Point Dice are left
err-out_of_range = A number is out of its range
err-unknown_term = That term is not known
err-forbidden = The rules do not allow that
err-bad_map = That map cannot be used
err-bad_move = That move is not possible
err-not_placed = That creature is not on the map
err-bad_area = That area cannot be placed there
err-nothing_readied = That creature has nothing readied
err-bad_trigger = That trigger cannot be used
err-bad_light = That light source cannot be placed

## h-dndair
err-bad_breath = That creature is already without air

## main-hazards
err-already_burning = That creature is already burning
err-not_burning = That creature is not burning
err-bad_day = A day lists each creature once, with food and water from 0 to 10,000

## h-dndacts
err-bad_help = Help names an enemy within 5 feet, or an ally and a skill you are proficient in
