//! Naval initiative and ship-to-ship combat rounds.
use delve_acks::naval::{
    self, Ammunition, NavalActor, Piece, Ram, Ship, ShipInitiative, Shot, Station, StationKind,
};
use delve_acks::tables::{Artillery, ArtilleryRow, RamRow, RamSize};
use delve_acks::{AcksError, TableId, Tables};

fn rule_of(e: AcksError) -> &'static str {
    match e {
        AcksError::OutOfRange { rule, .. } => rule,
        other => panic!("expected a range refusal, got {other:?}"),
    }
}

fn missing(e: AcksError) -> TableId {
    match e {
        AcksError::MissingTable { table, .. } => table,
        other => panic!("expected a missing table, got {other:?}"),
    }
}

fn station(name: &str, kind: StationKind, count: i32) -> Station {
    Station {
        name: name.into(),
        kind,
        count,
    }
}

#[test]
fn ac_naval_01_ships_move_on_the_captains_count_weapons_and_crew_on_their_own() {
    let ships = [
        ShipInitiative {
            ship: "Gull".into(),
            captain_count: 2,
            disabled: false,
            stations: vec![
                station("ballista", StationKind::Weapon, 5),
                station("marines", StationKind::Crew, 3),
            ],
        },
        ShipInitiative {
            ship: "Wolf".into(),
            captain_count: 5,
            disabled: false,
            stations: vec![station("archers", StationKind::Crew, 1)],
        },
    ];
    let order = naval::naval_order(&ships);
    let flat: Vec<Vec<(&str, NavalActor)>> = order
        .iter()
        .map(|g| g.iter().map(|t| (t.name.as_str(), t.actor)).collect())
        .collect();
    assert_eq!(
        flat,
        vec![
            vec![
                ("ballista", NavalActor::CrewOrWeapon),
                ("Wolf", NavalActor::ShipMovement)
            ],
            vec![("marines", NavalActor::CrewOrWeapon)],
            vec![("Gull", NavalActor::ShipMovement)],
            vec![("archers", NavalActor::CrewOrWeapon)],
        ]
    );
    // A ship at 0 shp neither moves nor fires; its crew still act (AC-NAVAL-02).
    let mut wrecked = ships.clone();
    wrecked[0].disabled = true;
    let names: Vec<String> = naval::naval_order(&wrecked)
        .into_iter()
        .flatten()
        .map(|t| t.name)
        .collect();
    assert_eq!(names, ["Wolf", "marines", "archers"]);
}

/// The Judge's T-23 rows for this test (the table was not recovered; these are not book
/// values).
fn judge_artillery(t: &mut Tables) {
    for (i, row) in t.t23_artillery.rows.clone().into_iter().enumerate() {
        let filled = ArtilleryRow {
            crew_full: Some(4),
            attack_throw: Some(10),
            rounds_per_shot: Some(2),
            range_min: Some(if row.weapon == Artillery::Ballista {
                0
            } else {
                50
            }),
            range_short: Some(100),
            range_medium: Some(200),
            range_long: Some(300),
            ..row
        };
        t.t23_artillery.replace_row(i, filled).unwrap();
    }
    for (i, row) in t.t24_ram.rows.clone().into_iter().enumerate() {
        t.t24_ram
            .replace_row(
                i,
                RamRow {
                    vs_ship_shp: Some("1d10+20".into()),
                    vs_monster_hp: Some("3d6".into()),
                    ..row
                },
            )
            .unwrap();
    }
}

fn shot(d20: i32, faces: Vec<u32>) -> Shot {
    Shot {
        ammunition: Ammunition::Shot,
        distance: 150,
        crew: 4,
        attack_bonus: 0,
        d20,
        damage_faces: faces,
    }
}

