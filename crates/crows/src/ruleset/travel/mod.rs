//! Overland travel at the table: the hex map with its dungeons and points of interest,
//! the party's believed and true position, the daily procedure as a guided sequence (pace,
//! roles and their tests, encounter checks, sites, rest in the open, the Miasma roll), getting
//! lost and the Miasma's effects. The rules themselves are the pure [`crate::travel`] modules;
//! this family records their results as events and asks people what the rules leave to them.
//!
//! Commands travel like every Crows command (`{"rules": {<command>: {…}}}`); decisions this
//! family opens have kinds starting `crows.travel.` and come back to [`on_answer`].
//!
//! # The map (Referee only)
//!
//! - `{"set_hexes": {"hexes": [{"q": 0, "r": 0, "terrain": "forest", "road": false,
//!   "river": false, "in_miasma": true, "shown": true}]}}` — draws or imports hexes (flat-topped,
//!   axial: `q` east, `r` south; CR-TRAVEL-01, CR-ERR-55); a hex given again is replaced.
//!   `in_miasma` (default true, CR-MIASMA-01) and `shown` (default true: players see the hex on
//!   their map) are optional. Emits `hexes_set` (Referee) masked as `hexes_set` with only the
//!   shown hexes. At most [`MAX_HEXES`] on a map.
//! - `{"remove_hexes": {"hexes": [{"q": 0, "r": 0}]}}` — `hexes_removed` (players see only
//!   shown hexes go).
//! - `{"set_site": {"id": "old-mill", "name": "The old mill", "kind": "dungeon"|"landmark"|
//!   "obstacle", "q": 2, "r": -1, "in_miasma": true, "known": false, "notes": "…"}}` — a
//!   dungeon or point of interest (CR-POI-03). `known` sites are on the players' map (without
//!   the notes); others are the Referee's. Emits `site_set` (Referee), masked `site_seen`.
//! - `{"remove_site": {"id": "old-mill"}}` — `site_removed`.
//!
//! # The party and its position (Referee only)
//!
//! - `{"set_party": {"members": ["vera", "bram", "horse"], "mounts": {"vera": "horse"},
//!   "humans": ["vera", "bram"]}}` — who travels. A rider counts its mount's walking speed for
//!   the slowest speed (CR-TRAVEL-04); `humans` (default: the crows and hirelings among the
//!   members, CR-ERR-63) make the Miasma roll. Emits `party_set`. Refused during a travel day.
//! - `{"place_party": {"q": 0, "r": 0}}` — the party is here and knows it: `position_set`.
//! - `{"set_true_position": {"q": 3, "r": 1}}` — the Referee's correction of where a lost party
//!   really is (CR-LOST-01): `position_set` for the Referee only; players get `position_seen`
//!   (the believed hex).
//! - `{"travel_found": {"how": "map"|"landmark"|"directions"}}` — a lost party finds its way by a
//!   map, a place it recognises or an NPC's directions (CR-LOST-04): `position_set`, public
//!   (the party now knows where it is).
//! - `{"travel_options": {"distinct_tasks": true}}` — CR-ERR-57: creatures in one role take
//!   different tasks (default true). Emits `travel_options_set`.
//!
//! # The travel day (CR-TRAVEL-02)
//!
//! 1. `{"begin_travel_day": {"pace": "slow"|"normal"|"fast", "road_all_day": false,
//!    "crosses_water_without_vehicle": false, "upstream": false, "downstream": false}}`
//!    (Referee, who records the pace the group agreed on) — `day_begun` with the day's tally
//!    ([`crate::travel::roles::Day`]): the slowest speed of the party (mounts for riders),
//!    pace and route give hexes and both thresholds (CR-TRAVEL-03…07). The step is `roles`.
//! 2. `{"declare_role": {"creature": "vera", "task": "normal_route", "characteristic": "mind",
//!    "picks": ["bram"], "quarry": "the white stag"}}` (the character's controller) — one role
//!    per creature, one guide, up to three in each other role with different tasks (CR-ROLE-01,
//!    CR-ERR-57); a creature the Miasma made lazy is refused (CR-ROLE-15). While lost the guide
//!    takes `back_on_track` and nothing else (CR-LOST-03, CR-ERR-58); `back_on_track` is refused
//!    when not lost. `picks`: up to four creatures for `fight_the_miasma` (party members) and
//!    `support_everyone` (creatures holding roles today, CR-ROLE-05). `track_creature` needs a
//!    `quarry` and asks the Referee `crows.travel.track_allowed` (CR-ROLE-14; refused: the role
//!    is withdrawn). `characteristic` must be one the task allows (default its first).
//!    Emits `role_declared`. `{"withdraw_role": {"creature": "vera"}}` — `role_withdrawn`.
//!    `{"travel_assist": {"helper": "bram", "holder": "vera", "characteristic": "mind"}}`
//!    (the helper's controller) — instead of a role, a creature assists a role-holder
//!    (CR-ROLE-02): its assist test runs right before the holder's.
//! 3. `{"travel_role_tests": {"approved_expertises": {"vera": ["navigate"]}}}` (Referee) — the
//!    tests run in the order supporters (Support Everyone first, so its bonus reaches the
//!    others), guide, scouts, trackers (CR-ERR-16), each through core's `test` (so the
//!    controller may spend an expertise at the commit point) with the pace edge or bane, any
//!    Support Everyone bonus and the Ravenous +2 on Forage (CR-ROLE-15). Each result is looked
//!    up in its task's tier table (`role_resolved` with the new tally); a "choose one" result
//!    asks the holder `crows.travel.choice` (options `first`/`second`); rations are rolled;
//!    finds and a tracked creature's meeting ask the Referee (`crows.travel.finds`,
//!    `crows.travel.meet_creature`, free text). Safe Route or Shortcut tier 1 loses the party
//!    (`position_set` for the Referee, `position_seen` for players); Back on Track tier 2+
//!    finds it. When all are done: `roles_done` (hexes and both thresholds); step
//!    `encounter_check`.
//! 4. `{"travel_encounter_check": {}}` (Referee) — after the role tests (CR-ROAD-01): a public
//!    d10 against the day's travel threshold (at most 10): `road_checked`. An encounter asks the
//!    Referee `crows.travel.encounter` (Referee only; its context names the true hex's terrain
//!    and, when a content table `encounters-<terrain>` is loaded, a secret roll on it): options
//!    `now` on a 10, otherwise `later`/`later_with_sign` (CR-ROAD-02, CR-ERR-46). Repeatable,
//!    and `{"road_encounter": {}}` adds an encounter without a check (CR-ROAD-03).
//! 5. `{"travel_move": {"toward": "north"|"north_east"|…}}` (Referee) — the party leaves its
//!    hex (at most the day's hexes). While lost the Referee's d6 is rolled in secret
//!    (`roll_secret`) and the true hex drifts clockwise from due north (CR-LOST-02): the true
//!    position goes to the Referee only (`position_set`), players get the believed hex
//!    (`position_seen`). Refused while an encounter or a point of interest waits for the
//!    Referee, or while a site is explored (CR-POI-01). Entering a hex holding a site asks the
//!    Referee `crows.travel.site_reached` (`explore`, or `go_around` an obstacle / `ignore` a
//!    landmark, CR-POI-03).
//! 6. `{"arrive_at_site": {"site": "old-mill"}}` (Referee) — play switches to dungeon turns:
//!    the engine's exploration starts, and the day's travel threshold becomes the
//!    [`TravelState::dungeon_encounter_threshold`] (CR-POI-02) for the explore family's dungeon
//!    encounter checks: `site_entered`. `{"leave_site": {}}` ends the exploration: `site_left`.
//! 7. `{"travel_rest": {"in_miasma": null}}` (Referee) — a rest in the open, the rest procedure
//!    of CR-REST (CR-TRAVEL-02 step 5): the engine's rest and the explore family's rest record
//!    (`rest_started`, place `wilderness`, the living members of the party), so `rest_sleep`,
//!    `rest_noise` and `choose_rest_activity` work as in any rest; `rest_begun`; the rest
//!    encounter check rolls a d10 against the day's rest threshold (CR-ROAD-04). `in_miasma`
//!    defaults to the true hex's flag.
//!    `{"travel_rest_end": {"meals": {"vera": [12, 13]}, "completed": true}}` — each listed
//!    ration is eaten (core's `eat_ration`), then the rest ends as any rest does (explore's
//!    `finish_rest`, CR-REST-02): each creature that slept its 4 hours gets full Stamina and
//!    removes a wound of its controller's choice (`crows.explore.remove_wound`; the rest ends
//!    when all have chosen), the activities take effect. `completed: false` interrupts it
//!    (CR-REST-09: the sleepers wake, nothing is gained). Explore's `finish_rest`,
//!    `interrupt_rest` and `rest_encounter_check` are refused during it (CR-TRAVEL-02), and a
//!    second `travel_rest_end` while the wound choices are open (CR-REST-02). At its end (any
//!    completed rest while the party travels, CR-ERR-59): in the Miasma, expertise uses stay spent (except for
//!    a turned character, CR-MIASMA-02) and every human makes the Mind resistance roll
//!    (`miasma_round_started`): cruelty −1 per level (CR-MIASMA-04) and the Fight the Miasma
//!    edge, through core's test (expertise at the commit point). A tier-3 roller answers
//!    `crows.travel.miasma_choice` (`clear_cruelty` or `raise:<id>` another roller's tier).
//!    Tier 1 adds a cruelty level and rolls d10 + cruelty on the effects table, re-rolling a
//!    pair in force (CR-MIASMA-06): `miasma_set` with the new state and the rows rolled. A rest
//!    outside the Miasma clears cruelty and the rows lasting until then (CR-MIASMA-05,
//!    CR-ERR-79). A Ravenous character who ate fewer than two rations gets `rest_denied`:
//!    the rest gives it what an unrested creature gets from a dungeon rest (its expertise uses
//!    and "Rest" usage dice stay spent, a rest activity is lost). A creature that needs no food
//!    (`needs_no_food`) needs no ration and is never denied.
//! 8. `{"end_travel_day": {}}` (Referee) — game time runs to the next midnight (the engine's
//!    day boundary: hunger); `day_ended`.
//!
//! `{"travel_hours": {"hours": 4}}` (Referee): game time outside a dungeon; every 2 hours is one
//! turn of usage dice (CR-UD-07).
//!
//! # The Miasma's effects (CR-MIASMA-07)
//!
//! Enforced here: Lazy refuses roles; Ravenous needs two rations per rest and gives +2 on
//! Forage; Rage destroys a random mundane backpack item (a recorded die) and gives 3 Stamina or
//! removes a wound at full Stamina; Liar asks the controller `crows.travel.miasma_expertise`
//! (an expertise it lacks, 1 use, CR-ERR-62), removed when the row ends; 13+ turns the
//! character into a Referee NPC (kind `npc`), ends its other rows and cruelty and blocks
//! further rolls; its players may no longer declare roles for it (CR-MIASMA-08). Shown for
//! other families (in [`TravelState::miasma`] and the view): Despondent's sneak/hide edge,
//! Violent's +1 weapon damage, Lazy's two wounds healed per rest.
//!
//! Other families read the Miasma through [`rest_place`] (where a creature's rest ends, for its
//! expertise uses), [`rations_per_rest`], [`wounds_healed_per_rest`], [`weapon_damage_bonus`],
//! [`sneak_edge`], and the dungeon-turn threshold at a site through
//! [`dungeon_encounter_threshold`].
//!
//! # Secrecy
//!
//! While lost, the true hex is only in Referee events (`position_set`, the decisions
//! `crows.travel.encounter` and `crows.travel.site_reached`), the drift d6 is a secret roll
//! (players see that a roll was made), and the players' view and log show the believed hex
//! only. Players learn no more of the true place than the party would notice: whether the rest
//! is in the Miasma (`rest_begun`) and whether a Miasma row ends on leaving it (`miasma_set`,
//! to the character's players). A known site cannot be entered while lost (the party would
//! recognise it: `travel_found` first); an unknown one shows by name only. Hidden hexes,
//! unknown sites and the Referee's notes never reach players.

