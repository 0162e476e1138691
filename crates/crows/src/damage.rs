//! Damage and death («Урон и смерть», «Защита доспеха», «Пробивающий урон», «Выносливость»,
//! «Раны»).
//!
//! One instance of damage goes, in order: extra vulnerable dice (CR-COND-06, CR-ERR-30) →
//! Armor Defense of the worn armor and held shields, in the order the owner chose (CR-DMG-02/03,
//! CR-ERR-19/20; piercing damage skips it, CR-DMG-05) → Stamina (CR-DMG-06) → wounds for crows,
//! humans and animals (CR-DMG-10), or death / a knock-out offer for the Referee's creatures
//! (CR-DMG-07/08). Where a person must choose (armor order, wound slots, the Referee's answer
//! to a knock-out request) the function returns a [`WorldDecision`] and changes nothing, or
//! leaves the rest pending; the engine asks and calls back.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::{Creature, DeathRule, Object};
use crate::inventory::NATURAL_ARMOR;
use crate::inventory::{InventoryError, ItemId, WoundKind};
pub use crate::test_roll::decision::Decider;
use crate::world_options::{DamageCarryOver, WorldOptions};

/// One instance of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damage {
    pub amount: u16,
    /// "P" on a card: ignores Armor Defense (CR-DMG-05, CR-ERR-09).
    #[serde(default)]
    pub piercing: bool,
}

impl Damage {
    pub fn normal(amount: u16) -> Self {
        Damage {
            amount,
            piercing: false,
        }
    }
    pub fn piercing(amount: u16) -> Self {
        Damage {
            amount,
            piercing: true,
        }
    }
}

/// A hit as it arrives, with the faces the engine rolled for extra dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    pub damage: Damage,
    /// One d6 face per extra die the target's conditions add (vulnerable: 1).
    #[serde(default)]
    pub vulnerable_faces: Vec<u8>,
    /// Doubled (backlash 15–16 / 57–58): applied after additions (CR-ERR-30).
    #[serde(default)]
    pub doubled: bool,
    /// Dealt by a player's creature: reaching 0 Stamina offers a knock-out (CR-DMG-08).
    #[serde(default)]
    pub by_player: bool,
}

/// A choice the engine must ask for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum WorldDecision {
    /// The damaged creature picks the order in which its AD items lose AD (CR-DMG-03).
    ArmorOrder {
        decider: Decider,
        creature: String,
        items: Vec<ItemId>,
    },
    /// The wounded character picks a backpack slot for each wound (CR-DMG-11).
    WoundSlots {
        decider: Decider,
        creature: String,
        count: u16,
        /// The kind of wound to place (starvation wounds are tracked apart, CR-HAZ-03).
        kind: WoundKind,
        free_slots: Vec<u8>,
        /// Items the character must drop first to make room (only with the CR-ERR-11
        /// alternative, where wounds go in empty slots only).
        make_room: u16,
    },
    /// A player asked to knock the creature out instead of killing it (CR-DMG-08).
    KnockOut { decider: Decider, creature: String },
}

