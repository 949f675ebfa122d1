//! The movement lints from Valve's advice, each injected into a copy (in memory) of a real TF2
//! mesh: an unjumpable climb, a deadly drop and a narrow area hanging off stairs.

use navforge_check::{Subject, check};
use navforge_core::NavDocument;
use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};
use navforge_core::testing::corpus_dir;
use navforge_core::{Format, Game};

fn real() -> Option<NavMesh> {
    let dir = corpus_dir("source-nav")?;
    let data = std::fs::read(dir.join("tf2_cp_cloak.nav")).unwrap();
    Some(
        navforge_source::SourceNavDocument::read(&data)
            .unwrap()
            .to_model(),
    )
}

fn pairs(mesh: &NavMesh, code: &str) -> Vec<(Subject, Option<u64>)> {
    check(mesh, &[])
        .get(code)
        .map(|f| f.instances.iter().map(|i| (i.subject, i.other)).collect())
        .unwrap_or_default()
}

/// A two-way walk between two areas, by their indices.
fn two_way_walk(mesh: &NavMesh) -> (usize, usize, u64, u64) {
    let c = mesh
        .connections
        .iter()
        .find(|c| {
            c.kind == ConnectionKind::Walk
                && c.direction.is_some()
                && mesh
                    .connections
                    .iter()
                    .any(|b| b.from == c.to && b.to == c.from)
        })
        .expect("a two-way walk");
    let idx = |id| mesh.areas.iter().position(|a| a.id == id).unwrap();
    (idx(c.from), idx(c.to), c.from, c.to)
}

#[test]
fn a_raised_neighbour_is_an_unjumpable_climb_with_its_game() {
    let Some(mut mesh) = real() else { return };
    assert_eq!(mesh.format, Some(Format::SourceNav));
    let (_, b, from, to) = two_way_walk(&mesh);
    assert!(!pairs(&mesh, "unjumpable-climb").contains(&(Subject::Area(from), Some(to))));
    mesh.areas[b].polygon.iter_mut().for_each(|p| p[2] += 300.0);
    assert!(pairs(&mesh, "unjumpable-climb").contains(&(Subject::Area(from), Some(to))));
    mesh.game = Some(Game::Tf2);
    let report = check(&mesh, &[]);
    let f = report.get("unjumpable-climb").unwrap();
    assert_eq!(f.game.as_deref(), Some("tf2"));
    assert!(f.message.contains("64 units"), "{}", f.message);
    assert!(f.instances.iter().all(|i| i.setpos().is_some()));
}

#[test]
fn the_jump_height_is_the_games() {
    let Some(mut mesh) = real() else { return };
    let (a, b, from, to) = two_way_walk(&mesh);
    // Make both areas flat, the target 60 units above: too high in CS (58), not elsewhere (64).
    let base = mesh.areas[a].polygon[0][2];
    mesh.areas[a].polygon.iter_mut().for_each(|p| p[2] = base);
    mesh.areas[b]
        .polygon
        .iter_mut()
        .for_each(|p| p[2] = base + 60.0);
    let hit = (Subject::Area(from), Some(to));
    mesh.game = Some(Game::Tf2);
    assert!(!pairs(&mesh, "unjumpable-climb").contains(&hit));
    mesh.game = Some(Game::Csgo);
    assert!(pairs(&mesh, "unjumpable-climb").contains(&hit));
}

#[test]
fn a_deep_one_way_drop_is_deadly() {
    let Some(mut mesh) = real() else { return };
    let (_, b, from, to) = two_way_walk(&mesh);
    mesh.connections.retain(|c| !(c.from == to && c.to == from));
    mesh.areas[b]
        .polygon
        .iter_mut()
        .for_each(|p| p[2] -= 1000.0);
    mesh.game = Some(Game::Css);
    let report = check(&mesh, &[]);
    let f = report.get("deadly-drop").expect("reported");
    assert!(
        f.instances
            .iter()
            .any(|i| (i.subject, i.other) == (Subject::Area(from), Some(to)))
    );
    assert_eq!(f.game.as_deref(), Some("css"));
    assert!(f.message.contains("200 units"));
}