mod day;
mod miasma;
pub(in crate::ruleset) mod party;
mod road;
mod site;
pub(in crate::ruleset) mod state;

pub use self::state::{
    AssistEntry, FoundBy, HexAt, HexEntry, HexSpec, MiasmaPick, MiasmaRound, Party, RestInOpen,
    Reward, RoleEntry, Site, SiteKind, TravelDay, TravelEvent, TravelOptions, TravelState,
};

use self::state::yes;
use std::collections::{BTreeMap, BTreeSet};

use engine::{Acting, Answer, Boundary, Ctx, Decision, RuleError, TableState, Viewer, Visibility};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub use self::party::{
    dungeon_encounter_threshold, rations_per_rest, resting_in_the_open, short_of_rations_in_open,
    wounds_healed_per_rest,
};
use self::party::{position_of, refused, set_position, stage};
pub use self::state::{MAX_HEXES, MAX_PARTY, MAX_SITES};
use super::adapter::Crows;
use super::adapter::refuse;
use super::adapter::snake;
use super::core::records::record;
use super::state::CrowsState;
use super::then::TravelThen;
use crate::edges::NetEdge;
use crate::expertise::ExpertiseName;
use crate::test_roll::{Characteristic, Tier};
use crate::travel::Step;
use crate::travel::hex::{Direction, Hex};
use crate::travel::lost::Position;
use crate::travel::miasma::MiasmaState;
use crate::travel::pace::Pace;
use crate::travel::roles::Task;

