//! Lints from Valve's nav editing page (issue 26) on the page's own example and real files.

use navforge_check::{Severity, check};
use navforge_core::NavDocument;

/// The KeyValues example of the page (the seed), from `"Selected Nav Areas"` to the closing brace.
fn seed_example() -> Option<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/seeds/source-navmesh-editing.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing", path.display());
        return None;
    };
    let start = text.find("Example:\n\n")? + "Example:\n\n".len();
    let body = &text[start..];
    let end = body.find("\n}\n")? + 3;
    Some(body[..end].to_string())
}

/// The page's example names five neighbours it does not hold; the game's nav_merge_mesh drops
/// such connections, so `check` warns (`connection-outside-file`) instead of calling the text
/// broken (it said `missing-connection-target`, an error). A `.nav` keeps the error.
#[test]
fn the_seed_example_text_passes_check() {
    let Some(text) = seed_example() else {
        return;
    };
    let doc = navforge_source::SelectedAreasDocument::read(text.as_bytes()).unwrap();
    let report = check(&doc.to_model(), &doc.summary().warnings);
    assert_eq!(report.errors(), 0, "{report:?}");
    let f = report.get("connection-outside-file").expect("reported");
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.count, 5);
    assert!(
        f.instances
            .iter()
            .all(|i| i.to_string().starts_with("area 4640 refers to missing")),
        "{:?}",
        f.instances
    );
    // The same dangling connection in a mesh file is an error.
    let mut mesh = doc.to_model();
    mesh.format = Some(navforge_core::Format::SourceNav);
    assert!(check(&mesh, &[]).has("missing-connection-target"));
}
