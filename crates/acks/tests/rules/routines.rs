//! One attack through to damage, special maneuvers in place of an attack, monster attack
//! routines with cleaves, and missile attacks in the initiative order.
use delve_acks::attack::{self, AttackProgression as P};
use delve_acks::damage::{self, WeaponCategory};
use delve_acks::dice_spec::DiceSpec;
use delve_acks::initiative::{AttackMode, Initiative, RoundEntry, round_order};
use delve_acks::maneuvers::Maneuver;
use delve_acks::odds::{Fraction, total};
use delve_acks::routine::{
    AttackChoice, AttackRoutine, CleaveTarget, NextAttack, OnHit, RoutineRound, Strike, Swing,
    strike, strike_odds,
};
use delve_acks::{AcksError, HitDice, Tables};

fn dice(s: &str) -> DiceSpec {
    s.parse().unwrap()
}

fn rule_of(e: AcksError) -> &'static str {
    match e {
        AcksError::OutOfRange { rule, .. } => rule,
        other => panic!("expected a range refusal, got {other:?}"),
    }
}

/// Marcus, fighter 10 (throw 4+), STR +2 and a +1 sword in one hand (1d6), against AC 7.
fn marcus(d20: i32, faces: Vec<u32>) -> Strike {
    let t = Tables::acks_1e();
    let (atk, dmg) = attack::melee_bonuses(2, 1);
    let (sword, _, _) = damage::weapon_damage(WeaponCategory::HandAndAHalf, false);
    Strike {
        attack_throw: attack::character_attack_throw(&t, P::Fighter, 10).unwrap(),
        target_ac: 7,
        attack_bonus: atk,
        choice: AttackChoice::Normal,
        d20,
        damage: DiceSpec::from_dice(sword).unwrap(),
        damage_bonus: dmg,
        doubled: false,
        nonlethal_weapon: false,
        damage_faces: faces,
    }
}

#[test]
fn ac_atk_05_a_hit_rolls_the_weapon_damage_with_its_bonuses() {
    // 8 + 3 = 11 ≥ 4 + 7: a hit; 1d6 face 5 + STR 2 + magic 1 = 8.
    let r = strike(&marcus(8, vec![5])).unwrap();
    assert!(r.roll.hit);
    assert_eq!(
        r.on_hit,
        Some(OnHit::Damage {
            amount: 8,
            nonlethal: false
        })
    );
    // 7 + 3 = 10: a miss deals nothing, whatever faces were rolled.
    let miss = strike(&marcus(7, vec![6])).unwrap();
    assert!(!miss.roll.hit);
    assert_eq!((miss.on_hit, miss.damage()), (None, 0));
    assert_eq!(strike(&marcus(7, vec![])).unwrap().damage(), 0);
    // A hit needs its faces, one per die and on the die.
    assert_eq!(
        rule_of(strike(&marcus(8, vec![])).unwrap_err()),
        "AC-ATK-05"
    );
    assert_eq!(
        rule_of(strike(&marcus(8, vec![7])).unwrap_err()),
        "AC-ATK-05"
    );
    assert_eq!(
        rule_of(strike(&marcus(8, vec![2, 2])).unwrap_err()),
        "AC-ATK-05"
    );
    // Doubled damage doubles the roll, not the bonuses (AC-DMG-06); penalties never go below 0.
    let mut backstab = marcus(8, vec![5]);
    backstab.doubled = true;
    assert_eq!(strike(&backstab).unwrap().damage(), 13);
    let mut weak = marcus(20, vec![1]);
    weak.damage_bonus = -3;
    assert_eq!(strike(&weak).unwrap().damage(), 0);
    // Monster damage with a listed bonus: 2d4+1, faces 3 and 4 → 8.
    let mut m = marcus(20, vec![3, 4]);
    m.damage = dice("2d4+1");
    m.damage_bonus = 0;
    assert_eq!(strike(&m).unwrap().damage(), 8);
}

#[test]
fn ac_atk_05_exact_damage_odds_sum_to_one_and_give_the_mean() {
    // Needs 11 with +3: faces 8–20 hit (13/20); 1d6 + 3 averages 13/2.
    let o = strike_odds(4, 7, 3, dice("1d6"), 3).unwrap();
    assert_eq!(o.hit, Fraction::new(13, 20));
    assert_eq!(o.expected_damage, Fraction::new(169, 40));
    assert_eq!(total(o.damage.iter().map(|(_, p)| p)), Fraction::new(1, 1));
    assert_eq!(o.damage[0], (0, Fraction::new(7, 20)));
    assert_eq!(o.damage.last().unwrap(), &(9, Fraction::new(13, 120)));
    assert!(strike_odds(4, 7, 3, dice("1d6"), 99).is_err());
    // Exact odds stay within 64 bits: 8d6 (a fireball's worth), 12d10 and 7d100 are
    // computed exactly; 20d6 and 20d100 are refused.
    for big in ["8d6", "12d10", "7d100", "20d5"] {
        let o = strike_odds(4, 7, 0, dice(big), 0).unwrap();
        assert_eq!(
            total(o.damage.iter().map(|(_, p)| p)),
            Fraction::new(1, 1),
            "{big}"
        );
    }
    let fireball = strike_odds(4, 7, 0, dice("8d6"), 0).unwrap();
    // The mean of 8d6 is 28; the hit chance is 10/20.
    assert_eq!(fireball.hit, Fraction::new(1, 2));
    assert_eq!(fireball.expected_damage, Fraction::new(14, 1));
    assert!(strike_odds(4, 7, 0, dice("20d6"), 0).is_err());
    assert!(strike_odds(4, 7, 0, dice("20d100"), 0).is_err());
    // A penalty that can bring damage to 0 counts those outcomes as 0.
    let weak = strike_odds(4, 7, 3, dice("1d4"), -2).unwrap();
    assert_eq!(
        weak.damage[0],
        (0, Fraction::new(7, 20) + Fraction::new(13, 20) / 2)
    );
}

