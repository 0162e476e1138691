//! Content packs: the item, creature and table cards a table plays with ([`crate::content`]).
//!
//! Commands (the Referee's):
//! - `{"load_pack": {"files": [{"name": "items.json", "text": "…"}]}}` — validated by
//!   [`crate::content`] together with the packs loaded before; errors name file:line:column and
//!   the field.

use engine::{Ctx, RuleError, Visibility};

use crate::content::ContentLibrary;

use crate::ruleset::adapter::Crows;

use super::events::CoreEvent;
use crate::ruleset::adapter::err;
use crate::ruleset::state::PackSource;

/// Most pack files in one `load_pack` and in a table.
pub const MAX_PACK_FILES: usize = 64;

impl Crows {
    /// `load_pack`: content packs validated together with those loaded before, and their new cards
    /// recorded.
    pub(super) fn load_pack(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        files: &[PackSource],
    ) -> Result<(), RuleError> {
        let content = &ctx.rules().content;
        if files.is_empty() || content.sources.len() + files.len() > MAX_PACK_FILES {
            return Err(RuleError::new(
                "bad_pack_count",
                format!("1…{MAX_PACK_FILES} pack files per table"),
            )
            .rule("MAX_PACK_FILES"));
        }
        let all: Vec<(&str, &str)> = content
            .sources
            .iter()
            .chain(files.iter())
            .map(|f| (f.name.as_str(), f.text.as_str()))
            .collect();
        let lib = ContentLibrary::load(&all).map_err(pack_refusal)?;
        let old = &ctx.rules().content;
        let items = lib
            .items
            .into_values()
            .filter(|i| !old.items.contains_key(&i.id))
            .collect();
        let creatures = lib
            .creatures
            .into_values()
            .filter(|c| !old.creatures.contains_key(&c.id))
            .collect();
        let tables = lib
            .tables
            .into_values()
            .filter(|t| !old.tables.contains_key(&t.id))
            .collect();
        ctx.emit_for(
            CoreEvent::PackLoaded {
                files: files.to_vec(),
                items,
                creatures,
                tables,
            },
            Visibility::Referee,
        )
    }
}

/// A refused pack: the problems listed in the message and carried as located issues (file,
/// line, column, field), so a reader never parses them back out of the text.
fn pack_refusal(errors: crate::content::ContentErrors) -> RuleError {
    let issues = errors
        .0
        .iter()
        .map(|i| engine::Issue {
            file: i.file.clone(),
            line: i.line,
            column: i.column,
            field: i.field.clone(),
            message: i.message.clone(),
        })
        .collect();
    err("bad_pack", errors.to_string()).with_issues(issues)
}
