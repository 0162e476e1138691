//! The three expertise tables of the rulebook (18 general, 6 spellcasting, 6 weapon) as data:
//! the names, categories and scopes every other rule refers to, and the refusals of the
//! expertise resource. Tests (`crate::test_roll`) name expertises from here; the rules that
//! spend them live in the parent module.

use serde::{Deserialize, Serialize};

/// The three categories (CR-EXP-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpertiseCategory {
    General,
    Spellcasting,
    Weapon,
}

/// The six spell disciplines (CR-EXP-06).
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
pub enum Discipline {
    Alteration,
    Benefaction,
    Conjuration,
    Elemental,
    Illusion,
    Necromancy,
}

/// The six weapon categories (CR-EXP-07).
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
pub enum WeaponCategory {
    Bashing,
    Bow,
    Chopping,
    Slashing,
    Stabbing,
    Unarmed,
}

/// Every expertise of the book. There is deliberately no "Climb" (CR-EXP-10, CR-ERR-05).
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
    strum::VariantNames,
)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum ExpertiseName {
    // General (CR-EXP-05), in book order.
    Alchemy,
    Athletics,
    Blacksmithing,
    Enchanting,
    Endurance,
    Gymnastics,
    HandlePet,
    HistoricalLore,
    Lift,
    MagicLore,
    MonsterLore,
    NatureLore,
    Navigate,
    PickLock,
    ReligiousLore,
    Search,
    Stealth,
    Thievery,
    // Spellcasting (CR-EXP-06).
    Alteration,
    Benefaction,
    Conjuration,
    Elemental,
    Illusion,
    Necromancy,
    // Weapon (CR-EXP-07).
    Bashing,
    Bow,
    Chopping,
    Slashing,
    Stabbing,
    Unarmed,
}

/// One row of the expertise tables: name, Russian name, category and scope (our words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ExpertiseRow {
    pub name: ExpertiseName,
    pub russian: &'static str,
    pub category: ExpertiseCategory,
    pub covers: &'static str,
}

const fn row(
    name: ExpertiseName,
    russian: &'static str,
    category: ExpertiseCategory,
    covers: &'static str,
) -> ExpertiseRow {
    ExpertiseRow {
        name,
        russian,
        category,
        covers,
    }
}

use ExpertiseCategory as C;
use ExpertiseName as N;

/// The 30 expertises in book order (CR-EXP-05/06/07).
pub const EXPERTISES: [ExpertiseRow; 30] = [
    row(
        N::Alchemy,
        "Алхимия",
        C::General,
        "potions, poisons and bombs",
    ),
    row(
        N::Athletics,
        "Атлетика",
        C::General,
        "climbing, jumping, swimming",
    ),
    row(
        N::Blacksmithing,
        "Кузнечное дело",
        C::General,
        "metal tools, armor, weapons",
    ),
    row(N::Enchanting, "Зачарование", C::General, "magic items"),
    row(
        N::Endurance,
        "Стойкость",
        C::General,
        "long hard physical or mental strain",
    ),
    row(
        N::Gymnastics,
        "Гимнастика",
        C::General,
        "unsteady or narrow footing, tumbling",
    ),
    row(
        N::HandlePet,
        "Обращение с питомцами",
        C::General,
        "dealing with pets",
    ),
    row(
        N::HistoricalLore,
        "Знание истории",
        C::General,
        "important past events",
    ),
    row(
        N::Lift,
        "Подъём тяжестей",
        C::General,
        "lifting, carrying, throwing heavy things",
    ),
    row(
        N::MagicLore,
        "Знание магии",
        C::General,
        "magic places, spells, items, phenomena",
    ),
    row(
        N::MonsterLore,
        "Знание монстров",
        C::General,
        "monsters' habits, strengths, weaknesses",
    ),
    row(
        N::NatureLore,
        "Знание природы",
        C::General,
        "plants, animals, weather",
    ),
    row(
        N::Navigate,
        "Ориентирование",
        C::General,
        "travelling without getting lost",
    ),
    row(
        N::PickLock,
        "Взлом замков",
        C::General,
        "opening a lock without its key",
    ),
    row(
        N::ReligiousLore,
        "Знание религии",
        C::General,
        "religious myths and rites",
    ),
    row(
        N::Search,
        "Поиск",
        C::General,
        "finding details and items around",
    ),
    row(N::Stealth, "Скрытность", C::General, "hiding and sneaking"),
    row(
        N::Thievery,
        "Воровство",
        C::General,
        "mechanisms, locks, pockets, sleight of hand",
    ),
    row(
        N::Alteration,
        "Преобразование",
        C::Spellcasting,
        "casting alteration spells",
    ),
    row(
        N::Benefaction,
        "Благодеяние",
        C::Spellcasting,
        "casting benefaction spells",
    ),
    row(
        N::Conjuration,
        "Призыв",
        C::Spellcasting,
        "casting conjuration spells",
    ),
    row(
        N::Elemental,
        "Стихии",
        C::Spellcasting,
        "casting elemental spells",
    ),
    row(
        N::Illusion,
        "Иллюзии",
        C::Spellcasting,
        "casting illusion spells",
    ),
    row(
        N::Necromancy,
        "Некромантия",
        C::Spellcasting,
        "casting necromancy spells",
    ),
    row(
        N::Bashing,
        "Дробящее",
        C::Weapon,
        "attacks with bashing weapons",
    ),
    row(N::Bow, "Лук", C::Weapon, "attacks with bows"),
    row(
        N::Chopping,
        "Рубящее",
        C::Weapon,
        "attacks with chopping weapons",
    ),
    row(
        N::Slashing,
        "Режущее",
        C::Weapon,
        "attacks with slashing weapons",
    ),
    row(
        N::Stabbing,
        "Колющее",
        C::Weapon,
        "attacks with stabbing weapons",
    ),
    row(
        N::Unarmed,
        "Без оружия",
        C::Weapon,
        "attacks with natural weapons",
    ),
];