impl WorldDecision {
    /// The requirement behind the decision.
    pub fn rule(&self) -> &'static str {
        match self {
            WorldDecision::ArmorOrder { .. } => "CR-DMG-03",
            WorldDecision::WoundSlots { .. } => "CR-DMG-11",
            WorldDecision::KnockOut { .. } => "CR-DMG-08",
        }
    }
}

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
pub enum DamageError {
    #[error("CR-CORE-05: {0} is dead; damage goes to its corpse as an object")]
    #[strum(props(rule = "CR-CORE-05"))]
    Dead(String),
    #[error("CR-COND-06: {expected} extra d6 face(s) needed for vulnerable, {given} given")]
    #[strum(props(rule = "CR-COND-06"))]
    WrongExtraDice { expected: u8, given: usize },
    #[error("CR-DICE-01: a d6 face must be 1-6, got {0}")]
    #[strum(props(rule = "CR-DICE-01"))]
    BadD6(u8),
    #[error("CR-DMG-03: the armor order must list each AD item ({}) once", crate::refusal::said(.expected))]
    #[strum(props(rule = "CR-DMG-03"))]
    BadArmorOrder { expected: Vec<ItemId> },
    #[error("CR-DMG-11: {expected} wound slot(s) to choose, {given} given")]
    #[strum(props(rule = "CR-DMG-11"))]
    WrongWoundCount { expected: u16, given: usize },
    #[error("CR-DMG-08: no knock-out request is pending for {0}")]
    #[strum(props(rule = "CR-DMG-08"))]
    NoKnockOutPending(String),
    #[error("CR-DMG-04: {0} has no Armor Defense")]
    #[strum(props(rule = "CR-DMG-04"))]
    NotArmor(ItemId),
    #[error("no backpack slot can take the wound (drop an item first)")]
    #[strum(props(rule = "CR-ERR-11"))]
    NoWoundSlot,
    #[error("an object's id is 1…{max} characters (CR-DMG-09)")]
    #[strum(props(rule = "CR-DMG-09"))]
    BadObjectId { max: usize },
    #[error("name the object in 1…{max} characters (CR-DMG-09)")]
    #[strum(props(rule = "CR-DMG-09"))]
    BadObjectName { max: usize },
    #[error("`{id}` is a creature's id: an object needs its own (CR-DMG-09)")]
    #[strum(props(rule = "CR-DMG-09"))]
    ObjectIdTaken { id: String },
    #[error("a table holds at most {max} objects (limits.objects)")]
    #[strum(props(rule = "limits.objects"))]
    TooManyObjects { max: usize },
    #[error(
        "an object with Stamina starts above 0; leave `stamina` out for a structure \
         that takes no damage (CR-DMG-09, CR-CORE-07)"
    )]
    #[strum(props(rule = "CR-DMG-09"))]
    ZeroStamina,
    #[error("no object `{id}` is in play (place_object first) (CR-DMG-09)")]
    #[strum(props(rule = "CR-DMG-09"))]
    NoObject { id: String },
    #[error("{item} is already destroyed (CR-DMG-09)")]
    #[strum(props(rule = "CR-DMG-09"))]
    Destroyed { item: String },
    #[error(
        "{object} has no Stamina: a structure takes no damage unless a rule says so \
         (CR-CORE-07)"
    )]
    #[strum(props(rule = "CR-CORE-07"))]
    NoStamina { object: String },
    #[error("{object} is an object: objects take no conditions (CR-DMG-09)")]
    #[strum(props(rule = "CR-DMG-09"))]
    ObjectTakesNoConditions { object: String },
    #[error(transparent)]
    Inventory(#[from] InventoryError),
}

crate::refusal::refusal!(DamageError, "damage"; inventory => Inventory);

/// Most objects one table holds (each is a few hundred bytes of state and view).
pub const MAX_OBJECTS: usize = 1_000;

/// The longest object id (characters).
pub const MAX_OBJECT_ID: usize = 64;

/// The backpack slots a wound may go into (CR-DMG-11 with the CR-ERR-11 option), refused
/// when there are none.
pub fn wound_slots(creature: &Creature) -> Result<Vec<u8>, DamageError> {
    let free = creature.inventory.free_wound_slots();
    if free.is_empty() {
        return Err(DamageError::NoWoundSlot);
    }
    Ok(free)
}

/// What the Referee puts into play as object `id` (CR-DMG-09): an id of its own
/// (`id_taken`: a creature's or a corpse's) of 1…[`MAX_OBJECT_ID`] characters, a name of
/// 1…`max_name`, room at the table unless it replaces one (`is_new`, `count`), and Stamina
/// above 0 when it has any (none: a structure, CR-CORE-07). `id` and `name` come trimmed.
pub fn may_place_object(
    id: &str,
    name: &str,
    max_name: usize,
    id_taken: bool,
    is_new: bool,
    count: usize,
    stamina: Option<u16>,
) -> Result<(), DamageError> {
    if id.is_empty() || id.chars().count() > MAX_OBJECT_ID {
        return Err(DamageError::BadObjectId { max: MAX_OBJECT_ID });
    }
    if name.is_empty() || name.chars().count() > max_name {
        return Err(DamageError::BadObjectName { max: max_name });
    }
    if id_taken {
        return Err(DamageError::ObjectIdTaken { id: id.to_string() });
    }
    if is_new && count >= MAX_OBJECTS {
        return Err(DamageError::TooManyObjects { max: MAX_OBJECTS });
    }
    if stamina == Some(0) {
        return Err(DamageError::ZeroStamina);
    }
    Ok(())
}

/// The object `id` damage goes to (CR-DMG-09): one in play, not destroyed, with Stamina (a
/// structure takes none unless a rule says so, CR-CORE-07).
pub fn damageable<'a>(id: &str, object: Option<&'a Object>) -> Result<&'a Object, DamageError> {
    let object = object.ok_or_else(|| DamageError::NoObject { id: id.to_string() })?;
    if object.destroyed {
        return Err(DamageError::Destroyed {
            item: object.name.clone(),
        });
    }
    if object.stamina.is_none() {
        return Err(DamageError::NoStamina {
            object: object.name.clone(),
        });
    }
    Ok(object)
}

/// Objects take no conditions (CR-DMG-09): refused when the id names `object`.
pub fn no_conditions(object: Option<&Object>) -> Result<(), DamageError> {
    match object {
        Some(o) => Err(DamageError::ObjectTakesNoConditions {
            object: o.name.clone(),
        }),
        None => Ok(()),
    }
}