/// The travel commands (see the module docs).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TravelCommand {
    SetHexes {
        hexes: Vec<HexSpec>,
    },
    RemoveHexes {
        hexes: Vec<HexAt>,
    },
    SetSite {
        id: String,
        name: String,
        kind: SiteKind,
        q: i32,
        r: i32,
        #[serde(default = "yes")]
        in_miasma: bool,
        #[serde(default)]
        known: bool,
        #[serde(default)]
        notes: String,
    },
    RemoveSite {
        id: String,
    },
    SetParty {
        members: Vec<String>,
        #[serde(default)]
        mounts: BTreeMap<String, String>,
        #[serde(default)]
        humans: Option<Vec<String>>,
    },
    PlaceParty {
        q: i32,
        r: i32,
    },
    SetTruePosition {
        q: i32,
        r: i32,
    },
    TravelFound {
        how: FoundBy,
    },
    TravelOptions {
        distinct_tasks: bool,
    },
    BeginTravelDay {
        pace: Pace,
        #[serde(default)]
        road_all_day: bool,
        #[serde(default)]
        crosses_water_without_vehicle: bool,
        #[serde(default)]
        upstream: bool,
        #[serde(default)]
        downstream: bool,
    },
    DeclareRole {
        creature: String,
        task: Task,
        #[serde(default)]
        characteristic: Option<Characteristic>,
        #[serde(default)]
        picks: Vec<String>,
        #[serde(default)]
        quarry: Option<String>,
    },
    WithdrawRole {
        creature: String,
    },
    TravelAssist {
        helper: String,
        holder: String,
        characteristic: Characteristic,
    },
    TravelRoleTests {
        #[serde(default)]
        approved_expertises: BTreeMap<String, Vec<ExpertiseName>>,
    },
    TravelEncounterCheck {},
    RoadEncounter {},
    TravelMove {
        toward: Direction,
    },
    ArriveAtSite {
        site: String,
    },
    LeaveSite {},
    TravelRest {
        #[serde(default)]
        in_miasma: Option<bool>,
    },
    TravelRestEnd {
        #[serde(default)]
        meals: BTreeMap<String, Vec<u32>>,
        #[serde(default = "yes")]
        completed: bool,
    },
    EndTravelDay {},
    TravelHours {
        hours: u32,
    },
}