impl ExpertiseName {
    /// The table row of this expertise.
    pub fn row(self) -> &'static ExpertiseRow {
        // The table lists every variant once, in declaration order (tested).
        &EXPERTISES[self as usize]
    }

    pub fn category(self) -> ExpertiseCategory {
        self.row().category
    }

    /// The discipline a spellcasting expertise covers.
    pub fn discipline(self) -> Option<Discipline> {
        Some(match self {
            N::Alteration => Discipline::Alteration,
            N::Benefaction => Discipline::Benefaction,
            N::Conjuration => Discipline::Conjuration,
            N::Elemental => Discipline::Elemental,
            N::Illusion => Discipline::Illusion,
            N::Necromancy => Discipline::Necromancy,
            _ => return None,
        })
    }

    /// The weapon category a weapon expertise covers.
    pub fn weapon_category(self) -> Option<WeaponCategory> {
        Some(match self {
            N::Bashing => WeaponCategory::Bashing,
            N::Bow => WeaponCategory::Bow,
            N::Chopping => WeaponCategory::Chopping,
            N::Slashing => WeaponCategory::Slashing,
            N::Stabbing => WeaponCategory::Stabbing,
            N::Unarmed => WeaponCategory::Unarmed,
            _ => return None,
        })
    }
}

/// Errors of the expertise resource.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum ExpertiseError {
    #[error("the creature has no {} expertise (CR-EXP-02)", crate::refusal::said(.0))]
    #[strum(props(rule = "CR-EXP-02"))]
    NotKnown(ExpertiseName),
    #[error("{} has no uses left until the next rest (CR-EXP-02)", crate::refusal::said(.0))]
    #[strum(props(rule = "CR-EXP-02"))]
    NoUsesLeft(ExpertiseName),
    #[error("the Referee rejected {} for this test (CR-EXP-09)", crate::refusal::said(.0))]
    #[strum(props(rule = "CR-EXP-09"))]
    RejectedByReferee(ExpertiseName),
    #[error(
        "{creature} has no {} expertise to settle this without a test (CR-EXP-11)",
        crate::refusal::said(.expertise)
    )]
    #[strum(props(rule = "CR-EXP-11"))]
    NoWaiver {
        creature: String,
        expertise: ExpertiseName,
    },
}

crate::refusal::refusal!(ExpertiseError, "expertise");
