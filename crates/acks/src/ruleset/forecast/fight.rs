//! A fight played forward: the fight under way (or the combatants, begun as the Judge would
//! begin it) fought round by round by the policy, and what it left measured.
//!
//! ACKS combat has no positions: who is engaged with whom is the table's word. The policy
//! puts every combatant in the melee. Each round:
//! 1. nobody declares anything but what its morale imposes (the rules set that declaration
//!    themselves, AC-MORALE-05); the Judge rolls initiative (`roll_initiative`);
//! 2. on its count a combatant that is down and did not fall on this count, or has left the
//!    fight, ends its turn; one in full retreat withdraws its whole combat movement and ends
//!    its turn (it has fled); a prone one stands up; one in a fighting withdrawal backs off
//!    half its combat movement; then it attacks the enemy facing it — the i-th standing
//!    fighter of a side (in the fight's order) the i-th standing enemy, round robin — again
//!    and again while the rules allow (a monster's routine, cleaves), retargeting when its
//!    target drops; then it ends its turn;
//! 3. whenever the rules call for a morale roll of the monsters (a first death, half the side
//!    down, a lone monster at half its hit points: AC-MORALE-03), the Judge rolls it secretly
//!    for every monster still standing (`morale_check`, no Judge's modifier).
//!
//! A character's weapon is not on its sheet in this slice: the forecast's `weapons` names the
//! damage dice of each (default [`DEFAULT_WEAPON`]); monsters strike with their card's routine.
//! A side loses when none of its fighters stands (above 0 hp, not fallen) but those that fled.

use std::collections::BTreeMap;

use engine::TableState;
use engine::forecast::Sim;
use serde_json::{Value, json};

use super::policy::{Policy, end_turn, send, settle};
use crate::movement::Withdrawal;
use crate::ruleset::adapter::Acks;
use crate::ruleset::combat::state::{CombatState, Declaration};
use crate::ruleset::state::AcksState;

/// A fight no side has won after this many rounds ends as a draw.
pub const DEFAULT_MAX_ROUNDS: u32 = 30;
/// The most rounds a fight forecast may ask for.
pub const MAX_ROUNDS: u32 = 200;
/// A character's weapon when the forecast names none.
pub const DEFAULT_WEAPON: &str = "1d6";
/// Commands one turn may try before the combatant simply ends it.
const TRIES_PER_TURN: u32 = 24;

/// The two sides of an ACKS table: the characters and the monsters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    Characters,
    Monsters,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Characters, Side::Monsters];

    /// The side's name in a report.
    pub fn key(self) -> &'static str {
        match self {
            Side::Characters => "characters",
            Side::Monsters => "monsters",
        }
    }
}

/// Who fights, on which side, with what.
#[derive(Debug, Clone)]
pub struct Cast {
    pub fighters: Vec<Fighter>,
    /// Each character's weapon damage dice.
    pub weapons: BTreeMap<String, String>,
}

#[derive(Debug, Clone)]
pub struct Fighter {
    pub id: String,
    pub side: Side,
}

impl Cast {
    /// The fighters `ids` (the fight's own when one is under way), with the weapons given
    /// (`DEFAULT_WEAPON` for a character not named).
    pub fn new(
        state: &TableState<AcksState>,
        ids: &[String],
        weapons: &BTreeMap<String, String>,
    ) -> Cast {
        let rules = &state.rules;
        let fighters: Vec<Fighter> = ids
            .iter()
            .filter_map(|id| {
                let c = rules.creatures.get(id)?;
                Some(Fighter {
                    id: id.clone(),
                    side: if c.character().is_some() {
                        Side::Characters
                    } else {
                        Side::Monsters
                    },
                })
            })
            .collect();
        let weapons = fighters
            .iter()
            .filter(|f| f.side == Side::Characters)
            .map(|f| {
                let w = weapons
                    .get(&f.id)
                    .cloned()
                    .unwrap_or_else(|| DEFAULT_WEAPON.to_string());
                (f.id.clone(), w)
            })
            .collect();
        Cast { fighters, weapons }
    }

