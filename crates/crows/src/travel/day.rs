//! The day's progress as the commands of a travel day need it (CR-TRAVEL-02): pace and roles
//! first, then the role tests, the road, a site explored in dungeon turns, the rest in the
//! open and its Miasma rolls, then the next day. Each command asks one `may_…` function, over
//! the plain facts of [`Stage`], whether its step may come now.

use super::roles::{Role, Task};
use super::{Step, TravelError};
use crate::test_roll::Characteristic;

/// Where the party stands in its days: the facts the order of a day's steps is judged on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stage {
    /// The step of the day under way; `None` between days.
    pub step: Option<Step>,
    /// The day's role tests have started.
    pub tests_started: bool,
    /// The day records a rest in the open (`travel_rest`).
    pub rest_open: bool,
    /// The Miasma rolls after a rest are under way.
    pub miasma_round: bool,
    /// The party explores a site in dungeon turns.
    pub exploring: bool,
    /// The party has a position on the map.
    pub placed: bool,
}

impl Stage {
    /// Whether the role tests are over (the day's hexes and thresholds are final).
    pub fn roles_done(&self) -> bool {
        self.step
            .is_some_and(|s| !matches!(s, Step::Pace | Step::Roles))
    }

    /// Whether the party rests (the rest in the open or its Miasma rolls).
    pub fn resting(&self) -> bool {
        matches!(self.step, Some(Step::Rest | Step::Miasma)) || self.miasma_round
    }
}

/// The day under way, if there is one.
pub fn under_way<T>(day: Option<T>) -> Result<T, TravelError> {
    day.ok_or(TravelError::NoTravelDay)
}

/// The party's position, once it has one.
pub fn placed<T>(position: Option<T>) -> Result<T, TravelError> {
    position.ok_or(TravelError::NoPosition)
}

/// The speed the day is travelled at: the party's slowest (CR-TRAVEL-04).
pub fn day_speed(speeds: &[u8]) -> Result<u8, TravelError> {
    super::pace::slowest(speeds).ok_or(TravelError::NoParty)
}

/// `begin_travel_day`: between days, placed on the map, not at a site.
pub fn may_begin_day(stage: Stage) -> Result<(), TravelError> {
    if stage.step.is_some() {
        return Err(TravelError::DayRunning);
    }
    if !stage.placed {
        return Err(TravelError::NoPosition);
    }
    if stage.exploring {
        return Err(TravelError::ExploringSite);
    }
    Ok(())
}

/// Declaring, withdrawing or assisting a role: before the day's role tests start.
pub fn may_declare_roles(stage: Stage) -> Result<(), TravelError> {
    under_way(stage.step)?;
    if stage.step != Some(Step::Roles) || stage.tests_started {
        return Err(TravelError::RolesClosed);
    }
    Ok(())
}

/// A step that needs the day's role tests over; `rule` names the step's own rule.
pub fn may_follow_roles(stage: Stage, rule: &str) -> Result<(), TravelError> {
    under_way(stage.step)?;
    if !stage.roles_done() {
        return Err(TravelError::RolesPending {
            rule: rule.to_string(),
        });
    }
    Ok(())
}

/// Travelling on (moving, a road check, arriving at a site): not while the party rests.
pub fn may_travel_on(stage: Stage) -> Result<(), TravelError> {
    under_way(stage.step)?;
    if stage.resting() {
        return Err(TravelError::PartyResting);
    }
    Ok(())
}

/// A road encounter check (CR-ROAD-01, or CR-ROAD-04 during a rest): after the role tests, not
/// while resting unless it is the rest's own check, and never at a site (the dungeon turn's
/// check applies there).
pub fn may_check_road(stage: Stage, during_rest: bool) -> Result<(), TravelError> {
    may_follow_roles(stage, "CR-ROAD-01")?;
    if !during_rest {
        may_travel_on(stage)?;
    }
    if stage.exploring {
        return Err(TravelError::CheckAtSite);
    }
    Ok(())
}

