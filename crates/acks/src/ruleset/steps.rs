//! The small steps several families take, below every family's commands: a creature's hit
//! points changing (from a pit, a fall or an attack) and, when the mapper falls, the map
//! passing on (AC-DUNGEON-05).

use engine::{Ctx, RuleError, Visibility};

use super::adapter::Acks;
use super::core::events::CoreEvent;
use super::dungeon::state::DungeonEvent;
use crate::dungeon as rules;

/// Emits `hp_changed`: a character's seen by everyone, a monster's hit points the Judge's
/// alone (its stats never reach players, revealed or not).
pub(super) fn change_hp(
    ctx: &mut Ctx<'_, Acks>,
    creature: &str,
    hp: i32,
    cause: &str,
) -> Result<(), RuleError> {
    let public = ctx
        .rules()
        .creatures
        .get(creature)
        .is_some_and(|c| c.character().is_some());
    let event = CoreEvent::HpChanged {
        creature: creature.to_string(),
        hp,
        cause: cause.to_string(),
    };
    if public {
        ctx.emit(event)?;
    } else {
        ctx.emit_for(event, Visibility::Referee)?;
    }
    if hp <= 0 {
        pass_the_map(ctx, creature)?;
    }
    Ok(())
}

/// AC-DUNGEON-05: when the mapper goes down, the map passes to the first character still up
/// (in id order); with none left, nobody maps.
fn pass_the_map(ctx: &mut Ctx<'_, Acks>, fallen: &str) -> Result<(), RuleError> {
    let state = ctx.rules();
    if state.dungeon.mapper.as_deref() != Some(fallen) {
        return Ok(());
    }
    let party: Vec<(String, bool)> = state
        .creatures
        .values()
        .filter(|c| c.character().is_some())
        .map(|c| (c.id.clone(), c.hp > 0))
        .collect();
    let next = rules::next_mapper(&party, fallen).map(str::to_string);
    if next.as_deref() == Some(fallen) {
        return Ok(());
    }
    ctx.emit(DungeonEvent::MapperSet { character: next })
}
