//! Conditions (checklist §4, DD-COND), with Exhaustion levels and the source of each level.

use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// The fifteen conditions (T-11).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Blinded,
    Charmed,
    Deafened,
    Exhaustion,
    Frightened,
    Grappled,
    Incapacitated,
    Invisible,
    Paralyzed,
    Petrified,
    Poisoned,
    Prone,
    Restrained,
    Stunned,
    Unconscious,
}

impl Condition {
    pub const ALL: [Condition; 15] = [
        Condition::Blinded,
        Condition::Charmed,
        Condition::Deafened,
        Condition::Exhaustion,
        Condition::Frightened,
        Condition::Grappled,
        Condition::Incapacitated,
        Condition::Invisible,
        Condition::Paralyzed,
        Condition::Petrified,
        Condition::Poisoned,
        Condition::Prone,
        Condition::Restrained,
        Condition::Stunned,
        Condition::Unconscious,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Condition::Blinded => "blinded",
            Condition::Charmed => "charmed",
            Condition::Deafened => "deafened",
            Condition::Exhaustion => "exhaustion",
            Condition::Frightened => "frightened",
            Condition::Grappled => "grappled",
            Condition::Incapacitated => "incapacitated",
            Condition::Invisible => "invisible",
            Condition::Paralyzed => "paralyzed",
            Condition::Petrified => "petrified",
            Condition::Poisoned => "poisoned",
            Condition::Prone => "prone",
            Condition::Restrained => "restrained",
            Condition::Stunned => "stunned",
            Condition::Unconscious => "unconscious",
        }
    }

    /// Parses an English condition name, case-insensitively.
    pub fn parse(name: &str) -> Result<Condition, RulesError> {
        Condition::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| RulesError::Unknown {
                what: "condition",
                got: name.to_string(),
                expected: Condition::ALL.map(|c| c.name()).join(", "),
                rule: "DD-COND-01",
            })
    }

    /// Checklist ID of the condition's entry.
    pub fn id(self) -> &'static str {
        match self {
            Condition::Blinded => "DD-COND-02",
            Condition::Charmed => "DD-COND-03",
            Condition::Deafened => "DD-COND-04",
            Condition::Exhaustion => "DD-COND-05",
            Condition::Frightened => "DD-COND-06",
            Condition::Grappled => "DD-COND-07",
            Condition::Incapacitated => "DD-COND-08",
            Condition::Invisible => "DD-COND-09",
            Condition::Paralyzed => "DD-COND-10",
            Condition::Petrified => "DD-COND-11",
            Condition::Poisoned => "DD-COND-12",
            Condition::Prone => "DD-COND-13",
            Condition::Restrained => "DD-COND-14",
            Condition::Stunned => "DD-COND-15",
            Condition::Unconscious => "DD-COND-16",
        }
    }

    /// Conditions this one includes (DD-COND-01.e).
    pub fn includes(self) -> &'static [Condition] {
        match self {
            Condition::Paralyzed | Condition::Petrified | Condition::Stunned => {
                &[Condition::Incapacitated]
            }
            Condition::Unconscious => &[Condition::Incapacitated, Condition::Prone],
            _ => &[],
        }
    }

    /// What the condition does, in our own words, one line per clause with its ID.
    pub fn description(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Condition::Blinded => vec![
                (
                    "DD-COND-02.a",
                    "Sees nothing; any ability check that relies on sight fails.",
                ),
                (
                    "DD-COND-02.b",
                    "Attacks against it roll with Advantage; its own attacks with Disadvantage.",
                ),
            ],
            Condition::Charmed => vec![
                (
                    "DD-COND-03.a",
                    "May not attack the charmer or aim harmful abilities or magic at it.",
                ),
                (
                    "DD-COND-03.b",
                    "The charmer rolls social ability checks against it with Advantage.",
                ),
            ],
            Condition::Deafened => vec![(
                "DD-COND-04.a",
                "Hears nothing; any ability check that relies on hearing fails.",
            )],
            Condition::Exhaustion => vec![
                (
                    "DD-COND-05.a",
                    "Comes in levels 1 to 6; each new instance adds a level.",
                ),
                ("DD-COND-05.b", "Reaching level 6 kills the creature."),
                ("DD-COND-05.c", "Every D20 Test it makes loses 2 per level."),
                (
                    "DD-COND-05.d",
                    "Its Speed drops by 5 feet per level, not below 0.",
                ),
                (
                    "DD-COND-05.e",
                    "A finished Long Rest takes one level away; at 0 it is gone.",
                ),
                (
                    "DD-COND-05.f",
                    "Levels from thirst, hunger or lack of air leave only by their own cure.",
                ),
            ],
            Condition::Frightened => vec![
                (
                    "DD-COND-06.a",
                    "While it can see what frightens it, its ability checks and attacks roll with Disadvantage.",
                ),
                (
                    "DD-COND-06.b",
                    "It will not move closer to that source of its own accord.",
                ),
            ],
            Condition::Grappled => vec![
                ("DD-COND-07.a", "Its Speed is 0 and nothing can raise it."),
                (
                    "DD-COND-07.b",
                    "Attacks at anyone but the grappler roll with Disadvantage.",
                ),
                (
                    "DD-COND-07.c",
                    "The grappler may haul it along, paying an extra foot per foot unless it is Tiny or two or more sizes smaller.",
                ),
            ],
            Condition::Incapacitated => vec![
                (
                    "DD-COND-08.a",
                    "Takes no actions, Bonus Actions or Reactions.",
                ),
                ("DD-COND-08.b", "Loses Concentration and cannot keep it."),
                ("DD-COND-08.c", "Cannot speak."),
                ("DD-COND-08.d", "Rolls Initiative with Disadvantage."),
                ("DD-COND-08.e", "It can still move."),
            ],
            Condition::Invisible => vec![
                ("DD-COND-09.a", "Rolls Initiative with Advantage."),
                (
                    "DD-COND-09.b",
                    "Effects that need their target seen pass it by, unless their creator can see it; its gear is hidden too.",
                ),
                (
                    "DD-COND-09.c",
                    "Attacks against it roll with Disadvantage and its attacks with Advantage, except against someone who can see it.",
                ),
            ],
            Condition::Paralyzed => vec![
                ("DD-COND-10.a", "Counts as Incapacitated."),
                ("DD-COND-10.b", "Its Speed is 0 and nothing can raise it."),
                (
                    "DD-COND-10.c",
                    "Strength and Dexterity saving throws fail automatically.",
                ),
                ("DD-COND-10.d", "Attacks against it roll with Advantage."),
                (
                    "DD-COND-10.e",
                    "A hit from an attacker within 5 feet is a Critical Hit.",
                ),
            ],
            Condition::Petrified => vec![
                ("DD-COND-11.a", "Counts as Incapacitated."),
                ("DD-COND-11.b", "Its Speed is 0 and nothing can raise it."),
                (
                    "DD-COND-11.c",
                    "Strength and Dexterity saving throws fail automatically.",
                ),
                ("DD-COND-11.d", "Attacks against it roll with Advantage."),
                ("DD-COND-11.e", "It resists all damage."),
                ("DD-COND-11.f", "It cannot be Poisoned."),
                (
                    "DD-COND-11.g",
                    "It and its ordinary gear turn to lifeless solid matter ten times as heavy, and it stops ageing.",
                ),
            ],
            Condition::Poisoned => vec![(
                "DD-COND-12.a",
                "Its attack rolls and ability checks roll with Disadvantage.",
            )],
            Condition::Prone => vec![
                (
                    "DD-COND-13.a",
                    "It can only crawl, or spend half its Speed (rounded down) to get up; with Speed 0 it cannot get up.",
                ),
                ("DD-COND-13.b", "Its attacks roll with Disadvantage."),
                (
                    "DD-COND-13.c",
                    "Attacks from within 5 feet roll with Advantage against it, from farther with Disadvantage.",
                ),
                (
                    "DD-COND-13.d",
                    "If it was flying and cannot hover, it falls.",
                ),
            ],
            Condition::Restrained => vec![
                ("DD-COND-14.a", "Its Speed is 0 and nothing can raise it."),
                (
                    "DD-COND-14.b",
                    "Attacks against it roll with Advantage; its own attacks with Disadvantage.",
                ),
                (
                    "DD-COND-14.c",
                    "Its Dexterity saving throws roll with Disadvantage.",
                ),
            ],
            Condition::Stunned => vec![
                (
                    "DD-COND-15.a",
                    "Counts as Incapacitated, yet keeps its Speed.",
                ),
                (
                    "DD-COND-15.b",
                    "Strength and Dexterity saving throws fail automatically.",
                ),
                ("DD-COND-15.c", "Attacks against it roll with Advantage."),
            ],
            Condition::Unconscious => vec![
                (
                    "DD-COND-16.a",
                    "Counts as Incapacitated and Prone and lets go of what it holds; it is still Prone when it wakes.",
                ),
                ("DD-COND-16.b", "Its Speed is 0 and nothing can raise it."),
                ("DD-COND-16.c", "Attacks against it roll with Advantage."),
                (
                    "DD-COND-16.d",
                    "Strength and Dexterity saving throws fail automatically.",
                ),
                (
                    "DD-COND-16.e",
                    "A hit from an attacker within 5 feet is a Critical Hit.",
                ),
                (
                    "DD-COND-16.f",
                    "It knows nothing of what happens around it.",
                ),
            ],
        }
    }

    /// Speed is 0 and cannot be increased (T-S15).
    pub fn zero_speed(self) -> bool {
        matches!(
            self,
            Condition::Grappled
                | Condition::Paralyzed
                | Condition::Petrified
                | Condition::Restrained
                | Condition::Unconscious
        )
    }

    /// Automatically fails Strength and Dexterity saves (T-S15).
    pub fn auto_fails_str_dex_saves(self) -> bool {
        matches!(
            self,
            Condition::Paralyzed
                | Condition::Petrified
                | Condition::Stunned
                | Condition::Unconscious
        )
    }
}

