use std::io::Write;
use std::path::Path;

/// Write `bytes` to `path` so that a reader never sees a half-written file: the data goes to a
/// temporary file in the same directory, is flushed to disk, and is then renamed over `path`, and
/// the directory is synced so the rename survives a crash. A symlink at `path` is written
/// through: its target gets the new bytes and the link stays a link. A special file (a FIFO, a
/// character or block device, a socket; also behind symlinks such as `/dev/stdout`) is opened and
/// written as it is, never replaced: it has no contents to keep whole, and a reader may be waiting
/// on it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| is_special(&m.file_type())) {
        let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
        file.write_all(bytes)?;
        return file.flush();
    }
    let resolved;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            resolved = resolve_link(path)?;
            resolved.as_path()
        }
        _ => path,
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".navforge-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // Temporary files are private (0600); the result should have the permissions a plain write
    // would give: the old file's, or the usual ones for a new file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let permissions = match std::fs::metadata(path) {
            Ok(old) => old.permissions(),
            Err(_) => std::fs::Permissions::from_mode(0o644),
        };
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// Whether a file is not a regular file, a folder or a link: it is written in place.
fn is_special(t: &std::fs::FileType) -> bool {
    !(t.is_file() || t.is_dir() || t.is_symlink())
}

/// The file a symlink finally points to (relative links are taken from the link's folder).
fn resolve_link(link: &Path) -> std::io::Result<std::path::PathBuf> {
    let mut path = link.to_path_buf();
    // A bounded walk: a loop of links is an error, as the OS would say.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other(format!(
        "too many levels of symbolic links at {}",
        link.display()
    )))
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn replaces_the_target_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.bin");
        std::fs::write(&path, b"old").unwrap();
        super::write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.nav");
        let link = dir.path().join("link.nav");
        std::fs::write(&target, b"old").unwrap();
        std::os::unix::fs::symlink("real.nav", &link).unwrap();
        super::write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_through_and_stays_a_fifo() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("out.fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        // The reader opens the FIFO first (the writer's open waits for it), then reads to EOF.
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        super::write_atomic(&fifo, b"through the pipe").unwrap();
        // Checked before joining: a FIFO replaced by a file would leave the reader waiting.
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary left"
        );
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_special_and_regular_files_are_not() {
        let kind = |p: &str| std::fs::metadata(p).unwrap().file_type();
        assert!(super::is_special(&kind("/dev/null")));
        assert!(!super::is_special(&kind("/")));
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, b"x").unwrap();
        assert!(!super::is_special(&kind(file.to_str().unwrap())));
    }

    #[cfg(unix)]
    #[test]
    fn new_files_are_not_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.bin");
        super::write_atomic(&path, b"x").unwrap();
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o644
        );
    }
}
