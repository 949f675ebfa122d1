//! The `not-analysed` lint (issue 26; the page: "be sure to do a full analyze ... before publishing
//! your nav file"): a Source `.nav` with no hiding spots and, where the file has it, `isAnalyzed`
//! clear. Real files: game-made analysed meshes are quiet; the same meshes stripped of their
//! analysis are flagged.

use navforge_check::check_file;
use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

fn finding(doc: &SourceNavDocument) -> Option<String> {
    check_file(&doc.to_model(), &doc.summary(), &[])
        .get("not-analysed")
        .map(|f| f.message.clone())
}

#[test]
fn game_made_analysed_meshes_are_quiet_and_stripped_ones_are_not() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    // CS:S v16 (isAnalyzed in the header) and CS 1.6 v5 (no such field).
    for name in ["css_de_dust2.nav", "goldsrc-cs16_de_dust2.nav"] {
        let mut doc = SourceNavDocument::read(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        assert!(
            doc.areas.iter().any(|a| !a.hiding_spots.is_empty()),
            "{name}"
        );
        assert_eq!(finding(&doc), None, "{name}: analysed by the game");
        for a in &mut doc.areas {
            a.hiding_spots.clear();
        }
        let has_flag = doc.is_analyzed.is_some();
        if has_flag {
            // Hiding spots gone but the flag set: the game analysed it (a map with no cover).
            assert_eq!(finding(&doc), None, "{name}: isAnalyzed 1");
            doc.is_analyzed = Some(0);
        }
        let msg = finding(&doc).unwrap_or_else(|| panic!("{name}: not flagged"));
        assert!(msg.contains("no hiding spots"), "{msg}");
        assert_eq!(msg.contains("isAnalyzed"), has_flag, "{msg}");
    }
}
