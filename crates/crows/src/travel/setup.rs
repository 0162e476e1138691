//! The map, its sites and the party as the Referee sets them: hexes with a terrain
//! (CR-TRAVEL-01), sites (CR-POI-03), the party between days with its mounts (CR-TRAVEL-04,
//! CR-PET-04) and its humans (CR-MIASMA-09).

use std::collections::BTreeSet;

use super::TravelError;
use crate::creature::Size;

/// Longest terrain name a hex may have.
pub const MAX_TERRAIN_CHARS: usize = 64;
/// Longest site id.
pub const MAX_SITE_ID_CHARS: usize = 64;
/// Longest site name.
pub const MAX_SITE_NAME_CHARS: usize = 200;
/// Longest site notes.
pub const MAX_SITE_NOTES_CHARS: usize = 10_000;

/// `set_hexes`: every hex `(q, r, terrain)` names a terrain, which decides the encounters
/// there (CR-TRAVEL-01).
pub fn may_set_hexes<'a>(
    hexes: impl IntoIterator<Item = (i32, i32, &'a str)>,
) -> Result<(), TravelError> {
    for (q, r, terrain) in hexes {
        if terrain.trim().is_empty() || terrain.len() > MAX_TERRAIN_CHARS {
            return Err(TravelError::BadTerrain { q, r });
        }
    }
    Ok(())
}

/// `remove_hexes`: every hex `(q, r, on_the_map)` is on the map.
pub fn may_remove_hexes(
    hexes: impl IntoIterator<Item = (i32, i32, bool)>,
) -> Result<(), TravelError> {
    for (q, r, on_map) in hexes {
        if !on_map {
            return Err(TravelError::UnknownHex { q, r });
        }
    }
    Ok(())
}

/// `set_site`: an id, a name and notes of sensible length (CR-POI-03).
pub fn may_set_site(id: &str, name: &str, notes: &str) -> Result<(), TravelError> {
    if id.is_empty()
        || id.len() > MAX_SITE_ID_CHARS
        || name.trim().is_empty()
        || name.len() > MAX_SITE_NAME_CHARS
    {
        return Err(TravelError::BadSite);
    }
    if notes.len() > MAX_SITE_NOTES_CHARS {
        return Err(TravelError::SiteNotesTooLong);
    }
    Ok(())
}

/// The site `id` the map holds, if it does (CR-POI-03).
pub fn site<T>(found: Option<T>, id: &str) -> Result<T, TravelError> {
    found.ok_or_else(|| TravelError::UnknownSite {
        site: id.to_string(),
    })
}

/// `remove_site`: it is on the map, and the party is not exploring it (CR-POI-02).
pub fn may_remove_site(id: &str, on_map: bool, exploring_it: bool) -> Result<(), TravelError> {
    site(on_map.then_some(()), id)?;
    if exploring_it {
        return Err(TravelError::SiteInUse);
    }
    Ok(())
}

/// `set_party`: between travel days (CR-TRAVEL-02); `day_under_way`: a day is.
pub fn may_set_party(day_under_way: bool) -> Result<(), TravelError> {
    if day_under_way {
        return Err(TravelError::PartySetDuringDay);
    }
    Ok(())
}

/// A rider and its mount are two members of the party (CR-TRAVEL-04).
pub fn may_pair_mount(
    rider: &str,
    mount: &str,
    members: &BTreeSet<String>,
) -> Result<(), TravelError> {
    if !members.contains(rider) || !members.contains(mount) || rider == mount {
        return Err(TravelError::BadMount {
            rider: rider.to_string(),
            mount: mount.to_string(),
        });
    }
    Ok(())
}

/// A mount is at least one size larger than its rider (CR-PET-04).
pub fn may_ride(
    rider: &str,
    mount: &str,
    rider_size: Size,
    mount_size: Size,
) -> Result<(), TravelError> {
    if !crate::combat::pets::can_ride(rider_size, mount_size) {
        return Err(TravelError::MountTooSmall {
            rider: rider.to_string(),
            mount: mount.to_string(),
        });
    }
    Ok(())
}

/// The humans named for the Miasma rolls are members of the party (CR-MIASMA-09).
pub fn may_name_humans(humans: &[String], members: &BTreeSet<String>) -> Result<(), TravelError> {
    match humans.iter().find(|h| !members.contains(*h)) {
        Some(h) => Err(TravelError::HumanNotInParty {
            creature: h.clone(),
        }),
        None => Ok(()),
    }
}

/// A member's number in the day's ledger: its place in the party (CR-ROLE-01).
pub fn member_index(members: &[String], creature: &str) -> Result<u32, TravelError> {
    members
        .iter()
        .position(|m| m == creature)
        .and_then(|i| u32::try_from(i).ok())
        .ok_or_else(|| TravelError::NotInParty {
            creature: creature.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_party_names_its_mounts_and_humans_among_its_members() {
        let members: BTreeSet<String> = ["vera", "horse"].iter().map(|s| s.to_string()).collect();
        assert_eq!(may_pair_mount("vera", "horse", &members), Ok(()));
        assert!(may_pair_mount("vera", "vera", &members).is_err());
        assert_eq!(
            may_ride("vera", "horse", Size::Medium, Size::Medium),
            Err(TravelError::MountTooSmall {
                rider: "vera".into(),
                mount: "horse".into()
            })
        );
        assert_eq!(
            may_name_humans(&["olga".to_string()], &members),
            Err(TravelError::HumanNotInParty {
                creature: "olga".into()
            })
        );
        assert_eq!(
            member_index(&["vera".to_string(), "horse".to_string()], "horse"),
            Ok(1)
        );
    }

    #[test]
    fn hexes_and_sites_are_checked_before_the_map_changes() {
        assert_eq!(
            may_set_hexes([(0, 0, "forest"), (1, 0, " ")]),
            Err(TravelError::BadTerrain { q: 1, r: 0 })
        );
        assert_eq!(
            may_remove_hexes([(2, 3, false)]).map_err(|e| e.to_string()),
            Err("no hex (2, 3) on the map".to_string())
        );
        assert_eq!(may_set_site("", "Tower", ""), Err(TravelError::BadSite));
        assert_eq!(
            may_remove_site("tower", true, true),
            Err(TravelError::SiteInUse)
        );
    }
}