#[test]
fn a_narrow_area_beside_stairs_connected_sideways_hangs_off_them() {
    let Some(mut mesh) = real() else { return };
    let stairs = mesh.attribute_bit("stairs").expect("Source names STAIRS");
    let s = 10;
    mesh.areas[s].attributes |= stairs;
    let (sx, sy, sz) = {
        let p = &mesh.areas[s].polygon;
        let x = p.iter().map(|q| q[0]).fold(f32::MIN, f32::max);
        let y = p.iter().map(|q| q[1]).fold(f32::MAX, f32::min);
        (x, y, p[0][2])
    };
    // 10 units wide, 60 long, west of nothing, east side against the stairs area's east edge.
    let id = 1_000_000;
    let (x0, x1) = (sx, sx + 10.0);
    mesh.areas.push(Area {
        id,
        polygon: vec![
            [x0, sy, sz],
            [x1, sy, sz],
            [x1, sy + 60.0, sz],
            [x0, sy + 60.0, sz],
        ],
        ..Default::default()
    });
    let sid = mesh.areas[s].id;
    for (from, to, d) in [(id, sid, Direction::West), (sid, id, Direction::East)] {
        mesh.connections.push(Connection {
            from,
            to,
            kind: ConnectionKind::Walk,
            direction: Some(d),
        });
    }
    let hanging = pairs(&mesh, "hanging-off-stairs");
    assert!(hanging.contains(&(Subject::Area(id), None)), "{hanging:?}");
    // Joined at its end as well (the way up the stairs), it no longer hangs.
    mesh.connections.push(Connection {
        from: id,
        to: sid,
        kind: ConnectionKind::Walk,
        direction: Some(Direction::North),
    });
    assert!(!pairs(&mesh, "hanging-off-stairs").contains(&(Subject::Area(id), None)));
}

/// A climb between the page's 58 units and the game's jump height (64 in TF2) is a warning of its
/// own, with the page's number (issue 26): before, nothing fired below 64 outside Counter-Strike.
/// In Counter-Strike the jump height is the page's 58, so `unjumpable-climb` covers it alone.
#[test]
fn a_climb_past_the_pages_58_units_is_flagged_within_the_games_jump() {
    let Some(mut mesh) = real() else { return };
    let (a, b, from, to) = two_way_walk(&mesh);
    let base = mesh.areas[a].polygon[0][2];
    mesh.areas[a].polygon.iter_mut().for_each(|p| p[2] = base);
    let hit = (Subject::Area(from), Some(to));
    let raise = |mesh: &mut NavMesh, by: f32| {
        mesh.areas[b]
            .polygon
            .iter_mut()
            .for_each(|p| p[2] = base + by);
    };
    mesh.game = Some(Game::Tf2);
    raise(&mut mesh, 58.0);
    assert!(
        !pairs(&mesh, "climb-past-bot-jump").contains(&hit),
        "58 is jumpable"
    );
    raise(&mut mesh, 60.0);
    assert!(pairs(&mesh, "climb-past-bot-jump").contains(&hit));
    assert!(!pairs(&mesh, "unjumpable-climb").contains(&hit));
    let report = check(&mesh, &[]);
    let f = report.get("climb-past-bot-jump").unwrap();
    assert!(f.message.contains("58 units"), "{}", f.message);
    assert_eq!(f.game.as_deref(), Some("tf2"));
    assert!(f.instances.iter().all(|i| i.setpos().is_some()));
    raise(&mut mesh, 70.0);
    assert!(!pairs(&mesh, "climb-past-bot-jump").contains(&hit));
    assert!(pairs(&mesh, "unjumpable-climb").contains(&hit));
    mesh.game = Some(Game::Css);
    raise(&mut mesh, 60.0);
    assert!(pairs(&mesh, "unjumpable-climb").contains(&hit));
    assert!(!pairs(&mesh, "climb-past-bot-jump").contains(&hit));
}
