//! Hit points, damage, healing and death (checklist §10, DD-DMG).

use crate::options::Interpretations;
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// The thirteen damage types (DD-DMG-03.a, T-08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DamageType {
    Acid,
    Bludgeoning,
    Cold,
    Fire,
    Force,
    Lightning,
    Necrotic,
    Piercing,
    Poison,
    Psychic,
    Radiant,
    Slashing,
    Thunder,
}

impl DamageType {
    pub const ALL: [DamageType; 13] = [
        DamageType::Acid,
        DamageType::Bludgeoning,
        DamageType::Cold,
        DamageType::Fire,
        DamageType::Force,
        DamageType::Lightning,
        DamageType::Necrotic,
        DamageType::Piercing,
        DamageType::Poison,
        DamageType::Psychic,
        DamageType::Radiant,
        DamageType::Slashing,
        DamageType::Thunder,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DamageType::Acid => "acid",
            DamageType::Bludgeoning => "bludgeoning",
            DamageType::Cold => "cold",
            DamageType::Fire => "fire",
            DamageType::Force => "force",
            DamageType::Lightning => "lightning",
            DamageType::Necrotic => "necrotic",
            DamageType::Piercing => "piercing",
            DamageType::Poison => "poison",
            DamageType::Psychic => "psychic",
            DamageType::Radiant => "radiant",
            DamageType::Slashing => "slashing",
            DamageType::Thunder => "thunder",
        }
    }

    /// Parses an English type name, case-insensitively; unknown names are refused with the
    /// list of the thirteen (DD-DMG-03.a).
    pub fn parse(name: &str) -> Result<DamageType, RulesError> {
        DamageType::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| RulesError::Unknown {
                what: "damage type",
                got: name.to_string(),
                expected: DamageType::ALL.map(|t| t.name()).join(", "),
                rule: "DD-DMG-03.a",
            })
    }
}

/// How a creature's defences meet one damage instance. Several sources of the same defence
/// count once (DD-DMG-04.b, DD-DMG-05.a), so these are flags, not counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Defences {
    pub resistance: bool,
    pub vulnerability: bool,
    pub immunity: bool,
    /// Flat modifiers applied first (negative reduces damage, e.g. an aura's −5).
    pub flat: i32,
    /// Damage threshold (DD-DMG-08), 0 for none.
    pub threshold: u32,
}

impl Defences {
    /// Adds what the creature's conditions give: Resistance to all damage while Petrified
    /// (DD-COND-11.e).
    pub fn with_conditions(mut self, c: &crate::conditions::Conditions) -> Defences {
        self.resistance |= c.resists_all_damage();
        self
    }

    /// Adds what the surroundings give: underwater everything has Resistance to Fire damage
    /// (DD-CBT-13.c).
    pub fn underwater(mut self, underwater: bool, t: DamageType) -> Defences {
        self.resistance |= underwater && t == DamageType::Fire;
        self
    }
}

/// Final damage of one instance, in the order of DD-DMG-07.a: immunity → 0; (1) flat
/// bonuses and penalties (never below 0, DD-DMG-02.b); (2) Resistance halves, rounding down
/// (DD-DMG-04.a); (3) Vulnerability doubles (DD-DMG-05.a); then a damage threshold ignores an
/// instance below it and lets one at or above it through in full (DD-DMG-08.a), compared
/// after the adjustments by default (Appendix C.5).
pub fn adjust_damage(amount: u32, defences: &Defences, opts: &Interpretations) -> u32 {
    if defences.immunity {
        return 0;
    }
    let raw = amount;
    let mut d = (i64::from(amount) + i64::from(defences.flat)).max(0);
    if defences.resistance {
        d = crate::div_floor(d, 2);
    }
    if defences.vulnerability {
        d *= 2;
    }
    let d = u32::try_from(d).unwrap_or(u32::MAX);
    let compared = if opts.threshold_after_adjustments {
        d
    } else {
        raw
    };
    if compared < defences.threshold { 0 } else { d }
}

/// Hit points of a creature: current within [0, max] (DD-DMG-01.a) and Temporary HP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitPoints {
    pub current: u32,
    pub max: u32,
    pub temp: u32,
}

/// Who the creature is for the 0-HP rules (DD-DMG-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZeroHpRule {
    /// A player character, or a monster the GM treats like one: Unconscious and death saves.
    Character,
    /// A monster: dies at 0 HP (DD-DMG-12.a).
    Monster,
}

