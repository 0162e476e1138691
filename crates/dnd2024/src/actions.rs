//! Actions and the turn budget (checklist §2, DD-ACT).

use crate::RulesError;
use serde::{Deserialize, Serialize};

/// The actions every creature has (DD-ACT-01.a, T-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Attack,
    Dash,
    Disengage,
    Dodge,
    Help,
    Hide,
    Influence,
    Magic,
    Ready,
    Search,
    Study,
    Utilize,
}

impl ActionKind {
    pub const ALL: [ActionKind; 12] = [
        ActionKind::Attack,
        ActionKind::Dash,
        ActionKind::Disengage,
        ActionKind::Dodge,
        ActionKind::Help,
        ActionKind::Hide,
        ActionKind::Influence,
        ActionKind::Magic,
        ActionKind::Ready,
        ActionKind::Search,
        ActionKind::Study,
        ActionKind::Utilize,
    ];
}

/// What a creature has used of its turn (DD-ACT-01..05, DD-ACT-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub speed: u32,
    pub moved: u32,
    /// Extra movement from Dash this turn.
    pub dash_bonus: u32,
    pub action_used: bool,
    pub bonus_action_used: bool,
    /// Whether a Reaction is available (restored at the start of the creature's own turn).
    pub reaction_available: bool,
    pub free_interaction_used: bool,
    pub incapacitated: bool,
    /// Disengage taken: no Opportunity Attacks this turn (DD-ACT-07.a).
    pub disengaged: bool,
    /// Attack rolls made with this turn's Attack action (DD-ACT-05.a).
    pub attacks_made: u8,
    /// The turn's action is the Attack action (DD-ACT-05).
    pub attack_action: bool,
    /// Weapons equipped or unequipped as part of the Attack action, one per attack
    /// (DD-ACT-05.b).
    pub weapon_handlings: u8,
    /// A readied response waiting for its trigger (DD-ACT-13); it lapses when the creature's
    /// next turn starts (`next_turn`).
    pub readied: Option<ReadiedResponse>,
}

/// Talking on one's turn (DD-ACT-02.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Communication {
    /// A few words or a gesture: free.
    Brief,
    /// A longer exchange (persuading, negotiating): takes the action (Influence).
    Extended,
}

/// What a Ready action holds until its trigger (DD-ACT-13.b/d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadiedResponse {
    /// One action, taken with the Reaction.
    Action(ActionKind),
    /// Moving up to this many feet (at most the creature's Speed).
    Move { feet: u32 },
    /// A spell cast on the ready turn and held with Concentration (DD-ACT-13.d).
    Spell,
}

/// What the creature does when its readied trigger happens (DD-ACT-13.c): its choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerChoice {
    Respond,
    Ignore,
}

/// What was left unused when a turn ended (DD-ACT-02.e: doing nothing is a legal turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnSummary {
    pub movement_unused: u32,
    pub action_unused: bool,
    pub bonus_action_unused: bool,
    pub reaction_available: bool,
}

fn refuse<T>(rule: &'static str, reason: &str) -> Result<T, RulesError> {
    Err(RulesError::Forbidden {
        rule,
        reason: reason.into(),
    })
}

impl Turn {
    /// Starts a turn with a Speed; the Reaction comes back (DD-ACT-04.b).
    pub fn start(speed: u32, incapacitated: bool) -> Turn {
        Turn {
            speed,
            reaction_available: true,
            incapacitated,
            ..Turn::default()
        }
    }

    /// Movement left this turn.
    pub fn movement_left(&self) -> u32 {
        (self.speed + self.dash_bonus).saturating_sub(self.moved)
    }

    /// Moves, before or after or between attacks (DD-ACT-02.a/b, DD-ACT-05.c).
    pub fn move_ft(&mut self, feet: u32) -> Result<(), RulesError> {
        if feet > self.movement_left() {
            return refuse("DD-ACT-02.a", "not enough movement left this turn");
        }
        self.moved += feet;
        Ok(())
    }

    /// Moves `feet` in a way of moving (DD-MOVE-02.a): each foot costs `cost_per_foot` from the
    /// same budget, so walking, climbing, swimming and crawling mix in one move. Returns the
    /// movement spent.
    pub fn move_as(
        &mut self,
        feet: u32,
        mode: crate::movement::MoveMode,
        difficult: bool,
        has_special_speed: bool,
        opts: &crate::Interpretations,
    ) -> Result<u32, RulesError> {
        let cost = feet * crate::movement::cost_per_foot(mode, difficult, has_special_speed, opts);
        self.move_ft(cost)?;
        Ok(cost)
    }