/// `travel_move` (CR-TRAVEL-07): after the role tests, not resting, not at a site, not while
/// an encounter or a point of interest waits (CR-POI-01), with hexes left today.
pub fn may_move(
    stage: Stage,
    zoomed_in: bool,
    hexes_moved: u8,
    hexes: u8,
) -> Result<(), TravelError> {
    may_follow_roles(stage, "CR-TRAVEL-07")?;
    may_travel_on(stage)?;
    if stage.exploring {
        return Err(TravelError::ExploringInTurns);
    }
    if zoomed_in {
        return Err(TravelError::ZoomedIn);
    }
    if hexes_moved >= hexes {
        return Err(TravelError::NoHexesLeft { hexes });
    }
    Ok(())
}

/// `arrive_at_site` before the site is looked up: after the role tests, not resting, not
/// already at a site (CR-POI-02).
pub fn may_arrive(stage: Stage) -> Result<(), TravelError> {
    may_follow_roles(stage, "CR-POI-02")?;
    may_travel_on(stage)?;
    if stage.exploring {
        return Err(TravelError::AlreadyExploring);
    }
    Ok(())
}

/// `arrive_at_site` at a site: the party stands in its hex (CR-POI-03), and a lost party that
/// knows the site recognises where it is first (CR-LOST-04).
pub fn may_enter_site(
    site: &str,
    in_its_hex: bool,
    lost: bool,
    known: bool,
) -> Result<(), TravelError> {
    if !in_its_hex {
        return Err(TravelError::NotThere {
            site: site.to_string(),
        });
    }
    if lost && known {
        return Err(TravelError::Recognised {
            site: site.to_string(),
        });
    }
    Ok(())
}

/// `leave_site`: the party explores one.
pub fn may_leave_site(stage: Stage) -> Result<(), TravelError> {
    if !stage.exploring {
        return Err(TravelError::NotExploring);
    }
    Ok(())
}

/// `travel_hours` (CR-UD-07): outside a dungeon; `dungeon_turns`: the engine counts dungeon
/// turns.
pub fn may_pass_hours(stage: Stage, dungeon_turns: bool) -> Result<(), TravelError> {
    if stage.exploring || dungeon_turns {
        return Err(TravelError::UsageInDungeon);
    }
    Ok(())
}

/// `travel_rest` (CR-ROAD-04): after the role tests, once a night, not at a site.
pub fn may_begin_rest(stage: Stage) -> Result<(), TravelError> {
    may_follow_roles(stage, "CR-ROAD-04")?;
    if stage.resting() {
        return Err(TravelError::AlreadyResting);
    }
    if stage.exploring {
        return Err(TravelError::RestAtSite);
    }
    Ok(())
}

/// `travel_rest_end`: a rest in the open is under way and not already ending (CR-REST-02).
pub fn may_end_rest(stage: Stage, finishing: bool) -> Result<(), TravelError> {
    under_way(stage.step)?;
    if stage.step != Some(Step::Rest) || !stage.rest_open {
        return Err(TravelError::NotResting);
    }
    if finishing {
        return Err(TravelError::RestFinishing);
    }
    Ok(())
}

/// `end_travel_day`: not during the role tests, after the rest and its Miasma rolls, not at a
/// site.
pub fn may_end_day(stage: Stage) -> Result<(), TravelError> {
    under_way(stage.step)?;
    if stage.step == Some(Step::Roles) && stage.tests_started {
        return Err(TravelError::RoleTestsUnderWay);
    }
    if stage.resting() {
        return Err(TravelError::RestBeforeNextDay);
    }
    if stage.exploring {
        return Err(TravelError::ExploringSite);
    }
    Ok(())
}

/// `place_party`: between days.
pub fn may_place_party(stage: Stage) -> Result<(), TravelError> {
    if stage.step.is_some() {
        return Err(TravelError::PlacedDuringDay);
    }
    Ok(())
}