/// What one damage instance did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageReport {
    pub absorbed_by_temp: u32,
    pub hp_lost: u32,
    /// Damage left after HP reached 0 (massive-damage comparison, DD-DMG-13.a).
    pub overflow: u32,
    pub dropped_to_zero: bool,
    pub dies: bool,
    /// Death-save failures added (damage at 0 HP, DD-DMG-15.a).
    pub death_save_failures: u8,
}

impl HitPoints {
    pub fn new(max: u32) -> HitPoints {
        HitPoints {
            current: max,
            max,
            temp: 0,
        }
    }

    /// Bloodied while current HP ≤ half the maximum (DD-DMG-11.a).
    pub fn bloodied(&self) -> bool {
        u64::from(self.current) * 2 <= u64::from(self.max)
    }

    /// Applies one damage instance (already adjusted by `adjust_damage`): Temporary HP first,
    /// the rest to HP (DD-DMG-10.a); massive damage kills a character outright when the
    /// overflow is at least the maximum (DD-DMG-13.a); a monster dies at 0 (DD-DMG-12.a);
    /// damage at 0 HP adds one death-save failure, two on a Critical Hit, and kills outright
    /// if it is at least the maximum (DD-DMG-15.a/b). Damage wholly absorbed by Temporary HP
    /// at 0 HP adds no failure by default (Appendix C.10).
    pub fn take_damage(
        &mut self,
        amount: u32,
        critical: bool,
        who: ZeroHpRule,
        opts: &Interpretations,
    ) -> DamageReport {
        let absorbed = amount.min(self.temp);
        self.temp -= absorbed;
        let rest = amount - absorbed;
        let was_zero = self.current == 0;
        let hp_lost = rest.min(self.current);
        self.current -= hp_lost;
        let overflow = rest - hp_lost;
        let mut report = DamageReport {
            absorbed_by_temp: absorbed,
            hp_lost,
            overflow,
            dropped_to_zero: !was_zero && self.current == 0,
            dies: false,
            death_save_failures: 0,
        };
        if was_zero {
            let reaches_hp = rest > 0 || !opts.temp_hp_absorbed_damage_at_zero_no_failure;
            if reaches_hp && amount > 0 {
                report.death_save_failures = if critical { 2 } else { 1 };
            }
            report.dies = rest >= self.max || who == ZeroHpRule::Monster;
        } else if report.dropped_to_zero {
            report.dies = who == ZeroHpRule::Monster || overflow >= self.max;
        }
        report
    }

    /// Healing raises current HP up to the maximum; the excess is lost (DD-DMG-09.a). Returns
    /// the HP regained. Temporary HP are not restored by healing (DD-DMG-10.d).
    pub fn heal(&mut self, amount: u32) -> u32 {
        let before = self.current;
        self.current = self.current.saturating_add(amount).min(self.max);
        self.current - before
    }

    /// A new grant of Temporary HP: they never stack; the creature keeps the old or takes the
    /// new amount (`take_new`), DD-DMG-10.c. Gaining them is not healing (DD-DMG-10.d).
    pub fn grant_temp(&mut self, amount: u32, take_new: bool) {
        if take_new || self.temp == 0 {
            self.temp = amount;
        }
    }

    /// Temporary HP end when a Long Rest ends (DD-DMG-10.b).
    pub fn finish_long_rest(&mut self) {
        self.current = self.max;
        self.temp = 0;
    }

    /// A reduced HP maximum; reaching 0 kills (DD-DMG-12.b). Returns whether it dies.
    pub fn reduce_max(&mut self, by: u32) -> bool {
        self.max = self.max.saturating_sub(by);
        self.current = self.current.min(self.max);
        self.max == 0
    }
}

/// Death Saving Throw counters (DD-DMG-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DeathSaves {
    pub successes: u8,
    pub failures: u8,
}

/// The result of one Death Saving Throw or failure added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathSaveResult {
    Continue,
    /// Third success: Stable (counters reset, DD-DMG-14.b/d).
    Stable,
    /// Third failure: dead.
    Dead,
    /// Natural 20: regains 1 HP and is conscious (counters reset, DD-DMG-14.c).
    RegainOneHp,
}

