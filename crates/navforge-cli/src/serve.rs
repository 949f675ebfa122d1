//! `navforge serve`: the browser viewer and editor (the `navforge-serve` crate).

use crate::Failure;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The navigation file to show and edit (every format opens; formats the editing engine
    /// does not edit yet open read-only)
    file: PathBuf,
    /// The level the mesh was made for (.bsp, .obj, .glb), drawn faintly under it
    #[arg(long)]
    level: Option<PathBuf>,
    /// The navmesh to edit in a Bethesda plugin (form ID 0x000B83E0 or EDID) or an MGSV .nav2
    /// (group number), as `navforge edit --navmesh`; the page's navmesh list chooses another
    #[arg(long)]
    navmesh: Option<String>,
    /// The port on 127.0.0.1 (default: a free one)
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page in the default browser
    #[arg(long)]
    open: bool,
    /// Open the edits a stopped server had not saved: the newest recovery file of FILE
    /// (FILE.recovery.EXT, written on Ctrl+C or SIGTERM). Save writes them to FILE and removes
    /// the recovery file
    #[arg(long)]
    recover: bool,
}

/// "3 min ago" for a time in seconds since 1970.
fn ago(written: Option<u64>) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .ok();
    match (written, now) {
        (Some(w), Some(n)) => {
            let s = n.saturating_sub(w);
            match s {
                0..120 => format!("{s} s ago"),
                120..7200 => format!("{} min ago", s / 60),
                7200..172_800 => format!("{} h ago", s / 3600),
                _ => format!("{} days ago", s / 86_400),
            }
        }
        _ => "at an unknown time".into(),
    }
}

/// Serve until Ctrl+C or SIGTERM. The first line printed is the page's URL with its session
/// token. Unsaved edits are then written to a recovery file next to the file, and the
/// message says where and how to open it.
pub fn run(args: &Args) -> Result<(), Failure> {
    let options = navforge_serve::Options {
        file: args.file.clone(),
        level: args.level.clone(),
        navmesh: args.navmesh.clone(),
        port: args.port,
        recover: args.recover,
        ..Default::default()
    };
    let file = args.file.display();
    let stopped = navforge_serve::serve_until_signal(&options, |server| {
        let url = server.url();
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{url}");
        let _ = out.flush();
        eprintln!(
            "navforge serve: {file} on 127.0.0.1 only; Ctrl+C stops (unsaved edits are kept in a \
             recovery file)"
        );
        if let Some(from) = server.recovered_from() {
            eprintln!(
                "navforge serve: opened the unsaved edits in {}; Save writes them to {file} and \
                 removes {}",
                from.display(),
                from.display()
            );
        }
        let found = server.recoveries();
        for r in found {
            let changed = if r.file_is_newer {
                format!(" ({file} was changed after it)")
            } else {
                String::new()
            };
            eprintln!(
                "navforge serve: note: {} holds edits not saved when a server stopped, written \
                 {}{changed}",
                r.path.display(),
                ago(r.written)
            );
        }
        if !found.is_empty() && server.recovered_from().is_none() {
            eprintln!(
                "navforge serve: to continue them, stop this server and run `navforge serve \
                 {file} --recover` (the newest), or delete the file"
            );
        }
        if args.open
            && let Err(e) = open::that_detached(&url)
        {
            eprintln!("navforge serve: cannot open a browser ({e}); open the URL above");
        }
    })
    .map_err(|e| match e {
        navforge_serve::ServeError::Bind { .. } | navforge_serve::ServeError::NoRecovery { .. } => {
            Failure::Usage(e.to_string())
        }
        other => Failure::BadInput(other.to_string()),
    })?;
    match stopped.recovery {
        None => {
            eprintln!("navforge serve: stopped; nothing was left unsaved");
            Ok(())
        }
        Some(Ok(path)) => {
            eprintln!(
                "navforge serve: stopped with unsaved edits: they are in {} ({file} is \
                 unchanged); `navforge serve {file} --recover` opens them",
                path.display()
            );
            Ok(())
        }
        Some(Err(why)) => Err(Failure::BadInput(format!(
            "{file}: stopped with unsaved edits that could not be kept: {why}"
        ))),
    }
}