/// For whom a command acts.
pub(super) fn acting(_state: &TableState<CrowsState>, command: &TravelCommand) -> Acting {
    match command {
        TravelCommand::DeclareRole { creature, .. } | TravelCommand::WithdrawRole { creature } => {
            Acting::Characters(vec![creature.clone()])
        }
        TravelCommand::TravelAssist { helper, .. } => Acting::Characters(vec![helper.clone()]),
        _ => Acting::RefereeOnly,
    }
}

/// Decides a command.
pub(super) fn decide(
    rules: &Crows,
    command: &TravelCommand,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    use TravelCommand as C;
    match command {
        C::SetHexes { hexes } => set_hexes(ctx, hexes),
        C::RemoveHexes { hexes } => {
            let state = &ctx.rules().travel;
            crate::travel::setup::may_remove_hexes(
                hexes
                    .iter()
                    .map(|h| (h.q, h.r, state.map.get(Hex::new(h.q, h.r)).is_some())),
            )
            .map_err(refused)?;
            let gone: Vec<Hex> = hexes.iter().map(|h| Hex::new(h.q, h.r)).collect();
            let shown: Vec<Hex> = gone
                .iter()
                .copied()
                .filter(|h| !state.hidden_hexes.contains(h))
                .collect();
            let event = TravelEvent::HexesRemoved { hexes: gone };
            if shown.is_empty() {
                // Nothing the players saw: they are not told anything happened.
                return ctx.emit_for(event, Visibility::Referee);
            }
            ctx.emit_masked(
                event,
                Visibility::Referee,
                TravelEvent::HexesRemoved { hexes: shown },
            )
        }
        C::SetSite {
            id,
            name,
            kind,
            q,
            r,
            in_miasma,
            known,
            notes,
        } => site::set_site(
            ctx,
            id,
            Site {
                name: name.clone(),
                kind: *kind,
                hex: Hex::new(*q, *r),
                in_miasma: *in_miasma,
                known: *known,
                notes: notes.clone(),
            },
        ),
        C::RemoveSite { id } => {
            let t = &ctx.rules().travel;
            crate::travel::setup::may_remove_site(
                id,
                t.sites.contains_key(id),
                t.exploring.as_deref() == Some(id.as_str()),
            )
            .map_err(refused)?;
            ctx.emit(TravelEvent::SiteRemoved { id: id.clone() })
        }
        C::SetParty {
            members,
            mounts,
            humans,
        } => set_party(ctx, members, mounts, humans.as_deref()),
        C::PlaceParty { q, r } => {
            crate::travel::day::may_place_party(stage(ctx)).map_err(refused)?;
            set_position(ctx, Position::known(Hex::new(*q, *r)), "placed")
        }
        C::SetTruePosition { q, r } => {
            let mut p = position_of(ctx)?;
            p.true_hex = Hex::new(*q, *r);
            if !p.lost {
                p.believed_hex = p.true_hex;
            }
            set_position(ctx, p, "the Referee moved the party")
        }
        C::TravelFound { how } => {
            let mut p = position_of(ctx)?;
            crate::travel::day::may_be_found(p.lost, *how == FoundBy::BackOnTrack)
                .map_err(refused)?;
            p.found();
            set_position(ctx, p, &format!("found by {}", snake(how)))
        }
        C::TravelOptions { distinct_tasks } => ctx.emit(TravelEvent::TravelOptionsSet {
            options: TravelOptions {
                distinct_tasks: *distinct_tasks,
            },
        }),
        C::BeginTravelDay {
            pace,
            road_all_day,
            crosses_water_without_vehicle,
            upstream,
            downstream,
        } => day::begin_day(
            ctx,
            *pace,
            crate::travel::pace::Route {
                road_all_day: *road_all_day,
                crosses_water_without_vehicle: *crosses_water_without_vehicle,
                upstream: *upstream,
                downstream: *downstream,
            },
        ),
        C::DeclareRole {
            creature,
            task,
            characteristic,
            picks,
            quarry,
        } => day::declare_role(ctx, creature, *task, *characteristic, picks, quarry.clone()),
        C::WithdrawRole { creature } => {
            let d = day::roles_open(ctx)?;
            crate::travel::day::may_withdraw_role(
                creature,
                d.roles.iter().any(|r| &r.creature == creature),
            )
            .map_err(refused)?;
            ctx.emit(TravelEvent::RoleWithdrawn {
                creature: creature.clone(),
            })
        }
        C::TravelAssist {
            helper,
            holder,
            characteristic,
        } => day::declare_assist(ctx, helper, holder, *characteristic),
        C::TravelRoleTests {
            approved_expertises,
        } => day::start_role_tests(rules, ctx, approved_expertises),
        C::TravelEncounterCheck {} => road::encounter_check(ctx, false),
        C::RoadEncounter {} => {
            day::after_roles(ctx, "CR-ROAD-03")?;
            road::ask_encounter(ctx, None, false)
        }
        C::TravelMove { toward } => site::travel_move(ctx, *toward),
        C::ArriveAtSite { site } => site::arrive(rules, ctx, site),
        C::LeaveSite {} => site::leave(ctx),
        C::TravelRest { in_miasma } => miasma::begin_rest(ctx, *in_miasma),
        C::TravelRestEnd { meals, completed } => miasma::end_rest(rules, ctx, meals, *completed),
        C::EndTravelDay {} => day::end_day(ctx),
        C::TravelHours { hours } => site::hours(rules, ctx, *hours),
    }
}

