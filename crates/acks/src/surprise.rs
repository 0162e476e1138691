//! Surprise («Внезапность», T-09) and stealth («Внезапность и скрытность»): one 1d6 per group,
//! each member adding its own modifier; Alertness means surprised only on 1; a side carrying
//! light never surprises. The sneaking procedure gives exact odds of staying unnoticed.
use crate::odds::{Fraction, die_at_least};
use crate::{AcksError, Tables};
use serde::Serialize;

/// Largest absolute surprise modifier accepted.
pub const MAX_MODIFIER: i32 = 10;
/// Listening (hear noise) throw of an ordinary monster (AC-STEALTH-04).
pub const HEAR_NOISE_THROW: i32 = 18;
/// Alertness bonus to hearing (AC-STEALTH-06).
pub const ALERTNESS_HEARING: i32 = 4;
/// Most observers for which exact sneaking odds are computed (the fractions stay in 64 bits).
pub const MAX_OBSERVERS: u32 = 12;

fn check(modifier: i32) -> Result<(), AcksError> {
    if modifier.abs() > MAX_MODIFIER {
        return Err(AcksError::range(
            "AC-SURP-01",
            format!("surprise modifier must be within ±{MAX_MODIFIER}, got {modifier}"),
        ));
    }
    Ok(())
}

/// Whether a total is "surprised" on T-09; with Alertness only a total of 1 or less is.
pub fn is_surprised(tables: &Tables, total: i32, alertness: bool) -> Result<bool, AcksError> {
    if alertness {
        return Ok(total <= 1);
    }
    tables
        .t09_surprise
        .find(format!("total {total}"), |r| r.total.contains(total.into()))
        .map(|r| r.surprised)
}

/// AC-SURP-02: the group's one face plus this member's modifier.
pub fn member_surprised(
    tables: &Tables,
    group_face: i32,
    member_modifier: i32,
    alertness: bool,
) -> Result<bool, AcksError> {
    check(member_modifier)?;
    if !(1..=6).contains(&group_face) {
        return Err(AcksError::range(
            "AC-SURP-01",
            format!("a d6 face is 1–6, got {group_face}"),
        ));
    }
    is_surprised(tables, group_face + member_modifier, alertness)
}

/// Exact P(surprised) on 1d6 + modifier.
pub fn surprise_odds(
    tables: &Tables,
    modifier: i32,
    alertness: bool,
) -> Result<Fraction, AcksError> {
    check(modifier)?;
    let mut n = 0;
    for f in 1..=6 {
        if is_surprised(tables, f + modifier, alertness)? {
            n += 1;
        }
    }
    Ok(Fraction::new(n, 6))
}

/// AC-DUNGEON-16 / AC-SURP-07: a side carrying light can never surprise.
pub fn can_surprise(carrying_light: bool) -> bool {
    !carrying_light
}

/// AC-ENC-08: a ship can never surprise water-dwelling monsters.
pub fn ship_can_surprise(target_is_aquatic: bool) -> bool {
    !target_is_aquatic
}

/// AC-SURP-05: who acts in round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstRound {
    /// Everyone surprised: nobody acts; initiative as normal from round 2.
    NobodyActs,
    /// Only the ready combatants act.
    ReadyOnly,
    /// Nobody surprised: everyone acts.
    Everyone,
}

pub fn first_round(surprised: &[bool]) -> FirstRound {
    if !surprised.is_empty() && surprised.iter().all(|s| *s) {
        FirstRound::NobodyActs
    } else if surprised.iter().any(|s| *s) {
        FirstRound::ReadyOnly
    } else {
        FirstRound::Everyone
    }
}

/// How an observer is watching (AC-STEALTH-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Watch {
    Active,
    Passive,
    Distracted,
}

/// AC-STEALTH-02: most monsters watch actively at most one turn; constructs and undead always.
pub fn watch_after(turns_active: u32, construct_or_undead: bool) -> Watch {
    if construct_or_undead || turns_active < 1 {
        Watch::Active
    } else {
        Watch::Passive
    }
}

