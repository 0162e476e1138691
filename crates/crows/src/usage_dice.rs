//! Usage dice («Кости износа», «Кости износа снаряжения»).
//!
//! A pool of d6 with a current count and a maximum (CR-UD-01). Rolling it rolls every die in
//! the pool; each 1 or 2 removes a die (CR-UD-02); an effect whose pool reaches 0 ends
//! (CR-UD-03). Item cards carry a usage-dice line with keywords ([`UsageKeyword`]) saying when
//! the pool is rolled and how it comes back (CR-UD-05).
//!
//! Functions take the rolled faces (the engine rolls and records them); [`roll_d6s`] draws them
//! from a caller-given [`DiceRng`]. Stacked items each keep their own pool (CR-ERR-38): a pool
//! belongs to one item instance.

use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::DiceRng;

/// Faces that remove a usage die (CR-UD-02).
pub const REMOVING_FACES: [u8; 2] = [1, 2];
/// In-game hours outside a dungeon that count as one dungeon turn (CR-UD-07).
pub const HOURS_PER_DUNGEON_TURN: u32 = 2;

/// Refusals.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum UsageError {
    #[error("CR-UD-02: roll every die in the pool: {expected} faces needed, {given} given")]
    #[strum(props(rule = "CR-UD-02"))]
    WrongFaceCount { expected: u8, given: usize },
    #[error("CR-UD-01: usage dice are d6; face {0} is impossible")]
    #[strum(props(rule = "CR-UD-01"))]
    BadFace(u8),
    #[error("CR-UD-01: a pool of {current} dice cannot exceed its maximum {max}")]
    #[strum(props(rule = "CR-UD-01"))]
    AboveMax { current: u8, max: u8 },
    #[error("CR-UD-05: {item} is refuelled with {needed}, not {given}")]
    #[strum(props(rule = "CR-UD-05"))]
    WrongRefuelItem {
        item: String,
        needed: String,
        given: String,
    },
    #[error("CR-UD-05: {0} has no Refuel keyword")]
    #[strum(props(rule = "CR-UD-05"))]
    NoRefuel(String),
    #[error("CR-UD-05: {0} is useless now (its usage dice ran out)")]
    #[strum(props(rule = "CR-UD-05"))]
    Useless(String),
    #[error("CR-ERR-37: {0} is depleted until refuelled or rested")]
    #[strum(props(rule = "CR-ERR-37"))]
    Depleted(String),
    #[error("CR-UD-05: the Refuel keyword needs the name of the item used to refuel")]
    #[strum(props(rule = "CR-UD-05"))]
    RefuelWithoutItem,
    #[error(
        "CR-UD-05: {0}'s usage dice are not rolled when it is used (no Activate keyword): \
         they roll {1}"
    )]
    #[strum(props(rule = "CR-UD-05"))]
    NotOnActivation(String, String),
    #[error("an effect has 1…{max} usage dice")]
    #[strum(props(rule = "CR-UD-01"))]
    BadEffectDice { dice: u8, max: u8 },
    #[error("{item} has no usage dice")]
    #[strum(props(rule = "CR-UD-05"))]
    NoUsageDice { item: String },
}

crate::refusal::refusal!(UsageError, "usage");

/// A pool of usage dice (CR-UD-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsagePool {
    pub current: u8,
    pub max: u8,
}

/// What a roll did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolRoll {
    pub faces: Vec<u8>,
    pub removed: u8,
    pub remaining: u8,
    /// The pool reached 0 on this roll.
    pub exhausted: bool,
}

impl UsagePool {
    /// A full pool.
    pub fn full(max: u8) -> Self {
        UsagePool { current: max, max }
    }

    pub fn new(current: u8, max: u8) -> Result<Self, UsageError> {
        if current > max {
            return Err(UsageError::AboveMax { current, max });
        }
        Ok(UsagePool { current, max })
    }

    pub fn is_empty(&self) -> bool {
        self.current == 0
    }

