//! Why a command was refused. A refused command leaves the mesh as it was.

/// A command that could not be parsed or carried out. The mesh is unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EditError {
    /// The line does not parse.
    #[error("{0}")]
    Parse(String),
    /// No area has this ID.
    #[error("no area has ID {0}")]
    UnknownArea(u32),
    /// The command needs an area but none is given, marked or selected.
    #[error("{0}: no area given, marked or selected")]
    NoTarget(&'static str),
    /// The command cannot be done on these areas (the reason says why).
    #[error("{0}")]
    Refused(String),
    /// There is nothing to undo or redo.
    #[error("nothing to {0}")]
    NothingTo(&'static str),
}

pub(crate) fn refused(why: impl Into<String>) -> EditError {
    EditError::Refused(why.into())
}

impl EditError {
    /// Refuses to step `wanted` edits back or forth (`what`: "undo" or "redo") when the history
    /// holds only `held`.
    pub(crate) fn check_history(
        held: usize,
        wanted: usize,
        what: &'static str,
    ) -> Result<(), EditError> {
        if wanted <= held {
            Ok(())
        } else if held == 0 {
            Err(EditError::NothingTo(what))
        } else {
            Err(EditError::Refused(format!("only {held} edits to {what}")))
        }
    }
}