fn set_hexes(ctx: &mut Ctx<'_, Crows>, hexes: &[HexSpec]) -> Result<(), RuleError> {
    if hexes.is_empty() || hexes.len() > MAX_HEXES {
        return Err(refuse(
            "bad_hexes",
            "MAX_HEXES",
            format!("set 1…{MAX_HEXES} hexes at a time"),
        ));
    }
    let map = &ctx.rules().travel.map;
    let new: BTreeSet<Hex> = hexes
        .iter()
        .map(HexSpec::hex)
        .filter(|h| map.get(*h).is_none())
        .collect();
    if map.hexes.len() + new.len() > MAX_HEXES {
        return Err(refuse(
            "too_many_hexes",
            "MAX_HEXES",
            format!("a map holds at most {MAX_HEXES} hexes"),
        ));
    }
    crate::travel::setup::may_set_hexes(hexes.iter().map(|h| (h.q, h.r, h.terrain.as_str())))
        .map_err(refused)?;
    let entries: Vec<HexEntry> = hexes
        .iter()
        .map(|h| HexEntry {
            hex: h.hex(),
            info: h.info(),
            shown: h.shown,
        })
        .collect();
    let shown: Vec<HexEntry> = entries.iter().filter(|e| e.shown).cloned().collect();
    if shown.is_empty() {
        // Only hidden hexes: the players are not told anything happened.
        return ctx.emit_for(
            TravelEvent::HexesSet { hexes: entries },
            Visibility::Referee,
        );
    }
    ctx.emit_masked(
        TravelEvent::HexesSet { hexes: entries },
        Visibility::Referee,
        TravelEvent::HexesSet { hexes: shown },
    )
}

fn set_party(
    ctx: &mut Ctx<'_, Crows>,
    members: &[String],
    mounts: &BTreeMap<String, String>,
    humans: Option<&[String]>,
) -> Result<(), RuleError> {
    crate::travel::setup::may_set_party(ctx.rules().travel.day.is_some()).map_err(refused)?;
    if members.is_empty() || members.len() > MAX_PARTY {
        return Err(refuse(
            "bad_party",
            "MAX_PARTY",
            format!("a party has 1…{MAX_PARTY} members"),
        ));
    }
    let mut seen = BTreeSet::new();
    for m in members {
        record(ctx, m)?;
        if !seen.insert(m.clone()) {
            return Err(RuleError::new("bad_party", format!("{m} is listed twice")));
        }
    }
    for (rider, mount) in mounts {
        crate::travel::setup::may_pair_mount(rider, mount, &seen).map_err(refused)?;
        let rider_size = record(ctx, rider)?.creature.size;
        let mount_size = record(ctx, mount)?.creature.size;
        crate::travel::setup::may_ride(rider, mount, rider_size, mount_size).map_err(refused)?;
    }
    let humans: Vec<String> = match humans {
        Some(h) => {
            crate::travel::setup::may_name_humans(h, &seen).map_err(refused)?;
            h.to_vec()
        }
        None => members
            .iter()
            .filter(|m| {
                ctx.rules().creatures.get(*m).is_some_and(|r| {
                    matches!(
                        r.creature.kind,
                        crate::creature::CreatureKind::Crow
                            | crate::creature::CreatureKind::Hireling
                    )
                })
            })
            .cloned()
            .collect(),
    };
    ctx.emit(TravelEvent::PartySet {
        party: Party {
            members: members.to_vec(),
            mounts: mounts.clone(),
            humans,
        },
    })
}