    /// The combatants by default: the fight's under way, else every character and every
    /// revealed monster above 0 hp.
    pub fn default_ids(state: &TableState<AcksState>) -> Vec<String> {
        let rules = &state.rules;
        match &rules.combat {
            Some(f) => f.combatants.keys().cloned().collect(),
            None => rules
                .creatures
                .values()
                .filter(|c| c.hp > 0 && c.public())
                .map(|c| c.id.clone())
                .collect(),
        }
    }

    fn standing(&self, rules: &AcksState, side: Side) -> bool {
        self.fighters
            .iter()
            .any(|f| f.side == side && standing(rules, &f.id) && !fled(rules, &f.id))
    }
}

/// Above 0 hp and not out of the fight.
fn standing(rules: &AcksState, id: &str) -> bool {
    rules
        .creatures
        .get(id)
        .is_some_and(|c| c.hp > 0 && !c.slain)
        && rules
            .combat
            .as_ref()
            .is_none_or(|f| !f.fallen.iter().any(|x| x == id))
}

/// A monster whose morale sent it into retreat (AC-MORALE-05): it has fled the fight.
fn fled(rules: &AcksState, id: &str) -> bool {
    rules
        .combat
        .as_ref()
        .and_then(|f| f.morale.get(id))
        .is_some_and(|r| crate::morale::conduct(*r).retreats)
}

/// How one run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct FightRun {
    /// The side left standing; `None`: a draw (both fell, or the round limit came).
    pub winner: Option<Side>,
    /// The rounds fought.
    pub rounds: u32,
    /// The policy found nothing the rules accept: the run stops and counts as a draw.
    pub stuck: bool,
    /// Per fighter, in the cast's order.
    pub fighters: Vec<FighterEnd>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FighterEnd {
    /// Slain outright (a helpless target killed, AC-ATK-06).
    pub dead: bool,
    /// At 0 hp or less at the end, not slain: unconscious, its fate undetermined until it is
    /// treated (the Mortal Wounds roll, AC-WOUND-01/02), which the forecast leaves unrolled.
    pub down: bool,
    /// Dropped to 0 hp or less at some point of the run.
    pub dropped_to_0: bool,
    /// Retreated on a morale result (a monster).
    pub fled: bool,
    /// Hit points left (0 when at 0 or less).
    pub hp_left: u32,
}

/// What the morale triggers read, taken before each step.
#[derive(Debug, Clone)]
pub struct Before {
    fight: Option<CombatState>,
    hp: BTreeMap<String, i32>,
}

impl Before {
    pub fn of(rules: &AcksState) -> Before {
        let hp = rules
            .combat
            .as_ref()
            .map(|f| {
                f.combatants
                    .keys()
                    .filter_map(|id| rules.creatures.get(id).map(|c| (id.clone(), c.hp)))
                    .collect()
            })
            .unwrap_or_default();
        Before {
            fight: rules.combat.clone(),
            hp,
        }
    }
}

fn is_monster(rules: &AcksState, id: &str) -> bool {
    rules
        .creatures
        .get(id)
        .is_some_and(|c| c.monster().is_some())
}

/// Whether the step from `before` to `after` called for the monsters' morale roll, and its
/// modifier (−2 when both side triggers fell together), as the rules announce it to the Judge
/// (`morale_due`, AC-MORALE-03): monsters fell at the end of a count — the side's first death,
/// or half the side now down — while some still stand; or a lone monster dropped to half its
/// hit points. The state carries no pending roll, so the forecast reads the triggers from the
/// fight as the step left it (`forecast_morale_due_matches_the_rules` checks it against the
/// rules' own announcement).
pub fn morale_due(before: &Before, after: &AcksState) -> Option<i32> {
    let (Some(was), Some(now)) = (&before.fight, &after.combat) else {
        return None;
    };
    let monsters: Vec<&String> = now
        .combatants
        .keys()
        .filter(|id| is_monster(after, id))
        .collect();
    let fallen = |f: &CombatState| f.fallen.iter().filter(|id| is_monster(after, id)).count();
    let (fallen_before, fallen_after) = (fallen(was), fallen(now));
    if fallen_after > fallen_before && fallen_after < monsters.len() {
        let half_down = fallen_after * 2 >= monsters.len() && fallen_before * 2 < monsters.len();
        let first_this_round = was.first_death_round == Some(was.round);
        let triggers = crate::morale::MoraleTriggers {
            first_death: fallen_before == 0 || (half_down && first_this_round),
            half_down,
            lone_at_half_hp: false,
        };
        if let Some(m) = triggers.roll_due() {
            return Some(m);
        }
    }
    if let [lone] = monsters.as_slice()
        && let (Some(hp_was), Some(c)) = (before.hp.get(*lone), after.creatures.get(*lone))
    {
        let half = c.max_hp / 2;
        if *hp_was > half && c.hp <= half && c.hp > 0 {
            return crate::morale::MoraleTriggers {
                first_death: false,
                half_down: false,
                lone_at_half_hp: true,
            }
            .roll_due();
        }
    }
    None
}