/// `travel_found` (CR-LOST-04): the party is lost, and found otherwise than by the guide's
/// Back on Track test (CR-LOST-03).
pub fn may_be_found(lost: bool, by_back_on_track: bool) -> Result<(), TravelError> {
    if !lost {
        return Err(TravelError::PartyNotLost);
    }
    if by_back_on_track {
        return Err(TravelError::FoundByTest);
    }
    Ok(())
}

/// What the roles declared today say of one creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// It holds a role today.
    pub holds_role: bool,
    /// It assists a role-holder today.
    pub assists: bool,
}

/// A creature's Miasma state as a role declaration reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Minded {
    /// It has turned (CR-MIASMA-08) and a player declares for it.
    pub turned_by_player: bool,
    /// The lazy effect makes it refuse every role (CR-ROLE-15).
    pub refuses_roles: bool,
}

/// A role as a creature declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declared<'a> {
    pub creature: &'a str,
    pub task: Task,
    /// The characteristic asked for; the task's first when none.
    pub characteristic: Option<Characteristic>,
    /// How many creatures the declaration picks.
    pub picks: usize,
    /// The quarry Track Specific Creature names.
    pub quarry: Option<&'a str>,
}

/// `declare_role` once the creature is known to be in the party and alive: the Miasma lets it
/// (CR-MIASMA-08, CR-ROLE-15), it does not assist instead (CR-ROLE-02), Back on Track only
/// while lost and only that for a lost guide (CR-LOST-03, CR-ERR-58), a characteristic the
/// task allows, picks only for the tasks that pick (the count is [`super::roles::picked`]'s),
/// a named quarry (CR-ROLE-14). `lost`: whether the party is lost, `None` when it has no
/// position. The characteristic the test uses.
pub fn may_declare_role(
    declared: Declared<'_>,
    minded: Minded,
    standing: Standing,
    lost: Option<bool>,
) -> Result<Characteristic, TravelError> {
    let Declared {
        creature,
        task,
        characteristic,
        picks,
        quarry,
    } = declared;
    if minded.turned_by_player {
        return Err(TravelError::TurnedToReferee {
            creature: creature.to_string(),
        });
    }
    if minded.refuses_roles {
        return Err(TravelError::LazyRefusesRoles {
            creature: creature.to_string(),
        });
    }
    if standing.assists {
        return Err(TravelError::AssistsInstead {
            creature: creature.to_string(),
        });
    }
    let lost = placed(lost)?;
    if task == Task::BackOnTrack && !lost {
        return Err(TravelError::OnTrackAlready);
    }
    if lost && task.role() == Role::Guide && task != Task::BackOnTrack {
        return Err(TravelError::LostGuide);
    }
    let allowed = task.characteristics();
    let characteristic = match characteristic {
        None => allowed.first().copied().unwrap_or(Characteristic::Mind),
        Some(c) if allowed.contains(&c) => c,
        Some(c) => {
            return Err(TravelError::BadCharacteristic {
                task: task.name().to_string(),
                allowed: allowed
                    .iter()
                    .map(crate::refusal::said)
                    .collect::<Vec<_>>()
                    .join(" or "),
                characteristic: crate::refusal::said(&c),
                rule: task.rule().to_string(),
            });
        }
    };
    if picks > 0 && !matches!(task, Task::FightTheMiasma | Task::SupportEveryone) {
        return Err(TravelError::PicksNone {
            task: task.name().to_string(),
            rule: task.rule().to_string(),
        });
    }
    if task == Task::TrackCreature && quarry.is_none_or(|q| q.trim().is_empty()) {
        return Err(TravelError::NoQuarry);
    }
    Ok(characteristic)
}