    /// Rolls the pool with the given faces, one per die in the pool (CR-UD-02).
    pub fn roll(&mut self, faces: &[u8]) -> Result<PoolRoll, UsageError> {
        if faces.len() != usize::from(self.current) {
            return Err(UsageError::WrongFaceCount {
                expected: self.current,
                given: faces.len(),
            });
        }
        if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
            return Err(UsageError::BadFace(*bad));
        }
        // At most `current` (a u8) faces.
        let removed = faces.iter().filter(|f| REMOVING_FACES.contains(f)).count() as u8;
        let was = self.current;
        self.current -= removed;
        Ok(PoolRoll {
            faces: faces.to_vec(),
            removed,
            remaining: self.current,
            exhausted: was > 0 && self.current == 0,
        })
    }

    /// Back to the maximum.
    pub fn restore(&mut self) {
        self.current = self.max;
    }
}

/// Rolls `n` d6 from the caller's roller.
pub fn roll_d6s(rng: &mut DiceRng, n: u8) -> Vec<u8> {
    (0..n).map(|_| rng.random_range(1..=6)).collect()
}

/// The keywords of a usage-dice line (CR-UD-05).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum UsageKeyword {
    /// «Бесполезен»: at 0 the item is useless for good.
    Useless,
    /// «Заправка»: using the named item restores the pool.
    Refuel,
    /// «Отдых»: finishing a rest while carrying it restores the pool.
    Rest,
    /// «Активация»: roll after each activation's primary effects.
    Activate,
    /// «Ход подземелья»: roll at the end of every dungeon turn.
    DungeonTurn,
}

/// The usage-dice line of an item card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct UsageLine {
    /// Number of dice (the pool's maximum).
    pub dice: u8,
    pub keywords: Vec<UsageKeyword>,
    /// The item named for Refuel (e.g. "lantern oil").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuel_with: Option<String>,
}

impl UsageLine {
    pub fn has(&self, k: UsageKeyword) -> bool {
        self.keywords.contains(&k)
    }

    /// Checks that Refuel names its item.
    pub fn validate(&self) -> Result<(), UsageError> {
        if self.has(UsageKeyword::Refuel) && self.refuel_with.as_deref().is_none_or(str::is_empty) {
            return Err(UsageError::RefuelWithoutItem);
        }
        Ok(())
    }
}

/// The state of an item's usage dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UsageState {
    Usable,
    /// Pool at 0 with Refuel or Rest: unusable until restored (CR-ERR-37, CR-UD-09).
    Depleted,
    /// Pool reached 0 with Useless: for good.
    Useless,
}

/// The usage dice of the item named `item`, which has them or is refused (CR-UD-05).
pub fn usage_of<'a>(
    item: &str,
    usage: Option<&'a mut ItemUsage>,
) -> Result<&'a mut ItemUsage, UsageError> {
    usage.ok_or_else(|| UsageError::NoUsageDice {
        item: item.to_string(),
    })
}

/// One item instance's usage dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemUsage {
    pub item: String,
    pub line: UsageLine,
    pub pool: UsagePool,
    #[serde(default)]
    pub useless: bool,
    /// The item is a light source (its card has a light output).
    #[serde(default)]
    pub light_source: bool,
    /// A light source is burning. Interpretation (not listed in the checklist's errata): a
    /// light source's "Dungeon turn" dice roll only while it is lit, since dousing it stops
    /// the burning (CR-UD-06); other items with that keyword always roll.
    #[serde(default)]
    pub lit: bool,
}

/// When an item's pool is being rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollOccasion {
    EndOfDungeonTurn,
    Activation,
    /// Dousing a light source whose dice roll at the end of a DT (CR-UD-06).
    Dousing,
}

impl ItemUsage {
    pub fn new(item: impl Into<String>, line: UsageLine) -> Result<Self, UsageError> {
        line.validate()?;
        let pool = UsagePool::full(line.dice);
        Ok(ItemUsage {
            item: item.into(),
            line,
            pool,
            useless: false,
            light_source: false,
            lit: false,
        })
    }