    /// Jumps `feet` (DD-MOVE-08.b, DD-MOVE-09.b): at most the jump's distance or height, and each
    /// foot jumped costs a foot of movement.
    pub fn jump_ft(&mut self, feet: u32, max_ft: u32) -> Result<(), RulesError> {
        if feet > max_ft {
            return refuse(
                "DD-MOVE-08.a",
                &format!("this jump reaches {max_ft} ft, not {feet}"),
            );
        }
        self.move_ft(feet)
    }

    /// Takes the one action of the turn (DD-ACT-01.a, DD-ACT-01.c); Incapacitated creatures
    /// take none (DD-COND-08.a). Dash adds the current Speed (DD-ACT-06.a); Disengage stops
    /// Opportunity Attacks this turn (DD-ACT-07.a).
    pub fn take_action(&mut self, kind: ActionKind) -> Result<(), RulesError> {
        if self.incapacitated {
            return refuse("DD-COND-08.a", "an Incapacitated creature takes no actions");
        }
        if self.action_used {
            return refuse("DD-ACT-01.a", "one action per turn");
        }
        self.action_used = true;
        match kind {
            ActionKind::Attack => self.attack_action = true,
            ActionKind::Dash => self.dash_bonus += self.speed,
            ActionKind::Disengage => self.disengaged = true,
            _ => {}
        }
        Ok(())
    }

    /// A Bonus Action, only when a rule grants one, at most one per turn (DD-ACT-03.a/b/d).
    pub fn take_bonus_action(&mut self, granted: bool) -> Result<(), RulesError> {
        if self.incapacitated {
            return refuse(
                "DD-ACT-03.d",
                "an Incapacitated creature takes no Bonus Actions",
            );
        }
        if !granted {
            return refuse("DD-ACT-03.a", "no rule grants a Bonus Action here");
        }
        if self.bonus_action_used {
            return refuse("DD-ACT-03.b", "one Bonus Action per turn");
        }
        self.bonus_action_used = true;
        Ok(())
    }

    /// Takes the Reaction; none again until the start of the creature's next turn
    /// (DD-ACT-04.b).
    pub fn take_reaction(&mut self) -> Result<(), RulesError> {
        if self.incapacitated {
            return refuse(
                "DD-COND-08.a",
                "an Incapacitated creature takes no Reactions",
            );
        }
        if !self.reaction_available {
            return refuse("DD-ACT-04.b", "the Reaction was already used this round");
        }
        self.reaction_available = false;
        Ok(())
    }

    /// Makes one attack roll of the Attack action (DD-ACT-05.a): the first takes the action,
    /// later ones need the action to give more attacks, which the override layer says (1 by
    /// the general rule; Extra Attack raises it, DD-CORE-20.a). Returns the attack's number.
    pub fn attack(&mut self, ex: &crate::exceptions::Exceptions) -> Result<u8, RulesError> {
        let allowed = ex.number(crate::exceptions::RuleKey::AttacksPerAttackAction)?;
        if !self.attack_action {
            self.take_action(ActionKind::Attack)?;
        } else if i64::from(self.attacks_made) >= allowed {
            return refuse(
                "DD-ACT-05.a",
                &format!("this Attack action gives {allowed} attack(s), all made"),
            );
        }
        self.attacks_made += 1;
        Ok(self.attacks_made)
    }

    /// Speaks or gestures (DD-ACT-02.c): brief speech is free; extended communication takes
    /// the action (Influence). An Incapacitated creature cannot speak (DD-COND-08.c).
    /// Returns whether the action was spent.
    pub fn communicate(&mut self, how: Communication) -> Result<bool, RulesError> {
        if self.incapacitated {
            return refuse("DD-COND-08.c", "an Incapacitated creature cannot speak");
        }
        match how {
            Communication::Brief => Ok(false),
            Communication::Extended => {
                if self.action_used {
                    return refuse(
                        "DD-ACT-02.c",
                        "extended communication takes the action, already used this turn",
                    );
                }
                self.take_action(ActionKind::Influence)?;
                Ok(true)
            }
        }
    }

