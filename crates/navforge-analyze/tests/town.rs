//! The synthetic town (`common/city.rs`) and the approach search's switch from the game's
//! straight-line guide to the exact distance on meshes past [`LINE_GUIDE_MAX_WORK`].

#[path = "common/city.rs"]
mod city;

use navforge_analyze::approach::{
    self, Approach, Guide, LINE_GUIDE_MAX_WORK, Rules, Search, area_approaches,
};
use navforge_analyze::geom::Mesh;
use navforge_core::NavDocument;
use navforge_level::Level;

/// The same size gives the same town: the same OBJ text, the same blocks, and (generated as
/// `navforge generate` does) the same mesh bytes; and a known answer for 4 blocks a side.
#[test]
fn the_town_is_the_same_on_every_build() {
    let (a, b) = (city::city(4), city::city(4));
    assert_eq!(a.to_obj(), b.to_obj());
    assert_eq!(a.blocks, b.blocks);
    let count = |k: city::Block| a.blocks.iter().filter(|&&x| x == k).count();
    assert_eq!(
        (
            count(city::Block::Yard),
            count(city::Block::Building),
            count(city::Block::Deck)
        ),
        KNOWN_KINDS
    );
    assert_eq!(a.boxes.len(), KNOWN_BOXES);
    let level = a.level();
    let one = city::generated(&a, &level, city::Rules::GoldSrc);
    let two = city::generated(&b, &b.level(), city::Rules::GoldSrc);
    assert_eq!(one.write().expect("writes"), two.write().expect("writes"));
    assert!(one.areas.len() > 400, "{} areas", one.areas.len());
}

/// The town as a Source map: a VBSP of one brush per box, which sees as the OBJ's triangles do
/// on the sight lines between points in the street, in rooms and over decks, each more than a
/// unit out of every box (a brush blocks a line from inside it, or one touching its face,
/// where a triangle may not), carries its own byte size and generates much the same mesh.
#[test]
fn the_town_as_brushes_sees_as_its_triangles() {
    let town = city::city(4);
    let bsp = town.to_vbsp();
    let (brushes, triangles) = (town.brush_level(), town.level());
    assert_eq!(brushes.family(), navforge_level::Family::Source);
    assert_eq!(brushes.counts().brushes, KNOWN_BOXES);
    assert_eq!(brushes.bsp_size(), Some(bsp.len() as u32));
    // Points 259 units apart from 13 units in (12 × 12 over the town's 3,264 units), at eye
    // height over the ground and over a deck.
    let points: Vec<navforge_level::Vec3> = (0..12)
        .flat_map(|i| (0..12).map(move |j| (i, j)))
        .flat_map(|(i, j)| {
            let (x, y) = (13.0 + 259.0 * i as f32, 13.0 + 259.0 * j as f32);
            [53.0, 149.0].map(|z| navforge_level::Vec3::new(x, y, z))
        })
        .filter(|p| {
            // Out of every box (a brush blocks a line from inside it; a triangle does not).
            !town
                .boxes
                .iter()
                .any(|(lo, hi)| (0..3).all(|a| lo[a] - 1.0 <= p[a] && p[a] <= hi[a] + 1.0))
        })
        .collect();
    let (mut clear, mut blocked) = (0, 0);
    for (k, &a) in points.iter().enumerate() {
        for &b in &points[k + 1..] {
            let sees = triangles.line_of_sight(a, b);
            assert_eq!(brushes.line_of_sight(a, b), sees, "{a} -> {b}");
            if sees {
                clear += 1;
            } else {
                blocked += 1;
            }
        }
    }
    assert!(
        clear > 1000 && blocked > 1000,
        "{clear} clear, {blocked} blocked"
    );
    let areas = |level: &Level| {
        city::generated(&town, level, city::Rules::CssV16)
            .areas
            .len()
    };
    let (from_brushes, from_triangles) = (areas(&brushes), areas(&triangles));
    assert!(
        from_brushes.abs_diff(from_triangles) * 20 < from_triangles,
        "{from_brushes} areas from brushes, {from_triangles} from triangles"
    );
}

