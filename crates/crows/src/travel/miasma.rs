//! The Miasma («Миазма», «Эффекты Миазмы»): the Mind resistance roll after a rest in it,
//! cruelty levels and the effects table (CR-MIASMA-01…09).

use serde::{Deserialize, Serialize};

use super::{TravelError, face};
use crate::test_roll::Tier;

/// Who makes the Miasma roll: humans only by default (CR-MIASMA-09, CR-ERR-63), never a
/// character who has turned (CR-MIASMA-08), and only after a rest in the Miasma.
pub fn makes_roll(human: bool, state: &MiasmaState, rested_in_miasma: bool) -> bool {
    human && !state.turned && rested_in_miasma
}

/// The penalty cruelty gives on the roll: −1 per level (CR-MIASMA-04).
pub fn cruelty_penalty(cruelty: u8) -> i32 {
    -i32::from(cruelty)
}

/// What a tier of the Miasma roll does (CR-MIASMA-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// +1 cruelty, then a roll on the effects table.
    CrueltyAndEffect,
    Nothing,
    /// The roller chooses: clear its own cruelty, or raise another roller's tier by one.
    Choose,
}

pub fn outcome(tier: Tier) -> Outcome {
    match tier {
        Tier::One => Outcome::CrueltyAndEffect,
        Tier::Two => Outcome::Nothing,
        Tier::Three => Outcome::Choose,
    }
}

/// A tier-3 roller's help: raise another human's tier, who rested with it and rolled
/// (CR-MIASMA-03). `tiers` holds every roller's tier for this rest.
pub fn raise_other(tiers: &mut [(u32, Tier)], helper: u32, target: u32) -> Result<(), TravelError> {
    let helper_ok = tiers.iter().any(|(c, t)| *c == helper && *t == Tier::Three);
    if !helper_ok || helper == target {
        return Err(TravelError::BadAnswer(
            "CR-MIASMA-03: only a tier-3 roller may raise another roller's tier",
        ));
    }
    let slot = tiers
        .iter_mut()
        .find(|(c, _)| *c == target)
        .ok_or(TravelError::BadAnswer(
            "CR-MIASMA-03: the target did not make this roll",
        ))?;
    slot.1 = slot.1.shifted(1);
    Ok(())
}

/// A row of the effects table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Row {
    Despondent,
    Ravenous,
    Rage,
    Liar,
    Lazy,
    Violent,
    Turned,
}

/// How long both effects of a row last (CR-MIASMA-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    UntilLeavesMiasma,
    Instant,
    UntilNoCruelty,
    Permanent,
}

/// One effect of a row, as the software enforces or shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MiasmaEffect {
    SpeaksOnlyWhenSpokenTo,
    EdgeOnSneakAndHide,
    /// Rations needed per rest to get its benefits.
    RationsPerRest(u8),
    /// Bonus on Forage task tests (CR-ERR-17).
    ForageBonus(i8),
    DestroyRandomMundaneItem,
    /// Regain this much Stamina, or lose one wound if Stamina is full.
    StaminaOrWound(u8),
    SaysOnlyUntruths,
    /// Gain an expertise the character lacks, with this many uses (CR-ERR-62 default 1).
    GainExpertise {
        uses: u8,
    },
    RefusesRoles,
    /// Wounds removed per rest.
    WoundsHealedPerRest(u8),
    MustPursueFoes,
    WeaponDamageBonus(i8),
    BecomesRefereeNpc,
    RestInMiasmaRestoresExpertise,
}

impl Row {
    pub const ALL: [Row; 7] = [
        Row::Despondent,
        Row::Ravenous,
        Row::Rage,
        Row::Liar,
        Row::Lazy,
        Row::Violent,
        Row::Turned,
    ];

    /// The row for a d10 + cruelty total: 1–2, 3–4, 5–6, 7–8, 9–10, 11–12, 13+.
    pub fn of(total: u8) -> Row {
        match total {
            0..=2 => Row::Despondent,
            3..=4 => Row::Ravenous,
            5..=6 => Row::Rage,
            7..=8 => Row::Liar,
            9..=10 => Row::Lazy,
            11..=12 => Row::Violent,
            _ => Row::Turned,
        }
    }

    /// Both effects of the row (CR-MIASMA-07).
    pub fn effects(self) -> [MiasmaEffect; 2] {
        match self {
            Row::Despondent => [
                MiasmaEffect::SpeaksOnlyWhenSpokenTo,
                MiasmaEffect::EdgeOnSneakAndHide,
            ],
            Row::Ravenous => [
                MiasmaEffect::RationsPerRest(2),
                MiasmaEffect::ForageBonus(2),
            ],
            Row::Rage => [
                MiasmaEffect::DestroyRandomMundaneItem,
                MiasmaEffect::StaminaOrWound(3),
            ],
            Row::Liar => [
                MiasmaEffect::SaysOnlyUntruths,
                MiasmaEffect::GainExpertise { uses: 1 },
            ],
            Row::Lazy => [
                MiasmaEffect::RefusesRoles,
                MiasmaEffect::WoundsHealedPerRest(2),
            ],
            Row::Violent => [
                MiasmaEffect::MustPursueFoes,
                MiasmaEffect::WeaponDamageBonus(1),
            ],
            Row::Turned => [
                MiasmaEffect::BecomesRefereeNpc,
                MiasmaEffect::RestInMiasmaRestoresExpertise,
            ],
        }
    }

