//! Recovery files: the edits a stopped server had not saved, written next to the opened file
//! (never over it) and offered when the same file is served again.
//!
//! `de_dust2.nav` has `de_dust2.recovery.nav`, then `de_dust2.recovery-2.nav` and so on (a
//! server never writes over a recovery file it did not open, so two stopped sessions keep both).
//! The extension stays, so `navforge info`, `convert` and `serve` read a recovery file as they
//! read the original.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::Serialize;

/// How many numbered recovery files are looked for and written (`.recovery.`, `.recovery-2.`
/// up to `.recovery-99.`).
const MAX: u32 = 99;

/// The `n`th recovery file's name for `file` (from 1).
pub fn path_of(file: &Path, n: u32) -> PathBuf {
    let tag = if n <= 1 {
        "recovery".to_string()
    } else {
        format!("recovery-{n}")
    };
    let name = match (file.file_stem(), file.extension()) {
        (Some(stem), Some(ext)) => {
            format!("{}.{tag}.{}", stem.to_string_lossy(), ext.to_string_lossy())
        }
        _ => format!(
            "{}.{tag}",
            file.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        ),
    };
    file.with_file_name(name)
}

/// A recovery file found for the opened file.
#[derive(Debug, Clone, Serialize)]
pub struct Found {
    /// Where it is.
    pub path: PathBuf,
    /// When it was written (seconds since 1970), when the system says.
    pub written: Option<u64>,
    /// Whether the opened file was changed after it (saved by another program or session):
    /// then the recovery file does not hold everything the file now holds.
    pub file_is_newer: bool,
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The recovery files of `file`, oldest first.
pub fn find(file: &Path) -> Vec<Found> {
    let file_time = modified(file);
    let mut found: Vec<(Option<SystemTime>, Found)> = (1..=MAX)
        .map(|n| path_of(file, n))
        .filter(|p| p.is_file())
        .map(|path| {
            let t = modified(&path);
            let found = Found {
                written: t
                    .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                    .map(|d| d.as_secs()),
                file_is_newer: matches!((file_time, t), (Some(f), Some(r)) if f > r),
                path,
            };
            (t, found)
        })
        .collect();
    found.sort_by_key(|(t, _)| *t);
    found.into_iter().map(|(_, f)| f).collect()
}

/// Where this session's unsaved edits go: the recovery file it was opened from, or the first
/// free name.
pub fn target(file: &Path, opened_from: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = opened_from {
        return Some(p.to_path_buf());
    }
    (1..=MAX).map(|n| path_of(file, n)).find(|p| !p.exists())
}

/// Write `bytes` as this session's recovery file, through a temporary file in the same folder;
/// the path written, or why not.
pub fn write(file: &Path, opened_from: Option<&Path>, bytes: &[u8]) -> Result<PathBuf, String> {
    let Some(path) = target(file, opened_from) else {
        return Err(format!(
            "{MAX} recovery files of {} exist already: open or delete some",
            file.display()
        ));
    };
    debug_assert_ne!(path, file);
    navforge_core::write_atomic(&path, bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_the_extension_and_never_name_the_file() {
        let f = Path::new("/maps/de_dust2.nav");
        assert_eq!(path_of(f, 1), Path::new("/maps/de_dust2.recovery.nav"));
        assert_eq!(path_of(f, 2), Path::new("/maps/de_dust2.recovery-2.nav"));
        assert_eq!(
            path_of(Path::new("mesh.nav.json"), 1),
            Path::new("mesh.nav.recovery.json")
        );
        assert_eq!(path_of(Path::new("graph"), 1), Path::new("graph.recovery"));
        for n in 1..=MAX {
            assert_ne!(path_of(f, n), f);
        }
    }

    #[test]
    fn a_second_session_does_not_write_over_the_first_ones_recovery() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.nav");
        std::fs::write(&file, b"original").unwrap();
        let first = write(&file, None, b"one").unwrap();
        let second = write(&file, None, b"two").unwrap();
        assert_eq!(first, dir.path().join("a.recovery.nav"));
        assert_eq!(second, dir.path().join("a.recovery-2.nav"));
        // A session opened from a recovery file writes it again.
        assert_eq!(write(&file, Some(&first), b"three").unwrap(), first);
        assert_eq!(std::fs::read(&first).unwrap(), b"three");
        assert_eq!(std::fs::read(&file).unwrap(), b"original");
        let found: Vec<PathBuf> = find(&file).into_iter().map(|f| f.path).collect();
        assert_eq!(found.len(), 2);
        assert!(found.contains(&first) && found.contains(&second));
    }
}