/// Exact P(one round of sneaking goes unnoticed) past `observers` monsters watching in `watch`
/// (AC-STEALTH-02…06). Distracted: every monster throws to hear (18+, +4 with Alertness); if
/// any hears, one surprise roll for the group decides.
pub fn sneak_past_odds(
    tables: &Tables,
    watch: Watch,
    observers: u32,
    alertness: bool,
) -> Result<Fraction, AcksError> {
    if observers == 0 || observers > MAX_OBSERVERS {
        return Err(AcksError::range(
            "AC-STEALTH-04",
            format!("exact odds are given for 1…{MAX_OBSERVERS} observers, got {observers}"),
        ));
    }
    let surprised = surprise_odds(tables, 0, alertness)?;
    Ok(match watch {
        Watch::Active => Fraction::new(0, 1),
        Watch::Passive => surprised,
        Watch::Distracted => {
            let bonus = if alertness { ALERTNESS_HEARING } else { 0 };
            let hears = die_at_least(20, bonus.into(), HEAR_NOISE_THROW.into());
            let none_hear = crate::odds::checked_pow(Fraction::new(1, 1) - hears, observers)
                .ok_or_else(|| {
                    AcksError::range("AC-STEALTH-04", "too many observers for exact odds")
                })?;
            none_hear + (Fraction::new(1, 1) - none_hear) * surprised
        }
    })
}

/// AC-SURP-03: surprised combatants lose the first round.
pub fn acts_in_round(round: u32, surprised: bool) -> bool {
    !(round == 1 && surprised)
}

/// AC-STEALTH-05: the procedure repeats each round of sneaking: exact P(unnoticed for all
/// `rounds` rounds) from one round's chance.
pub fn sneak_rounds_odds(one_round: Fraction, rounds: u32) -> Result<Fraction, AcksError> {
    crate::odds::checked_pow(one_round, rounds).ok_or_else(|| {
        AcksError::range(
            "AC-STEALTH-05",
            format!("{rounds} rounds is too many for exact odds"),
        )
    })
}

/// AC-STEALTH-07: a thief who hid in shadows (dim or cluttered area) turns any watcher into a
/// distracted one; one who also moved silently cannot be heard, so passes unnoticed.
pub fn thief_sneak_odds(
    tables: &Tables,
    watch: Watch,
    observers: u32,
    alertness: bool,
    hid_in_shadows: bool,
    moved_silently: bool,
) -> Result<Fraction, AcksError> {
    let watch = if hid_in_shadows {
        Watch::Distracted
    } else {
        watch
    };
    if watch == Watch::Distracted && moved_silently {
        // Distracted watchers detect only by hearing; a silent thief gives them nothing.
        sneak_past_odds(tables, watch, observers, alertness)?;
        return Ok(Fraction::new(1, 1));
    }
    sneak_past_odds(tables, watch, observers, alertness)
}

/// A character watching for sneaking monsters (AC-STEALTH-08): its hear-noise throw (18 for
/// most, a thief's Hear Noise from T-22), its own surprise modifier and Alertness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Watcher {
    pub hear_throw: i32,
    pub surprise_modifier: i32,
    pub alertness: bool,
}

impl Watcher {
    /// A watcher with the ordinary 18+ hearing throw and no modifiers.
    pub const ORDINARY: Watcher = Watcher {
        hear_throw: HEAR_NOISE_THROW,
        surprise_modifier: 0,
        alertness: false,
    };
}

/// Most watchers for which exact odds are computed.
pub const MAX_WATCHERS: usize = 12;