    pub fn duration(self) -> Duration {
        match self {
            Row::Rage => Duration::Instant,
            Row::Violent => Duration::UntilNoCruelty,
            Row::Turned => Duration::Permanent,
            _ => Duration::UntilLeavesMiasma,
        }
    }
}

/// One human's Miasma state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MiasmaState {
    pub cruelty: u8,
    /// Rows in force (instantaneous rows are never kept).
    pub rows: Vec<Row>,
    /// Row 13+ happened: an NPC under the Referee, no further Miasma rolls (CR-MIASMA-08).
    pub turned: bool,
}

/// The result of one d10 on the effects table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableRoll {
    /// This row's two effects now apply (an instantaneous row is for the caller to carry out).
    Gained(Row),
    /// The pair is already in force: roll the d10 again (CR-MIASMA-06).
    RollAgain,
}

impl MiasmaState {
    /// Applies one's final tier (after any tier-3 help, see [`raise_other`]): tier 1 adds the
    /// cruelty level at once, so the table roll that follows counts it (CR-ERR-61 default).
    /// Returns what is still owed: a table roll, nothing, or the tier-3 choice.
    pub fn apply_tier(&mut self, tier: Tier) -> Result<Outcome, TravelError> {
        if self.turned {
            return Err(TravelError::Turned);
        }
        let o = outcome(tier);
        if o == Outcome::CrueltyAndEffect {
            self.gain_cruelty();
        }
        Ok(o)
    }

    /// A tier-1 result: one more cruelty level (CR-MIASMA-03).
    pub fn gain_cruelty(&mut self) {
        self.cruelty = self.cruelty.saturating_add(1);
    }

    /// Tier-3 choice: clear one's own cruelty (ends row 11–12 too).
    pub fn clear_cruelty(&mut self) {
        self.cruelty = 0;
        self.rows
            .retain(|r| r.duration() != Duration::UntilNoCruelty);
    }

    /// Rolls one d10 on the effects table: d10 + cruelty (CR-MIASMA-06). Errors when the
    /// character has turned, or when every row this cruelty can reach is already in force.
    pub fn roll_table(&mut self, d10: u8) -> Result<TableRoll, TravelError> {
        if self.turned {
            return Err(TravelError::Turned);
        }
        let f = face(d10, 10)?;
        let reachable_free = (1..=10u8)
            .map(|x| Row::of(x.saturating_add(self.cruelty)))
            .any(|r| !self.rows.contains(&r));
        if !reachable_free {
            return Err(TravelError::NoFreeRow);
        }
        let row = Row::of(f.saturating_add(self.cruelty));
        if self.rows.contains(&row) {
            return Ok(TableRoll::RollAgain);
        }
        match row.duration() {
            Duration::Instant => {}
            Duration::Permanent => {
                self.rows.clear();
                self.cruelty = 0;
                self.turned = true;
                self.rows.push(row);
            }
            _ => self.rows.push(row),
        }
        Ok(TableRoll::Gained(row))
    }

    /// The group leaves the Miasma: rows lasting until then end.
    pub fn leave_miasma(&mut self) {
        self.rows
            .retain(|r| r.duration() != Duration::UntilLeavesMiasma);
    }

    /// A rest finished outside the Miasma clears all cruelty (CR-MIASMA-05).
    pub fn rest_outside_miasma(&mut self) {
        self.leave_miasma();
        self.clear_cruelty();
    }

    fn has(&self, row: Row) -> bool {
        self.rows.contains(&row)
    }

    /// Whether a rest restores expertise uses: not in the Miasma, unless turned (CR-MIASMA-02).
    pub fn rest_restores_expertise(&self, rested_in_miasma: bool) -> bool {
        !rested_in_miasma || self.turned
    }

    /// Rations a rest needs to give its benefits.
    pub fn rations_per_rest(&self) -> u8 {
        if self.has(Row::Ravenous) { 2 } else { 1 }
    }

    /// Wounds a rest removes.
    pub fn wounds_healed_per_rest(&self) -> u8 {
        if self.has(Row::Lazy) { 2 } else { 1 }
    }

    /// The bonus on weapon attack damage.
    pub fn weapon_damage_bonus(&self) -> i8 {
        if self.has(Row::Violent) { 1 } else { 0 }
    }

    /// Whether the character refuses every travel role (CR-ROLE-15).
    pub fn refuses_roles(&self) -> bool {
        self.has(Row::Lazy)
    }

    /// Whether Forage tests get +2 (CR-ERR-17).
    pub fn ravenous(&self) -> bool {
        self.has(Row::Ravenous)
    }

    /// Whether sneaking and hiding tests get an edge.
    pub fn sneak_edge(&self) -> bool {
        self.has(Row::Despondent)
    }
}

/// Meals at the end of a rest in the open are eaten by members of the party (CR-MIASMA-07).
pub fn may_eat(creature: &str, members: &[String]) -> Result<(), TravelError> {
    if !members.iter().any(|m| m == creature) {
        return Err(TravelError::EaterNotInParty {
            creature: creature.to_string(),
        });
    }
    Ok(())
}
