//! A synthetic level built in code, sized by one parameter, for timing analysis on meshes
//! larger than any GoldSrc map of the corpus (de_dust2's 1,207 areas).
//!
//! A square town of `blocks × blocks` blocks, 576 units on a side, between 192-unit streets,
//! inside a wall. A block is chosen by a fixed hash of its place: a yard of crates (long sight
//! lines over the low ones), a roofed building of nine rooms with doorways (indoor cover,
//! short sight), or a raised deck 96 units up with a stairway (slopes and a second floor). The same `blocks` always gives the same triangles.
//!
//! Generated with CS 1.6's rules from a mark on the street, 4, 6, 8 and 10 blocks a side make
//! meshes of about 600, 1,200, 2,500 and 4,000 areas (see `/tmp/navforge-notes/issue29-growth.md`).
// Each target including this file uses a different part of it.
#![allow(dead_code)]

use navforge_level::{Level, LoadOptions, Vec3};

/// Street width between blocks.
pub const STREET: f32 = 192.0;
/// A block's side.
pub const BLOCK: f32 = 576.0;
/// Wall thickness.
const THICK: f32 = 16.0;
/// Building walls' height (a roof lies on them).
const STOREY: f32 = 192.0;
/// Doorways: width and height.
const DOOR: (f32, f32) = (96.0, 128.0);
/// The raised deck's height and its stairway's steps.
const DECK: f32 = 96.0;
const STEPS: usize = 8;

/// What stands on a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    /// Open ground with a crate in each 192-unit cell.
    Yard,
    /// A roofed building of nine rooms, a door in each outer wall and each room's side.
    Building,
    /// A solid deck over the back half, a stairway up to it, crates on top.
    Deck,
}

/// The synthetic town: its boxes (Z up, game units) and a walkable point on its street.
pub struct City {
    /// Axis-aligned solid boxes, `(min, max)`.
    pub boxes: Vec<([f32; 3], [f32; 3])>,
    /// Other convex solid brushes (a stand-in's slanted walls), each by its sides.
    pub brushes: Vec<Vec<BrushSide>>,
    /// A point on the street floor (the walkable mark generation starts from).
    pub start: [f32; 3],
    /// What stands on each block, row by row.
    pub blocks: Vec<Block>,
}

/// A side of a brush: its outward unit normal, its distance from the origin along it, and
/// whether it is a bevel (an axial side the compiler adds for box traces, which rays skip).
pub type BrushSide = ([f32; 3], f32, bool);

/// The kind of block `(x, y)`: a fixed integer hash, so a town is the same on every run.
pub fn block_kind(x: usize, y: usize) -> Block {
    let h = (x as u32)
        .wrapping_mul(0x9E37_79B1)
        .wrapping_add((y as u32).wrapping_mul(0x85EB_CA77))
        .rotate_left(13)
        .wrapping_mul(0xC2B2_AE3D);
    match (h >> 24) % 8 {
        0 | 1 => Block::Yard,
        2..=5 => Block::Building,
        _ => Block::Deck,
    }
}

/// The town of `blocks × blocks` blocks.
pub fn city(blocks: usize) -> City {
    let pitch = BLOCK + STREET;
    let side = blocks as f32 * pitch + STREET;
    let mut boxes = vec![
        // The ground, and the town wall.
        ([-THICK, -THICK, -THICK], [side + THICK, side + THICK, 0.0]),
        ([-THICK, -THICK, 0.0], [0.0, side + THICK, 320.0]),
        ([side, -THICK, 0.0], [side + THICK, side + THICK, 320.0]),
        ([0.0, -THICK, 0.0], [side, 0.0, 320.0]),
        ([0.0, side, 0.0], [side, side + THICK, 320.0]),
    ];
    let mut kinds = Vec::with_capacity(blocks * blocks);
    for by in 0..blocks {
        for bx in 0..blocks {
            let x0 = STREET + bx as f32 * pitch;
            let y0 = STREET + by as f32 * pitch;
            let kind = block_kind(bx, by);
            kinds.push(kind);
            match kind {
                Block::Yard => crates(&mut boxes, (x0, y0, 0.0), 3, 3),
                Block::Building => building(&mut boxes, x0, y0),
                Block::Deck => deck(&mut boxes, x0, y0),
            }
        }
    }
    City {
        boxes,
        brushes: Vec::new(),
        start: [STREET / 2.0, STREET / 2.0, 0.0],
        blocks: kinds,
    }
}