#[test]
fn ac_melee_05_a_special_maneuver_replaces_the_attack() {
    // Disarm: −4 to the throw; a hit calls for the target's save instead of damage.
    let mut s = marcus(12, vec![]);
    s.choice = AttackChoice::Maneuver(Maneuver::Disarm);
    let r = strike(&s).unwrap();
    assert_eq!(r.roll.total, 11);
    assert_eq!(
        r.on_hit,
        Some(OnHit::ManeuverSave {
            maneuver: Maneuver::Disarm
        })
    );
    // 9 + 3 = 12 would hit as a normal attack, but misses as a maneuver (8).
    s.d20 = 9;
    assert!(!strike(&s).unwrap().roll.hit);
    assert!(strike(&marcus(9, vec![1])).unwrap().roll.hit);
    // Knock out (flat of the blade): −4, and the damage is nonlethal.
    let mut ko = marcus(12, vec![6]);
    ko.choice = AttackChoice::Maneuver(Maneuver::KnockOut);
    assert_eq!(
        strike(&ko).unwrap().on_hit,
        Some(OnHit::Damage {
            amount: 9,
            nonlethal: true
        })
    );
    // Sunder against an ordinary weapon is −6.
    let mut sunder = marcus(13, vec![]);
    sunder.choice = AttackChoice::Maneuver(Maneuver::SunderOther);
    assert_eq!(strike(&sunder).unwrap().roll.total, 10);
}

#[test]
fn ac_dmg_05_a_routine_keeps_the_listed_order_claws_before_bite() {
    let r: AttackRoutine = "claw 1d3/claw 1d3/bite 1d6".parse().unwrap();
    let names: Vec<&str> = r.attacks.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["claw", "claw", "bite"]);
    assert_eq!(r.attacks[2].damage, dice("1d6"));
    let bare: AttackRoutine = "1d3/1d3/2d4+1".parse().unwrap();
    assert_eq!(bare.attacks[2].name, "attack 3");
    assert_eq!(bare.attacks[2].damage.to_string(), "2d4+1");
    assert_eq!(attack::attacks_per_round(Some(r.len() as u32)), 3);
    for bad in ["", "claw", "claw 1x3", "bite 0d6", "claw 1d3//bite 1d6"] {
        assert!(bad.parse::<AttackRoutine>().is_err(), "{bad}");
    }
    let thirteen = vec!["1d4"; 13].join("/");
    assert_eq!(
        rule_of(thirteen.parse::<AttackRoutine>().unwrap_err()),
        "AC-DMG-05"
    );
}

fn swing(d20: i32, faces: Vec<u32>, target_hp: i32) -> Swing {
    Swing {
        attack_throw: 8,
        target_ac: 2,
        attack_bonus: 0,
        damage_bonus: 0,
        choice: AttackChoice::Normal,
        target_hp,
        d20,
        damage_faces: faces,
        cleave: None,
    }
}

const NEAR: CleaveTarget = CleaveTarget {
    foe_within_5_ft_of_fallen: true,
    step_ft: 5,
    movement_left_ft: 40,
};