    /// Ends the turn. Nothing has to be used first: a creature may do nothing on its turn
    /// (DD-ACT-02.e). Returns what was left unused.
    pub fn end(&self) -> TurnSummary {
        TurnSummary {
            movement_unused: self.movement_left(),
            action_unused: !self.action_used,
            bonus_action_unused: !self.bonus_action_used,
            reaction_available: self.reaction_available,
        }
    }

    /// Takes the Ready action (DD-ACT-13.a/b): on the creature's own turn, it spends the
    /// action; the trigger must be something the creature can perceive; the response is one
    /// action or a move of at most its Speed. A spell is readied with `ready_spell`, which
    /// casts it now and spends its slot (DD-ACT-13.d). A refusal changes nothing.
    pub fn ready(
        &mut self,
        trigger_perceivable: bool,
        response: ReadiedResponse,
    ) -> Result<(), RulesError> {
        if !trigger_perceivable {
            return refuse(
                "DD-ACT-13.b",
                "the trigger must be something the creature can see, hear or otherwise sense",
            );
        }
        match response {
            ReadiedResponse::Move { feet } if feet > self.speed => {
                return refuse(
                    "DD-ACT-13.b",
                    &format!(
                        "a readied move goes at most the creature's Speed ({} ft)",
                        self.speed
                    ),
                );
            }
            ReadiedResponse::Action(ActionKind::Ready) => {
                return refuse(
                    "DD-ACT-13.b",
                    "the readied response cannot be another Ready",
                );
            }
            ReadiedResponse::Spell => {
                return refuse(
                    "DD-ACT-13.d",
                    "a spell is readied with Turn::ready_spell, which casts it and spends its slot now",
                );
            }
            _ => {}
        }
        self.take_action(ActionKind::Ready)?;
        self.readied = Some(response);
        Ok(())
    }

    /// The readied trigger happens (DD-ACT-13.c), on anyone's turn: responding takes the
    /// Reaction right after the trigger and returns the response; ignoring it keeps the
    /// response ready for a later trigger before the creature's next turn. Refused when
    /// nothing is readied (it lapsed or was used) or the Reaction is spent.
    pub fn trigger_readied(
        &mut self,
        choice: TriggerChoice,
    ) -> Result<Option<ReadiedResponse>, RulesError> {
        let Some(response) = self.readied else {
            return refuse(
                "DD-ACT-13.c",
                "nothing is readied (a readied response lapses when its creature's next turn starts)",
            );
        };
        match choice {
            TriggerChoice::Ignore => Ok(None),
            TriggerChoice::Respond => {
                self.take_reaction()?;
                self.readied = None;
                Ok(Some(response))
            }
        }
    }

    /// Readies a spell (DD-ACT-13.d): only one whose casting time is one action; it is cast now,
    /// so its slot is spent now (DD-MAG-03.a, one per turn DD-MAG-04.a), and it is held with
    /// Concentration (replacing any other, DD-MAG-09.b) until released by the Reaction or lost.
    /// Takes the Ready action. Returns the cast and the Concentration effect that ended, if
    /// any. A refusal changes nothing (no slot, no action).
    #[allow(clippy::too_many_arguments)]
    pub fn ready_spell(
        &mut self,
        trigger_perceivable: bool,
        casting_time: crate::magic::CastingTime,
        slots: &mut crate::magic::SpellSlots,
        casting: crate::magic::Casting,
        concentration: &mut crate::magic::Concentration,
        spell: &str,
    ) -> Result<(crate::magic::Cast, Option<String>), RulesError> {
        if !trigger_perceivable {
            return refuse(
                "DD-ACT-13.b",
                "the trigger must be something the creature can see, hear or otherwise sense",
            );
        }
        ready_spell(casting_time == crate::magic::CastingTime::Action)?;
        let mut trial = *self;
        trial.take_action(ActionKind::Ready)?;
        let cast = slots.cast(casting)?;
        let ended = concentration.start(spell, false)?;
        trial.readied = Some(ReadiedResponse::Spell);
        *self = trial;
        Ok((cast, ended))
    }

