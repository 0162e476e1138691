//! The families' variant names come from `strum::VariantNames`; they are
//! exactly the names serde reads and writes (the old way read them out of the `Deserialize`
//! impl, done here once more to compare).

use crows::expertise::ExpertiseName;
use crows::ruleset::combat::{CombatCommand, CombatEvent};
use crows::ruleset::explore::{ExploreCommand, ExploreEvent};
use crows::ruleset::magic::{MagicCommand, MagicEvent};
use crows::ruleset::travel::{TravelCommand, TravelEvent};
use crows::ruleset::{CoreCommand, CoreEvent};
use serde::de::{self, Deserialize, Deserializer};

/// The variant names serde's derived `Deserialize` hands to `deserialize_enum`.
fn serde_names<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    struct Capture(&'static [&'static str]);
    impl<'de> Deserializer<'de> for &mut Capture {
        type Error = de::value::Error;
        fn deserialize_any<V: de::Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not an enum"))
        }
        fn deserialize_enum<V: de::Visitor<'de>>(
            self,
            _name: &'static str,
            variants: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0 = variants;
            Err(de::Error::custom("captured"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map struct
            identifier ignored_any
        }
    }
    let mut capture = Capture(&[]);
    let _ = T::deserialize(&mut capture);
    capture.0
}

fn same<'de, T: Deserialize<'de> + strum::VariantNames>(what: &str) {
    let serde = serde_names::<T>();
    assert!(!serde.is_empty(), "{what}: serde named no variant");
    assert_eq!(T::VARIANTS, serde, "{what}");
}

#[test]
fn strum_variant_names_are_the_serde_names() {
    same::<CoreCommand>("CoreCommand");
    same::<ExploreCommand>("ExploreCommand");
    same::<MagicCommand>("MagicCommand");
    same::<CombatCommand>("CombatCommand");
    same::<TravelCommand>("TravelCommand");
    same::<CoreEvent>("CoreEvent");
    same::<ExploreEvent>("ExploreEvent");
    same::<MagicEvent>("MagicEvent");
    same::<CombatEvent>("CombatEvent");
    same::<TravelEvent>("TravelEvent");
    same::<ExpertiseName>("ExpertiseName");
}