/// AC-STEALTH-08: exact P(monsters sneak one round past the party), the sneaking procedure
/// with the roles reversed. Watching actively, the party notices them; passively, one surprise
/// die for the party decides, and the monsters pass only if every watcher is surprised (each
/// adds its own modifier, AC-SURP-02); distracted, each watcher throws to hear (+4 with
/// Alertness), and if anyone hears, the surprise die decides as for passive watchers.
pub fn monsters_sneak_past_odds(
    tables: &Tables,
    watch: Watch,
    watchers: &[Watcher],
) -> Result<Fraction, AcksError> {
    if watchers.is_empty() || watchers.len() > MAX_WATCHERS {
        return Err(AcksError::range(
            "AC-STEALTH-08",
            format!(
                "exact odds are given for 1…{MAX_WATCHERS} watchers, got {}",
                watchers.len()
            ),
        ));
    }
    for w in watchers {
        check(w.surprise_modifier)?;
        if !(1..=21).contains(&w.hear_throw) {
            return Err(AcksError::range(
                "AC-STEALTH-08",
                format!("a hear-noise throw is 1–21, got {}", w.hear_throw),
            ));
        }
    }
    // Passive: P(all surprised on the one die).
    let mut all_surprised = 0;
    for face in 1..=6 {
        let mut all = true;
        for w in watchers {
            all &= is_surprised(tables, face + w.surprise_modifier, w.alertness)?;
        }
        all_surprised += i64::from(all);
    }
    let passive = Fraction::new(all_surprised, 6);
    Ok(match watch {
        Watch::Active => Fraction::new(0, 1),
        Watch::Passive => passive,
        Watch::Distracted => {
            let mut none_hear = Fraction::new(1, 1);
            for w in watchers {
                let bonus = if w.alertness { ALERTNESS_HEARING } else { 0 };
                let hears = die_at_least(20, bonus.into(), w.hear_throw.into());
                none_hear =
                    num_traits::CheckedMul::checked_mul(&none_hear, &(Fraction::new(1, 1) - hears))
                        .ok_or_else(|| {
                            AcksError::range("AC-STEALTH-08", "too many watchers for exact odds")
                        })?;
            }
            none_hear + (Fraction::new(1, 1) - none_hear) * passive
        }
    })
}

/// AC-STEALTH-08: resolves one round of monsters sneaking past the party from the faces: one
/// d20 per watcher for hearing (distracted watch only) and the party's surprise d6. Returns
/// whether the monsters pass unnoticed.
pub fn resolve_monsters_sneak(
    tables: &Tables,
    watch: Watch,
    watchers: &[Watcher],
    hear_faces: &[i32],
    surprise_face: i32,
) -> Result<bool, AcksError> {
    monsters_sneak_past_odds(tables, watch, watchers)?;
    if !(1..=6).contains(&surprise_face)
        || (watch == Watch::Distracted
            && (hear_faces.len() != watchers.len()
                || hear_faces.iter().any(|f| !(1..=20).contains(f))))
    {
        return Err(AcksError::range(
            "AC-STEALTH-08",
            "one d20 face (1–20) per distracted watcher and a d6 face (1–6) for surprise",
        ));
    }
    let all_surprised = || -> Result<bool, AcksError> {
        for w in watchers {
            if !is_surprised(tables, surprise_face + w.surprise_modifier, w.alertness)? {
                return Ok(false);
            }
        }
        Ok(true)
    };
    match watch {
        Watch::Active => Ok(false),
        Watch::Passive => all_surprised(),
        Watch::Distracted => {
            let heard = watchers
                .iter()
                .zip(hear_faces)
                .any(|(w, f)| f + if w.alertness { ALERTNESS_HEARING } else { 0 } >= w.hear_throw);
            if heard { all_surprised() } else { Ok(true) }
        }
    }
}

/// AC-STEALTH-02…07: resolves one round of characters sneaking past `watchers` (the monsters,
/// each with its own hearing throw, surprise modifier and Alertness) from the Judge's faces:
/// one d20 per watcher for hearing (distracted watch only) and the watchers' one surprise d6.
/// A thief who hid in shadows turns the watch into a distracted one; one who also moved
/// silently cannot be heard, so passes unnoticed. Returns whether the sneakers pass. The same
/// procedure as [`resolve_monsters_sneak`] with the roles reversed (AC-STEALTH-08).
pub fn resolve_sneak_past(
    tables: &Tables,
    watch: Watch,
    watchers: &[Watcher],
    hid_in_shadows: bool,
    moved_silently: bool,
    hear_faces: &[i32],
    surprise_face: i32,
) -> Result<bool, AcksError> {
    let watch = if hid_in_shadows {
        Watch::Distracted
    } else {
        watch
    };
    if watch == Watch::Distracted && moved_silently {
        // Checked like any other round, then unheard: distracted watchers only hear.
        monsters_sneak_past_odds(tables, watch, watchers)?;
        return Ok(true);
    }
    resolve_monsters_sneak(tables, watch, watchers, hear_faces, surprise_face)
}