    /// Casts a spell on this turn by its casting time (DD-MAG-05.a): one action is the Magic
    /// action (DD-ACT-12.a), a Bonus Action needs the spell to grant it, a Reaction uses the
    /// Reaction; 1 minute or more goes through `magic::long_casting` (DD-ACT-12.b) and is
    /// refused here. The slot rules apply (DD-MAG-03.a, DD-MAG-04.a). A refusal changes
    /// nothing.
    pub fn cast_spell(
        &mut self,
        casting_time: crate::magic::CastingTime,
        slots: &mut crate::magic::SpellSlots,
        casting: crate::magic::Casting,
    ) -> Result<crate::magic::Cast, RulesError> {
        use crate::magic::CastingTime;
        let mut trial = *self;
        match casting_time {
            CastingTime::Action => trial.take_action(ActionKind::Magic)?,
            CastingTime::BonusAction => trial.take_bonus_action(true)?,
            CastingTime::Reaction => trial.take_reaction()?,
            CastingTime::Minutes(_) => {
                return refuse(
                    "DD-ACT-12.b",
                    "a casting time of 1 minute or more takes the Magic action every turn (magic::long_casting)",
                );
            }
        }
        let cast = slots.cast(casting)?;
        *self = trial;
        Ok(cast)
    }

    /// Uses a magic item or feature that needs the Magic action (DD-ACT-12.a).
    pub fn use_magic_item(&mut self) -> Result<(), RulesError> {
        self.take_action(ActionKind::Magic)
    }

    /// Equips or unequips one weapon as part of the Attack action (DD-ACT-05.b): one per attack
    /// the action gives, before or after that attack. Before the first attack this commits the
    /// turn's action to Attack. Refused once the action went to something else (use the free
    /// object interaction, `interact`).
    pub fn handle_weapon(&mut self, ex: &crate::exceptions::Exceptions) -> Result<(), RulesError> {
        let allowed = ex.number(crate::exceptions::RuleKey::AttacksPerAttackAction)?;
        if self.action_used && !self.attack_action {
            return refuse(
                "DD-ACT-05.b",
                "the turn's action is not the Attack action; handling a weapon is the free object interaction",
            );
        }
        if i64::from(self.weapon_handlings) >= allowed {
            return refuse(
                "DD-ACT-05.b",
                &format!(
                    "one weapon equipped or unequipped per attack; this Attack action gives {allowed}"
                ),
            );
        }
        if !self.attack_action {
            self.take_action(ActionKind::Attack)?;
        }
        self.weapon_handlings += 1;
        Ok(())
    }

    /// Takes the Dash action with the chosen speed (DD-ACT-06.a/b): the extra movement is the
    /// creature's Speed after modifiers, or a special speed it picks this time (Fly, Swim, …).
    /// Returns the extra feet.
    pub fn dash_with(
        &mut self,
        speeds: &crate::movement::Speeds,
        kind: crate::movement::SpeedKind,
    ) -> Result<u32, RulesError> {
        let extra = speeds.get(kind);
        if extra == 0 {
            return refuse(
                "DD-ACT-06.b",
                &format!("the creature has no {kind:?} speed"),
            );
        }
        let mut trial = *self;
        trial.take_action(ActionKind::Dash)?;
        trial.dash_bonus = self.dash_bonus + extra;
        *self = trial;
        Ok(extra)
    }

    /// An improvised action (DD-ACT-01.b): the GM rules whether it is possible and which D20
    /// Test, if any, it needs. Refused (nothing spent) when the GM rules it impossible; otherwise
    /// it is the turn's one action. Returns the test the GM named.
    pub fn improvise(
        &mut self,
        ruling: ImprovisedRuling,
    ) -> Result<Option<crate::core::D20TestKind>, RulesError> {
        match ruling {
            ImprovisedRuling::Impossible => refuse(
                "DD-ACT-01.b",
                "the GM rules the improvised action impossible",
            ),
            ImprovisedRuling::NoTest => {
                self.take_other_action()?;
                Ok(None)
            }
            ImprovisedRuling::Test(kind) => {
                self.take_other_action()?;
                Ok(Some(kind))
            }
        }
    }

    /// Takes the turn's one action for something other than the twelve (an action a feature
    /// grants, an escape attempt, an improvised action) (DD-ACT-01.a/c).
    pub fn take_other_action(&mut self) -> Result<(), RulesError> {
        if self.incapacitated {
            return refuse("DD-COND-08.a", "an Incapacitated creature takes no actions");
        }
        if self.action_used {
            return refuse("DD-ACT-01.c", "one action at a time, one per turn");
        }
        self.action_used = true;
        Ok(())
    }

