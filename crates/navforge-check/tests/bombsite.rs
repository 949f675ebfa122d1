//! The bombsite lint (needs the level): de_dust2's own mesh labels its two bomb targets A and B,
//! and renaming the places under them (the seed's warning) makes two of one label.

use navforge_check::{BombTarget, Site, Subject, bombsite_labels, check, check_with_level};
use navforge_core::NavDocument;
use navforge_core::model::{Area, NavMesh};
use navforge_core::testing::corpus_dir;
use navforge_level::{Level, LoadOptions};

fn dust2() -> Option<(NavMesh, Vec<BombTarget>)> {
    let dir = corpus_dir("level-pairs")?;
    let nav = std::fs::read(dir.join("goldsrc_de_dust2.nav")).unwrap();
    let bsp = std::fs::read(dir.join("goldsrc_de_dust2.bsp")).unwrap();
    let mesh = navforge_source::SourceNavDocument::read(&nav)
        .unwrap()
        .to_model();
    let level = Level::load(&bsp, &LoadOptions::default()).unwrap();
    let targets = level
        .bomb_targets()
        .iter()
        .filter(|v| v.class.eq_ignore_ascii_case("func_bomb_target"))
        .map(|v| BombTarget {
            entity: v.entity as u64,
            min: v.bounds.min.to_array(),
            max: v.bounds.max.to_array(),
        })
        .collect();
    Some((mesh, targets))
}

/// Give the area at index `i` a place (added to the mesh's list when new).
fn set_place(mesh: &mut NavMesh, i: usize, name: &str) {
    let k = match mesh.places.iter().position(|p| p == name) {
        Some(k) => k,
        None => {
            mesh.places.push(name.to_string());
            mesh.places.len() - 1
        }
    };
    mesh.areas[i].place = Some(k as u32);
}

/// The areas nearest the two targets, as the game finds them.
fn site_areas(mesh: &NavMesh, targets: &[BombTarget]) -> [usize; 2] {
    let l = bombsite_labels(mesh, targets);
    [l[0].area.unwrap(), l[1].area.unwrap()]
}

#[test]
fn de_dust2_has_one_bombsite_a_and_one_b() {
    let Some((mut mesh, targets)) = dust2() else {
        return;
    };
    assert_eq!(targets.len(), 2);
    // The CS 1.6 file has no places: the first target is A, the second B.
    let labels = bombsite_labels(&mesh, &targets);
    println!("de_dust2: {labels:?}");
    let sites: Vec<Site> = labels.iter().map(|l| l.site).collect();
    assert_eq!(sites, [Site::A, Site::B]);
    let [a, b] = site_areas(&mesh, &targets);
    assert_ne!(a, b);
    let report = check_with_level(&mesh, &[], &targets);
    assert!(!report.has("bombsite-label-a-twice") && !report.has("bombsite-label-b-twice"));
    // The lint adds nothing else: the same findings as without the level.
    assert_eq!(report.findings.len(), check(&mesh, &[]).findings.len());
    // Places the way the game's maps name them, the other way round: still one of each.
    set_place(&mut mesh, a, "BombsiteB");
    set_place(&mut mesh, b, "BombsiteA");
    let sites: Vec<Site> = bombsite_labels(&mesh, &targets)
        .iter()
        .map(|l| l.site)
        .collect();
    assert_eq!(sites, [Site::B, Site::A]);
    assert_eq!(
        check_with_level(&mesh, &[], &targets).findings.len(),
        report.findings.len()
    );
}