    pub fn state(&self) -> UsageState {
        if self.useless {
            UsageState::Useless
        } else if self.pool.is_empty() {
            // A pool at 0 without Useless cannot be used for its UD-limited function until
            // restored (CR-ERR-37); with no way back it simply stays so.
            UsageState::Depleted
        } else {
            UsageState::Usable
        }
    }

    /// Refuses using the item's UD-limited function when it is useless or depleted.
    pub fn check_usable(&self) -> Result<(), UsageError> {
        match self.state() {
            UsageState::Usable => Ok(()),
            UsageState::Depleted => Err(UsageError::Depleted(self.item.clone())),
            UsageState::Useless => Err(UsageError::Useless(self.item.clone())),
        }
    }

    /// Using the item rolls its pool only with the Activate keyword (CR-UD-05): anything else
    /// (a torch's pool rolls at the end of each dungeon turn) is refused, naming when it does.
    pub fn check_activation(&self) -> Result<(), UsageError> {
        self.check_usable()?;
        if self.line.has(UsageKeyword::Activate) {
            return Ok(());
        }
        let when = if self.line.has(UsageKeyword::DungeonTurn) {
            "at the end of each dungeon turn"
        } else if self.line.has(UsageKeyword::Rest) || self.line.has(UsageKeyword::Refuel) {
            "only as its card says (it is restored by a rest or refuelling)"
        } else {
            "only as its card says"
        };
        Err(UsageError::NotOnActivation(
            self.item.clone(),
            when.to_string(),
        ))
    }

    /// Whether the pool must be rolled on this occasion (CR-UD-05/06). Nothing is rolled for a
    /// useless or depleted item.
    pub fn rolls_on(&self, occasion: RollOccasion) -> bool {
        if self.state() != UsageState::Usable {
            return false;
        }
        match occasion {
            RollOccasion::EndOfDungeonTurn | RollOccasion::Dousing => {
                self.line.has(UsageKeyword::DungeonTurn) && (!self.light_source || self.lit)
            }
            RollOccasion::Activation => self.line.has(UsageKeyword::Activate),
        }
    }

    /// Marks the item as a light source (unlit).
    pub fn as_light_source(mut self) -> Self {
        self.light_source = true;
        self
    }

    /// Whether the source gives light now: lit, and its dice not spent. A torch burnt to 0
    /// usage dice is useless (CR-UD-05) and a lantern out of oil depleted (CR-ERR-37): neither
    /// shines, whatever `lit` still says.
    pub fn shines(&self) -> bool {
        self.lit && self.state() == UsageState::Usable
    }

    /// Lights the source; refused when its dice are spent.
    pub fn light(&mut self) -> Result<(), UsageError> {
        self.check_usable()?;
        self.lit = true;
        Ok(())
    }

    /// How many d6 the engine must roll now (0 when nothing is rolled).
    pub fn dice_to_roll(&self, occasion: RollOccasion) -> u8 {
        if self.rolls_on(occasion) {
            self.pool.current
        } else {
            0
        }
    }

    /// Rolls the pool with `faces` if this occasion rolls it; a pool reaching 0 makes a
    /// Useless item useless for good. Returns `None` when nothing is rolled.
    pub fn roll(
        &mut self,
        occasion: RollOccasion,
        faces: &[u8],
    ) -> Result<Option<PoolRoll>, UsageError> {
        if !self.rolls_on(occasion) {
            if faces.is_empty() {
                return Ok(None);
            }
            return Err(UsageError::WrongFaceCount {
                expected: 0,
                given: faces.len(),
            });
        }
        let r = self.pool.roll(faces)?;
        if r.exhausted && self.line.has(UsageKeyword::Useless) {
            self.useless = true;
        }
        Ok(Some(r))
    }