    /// Uses an object (DD-ACT-16.a): one that needs an action to use takes the Utilize action;
    /// ordinary handling is the free interaction (a second needs Utilize, DD-ACT-02.d).
    /// Returns whether the action was spent.
    pub fn use_object(&mut self, needs_action: bool) -> Result<bool, RulesError> {
        if needs_action {
            self.take_action(ActionKind::Utilize)?;
            return Ok(true);
        }
        self.interact()
    }

    /// Study to identify an ongoing spell from its visible effects (DD-ACT-15.b): the Study
    /// action and an Intelligence (Arcana) check against DC 15. Returns whether it is
    /// identified.
    pub fn study_spell(&mut self, arcana_total: i32) -> Result<bool, RulesError> {
        self.take_action(ActionKind::Study)?;
        Ok(arcana_total >= IDENTIFY_SPELL_DC)
    }

    /// Helps a creature at 0 HP with the Help action (DD-ACT-09.c): a Wisdom (Medicine) check
    /// against DC 10 stabilizes it (DD-DMG-16.b), or wakes a knocked-out creature
    /// (DD-DMG-17.b; same DC). Returns whether the check succeeded.
    pub fn help_medicine(&mut self, medicine_total: i32) -> Result<bool, RulesError> {
        self.take_action(ActionKind::Help)?;
        Ok(medicine_total >= crate::damage::STABILIZE_DC)
    }

    /// Concentration breaks while a spell is readied: the spell is lost with no effect, its
    /// slot stays spent (DD-ACT-13.d). Returns whether a readied spell was lost.
    pub fn concentration_broken(&mut self) -> bool {
        if self.readied == Some(ReadiedResponse::Spell) {
            self.readied = None;
            true
        } else {
            false
        }
    }

    /// The creature's next turn starts: a fresh turn with its Reaction back (DD-ACT-04.b);
    /// an unused readied response lapses (DD-ACT-13.a/c) and is returned.
    pub fn next_turn(&self, speed: u32, incapacitated: bool) -> (Turn, Option<ReadiedResponse>) {
        (Turn::start(speed, incapacitated), self.readied)
    }

    /// Interacts with an object: the first is free, a second needs the Utilize action
    /// (DD-ACT-02.d, DD-ACT-16.b). Returns whether the action was spent.
    pub fn interact(&mut self) -> Result<bool, RulesError> {
        if !self.free_interaction_used {
            self.free_interaction_used = true;
            return Ok(false);
        }
        self.take_action(ActionKind::Utilize)?;
        Ok(true)
    }
}

/// The GM's ruling on an improvised action (DD-ACT-01.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImprovisedRuling {
    Impossible,
    /// Possible, no roll needed.
    NoTest,
    /// Possible, with this kind of D20 Test.
    Test(crate::core::D20TestKind),
}

/// Extra movement from Dash: the creature's Speed after all modifiers (DD-ACT-06.a).
pub fn dash_total(current_speed: u32) -> u32 {
    current_speed * 2
}

/// Dodge ends early when the creature becomes Incapacitated or its Speed drops to 0
/// (DD-ACT-08.b).
pub fn dodge_holds(incapacitated: bool, speed: u32) -> bool {
    !incapacitated && speed > 0
}

/// Dodge (DD-ACT-08.a): while it holds (`dodge_holds`), an attack against the dodger has one
/// Disadvantage source if the dodger can see the attacker. Returns the sources.
pub fn dodge_attack_disadvantage(
    dodger_sees_attacker: bool,
    dodger_incapacitated: bool,
    dodger_speed: u32,
) -> u32 {
    u32::from(dodger_sees_attacker && dodge_holds(dodger_incapacitated, dodger_speed))
}

/// Dodge (DD-ACT-08.a): while it holds, the dodger's Dexterity saves have one Advantage
/// source.
pub fn dodge_dex_save_advantage(dodger_incapacitated: bool, dodger_speed: u32) -> u32 {
    u32::from(dodge_holds(dodger_incapacitated, dodger_speed))
}