/// What one instance of damage did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageReport {
    /// Total after extra dice and doubling.
    pub total: u16,
    pub piercing: bool,
    pub armor_lost: Vec<(ItemId, u16)>,
    pub stamina_lost: u16,
    /// Damage left after Stamina: wounds to place, or nothing for creatures that die at 0.
    pub wounds_pending: u16,
    pub woke_up: bool,
    pub outcome: DamageOutcome,
}

/// Where the creature stands after the damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum DamageOutcome {
    Alive,
    /// Wounds must be placed: ask the character (the decision lists the free slots).
    PlaceWounds(WorldDecision),
    /// A player may ask the Referee to knock it out instead of killing it.
    KnockOutOffered(WorldDecision),
    Died,
}

/// Result of [`take_damage`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageStep {
    /// Nothing changed: ask this first, then call again with the answer.
    NeedsDecision(WorldDecision),
    Applied(DamageReport),
}

fn check_d6(face: u8) -> Result<u16, DamageError> {
    if (1..=6).contains(&face) {
        Ok(u16::from(face))
    } else {
        Err(DamageError::BadD6(face))
    }
}

/// The total and type of a hit after the extra vulnerable dice and doubling (CR-COND-06,
/// CR-ERR-30: same type as the triggering damage by default; additions before doubling).
pub fn hit_total(
    creature: &Creature,
    hit: &Hit,
    options: &WorldOptions,
) -> Result<Damage, DamageError> {
    let expected = creature.conditions.extra_damage_dice();
    if hit.vulnerable_faces.len() != usize::from(expected) {
        return Err(DamageError::WrongExtraDice {
            expected,
            given: hit.vulnerable_faces.len(),
        });
    }
    let mut extra = 0u16;
    for f in &hit.vulnerable_faces {
        extra = extra.saturating_add(check_d6(*f)?);
    }
    // With the alternative reading the extra dice are non-piercing: when the hit itself is
    // piercing they are a separate non-piercing amount; callers use `extra_split`.
    let mut amount = hit.damage.amount;
    if options.vulnerable_extra_matches_type || !hit.damage.piercing {
        amount = amount.saturating_add(extra);
    }
    if hit.doubled {
        amount = amount.saturating_mul(2);
    }
    Ok(Damage {
        amount,
        piercing: hit.damage.piercing,
    })
}

/// Applies one hit to a creature (see the module docs for the order). When the creature has
/// more than one AD item with AD left and `armor_order` is `None`, nothing changes and the
/// armor-order decision is returned.
pub fn take_damage(
    creature: &mut Creature,
    hit: &Hit,
    armor_order: Option<&[ItemId]>,
    options: &WorldOptions,
) -> Result<DamageStep, DamageError> {
    if !creature.alive {
        return Err(DamageError::Dead(creature.name.clone()));
    }
    let main = hit_total(creature, hit, options)?;
    // CR-ERR-30 alternative: piercing hit, extra dice non-piercing → applied as a second step.
    let separate_extra: u16 = if !options.vulnerable_extra_matches_type && hit.damage.piercing {
        let mut e = 0u16;
        for f in &hit.vulnerable_faces {
            e = e.saturating_add(check_d6(*f)?);
        }
        if hit.doubled { e.saturating_mul(2) } else { e }
    } else {
        0
    };

    let mut sources: Vec<ItemId> = creature
        .inventory
        .armor_defense_items(options.armor_defense_sources)
        .into_iter()
        .filter(|id| {
            creature
                .inventory
                .item(*id)
                .and_then(|i| i.armor)
                .is_some_and(|a| a.current > 0)
        })
        .collect();
    if creature.natural_armor.is_some_and(|a| a.current > 0) {
        sources.push(NATURAL_ARMOR);
    }
    let needs_armor = !sources.is_empty() && (!main.piercing || separate_extra > 0);
    let order: Vec<ItemId> = match (needs_armor, sources.len(), armor_order) {
        (false, _, _) => Vec::new(),
        (true, 1, _) => sources.clone(),
        (true, _, None) => {
            return Ok(DamageStep::NeedsDecision(WorldDecision::ArmorOrder {
                decider: decider_of(creature),
                creature: creature.name.clone(),
                items: sources,
            }));
        }
        (true, _, Some(order)) => {
            let mut a: Vec<ItemId> = order.to_vec();
            let mut b = sources.clone();
            a.sort();
            b.sort();
            if a != b {
                return Err(DamageError::BadArmorOrder { expected: sources });
            }
            order.to_vec()
        }
    };

    let woke_up =
        (main.amount > 0 || separate_extra > 0) && creature.conditions.on_damage_taken(options);

    let mut armor_lost = Vec::new();
    let mut to_stamina = 0u16;
    for (amount, piercing) in [(main.amount, main.piercing), (separate_extra, false)] {
        let mut left = amount;
        if !piercing {
            for id in &order {
                if left == 0 {
                    break;
                }
                let slot = if *id == NATURAL_ARMOR {
                    creature.natural_armor.as_mut()
                } else {
                    creature
                        .inventory
                        .item_mut(*id)
                        .and_then(|i| i.armor.as_mut())
                };
                let Some(armor) = slot else {
                    continue;
                };
                if armor.current == 0 {
                    continue;
                }
                let absorbed = left.min(armor.current);
                armor.current -= absorbed;
                armor_lost.push((*id, absorbed));
                left -= absorbed;
                if options.damage_carry_over == DamageCarryOver::ArmorAbsorbsWholeHit {
                    left = 0;
                }
            }
        }
        to_stamina = to_stamina.saturating_add(left);
    }

    let stamina_lost = to_stamina.min(creature.stamina);
    creature.stamina -= stamina_lost;
    let rest = to_stamina - stamina_lost;
    let total = main.amount.saturating_add(separate_extra);

    let mut report = DamageReport {
        total,
        piercing: main.piercing,
        armor_lost,
        stamina_lost,
        wounds_pending: 0,
        woke_up,
        outcome: DamageOutcome::Alive,
    };
    match creature.death_rule() {
        DeathRule::TakesWounds => {
            if rest > 0 {
                report.wounds_pending = rest;
                report.outcome = wounds_arrive(creature, rest, WoundKind::Normal);
            }
        }
        DeathRule::DiesAtZeroStamina => {
            if creature.stamina == 0 && (stamina_lost > 0 || rest > 0) {
                if hit.by_player {
                    report.outcome = DamageOutcome::KnockOutOffered(WorldDecision::KnockOut {
                        decider: Decider::Referee,
                        creature: creature.name.clone(),
                    });
                } else {
                    die(creature);
                    report.outcome = DamageOutcome::Died;
                }
            }
        }
    }
    Ok(DamageStep::Applied(report))
}