    /// Refuels with the named item (consumed by the caller) (CR-UD-05).
    pub fn refuel(&mut self, with: &str) -> Result<(), UsageError> {
        if self.useless {
            return Err(UsageError::Useless(self.item.clone()));
        }
        if !self.line.has(UsageKeyword::Refuel) {
            return Err(UsageError::NoRefuel(self.item.clone()));
        }
        let needed = self.line.refuel_with.clone().unwrap_or_default();
        if !needed.eq_ignore_ascii_case(with) {
            return Err(UsageError::WrongRefuelItem {
                item: self.item.clone(),
                needed,
                given: with.to_string(),
            });
        }
        self.pool.restore();
        Ok(())
    }

    /// The carrier finished a rest: a Rest line restores the pool (CR-UD-05). Returns whether
    /// it did.
    pub fn on_rest_finished(&mut self) -> bool {
        if self.line.has(UsageKeyword::Rest) && !self.useless {
            self.pool.restore();
            true
        } else {
            false
        }
    }
}

/// The usage dice of an effect (a spell's duration, a backlash…): always rolled at the end of
/// every dungeon turn; the effect ends at 0 (CR-UD-03/04). A spell's duration pool is separate
/// from its spellbook's (CR-ERR-18).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectUsage {
    pub effect: String,
    pub pool: UsagePool,
    /// The creature that maintains it (a spell it cast), if any: the effect ends when that
    /// creature dies (CR-DMG-15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl EffectUsage {
    pub fn new(effect: impl Into<String>, dice: u8) -> Self {
        EffectUsage {
            effect: effect.into(),
            pool: UsagePool::full(dice),
            source: None,
        }
    }

    /// Most usage dice an effect a command adds has.
    pub const MAX_DICE: u8 = 20;

    /// An effect a command adds: 1…[`Self::MAX_DICE`] usage dice (CR-UD-01).
    pub fn checked(effect: impl Into<String>, dice: u8) -> Result<Self, UsageError> {
        if dice == 0 || dice > Self::MAX_DICE {
            return Err(UsageError::BadEffectDice {
                dice,
                max: Self::MAX_DICE,
            });
        }
        Ok(Self::new(effect, dice))
    }

    /// An effect maintained by `source` (it ends when `source` dies, CR-DMG-15).
    pub fn maintained_by(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// End of the dungeon turn; returns whether the effect has ended.
    pub fn end_of_dungeon_turn(&mut self, faces: &[u8]) -> Result<bool, UsageError> {
        self.pool.roll(faces)?;
        Ok(self.pool.is_empty())
    }
}