/// What a Help action assists (DD-ACT-09.a/b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HelpWith {
    /// An ally's next ability check with this skill (or tool, named by the caller).
    Check { ally: String, skill_or_tool: String },
    /// The next attack roll by any of the helper's allies against this enemy.
    Attack { enemy: String },
}

/// A Help benefit waiting to be used (DD-ACT-09.a/b): it gives Advantage once, and lapses at
/// the start of the helper's next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelpGiven {
    pub with: HelpWith,
    pub used: bool,
    pub lapsed: bool,
}

impl HelpGiven {
    /// Help with a check (DD-ACT-09.a): the helper must be proficient in the skill or tool and
    /// the GM must rule that help is possible here (`[GM]`). Takes the Help action.
    pub fn check(
        turn: &mut Turn,
        ally: &str,
        skill_or_tool: &str,
        helper_proficient: bool,
        gm: crate::GmAllows,
    ) -> Result<HelpGiven, RulesError> {
        help_check(helper_proficient)?;
        if gm == crate::GmAllows::No {
            return refuse("DD-ACT-09.a", "the GM rules that help is not possible here");
        }
        turn.take_action(ActionKind::Help)?;
        Ok(HelpGiven {
            with: HelpWith::Check {
                ally: ally.to_string(),
                skill_or_tool: skill_or_tool.to_string(),
            },
            used: false,
            lapsed: false,
        })
    }

    /// Help with an attack (DD-ACT-09.b): the enemy must be within 5 ft of the helper. Takes
    /// the Help action.
    pub fn attack(
        turn: &mut Turn,
        enemy: &str,
        enemy_distance_ft: u32,
    ) -> Result<HelpGiven, RulesError> {
        help_attack(enemy_distance_ft)?;
        turn.take_action(ActionKind::Help)?;
        Ok(HelpGiven {
            with: HelpWith::Attack {
                enemy: enemy.to_string(),
            },
            used: false,
            lapsed: false,
        })
    }

    /// Advantage sources on `ally`'s ability check with `skill_or_tool`: 1 the first time the
    /// helped ally makes that check, then the benefit is used.
    pub fn on_check(&mut self, ally: &str, skill_or_tool: &str) -> u32 {
        let fits = matches!(&self.with, HelpWith::Check { ally: a, skill_or_tool: s }
            if a == ally && s == skill_or_tool);
        self.consume(fits)
    }

    /// Advantage sources on an ally's attack roll against `enemy`: 1 for the first such attack.
    pub fn on_attack(&mut self, enemy: &str) -> u32 {
        let fits = matches!(&self.with, HelpWith::Attack { enemy: e } if e == enemy);
        self.consume(fits)
    }

    fn consume(&mut self, fits: bool) -> u32 {
        if fits && !self.used && !self.lapsed {
            self.used = true;
            1
        } else {
            0
        }
    }

    /// The helper's next turn starts: an unused benefit lapses.
    pub fn helper_turn_starts(&mut self) {
        self.lapsed = true;
    }
}

/// Hide (DD-ACT-10.a/b): needs to be out of every enemy's line of sight and Heavily Obscured
/// or behind Three-Quarters or Total Cover; then a DC 15 Dexterity (Stealth) check, whose total
/// becomes the DC to find the creature. Returns that DC on success.
pub fn hide(
    out_of_sight_of_all_enemies: bool,
    heavily_obscured_or_cover: bool,
    stealth_total: i32,
) -> Result<Option<i32>, RulesError> {
    if !out_of_sight_of_all_enemies || !heavily_obscured_or_cover {
        return refuse(
            "DD-ACT-10.a",
            "hiding needs to be out of every enemy's sight and Heavily Obscured or behind Three-Quarters or Total Cover",
        );
    }
    Ok((stealth_total >= HIDE_DC).then_some(stealth_total))
}

/// DC of the Hide check (DD-ACT-10.b).
pub const HIDE_DC: i32 = 15;

/// A creature hidden by the Hide action (DD-ACT-10): it has the Invisible condition while
/// hidden, and its Stealth total is the DC to find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hiding {
    pub find_dc: i32,
    pub hidden: bool,
}

/// A sound the hidden creature makes (DD-ACT-10.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sound {
    Whisper,
    LouderThanAWhisper,
}