/// Applies an event. Pure.
pub(super) fn apply(state: &mut CrowsState, event: &TravelEvent) {
    use TravelEvent as E;
    match event {
        E::TravelOptionsSet { .. }
        | E::HexesSet { .. }
        | E::HexesRemoved { .. }
        | E::SiteSet { .. }
        | E::SiteSeen { .. }
        | E::PositionSeen { .. }
        | E::SiteRemoved { .. }
        | E::PartySet { .. }
        | E::PositionSet { .. } => apply_map(state, event),
        E::DayBegun { .. }
        | E::RoleDeclared { .. }
        | E::RoleWithdrawn { .. }
        | E::TrackRuled { .. }
        | E::AssistDeclared { .. }
        | E::RoleTestsStarted { .. }
        | E::TravelTestStarted { .. }
        | E::AssistMade { .. }
        | E::RoleResolved { .. }
        | E::ChoiceMade { .. }
        | E::SupportGiven { .. }
        | E::MiasmaEdgeGiven { .. }
        | E::Rewarded { .. }
        | E::FindsRolled { .. }
        | E::RolesDone { .. }
        | E::StepSet { .. }
        | E::DayEnded { .. }
        | E::HoursPassed { .. } => apply_day(state, event),
        E::RoadChecked { .. }
        | E::EncounterRuled { .. }
        | E::SiteRuled { .. }
        | E::HexLeft { .. }
        | E::SiteEntered { .. }
        | E::SiteLeft { .. } => apply_road(state, event),
        E::RestBegun { .. }
        | E::RestSnapshot { .. }
        | E::MealsEaten { .. }
        | E::TravelRestInterrupted { .. }
        | E::RestDenied { .. }
        | E::MiasmaRoundStarted { .. }
        | E::MiasmaRolled { .. }
        | E::MiasmaChoiceAsked { .. }
        | E::MiasmaChoice { .. }
        | E::MiasmaSet { .. }
        | E::ExpertiseGranted { .. }
        | E::MiasmaRoundDone { .. } => apply_rest(state, event),
    }
}

/// The map: hexes, sites, the party and its position, the travel options.
fn apply_map(state: &mut CrowsState, event: &TravelEvent) {
    let t = &mut state.travel;
    use TravelEvent as E;
    match event {
        E::TravelOptionsSet { options } => t.options = *options,
        E::HexesSet { hexes } => {
            for e in hexes {
                t.map.set(e.hex, e.info.clone());
                if e.shown {
                    t.hidden_hexes.remove(&e.hex);
                } else {
                    t.hidden_hexes.insert(e.hex);
                }
            }
        }
        E::HexesRemoved { hexes } => {
            for h in hexes {
                t.map.remove(*h);
                t.hidden_hexes.remove(h);
            }
        }
        E::SiteSet { id, site } => {
            t.sites.insert(id.clone(), site.clone());
        }
        E::SiteSeen { .. } | E::PositionSeen { .. } => {}
        E::SiteRemoved { id } => {
            t.sites.remove(id);
        }
        E::PartySet { party } => t.party = party.clone(),
        E::PositionSet { position, .. } => t.position = Some(*position),
        _ => {}
    }
}

/// The day's steps: its beginning, roles and their tests, the step and the day's end.
fn apply_day(state: &mut CrowsState, event: &TravelEvent) {
    let t = &mut state.travel;
    use TravelEvent as E;
    match event {
        E::DayBegun { number, tally } => {
            t.days = *number;
            t.day = Some(TravelDay {
                number: *number,
                step: Step::Roles,
                tally: tally.clone(),
                roles: Vec::new(),
                assists: Vec::new(),
                tests_started: false,
                testing: None,
                results: BTreeMap::new(),
                support: BTreeMap::new(),
                miasma_edges: BTreeMap::new(),
                approved: BTreeMap::new(),
                hexes_moved: 0,
                encounter_checks: 0,
                encounters: 0,
                rewards: Vec::new(),
                rest: None,
            });
        }
        E::RoleDeclared { role } => {
            if let Some(d) = &mut t.day {
                d.roles.retain(|r| r.creature != role.creature);
                d.roles.push(role.clone());
            }
        }
        E::RoleWithdrawn { creature } => {
            if let Some(d) = &mut t.day {
                d.roles.retain(|r| &r.creature != creature);
                d.assists.retain(|a| &a.holder != creature);
            }
        }
        E::TrackRuled { creature, allowed } => {
            if let Some(d) = &mut t.day {
                for r in d.roles.iter_mut().filter(|r| &r.creature == creature) {
                    r.allowed = Some(*allowed);
                }
            }
        }
        E::AssistDeclared { assist } => {
            if let Some(d) = &mut t.day {
                d.assists.push(assist.clone());
            }
        }
        E::RoleTestsStarted { approved } => {
            if let Some(d) = &mut t.day {
                d.tests_started = true;
                d.approved = approved.clone();
            }
        }
        E::TravelTestStarted { creature } => {
            if let Some(r) = &mut t.round {
                r.testing = Some(creature.clone());
            } else if let Some(d) = &mut t.day {
                d.testing = Some(creature.clone());
            }
        }
        E::AssistMade { helper, holder } => {
            if let Some(d) = &mut t.day {
                d.testing = None;
                for a in d
                    .assists
                    .iter_mut()
                    .filter(|a| &a.helper == helper && &a.holder == holder)
                {
                    a.done = true;
                }
            }
        }
        E::RoleResolved {
            creature,
            tier,
            tally,
            ..
        } => {
            if let Some(d) = &mut t.day {
                d.testing = None;
                d.results.insert(creature.clone(), *tier);
                d.tally = tally.clone();
            }
        }
        E::ChoiceMade { tally, .. } => {
            if let Some(d) = &mut t.day {
                d.tally = tally.clone();
            }
        }
        E::SupportGiven { to, bonus, .. } => {
            if let Some(d) = &mut t.day {
                for c in to {
                    *d.support.entry(c.clone()).or_default() += *bonus;
                }
            }
        }
        E::MiasmaEdgeGiven { to, edge, .. } => {
            if let Some(d) = &mut t.day {
                for c in to {
                    let best = d.miasma_edges.get(c).copied().unwrap_or(NetEdge::None);
                    let stronger = matches!(
                        (best, edge),
                        (NetEdge::None, _) | (NetEdge::Edge, NetEdge::DoubleEdge)
                    );
                    if stronger {
                        d.miasma_edges.insert(c.clone(), *edge);
                    }
                }
            }
        }
        E::Rewarded { reward } => {
            if let Some(d) = &mut t.day {
                d.rewards.push(reward.clone());
            }
        }
        E::RolesDone { .. } => {
            if let Some(d) = &mut t.day {
                d.step = Step::EncounterCheck;
                d.testing = None;
            }
        }
        E::StepSet { step } => {
            if let Some(d) = &mut t.day {
                d.step = *step;
                if *step == Step::NextDay {
                    d.rest = None;
                }
            }
        }
        E::DayEnded { .. } => t.day = None,
        E::HoursPassed { carry, .. } => t.hours_carry = *carry,
        _ => {}
    }
}