#[test]
fn ac_melee_02_each_listed_attack_resolves_in_turn_and_a_kill_offers_a_cleave() {
    let r: AttackRoutine = "claw 1d3/claw 1d3/bite 1d6".parse().unwrap();
    let hd: HitDice = "3".parse().unwrap();
    let mut round = RoutineRound::for_monster(r, hd);
    assert_eq!(
        round.next_attack(),
        NextAttack::Listed {
            index: 0,
            name: "claw".into()
        }
    );
    // The first claw fells a 2-hp goblin: a cleave with the same claw comes next.
    let s = round.resolve(&swing(15, vec![3], 2)).unwrap();
    assert!(s.felled && !s.cleave);
    assert_eq!(
        round.next_attack(),
        NextAttack::Cleave {
            index: 0,
            name: "claw".into()
        }
    );
    // A cleave needs a foe within 5 ft of the fallen one; a refusal changes nothing.
    let before = round.clone();
    assert_eq!(
        rule_of(round.resolve(&swing(15, vec![3], 5)).unwrap_err()),
        "AC-CLEAVE-01"
    );
    let mut far = swing(15, vec![3], 5);
    far.cleave = Some(CleaveTarget {
        foe_within_5_ft_of_fallen: false,
        ..NEAR
    });
    assert!(round.resolve(&far).is_err());
    // No maneuvers while cleaving (AC-CLEAVE-03).
    let mut m = swing(15, vec![], 5);
    m.cleave = Some(NEAR);
    m.choice = AttackChoice::Maneuver(Maneuver::KnockDown);
    assert_eq!(rule_of(round.resolve(&m).unwrap_err()), "AC-CLEAVE-03");
    assert_eq!(round, before);
    let mut c = swing(4, vec![], 5);
    c.cleave = Some(NEAR);
    let s = round.resolve(&c).unwrap();
    assert!(s.cleave && !s.result.roll.hit);
    assert_eq!(round.cleaves_used(), 1);
    // Then the rest of the routine, in order: the second claw, the bite.
    assert_eq!(
        round.next_attack(),
        NextAttack::Listed {
            index: 1,
            name: "claw".into()
        }
    );
    round.resolve(&swing(12, vec![1], 8)).unwrap();
    let bite = round.resolve(&swing(12, vec![6], 7)).unwrap();
    assert_eq!((bite.name.as_str(), bite.result.damage()), ("bite", 6));
    assert!(!bite.felled);
    assert_eq!(round.next_attack(), NextAttack::Done);
    assert_eq!(
        rule_of(round.resolve(&swing(12, vec![1], 8)).unwrap_err()),
        "AC-MELEE-02"
    );
    let order: Vec<(&str, bool)> = round
        .steps()
        .iter()
        .map(|s| (s.name.as_str(), s.cleave))
        .collect();
    assert_eq!(
        order,
        [
            ("claw", false),
            ("claw", true),
            ("claw", false),
            ("bite", false)
        ]
    );
}

#[test]
fn ac_melee_02_cleaves_stop_at_the_hit_dice_and_can_be_declined() {
    // A 1-HD monster cleaves once per round; a <1-HD one never.
    let r: AttackRoutine = "bite 1d6".parse().unwrap();
    let mut one = RoutineRound::for_monster(r.clone(), "1".parse().unwrap());
    one.resolve(&swing(20, vec![6], 1)).unwrap();
    let mut c = swing(20, vec![6], 1);
    c.cleave = Some(NEAR);
    assert!(one.resolve(&c).unwrap().felled);
    // The cleave felled another foe, but the one cleave is spent.
    assert_eq!(one.next_attack(), NextAttack::Done);
    let mut none = RoutineRound::for_monster(r.clone(), "<1".parse().unwrap());
    none.resolve(&swing(20, vec![6], 1)).unwrap();
    assert_eq!(none.next_attack(), NextAttack::Done);
    // A fighter's single attack with its own cleaves; declining moves on.
    let mut f = RoutineRound::new(r, damage::cleaves_per_round(Some(P::Fighter), 2));
    f.resolve(&swing(20, vec![6], 3)).unwrap();
    assert!(matches!(f.next_attack(), NextAttack::Cleave { .. }));
    f.decline_cleave();
    assert_eq!(f.next_attack(), NextAttack::Done);
}

fn entry(name: &str, count: i32, surprised: bool, mode: AttackMode) -> RoundEntry {
    RoundEntry {
        initiative: Initiative {
            combatant: name.into(),
            count,
        },
        surprised,
        mode,
    }
}

#[test]
fn ac_ranged_05_missile_attacks_follow_initiative_and_surprise() {
    let entries = [
        entry("archer", 5, true, AttackMode::Missile),
        entry("goblin slinger", 5, false, AttackMode::Missile),
        entry("swordsman", 6, false, AttackMode::Melee),
        entry("goblin", 2, false, AttackMode::Melee),
    ];
    // Round 1: the surprised archer loses it; everyone else by count, highest first.
    assert_eq!(
        round_order(&entries, 1).unwrap(),
        vec![
            vec!["swordsman".to_string()],
            vec!["goblin slinger".to_string()],
            vec!["goblin".to_string()]
        ]
    );
    // Round 2: the archer acts, on the same count as the slinger (simultaneous).
    assert_eq!(
        round_order(&entries, 2).unwrap()[1],
        vec!["archer".to_string(), "goblin slinger".to_string()]
    );
    // How a combatant attacks never changes the order.
    for round in 1..=2 {
        let swapped: Vec<RoundEntry> = entries
            .iter()
            .map(|e| RoundEntry {
                mode: match e.mode {
                    AttackMode::Melee => AttackMode::Missile,
                    AttackMode::Missile => AttackMode::Melee,
                },
                ..e.clone()
            })
            .collect();
        assert_eq!(
            round_order(&swapped, round).unwrap(),
            round_order(&entries, round).unwrap()
        );
    }
    assert!(round_order(&entries, 0).is_err());
}