impl Hiding {
    /// Tries to hide (DD-ACT-10.a/b/f): the GM first rules whether the circumstances allow
    /// hiding at all (`[GM]`); then the preconditions of `hide` and the DC 15 Stealth check.
    /// Takes the Hide action (also on a failed check). `None`: the check failed.
    pub fn attempt(
        turn: &mut Turn,
        gm: crate::GmAllows,
        out_of_sight_of_all_enemies: bool,
        heavily_obscured_or_cover: bool,
        stealth_total: i32,
    ) -> Result<Option<Hiding>, RulesError> {
        if gm == crate::GmAllows::No {
            return refuse(
                "DD-ACT-10.f",
                "the GM rules that hiding is not possible here",
            );
        }
        let found_dc = hide(
            out_of_sight_of_all_enemies,
            heavily_obscured_or_cover,
            stealth_total,
        )?;
        turn.take_action(ActionKind::Hide)?;
        Ok(found_dc.map(|find_dc| Hiding {
            find_dc,
            hidden: true,
        }))
    }

    /// The condition hiding gives (DD-ACT-10.b).
    pub fn condition(&self) -> Option<crate::conditions::Condition> {
        self.hidden
            .then_some(crate::conditions::Condition::Invisible)
    }

    /// A sound: louder than a whisper ends hiding (DD-ACT-10.c). Returns whether still hidden.
    pub fn sound(&mut self, s: Sound) -> bool {
        if s == Sound::LouderThanAWhisper {
            self.hidden = false;
        }
        self.hidden
    }

    /// An enemy's Wisdom (Perception) total against the Stealth total: finding ends hiding
    /// (DD-ACT-10.b/c). Returns whether it was found.
    pub fn search(&mut self, perception_total: i32) -> bool {
        let found = self.hidden && perception_total >= self.find_dc;
        if found {
            self.hidden = false;
        }
        found
    }

    /// Casting a spell ends hiding when it has a Verbal component (DD-ACT-10.c, DD-MAG-06.a).
    pub fn cast(&mut self, verbal: bool) -> bool {
        if verbal {
            self.hidden = false;
        }
        self.hidden
    }

    /// The hidden creature attacks: the roll has Advantage from Invisible against a target
    /// that cannot see it (DD-COND-09.c), and once the attack hits or misses its position is
    /// revealed and hiding ends (DD-ACT-10.c/d). Returns the Advantage sources.
    pub fn attack(&mut self, target_sees_it: bool) -> u32 {
        let adv = u32::from(self.hidden && !target_sees_it);
        self.hidden = false;
        adv
    }
}

/// Whether a creature knows if another creature can see it (DD-ACT-10.e): a creature that sees
/// another can tell whether that one sees it (`Some`); one that does not see it cannot tell
/// (`None`).
pub fn knows_if_seen(sees_other: bool, other_sees_it: bool) -> Option<bool> {
    sees_other.then_some(other_sees_it)
}

/// What triggers an Opportunity Attack (DD-ACT-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaveReach {
    /// Moving with its own speed, action, Bonus Action or Reaction.
    OwnMovement,
    Teleport,
    /// Shoved, hurled, falling: moved without spending its own movement or action.
    ForcedMovement,
}

/// Whether leaving reach provokes an Opportunity Attack (DD-ACT-17.a/c): the attacker must
/// see the mover and have its Reaction; the mover must leave reach by its own means and not
/// have Disengaged.
pub fn provokes_opportunity_attack(
    how: LeaveReach,
    from_ft: u32,
    to_ft: u32,
    reach_ft: u32,
    attacker_sees: bool,
    attacker_has_reaction: bool,
    mover_disengaged: bool,
) -> bool {
    how == LeaveReach::OwnMovement
        && from_ft <= reach_ft
        && to_ft > reach_ft
        && attacker_sees
        && attacker_has_reaction
        && !mover_disengaged
}