/// Where an Exhaustion level came from (DD-COND-05.f): levels from suffocation, dehydration or
/// malnutrition have their own removal rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExhaustionSource {
    Other,
    Suffocation,
    Dehydration,
    Malnutrition,
}

/// Exhaustion levels, each with its source (DD-COND-05).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exhaustion {
    levels: Vec<ExhaustionSource>,
}

/// Level at which the creature dies (DD-COND-05.b).
pub const EXHAUSTION_DEATH_LEVEL: u8 = 6;

impl Exhaustion {
    pub fn level(&self) -> u8 {
        u8::try_from(self.levels.len()).unwrap_or(u8::MAX)
    }

    pub fn sources(&self) -> &[ExhaustionSource] {
        &self.levels
    }

    /// Gains one level (DD-COND-05.a). Returns true when the creature dies (level 6,
    /// DD-COND-05.b). A dead creature gains no more.
    pub fn gain(&mut self, source: ExhaustionSource) -> bool {
        if self.level() < EXHAUSTION_DEATH_LEVEL {
            self.levels.push(source);
        }
        self.level() >= EXHAUSTION_DEATH_LEVEL
    }

    /// Penalty on every D20 Test: −2 × level (DD-COND-05.c).
    pub fn d20_penalty(&self) -> i32 {
        -2 * i32::from(self.level())
    }