/// `travel_assist` (CR-ASSIST-01, CR-ROLE-02): not one's own test, a helper that holds no role
/// and assists no one yet, a holder that holds a role.
pub fn may_assist(
    helper: &str,
    holder: &str,
    helper_standing: Standing,
    holder_holds_role: bool,
) -> Result<(), TravelError> {
    if helper == holder {
        return Err(TravelError::OwnAssist);
    }
    if helper_standing.holds_role {
        return Err(TravelError::HoldsRole {
            creature: helper.to_string(),
        });
    }
    if helper_standing.assists {
        return Err(TravelError::AlreadyAssisting {
            creature: helper.to_string(),
        });
    }
    if !holder_holds_role {
        return Err(TravelError::NoRoleToAssist {
            creature: holder.to_string(),
        });
    }
    Ok(())
}

/// `withdraw_role`: the creature holds one.
pub fn may_withdraw_role(creature: &str, holds_role: bool) -> Result<(), TravelError> {
    if !holds_role {
        return Err(TravelError::NoRole {
            creature: creature.to_string(),
        });
    }
    Ok(())
}

/// `travel_role_tests`: the Referee has ruled on every tracked quarry (CR-ROLE-14), and every
/// ally Support Everyone picked holds a role (CR-ROLE-05). `unruled_tracker`: the first
/// tracker still waiting; `support_pick_without_role`: the first such pick.
pub fn may_start_role_tests(
    unruled_tracker: Option<&str>,
    support_pick_without_role: Option<&str>,
) -> Result<(), TravelError> {
    if let Some(c) = unruled_tracker {
        return Err(TravelError::TrackUnruled {
            creature: c.to_string(),
        });
    }
    if let Some(p) = support_pick_without_role {
        return Err(TravelError::SupportsNoRole {
            creature: p.to_string(),
        });
    }
    Ok(())
}

/// A die the engine rolled, checked against its sides (CR-DICE-01): the face.
pub fn die_face(sides: u64, face: i64) -> Result<u64, TravelError> {
    u64::try_from(face)
        .ok()
        .filter(|f| (1..=sides).contains(f))
        .ok_or(TravelError::DieShowed { sides, face })
}

