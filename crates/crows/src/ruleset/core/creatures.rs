//! Creatures (CR-CORE-09, CR-CORE-13): a creature made from the Referee's numbers or a
//! loaded card, its later edits, and its cosmetic ancestry label.
//!
//! Commands (the Referee's):
//! - `{"create_creature": {"id": "vera", "kind": "crow", "characteristics": {"agility": 2,
//!   "mind": 0, "strength": -1}, "stamina": 6, "speed": {"walk": 6},
//!   "expertises": {"stealth": 2}}}` — kinds `crow`, `hireling`, `animal`, `monster`, `npc`;
//!   a new crow's characteristics are −1…2 (CR-CORE-09), others −5…5; or `"card": "sewer-rat"`
//!   from a loaded pack (a card's `hand_slots` and `belt_slots` give a monster or NPC that
//!   carries like a person its hands and belt; the record keeps the card, so `place` needs
//!   not name it again). Monsters and NPCs are hidden (`"hidden": false` shows their stats)
//!   and unrevealed: no player sees them at all until the Referee sends
//!   `{"reveal": {"creature": "ghoul"}}` (`"revealed": true` at creation shows them at once).
//! - `{"edit_creature": {"id": "vera", "characteristics": {"agility": 3, …}, "magic": false,
//!   "stamina": 4, "max_stamina": 8, "expertises": {"stealth": 3}}}` — a crow's
//!   characteristics move with [`crate::creature::Characteristics::adjust_crow`] (no higher
//!   than 4 without magic).
//! - `{"set_ancestry": {"creature": "vera", "ancestry": "dwarf"}}` — a cosmetic label the
//!   Referee allows (CR-CORE-13, CR-REF-13); no rule reads it.

use engine::{Ctx, RuleError};
use serde_json::{Value, json};

use crate::creature::{Characteristics, Creature, CreatureKind, Magic};
use crate::hazards::{Hunger, Suffocation};
use crate::inventory::InventoryLayout;
use crate::test_roll::Characteristic;

use crate::ruleset::adapter::Crows;

use super::commands::CoreCommand;
use super::records::{record, set_creature, set_creature_only};
use crate::ruleset::adapter::err;
use crate::ruleset::state::CreatureRecord;

/// The slots of a new creature: crows and hirelings have hands, belt and 10 backpack slots
/// (CR-INV-01); animals and Referee creatures only the backpack slots given (default none).
pub(in crate::ruleset) fn layout_for(kind: CreatureKind, backpack: Option<u8>) -> InventoryLayout {
    match kind {
        CreatureKind::Crow => InventoryLayout::CROW,
        CreatureKind::Hireling => InventoryLayout {
            backpack: backpack.unwrap_or(InventoryLayout::CROW.backpack),
            ..InventoryLayout::CROW
        },
        _ => InventoryLayout {
            hands: 0,
            belt: 0,
            backpack: backpack.unwrap_or(0),
        },
    }
}

/// Longest creature name, in characters.
pub const MAX_CREATURE_NAME: usize = 64;

/// A creature's name as given: trimmed, 1…[`MAX_CREATURE_NAME`] characters, no control
/// characters (a name is shown on every screen and in every log line).
fn creature_name(name: &str) -> Result<String, RuleError> {
    let n = name.trim();
    if n.is_empty() || n.chars().count() > MAX_CREATURE_NAME || n.chars().any(char::is_control) {
        return Err(RuleError::new(
            "bad_name",
            format!(
                "a creature's name is 1…{MAX_CREATURE_NAME} characters without control characters"
            ),
        )
        .rule("limits.creature_name")
        .with_args(serde_json::json!({"max": MAX_CREATURE_NAME})));
    }
    Ok(n.to_string())
}