    /// Speed after the −5 ft per level reduction, never below 0 (DD-COND-05.d, C.7).
    pub fn speed(&self, speed: u32) -> u32 {
        speed.saturating_sub(5 * u32::from(self.level()))
    }

    /// A finished Long Rest removes one level (DD-COND-05.e), the newest level whose source
    /// allows it: levels from dehydration or malnutrition stay until the need is met
    /// (`drank_full`, `ate_full`; DD-HAZ-02.c, DD-HAZ-03.d); suffocation levels leave when the
    /// creature breathes again (DD-HAZ-04.c) and a Long Rest may also remove one. Returns
    /// whether a level was removed.
    pub fn finish_long_rest(&mut self, drank_full: bool, ate_full: bool) -> bool {
        let pos = self.levels.iter().rposition(|s| match s {
            ExhaustionSource::Dehydration => drank_full,
            ExhaustionSource::Malnutrition => ate_full,
            ExhaustionSource::Other | ExhaustionSource::Suffocation => true,
        });
        match pos {
            Some(i) => {
                self.levels.remove(i);
                true
            }
            None => false,
        }
    }

    /// Breathing again removes every level gained from suffocation, and only those
    /// (DD-HAZ-04.c). Returns how many were removed.
    pub fn breathe_again(&mut self) -> usize {
        let before = self.levels.len();
        self.levels.retain(|s| *s != ExhaustionSource::Suffocation);
        before - self.levels.len()
    }

