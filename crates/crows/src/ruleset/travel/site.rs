//! Sites on the map, moving hex by hex (and drifting while lost), encounter checks on the road
//! and dungeon turns at a site (steps 3–4 of CR-TRAVEL-02; CR-LOST-02, CR-ROAD, CR-POI).

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::json;

use super::super::adapter::refuse;
use super::party::{day_of, position_of, refused, stage};
use super::state::{MAX_SITES, Site, SiteKind, TravelEvent};
use crate::ruleset::adapter::Crows;
use crate::travel::hex::Direction;

/// Longest stretch of game time one `travel_hours` passes.
pub const MAX_TRAVEL_HOURS: u32 = 72;

pub(super) fn set_site(ctx: &mut Ctx<'_, Crows>, id: &str, site: Site) -> Result<(), RuleError> {
    crate::travel::setup::may_set_site(id, &site.name, &site.notes).map_err(refused)?;
    let sites = &ctx.rules().travel.sites;
    if !sites.contains_key(id) && sites.len() >= MAX_SITES {
        return Err(refuse(
            "too_many_sites",
            "MAX_SITES",
            format!("a map holds at most {MAX_SITES} sites"),
        ));
    }
    let event = TravelEvent::SiteSet {
        id: id.to_string(),
        site: site.clone(),
    };
    if site.known {
        ctx.emit_masked(
            event,
            Visibility::Referee,
            TravelEvent::SiteSeen {
                id: id.to_string(),
                name: site.name,
                kind: site.kind,
                hex: Some(site.hex),
            },
        )
    } else {
        ctx.emit_for(event, Visibility::Referee)
    }
}

/// Whether play is zoomed in on an encounter or a point of interest waiting for the Referee
/// (CR-POI-01): the montage of travel stops until it is settled. CR-ERR-22 (the broken-off
/// sentence about encounters suited to a point of interest) adds no mechanic: a Referee who
/// wants to play an encounter as a site places one with `set_site` and explores it in dungeon
/// turns (CR-POI-02). CR-ERR-23 (Zaziel's pronoun) is lore text the product never shows.
fn zoomed_in(ctx: &Ctx<'_, Crows>) -> bool {
    ctx.core()
        .decisions
        .iter()
        .any(|d| d.kind == "crows.travel.encounter" || d.kind == "crows.travel.site_reached")
}

pub(super) fn travel_move(ctx: &mut Ctx<'_, Crows>, toward: Direction) -> Result<(), RuleError> {
    let d = day_of(ctx)?.clone();
    crate::travel::day::may_move(stage(ctx), zoomed_in(ctx), d.hexes_moved, d.tally.hexes())
        .map_err(refused)?;
    let mut p = position_of(ctx)?;
    let drift = if p.lost {
        // CR-LOST-02: the Referee's d6, rolled in secret.
        let r = ctx.roll_secret("lost party: drift d6", "1d6")?;
        let face = crate::travel::day::die_face(6, r.total).map_err(refused)?;
        Some(u8::try_from(face).unwrap_or(u8::MAX))
    } else {
        None
    };
    p.leave_hex(toward, drift)
        .map_err(|e| crate::ruleset::adapter::err("bad_move", e))?;
    ctx.emit(TravelEvent::HexLeft {
        hexes_moved: d.hexes_moved + 1,
    })?;
    super::party::set_position(ctx, p, "moved")?;
    if !ctx.rules().travel.map.in_miasma(p.true_hex) {
        super::miasma::left_miasma(ctx)?;
    }
    let here: Vec<(String, Site)> = ctx
        .rules()
        .travel
        .sites
        .iter()
        .filter(|(_, s)| s.hex == p.true_hex)
        .map(|(id, s)| (id.clone(), s.clone()))
        .collect();
    for (id, s) in here {
        let pass = match s.kind {
            SiteKind::Obstacle => ("go_around", "Go around the obstacle"),
            SiteKind::Landmark | SiteKind::Dungeon => ("ignore", "Ignore it and travel on"),
        };
        let request = DecisionRequest::new(
            "crows.travel.site_reached",
            format!(
                "The party reaches {} ({}): explore it in dungeon turns, or pass? (CR-POI-01, \
                 CR-POI-03)",
                s.name,
                crate::ruleset::adapter::snake(&s.kind)
            ),
            Answerer::Referee,
            &[("explore", "Explore it (dungeon turns)"), pass],
        )
        .with_visibility(Visibility::Referee)
        .with_args(json!({"site": s.name, "kind": s.kind}))
        .with_context(json!({"site": id}));
        ctx.ask(request)?;
    }
    Ok(())
}

pub(super) fn arrive(rules: &Crows, ctx: &mut Ctx<'_, Crows>, id: &str) -> Result<(), RuleError> {
    crate::travel::day::may_arrive(stage(ctx)).map_err(refused)?;
    let d = day_of(ctx)?.clone();
    let site = crate::travel::setup::site(ctx.rules().travel.sites.get(id).cloned(), id)
        .map_err(refused)?;
    let p = position_of(ctx)?;
    crate::travel::day::may_enter_site(&site.name, site.hex == p.true_hex, p.lost, site.known)
        .map_err(refused)?;
    let threshold = d.tally.travel_threshold();
    let length = rules.core_exploration_turn(ctx.state());
    if ctx.core().clock.exploration.is_none() {
        ctx.start_exploration(length)?;
    }
    ctx.emit(TravelEvent::SiteEntered {
        site: id.to_string(),
        name: site.name.clone(),
        kind: site.kind,
        threshold,
    })?;
    if !site.in_miasma {
        super::miasma::left_miasma(ctx)?;
    }
    Ok(())
}

pub(super) fn leave(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    crate::travel::day::may_leave_site(stage(ctx)).map_err(refused)?;
    if ctx.core().clock.exploration.is_some() {
        ctx.end_exploration()?;
    }
    ctx.emit(TravelEvent::SiteLeft {})
}

pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let site = super::state::DecisionAbout::of(&decision.context).site;
    ctx.emit_for(
        TravelEvent::SiteRuled {
            site: site.clone(),
            choice: answer.option.clone(),
        },
        Visibility::Referee,
    )?;
    if answer.option == "explore" {
        arrive(rules, ctx, &site)?;
    }
    Ok(())
}

/// Game time outside a dungeon: every 2 hours is one turn of usage dice (CR-UD-07).
pub(super) fn hours(rules: &Crows, ctx: &mut Ctx<'_, Crows>, hours: u32) -> Result<(), RuleError> {
    if hours == 0 || hours > MAX_TRAVEL_HOURS {
        return Err(refuse(
            "bad_hours",
            "MAX_TRAVEL_HOURS",
            format!("pass 1…{MAX_TRAVEL_HOURS} hours at a time"),
        ));
    }
    crate::travel::day::may_pass_hours(stage(ctx), ctx.core().clock.exploration.is_some())
        .map_err(refused)?;
    let total = ctx.rules().travel.hours_carry + hours;
    let turns = crate::travel::road::turns_in(total);
    let carry = total % crate::travel::road::HOURS_PER_TURN;
    ctx.advance_minutes(u64::from(hours) * 60)?;
    for _ in 0..turns {
        rules.end_of_dungeon_turn(ctx)?;
    }
    ctx.emit(TravelEvent::HoursPassed { hours, carry })
}