impl DeathSaves {
    /// Rolls one save on `face` (DD-DMG-14.a): no ability modifier; `bonus` carries any bonus
    /// to saves and the Exhaustion penalty when Appendix C.6 applies (ignored otherwise);
    /// 10+ succeeds; natural 1 is two failures, natural 20 regains 1 HP.
    pub fn roll(
        &mut self,
        face: u8,
        bonus: i32,
        opts: &Interpretations,
    ) -> Result<DeathSaveResult, RulesError> {
        in_range("d20 face", i64::from(face), 1, 20, "DD-DMG-14.a")?;
        if face == 20 {
            *self = DeathSaves::default();
            return Ok(DeathSaveResult::RegainOneHp);
        }
        if face == 1 {
            return Ok(self.add_failures(2));
        }
        let total = i32::from(face)
            + if opts.death_save_is_d20_test {
                bonus
            } else {
                0
            };
        if total >= 10 {
            self.successes += 1;
            if self.successes >= 3 {
                *self = DeathSaves::default();
                return Ok(DeathSaveResult::Stable);
            }
            Ok(DeathSaveResult::Continue)
        } else {
            Ok(self.add_failures(1))
        }
    }

    /// Adds failures (from a roll or from damage at 0 HP, DD-DMG-15.a).
    pub fn add_failures(&mut self, n: u8) -> DeathSaveResult {
        self.failures = (self.failures + n).min(3);
        if self.failures >= 3 {
            DeathSaveResult::Dead
        } else {
            DeathSaveResult::Continue
        }
    }

    /// Regaining any HP or becoming Stable resets both counters (DD-DMG-14.d, DD-DMG-09.b).
    pub fn reset(&mut self) {
        *self = DeathSaves::default();
    }
}

/// DC to stabilize another creature with the Help action: Wisdom (Medicine) (DD-DMG-16.b).
pub const STABILIZE_DC: i32 = 10;
/// DC of first aid that wakes a knocked-out creature (DD-DMG-17.b).
pub const FIRST_AID_DC: i32 = 10;

/// Knocking out (DD-DMG-17.a): a melee attack that would drop a creature to 0 HP may leave it
/// at 1 HP, Unconscious, starting a Short Rest. Returns the HP left.
pub fn knock_out(hp: &mut HitPoints, damage: u32, melee: bool) -> Result<u32, RulesError> {
    if !melee {
        return Err(RulesError::Forbidden {
            rule: "DD-DMG-17.a",
            reason: "only a melee attack can knock a creature out".into(),
        });
    }
    let total = hp.current + hp.temp;
    if damage < total {
        return Err(RulesError::Forbidden {
            rule: "DD-DMG-17.a",
            reason: "the attack does not reduce the creature to 0 HP".into(),
        });
    }
    hp.temp = 0;
    hp.current = 1;
    Ok(1)
}

/// The source of the Unconscious condition a character gains at 0 HP (DD-DMG-12.c).
pub const ZERO_HP_SOURCE: &str = "0 hp";

/// A character at 0 HP (DD-DMG-12.c, DD-DMG-14..16): Unconscious, making Death Saving Throws
/// unless Stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Dying {
    pub saves: DeathSaves,
    /// Stable: at 0 HP but no Death Saving Throws (DD-DMG-16.a).
    pub stable: bool,
    /// Hours spent Stable without healing (DD-DMG-16.d).
    pub stable_hours: u32,
}

/// What happened to a dying character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DyingOutcome {
    StillDying,
    Stable,
    /// Conscious again with this many HP.
    Conscious(u32),
    Dead,
}

impl Dying {
    /// A character drops to 0 HP without dying (DD-DMG-12.c): it gains Unconscious (source
    /// `ZERO_HP_SOURCE`) and starts making Death Saving Throws.
    pub fn drop_to_zero(c: &mut crate::conditions::Conditions) -> Result<Dying, RulesError> {
        c.apply(crate::conditions::Condition::Unconscious, ZERO_HP_SOURCE)?;
        Ok(Dying::default())
    }

    /// Whether it rolls a Death Saving Throw at the start of its turn: not while Stable
    /// (DD-DMG-16.a).
    pub fn must_roll(&self) -> bool {
        !self.stable
    }

    /// Its Death Saving Throw (DD-DMG-14): refused while Stable. A natural 20 brings it back
    /// with 1 HP (`heal` it by 1 then).
    pub fn roll(
        &mut self,
        face: u8,
        bonus: i32,
        opts: &Interpretations,
    ) -> Result<DeathSaveResult, RulesError> {
        if self.stable {
            return Err(RulesError::Forbidden {
                rule: "DD-DMG-16.a",
                reason: "a Stable creature makes no Death Saving Throws".into(),
            });
        }
        let r = self.saves.roll(face, bonus, opts)?;
        if r == DeathSaveResult::Stable {
            self.stabilize();
        }
        Ok(r)
    }