    /// Returning from death: one level fewer (DD-COND-05.g, DD-DMG-18.c).
    pub fn revived(&mut self) {
        self.levels.pop();
    }

    /// Sets levels directly (for a sheet being loaded), refusing more than 6.
    pub fn with_levels(levels: Vec<ExhaustionSource>) -> Result<Exhaustion, RulesError> {
        in_range(
            "exhaustion level",
            i64::try_from(levels.len()).unwrap_or(i64::MAX),
            0,
            i64::from(EXHAUSTION_DEATH_LEVEL),
            "DD-COND-05.a",
        )?;
        Ok(Exhaustion { levels })
    }
}

/// An identifier of whatever imposed a condition (a spell, a creature, a hazard).
pub type SourceId = String;

/// The conditions a creature has, tracked per source (DD-COND-01.b, Appendix C.9): a
/// condition is present while any source holds it; re-applying it changes nothing visible.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions {
    held: Vec<(Condition, SourceId)>,
    /// Conditions the creature is immune to (DD-COND-01.d).
    pub immune: Vec<Condition>,
    pub exhaustion: Exhaustion,
}

impl Conditions {
    /// Applies a condition from a source. Immunity refuses it (DD-COND-01.d); Exhaustion goes
    /// through `exhaustion.gain`. Returns whether the creature newly has the condition.
    pub fn apply(&mut self, c: Condition, source: &str) -> Result<bool, RulesError> {
        if self.immune.contains(&c) {
            return Err(RulesError::Forbidden {
                rule: "DD-COND-01.d",
                reason: format!("immune to the {} condition", c.name()),
            });
        }
        if c == Condition::Exhaustion {
            return Err(RulesError::Forbidden {
                rule: "DD-COND-05.a",
                reason: "Exhaustion is gained by level with its source (Exhaustion::gain)".into(),
            });
        }
        if c == Condition::Poisoned && self.has(Condition::Petrified) {
            return Err(RulesError::Forbidden {
                rule: "DD-COND-11.f",
                reason: "a Petrified creature is immune to the Poisoned condition".into(),
            });
        }
        let had = self.has(c);
        if !self
            .held
            .iter()
            .any(|(h, s)| *h == c && s.as_str() == source)
        {
            self.held.push((c, source.to_string()));
        }
        Ok(!had)
    }

    /// Ends one source's hold on a condition. When Unconscious ends, the creature stays Prone
    /// (DD-COND-16.a): a Prone hold is left behind under the same source.
    pub fn end(&mut self, c: Condition, source: &str) {
        let before = self.held.len();
        self.held
            .retain(|(h, s)| !(*h == c && s.as_str() == source));
        if c == Condition::Unconscious
            && before != self.held.len()
            && !self.has(Condition::Unconscious)
        {
            self.held.push((Condition::Prone, source.to_string()));
        }
    }