/// 4 blocks a side: yards, buildings and decks.
const KNOWN_KINDS: (usize, usize, usize) = (6, 8, 2);
/// And the boxes they make, counted by hand: the ground and 4 town walls; 9 crates a yard;
/// a building's 4 outer walls of 3 boxes (a door each), 2 inner x walls of 7 (3 doors), 6
/// inner y walls of 3, and a roof: 45; a deck, its 8 steps and 5 crates: 14.
/// 5 + 6 × 9 + 8 × 45 + 2 × 14 = 447.
const KNOWN_BOXES: usize = 447;

/// The GoldSrc town of `blocks` a side: its level, its mesh and its far areas.
fn goldsrc_town(blocks: usize) -> (Level, Mesh, Vec<usize>) {
    let (level, doc) = city::town(blocks, city::Rules::GoldSrc);
    let mesh = Mesh::from_document(&doc);
    let far = approach::far_areas(&mesh);
    (level, mesh, far)
}

/// Every entry of `list` (area `i`'s approaches toward the `far` areas) is one the rule allows:
/// `here` is in sight of the eye; `next` is entered from `here` by a link on the side recorded
/// and is out of sight, or (the game's rule when the first area out of sight is the far area
/// itself) is the last area in sight before an out-of-sight far area it links to; `prev`
/// (when there is one) links into `here` on its recorded side.
fn check_valid(mesh: &Mesh, level: &Level, i: usize, far: &[usize], list: &[Approach]) {
    let eye = Rules::GoldSrc.eye(mesh, i, level).expect("an eye");
    let linked = |from: usize, to: usize, dir: u8| {
        mesh.areas[from]
            .links
            .iter()
            .any(|l| l.to == to && l.dir == dir)
    };
    assert!(list.len() <= approach::MAX_APPROACH);
    for x in list {
        assert!(
            Rules::GoldSrc.sees_area(mesh, level, eye, x.here),
            "area {i}: here {} is in sight",
            x.here
        );
        let sees = |j: usize| Rules::GoldSrc.sees_area(mesh, level, eye, j);
        let before_far = || {
            mesh.areas[x.next]
                .links
                .iter()
                .any(|l| far.contains(&l.to) && !sees(l.to))
        };
        assert!(
            !sees(x.next) || before_far(),
            "area {i}: next {} is out of sight or just before a far area out of sight",
            x.next
        );
        assert!(linked(x.here, x.next, x.here_to_next), "area {i}: {x:?}");
        if let Some(p) = x.prev {
            assert!(linked(p, x.here, x.prev_to_here), "area {i}: {x:?}");
        }
    }
}

/// A town of 5 blocks a side is past the switch (areas² × far areas over
/// LINE_GUIDE_MAX_WORK): the analysis's own choice is the exact distance, its lists are the
/// ones a search forced to that guide makes (some of which the straight line would not make),
/// and every entry is valid; forced to the game's straight line, the lists are valid too.
/// Checked on 40 eyes spread over the mesh.
#[test]
fn past_the_switch_goldsrc_searches_take_the_exact_distance() {
    let (level, mesh, far) = goldsrc_town(5);
    let n = mesh.areas.len();
    let work = (n * n * far.len()) as u64;
    assert!(work > LINE_GUIDE_MAX_WORK, "{n} areas, {} far", far.len());
    assert_eq!(Guide::for_mesh(Rules::GoldSrc, n, far.len()), Guide::Exact);
    let (mut own, mut exact, mut line) = (
        Search::new(&mesh),
        Search::with_guide(&mesh, Guide::Exact),
        Search::with_guide(&mesh, Guide::Line),
    );
    let (mut entries, mut other_lists) = (0, 0);
    for i in (0..n).step_by(n / 40) {
        let chosen = area_approaches(&mesh, i, &far, &level, Rules::GoldSrc, &mut own);
        let forced = area_approaches(&mesh, i, &far, &level, Rules::GoldSrc, &mut exact);
        assert_eq!(chosen, forced, "area {i}");
        check_valid(&mesh, &level, i, &far, &chosen);
        let by_line = area_approaches(&mesh, i, &far, &level, Rules::GoldSrc, &mut line);
        check_valid(&mesh, &level, i, &far, &by_line);
        entries += chosen.len();
        other_lists += usize::from(by_line != chosen);
    }
    assert!(entries > 200, "{entries} entries");
    // Some lists differ by guide, so equal to the exact guide's is not equal to the line's.
    assert!(other_lists > 0, "every list the same under both guides");
}

