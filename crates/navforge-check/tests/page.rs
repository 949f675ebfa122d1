//! Lints from Valve's nav editing page (issue 26) on the page's own example and real files.

use navforge_check::{Severity, check};
use navforge_core::NavDocument;

/// The KeyValues example of Valve's page (the seed).
fn seed_example() -> Option<String> {
    navforge_core::testing::selected_areas_example()
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

fn corpus_doc(name: &str) -> Option<navforge_source::SourceNavDocument> {
    let dir = navforge_core::testing::corpus_dir("source-nav")?;
    Some(navforge_source::SourceNavDocument::read(&std::fs::read(dir.join(name)).unwrap()).unwrap())
}

fn count(doc: &navforge_source::SourceNavDocument, code: &str) -> usize {
    check(&doc.to_model(), &[]).get(code).map_or(0, |f| f.count)
}

/// The page's exclusive TF2 groups: a real TF2 mesh is quiet; an area given two points of the
/// with_Nth_point group, or both blocked_until/after_point_capture, is reported with its setpos;
/// one of a group is fine. A DoD:S mod file sharing the TF2 layout (its word holds other values)
/// is not linted.
#[test]
fn exclusive_tf2_attributes_set_together_are_flagged() {
    let Some(mut doc) = corpus_doc("tf2_ctf_2fort.nav") else {
        return;
    };
    assert_eq!(count(&doc, "tf-exclusive-attributes"), 0);
    let base = doc.clone();
    // TF_NAV_WITH_SECOND_POINT (0x20000) alone, then with TF_NAV_WITH_FOURTH_POINT (0x80000).
    doc.areas[3].tf_attributes = Some(0x2_0000);
    assert_eq!(count(&doc, "tf-exclusive-attributes"), 0);
    doc.areas[3].tf_attributes = Some(0x2_0000 | 0x8_0000);
    // TF_NAV_BLOCKED_UNTIL_POINT_CAPTURE (0x4000) with TF_NAV_BLOCKED_AFTER_POINT_CAPTURE (0x2000).
    doc.areas[7].tf_attributes = Some(0x4000 | 0x2000 | 0x20);
    let report = check(&doc.to_model(), &[]);
    let f = report.get("tf-exclusive-attributes").expect("reported");
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.count, 2);
    let ids: Vec<String> = f.instances.iter().map(|i| i.subject.to_string()).collect();
    assert_eq!(
        ids,
        [
            format!("area {}", base.areas[3].id),
            format!("area {}", base.areas[7].id)
        ]
    );
    assert!(f.instances.iter().all(|i| i.setpos().is_some()));
    if let Some(dod) = corpus_doc("dods_dod_donner.nav") {
        assert!(
            dod.areas
                .iter()
                .any(|a| a.tf_attributes.unwrap_or(0) & 0x6_0000 == 0x6_0000)
        );
        assert_eq!(count(&dod, "tf-exclusive-attributes"), 0);
    }
}

/// Ladders: the game's own (57 on L4D2 c10m4, CS:GO de_nuke and de_train, CS:S de_nuke) are quiet;
/// a ladder whose top is below its bottom, and one whose top forward area lies on its bottom
/// area's side (it faces away from where it is climbed), are reported at the ladder's bottom.
#[test]
fn reversed_ladders_are_flagged() {
    let mut checked = 0;
    for name in [
        "l4d2_c10m4_mainstreet.nav",
        "csgo_de_nuke.nav",
        "csgo_de_train.nav",
        "css-v9_de_nuke.nav",
    ] {
        let Some(doc) = corpus_doc(name) else {
            return;
        };
        assert_eq!(count(&doc, "ladder-upside-down"), 0, "{name}");
        assert_eq!(count(&doc, "ladder-faces-away"), 0, "{name}");
        checked += doc
            .ladders
            .iter()
            .filter(|l| l.top_forward_area != 0 && l.bottom_area != 0)
            .count();
    }
    assert!(checked >= 60, "{checked}");
    let mut doc = corpus_doc("csgo_de_nuke.nav").unwrap();
    let l = (doc.ladders.iter())
        .position(|l| l.top_forward_area != 0 && l.bottom_area != 0)
        .unwrap();
    // Upside down: top and bottom heights swapped.
    let mut up = doc.clone();
    let lad = &mut up.ladders[l];
    std::mem::swap(&mut lad.top[2], &mut lad.bottom[2]);
    let report = check(&up.to_model(), &[]);
    let f = report.get("ladder-upside-down").expect("reported");
    let b = up.ladders[l].bottom.map(|v| v.get());
    assert_eq!(
        f.instances[0].to_string(),
        format!(
            "ladder {} (setpos {})",
            up.ladders[l].id,
            [b[0], b[1], b[2]]
                .map(|v| format!("{}", (v * 10.0).round() / 10.0))
                .join(" ")
        )
    );
    // Facing away: the forward area is an area on the bottom area's side of the ladder.
    let lad = doc.ladders[l];
    let side = |from: [f32; 3], a: &navforge_source::Area| {
        let c = a.rect().centre();
        navforge_core::model::Direction::facing(c[0] - from[0], c[1] - from[1])
    };
    let top = lad.top.map(|v| v.get());
    let bottom = lad.bottom.map(|v| v.get());
    let climber = side(bottom, doc.area(lad.bottom_area).unwrap());
    let wrong = (doc.areas.iter())
        .find(|a| a.id != lad.bottom_area && side(top, a) == climber)
        .unwrap()
        .id;
    doc.ladders[l].top_forward_area = wrong;
    let report = check(&doc.to_model(), &[]);
    let f = report.get("ladder-faces-away").expect("reported");
    assert_eq!(f.count, 1);
    assert_eq!(f.instances[0].other, Some(u64::from(wrong)));
    assert!(f.instances[0].setpos().is_some());
}