/// Spellbook usage dice are rolled on every casting except a crit, backlash or not (CR-UD-08).
pub fn spellbook_rolls_on_casting(casting_crit: bool) -> bool {
    !casting_crit
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn line(dice: u8, keywords: &[UsageKeyword], refuel: Option<&str>) -> UsageLine {
        UsageLine {
            dice,
            keywords: keywords.to_vec(),
            refuel_with: refuel.map(str::to_string),
        }
    }

    #[test]
    fn cr_ud_01_pool_of_d6_with_max() {
        let p = UsagePool::full(3);
        assert_eq!((p.current, p.max), (3, 3));
        assert_eq!(
            UsagePool::new(4, 3),
            Err(UsageError::AboveMax { current: 4, max: 3 })
        );
        let mut p = UsagePool::full(2);
        assert_eq!(p.roll(&[7, 1]), Err(UsageError::BadFace(7)));
        assert_eq!(p.roll(&[0, 1]), Err(UsageError::BadFace(0)));
    }

    #[test]
    // Covers CR-UD-02.
    fn cr_ud_02_faces_1_and_2_remove_dice() {
        let mut p = UsagePool::full(3);
        let r = p.roll(&[1, 4, 2]).expect("three faces");
        assert_eq!((r.removed, r.remaining, r.exhausted), (2, 1, false));
        assert_eq!(p.current, 1);
        assert!(matches!(
            p.roll(&[3, 3]),
            Err(UsageError::WrongFaceCount {
                expected: 1,
                given: 2
            })
        ));
        // Every face value, one at a time.
        for face in 1..=6u8 {
            let mut p = UsagePool::full(1);
            let r = p.roll(&[face]).expect("one face");
            assert_eq!(r.removed, u8::from(face <= 2), "face {face}");
        }
    }

    #[test]
    // Covers CR-UD-03, CR-ERR-18.
    fn cr_ud_03_cr_err_18_effect_pool_ends_at_zero() {
        let mut e = EffectUsage::new("light spell", 2);
        assert_eq!(e.end_of_dungeon_turn(&[2, 5]), Ok(false));
        assert_eq!(e.end_of_dungeon_turn(&[1]), Ok(true));
    }

    #[test]
    fn cr_ud_04_effects_roll_every_dungeon_turn() {
        // An effect has no keywords: its pool is rolled at every end of a DT, whatever faces.
        let mut e = EffectUsage::new("backlash", 1);
        assert_eq!(e.end_of_dungeon_turn(&[6]), Ok(false));
        assert_eq!(e.end_of_dungeon_turn(&[6]), Ok(false));
        assert!(e.end_of_dungeon_turn(&[]).is_err());
    }

    #[test]
    fn cr_ud_05_keywords_table_every_row() {
        // Useless: at 0 the item is useless for good; nothing restores it.
        let mut lockpicks = ItemUsage::new(
            "lockpicks",
            line(1, &[UsageKeyword::Activate, UsageKeyword::Useless], None),
        )
        .expect("valid");
        assert_eq!(lockpicks.dice_to_roll(RollOccasion::EndOfDungeonTurn), 0);
        assert_eq!(lockpicks.dice_to_roll(RollOccasion::Activation), 1);
        lockpicks
            .roll(RollOccasion::Activation, &[2])
            .expect("rolled");
        assert_eq!(lockpicks.state(), UsageState::Useless);
        assert_eq!(
            lockpicks.check_usable(),
            Err(UsageError::Useless("lockpicks".into()))
        );
        assert!(!lockpicks.on_rest_finished());
        assert_eq!(lockpicks.roll(RollOccasion::Activation, &[]), Ok(None));

        // Refuel: the named item restores the pool.
        let mut lantern = ItemUsage::new(
            "lantern",
            line(
                2,
                &[UsageKeyword::DungeonTurn, UsageKeyword::Refuel],
                Some("lantern oil"),
            ),
        )
        .expect("valid");
        lantern
            .roll(RollOccasion::EndOfDungeonTurn, &[1, 2])
            .expect("rolled");
        assert_eq!(lantern.state(), UsageState::Depleted);
        assert!(matches!(
            lantern.refuel("rations"),
            Err(UsageError::WrongRefuelItem { .. })
        ));
        lantern.refuel("lantern oil").expect("refuelled");
        assert_eq!(lantern.pool, UsagePool::full(2));

        // Rest: finishing a rest restores the pool.
        let mut book =
            ItemUsage::new("spellbook", line(3, &[UsageKeyword::Rest], None)).expect("valid");
        book.pool.current = 0;
        assert_eq!(
            book.refuel("oil"),
            Err(UsageError::NoRefuel("spellbook".into()))
        );
        assert!(book.on_rest_finished());
        assert_eq!(book.pool.current, 3);

        // Activate: rolled on each use, not at the end of the DT.
        let mut wand = ItemUsage::new(
            "wand",
            line(2, &[UsageKeyword::Activate, UsageKeyword::Rest], None),
        )
        .expect("valid");
        assert_eq!(wand.roll(RollOccasion::EndOfDungeonTurn, &[]), Ok(None));
        assert!(wand.roll(RollOccasion::EndOfDungeonTurn, &[1]).is_err());
        let r = wand
            .roll(RollOccasion::Activation, &[1, 6])
            .expect("rolled")
            .expect("some");
        assert_eq!(r.remaining, 1);

        // Dungeon turn: rolled at the end of every DT.
        let mut torch = ItemUsage::new(
            "torch",
            line(3, &[UsageKeyword::DungeonTurn, UsageKeyword::Useless], None),
        )
        .expect("valid");
        assert_eq!(torch.dice_to_roll(RollOccasion::EndOfDungeonTurn), 3);
        assert_eq!(torch.dice_to_roll(RollOccasion::Activation), 0);
        torch
            .roll(RollOccasion::EndOfDungeonTurn, &[3, 4, 1])
            .expect("rolled");
        assert_eq!(torch.pool.current, 2);

        assert_eq!(
            ItemUsage::new("lamp", line(2, &[UsageKeyword::Refuel], None)),
            Err(UsageError::RefuelWithoutItem)
        );
    }

    #[test]
    fn cr_ud_06_dousing_rolls_dungeon_turn_dice() {
        let mut torch =
            ItemUsage::new("torch", line(3, &[UsageKeyword::DungeonTurn], None)).expect("valid");
        assert_eq!(torch.dice_to_roll(RollOccasion::Dousing), 3);
        torch
            .roll(RollOccasion::Dousing, &[1, 1, 5])
            .expect("rolled");
        assert_eq!(torch.pool.current, 1);
        let wand = ItemUsage::new("wand", line(2, &[UsageKeyword::Activate], None)).expect("valid");
        assert_eq!(wand.dice_to_roll(RollOccasion::Dousing), 0);
    }

    #[test]
    fn cr_ud_07_two_hours_outside_count_as_a_dungeon_turn() {
        // The explore family's clock outside a dungeon (`OutsideClock`).
        let mut o = crate::dungeon_turns::OutsideClock::default();
        assert_eq!(o.advance(60), 0);
        assert_eq!(o.advance(60), 1);
        assert_eq!(o.advance(5 * 60), 2);
        assert_eq!(o.advance(60), 1);
    }

    #[test]
    fn cr_ud_08_spellbook_dice_on_casting_except_crit() {
        assert!(spellbook_rolls_on_casting(false));
        assert!(!spellbook_rolls_on_casting(true));
    }

    #[test]
    // Covers CR-UD-09, CR-ERR-37.
    fn cr_ud_09_cr_err_37_depleted_refuel_or_rest_items() {
        let mut lantern = ItemUsage::new(
            "lantern",
            line(
                1,
                &[UsageKeyword::DungeonTurn, UsageKeyword::Refuel],
                Some("oil"),
            ),
        )
        .expect("valid");
        lantern
            .roll(RollOccasion::EndOfDungeonTurn, &[2])
            .expect("rolled");
        assert_eq!(
            lantern.check_usable(),
            Err(UsageError::Depleted("lantern".into()))
        );
        // A depleted item rolls nothing more.
        assert_eq!(lantern.dice_to_roll(RollOccasion::EndOfDungeonTurn), 0);
        lantern.refuel("oil").expect("ok");
        assert!(lantern.check_usable().is_ok());
    }

    #[test]
    fn cr_err_38_each_stacked_item_keeps_its_own_pool() {
        let l = line(3, &[UsageKeyword::DungeonTurn, UsageKeyword::Useless], None);
        let mut a = ItemUsage::new("torch", l.clone()).expect("valid");
        let b = ItemUsage::new("torch", l).expect("valid");
        a.roll(RollOccasion::EndOfDungeonTurn, &[1, 1, 1])
            .expect("rolled");
        assert_eq!(a.state(), UsageState::Useless);
        assert_eq!(b.state(), UsageState::Usable);
    }

    #[test]
    fn roll_d6s_gives_faces_1_to_6() {
        let mut rng = DiceRng::seed_from_u64(7);
        let faces = roll_d6s(&mut rng, 50);
        assert_eq!(faces.len(), 50);
        assert!(faces.iter().all(|f| (1..=6).contains(f)));
        assert!(faces.iter().any(|f| *f <= 2) && faces.iter().any(|f| *f >= 5));
    }
}
