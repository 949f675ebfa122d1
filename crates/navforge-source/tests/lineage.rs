//! Edits made through the common model keep the game data the model cannot name.
//!
//! Real TF2 and L4D2 meshes go to the model; random attribute flips, splits (both halves with the
//! original as `origin`) and deletions are made there, as an editor would; the result is applied
//! back onto the document. Then: the file re-reads; the document's model is exactly the edited
//! model (so attribute bits have one source of truth, the game word included); every area keeps
//! its origin's game data (light, occupy times, L4D block, visibility and approach lists minus
//! deleted areas, ladder links); and every area the edits did not touch is equal to the original,
//! so it writes the same bytes.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use navforge_core::NavDocument;
use navforge_core::model::{Connection, ConnectionKind, Direction, NavMesh};
use navforge_core::testing::corpus_dir;
use navforge_source::{GAME_WORD_SHIFT, SourceNavDocument};
use proptest::prelude::*;

/// Per game, the candidate files, smallest first; the first with game words in at least 5 areas
/// is used.
const FILES: [&[&str]; 2] = [
    // TF2 maps rarely set persistent TF attributes: 6 of junglemines' 528 areas do.
    &[
        "tf2-custom_dr_junglemines_v7.nav",
        "tf2-custom_mvm_yiresa_rc5a.nav",
    ],
    &["l4d2_c8m4_interior.nav", "l4d2_c1m1_hotel.nav"],
];

fn game_words(doc: &SourceNavDocument) -> usize {
    doc.areas
        .iter()
        .filter(|a| {
            a.tf_attributes.unwrap_or(0) != 0 || a.terror.is_some_and(|t| t.spawn_attributes != 0)
        })
        .count()
}

struct Base {
    name: &'static str,
    doc: SourceNavDocument,
    mesh: NavMesh,
}

fn bases() -> &'static [Base] {
    static BASES: OnceLock<Vec<Base>> = OnceLock::new();
    BASES.get_or_init(|| {
        let Some(dir) = corpus_dir("source-nav") else {
            return Vec::new();
        };
        FILES
            .iter()
            .map(|names| {
                // The point is non-zero game data: take a sample that has plenty.
                let (name, doc) = names
                    .iter()
                    .map(|name| {
                        let data = std::fs::read(dir.join(name)).unwrap();
                        (*name, SourceNavDocument::read(&data).unwrap())
                    })
                    .find(|(_, doc)| game_words(doc) >= 5)
                    .unwrap_or_else(|| panic!("no sample with game words among {names:?}"));
                eprintln!(
                    "{name}: {} areas, {} with a game word",
                    doc.areas.len(),
                    game_words(&doc)
                );
                let mesh = doc.to_model();
                Base { name, doc, mesh }
            })
            .collect()
    })
}

#[derive(Debug, Clone)]
enum Edit {
    /// Flip attribute bit `bit` (0..64: base word, then the game word).
    Flip { area: usize, bit: u8 },
    /// Split at `quarter`/4 of the way across, along x or y.
    Split {
        area: usize,
        along_x: bool,
        quarter: u8,
    },
    /// Delete the area and what names it in the model.
    Delete { area: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<usize>(), 0u8..64).prop_map(|(area, bit)| Edit::Flip { area, bit }),
        2 => (any::<usize>(), any::<bool>(), 1u8..4)
            .prop_map(|(area, along_x, quarter)| Edit::Split { area, along_x, quarter }),
        2 => any::<usize>().prop_map(|area| Edit::Delete { area }),
    ]
}

/// Base areas that name `id` in any list (so removing it touches them).
fn referrers(doc: &SourceNavDocument, id: u32) -> Vec<u32> {
    let spots: HashSet<u32> = doc
        .area(id)
        .map(|a| a.hiding_spots.iter().map(|s| s.id).collect())
        .unwrap_or_default();
    let mut out: Vec<u32> = doc
        .areas
        .iter()
        .filter(|a| {
            a.connections.contains(id)
                || a.encounter_paths.iter().any(|(p, s)| {
                    p.from == id || p.to == id || s.iter().any(|s| spots.contains(&s.hiding_spot))
                })
                || a.approach_areas
                    .iter()
                    .any(|x| x.here == id || x.prev == id || x.next == id)
                || a.visible_areas.iter().any(|v| v.id == id)
                || a.inherit_visibility_from == id
        })
        .map(|a| a.id)
        .collect();
    // Ladders that name it change, and so do... only the ladders; area ladder lists keep IDs.
    out.push(id);
    out
}

