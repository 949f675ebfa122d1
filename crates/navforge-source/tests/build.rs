//! Building a new file by game: attribute bits travel by name, and what the target cannot hold
//! is reported, never silently renamed or kept.

use navforge_core::testing::corpus_dir;
use navforge_core::{BuildFromModel, Game, NavDocument};
use navforge_source::{SourceBuildOptions, SourceGame, SourceNavDocument, SourceVersion};

fn read(name: &str) -> Option<SourceNavDocument> {
    let dir = corpus_dir("source-nav")?;
    Some(SourceNavDocument::read(&std::fs::read(dir.join(name)).unwrap()).unwrap())
}

#[test]
fn l4d2_mostly_flat_is_not_func_cost_in_other_games() {
    let Some(l4d2) = read("l4d2_c8m4_interior.nav") else {
        eprintln!("skipped: corpus absent");
        return;
    };
    assert_eq!(l4d2.game(), Some(Game::L4d2));
    let mesh = l4d2.to_model();
    assert_eq!(mesh.game, Some(Game::L4d2));
    let flat = mesh.attribute_bit("mostly_flat").unwrap();
    assert_eq!(flat, 0x2000_0000);
    let n_flat = mesh
        .areas
        .iter()
        .filter(|a| a.attributes & flat != 0)
        .count();
    assert!(n_flat > 100, "{n_flat}");

    // Same game: every bit and both words come through, nothing dropped.
    let same =
        SourceNavDocument::from_model(&mesh, &SourceBuildOptions::for_game(SourceGame::L4d2))
            .unwrap();
    assert!(same.dropped.is_empty(), "{:?}", same.dropped);
    let back = same.document.to_model();
    for (a, b) in mesh.areas.iter().zip(&back.areas) {
        assert_eq!(a.attributes, b.attributes, "area {}", a.id);
    }

    // CS:GO has no MOSTLY_FLAT and no spawn attributes: reported, and 0x20000000 stays clear.
    let cs = SourceNavDocument::from_model(&mesh, &SourceBuildOptions::for_game(SourceGame::Csgo))
        .unwrap();
    assert!(
        cs.document
            .areas
            .iter()
            .all(|a| a.attributes & 0x2000_0000 == 0)
    );
    let dropped = |what: &str| {
        cs.dropped
            .iter()
            .find(|d| d.what.contains(&format!("`{what}`")))
            .map(|d| d.count)
    };
    assert_eq!(dropped("mostly_flat"), Some(n_flat));
    let checkpoints = mesh
        .areas
        .iter()
        .filter(|a| a.attributes & mesh.attribute_bit("checkpoint").unwrap() != 0)
        .count();
    assert!(checkpoints > 0);
    assert_eq!(dropped("checkpoint"), Some(checkpoints));
    // Names both games have keep their meaning.
    let crouch = |m: &navforge_core::model::NavMesh| {
        m.areas.iter().filter(|a| a.attributes & 1 != 0).count()
    };
    assert_eq!(crouch(&cs.document.to_model()), crouch(&mesh));
    let bytes = cs.document.write().unwrap();
    assert_eq!(SourceNavDocument::read(&bytes).unwrap(), cs.document);
}

#[test]
fn goldsrc_builds_drop_what_version_5_cannot_hold() {
    let Some(csgo) = read("csgo_de_nuke.nav") else {
        eprintln!("skipped: corpus absent");
        return;
    };
    let mesh = csgo.to_model();
    assert!(!mesh.ladders.is_empty(), "de_nuke has ladders");
    let built =
        SourceNavDocument::from_model(&mesh, &SourceBuildOptions::for_game(SourceGame::Cs16))
            .unwrap();
    let doc = built.document;
    assert_eq!((doc.version, doc.sub_version), (5, None));
    assert!(doc.ladders.is_empty());
    assert!(
        built
            .dropped
            .iter()
            .any(|d| d.what.starts_with("ladders") && d.count == mesh.ladders.len()),
        "{:?}",
        built.dropped
    );
    assert!(doc.areas.iter().all(|a| a.attributes <= 0xff));
    let back = SourceNavDocument::read(&doc.write().unwrap()).unwrap();
    assert_eq!(back, doc);
    assert_eq!(back.game(), Some(Game::Cs16));
}

#[test]
fn options_refuse_versions_the_game_does_not_write() {
    assert!(SourceBuildOptions::new(SourceGame::Tf2, SourceVersion::V9).is_err());
    let e = SourceBuildOptions::from_game(Game::SkyrimSe, None).unwrap_err();
    assert!(e.to_string().contains("skyrim"), "{e}");
    let o = SourceBuildOptions::from_game(Game::Css, Some(9)).unwrap();
    assert_eq!(o.version(), SourceVersion::V9);
    let Some(tf2) = read("tf2-custom_dr_junglemines_v7.nav") else {
        return;
    };
    let mesh = tf2.to_model();
    assert_eq!(mesh.game, Some(Game::Tf2));
    let built = SourceNavDocument::from_model(&mesh, &o).unwrap();
    assert_eq!(
        (built.document.version, built.document.sub_version),
        (9, None)
    );
    // v9 stores 16 attribute bits and no TF word: the TF attributes are reported.
    assert!(
        built.dropped.iter().any(|d| d.what.contains('`')),
        "{:?}",
        built.dropped
    );
    let back = SourceNavDocument::read(&built.document.write().unwrap()).unwrap();
    assert_eq!(back, built.document);
}