fn decider_of(creature: &Creature) -> Decider {
    if creature.kind.referee_controlled() {
        Decider::Referee
    } else {
        Decider::Player
    }
}

fn die(creature: &mut Creature) {
    creature.alive = false;
}

/// Places pending wounds in the slots the character chose (CR-DMG-11) and reports death when
/// every backpack slot holds a wound (CR-DMG-13). Validates everything before placing.
pub fn place_wounds(
    creature: &mut Creature,
    count: u16,
    slots: &[u8],
    kind: WoundKind,
) -> Result<bool, DamageError> {
    if slots.len() != usize::from(count) {
        return Err(DamageError::WrongWoundCount {
            expected: count,
            given: slots.len(),
        });
    }
    let mut next = creature.inventory.clone();
    for s in slots {
        next.place_wound(*s, kind)?;
    }
    creature.inventory = next;
    if creature.inventory.all_backpack_slots_wounded() {
        die(creature);
    }
    Ok(!creature.alive)
}

/// Wounds arriving (damage at 0 Stamina, starvation, magic-slot overload, backlashes). When
/// they are at least the backpack slots still without a wound, every slot gets one whatever
/// the choice and the creature dies (CR-DMG-13); otherwise the character picks the slots
/// (CR-DMG-11): place them with [`place_wounds`].
pub fn wounds_arrive(creature: &mut Creature, count: u16, kind: WoundKind) -> DamageOutcome {
    if count == 0 {
        return DamageOutcome::Alive;
    }
    let unwounded = creature.inventory.unwounded_slots();
    if usize::from(count) >= unwounded.len() {
        creature.inventory.wound_every_slot(kind);
        die(creature);
        return DamageOutcome::Died;
    }
    let free = creature.inventory.free_wound_slots();
    let free_count = u16::try_from(free.len()).unwrap_or(u16::MAX);
    DamageOutcome::PlaceWounds(WorldDecision::WoundSlots {
        decider: decider_of(creature),
        creature: creature.name.clone(),
        count,
        kind,
        make_room: count.saturating_sub(free_count),
        free_slots: free,
    })
}

/// Wounds gained outside damage (CR-DMG-14): the same as [`wounds_arrive`].
pub fn gain_wounds(creature: &mut Creature, count: u16, kind: WoundKind) -> DamageOutcome {
    wounds_arrive(creature, count, kind)
}

/// The Referee's answer to a knock-out request (CR-DMG-08, CR-REF-15): yes → Stamina 1 and
/// unconscious until the end of the dungeon turn; no → the creature dies.
pub fn resolve_knock_out(
    creature: &mut Creature,
    referee_agrees: bool,
) -> Result<bool, DamageError> {
    if !creature.alive || creature.stamina != 0 {
        return Err(DamageError::NoKnockOutPending(creature.name.clone()));
    }
    if referee_agrees {
        creature.stamina = 1;
        creature.conditions.knock_out();
    } else {
        die(creature);
    }
    Ok(creature.alive)
}