/// The item a d`n` picks among `n` items (CR-DICE-01: a face outside 1…n is refused).
pub fn pick_by_die<T>(items: &[T], face: i64) -> Result<&T, TravelError> {
    let sides = u64::try_from(items.len()).unwrap_or(u64::MAX);
    let f = die_face(sides, face)?;
    usize::try_from(f)
        .ok()
        .and_then(|f| f.checked_sub(1))
        .and_then(|i| items.get(i))
        .ok_or(TravelError::DieShowed { sides, face })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(step: Step) -> Stage {
        Stage {
            step: Some(step),
            placed: true,
            ..Stage::default()
        }
    }

    #[test]
    fn a_day_begins_between_days_on_the_map_and_off_a_site() {
        assert_eq!(
            may_begin_day(day(Step::Roles)),
            Err(TravelError::DayRunning)
        );
        assert_eq!(
            may_begin_day(Stage::default()),
            Err(TravelError::NoPosition)
        );
        let at_site = Stage {
            placed: true,
            exploring: true,
            ..Stage::default()
        };
        assert_eq!(may_begin_day(at_site), Err(TravelError::ExploringSite));
        assert_eq!(
            may_begin_day(Stage {
                placed: true,
                ..Stage::default()
            }),
            Ok(())
        );
    }

    #[test]
    fn roles_come_before_their_tests_and_the_road_after_them() {
        assert_eq!(may_declare_roles(day(Step::Roles)), Ok(()));
        let testing = Stage {
            tests_started: true,
            ..day(Step::Roles)
        };
        assert_eq!(may_declare_roles(testing), Err(TravelError::RolesClosed));
        assert_eq!(
            may_declare_roles(Stage::default()),
            Err(TravelError::NoTravelDay)
        );
        assert_eq!(
            may_move(day(Step::Roles), false, 0, 3),
            Err(TravelError::RolesPending {
                rule: "CR-TRAVEL-07".into()
            })
        );
        assert_eq!(may_move(day(Step::EncounterCheck), false, 0, 3), Ok(()));
        assert_eq!(
            may_move(day(Step::EncounterCheck), false, 3, 3),
            Err(TravelError::NoHexesLeft { hexes: 3 })
        );
        assert_eq!(
            may_move(day(Step::Rest), false, 0, 3),
            Err(TravelError::PartyResting)
        );
    }

    #[test]
    fn the_day_ends_after_its_rest_and_off_a_site() {
        let testing = Stage {
            tests_started: true,
            ..day(Step::Roles)
        };
        assert_eq!(may_end_day(testing), Err(TravelError::RoleTestsUnderWay));
        assert_eq!(
            may_end_day(day(Step::Miasma)),
            Err(TravelError::RestBeforeNextDay)
        );
        let at_site = Stage {
            exploring: true,
            ..day(Step::Explore)
        };
        assert_eq!(may_end_day(at_site), Err(TravelError::ExploringSite));
        assert_eq!(may_end_day(day(Step::EncounterCheck)), Ok(()));
    }

    #[test]
    fn a_rest_in_the_open_begins_once_and_ends_once() {
        assert_eq!(may_begin_rest(day(Step::EncounterCheck)), Ok(()));
        assert_eq!(
            may_begin_rest(day(Step::Rest)),
            Err(TravelError::AlreadyResting)
        );
        assert_eq!(
            may_end_rest(day(Step::Rest), false),
            Err(TravelError::NotResting)
        );
        let resting = Stage {
            rest_open: true,
            ..day(Step::Rest)
        };
        assert_eq!(may_end_rest(resting, false), Ok(()));
        assert_eq!(may_end_rest(resting, true), Err(TravelError::RestFinishing));
    }

    fn decl(task: Task, characteristic: Option<Characteristic>, picks: usize) -> Declared<'static> {
        Declared {
            creature: "vera",
            task,
            characteristic,
            picks,
            quarry: None,
        }
    }

    #[test]
    fn a_role_declaration_names_its_refusal() {
        let none = (Minded::default(), Standing::default());
        assert_eq!(
            may_declare_role(
                decl(Task::BackOnTrack, None, 0),
                none.0,
                none.1,
                Some(false)
            ),
            Err(TravelError::OnTrackAlready)
        );
        assert_eq!(
            may_declare_role(decl(Task::NormalRoute, None, 0), none.0, none.1, Some(true)),
            Err(TravelError::LostGuide)
        );
        let e = may_declare_role(
            decl(Task::Hunt, Some(Characteristic::Mind), 0),
            none.0,
            none.1,
            Some(false),
        );
        assert_eq!(
            e.map_err(|e| e.to_string()),
            Err("Hunt is tested with agility, not mind".to_string())
        );
        assert_eq!(
            may_declare_role(decl(Task::Hunt, None, 1), none.0, none.1, Some(false)),
            Err(TravelError::PicksNone {
                task: "Hunt".into(),
                rule: "CR-ROLE-13".into()
            })
        );
        assert_eq!(
            may_declare_role(decl(Task::Forage, None, 0), none.0, none.1, Some(false)),
            Ok(Characteristic::Mind)
        );
    }

    #[test]
    fn a_die_face_outside_its_sides_is_refused() {
        assert_eq!(die_face(6, 4), Ok(4));
        assert_eq!(
            die_face(6, 7).map_err(|e| e.to_string()),
            Err("a d6 showed 7".to_string())
        );
        assert_eq!(pick_by_die(&["rope", "lamp"], 2), Ok(&"lamp"));
        assert_eq!(
            pick_by_die(&["rope", "lamp"], 3),
            Err(TravelError::DieShowed { sides: 2, face: 3 })
        );
    }
}