/// Crates on open ground at height `z`, one in the middle of each 192-unit cell of a
/// `cols × rows` grid from `(x0, y0)`: every third one tall, the others low (cover to crouch
/// behind), so no open stretch is 200 units across both ways.
fn crates(
    boxes: &mut Vec<([f32; 3], [f32; 3])>,
    (x0, y0, z): (f32, f32, f32),
    cols: usize,
    rows: usize,
) {
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (x0 + 192.0 * c as f32 + 64.0, y0 + 192.0 * r as f32 + 64.0);
            let h = if (r + c) % 3 == 0 { 160.0 } else { 48.0 };
            boxes.push(([x, y, z], [x + 64.0, y + 64.0, z + h]));
        }
    }
}

/// A wall along x from `a` to `b` at `y` (its near face), `STOREY` high, with a doorway
/// centred at each of `doors`.
fn wall_x(boxes: &mut Vec<([f32; 3], [f32; 3])>, a: f32, b: f32, y: f32, doors: &[f32]) {
    let mut from = a;
    for &d in doors {
        let (l, r) = (d - DOOR.0 / 2.0, d + DOOR.0 / 2.0);
        boxes.push(([from, y, 0.0], [l, y + THICK, STOREY]));
        boxes.push(([l, y, DOOR.1], [r, y + THICK, STOREY]));
        from = r;
    }
    boxes.push(([from, y, 0.0], [b, y + THICK, STOREY]));
}

/// [`wall_x`] turned a quarter: along y from `a` to `b` at `x`.
fn wall_y(boxes: &mut Vec<([f32; 3], [f32; 3])>, a: f32, b: f32, x: f32, doors: &[f32]) {
    let start = boxes.len();
    wall_x(boxes, a, b, x, doors);
    for (lo, hi) in &mut boxes[start..] {
        lo.swap(0, 1);
        hi.swap(0, 1);
    }
}

/// Nine rooms under a roof: a door in the middle of each outer wall, inner walls at the thirds
/// with a door in every room's side.
fn building(boxes: &mut Vec<([f32; 3], [f32; 3])>, x0: f32, y0: f32) {
    let (x1, y1) = (x0 + BLOCK, y0 + BLOCK);
    let third = BLOCK / 3.0;
    let mid = |a: f32, k: usize| a + third * (k as f32 + 0.5);
    let all = |a: f32| [mid(a, 0), mid(a, 1), mid(a, 2)];
    wall_x(boxes, x0, x1, y0, &[mid(x0, 1)]);
    wall_x(boxes, x0, x1, y1 - THICK, &[mid(x0, 1)]);
    wall_y(boxes, y0 + THICK, y1 - THICK, x0, &[mid(y0, 1)]);
    wall_y(boxes, y0 + THICK, y1 - THICK, x1 - THICK, &[mid(y0, 1)]);
    for k in 1..3 {
        // Inner walls run between the outer ones; the y walls stop at the x walls.
        let y = y0 + third * k as f32;
        wall_x(boxes, x0 + THICK, x1 - THICK, y, &all(x0));
        let x = x0 + third * k as f32;
        for (a, b, d) in [
            (y0 + THICK, y0 + third, mid(y0, 0)),
            (y0 + third + THICK, y0 + 2.0 * third, mid(y0, 1)),
            (y0 + 2.0 * third + THICK, y1 - THICK, mid(y0, 2)),
        ] {
            wall_y(boxes, a, b, x, &[d]);
        }
    }
    boxes.push(([x0, y0, STOREY], [x1, y1, STOREY + THICK]));
}

/// A deck over the back half of the block with a stairway up its front and crates on top.
fn deck(boxes: &mut Vec<([f32; 3], [f32; 3])>, x0: f32, y0: f32) {
    let front = y0 + BLOCK / 2.0;
    boxes.push(([x0, front, 0.0], [x0 + BLOCK, y0 + BLOCK, DECK]));
    let run = 24.0;
    for k in 0..STEPS {
        let y = front - run * (STEPS - k) as f32;
        let top = DECK / STEPS as f32 * (k + 1) as f32;
        boxes.push(([x0 + 64.0, y, 0.0], [x0 + 192.0, y + run, top]));
    }
    // Cover on the deck, and on the ground in front of it.
    crates(boxes, (x0, front, DECK), 3, 1);
    crates(boxes, (x0 + 192.0, y0, 0.0), 2, 1);
}