/// The road: its encounter check, hexes travelled, sites entered and left.
fn apply_road(state: &mut CrowsState, event: &TravelEvent) {
    let t = &mut state.travel;
    use TravelEvent as E;
    match event {
        E::RoadChecked { encounter, .. } => {
            if let Some(d) = &mut t.day {
                d.encounter_checks += 1;
                if *encounter {
                    d.encounters += 1;
                }
            }
        }
        E::EncounterRuled { .. } | E::SiteRuled { .. } => {}
        E::HexLeft { hexes_moved } => {
            if let Some(d) = &mut t.day {
                d.hexes_moved = *hexes_moved;
            }
        }
        E::SiteEntered {
            site, threshold, ..
        } => {
            t.exploring = Some(site.clone());
            t.dungeon_encounter_threshold = Some(*threshold);
            if let Some(d) = &mut t.day {
                d.step = Step::Explore;
            }
        }
        E::SiteLeft {} => {
            t.exploring = None;
            t.dungeon_encounter_threshold = None;
        }
        _ => {}
    }
}

/// A rest in the open and the Miasma round after it.
fn apply_rest(state: &mut CrowsState, event: &TravelEvent) {
    let t = &mut state.travel;
    use TravelEvent as E;
    match event {
        E::RestBegun { in_miasma, .. } => {
            t.rest_denied.clear();
            if let Some(d) = &mut t.day {
                d.step = Step::Rest;
                d.rest = Some(RestInOpen {
                    in_miasma: *in_miasma,
                    ..RestInOpen::default()
                });
            }
        }
        E::RestSnapshot { snapshot } => {
            if let Some(rest) = t.day.as_mut().and_then(|d| d.rest.as_mut()) {
                rest.snapshot = snapshot.clone();
            }
        }
        E::MealsEaten { creature, rations } => {
            if let Some(rest) = t.day.as_mut().and_then(|d| d.rest.as_mut()) {
                *rest.meals.entry(creature.clone()).or_default() += *rations;
            }
        }
        E::TravelRestInterrupted {} => {
            if let Some(d) = &mut t.day {
                d.rest = None;
                d.step = Step::EncounterCheck;
            }
        }
        E::RestDenied { creature, .. } => {
            t.rest_denied.insert(creature.clone());
        }
        E::MiasmaRoundStarted { rollers } => {
            t.round = Some(MiasmaRound {
                rollers: rollers.clone(),
                ..MiasmaRound::default()
            });
            if let Some(d) = &mut t.day {
                d.step = Step::Miasma;
            }
        }
        E::MiasmaRolled { creature, tier } => {
            if let Some(r) = &mut t.round {
                r.testing = None;
                r.tiers.insert(creature.clone(), *tier);
                if *tier == Tier::Three {
                    r.picks.insert(creature.clone(), None);
                }
            }
        }
        E::MiasmaChoiceAsked {} => {
            if let Some(r) = &mut t.round {
                r.choices_asked = true;
            }
        }
        E::MiasmaChoice { creature, pick } => {
            if let Some(r) = &mut t.round {
                r.picks.insert(creature.clone(), Some(pick.clone()));
            }
        }
        E::MiasmaSet {
            creature, state, ..
        } => {
            t.miasma.insert(creature.clone(), state.clone());
        }
        E::ExpertiseGranted {
            creature,
            expertise,
        } => match expertise {
            Some(e) => {
                t.granted.insert(creature.clone(), *e);
            }
            None => {
                t.granted.remove(creature);
            }
        },
        E::MiasmaRoundDone {} => {
            t.round = None;
            if let Some(d) = &mut t.day {
                d.step = Step::NextDay;
                d.rest = None;
            }
        }
        _ => {}
    }
}