    /// Ends `c` from every source (an effect that ends the condition itself, such as a
    /// revival that cures it). Unconscious leaves Prone behind (DD-COND-16.a). Returns how many
    /// holds ended.
    pub fn end_every(&mut self, c: Condition) -> usize {
        let sources: Vec<SourceId> = self
            .held
            .iter()
            .filter(|(h, _)| *h == c)
            .map(|(_, s)| s.clone())
            .collect();
        for s in &sources {
            self.end(c, s);
        }
        sources.len()
    }

    /// Whether the creature has `c`, directly or included by another (DD-COND-01.e).
    pub fn has(&self, c: Condition) -> bool {
        if c == Condition::Exhaustion {
            return self.exhaustion.level() > 0;
        }
        // Petrified gives immunity to Poisoned: a Poisoned hold from before has no effect while
        // it lasts (DD-COND-11.f).
        if c == Condition::Poisoned && self.has(Condition::Petrified) {
            return false;
        }
        self.held
            .iter()
            .any(|(h, _)| *h == c || h.includes().contains(&c))
    }

    /// Distinct conditions held (not counting sources; no stacking, DD-COND-01.b).
    pub fn list(&self) -> Vec<Condition> {
        let mut out: Vec<Condition> = Condition::ALL
            .into_iter()
            .filter(|c| self.has(*c))
            .collect();
        out.dedup();
        out
    }

    /// Speed after conditions: 0 if any condition zeroes it; Exhaustion's reduction otherwise.
    pub fn speed(&self, speed: u32) -> u32 {
        if self.list().iter().any(|c| c.zero_speed()) {
            0
        } else {
            self.exhaustion.speed(speed)
        }
    }

    /// Cannot act (actions, Bonus Actions, Reactions) and cannot concentrate (DD-COND-08).
    pub fn incapacitated(&self) -> bool {
        self.has(Condition::Incapacitated)
    }

    /// Strength and Dexterity saves fail automatically.
    pub fn auto_fails_str_dex_saves(&self) -> bool {
        self.list().iter().any(|c| c.auto_fails_str_dex_saves())
    }

    /// Resistance to all damage while Petrified (DD-COND-11.e); `damage::Defences::with_conditions`
    /// applies it.
    pub fn resists_all_damage(&self) -> bool {
        self.has(Condition::Petrified)
    }

    /// The creature's weight with its conditions: Petrified turns it and its nonmagical gear to
    /// solid matter ten times as heavy (DD-COND-11.g).
    pub fn weight_lb(&self, weight_lb: u32) -> u32 {
        if self.has(Condition::Petrified) {
            weight_lb.saturating_mul(10)
        } else {
            weight_lb
        }
    }

    /// Whether the creature ages: not while Petrified (DD-COND-11.g).
    pub fn ages(&self) -> bool {
        !self.has(Condition::Petrified)
    }

    /// Whether the creature can hold anything: an Unconscious creature drops what it holds
    /// (DD-COND-16.a), so it has no free hand to lose and grips nothing.
    pub fn can_hold_items(&self) -> bool {
        !self.has(Condition::Unconscious)
    }

    /// Whether the creature is aware of its surroundings (DD-COND-16.f): not while Unconscious,
    /// so it sees no attacker (DD-VIS-10.b) and notices nothing.
    pub fn aware(&self) -> bool {
        !self.has(Condition::Unconscious)
    }

    /// Whether its worn and carried gear can be seen: hidden with it while Invisible
    /// (DD-COND-09.b).
    pub fn gear_visible(&self) -> bool {
        !self.has(Condition::Invisible)
    }