impl City {
    /// The boxes as Wavefront OBJ, Y up as [`LoadOptions`]' default reads it (Z-up (x, y, z)
    /// written (x, z, -y)): eight corners and twelve triangles a box, wound outward. The other
    /// brushes are left out (only stand-ins have them, and they load from [`City::to_vbsp`]).
    pub fn to_obj(&self) -> String {
        let mut out = format!("# navforge synthetic town: {} boxes\n", self.boxes.len());
        for (lo, hi) in &self.boxes {
            for k in 0..8 {
                let x = if k & 1 == 0 { lo[0] } else { hi[0] };
                let y = if k & 2 == 0 { lo[1] } else { hi[1] };
                let z = if k & 4 == 0 { lo[2] } else { hi[2] };
                out.push_str(&format!("v {x} {z} {}\n", -y));
            }
        }
        // Corner k has bit 0 for +x, bit 1 for +y, bit 2 for +z; each side as two triangles
        // counter-clockwise seen from outside.
        const SIDES: [[usize; 6]; 6] = [
            [0, 2, 3, 0, 3, 1],
            [4, 5, 7, 4, 7, 6],
            [0, 1, 5, 0, 5, 4],
            [2, 6, 7, 2, 7, 3],
            [0, 4, 6, 0, 6, 2],
            [1, 3, 7, 1, 7, 5],
        ];
        for b in 0..self.boxes.len() {
            let base = 8 * b + 1;
            for s in SIDES {
                for t in s.chunks(3) {
                    out.push_str(&format!(
                        "f {} {} {}\n",
                        base + t[0],
                        base + t[1],
                        base + t[2]
                    ));
                }
            }
        }
        out
    }

    /// The boxes as a Source map (VBSP v20), each box a solid brush of six axial sides, then
    /// the other brushes with their own sides, as a compiled CS:S map collides: one leaf holds
    /// every brush, and there are no render faces and no VIS data (so, like the OBJ, nothing is
    /// culled by a PVS; the OBJ holds the boxes alone). The entities are the world and a player
    /// spawn at the mark.
    pub fn to_vbsp(&self) -> Vec<u8> {
        fn put(out: &mut Vec<u8>, values: &[f32]) {
            for v in values {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut lumps: Vec<(usize, Vec<u8>, u32)> = Vec::new();
        let [x, y, z] = self.start;
        let entities = format!(
            "{{\n\"classname\" \"worldspawn\"\n}}\n{{\n\"classname\" \"info_player_start\"\n\
             \"origin\" \"{x} {y} {}\"\n}}\n\0",
            z + 1.0
        );
        lumps.push((0, entities.into_bytes(), 0));
        let (mut planes, mut sides, mut brushes, mut leafbrushes) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut lo_all, mut hi_all) = ([f32::MAX; 3], [f32::MIN; 3]);
        let as_sides = |&(lo, hi): &([f32; 3], [f32; 3])| -> Vec<BrushSide> {
            (0..3)
                .flat_map(|axis| {
                    [(1.0, hi[axis]), (-1.0, -lo[axis])].map(|(sign, dist)| {
                        let mut normal = [0.0; 3];
                        normal[axis] = sign;
                        (normal, dist, false)
                    })
                })
                .collect()
        };
        let all = self
            .boxes
            .iter()
            .map(as_sides)
            .chain(self.brushes.iter().cloned());
        for (b, brush) in all.enumerate() {
            let first = i32::try_from(sides.len() / 8).expect("sides fit an i32");
            brushes.extend_from_slice(&first.to_le_bytes());
            brushes.extend_from_slice(&(brush.len() as i32).to_le_bytes());
            brushes.extend_from_slice(&1i32.to_le_bytes()); // CONTENTS_SOLID
            leafbrushes
                .extend_from_slice(&u16::try_from(b).expect("brushes fit a u16").to_le_bytes());
            for (normal, dist, bevel) in brush {
                for axis in 0..3 {
                    if normal[axis] == 1.0 {
                        hi_all[axis] = hi_all[axis].max(dist);
                    } else if normal[axis] == -1.0 {
                        lo_all[axis] = lo_all[axis].min(-dist);
                    }
                }
                // The plane's type: its axis when axial, else 3 + its largest component's (the
                // first of equal ones, as Valve's compiler picks).
                let big = (0..3).fold(0, |b, a| {
                    if normal[a].abs() > normal[b].abs() {
                        a
                    } else {
                        b
                    }
                });
                let kind = if normal[big].abs() == 1.0 {
                    big
                } else {
                    3 + big
                };
                let plane = u16::try_from(planes.len() / 20).expect("planes fit a u16");
                put(&mut planes, &normal);
                put(&mut planes, &[dist]);
                planes.extend_from_slice(&(kind as i32).to_le_bytes());
                sides.extend_from_slice(&plane.to_le_bytes());
                sides.extend_from_slice(&0i16.to_le_bytes()); // texinfo
                sides.extend_from_slice(&(-1i16).to_le_bytes()); // no displacement
                sides.extend_from_slice(&[u8::from(bevel), 0]); // a bevel or not; not thin
            }
        }
        lumps.push((1, planes, 0));
        lumps.push((6, vec![0; 72], 0));
        // One empty leaf (lump version 1: 32 bytes) holding every brush.
        let mut leaf = vec![0u8; 32];
        leaf[4..6].copy_from_slice(&(-1i16).to_le_bytes());
        let count =
            u16::try_from(self.boxes.len() + self.brushes.len()).expect("brushes fit a u16");
        leaf[26..28].copy_from_slice(&count.to_le_bytes());
        lumps.push((10, leaf, 1));
        let mut model = Vec::new();
        put(&mut model, &lo_all);
        put(&mut model, &hi_all);
        put(&mut model, &[0.0; 3]);
        model.extend_from_slice(&(-1i32).to_le_bytes()); // the head is leaf 0
        model.extend_from_slice(&[0; 8]); // no faces
        lumps.push((14, model, 0));
        lumps.push((17, leafbrushes, 0));
        lumps.push((18, brushes, 0));
        lumps.push((19, sides, 0));
        let header = 8 + 64 * 16 + 4;
        let mut out = vec![0u8; header];
        out[0..4].copy_from_slice(b"VBSP");
        out[4..8].copy_from_slice(&20i32.to_le_bytes());
        for (index, bytes, version) in lumps {
            let at = 8 + 16 * index;
            let offset = out.len() as u32;
            out[at..at + 4].copy_from_slice(&offset.to_le_bytes());
            out[at + 4..at + 8].copy_from_slice(&(bytes.len() as u32).to_le_bytes());
            out[at + 8..at + 12].copy_from_slice(&version.to_le_bytes());
            out.extend_from_slice(&bytes);
            while out.len() % 4 != 0 {
                out.push(0);
            }
        }
        out
    }

    /// The town as a Source map's level ([`City::to_vbsp`]).
    pub fn brush_level(&self) -> Level {
        Level::load(&self.to_vbsp(), &LoadOptions::default()).expect("the town's VBSP loads")
    }

    /// The town as a level, loaded from its OBJ as `navforge generate town.obj` loads it (its
    /// boxes alone: [`City::to_obj`]).
    pub fn level(&self) -> Level {
        Level::load(self.to_obj().as_bytes(), &LoadOptions::default()).expect("the town loads")
    }

    /// The walkable mark on the street.
    pub fn start(&self) -> Vec3 {
        Vec3::from_array(self.start)
    }
}

/// Whose rules the town's mesh is generated and analysed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// CS 1.6: a version-5 file, GoldSrc's analysis.
    GoldSrc,
    /// CS:S: a version-9 file (it stores encounter paths and approach areas), Source's analysis.
    CssV9,
    /// CS:S: a version-16 file (it stores visibility lists, no encounter paths or approach
    /// areas), Source's analysis.
    CssV16,
}