struct Edited {
    mesh: NavMesh,
    touched: HashSet<u64>,
    deleted: HashSet<u32>,
}

fn apply_edits(base: &Base, edits: &[Edit]) -> Edited {
    let mut mesh = base.mesh.clone();
    let mut touched = HashSet::new();
    let mut deleted = HashSet::new();
    let mut next_id = mesh.areas.iter().map(|a| a.id).max().unwrap_or(0) + 1;
    for e in edits {
        let n = mesh.areas.len();
        match *e {
            Edit::Flip { area, bit } => {
                let a = &mut mesh.areas[area % n];
                a.attributes ^= 1u64 << bit;
                touched.insert(a.id);
            }
            Edit::Split {
                area,
                along_x,
                quarter,
            } => {
                let i = area % n;
                let a = mesh.areas[i].clone();
                let [nw, ne, se, sw]: [[f32; 3]; 4] = a.polygon.clone().try_into().unwrap();
                let t = f32::from(quarter) / 4.0;
                let lerp = |p: [f32; 3], q: [f32; 3]| {
                    [
                        p[0] + (q[0] - p[0]) * t,
                        p[1] + (q[1] - p[1]) * t,
                        p[2] + (q[2] - p[2]) * t,
                    ]
                };
                let (first, second, dir) = if along_x {
                    let (top, bottom) = (lerp(nw, ne), lerp(sw, se));
                    if top[0] <= nw[0] || top[0] >= ne[0] {
                        continue;
                    }
                    (
                        [nw, top, bottom, sw],
                        [top, ne, se, bottom],
                        Direction::East,
                    )
                } else {
                    let (left, right) = (lerp(nw, sw), lerp(ne, se));
                    if left[1] <= nw[1] || left[1] >= sw[1] {
                        continue;
                    }
                    (
                        [nw, ne, right, left],
                        [left, right, se, sw],
                        Direction::South,
                    )
                };
                let id = next_id;
                next_id += 1;
                mesh.areas[i].polygon = first.to_vec();
                let mut half = a.clone();
                half.id = id;
                half.polygon = second.to_vec();
                mesh.areas.push(half);
                let back = if dir == Direction::East {
                    Direction::West
                } else {
                    Direction::North
                };
                for (from, to, d) in [(a.id, id, dir), (id, a.id, back)] {
                    mesh.connections.push(Connection {
                        from,
                        to,
                        kind: ConnectionKind::Walk,
                        direction: Some(d),
                    });
                }
                touched.insert(a.id);
            }
            Edit::Delete { area } => {
                if n <= 2 {
                    continue;
                }
                let id = mesh.areas[area % n].id;
                mesh.areas.retain(|a| a.id != id);
                mesh.connections.retain(|c| c.from != id && c.to != id);
                mesh.hiding_spots.retain(|s| s.area != id);
                mesh.encounter_paths
                    .retain(|p| p.area != id && p.from != id && p.to != id);
                for l in &mut mesh.ladders {
                    for t in &mut l.top_areas {
                        if *t == id {
                            *t = 0;
                        }
                    }
                    if l.bottom_area == id {
                        l.bottom_area = 0;
                    }
                }
                if let Ok(id32) = u32::try_from(id) {
                    touched.extend(referrers(&base.doc, id32).into_iter().map(u64::from));
                    deleted.insert(id32);
                }
                touched.insert(id);
            }
        }
    }
    Edited {
        mesh,
        touched,
        deleted,
    }
}