/// Plays one run of the fight to its end.
pub fn play(sim: &mut Sim<Acks>, cast: &Cast, policy: Policy, max_rounds: u32) -> FightRun {
    let mut memo = TurnMemo::default();
    let mut stuck = false;
    let mut winner = None;
    let mut dropped = vec![false; cast.fighters.len()];
    loop {
        let rules = &sim.state().rules;
        for (i, f) in cast.fighters.iter().enumerate() {
            dropped[i] |= rules.creatures.get(&f.id).is_some_and(|c| c.hp <= 0);
        }
        if !sim.state().core.decisions.is_empty() {
            if !settle(sim, policy) {
                stuck = true;
                break;
            }
            continue;
        }
        let characters_up = cast.standing(rules, Side::Characters);
        let monsters_up = cast.standing(rules, Side::Monsters);
        if !characters_up || !monsters_up {
            winner = match (characters_up, monsters_up) {
                (true, false) => Some(Side::Characters),
                (false, true) => Some(Side::Monsters),
                _ => None,
            };
            break;
        }
        let before = Before::of(rules);
        let progressed = match &rules.combat {
            None => {
                let ids: Vec<&String> = cast
                    .fighters
                    .iter()
                    .map(|f| &f.id)
                    .filter(|id| standing(rules, id))
                    .collect();
                send(sim, json!({"begin_combat": {"combatants": ids}}))
            }
            Some(f) if !f.initiative_rolled => {
                if f.round >= max_rounds {
                    break;
                }
                send(sim, json!({"roll_initiative": {}}))
            }
            Some(f) => match sim.state().core.clock.acting().map(str::to_string) {
                Some(who) => {
                    let round = f.round;
                    turn_step(sim, cast, &who, round, &mut memo)
                }
                None => false,
            },
        };
        if !progressed || sim.steps() >= engine::forecast::MAX_STEPS_PER_RUN {
            stuck = true;
            break;
        }
        if let Some(modifier) = morale_due(&before, &sim.state().rules) {
            judge_morale(sim, modifier);
        }
    }
    let rules = &sim.state().rules;
    let rounds = rules.combat.as_ref().map_or(0, |f| f.round);
    FightRun {
        winner,
        rounds,
        stuck,
        fighters: cast
            .fighters
            .iter()
            .zip(dropped)
            .map(|(f, dropped_to_0)| {
                let c = rules.creatures.get(&f.id);
                let dead = c.is_some_and(|c| c.slain);
                FighterEnd {
                    dead,
                    down: !dead && c.is_some_and(|c| c.hp <= 0),
                    dropped_to_0,
                    fled: fled(rules, &f.id),
                    hp_left: c.map_or(0, |c| u32::try_from(c.hp.max(0)).unwrap_or(0)),
                }
            })
            .collect(),
    }
}

/// The Judge's secret morale roll for every monster still standing (one roll each, no
/// Judge's modifier); the rules refuse one that rolls no more (victory or death, AC-MORALE-06)
/// or never rolls (AC-MORALE-02), and the forecast goes on.
fn judge_morale(sim: &mut Sim<Acks>, modifier: i32) {
    let rules = &sim.state().rules;
    let Some(fight) = &rules.combat else {
        return;
    };
    let both = modifier == crate::morale::BOTH_TRIGGERS;
    let monsters: Vec<String> = fight
        .combatants
        .keys()
        .filter(|id| is_monster(rules, id) && standing(rules, id) && !fled(rules, id))
        .cloned()
        .collect();
    for m in monsters {
        send(
            sim,
            json!({"morale_check": {"creature": m, "judge_modifier": 0, "both_triggers": both}}),
        );
    }
}

