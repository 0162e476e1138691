//! Small builders for the tests that call the rules' functions directly, with no engine.

use crows::combat::grid::{Space, Square};
use crows::creature::Creature;
use crows::test_roll::{self, ModifierSource, ResolvedTest, SourceKind, TestRules, TestSpec};

/// The square at (x, y).
pub fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

/// The one-square space at (x, y).
pub fn one(x: i32, y: i32) -> Space {
    Space::new(sq(x, y), 1)
}

/// A situational modifier source called `name`.
pub fn src(name: &str) -> ModifierSource {
    ModifierSource::new(SourceKind::Situation, name)
}

/// Resolves `spec` on these two die faces under the standard rules.
pub fn resolve(spec: &TestSpec, faces: [u8; 2]) -> ResolvedTest {
    test_roll::resolve_test(spec, faces, TestRules::standard()).unwrap()
}

/// A crow called `name` with every characteristic 0, Stamina 10 and walking speed 5.
pub fn crow(name: &str) -> Creature {
    Creature::new_crow(name, 0, 0, 0, 10, 5).unwrap()
}