proptest! {
    #![proptest_config(navforge_core::testing::proptest_config(512))]

    #[test]
    fn edits_through_the_model_keep_game_data(
        which in 0..FILES.len(),
        edits in proptest::collection::vec(edit(), 1..12),
    ) {
        let Some(base) = bases().get(which) else {
            eprintln!("skipped: corpus absent");
            return Ok(());
        };
        let name = base.name;
        let e = apply_edits(base, &edits);
        let mut doc = base.doc.clone();
        doc.apply_model(&e.mesh).map_err(|err| TestCaseError::fail(format!("{name}: {err}")))?;

        // The file re-reads as the same document.
        let bytes = doc.write().map_err(|err| TestCaseError::fail(format!("{name}: {err}")))?;
        prop_assert_eq!(&SourceNavDocument::read(&bytes).unwrap(), &doc, "{}", name);

        // Its model is the edited model: one source of truth for attributes, game word included.
        let mut want = e.mesh.clone();
        for a in &mut want.areas {
            a.origin = Some(a.id);
        }
        let got = doc.to_model();
        prop_assert_eq!(&got.areas, &want.areas, "{}", name);
        // Connections come area by area and side by side, each side in the model's order.
        let position: HashMap<u64, usize> =
            want.areas.iter().enumerate().map(|(i, a)| (a.id, i)).collect();
        let side = |d: Option<Direction>| Direction::ALL.iter().position(|&x| Some(x) == d);
        want.connections
            .sort_by_key(|c| (position.get(&c.from).copied(), side(c.direction)));
        prop_assert_eq!(&got.connections, &want.connections, "{}", name);
        prop_assert_eq!(&got.hiding_spots, &want.hiding_spots, "{}", name);
        prop_assert_eq!(&got.encounter_paths, &want.encounter_paths, "{}", name);
        prop_assert_eq!(&got.ladders, &want.ladders, "{}", name);

        // Every area keeps its origin's game data.
        let origin: HashMap<u64, u64> = e
            .mesh
            .areas
            .iter()
            .map(|a| (a.id, a.origin.unwrap_or(a.id)))
            .collect();
        for (a, m) in doc.areas.iter().zip(&e.mesh.areas) {
            let o = u32::try_from(origin[&m.id]).unwrap();
            let b = base.doc.area(o).unwrap();
            let word = (m.attributes >> GAME_WORD_SHIFT) as u32;
            prop_assert_eq!(a.tf_attributes.is_some(), b.tf_attributes.is_some());
            if b.tf_attributes.is_some() {
                prop_assert_eq!(a.tf_attributes, Some(word), "{}: area {}", name, a.id);
            }
            if let (Some(t), Some(bt)) = (a.terror, b.terror) {
                prop_assert_eq!(t.spawn_attributes, word);
                prop_assert_eq!((t.extra, t.fog_place), (bt.extra, bt.fog_place));
            } else {
                prop_assert_eq!(a.terror.is_some(), b.terror.is_some());
            }
            prop_assert_eq!(a.light_intensity, b.light_intensity, "{}: area {}", name, a.id);
            prop_assert_eq!(a.earliest_occupy_time, b.earliest_occupy_time);
            prop_assert_eq!(&a.ladders_up, &b.ladders_up);
            prop_assert_eq!(&a.ladders_down, &b.ladders_down);
            let visible: Vec<_> = b
                .visible_areas
                .iter()
                .filter(|v| !e.deleted.contains(&v.id))
                .copied()
                .collect();
            prop_assert_eq!(&a.visible_areas, &visible, "{}: area {}", name, a.id);
            let approach: Vec<_> = b
                .approach_areas
                .iter()
                .filter(|x| ![x.here, x.prev, x.next].iter().any(|i| e.deleted.contains(i)))
                .copied()
                .collect();
            prop_assert_eq!(&a.approach_areas, &approach);
            let inherit = if e.deleted.contains(&b.inherit_visibility_from) {
                0
            } else {
                b.inherit_visibility_from
            };
            prop_assert_eq!(a.inherit_visibility_from, inherit);

            // Untouched areas are exactly the original, so they write the same bytes.
            if !e.touched.contains(&m.id) && origin[&m.id] == m.id {
                prop_assert_eq!(a, b, "{}: untouched area {} changed", name, a.id);
            }
        }
    }
}
