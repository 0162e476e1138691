//! Actions and the turn budget (checklist §2, DD-ACT).

use crate::RulesError;
use serde::{Deserialize, Serialize};

/// The actions every creature has (DD-ACT-01.a, T-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
        if self.attacks_made == 0 {
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
    /// action, a move of at most its Speed, or a spell whose casting time is one action
    /// (DD-ACT-13.d, `spell_casting_time_one_action`). A refusal changes nothing.
    pub fn ready(
        &mut self,
        trigger_perceivable: bool,
        response: ReadiedResponse,
        spell_casting_time_one_action: bool,
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
            ReadiedResponse::Spell => ready_spell(spell_casting_time_one_action)?,
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

/// Extra movement from Dash: the creature's Speed after all modifiers (DD-ACT-06.a).
pub fn dash_total(current_speed: u32) -> u32 {
    current_speed * 2
}

/// Dodge ends early when the creature becomes Incapacitated or its Speed drops to 0
/// (DD-ACT-08.b).
pub fn dodge_holds(incapacitated: bool, speed: u32) -> bool {
    !incapacitated && speed > 0
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

/// What ends hiding (DD-ACT-10.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HideBreaker {
    LoudSound,
    Found,
    AttackRoll,
    VerbalSpell,
}

/// Every listed event ends hiding (DD-ACT-10.c); a whisper does not.
pub fn ends_hiding(_event: HideBreaker) -> bool {
    true
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