impl Crows {
    pub(in crate::ruleset) fn create(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::CreateCreature {
            id,
            name,
            card,
            kind,
            characteristics,
            stamina,
            speed,
            size,
            expertises,
            backpack_slots,
            hidden,
            revealed,
        } = cmd
        else {
            return Ok(());
        };
        if id.is_empty() || id.len() > 64 {
            return Err(RuleError::new("bad_id", "a creature id is 1…64 characters"));
        }
        if ctx.rules().creatures.contains_key(id) {
            return Err(RuleError::new(
                "duplicate_creature",
                format!("creature `{id}` exists"),
            ));
        }
        let mut creature = if let Some(card) = card {
            let card = ctx.rules().content.creatures.get(card).ok_or_else(|| {
                RuleError::new(
                    "unknown_card",
                    format!("no creature card `{card}` in the loaded packs"),
                )
            })?;
            card.to_creature().map_err(|e| err("bad_creature", e))?
        } else {
            let kind = kind.ok_or_else(|| {
                RuleError::new("missing_field", "`kind` is needed without a `card`")
            })?;
            let c = characteristics.ok_or_else(|| {
                RuleError::new(
                    "missing_field",
                    "`characteristics` is needed without a `card`",
                )
            })?;
            let stamina = stamina.ok_or_else(|| {
                RuleError::new("missing_field", "`stamina` is needed without a `card`")
            })?;
            let values = if kind == CreatureKind::Crow {
                Characteristics::new_crow(c.agility, c.mind, c.strength)
            } else {
                Characteristics::new(c.agility, c.mind, c.strength)
            }
            .map_err(|e| err("characteristic_out_of_range", e))?;
            let layout = layout_for(kind, *backpack_slots);
            Creature::new(id.clone(), kind, values, stamina, *speed, *size, layout)
        };
        if let Some(n) = name {
            creature.name = creature_name(n)?;
        } else if card.is_none() {
            creature.name = id.clone();
        }
        creature.inventory = creature
            .inventory
            .clone()
            .with_options(ctx.rules().options.into());
        for (e, uses) in expertises {
            creature.expertises.learn(*e, *uses);
        }
        let referees_own = matches!(creature.kind, CreatureKind::Monster | CreatureKind::Npc);
        let hidden = hidden.unwrap_or(referees_own);
        let unrevealed = !revealed.unwrap_or(!referees_own);
        let rec = CreatureRecord {
            creature,
            hidden,
            unrevealed,
            hunger: Hunger::default(),
            suffocation: Suffocation::default(),
            card: card.clone(),
        };
        set_creature(ctx, id, rec, "created", Value::Null)
    }

    /// The Referee's `edit_creature`: the values it names replace the creature's.
    pub(in crate::ruleset) fn edit(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::EditCreature {
            id,
            name,
            characteristics,
            magic,
            stamina,
            max_stamina,
            speed,
            size,
            expertises,
            hidden,
        } = cmd
        else {
            return Ok(());
        };
        let (magic, stamina, max_stamina, speed, size, hidden) =
            (*magic, *stamina, *max_stamina, *speed, *size, *hidden);
        let name = name.as_deref().map(creature_name).transpose()?;
        let mut r = record(ctx, id)?.clone();
        let c = &mut r.creature;
        if let Some(n) = name {
            c.name = n;
        }
        if let Some(v) = characteristics {
            let mut next = c.characteristics;
            for (ch, value) in [
                (Characteristic::Agility, v.agility),
                (Characteristic::Mind, v.mind),
                (Characteristic::Strength, v.strength),
            ] {
                let by = value.saturating_sub(next.get(ch));
                if by == 0 {
                    continue;
                }
                if c.kind == CreatureKind::Crow {
                    let source = if magic { Magic::Magic } else { Magic::Mundane };
                    next.adjust_crow(ch, by, source)
                        .map_err(|e| err("characteristic_out_of_range", e))?;
                } else {
                    next = Characteristics::new(v.agility, v.mind, v.strength)
                        .map_err(|e| err("characteristic_out_of_range", e))?;
                }
            }
            c.characteristics = next;
        }
        if let Some(m) = max_stamina {
            c.max_stamina = m;
            c.stamina = c.stamina.min(m);
        }
        if let Some(s) = stamina {
            crate::creature::may_set_stamina(s, c.max_stamina)
                .map_err(|e| err("stamina_above_max", e))?;
            c.stamina = s;
        }
        if let Some(s) = speed {
            c.speeds = s;
        }
        if let Some(s) = size {
            c.size = s;
        }
        for (e, uses) in expertises {
            c.expertises.learn(*e, *uses);
        }
        if let Some(h) = hidden {
            r.hidden = h;
        }
        set_creature(ctx, id, r, "edited", Value::Null)
    }

    /// `set_ancestry`: a cosmetic label the Referee allows (CR-CORE-13).
    pub(super) fn set_ancestry(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        ancestry: &Option<String>,
    ) -> Result<(), RuleError> {
        let mut c = record(ctx, creature)?.creature.clone();
        crate::creature::may_set_ancestry(ancestry.as_deref())
            .map_err(|e| err("bad_ancestry", e))?;
        c.ancestry = ancestry.clone();
        set_creature_only(ctx, creature, c, "ancestry", json!(ancestry))
    }
}
