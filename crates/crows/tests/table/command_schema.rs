//! The commands' JSON Schema (`Crows::command_schema`, shown in the server's OpenAPI document)
//! says what serde reads: no command field is "any JSON" unless it is free JSON by design, every
//! JSON command example in the ruleset's module docs passes it, and wrong shapes fail it.
//!
//! The schema is checked by a small structural validator below (the `jsonschema` crate is not
//! in the lock file and is large): it knows the keywords schemars writes and panics on any
//! other, so a keyword it cannot check is never silently passed.

use std::collections::BTreeSet;
use std::path::Path;

use crows::ruleset::combat::CombatCommand;
use crows::ruleset::explore::ExploreCommand;
use crows::ruleset::magic::MagicCommand;
use crows::ruleset::travel::TravelCommand;
use crows::ruleset::{CoreCommand, Crows, CrowsCommand};
use engine::Ruleset;
use serde_json::{Map, Value, json};
use strum::VariantNames;

/// Command fields that are free JSON by design, as `<family enum>.<command>.<field>`.
const FREE_BY_DESIGN: &[&str] = &[
    // Partial house-rule objects, merged key by key into the settings and checked there.
    "CoreCommand.set_house_rules.options",
    "CoreCommand.set_house_rules.test_rules",
    "CoreCommand.set_house_rules.assist_lapse",
];

/// Keywords that only annotate a schema.
const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "default",
    "examples",
    "format",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$comment",
    "$schema",
    "$id",
];

struct Schema {
    root: Value,
    defs: Map<String, Value>,
}

fn command_schema() -> Schema {
    let mut generator = schemars::SchemaGenerator::default();
    let root = Crows.command_schema(&mut generator).to_value();
    let defs = generator.definitions().clone();
    Schema { root, defs }
}

fn all_command_names() -> BTreeSet<&'static str> {
    [
        CoreCommand::VARIANTS,
        ExploreCommand::VARIANTS,
        MagicCommand::VARIANTS,
        CombatCommand::VARIANTS,
        TravelCommand::VARIANTS,
    ]
    .concat()
    .into_iter()
    .collect()
}

