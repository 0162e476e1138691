//! `Ctx::bind_character`: a ruleset binds a character to a player from a rule (the same event
//! the Referee's `bind` command emits), and a bad binding is refused and changes nothing.

use engine::{
    Acting, Actor, Command, Ctx, EngineError, EventBody, NewTable, Registry, RuleError, Ruleset,
    ScriptedRoller, Table, TableState, Viewer, Visibility,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A one-command ruleset: `{"claim": {"player": "…", "character": "…"}}` binds from a rule.
struct Claims;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ClaimCommand {
    Claim { player: String, character: String },
}

impl Ruleset for Claims {
    type State = Value;
    type Command = ClaimCommand;
    type Event = Value;

    fn name(&self) -> &'static str {
        "claims"
    }
    fn init(&self, _config: &Value) -> Result<Value, RuleError> {
        Ok(Value::Null)
    }
    fn acting(&self, _state: &TableState<Value>, _command: &ClaimCommand) -> Acting {
        Acting::RefereeOnly
    }
    fn decide(&self, command: &ClaimCommand, ctx: &mut Ctx<'_, Self>) -> Result<(), RuleError> {
        let ClaimCommand::Claim { player, character } = command;
        ctx.bind_character(player, character)
    }
    fn apply(&self, _state: &mut Value, _event: &Value) {}
    fn project(&self, _state: &TableState<Value>, _viewer: &Viewer) -> Value {
        Value::Null
    }
}

fn table() -> (Table, Registry) {
    let mut registry = Registry::new();
    registry.register(Claims);
    let new = NewTable {
        id: "t".into(),
        name: "Claims".into(),
        ruleset: "claims".into(),
        seed: Some(7),
        referee: "Rita".into(),
        config: Value::Null,
    };
    let (mut table, _) = Table::create(&registry, new, 0).unwrap();
    for name in ["alice", "bob"] {
        run(
            &mut table,
            json!({"join": {"name": name, "role": "player"}}),
        )
        .unwrap();
    }
    run(
        &mut table,
        json!({"join": {"name": "sam", "role": "spectator"}}),
    )
    .unwrap();
    (table, registry)
}

fn run(table: &mut Table, cmd: Value) -> Result<Vec<EventBody>, EngineError> {
    let command: Command = serde_json::from_value(cmd).unwrap();
    let events = table.execute(&Actor::Referee, &command, 0, &mut ScriptedRoller::default())?;
    Ok(events
        .into_iter()
        .map(|e| {
            assert_eq!(e.visibility, Visibility::Public, "a binding is public");
            e.body
        })
        .collect())
}

#[test]
fn bind_character_from_a_rule_emits_the_bind_commands_event() {
    let (mut table, _registry) = table();
    let by_rule = run(
        &mut table,
        json!({"rules": {"claim": {"player": "alice", "character": "vera"}}}),
    )
    .unwrap();
    let by_command = run(
        &mut table,
        json!({"bind": {"player": "bob", "character": "bram"}}),
    )
    .unwrap();
    assert_eq!(
        by_rule,
        vec![EventBody::CharacterBound {
            player: "alice".into(),
            character: "vera".into()
        }]
    );
    assert!(matches!(
        &by_command[..],
        [EventBody::CharacterBound { player, character }] if player == "bob" && character == "bram"
    ));
    let participants = &table.core().participants;
    assert!(participants.controls("alice", "vera"));
    assert!(participants.controls("bob", "bram"));
    assert!(!participants.controls("bob", "vera"));
}

#[test]
fn bind_character_refuses_a_spectator_or_stranger_and_changes_nothing() {
    let (mut table, _registry) = table();
    let before = table.state_json();
    for (player, character) in [("sam", "vera"), ("nobody", "vera"), ("alice", "")] {
        let refused = run(
            &mut table,
            json!({"rules": {"claim": {"player": player, "character": character}}}),
        );
        assert!(refused.is_err(), "{player}/{character} must be refused");
    }
    assert_eq!(table.state_json(), before);
}