/// What the current combatant already tried this turn.
#[derive(Debug, Default)]
struct TurnMemo {
    turn: Option<(u32, String)>,
    tries: u32,
    moved: bool,
    stood: bool,
    no_attack: bool,
}

/// A combatant's combat movement: a third of its exploration speed (AC-MOVE-01), read from
/// its sheet or card.
fn combat_ft(rules: &AcksState, id: &str) -> u32 {
    match (rules.character(id), rules.card_of(id)) {
        (Some(ch), _) => ch.speed_ft / 3,
        (None, Some(card)) => card.speed_ft / 3,
        (None, None) => 0,
    }
}

/// One command of `c`'s turn (see the module docs). False when even ending the turn is
/// refused.
fn turn_step(sim: &mut Sim<Acks>, cast: &Cast, c: &str, round: u32, memo: &mut TurnMemo) -> bool {
    let key = Some((round, c.to_string()));
    if memo.turn != key {
        *memo = TurnMemo {
            turn: key,
            ..TurnMemo::default()
        };
    }
    memo.tries += 1;
    let rules = &sim.state().rules;
    let (Some(fight), Some(me)) = (&rules.combat, rules.creatures.get(c)) else {
        return end_turn(sim);
    };
    let acts = me.hp > 0 || fight.downed_this_count.iter().any(|d| d == c);
    let fallen = fight.fallen.iter().any(|f| f == c);
    if !acts || fallen || memo.tries > TRIES_PER_TURN {
        return end_turn(sim);
    }
    let mine = fight.combatants.get(c).cloned().unwrap_or_default();
    let retreat = mine.declaration == Some(Declaration::FullRetreat)
        || mine.withdrawal == Some(Withdrawal::FullRetreat);
    let combat = combat_ft(rules, c);
    if retreat {
        if !memo.moved && combat > 0 {
            memo.moved = true;
            let cmd = json!({"move": {"creature": c, "kind": "withdraw", "feet": combat,
                "engaged": true}});
            if send(sim, cmd) {
                return true;
            }
        }
        return end_turn(sim);
    }
    if mine.prone && !memo.stood {
        memo.stood = true;
        if send(
            sim,
            json!({"move": {"creature": c, "kind": "stand", "feet": 0}}),
        ) {
            return true;
        }
    }
    if mine.declaration == Some(Declaration::FightingWithdrawal) && !memo.moved && combat >= 2 {
        memo.moved = true;
        let cmd = json!({"move": {"creature": c, "kind": "withdraw", "feet": combat / 2,
            "engaged": true}});
        if send(sim, cmd) {
            return true;
        }
    }
    if !memo.no_attack {
        let rules = &sim.state().rules;
        if let Some(target) = facing(rules, cast, c) {
            let mut attack = json!({"attacker": c, "target": target});
            if let Some(w) = cast.weapons.get(c) {
                attack["weapon"] = json!(w);
            }
            if send(sim, json!({ "attack": attack })) {
                return true;
            }
        }
        memo.no_attack = true;
    }
    end_turn(sim)
}

/// The enemy facing `c`: its place among its side's standing fighters, round robin over the
/// standing enemies that have not fled.
fn facing(rules: &AcksState, cast: &Cast, c: &str) -> Option<String> {
    let me = cast.fighters.iter().find(|f| f.id == c)?;
    let up = |f: &&Fighter| standing(rules, &f.id) && !fled(rules, &f.id);
    let friends: Vec<&Fighter> = cast
        .fighters
        .iter()
        .filter(|f| f.side == me.side)
        .filter(up)
        .collect();
    let foes: Vec<&Fighter> = cast
        .fighters
        .iter()
        .filter(|f| f.side != me.side)
        .filter(up)
        .collect();
    if foes.is_empty() {
        return None;
    }
    let place = friends.iter().position(|f| f.id == c).unwrap_or(0);
    Some(foes[place % foes.len()].id.clone())
}

/// A character's weapon dice, checked as an attack reads them.
pub fn check_weapon(dice: &str) -> bool {
    dice.parse::<crate::dice_spec::DiceSpec>().is_ok()
}

/// The JSON of the weapons used, for the report.
pub fn weapons_json(cast: &Cast) -> Value {
    json!(cast.weapons)
}
