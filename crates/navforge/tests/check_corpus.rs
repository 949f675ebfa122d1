//! `check` over real files: every corpus file is free of errors except the defects the guide
//! explains (`docs/check-and-render.md`), and each error kind injected into a copy of a real mesh is reported.

use navforge::Document;
use navforge_check::{Severity, check};
use navforge_core::testing::corpus_dir;

/// Real defects in third-party files, with the error codes they must produce (see `docs/check-and-render.md`).
const KNOWN_DEFECTS: &[(&str, &[&str])] = &[
    // Four vertical sliver faces: all three corners share one x.
    ("mgsurvive_ssav_140_130_nav.nav2", &["degenerate-area"]),
    // Obj2Nav2 output: four sub-millimetre triangles and three faces wound backwards.
    ("tpp_unsa_nav01.nav2", &["degenerate-area", "inverted-area"]),
];

#[test]
fn corpus_files_have_no_errors_but_the_known_defects() {
    let mut checked = 0;
    for sub in [
        "source-nav",
        "quake-nav",
        "quake2-nav",
        "mgsv-nav2",
        "tes-plugin",
    ] {
        let Some(dir) = corpus_dir(sub) else { return };
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths
            .iter()
            .filter(|p| !p.to_string_lossy().ends_with(".json"))
        {
            let doc = Document::read(&std::fs::read(path).unwrap()).unwrap();
            let report = check(&doc.to_model(), &doc.summary().warnings);
            let name = path.file_name().unwrap().to_str().unwrap();
            let mut errors: Vec<&str> = report
                .findings
                .iter()
                .filter(|f| f.severity == Severity::Error)
                .map(|f| f.code)
                .collect();
            errors.sort_unstable();
            let expected = KNOWN_DEFECTS
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(&[][..], |(_, c)| *c);
            assert_eq!(errors, expected, "{name}: {report:?}");
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} files checked");
}

fn real_model(sub: &str, name: &str) -> Option<navforge::model::NavMesh> {
    let dir = corpus_dir(sub)?;
    Some(
        Document::read(&std::fs::read(dir.join(name)).unwrap())
            .unwrap()
            .to_model(),
    )
}

#[test]
fn each_error_kind_injected_into_a_real_mesh_is_reported() {
    let Some(base) = real_model("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    assert_eq!(check(&base, &[]).errors(), 0);
    type Injection = fn(&mut navforge::model::NavMesh);
    let cases: &[(&str, Injection)] = &[
        ("missing-connection-target", |m| {
            m.connections[0].to = u64::from(u32::MAX) + 7
        }),
        ("duplicate-area-id", |m| m.areas[1].id = m.areas[0].id),
        ("degenerate-area", |m| {
            let p = m.areas[2].polygon[0];
            m.areas[2].polygon.iter_mut().for_each(|c| *c = p);
        }),
        ("inverted-area", |m| m.areas[3].polygon.reverse()),
        ("non-finite-coordinate", |m| {
            m.areas[4].polygon[1][2] = f32::INFINITY
        }),
        ("missing-place", |m| m.areas[5].place = Some(10_000)),
    ];
    for (code, inject) in cases {
        let mut mesh = base.clone();
        inject(&mut mesh);
        let report = check(&mesh, &[]);
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.code == *code && f.severity == Severity::Error),
            "{code} not reported"
        );
    }

    // Triangle meshes must have mutual adjacency: drop one direction of a real Skyrim link.
    let Some(mut tes) = real_model("tes-plugin", "skyrim_Dwemer_Secrets.esp") else {
        return;
    };
    assert_eq!(check(&tes, &[]).errors(), 0);
    let walk = tes
        .connections
        .iter()
        .position(|c| c.kind == navforge::model::ConnectionKind::Walk)
        .unwrap();
    tes.connections.remove(walk);
    assert!(check(&tes, &[]).has("asymmetric-adjacency"));
}