impl Schema {
    fn resolve<'a>(&'a self, reference: &str) -> &'a Value {
        let name = reference
            .strip_prefix("#/$defs/")
            .unwrap_or_else(|| panic!("unexpected $ref {reference}"));
        self.defs
            .get(name)
            .unwrap_or_else(|| panic!("missing definition {name}"))
    }

    /// `Ok` when `value` is valid under `schema`; else the path and reason of one failure.
    fn check(&self, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
        let object = match schema {
            Value::Bool(true) => return Ok(()),
            Value::Bool(false) => return Err(format!("{at}: nothing is allowed here")),
            Value::Object(o) => o,
            other => panic!("not a schema at {at}: {other}"),
        };
        for (keyword, arg) in object {
            match keyword.as_str() {
                "$ref" => self.check(self.resolve(str_of(arg)), value, at)?,
                "type" => {
                    let types: Vec<&str> = match arg {
                        Value::String(t) => vec![t.as_str()],
                        Value::Array(ts) => ts.iter().map(str_of).collect(),
                        _ => panic!("bad type at {at}"),
                    };
                    if !types.iter().any(|t| has_type(value, t)) {
                        return Err(format!("{at}: {value} is not of type {arg}"));
                    }
                }
                "enum" => {
                    if !arg.as_array().is_some_and(|a| a.contains(value)) {
                        return Err(format!("{at}: {value} is not one of {arg}"));
                    }
                }
                "const" => {
                    if arg != value {
                        return Err(format!("{at}: {value} is not {arg}"));
                    }
                }
                "properties"
                | "required"
                | "additionalProperties"
                | "minProperties"
                | "maxProperties"
                | "propertyNames" => {
                    if let Value::Object(fields) = value {
                        self.check_object_keyword(keyword, arg, object, fields, at)?;
                    }
                }
                "items" | "prefixItems" | "minItems" | "maxItems" | "uniqueItems" => {
                    if let Value::Array(items) = value {
                        self.check_array_keyword(keyword, arg, object, items, at)?;
                    }
                }
                "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => {
                    if let (Some(v), Some(bound)) = (value.as_f64(), arg.as_f64()) {
                        let ok = match keyword.as_str() {
                            "minimum" => v >= bound,
                            "maximum" => v <= bound,
                            "exclusiveMinimum" => v > bound,
                            _ => v < bound,
                        };
                        if !ok {
                            return Err(format!("{at}: {value} fails {keyword} {bound}"));
                        }
                    }
                }
                "minLength" | "maxLength" => {
                    if let (Some(s), Some(n)) = (value.as_str(), arg.as_u64()) {
                        let len = s.chars().count() as u64;
                        let ok = if keyword == "minLength" {
                            len >= n
                        } else {
                            len <= n
                        };
                        if !ok {
                            return Err(format!("{at}: {value} fails {keyword} {n}"));
                        }
                    }
                }
                "anyOf" => {
                    let branches = arg.as_array().expect("anyOf is an array");
                    if !branches.iter().any(|b| self.check(b, value, at).is_ok()) {
                        return Err(format!("{at}: {value} matches no anyOf branch"));
                    }
                }
                "oneOf" => {
                    let branches = arg.as_array().expect("oneOf is an array");
                    let n = branches
                        .iter()
                        .filter(|b| self.check(b, value, at).is_ok())
                        .count();
                    if n != 1 {
                        // The deepest failure is the branch meant (the one whose tag or key
                        // the value carries).
                        let deepest = branches
                            .iter()
                            .filter_map(|b| self.check(b, value, at).err())
                            .max_by_key(|e| e.split(':').next().map_or(0, str::len));
                        return Err(format!(
                            "{at}: {value} matches {n} oneOf branches{}",
                            deepest.map(|e| format!(" ({e})")).unwrap_or_default()
                        ));
                    }
                }
                "allOf" => {
                    for b in arg.as_array().expect("allOf is an array") {
                        self.check(b, value, at)?;
                    }
                }
                "not" => {
                    if self.check(arg, value, at).is_ok() {
                        return Err(format!("{at}: {value} matches a `not`"));
                    }
                }
                // An integer format is its range (OpenAPI's `int32`, `int64`; schemars also
                // writes `uint32`… and gives ranges only for the smaller widths).
                "format" => {
                    if let (Some(range), Some(n)) = (integer_format(str_of(arg)), value.as_f64())
                        && value.is_number()
                        && !range.contains(&(n as i128))
                    {
                        return Err(format!("{at}: {value} is not a {arg}"));
                    }
                }
                k if ANNOTATIONS.contains(&k) => {}
                other => panic!("the test's validator does not know keyword {other} (at {at})"),
            }
        }
        Ok(())
    }

    fn check_object_keyword(
        &self,
        keyword: &str,
        arg: &Value,
        schema: &Map<String, Value>,
        fields: &Map<String, Value>,
        at: &str,
    ) -> Result<(), String> {
        match keyword {
            "properties" => {
                for (name, sub) in arg.as_object().expect("properties is an object") {
                    if let Some(v) = fields.get(name) {
                        self.check(sub, v, &format!("{at}.{name}"))?;
                    }
                }
            }
            "required" => {
                for name in arg.as_array().expect("required is an array") {
                    if !fields.contains_key(str_of(name)) {
                        return Err(format!("{at}: {name} is required"));
                    }
                }
            }
            "additionalProperties" => {
                let known = schema.get("properties").and_then(Value::as_object);
                for (name, v) in fields {
                    if known.is_some_and(|k| k.contains_key(name)) {
                        continue;
                    }
                    self.check(arg, v, &format!("{at}.{name}"))
                        .map_err(|e| format!("{e} (unknown field {name})"))?;
                }
            }
            "minProperties" | "maxProperties" => {
                let n = arg.as_u64().expect("a count") as usize;
                let ok = if keyword == "minProperties" {
                    fields.len() >= n
                } else {
                    fields.len() <= n
                };
                if !ok {
                    return Err(format!("{at}: {} fields fail {keyword} {n}", fields.len()));
                }
            }
            _ => {
                for name in fields.keys() {
                    self.check(
                        arg,
                        &Value::String(name.clone()),
                        &format!("{at} key {name}"),
                    )?;
                }
            }
        }
        Ok(())
    }

    fn check_array_keyword(
        &self,
        keyword: &str,
        arg: &Value,
        schema: &Map<String, Value>,
        items: &[Value],
        at: &str,
    ) -> Result<(), String> {
        match keyword {
            "items" => {
                let skip = schema
                    .get("prefixItems")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                for (i, v) in items.iter().enumerate().skip(skip) {
                    self.check(arg, v, &format!("{at}[{i}]"))?;
                }
            }
            "prefixItems" => {
                for (i, (sub, v)) in arg
                    .as_array()
                    .expect("prefixItems is an array")
                    .iter()
                    .zip(items)
                    .enumerate()
                {
                    self.check(sub, v, &format!("{at}[{i}]"))?;
                }
            }
            "minItems" | "maxItems" => {
                let n = arg.as_u64().expect("a count") as usize;
                let ok = if keyword == "minItems" {
                    items.len() >= n
                } else {
                    items.len() <= n
                };
                if !ok {
                    return Err(format!("{at}: {} items fail {keyword} {n}", items.len()));
                }
            }
            _ => {
                if arg == &Value::Bool(true) {
                    for (i, v) in items.iter().enumerate() {
                        if items[..i].contains(v) {
                            return Err(format!("{at}: {v} appears twice"));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Every place under `schema` (reached through properties, items, map values and
    /// branches; each definition walked once, named by its own name) whose schema accepts
    /// any JSON; and every definition walked.
    fn free_places(&self) -> (BTreeSet<String>, BTreeSet<String>) {
        let mut free = BTreeSet::new();
        let mut walked = BTreeSet::new();
        self.walk(&self.root, "root", &mut free, &mut walked);
        (free, walked)
    }

    fn walk(
        &self,
        schema: &Value,
        at: &str,
        free: &mut BTreeSet<String>,
        walked: &mut BTreeSet<String>,
    ) {
        let object = match schema {
            Value::Object(o) if o.keys().any(|k| !ANNOTATIONS.contains(&k.as_str())) => o,
            Value::Bool(false) => return,
            _ => {
                free.insert(at.to_string());
                return;
            }
        };
        if let Some(reference) = object.get("$ref") {
            let name = str_of(reference).trim_start_matches("#/$defs/").to_string();
            if walked.insert(name.clone()) {
                self.walk(self.resolve(str_of(reference)), &name, free, walked);
            }
        }
        if let Some(Value::Object(props)) = object.get("properties") {
            for (name, sub) in props {
                self.walk(sub, &format!("{at}.{name}"), free, walked);
            }
        }
        if let Some(sub @ Value::Object(_)) = object.get("additionalProperties") {
            self.walk(sub, &format!("{at}{{}}"), free, walked);
        }
        if let Some(sub) = object.get("items") {
            self.walk(sub, &format!("{at}[]"), free, walked);
        }
        if let Some(Value::Array(subs)) = object.get("prefixItems") {
            for (i, sub) in subs.iter().enumerate() {
                self.walk(sub, &format!("{at}[{i}]"), free, walked);
            }
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(subs)) = object.get(key) {
                for sub in subs {
                    self.walk(sub, at, free, walked);
                }
            }
        }
    }
}

fn str_of(v: &Value) -> &str {
    v.as_str().expect("a string")
}

/// The values of an integer `format`; `None` for another format.
fn integer_format(format: &str) -> Option<std::ops::RangeInclusive<i128>> {
    let range = match format {
        "int8" => i128::from(i8::MIN)..=i128::from(i8::MAX),
        "uint8" => 0..=i128::from(u8::MAX),
        "int16" => i128::from(i16::MIN)..=i128::from(i16::MAX),
        "uint16" => 0..=i128::from(u16::MAX),
        "int32" => i128::from(i32::MIN)..=i128::from(i32::MAX),
        "uint32" => 0..=i128::from(u32::MAX),
        "int64" | "int" => i128::from(i64::MIN)..=i128::from(i64::MAX),
        "uint64" | "uint" => 0..=i128::from(u64::MAX),
        _ => return None,
    };
    Some(range)
}

fn has_type(value: &Value, t: &str) -> bool {
    match t {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        other => panic!("unknown type {other}"),
    }
}

/// The inline code spans of the doc comments (`//!`, `///`) of every source file of the
/// ruleset's adapter, with the file they come from. A span may run over several doc lines.
fn doc_code_spans() -> Vec<(String, String)> {
    fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the ruleset's sources") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    paths.sort();
    let mut spans = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let name = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let mut block = String::new();
        for line in text.lines().chain(std::iter::once("")) {
            let doc = line
                .trim_start()
                .strip_prefix("//!")
                .or_else(|| line.trim_start().strip_prefix("///"));
            match doc {
                // Joined by spaces: a doc line may wrap inside a JSON string.
                Some(doc) => {
                    block.push_str(doc.trim());
                    block.push(' ');
                }
                None if !block.is_empty() => {
                    for (i, span) in block.split('`').enumerate() {
                        if i % 2 == 1 {
                            spans.push((name.clone(), span.to_string()));
                        }
                    }
                    block.clear();
                }
                None => {}
            }
        }
    }
    spans
}

/// The command examples of the module docs: a span whose one key is a command name (bare or
/// inside `{"rules": …}`). A span offering alternatives (`"level": "bright"|"dim"`) gives one
/// example per alternative. The spans that are still not JSON are returned apart: they must be
/// shorthands, with an ellipsis (`"slots": […]`) or naming fields without values
/// (`{"draw_from_belt": {"creature", "moves", "drops"}}`).
fn doc_examples() -> DocExamples {
    let names = all_command_names();
    let mut examples = Vec::new();
    let mut shorthands = Vec::new();
    for (file, span) in doc_code_spans() {
        let span = span.trim();
        let inner = span
            .strip_prefix("{\"rules\":")
            .map(str::trim_start)
            .unwrap_or(span);
        let Some(rest) = inner.strip_prefix("{\"") else {
            continue;
        };
        let Some((key, _)) = rest.split_once('"') else {
            continue;
        };
        if !names.contains(key) {
            continue;
        }
        let parsed: Result<Vec<Value>, _> = alternatives(span)
            .iter()
            .map(|text| serde_json::from_str::<Value>(text))
            .collect();
        match parsed {
            Ok(values) => {
                for v in values {
                    let command = match v.get("rules") {
                        Some(inner) if v.as_object().is_some_and(|o| o.len() == 1) => inner.clone(),
                        _ => v,
                    };
                    examples.push((file.clone(), command));
                }
            }
            Err(_) => shorthands.push((file, span.to_string())),
        }
    }
    DocExamples {
        examples,
        shorthands,
    }
}

/// The documented commands, with the file each comes from.
struct DocExamples {
    examples: Vec<(String, Value)>,
    shorthands: Vec<(String, String)>,
}

/// `text` once per alternative of its `"a"|"b"|"c"` groups (the k-th text takes each group's
/// k-th alternative, or its last); `text` itself when it has none.
fn alternatives(text: &str) -> Vec<String> {
    // Pieces: plain text, or the alternatives of one group.
    let mut pieces: Vec<Vec<String>> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut plain = String::new();
    let mut i = 0;
    let string_at = |mut j: usize| -> Option<usize> {
        // The index just past the JSON string starting at `j`.
        if chars.get(j) != Some(&'"') {
            return None;
        }
        j += 1;
        while j < chars.len() {
            match chars[j] {
                '\\' => j += 2,
                '"' => return Some(j + 1),
                _ => j += 1,
            }
        }
        None
    };
    while i < chars.len() {
        let Some(end) = string_at(i) else {
            plain.push(chars[i]);
            i += 1;
            continue;
        };
        let mut group = vec![chars[i..end].iter().collect::<String>()];
        let mut j = end;
        while chars.get(j) == Some(&'|') {
            // A doc line may wrap after the bar.
            let start = (j + 1..chars.len())
                .find(|&k| chars[k] != ' ')
                .unwrap_or(chars.len());
            let Some(next) = string_at(start) else { break };
            group.push(chars[start..next].iter().collect());
            j = next;
        }
        if group.len() > 1 {
            pieces.push(vec![std::mem::take(&mut plain)]);
            pieces.push(group);
        } else {
            plain.push_str(&group[0]);
        }
        i = j;
    }
    pieces.push(vec![plain]);
    let n = pieces.iter().map(Vec::len).max().unwrap_or(1);
    (0..n)
        .map(|k| {
            pieces
                .iter()
                .map(|p| p[k.min(p.len() - 1)].as_str())
                .collect()
        })
        .collect()
}

#[test]
fn every_command_field_has_a_real_schema() {
    let schema = command_schema();
    let (free, walked) = schema.free_places();
    // The walk reached every command: each family's definition and each command in it.
    for family in [
        "CoreCommand",
        "ExploreCommand",
        "MagicCommand",
        "CombatCommand",
        "TravelCommand",
    ] {
        assert!(walked.contains(family), "{family} not reached: {walked:?}");
    }
    let mut commands = BTreeSet::new();
    for family in [
        "CoreCommand",
        "ExploreCommand",
        "MagicCommand",
        "CombatCommand",
        "TravelCommand",
    ] {
        for variant in schema.defs[family]["oneOf"].as_array().expect("a oneOf") {
            let props = variant["properties"].as_object().expect("one key");
            commands.extend(props.keys().cloned());
        }
    }
    let expected: BTreeSet<String> = all_command_names().iter().map(|s| s.to_string()).collect();
    assert_eq!(
        commands, expected,
        "the schema's commands are the enums' variants"
    );
    let allowed: BTreeSet<String> = FREE_BY_DESIGN.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        free, allowed,
        "schemas that accept any JSON (other than the free-by-design fields) or allow-list \
         entries that are no longer free"
    );
}

#[test]
fn the_schemas_of_the_types_match_their_serde_shape() {
    let schema = command_schema();
    let defs = &schema.defs;
    assert_eq!(
        defs["Square"]["required"],
        json!(["x", "y"]),
        "a square is {{x, y}}"
    );
    assert_eq!(
        defs["Tier"],
        json!({"type": "integer", "enum": [1, 2, 3]}),
        "a tier is its number (serde into/try_from u8)"
    );
    // schemars does not read `serde(alias)`: the old capitalised slot kinds are written in.
    assert_eq!(
        defs["SlotKind"]["enum"],
        json!(["hand", "belt", "backpack", "Hand", "Belt", "Backpack"])
    );
    // A command and its doc: a family enum's variant is `{<name>: {…}}` with no other key.
    let place = defs["CombatCommand"]["oneOf"]
        .as_array()
        .and_then(|vs| vs.iter().find(|v| v["properties"].get("place").is_some()))
        .expect("the place command");
    assert_eq!(place["additionalProperties"], json!(false));
    assert_eq!(place["required"], json!(["place"]));
}

#[test]
fn every_documented_command_example_fits_the_schema() {
    let schema = command_schema();
    let DocExamples {
        examples,
        shorthands,
    } = doc_examples();
    let mut failures = Vec::new();
    let mut named = BTreeSet::new();
    for (file, example) in &examples {
        if let Err(e) = schema.check(&schema.root, example, "command") {
            failures.push(format!("{file}: {example}\n    {e}"));
        }
        // The schema and serde agree: what the schema accepts, the ruleset reads.
        if let Err(e) = serde_json::from_value::<CrowsCommand>(example.clone()) {
            failures.push(format!("{file}: serde refuses {example}: {e}"));
        }
        if let Some(o) = example.as_object() {
            named.extend(o.keys().cloned());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // What is not JSON is a shorthand, not a broken example.
    for (file, span) in &shorthands {
        let body = span.split_once(':').map_or("", |(_, b)| b);
        assert!(
            span.contains('…') || !body.contains(':'),
            "{file}: a command example that is not JSON: {span}"
        );
    }
    // The docs do show most commands in JSON; a broken extraction would find few.
    assert!(
        examples.len() >= 100 && named.len() >= 100,
        "{} examples of {} commands (shorthands: {shorthands:?})",
        examples.len(),
        named.len()
    );
}

#[test]
fn wrong_shapes_fail_the_schema_and_serde() {
    let schema = command_schema();
    let right_and_wrong: &[(Value, Value)] = &[
        // A square is {x, y}, not a chess name.
        (
            json!({"place": {"creature": "ghoul", "at": {"x": 5, "y": 5}, "side": "enemies"}}),
            json!({"place": {"creature": "ghoul", "at": "a3", "side": "enemies"}}),
        ),
        // A side is one of the fight's sides.
        (
            json!({"place": {"creature": "ghoul", "at": {"x": 5, "y": 5}, "side": "enemies"}}),
            json!({"place": {"creature": "ghoul", "at": {"x": 5, "y": 5}, "side": "monsters"}}),
        ),
        // A characteristic is agility, mind or strength.
        (
            json!({"test": {"creature": "vera", "characteristic": "mind"}}),
            json!({"test": {"creature": "vera", "characteristic": "luck"}}),
        ),
        // A slot is {kind, number} with a known kind (the old "Hand" is still read).
        (
            json!({"place_item": {"creature": "vera", "card": "rope",
                "slots": [{"kind": "Hand", "number": 1}]}}),
            json!({"place_item": {"creature": "vera", "card": "rope",
                "slots": [{"kind": "pocket", "number": 1}]}}),
        ),
        // A slot number is a u8.
        (
            json!({"pick_up": {"creature": "vera", "ground": 0,
                "slots": [{"kind": "belt", "number": 2}]}}),
            json!({"pick_up": {"creature": "vera", "ground": 0,
                "slots": [{"kind": "belt", "number": 256}]}}),
        ),
        // An item id is a number.
        (
            json!({"use_item": {"creature": "vera", "item": 3}}),
            json!({"use_item": {"creature": "vera", "item": "torch"}}),
        ),
        // Unknown fields are refused.
        (
            json!({"damage": {"creature": "vera", "amount": 2}}),
            json!({"damage": {"creature": "vera", "amount": 2, "fire": true}}),
        ),
        // A modifier's effect is adjacently tagged.
        (
            json!({"test": {"creature": "vera", "characteristic": "mind", "modifiers": [
                {"source": {"kind": "referee", "name": "fog"},
                 "effect": {"type": "bonus", "value": -2}}]}}),
            json!({"test": {"creature": "vera", "characteristic": "mind", "modifiers": [
                {"source": {"kind": "referee", "name": "fog"}, "effect": {"bonus": -2}}]}}),
        ),
        // A tier is 1, 2 or 3.
        (
            json!({"test": {"creature": "vera", "characteristic": "mind", "modifiers": [
                {"source": {"kind": "referee", "name": "fog"},
                 "effect": {"type": "automatic_tier", "value": 3}}]}}),
            json!({"test": {"creature": "vera", "characteristic": "mind", "modifiers": [
                {"source": {"kind": "referee", "name": "fog"},
                 "effect": {"type": "automatic_tier", "value": 4}}]}}),
        ),
        // A rule override is tagged by `rule`.
        (
            json!({"set_rule_overrides": {"creature": "vera",
                "add": [{"rule": "immune_to_condition", "condition": "grabbed"}]}}),
            json!({"set_rule_overrides": {"creature": "vera",
                "add": [{"rule": "immune_to_condition", "condition": "sleepy"}]}}),
        ),
        // A size is one of the six.
        (
            json!({"place_object": {"id": "door", "name": "door", "size": "large"}}),
            json!({"place_object": {"id": "door", "name": "door", "size": "big"}}),
        ),
        // No such command.
        (
            json!({"end_turn": {"creature": "vera"}}),
            json!({"end_the_world": {"creature": "vera"}}),
        ),
    ];
    for (right, wrong) in right_and_wrong {
        assert_eq!(
            schema.check(&schema.root, right, "command"),
            Ok(()),
            "the schema refuses {right}"
        );
        assert!(
            serde_json::from_value::<CrowsCommand>(right.clone()).is_ok(),
            "serde refuses {right}"
        );
        assert!(
            schema.check(&schema.root, wrong, "command").is_err(),
            "the schema accepts {wrong}"
        );
        assert!(
            serde_json::from_value::<CrowsCommand>(wrong.clone()).is_err(),
            "serde accepts {wrong}"
        );
    }
}

#[test]
fn the_free_by_design_fields_are_the_house_rule_patches() {
    // Each allow-listed field exists and really accepts any JSON (so the list stays honest).
    let schema = command_schema();
    for place in FREE_BY_DESIGN {
        let mut parts = place.split('.');
        let (family, command, field) = (
            parts.next().expect("family"),
            parts.next().expect("command"),
            parts.next().expect("field"),
        );
        let variant = schema.defs[family]["oneOf"]
            .as_array()
            .and_then(|vs| vs.iter().find(|v| v["properties"].get(command).is_some()))
            .expect("the command");
        let field_schema = &variant["properties"][command]["properties"][field];
        for any in [json!(1), json!("x"), json!({"a": [true]}), json!(null)] {
            assert_eq!(schema.check(field_schema, &any, place), Ok(()));
        }
    }
}

/// Small changes of `value`: at every object an unknown key added and each key removed, at
/// every array each item dropped, and every leaf replaced by a value of another type or range.
fn mutations(value: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    match value {
        Value::Object(fields) => {
            let mut more = fields.clone();
            more.insert("zz_unknown".into(), json!(1));
            out.push(Value::Object(more));
            for (key, child) in fields {
                let mut fewer = fields.clone();
                fewer.remove(key);
                out.push(Value::Object(fewer));
                for changed in mutations(child) {
                    let mut other = fields.clone();
                    other.insert(key.clone(), changed);
                    out.push(Value::Object(other));
                }
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let mut fewer = items.clone();
                fewer.remove(i);
                out.push(Value::Array(fewer));
                for changed in mutations(child) {
                    let mut other = items.clone();
                    other[i] = changed;
                    out.push(Value::Array(other));
                }
            }
        }
        Value::String(_) => out.extend([json!(7), json!("zz_other"), json!(null)]),
        Value::Number(_) => out.extend([
            json!("7"),
            json!(-1),
            json!(256),
            json!(70_000),
            json!(5_000_000_000_i64),
            json!(1.5),
            json!(null),
        ]),
        Value::Bool(_) => out.extend([json!("yes"), json!(null)]),
        Value::Null => out.extend([json!(0), json!("zz_other"), json!({})]),
    }
    out
}

#[test]
fn the_schema_and_serde_agree_on_changed_examples() {
    // Every small change of every documented example is accepted by the schema exactly when
    // serde reads it: the schema neither refuses what the ruleset reads nor lets through what
    // it refuses.
    let schema = command_schema();
    let examples = doc_examples().examples;
    let mut disagreements = BTreeSet::new();
    let mut checked = 0;
    for (file, example) in &examples {
        for changed in mutations(example) {
            checked += 1;
            let by_schema = schema.check(&schema.root, &changed, "command");
            let by_serde = serde_json::from_value::<CrowsCommand>(changed.clone());
            if by_schema.is_ok() != by_serde.is_ok() {
                disagreements.insert(format!(
                    "{file}: {changed}\n    schema: {by_schema:?}\n    serde: {:?}",
                    by_serde.err().map(|e| e.to_string())
                ));
            }
        }
    }
    assert!(checked > 1000, "{checked} changed examples");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