#[test]
fn a_place_named_bombsite_makes_two_bombsites_a() {
    let Some((mut mesh, targets)) = dust2() else {
        return;
    };
    // The first target has no place (A); "Bombsite" counts as A in CS:GO: both are A.
    let [_, b] = site_areas(&mesh, &targets);
    set_place(&mut mesh, b, "Bombsite");
    let report = check_with_level(&mesh, &[], &targets);
    let f = report
        .get("bombsite-label-a-twice")
        .expect("the clash is found");
    assert_eq!(f.game.as_deref(), Some("csgo"));
    assert_eq!(f.count, 2);
    assert!(f.message.contains("place Bombsite)"), "{}", f.message);
    for (i, t) in f.instances.iter().zip(&targets) {
        assert_eq!(i.subject, Subject::BombTarget(t.entity));
        assert_eq!(i.position, Some(t.centre()));
        assert!(i.other.is_some(), "names the nearest area");
        assert!(
            i.to_string()
                .starts_with(&format!("bomb target entity {} near area", t.entity))
        );
    }
    // Without the level the lint does not run.
    assert!(!check(&mesh, &[]).has("bombsite-label-a-twice"));
}

#[test]
fn other_place_names_make_two_bombsites_b() {
    let Some((mut mesh, targets)) = dust2() else {
        return;
    };
    let [a, b] = site_areas(&mesh, &targets);
    set_place(&mut mesh, a, "LongA");
    set_place(&mut mesh, b, "BombsiteB");
    let report = check_with_level(&mesh, &[], &targets);
    let f = report
        .get("bombsite-label-b-twice")
        .expect("the clash is found");
    assert_eq!(f.count, 2);
    assert!(!report.has("bombsite-label-a-twice"));
    // Lower case still counts: the game compares without case.
    set_place(&mut mesh, a, "bombsitea");
    assert!(!check_with_level(&mesh, &[], &targets).has("bombsite-label-b-twice"));
}

/// Two square areas, one under each of two targets, with the given places.
fn two_sites(places: [Option<&str>; 2]) -> (NavMesh, Vec<BombTarget>) {
    let square = |id: u64, x: f32, place: Option<u32>| Area {
        id,
        polygon: vec![
            [x, 0.0, 0.0],
            [x + 100.0, 0.0, 0.0],
            [x + 100.0, 100.0, 0.0],
            [x, 100.0, 0.0],
        ],
        place,
        ..Default::default()
    };
    let mut names = Vec::new();
    let mut index = |p: Option<&str>| {
        p.map(|name| {
            names.push(name.to_string());
            names.len() as u32 - 1
        })
    };
    let areas = vec![
        square(1, 0.0, index(places[0])),
        square(2, 1000.0, index(places[1])),
    ];
    let mesh = NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        areas,
        places: names,
        ..Default::default()
    };
    let target = |entity: u64, x: f32| BombTarget {
        entity,
        min: [x, 0.0, 0.0],
        max: [x + 100.0, 100.0, 64.0],
    };
    (mesh, vec![target(7, 0.0), target(9, 1000.0)])
}

#[test]
fn unnamed_sites_take_a_then_b_and_clash_with_a_named_a() {
    let sites = |places| {
        let (mesh, targets) = two_sites(places);
        bombsite_labels(&mesh, &targets)
            .iter()
            .map(|l| l.site)
            .collect::<Vec<_>>()
    };
    assert_eq!(sites([None, None]), [Site::A, Site::B]);
    assert_eq!(sites([Some("BombsiteB"), None]), [Site::B, Site::A]);
    assert_eq!(sites([None, Some("BombsiteA")]), [Site::A, Site::A]);
    assert_eq!(
        sites([Some("Bombsite"), Some("Tunnels")]),
        [Site::A, Site::B]
    );
    let (mesh, targets) = two_sites([None, Some("BombsiteA")]);
    let report = check_with_level(&mesh, &[], &targets);
    let f = report.get("bombsite-label-a-twice").unwrap();
    assert!(
        f.message.contains("entity 7: area 1, no place"),
        "{}",
        f.message
    );
    assert!(
        f.message.contains("entity 9: area 2, place BombsiteA"),
        "{}",
        f.message
    );
    // Entity order decides, whatever order the targets come in.
    let reversed: Vec<BombTarget> = targets.iter().rev().copied().collect();
    assert_eq!(
        check_with_level(&mesh, &[], &reversed)
            .get("bombsite-label-a-twice")
            .map(|f| f.count),
        Some(2)
    );
}