/// Repair Armor: the item's AD is restored to full (CR-DMG-04, CR-RACT-07). An item at 0 AD
/// is not destroyed, it just stops no damage.
pub fn repair_armor(creature: &mut Creature, id: ItemId) -> Result<(), DamageError> {
    if id == NATURAL_ARMOR {
        let armor = creature
            .natural_armor
            .as_mut()
            .ok_or(DamageError::NotArmor(id))?;
        armor.current = armor.max;
        return Ok(());
    }
    let item = creature
        .inventory
        .item_mut(id)
        .ok_or(DamageError::Inventory(InventoryError::UnknownItem(id)))?;
    let armor = item.armor.as_mut().ok_or(DamageError::NotArmor(id))?;
    armor.current = armor.max;
    Ok(())
}

/// Damage to an object: Stamina down, destroyed at 0; never conditions (CR-DMG-09).
/// Structures without Stamina take no damage unless a rule says so (CR-CORE-07). Returns
/// whether the object is destroyed.
pub fn damage_object(object: &mut Object, amount: u16) -> bool {
    if let Some(st) = object.stamina.as_mut() {
        *st = st.saturating_sub(amount);
        if *st == 0 {
            object.destroyed = true;
        }
    }
    object.destroyed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::ConditionKind;
    use crate::creature::{
        ArmorDefenseSources, Characteristics, CreatureKind, Magic, Size, Speeds,
    };
    use crate::inventory::{ArmorKind, CarriedItem, InventoryLayout, SlotRef, Timing};

    fn crow(stamina: u16) -> Creature {
        let mut c = Creature::new_crow("Vasa", 0, 0, 1, stamina, 5).expect("valid");
        c.stamina = stamina;
        c
    }

    fn monster(stamina: u16) -> Creature {
        Creature::new(
            "ghoul",
            CreatureKind::Monster,
            Characteristics::default(),
            stamina,
            Speeds {
                walk: 5,
                ..Speeds::default()
            },
            Size::Medium,
            InventoryLayout::NONE,
        )
    }

    fn armored(c: &mut Creature, armor: u16, shield: Option<u16>) {
        c.inventory
            .add(
                CarriedItem::new(ItemId(1), "mail", 2).with_armor(ArmorKind::Armor, armor),
                &[SlotRef::backpack(1), SlotRef::backpack(2)],
            )
            .expect("fits");
        c.inventory
            .declare_worn_armor(ItemId(1), Timing::OutsideCombatRounds)
            .expect("worn");
        if let Some(s) = shield {
            c.inventory
                .add(
                    CarriedItem::new(ItemId(2), "shield", 1).with_armor(ArmorKind::Shield, s),
                    &[SlotRef::hand(1)],
                )
                .expect("fits");
        }
    }

    fn hit(amount: u16) -> Hit {
        Hit {
            damage: Damage::normal(amount),
            vulnerable_faces: vec![],
            doubled: false,
            by_player: false,
        }
    }

    fn applied(step: DamageStep) -> DamageReport {
        match step {
            DamageStep::Applied(r) => r,
            DamageStep::NeedsDecision(d) => panic!("unexpected decision {d:?}"),
        }
    }

    fn o() -> WorldOptions {
        WorldOptions::default()
    }

    #[test]
    fn cr_dmg_01_stamina_armor_and_wounds() {
        let mut c = crow(4);
        armored(&mut c, 2, None);
        let r = applied(take_damage(&mut c, &hit(1), None, &o()).expect("ok"));
        assert_eq!(r.armor_lost, vec![(ItemId(1), 1)]);
        assert_eq!(c.stamina, 4);
        assert_eq!(c.death_rule(), DeathRule::TakesWounds);
    }

    #[test]
    fn cr_dmg_02_damage_goes_to_armor_defense_first() {
        let mut c = crow(5);
        armored(&mut c, 3, None);
        let r = applied(take_damage(&mut c, &hit(2), None, &o()).expect("ok"));
        assert_eq!(r.stamina_lost, 0);
        assert_eq!(
            c.inventory
                .item(ItemId(1))
                .and_then(|i| i.armor)
                .map(|a| a.current),
            Some(1)
        );
    }

    #[test]
    fn cr_dmg_03_owner_chooses_armor_order() {
        let mut c = crow(5);
        armored(&mut c, 3, Some(1));
        let before = c.clone();
        let step = take_damage(&mut c, &hit(2), None, &o()).expect("ok");
        match step {
            DamageStep::NeedsDecision(d) => {
                assert_eq!(d.rule(), "CR-DMG-03");
                assert!(
                    matches!(d, WorldDecision::ArmorOrder { decider: Decider::Player, ref items, .. } if items.len() == 2)
                );
            }
            other => panic!("expected a decision, got {other:?}"),
        }
        assert_eq!(c, before, "nothing changes before the answer");
        assert!(matches!(
            take_damage(&mut c, &hit(2), Some(&[ItemId(2)]), &o()),
            Err(DamageError::BadArmorOrder { .. })
        ));
        let r =
            applied(take_damage(&mut c, &hit(2), Some(&[ItemId(2), ItemId(1)]), &o()).expect("ok"));
        assert_eq!(r.armor_lost, vec![(ItemId(2), 1), (ItemId(1), 1)]);
    }

    #[test]
    fn cr_dmg_02_natural_armor_defense_of_monsters() {
        let mut m = monster(4);
        m.natural_armor = Some(crate::inventory::ArmorDefense {
            kind: ArmorKind::Armor,
            max: 2,
            current: 2,
        });
        let r = applied(take_damage(&mut m, &hit(3), None, &o()).expect("ok"));
        assert_eq!(r.armor_lost, vec![(NATURAL_ARMOR, 2)]);
        assert_eq!(m.stamina, 3);
        repair_armor(&mut m, NATURAL_ARMOR).expect("ok");
        assert_eq!(m.natural_armor.map(|a| a.current), Some(2));
    }

    #[test]
    fn cr_dmg_04_armor_at_zero_stops_nothing_until_repaired() {
        let mut c = crow(5);
        armored(&mut c, 1, None);
        applied(take_damage(&mut c, &hit(1), None, &o()).expect("ok"));
        let r = applied(take_damage(&mut c, &hit(2), None, &o()).expect("ok"));
        assert!(r.armor_lost.is_empty());
        assert_eq!(c.stamina, 3);
        assert!(c.inventory.item(ItemId(1)).is_some(), "not destroyed");
        repair_armor(&mut c, ItemId(1)).expect("ok");
        assert_eq!(
            c.inventory
                .item(ItemId(1))
                .and_then(|i| i.armor)
                .map(|a| a.current),
            Some(1)
        );
    }

    #[test]
    fn cr_dmg_05_piercing_ignores_armor() {
        let mut c = crow(3);
        armored(&mut c, 3, Some(2));
        let h = Hit {
            damage: Damage::piercing(5),
            ..hit(0)
        };
        // No armor-order question for piercing damage.
        let r = applied(take_damage(&mut c, &h, None, &o()).expect("ok"));
        assert!(r.armor_lost.is_empty());
        assert_eq!(c.stamina, 0);
        assert_eq!(r.wounds_pending, 2);
    }

    #[test]
    fn cr_dmg_06_carry_over_armor_stamina_wounds() {
        let mut c = crow(3);
        armored(&mut c, 2, None);
        let r = applied(take_damage(&mut c, &hit(7), None, &o()).expect("ok"));
        assert_eq!(r.armor_lost, vec![(ItemId(1), 2)]);
        assert_eq!(r.stamina_lost, 3);
        assert_eq!(r.wounds_pending, 2);
        assert!(matches!(
            r.outcome,
            DamageOutcome::PlaceWounds(WorldDecision::WoundSlots { count: 2, .. })
        ));
    }

    #[test]
    fn cr_err_19_armor_absorbs_whole_hit_option() {
        let mut c = crow(3);
        armored(&mut c, 2, None);
        let alt = WorldOptions {
            damage_carry_over: DamageCarryOver::ArmorAbsorbsWholeHit,
            ..o()
        };
        let r = applied(take_damage(&mut c, &hit(7), None, &alt).expect("ok"));
        assert_eq!(r.armor_lost, vec![(ItemId(1), 2)]);
        assert_eq!(c.stamina, 3);
    }

    #[test]
    fn cr_err_20_carried_armor_gives_no_defense_by_default() {
        let mut c = crow(3);
        c.inventory
            .add(
                CarriedItem::new(ItemId(5), "shield", 1).with_armor(ArmorKind::Shield, 2),
                &[SlotRef::belt(1)],
            )
            .expect("fits");
        let r = applied(take_damage(&mut c, &hit(2), None, &o()).expect("ok"));
        assert!(r.armor_lost.is_empty());
        assert_eq!(c.stamina, 1);
        let alt = WorldOptions {
            armor_defense_sources: ArmorDefenseSources::AnyCarried,
            ..o()
        };
        let r = applied(take_damage(&mut c, &hit(2), None, &alt).expect("ok"));
        assert_eq!(r.armor_lost, vec![(ItemId(5), 2)]);
    }

    #[test]
    fn cr_dmg_07_referee_creature_dies_at_zero() {
        let mut m = monster(3);
        let r = applied(take_damage(&mut m, &hit(3), None, &o()).expect("ok"));
        assert_eq!(r.outcome, DamageOutcome::Died);
        assert!(!m.alive);
        assert!(matches!(
            take_damage(&mut m, &hit(1), None, &o()),
            Err(DamageError::Dead(_))
        ));
        let mut m = monster(3);
        let r = applied(take_damage(&mut m, &hit(2), None, &o()).expect("ok"));
        assert_eq!(r.outcome, DamageOutcome::Alive);
    }

    #[test]
    fn cr_dmg_08_knock_out_instead_of_killing() {
        let mut m = monster(3);
        let h = Hit {
            by_player: true,
            ..hit(5)
        };
        let r = applied(take_damage(&mut m, &h, None, &o()).expect("ok"));
        let DamageOutcome::KnockOutOffered(d) = r.outcome else {
            panic!("expected a knock-out offer");
        };
        assert_eq!(d.rule(), "CR-DMG-08");
        assert!(m.alive, "no death before the Referee answers");
        assert_eq!(resolve_knock_out(&mut m, true), Ok(true));
        assert_eq!(m.stamina, 1);
        assert!(m.conditions.has(ConditionKind::Unconscious));
        // Comes to at the end of the dungeon turn.
        m.conditions.end_of_dungeon_turn(&o());
        assert!(!m.conditions.has(ConditionKind::Unconscious));
        // Refused: dies.
        let mut m = monster(3);
        applied(take_damage(&mut m, &h, None, &o()).expect("ok"));
        assert_eq!(resolve_knock_out(&mut m, false), Ok(false));
        assert!(!m.alive);
        assert!(matches!(
            resolve_knock_out(&mut monster(3), true),
            Err(DamageError::NoKnockOutPending(_))
        ));
    }

    #[test]
    fn cr_dmg_09_objects_destroyed_at_zero() {
        let mut door = Object {
            name: "door".into(),
            size: Size::Medium,
            magic: Magic::Mundane,
            stamina: Some(5),
            destroyed: false,
            corpse: None,
        };
        assert!(!damage_object(&mut door, 4));
        assert!(damage_object(&mut door, 4));
        assert_eq!(door.stamina, Some(0));
    }

    #[test]
    fn cr_core_07_structures_take_no_damage() {
        let mut wall = Object {
            name: "wall".into(),
            size: Size::HolyShit,
            magic: Magic::Mundane,
            stamina: None,
            destroyed: false,
            corpse: None,
        };
        assert!(!damage_object(&mut wall, 100));
    }

    #[test]
    fn cr_dmg_10_wounds_per_point_at_zero() {
        let mut c = crow(0);
        let r = applied(take_damage(&mut c, &hit(3), None, &o()).expect("ok"));
        assert_eq!(r.wounds_pending, 3);
        // Hirelings and animals too (CR-ERR-10 default).
        let mut dog = monster(0);
        dog.kind = CreatureKind::Animal;
        dog.inventory = crate::inventory::Inventory::new(InventoryLayout {
            hands: 0,
            belt: 0,
            backpack: 4,
        });
        let r = applied(take_damage(&mut dog, &hit(2), None, &o()).expect("ok"));
        assert_eq!(r.wounds_pending, 2);
    }

    #[test]
    fn cr_dmg_11_character_chooses_wound_slots() {
        let mut c = crow(0);
        applied(take_damage(&mut c, &hit(2), None, &o()).expect("ok"));
        assert!(matches!(
            place_wounds(&mut c, 2, &[4], WoundKind::Normal),
            Err(DamageError::WrongWoundCount { .. })
        ));
        assert!(place_wounds(&mut c, 2, &[4, 4], WoundKind::Normal).is_err());
        assert_eq!(
            c.inventory.wound_count(),
            0,
            "nothing placed on a bad choice"
        );
        assert_eq!(
            place_wounds(&mut c, 2, &[4, 9], WoundKind::Normal),
            Ok(false)
        );
        assert_eq!(c.inventory.wound_at(4), Some(WoundKind::Normal));
        assert_eq!(c.inventory.wound_at(9), Some(WoundKind::Normal));
    }

    #[test]
    fn cr_dmg_13_ninth_plus_one_wound_kills() {
        let mut c = crow(0);
        place_wounds(&mut c, 9, &[1, 2, 3, 4, 5, 6, 7, 8, 9], WoundKind::Normal).expect("ok");
        assert!(c.alive);
        let r = applied(take_damage(&mut c, &hit(1), None, &o()).expect("ok"));
        assert_eq!(r.outcome, DamageOutcome::Died);
        assert!(!c.alive);
        assert!(c.inventory.all_backpack_slots_wounded());
    }

    #[test]
    fn cr_dmg_14_gained_wounds_ask_for_slots() {
        let mut c = crow(3);
        assert_eq!(
            gain_wounds(&mut c, 0, WoundKind::Normal),
            DamageOutcome::Alive
        );
        assert!(matches!(
            gain_wounds(&mut c, 4, WoundKind::Starvation),
            DamageOutcome::PlaceWounds(WorldDecision::WoundSlots {
                count: 4,
                kind: WoundKind::Starvation,
                make_room: 0,
                ..
            })
        ));
        assert_eq!(
            c.inventory.wound_count(),
            0,
            "nothing placed before the choice"
        );
        assert_eq!(
            gain_wounds(&mut c, 10, WoundKind::Normal),
            DamageOutcome::Died
        );
        assert!(!c.alive);
    }

    #[test]
    fn cr_err_11_empty_slot_only_asks_to_make_room() {
        use crate::creature::WoundPlacement;
        use crate::inventory::InventoryOptions;
        let mut c = crow(0);
        c.inventory = crate::inventory::Inventory::new(InventoryLayout::CROW).with_options(
            InventoryOptions {
                wound_placement: WoundPlacement::EmptySlotOnly,
                ..InventoryOptions::default()
            },
        );
        for n in 1..=8u8 {
            c.inventory
                .add(
                    CarriedItem::new(ItemId(u32::from(n)), "stone", 1),
                    &[SlotRef::backpack(n)],
                )
                .expect("fits");
        }
        // 3 wounds, 2 empty slots: one item must be dropped first; no death.
        let out = gain_wounds(&mut c, 3, WoundKind::Normal);
        assert!(matches!(
            out,
            DamageOutcome::PlaceWounds(WorldDecision::WoundSlots { make_room: 1, ref free_slots, .. })
                if free_slots == &vec![9, 10]
        ));
        assert!(c.alive);
        // 10 wounds: every slot, death.
        assert_eq!(
            gain_wounds(&mut c, 10, WoundKind::Normal),
            DamageOutcome::Died
        );
    }

    #[test]
    fn cr_dmg_15_death_makes_a_corpse() {
        let mut m = monster(1);
        applied(take_damage(&mut m, &hit(1), None, &o()).expect("ok"));
        assert!(!m.alive);
        let corpse = m.into_corpse();
        assert_eq!(corpse.name, "corpse of ghoul");
    }

    #[test]
    // Covers CR-COND-06.
    fn cr_cond_06_vulnerable_adds_1d6_to_each_instance() {
        let mut c = crow(10);
        c.conditions.apply(ConditionKind::Vulnerable).expect("ok");
        assert!(matches!(
            take_damage(&mut c, &hit(2), None, &o()),
            Err(DamageError::WrongExtraDice {
                expected: 1,
                given: 0
            })
        ));
        let h = Hit {
            vulnerable_faces: vec![4],
            ..hit(2)
        };
        let r = applied(take_damage(&mut c, &h, None, &o()).expect("ok"));
        assert_eq!(r.total, 6);
        assert_eq!(c.stamina, 4);
        let h = Hit {
            vulnerable_faces: vec![7],
            ..hit(2)
        };
        assert_eq!(
            take_damage(&mut c, &h, None, &o()),
            Err(DamageError::BadD6(7))
        );
    }

    #[test]
    fn cr_err_30_vulnerable_type_and_doubling_order() {
        let mut c = crow(20);
        armored(&mut c, 10, None);
        c.conditions.apply(ConditionKind::Vulnerable).expect("ok");
        // Piercing 2 + 3 → piercing 5, doubled → 10, all to Stamina.
        let h = Hit {
            damage: Damage::piercing(2),
            vulnerable_faces: vec![3],
            doubled: true,
            by_player: false,
        };
        let r = applied(take_damage(&mut c, &h, None, &o()).expect("ok"));
        assert_eq!((r.total, r.stamina_lost), (10, 10));
        assert!(r.armor_lost.is_empty());
        // Alternative: the extra 1d6 is non-piercing and hits the armor.
        let mut c = crow(20);
        armored(&mut c, 10, None);
        c.conditions.apply(ConditionKind::Vulnerable).expect("ok");
        let alt = WorldOptions {
            vulnerable_extra_matches_type: false,
            ..o()
        };
        let h = Hit {
            doubled: false,
            ..h
        };
        let r = applied(take_damage(&mut c, &h, None, &alt).expect("ok"));
        assert_eq!(r.stamina_lost, 2);
        assert_eq!(r.armor_lost, vec![(ItemId(1), 3)]);
    }

    #[test]
    fn cr_cond_08_damage_wakes() {
        let mut c = crow(5);
        c.conditions.apply(ConditionKind::Unconscious).expect("ok");
        let r = applied(take_damage(&mut c, &hit(1), None, &o()).expect("ok"));
        assert!(r.woke_up);
        assert!(!c.conditions.has(ConditionKind::Unconscious));
    }
}
