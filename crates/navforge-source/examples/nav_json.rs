//! Print a `.nav` file's lossless JSON (pretty) and its summary: `cargo run --example nav_json FILE`.

use navforge_core::NavDocument;
use navforge_source::SourceNavDocument;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nav_json FILE.nav");
        std::process::exit(2);
    };
    let data = match std::fs::read(&path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    match SourceNavDocument::read(&data) {
        Ok(doc) => {
            use std::io::Write;
            let text = serde_json::to_string_pretty(&doc).unwrap_or_default();
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout().lock(), "{text}");
            eprintln!(
                "{}",
                serde_json::to_string(&doc.summary()).unwrap_or_default()
            );
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}