    /// Standing up from Prone costs half the Speed, rounded down; impossible at Speed 0
    /// (DD-COND-13.a). Returns the feet spent.
    pub fn stand_up_cost(&self, speed: u32) -> Result<u32, RulesError> {
        if !self.has(Condition::Prone) {
            return Err(RulesError::Forbidden {
                rule: "DD-COND-13.a",
                reason: "not Prone".into(),
            });
        }
        let s = self.speed(speed);
        if s == 0 {
            return Err(RulesError::Forbidden {
                rule: "DD-COND-13.a",
                reason: "cannot stand up with Speed 0".into(),
            });
        }
        Ok(s / 2)
    }
}

/// Whether attacks against a creature roll with Advantage (`Some(true)`), Disadvantage
/// (`Some(false)`) or neither from its conditions (T-S15), for an attacker at `distance_ft`
/// who can or cannot see it. Sources combine by DD-CORE-08 in the caller; this returns the
/// lists of sources on each side.
pub fn attack_sources_against(
    target: &Conditions,
    distance_ft: u32,
    attacker_sees_target: bool,
) -> (u32, u32) {
    let (adv, dis) = attack_sources_against_named(target, distance_ft, attacker_sees_target);
    (count(&adv), count(&dis))
}

/// The conditions behind [`attack_sources_against`], named so a table can list them: (the
/// target's conditions giving Advantage, those giving Disadvantage).
pub fn attack_sources_against_named(
    target: &Conditions,
    distance_ft: u32,
    attacker_sees_target: bool,
) -> (Vec<Condition>, Vec<Condition>) {
    let mut adv = Vec::new();
    let mut dis = Vec::new();
    for c in target.list() {
        match c {
            Condition::Blinded
            | Condition::Paralyzed
            | Condition::Petrified
            | Condition::Restrained
            | Condition::Stunned
            | Condition::Unconscious => adv.push(c),
            Condition::Prone => {
                if distance_ft <= 5 {
                    adv.push(c)
                } else {
                    dis.push(c)
                }
            }
            Condition::Invisible if !attacker_sees_target => dis.push(c),
            _ => {}
        }
    }
    (adv, dis)
}

/// A list's length as a count of sources (at most 15 conditions, so it always fits).
fn count<T>(list: &[T]) -> u32 {
    u32::try_from(list.len()).unwrap_or(u32::MAX)
}

/// Whether a hit is a Critical Hit because of the target's condition (DD-COND-10.e,
/// DD-COND-16.e, DD-CORE-19.c): Paralyzed or Unconscious and the attacker within 5 ft.
pub fn hit_is_critical(target: &Conditions, distance_ft: u32) -> bool {
    distance_ft <= 5 && (target.has(Condition::Paralyzed) || target.has(Condition::Unconscious))
}

/// Advantage and Disadvantage sources on the creature's own attack rolls from its conditions
/// (DD-COND-02.b, 06.a, 07.b, 09.c, 12.a, 13.b, 14.b). `vs_grappler`: the target is the one
/// grappling it; `fear_source_in_sight`; `target_sees_it`: the target can see it despite
/// Invisible. Returns (advantage, disadvantage).
pub fn own_attack_sources(
    c: &Conditions,
    vs_grappler: bool,
    fear_source_in_sight: bool,
    target_sees_it: bool,
) -> (u32, u32) {
    let (adv, dis) = own_attack_sources_named(c, vs_grappler, fear_source_in_sight, target_sees_it);
    (count(&adv), count(&dis))
}

/// The conditions behind [`own_attack_sources`], named: (giving Advantage, giving
/// Disadvantage).
pub fn own_attack_sources_named(
    c: &Conditions,
    vs_grappler: bool,
    fear_source_in_sight: bool,
    target_sees_it: bool,
) -> (Vec<Condition>, Vec<Condition>) {
    let mut adv = Vec::new();
    let mut dis = Vec::new();
    for cond in c.list() {
        match cond {
            Condition::Blinded | Condition::Poisoned | Condition::Prone | Condition::Restrained => {
                dis.push(cond)
            }
            Condition::Frightened if fear_source_in_sight => dis.push(cond),
            Condition::Grappled if !vs_grappler => dis.push(cond),
            Condition::Invisible if !target_sees_it => adv.push(cond),
            _ => {}
        }
    }
    (adv, dis)
}