impl Rules {
    /// Every one, in the order the town example runs them.
    pub const ALL: [Rules; 3] = [Rules::GoldSrc, Rules::CssV9, Rules::CssV16];

    /// A short name for tables.
    pub fn name(self) -> &'static str {
        match self {
            Rules::GoldSrc => "goldsrc",
            Rules::CssV9 => "css-v9",
            Rules::CssV16 => "css-v16",
        }
    }

    /// The game the analysis is told (a v16 CS file on a level that is no Source map would
    /// be read as CS:GO's, which stores no visibility lists).
    #[allow(dead_code)]
    pub fn game(self) -> Option<navforge_core::Game> {
        (self == Rules::CssV16).then_some(navforge_core::Game::Css)
    }
}

/// The town's mesh as `navforge generate town.obj --game cs16|css --mark START` makes it
/// (CS:S written as version 9 or 16), not analysed.
pub fn generated(city: &City, level: &Level, rules: Rules) -> navforge_source::SourceNavDocument {
    use navforge_source::{SourceBuildOptions, SourceGame, SourceVersion};
    let game = match rules {
        Rules::GoldSrc => SourceGame::Cs16,
        Rules::CssV9 | Rules::CssV16 => SourceGame::Css,
    };
    let mut opts = navforge_generate::GenerateOptions::for_game(game);
    if rules == Rules::CssV9 {
        opts.build = SourceBuildOptions::new(game, SourceVersion::V9).expect("CS:S writes v9");
    }
    opts.config.marks = vec![city.start()];
    navforge_generate::generate(level, &opts)
        .expect("the town generates")
        .document
}

/// The town of `blocks` a side as a level, and its mesh under `rules` ([`generated`]).
pub fn town(blocks: usize, rules: Rules) -> (Level, navforge_source::SourceNavDocument) {
    town_as(blocks, rules, City::level)
}

/// [`town`] with the level made by `level_of`: [`City::level`] (its OBJ's triangles) or
/// [`City::brush_level`] (a Source map's brushes).
pub fn town_as(
    blocks: usize,
    rules: Rules,
    level_of: fn(&City) -> Level,
) -> (Level, navforge_source::SourceNavDocument) {
    let town = city(blocks);
    let level = level_of(&town);
    let doc = generated(&town, &level, rules);
    (level, doc)
}
