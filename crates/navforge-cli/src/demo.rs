use crate::{Failure, info, write_file};
use navforge::Input;
use std::path::Path;

/// Build the sample level, write it in every format that can hold it, read each back, check it,
/// and draw it.
pub fn run(out: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(out).map_err(|e| Failure::file(out, format!("cannot create: {e}")))?;
    let files =
        navforge::demo::sample_files().map_err(|e| Failure::BadInput(format!("demo: {e}")))?;
    for f in &files {
        write_file(&out.join(f.name), &f.bytes)?;
    }
    println!(
        "The sample level, written to {}/ and read back:",
        out.display()
    );
    for f in files.iter().filter(|f| f.readable) {
        let path = out.join(f.name);
        let doc = match Input::read(&path, &f.bytes).map_err(|e| Failure::file(&path, e))? {
            Input::Document(doc) => doc,
            Input::Geometry(_) | Input::Level(_) => {
                return Err(Failure::BadInput(format!(
                    "{}: read as geometry",
                    path.display()
                )));
            }
        };
        // Native files must write back to exactly what was written; text forms must re-read.
        if f.name != "demo.navjson"
            && f.name != "demo.json"
            && doc.write().ok().as_ref() != Some(&f.bytes)
        {
            return Err(Failure::BadInput(format!(
                "{}: did not write back to the same bytes",
                path.display()
            )));
        }
        // The heading and the counts; `navforge info` on the file shows the rest.
        for line in info::human(&path, &doc.summary()).lines().take(2) {
            println!("{line}");
        }
    }
    let mesh = navforge::demo::sample_mesh();
    let report = navforge_check::check(&mesh, &[]);
    println!(
        "check: {} errors, {} warnings",
        report.errors(),
        report.warnings()
    );
    for f in &report.findings {
        println!("  {}: {}", f.code, f.message);
    }
    let others: Vec<&str> = files
        .iter()
        .filter(|f| !f.readable)
        .map(|f| f.name)
        .collect();
    println!(
        "also written: {} (open demo.png to see the level)",
        others.join(", ")
    );
    Ok(())
}