#[test]
fn ac_naval_06_ship_to_ship_rounds_with_artillery_rams_and_boarding() {
    let shipped = Tables::acks_1e();
    let mut t = shipped.clone();
    judge_artillery(&mut t);
    let mut gull = Ship::new("Gull", 2, 30, 150).unwrap();
    let mut wolf = Ship::new("Wolf", 4, 40, 120).unwrap();
    let mut ballista = Piece {
        name: "bow ballista".into(),
        kind: Artillery::Ballista,
        reloading: 0,
    };
    // Until the Judge enters T-23 (and T-24) the weapons refuse by table.
    assert_eq!(
        missing(
            naval::fire(
                &shipped,
                &mut ballista,
                &gull,
                &mut wolf,
                &shot(15, vec![4, 5, 6])
            )
            .unwrap_err()
        ),
        TableId(23)
    );
    // Round 1: the ballista (throw 10 + AC 4 = 14) hits for 3d6 = 15 shp.
    let r = naval::fire(
        &t,
        &mut ballista,
        &gull,
        &mut wolf,
        &shot(15, vec![4, 5, 6]),
    )
    .unwrap();
    assert!(r.roll.hit);
    assert_eq!((r.shp_damage, wolf.shp), (15, 25));
    // 15 of 40 shp lost is 37.5 % → 40 % slower (AC-NAVAL-03).
    assert_eq!(wolf.current_speed(), 72);
    // It reloads for a round.
    assert_eq!(
        rule_of(
            naval::fire(
                &t,
                &mut ballista,
                &gull,
                &mut wolf,
                &shot(15, vec![1, 1, 1])
            )
            .unwrap_err()
        ),
        "AC-NAVAL-07"
    );
    let mut pieces = [ballista];
    assert!(naval::end_round(&mut [gull.clone(), wolf.clone()], &mut pieces).is_empty());
    let [mut ballista] = pieces;
    // Round 2: a miss deals nothing; a short crew is refused by table (rate not recovered).
    let miss = naval::fire(&t, &mut ballista, &gull, &mut wolf, &shot(5, vec![])).unwrap();
    assert_eq!((miss.roll.hit, wolf.shp), (false, 25));
    ballista.reloading = 0;
    let mut short = shot(15, vec![1, 1, 1]);
    short.crew = 3;
    assert_eq!(
        missing(naval::fire(&t, &mut ballista, &gull, &mut wolf, &short).unwrap_err()),
        TableId(23)
    );
    // A catapult inside its minimum range is refused; pitch sets a fire burning each turn.
    let mut catapult = Piece {
        name: "catapult".into(),
        kind: Artillery::LightCatapult,
        reloading: 0,
    };
    let mut close = shot(15, vec![]);
    close.distance = 20;
    close.ammunition = Ammunition::Pitch;
    assert_eq!(
        rule_of(naval::fire(&t, &mut catapult, &wolf, &mut gull, &close).unwrap_err()),
        "AC-NAVAL-12"
    );
    close.distance = 60;
    let lit = naval::fire(&t, &mut catapult, &wolf, &mut gull, &close).unwrap();
    assert!(lit.set_afire && lit.shp_damage == 0);
    assert_eq!(naval::burn_turn(&mut gull, &[vec![5]]).unwrap(), 5);
    assert_eq!(gull.shp, 25);
    assert!(naval::burn_turn(&mut gull, &[]).is_err());
    assert_eq!(naval::extinguish_turns(10).unwrap(), 2);
    naval::fires_out(&mut gull);
    let mut pitch_ballista = shot(15, vec![]);
    pitch_ballista.ammunition = Ammunition::Pitch;
    ballista.reloading = 0;
    assert_eq!(
        rule_of(naval::fire(&t, &mut ballista, &gull, &mut wolf, &pitch_ballista).unwrap_err()),
        "AC-NAVAL-10"
    );
    // Ramming: at 0 ft, an attack against the AC, then T-24 damage.
    let ram = |distance, d20, faces: Vec<u32>| Ram {
        size: RamSize::Large,
        distance,
        attack_throw: 10,
        attack_bonus: 0,
        d20,
        damage_faces: faces,
    };
    assert_eq!(
        missing(naval::ram_ship(&shipped, &gull, &mut wolf, &ram(0, 18, vec![5])).unwrap_err()),
        TableId(24)
    );
    assert_eq!(
        rule_of(naval::ram_ship(&t, &gull, &mut wolf, &ram(30, 18, vec![5])).unwrap_err()),
        "AC-NAVAL-13"
    );
    let rammed = naval::ram_ship(&t, &gull, &mut wolf, &ram(0, 18, vec![5])).unwrap();
    assert_eq!((rammed.damage, wolf.shp), (25, 0));
    assert!(rammed.disabled_target && wolf.disabled());
    assert_eq!(
        naval::ram_monster(&t, &gull, 5, &ram(0, 18, vec![1, 2, 3]))
            .unwrap()
            .damage,
        6
    );
    // At 0 shp the Wolf sinks in 1d10 rounds and can neither fire nor ram.
    wolf.start_sinking(2).unwrap();
    assert_eq!(
        rule_of(naval::fire(&t, &mut catapult, &wolf, &mut gull, &close).unwrap_err()),
        "AC-NAVAL-02"
    );
    assert_eq!(
        rule_of(naval::ram_ship(&t, &wolf, &mut gull, &ram(0, 18, vec![5])).unwrap_err()),
        "AC-NAVAL-02"
    );
    // Boarding meanwhile: grapple at 0 ft on 13+ (or certain if both want it).
    assert_eq!(
        rule_of(naval::grapple(10, true, 0, 20).unwrap_err()),
        "AC-NAVAL-14"
    );
    assert!(naval::grapple(0, true, 0, 1).unwrap());
    assert!(!naval::grapple(0, false, 0, 12).unwrap());
    assert!(naval::grapple(0, false, 1, 12).unwrap());
    // Boarders fight at −2 to attack throws and AC in the round they board.
    assert_eq!(naval::boarding_round(3, 5), (1, 3));
    // The rounds run out and the Wolf goes under.
    let mut ships = [gull, wolf];
    assert!(naval::end_round(&mut ships, &mut []).is_empty());
    assert_eq!(naval::end_round(&mut ships, &mut []), ["Wolf"]);
    assert!(ships[1].sunk && !ships[0].sunk);
    assert!(naval::end_round(&mut ships, &mut []).is_empty());
}