    /// Becomes Stable (three successes, or a DC 10 Wisdom (Medicine) check with the Help
    /// action, DD-DMG-16.b): counters reset (DD-DMG-14.d).
    pub fn stabilize(&mut self) {
        self.stable = true;
        self.stable_hours = 0;
        self.saves.reset();
    }

    /// Damage while at 0 HP (DD-DMG-15): a Stable creature stops being Stable and resumes
    /// Death Saving Throws (DD-DMG-15.c, DD-DMG-16.c); the report's failures are added.
    pub fn damaged(&mut self, report: &DamageReport) -> DyingOutcome {
        if report.dies {
            return DyingOutcome::Dead;
        }
        if report.death_save_failures > 0 || report.absorbed_by_temp > 0 || report.hp_lost > 0 {
            self.stable = false;
            self.stable_hours = 0;
        }
        match self.saves.add_failures(report.death_save_failures) {
            DeathSaveResult::Dead => DyingOutcome::Dead,
            _ => DyingOutcome::StillDying,
        }
    }

    /// Healing at 0 HP (DD-DMG-09.b, DD-DMG-14.d): any HP regained makes it conscious
    /// (Unconscious from 0 HP ends) and resets the counters.
    pub fn heal(
        &mut self,
        hp: &mut HitPoints,
        c: &mut crate::conditions::Conditions,
        amount: u32,
    ) -> DyingOutcome {
        hp.heal(amount);
        if hp.current == 0 {
            return if self.stable {
                DyingOutcome::Stable
            } else {
                DyingOutcome::StillDying
            };
        }
        *self = Dying::default();
        c.end(crate::conditions::Condition::Unconscious, ZERO_HP_SOURCE);
        DyingOutcome::Conscious(hp.current)
    }

    /// Time passes while Stable and unhealed (DD-DMG-16.d): after the 1d4 hours rolled
    /// (`d4`), it regains 1 HP and wakes.
    pub fn hours_pass(
        &mut self,
        hours: u32,
        d4: u32,
        hp: &mut HitPoints,
        c: &mut crate::conditions::Conditions,
    ) -> Result<DyingOutcome, RulesError> {
        in_range("d4", i64::from(d4), 1, 4, "DD-DMG-16.d")?;
        if !self.stable {
            return Ok(DyingOutcome::StillDying);
        }
        self.stable_hours = self.stable_hours.saturating_add(hours);
        if self.stable_hours >= d4 {
            return Ok(self.heal(hp, c, 1));
        }
        Ok(DyingOutcome::Stable)
    }
}

/// Whether a knocked-out creature wakes (DD-DMG-17.b): when it regains any HP, when someone's
/// first aid (an action, DC 10 Wisdom (Medicine)) succeeds, or when its Short Rest ends.
pub fn knocked_out_wakes(
    regained_hp: bool,
    first_aid_total: Option<i32>,
    short_rest_ended: bool,
) -> bool {
    regained_hp || first_aid_total.is_some_and(|t| t >= FIRST_AID_DC) || short_rest_ended
}

impl crate::core::DamageDice {
    /// A damage roll (DD-DMG-02.a/b): the rolled faces, one per die, plus the modifier; never
    /// below 0. Faces outside the die, or the wrong number of them, are refused.
    pub fn total(&self, faces: &[u32]) -> Result<u32, RulesError> {
        if faces.len() != usize::try_from(self.count).unwrap_or(usize::MAX) {
            return Err(RulesError::Forbidden {
                rule: "DD-DMG-02.a",
                reason: format!("{} needs {} faces, got {}", self, self.count, faces.len()),
            });
        }
        for f in faces {
            in_range(
                "damage die face",
                i64::from(*f),
                1,
                i64::from(self.sides),
                "DD-DMG-02.a",
            )?;
        }
        let sum: i64 = faces.iter().map(|f| i64::from(*f)).sum::<i64>() + i64::from(self.modifier);
        Ok(u32::try_from(sum.max(0)).unwrap_or(u32::MAX))
    }
}

/// Fixed damage with no roll (DD-DMG-02.c, e.g. a Blowgun's 1): no ability modifier unless a
/// rule adds one (`rule_modifier`); never below 0.
pub fn fixed_damage(amount: u32, rule_modifier: Option<i32>) -> u32 {
    let total = i64::from(amount) + i64::from(rule_modifier.unwrap_or(0));
    u32::try_from(total.max(0)).unwrap_or(u32::MAX)
}