/// Disadvantage sources on the creature's ability checks from conditions: Poisoned
/// (DD-COND-12.a) and Frightened while the source is in sight (DD-COND-06.a).
pub fn ability_check_disadvantage(c: &Conditions, fear_source_in_sight: bool) -> u32 {
    count(&ability_check_disadvantage_named(c, fear_source_in_sight))
}

/// The conditions behind [`ability_check_disadvantage`], named.
pub fn ability_check_disadvantage_named(
    c: &Conditions,
    fear_source_in_sight: bool,
) -> Vec<Condition> {
    let mut out = Vec::new();
    if c.has(Condition::Poisoned) {
        out.push(Condition::Poisoned);
    }
    if c.has(Condition::Frightened) && fear_source_in_sight {
        out.push(Condition::Frightened);
    }
    out
}

/// Whether an ability check fails automatically: one needing sight while Blinded
/// (DD-COND-02.a), one needing hearing while Deafened (DD-COND-04.a).
pub fn check_auto_fails(c: &Conditions, needs_sight: bool, needs_hearing: bool) -> bool {
    (needs_sight && c.has(Condition::Blinded)) || (needs_hearing && c.has(Condition::Deafened))
}

/// Disadvantage on Dexterity saves while Restrained (DD-COND-14.c).
pub fn dex_save_disadvantage(c: &Conditions) -> bool {
    c.has(Condition::Restrained)
}

impl Conditions {
    /// Whether the creature may attack or aim harmful effects at `target`: not if it is
    /// Charmed by that target (the charm's source is the charmer's id) (DD-COND-03.a).
    pub fn may_harm(&self, target: &str) -> bool {
        !self
            .held
            .iter()
            .any(|(c, s)| *c == Condition::Charmed && s.as_str() == target)
    }

    /// Whether `who` has Advantage on social checks against this creature: the charmer does
    /// (DD-COND-03.b).
    pub fn charmer_social_advantage(&self, who: &str) -> bool {
        !self.may_harm(who)
    }

    /// Whether the creature may willingly move closer to `source` (DD-COND-06.b): not while
    /// Frightened by it.
    pub fn may_approach(&self, source: &str) -> bool {
        !self
            .held
            .iter()
            .any(|(c, s)| *c == Condition::Frightened && s.as_str() == source)
    }
}

impl Conditions {
    /// Every (condition, source) hold, in the order applied.
    pub fn holds(&self) -> &[(Condition, SourceId)] {
        &self.held
    }

    /// Ends every condition a source imposed (its effect ended). Returns how many holds ended.
    pub fn end_all_from(&mut self, source: &str) -> usize {
        let before = self.held.len();
        self.held.retain(|(_, s)| s.as_str() != source);
        before - self.held.len()
    }

    /// Takes every hold away (set aside, or not coming back); Exhaustion stays.
    pub fn take_holds(&mut self) -> Vec<(Condition, SourceId)> {
        std::mem::take(&mut self.held)
    }

    /// Puts holds back (after being set aside).
    pub fn restore_holds(&mut self, holds: Vec<(Condition, SourceId)>) {
        for h in holds {
            if !self.held.contains(&h) {
                self.held.push(h);
            }
        }
    }

    /// The conditions in force when some sources are suppressed (an antimagic area suppresses
    /// the conditions of magical effects, DD-MAG-16.a): a copy without their holds.
    pub fn without_sources(&self, suppressed: &[&str]) -> Conditions {
        Conditions {
            held: self
                .held
                .iter()
                .filter(|(_, s)| !suppressed.contains(&s.as_str()))
                .cloned()
                .collect(),
            immune: self.immune.clone(),
            exhaustion: self.exhaustion.clone(),
        }
    }
}