/// Takes an Opportunity Attack (DD-ACT-17, DD-ACT-04.d): every creature has this Reaction.
/// When the leaving provokes one, it costs the attacker's Reaction and is one melee attack
/// resolved just before the target leaves reach, so at `from_ft`. Returns that distance for
/// the melee attack; refused (nothing spent) when the leaving does not provoke.
#[allow(clippy::too_many_arguments)]
pub fn opportunity_attack(
    attacker: &mut Turn,
    how: LeaveReach,
    from_ft: u32,
    to_ft: u32,
    reach_ft: u32,
    attacker_sees: bool,
    mover_disengaged: bool,
) -> Result<u32, RulesError> {
    if attacker.incapacitated {
        return refuse(
            "DD-COND-08.a",
            "an Incapacitated creature takes no Reactions",
        );
    }
    if !provokes_opportunity_attack(
        how,
        from_ft,
        to_ft,
        reach_ft,
        attacker_sees,
        attacker.reaction_available,
        mover_disengaged,
    ) {
        return refuse(
            "DD-ACT-17.a",
            "no Opportunity Attack: the creature does not leave reach by its own means in sight, or the Reaction is spent",
        );
    }
    attacker.take_reaction()?;
    crate::movement::melee_in_reach(from_ft, reach_ft)?;
    Ok(from_ft)
}

/// A readied action (DD-ACT-13): a trigger and a response, lapsing at the start of the
/// creature's next turn. A readied spell must have a casting time of one action and is held
/// with Concentration (DD-ACT-13.d).
pub fn ready_spell(casting_time_is_one_action: bool) -> Result<(), RulesError> {
    if !casting_time_is_one_action {
        return refuse(
            "DD-ACT-13.d",
            "only a spell cast with one action can be readied",
        );
    }
    Ok(())
}

/// Help with an attack (DD-ACT-09.b): the enemy must be within 5 ft of the helper.
pub fn help_attack(enemy_distance_ft: u32) -> Result<(), RulesError> {
    if enemy_distance_ft > 5 {
        return refuse(
            "DD-ACT-09.b",
            "the enemy must be within 5 feet of the helper",
        );
    }
    Ok(())
}

/// Help with an ability check (DD-ACT-09.a): the helper must be proficient in the skill or
/// tool.
pub fn help_check(helper_proficient: bool) -> Result<(), RulesError> {
    if !helper_proficient {
        return refuse(
            "DD-ACT-09.a",
            "the helper must be proficient in that skill or tool",
        );
    }
    Ok(())
}

/// DC of identifying an ongoing spell with the Study action (DD-ACT-15.b).
pub const IDENTIFY_SPELL_DC: i32 = 15;

/// What a Search looks for, and the Wisdom skill that finds it (DD-ACT-14.a, T-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchFor {
    StateOfMind,
    AilmentOrCauseOfDeath,
    ConcealedCreatureOrObject,
    TracksOrFood,
}

pub fn search_skill(what: SearchFor) -> crate::core::Skill {
    use crate::core::Skill;
    match what {
        SearchFor::StateOfMind => Skill::Insight,
        SearchFor::AilmentOrCauseOfDeath => Skill::Medicine,
        SearchFor::ConcealedCreatureOrObject => Skill::Perception,
        SearchFor::TracksOrFood => Skill::Survival,
    }
}

/// A hidden object is found only when the searcher looks in the right place, whatever the
/// total (DD-ACT-14.b).
pub fn search_finds(right_place: bool, total: i32, dc: i32) -> bool {
    right_place && total >= dc
}

/// The fourteen creature types (Appendix A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CreatureType {
    Aberration,
    Beast,
    Celestial,
    Construct,
    Dragon,
    Elemental,
    Fey,
    Fiend,
    Giant,
    Humanoid,
    Monstrosity,
    Ooze,
    Plant,
    Undead,
}

impl CreatureType {
    pub const ALL: [CreatureType; 14] = [
        CreatureType::Aberration,
        CreatureType::Beast,
        CreatureType::Celestial,
        CreatureType::Construct,
        CreatureType::Dragon,
        CreatureType::Elemental,
        CreatureType::Fey,
        CreatureType::Fiend,
        CreatureType::Giant,
        CreatureType::Humanoid,
        CreatureType::Monstrosity,
        CreatureType::Ooze,
        CreatureType::Plant,
        CreatureType::Undead,
    ];

    /// The Intelligence skill a Study of this creature type uses (DD-ACT-15.a, T-04).
    pub fn study_skill(self) -> crate::core::Skill {
        use crate::core::Skill;
        use CreatureType::*;
        match self {
            Aberration | Construct | Elemental | Fey | Monstrosity => Skill::Arcana,
            Giant | Humanoid => Skill::History,
            Beast | Dragon | Ooze | Plant => Skill::Nature,
            Celestial | Fiend | Undead => Skill::Religion,
        }
    }
}
