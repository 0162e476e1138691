//! Identifying magic items: CR-ID-01…03, CR-REF-35 (the test itself and CR-ERR-75 through
//! the engine: `magic_engine.rs`).

use crows::identification::{
    IdTestResult, IdentifyError, MagicItem, RefereeRequest, ask_npc, experiment, id_table,
    identify_by_rest,
};

fn item() -> MagicItem {
    MagicItem {
        id: "ring".into(),
        magic: true,
        hidden_properties: vec!["invisibility".into()],
        ..Default::default()
    }
}

#[test]
fn cr_id_01_hidden_properties_and_identified_flag() {
    let mut i = item();
    assert_eq!(i.view_for("ann"), None);
    identify_by_rest(&mut i, "ann", true).unwrap();
    assert_eq!(i.view_for("ann"), Some(&["invisibility".to_string()][..]));
    assert_eq!(i.view_for("bob"), None, "per character");
}

#[test]
fn cr_id_02_rest_activity_npc_and_experiment() {
    let mut i = item();
    assert_eq!(
        identify_by_rest(&mut i, "ann", false),
        Ok(false),
        "only at the end of the rest"
    );
    assert!(i.identified_by.is_empty());
    assert_eq!(
        ask_npc(&i, "alchemist"),
        RefereeRequest::NpcReveals {
            item: "ring".into(),
            npc: "alchemist".into()
        }
    );
    assert_eq!(
        experiment(&i),
        RefereeRequest::ExperimentResult {
            item: "ring".into()
        }
    );
    let mut plain = MagicItem {
        id: "rope".into(),
        ..Default::default()
    };
    assert!(matches!(
        identify_by_rest(&mut plain, "ann", true),
        Err(IdentifyError::NotMagic(_))
    ));
}

#[test]
fn cr_id_03_identification_table_walk() {
    for total in -5..=30 {
        let r = id_table(total, "ring");
        let expected = if total <= 11 {
            IdTestResult::HarmfulActivation(RefereeRequest::HarmfulActivation {
                item: "ring".into(),
            })
        } else if total <= 16 {
            IdTestResult::NothingLearned
        } else {
            IdTestResult::AllLearned
        };
        assert_eq!(r, expected, "total {total}");
    }
}
