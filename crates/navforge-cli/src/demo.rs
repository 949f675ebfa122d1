use crate::{Failure, info, read_file, write_file};
use navforge::Document;
use std::path::Path;

/// Build the sample level, write it in every format that can hold it, read each back, and
/// summarise it.
pub fn run(out: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(out).map_err(|e| Failure::file(out, format!("cannot create: {e}")))?;
    let doc =
        navforge::demo::sample_document().map_err(|e| Failure::BadInput(format!("demo: {e}")))?;
    let nav = doc
        .write()
        .map_err(|e| Failure::BadInput(format!("demo: {e}")))?;
    let model = doc.to_model();
    let files: [(&str, Vec<u8>); 4] = [
        ("demo.nav", nav.clone()),
        ("demo.json", doc.to_json()),
        ("demo.obj", navforge_export::to_obj(&model).into_bytes()),
        ("demo.glb", navforge_export::to_glb(&model)),
    ];
    for (name, bytes) in &files {
        write_file(&out.join(name), bytes)?;
    }

    // Read the binary and the JSON back: both must give the same document, byte for byte.
    for name in ["demo.nav", "demo.json"] {
        let path = out.join(name);
        let back = Document::read(&read_file(&path)?).map_err(|e| Failure::file(&path, e))?;
        let again = back.write().map_err(|e| Failure::file(&path, e))?;
        if again != nav {
            return Err(Failure::BadInput(format!(
                "{}: read back differently from what was written",
                path.display()
            )));
        }
        print!("{}", info::human(&path, &back.summary()));
    }
    println!("wrote {} files to {}", files.len(), out.display());
    Ok(())
}