/// What `viewer` may see of this part of the state (`null`: nothing to show). Players never
/// see the true hex while lost, hidden hexes, unknown sites or the Referee's notes.
pub(super) fn project(state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
    let t = &state.rules.travel;
    if *viewer == Viewer::Referee {
        let mut all = serde_json::to_value(t).unwrap_or(Value::Null);
        // The day's computed totals, as the players get them.
        if let (Some(d), Some(day)) = (&t.day, all.get_mut("day").and_then(Value::as_object_mut)) {
            day.insert("hexes".into(), json!(d.tally.hexes()));
            day.insert("travel_threshold".into(), json!(d.tally.travel_threshold()));
            day.insert("rest_threshold".into(), json!(d.tally.rest_threshold()));
        }
        return all;
    }
    let player = match viewer {
        Viewer::Player(p) => Some(p.as_str()),
        _ => None,
    };
    let own = |id: &str| player.is_some_and(|p| state.core.participants.controls(p, id));
    let map: Vec<Value> = t
        .map
        .hexes
        .iter()
        .filter(|(h, _)| !t.hidden_hexes.contains(h))
        .map(|(h, i)| json!({"hex": h, "info": i}))
        .collect();
    let sites: BTreeMap<&String, Value> = t
        .sites
        .iter()
        .filter(|(_, s)| s.known)
        .map(|(id, s)| (id, json!({"name": s.name, "kind": s.kind, "hex": s.hex})))
        .collect();
    let exploring = t.exploring.as_ref().and_then(|id| {
        t.sites
            .get(id)
            .map(|s| json!({"id": id, "name": s.name, "kind": s.kind}))
    });
    let day = t.day.as_ref().map(|d| {
        json!({
            "number": d.number,
            "step": d.step,
            "pace": d.tally.pace,
            "slowest_speed": d.tally.slowest_speed,
            "route": d.tally.route,
            "hexes": d.tally.hexes(),
            "hexes_moved": d.hexes_moved,
            "travel_threshold": d.tally.travel_threshold(),
            "rest_threshold": d.tally.rest_threshold(),
            "crafting_bonus": d.tally.crafting_bonus,
            "roles": d.roles,
            "assists": d.assists,
            "results": d.results,
            "support": d.support,
            "miasma_edges": d.miasma_edges,
            "rewards": d.rewards,
            "encounter_checks": d.encounter_checks,
            "resting": d.rest.as_ref().map(|r| json!({"in_miasma": r.in_miasma})),
        })
    });
    let miasma: BTreeMap<&String, &MiasmaState> =
        t.miasma.iter().filter(|(id, _)| own(id)).collect();
    json!({
        "map": map,
        "sites": sites,
        "party": t.party,
        "position": t.position.map(|p| json!({"believed_hex": p.believed_hex, "lost": p.lost})),
        "day": day,
        "exploring": exploring,
        "dungeon_encounter_threshold": t.dungeon_encounter_threshold,
        "miasma": miasma,
        "miasma_round": t.round.as_ref().map(|r| json!({"rollers": r.rollers, "tiers": r.tiers})),
    })
}

/// A decision of kind `crows.travel.*` was answered.
pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match decision.kind.as_str() {
        "crows.travel.choice" | "crows.travel.track_allowed" => {
            day::on_answer(rules, decision, answer, ctx)
        }
        "crows.travel.finds" | "crows.travel.meet_creature" => Ok(()),
        "crows.travel.encounter" => ctx.emit_for(
            TravelEvent::EncounterRuled {
                timing: answer.option.clone(),
                text: answer.text.clone(),
            },
            Visibility::Referee,
        ),
        "crows.travel.site_reached" => site::on_answer(rules, decision, answer, ctx),
        "crows.travel.miasma_choice" | "crows.travel.miasma_expertise" => {
            miasma::on_answer(rules, decision, answer, ctx)
        }
        other => Err(RuleError::new(
            "bad_decision",
            format!("no travel decision `{other}`"),
        )),
    }
}

/// The clock passed a boundary (after the core rules handled it).
pub(super) fn on_boundary(
    rules: &Crows,
    boundary: &Boundary,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match boundary {
        Boundary::RestEnd => miasma::rest_ended(rules, ctx),
        _ => Ok(()),
    }
}

/// A test this module started (a `CoreCommand::Test` with `then: Then::Travel(…)`, passed
/// to [`Crows::core_decide`]) reached its final result, after any expertise was spent at the
/// commit point.
pub(super) fn after_test(
    rules: &Crows,
    creature: &str,
    resolved: &crate::test_roll::ResolvedTest,
    then: TravelThen,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match then {
        TravelThen::Role { task } => day::role_tested(rules, creature, resolved, task, ctx),
        TravelThen::Assist { holder } => day::assist_tested(rules, creature, holder, ctx),
        TravelThen::Miasma => miasma::tested(rules, creature, resolved, ctx),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn travel_names_are_not_core_names() {
        use super::super::{CoreCommand, CoreEvent, variant_names};
        for name in variant_names::<TravelCommand>() {
            let v = json!({ *name: {} });
            assert!(
                serde_json::from_value::<CoreCommand>(v).is_err(),
                "{name} parses as a core command"
            );
            assert!(!variant_names::<CoreCommand>().contains(name), "{name}");
        }
        for name in variant_names::<TravelEvent>() {
            assert!(
                !variant_names::<CoreEvent>().contains(name),
                "{name} is a core event"
            );
        }
    }
}
