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
    /// The port on 127.0.0.1 (default: a free one)
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page in the default browser
    #[arg(long)]
    open: bool,
}

/// Serve until Ctrl+C. The first line printed is the page's URL with its session token.
pub fn run(args: &Args) -> Result<(), Failure> {
    let options = navforge_serve::Options {
        file: args.file.clone(),
        level: args.level.clone(),
        port: args.port,
    };
    let unsaved = navforge_serve::serve_until_ctrl_c(&options, |url| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{url}");
        let _ = out.flush();
        eprintln!(
            "navforge serve: {} on 127.0.0.1 only; Ctrl+C stops",
            args.file.display()
        );
        if args.open
            && let Err(e) = open::that_detached(url)
        {
            eprintln!("navforge serve: cannot open a browser ({e}); open the URL above");
        }
    })
    .map_err(|e| match e {
        navforge_serve::ServeError::Bind { .. } => Failure::Usage(e.to_string()),
        other => Failure::BadInput(other.to_string()),
    })?;
    if unsaved {
        eprintln!("navforge serve: stopped with edits that were not saved");
    }
    Ok(())
}