/// Under the switch (a town of 2 blocks a side) GoldSrc keeps the game's straight line, and
/// Source always takes the exact distance.
#[test]
fn under_the_switch_goldsrc_keeps_the_straight_line() {
    let (level, mesh, far) = goldsrc_town(2);
    let n = mesh.areas.len();
    assert_eq!(Guide::for_mesh(Rules::GoldSrc, n, far.len()), Guide::Line);
    assert_eq!(Guide::for_mesh(Rules::Source, n, far.len()), Guide::Exact);
    let (mut own, mut line) = (Search::new(&mesh), Search::with_guide(&mesh, Guide::Line));
    for i in 0..n {
        let chosen = area_approaches(&mesh, i, &far, &level, Rules::GoldSrc, &mut own);
        let forced = area_approaches(&mesh, i, &far, &level, Rules::GoldSrc, &mut line);
        assert_eq!(chosen, forced, "area {i}");
    }
}

/// The boundary itself: a work of exactly LINE_GUIDE_MAX_WORK keeps the line, one more area's
/// worth does not; de_dust2's (1,207 areas, 1 far) and a 2,574-area map with 10 far areas
/// fall on either side.
#[test]
fn the_switch_is_at_the_documented_work() {
    let far = (LINE_GUIDE_MAX_WORK / (1000 * 1000)) as usize;
    assert_eq!(Guide::for_mesh(Rules::GoldSrc, 1000, far), Guide::Line);
    assert_eq!(Guide::for_mesh(Rules::GoldSrc, 1001, far), Guide::Exact);
    assert_eq!(Guide::for_mesh(Rules::GoldSrc, 1207, 1), Guide::Line);
    assert_eq!(Guide::for_mesh(Rules::GoldSrc, 2574, 10), Guide::Exact);
    assert_eq!(
        Guide::for_mesh(Rules::GoldSrc, usize::MAX, usize::MAX),
        Guide::Exact
    );
}

/// An eye that sees little passes over the far areas whose searches can add nothing to its
/// list (`approach/region.rs`): every list is the one a search of every far area makes, on the
/// brush town under Source's rules (both passes) and on the triangle town of 5 blocks under
/// GoldSrc's past the switch (the way out), and far areas are passed over, and far areas'
/// searches ended early once nothing is left to add, on both (the test would prove nothing
/// otherwise: 5,018 and 5,308 passed over, far areas in sight included (4,891 and 5,170
/// without), 1,727 and 2,121 ended early, 357 and 284 of them far areas that region areas step
/// into, judged by the region without those areas).
#[test]
fn far_areas_passed_over_change_no_list() {
    let (level, doc) = city::town_as(4, city::Rules::CssV9, city::City::brush_level);
    let source = (level, Mesh::from_document(&doc), Rules::Source);
    let (level, mesh, _) = goldsrc_town(5);
    for (level, mesh, rules) in [source, (level, mesh, Rules::GoldSrc)] {
        let far = approach::far_areas(&mesh);
        let (mut own, mut every) = (Search::new(&mesh), Search::new(&mesh).every_far_area());
        approach::take_passed_over();
        approach::take_ended_early();
        approach::take_ended_beside();
        let (mut entries, mut eyes) = (0, 0);
        for i in (0..mesh.areas.len()).step_by(2) {
            let passing = area_approaches(&mesh, i, &far, &level, rules, &mut own);
            let searching = area_approaches(&mesh, i, &far, &level, rules, &mut every);
            assert_eq!(passing, searching, "{rules:?} area {i}");
            entries += passing.len();
            eyes += 1;
        }
        let passed = approach::take_passed_over();
        let ended = approach::take_ended_early();
        let beside = approach::take_ended_beside();
        println!(
            "{rules:?}: {eyes} eyes, {entries} entries, {passed} far areas passed over, \
             {ended} ended early ({beside} of them next to the region)"
        );
        assert!(passed >= 1_000, "{rules:?}: {passed} far areas passed over");
        assert!(
            ended >= 1_000,
            "{rules:?}: {ended} far areas' searches ended early"
        );
        assert!(entries >= 1_000, "{rules:?}: {entries} entries");
        assert!(
            beside >= 200,
            "{rules:?}: {beside} far areas next to the region ended early"
        );
    }
}
