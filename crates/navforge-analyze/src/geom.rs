//! The areas as the analysis sees them: rectangles in XY with a bilinear floor, and their links.

use navforge_core::area::AreaRect;
use navforge_core::model::Direction;
use navforge_core::movement::Movement;
use navforge_level::Vec3;
use navforge_source::SourceNavDocument;

/// Player sizes (Hammer units) Source's bots use, from the core's movement table: half the
/// standing height (`HalfHumanHeight`; the CS 1.6 bot's is [`crate::BotCode::half_human_height`]).
pub const HALF_HUMAN_HEIGHT: f32 = Movement::SOURCE.half_height;
/// Standing height (`HumanHeight`).
pub const HUMAN_HEIGHT: f32 = Movement::SOURCE.stand_height;
/// Sampling pitch of the generator, also the analysis' step.
pub const STEP: f32 = 25.0;

/// The box around `points` (from +infinity to -infinity when there are none). A fold rather
/// than [`navforge_level::Aabb::add_point`]: visibility asks it for every block of a look's
/// grid, and the fold costs the brush town's stage 0.8 % fewer instructions.
pub(crate) fn bounds(points: impl IntoIterator<Item = Vec3>) -> (Vec3, Vec3) {
    points.into_iter().fold(
        (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    )
}

/// A group of boxes made by [`group_by_cell`]: the box around them and how many they are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CellGroup {
    /// The low corner of the box around the group's boxes.
    pub lo: Vec3,
    /// Its high corner.
    pub hi: Vec3,
    /// How many boxes are in the group.
    pub members: u32,
}

/// Boxes grouped by the cube of side `cell` their centre falls in, for one wall to be asked
/// about a whole group's box at once (the sniper stage's runs of samples, the visibility
/// stage's targets): each box's group, and the groups. Groups are numbered in order of their
/// first member; a box whose centre is not finite is a group of its own.
pub(crate) fn group_by_cell(
    boxes: impl IntoIterator<Item = (Vec3, Vec3)>,
    cell: f32,
) -> (Vec<u32>, Vec<CellGroup>) {
    let mut ids = std::collections::HashMap::new();
    let mut groups: Vec<CellGroup> = Vec::new();
    let group_of = boxes
        .into_iter()
        .map(|(lo, hi)| {
            let at = ((lo + hi) * (0.5 / cell)).floor();
            let id = if at.is_finite() {
                let key = [at.x as i64, at.y as i64, at.z as i64];
                *ids.entry(key).or_insert(groups.len())
            } else {
                groups.len()
            };
            if id == groups.len() {
                groups.push(CellGroup { lo, hi, members: 0 });
            }
            let g = &mut groups[id];
            (g.lo, g.hi, g.members) = (g.lo.min(lo), g.hi.max(hi), g.members + 1);
            id as u32
        })
        .collect();
    (group_of, groups)
}

/// One link to a neighbour: the side it leaves from and the neighbour's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// 0 north (-y), 1 east (+x), 2 south (+y), 3 west (-x).
    pub dir: u8,
    /// Index of the neighbour in [`Mesh::areas`].
    pub to: usize,
}

/// One area's geometry: its floor (the shared [`AreaRect`], whose fields and methods a `Geom`
/// answers directly) and its links.
#[derive(Debug, Clone)]
pub struct Geom {
    /// File ID.
    pub id: u32,
    /// Attribute word.
    pub attributes: u32,
    /// The floor: rectangle from the stored NW to SE corner, corner heights NW, NE, SE, SW.
    pub rect: AreaRect,
    /// Outgoing links in file order (by side, then as listed).
    pub links: Vec<Link>,
    /// Ladders leaving this area: (area at the other end, how: 4 up / 5 down, length).
    pub ladders: Vec<(usize, u8, f32)>,
}

impl std::ops::Deref for Geom {
    type Target = AreaRect;
    fn deref(&self) -> &AreaRect {
        &self.rect
    }
}

impl Geom {
    /// Whether the area has this attribute bit (a `navforge_core::attributes::nav_mesh` bit).
    pub fn has(&self, bit: u64) -> bool {
        u64::from(self.attributes) & bit != 0
    }

    /// An area with no links or ladders yet.
    pub fn new(id: u32, attributes: u32, rect: AreaRect) -> Geom {
        Geom {
            id,
            attributes,
            rect,
            links: Vec::new(),
            ladders: Vec::new(),
        }
    }

    /// A flat area at height 0 from `lo` to `hi`, without attributes, links or ladders (for
    /// tests and examples).
    pub fn flat(id: u32, lo: [f32; 2], hi: [f32; 2]) -> Geom {
        Geom::new(
            id,
            0,
            AreaRect {
                lo,
                hi,
                z: [0.0; 4],
            },
        )
    }

    /// Corner `c` (0 NW, 1 NE, 2 SE, 3 SW) with its own height.
    pub fn corner(&self, c: usize) -> Vec3 {
        Vec3::from_array(self.rect.corner(c))
    }

    /// Centre in XY, with the mean of the two stored corners' heights (the game's `m_center`).
    pub fn center(&self) -> Vec3 {
        Vec3::from_array(self.rect.centre())
    }

    /// Whether (x, y) lies on the area (edges included).
    pub fn overlaps(&self, x: f32, y: f32) -> bool {
        self.rect.contains(x, y, 0.0)
    }

    /// Squared XY distance from (x, y) to the rectangle.
    pub fn dist2_xy(&self, x: f32, y: f32) -> f32 {
        self.rect.distance_sq_xy(x, y)
    }

    /// Centre of the shared edge with `to` on side `dir` (0 north .. 3 west; the game's
    /// `ComputePortal`), at this area's floor height.
    pub fn portal(&self, to: &Geom, dir: u8) -> Vec3 {
        let side = Direction::from_index(dir as usize).unwrap_or(Direction::West);
        Vec3::from_array(self.rect.portal(&to.rect, side).0)
    }
}

/// All areas, indexed in file order.
#[derive(Debug, Clone)]
pub struct Mesh {
    /// Areas in file order.
    pub areas: Vec<Geom>,
}

impl Mesh {
    /// From a document; links to IDs that are not areas are dropped.
    pub fn from_document(doc: &SourceNavDocument) -> Mesh {
        let index: std::collections::HashMap<u32, usize> = doc
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id, i))
            .collect();
        let areas = doc
            .areas
            .iter()
            .map(|a| {
                let links = a
                    .connections
                    .iter()
                    .filter_map(|(d, id)| index.get(&id).map(|&to| Link { dir: d as u8, to }))
                    .collect();
                Geom {
                    links,
                    ..Geom::new(a.id, a.attributes, a.rect())
                }
            })
            .collect();
        let mut mesh = Mesh { areas };
        if doc.ladders.is_empty() {
            return mesh;
        }
        // Files that store ladders (v6 and later, the Source engine's) also store each area's
        // ladders up and down, which the game's path search walks (`CNavArea::GetLadders`):
        // up a ladder to its forward, left and right top areas, never to the one behind ("very
        // hard to get to when going up a ladder", `NavAreaBuildPath`), and down a ladder to its
        // bottom area (from any top area, the one behind included).
        let ladders: std::collections::HashMap<u32, &navforge_source::Ladder> =
            doc.ladders.iter().map(|l| (l.id, l)).collect();
        let area = |id: u32| index.get(&id).copied();
        for (i, a) in doc.areas.iter().enumerate() {
            let mut steps = Vec::new();
            for l in a.ladders_up.iter().filter_map(|id| ladders.get(id)) {
                let length = l.length.get().abs();
                for top in [l.top_forward_area, l.top_left_area, l.top_right_area] {
                    steps.extend(area(top).map(|t| (t, 4, length)));
                }
            }
            for l in a.ladders_down.iter().filter_map(|id| ladders.get(id)) {
                steps.extend(area(l.bottom_area).map(|b| (b, 5, l.length.get().abs())));
            }
            mesh.areas[i].ladders = steps;
        }
        mesh
    }

    /// Ladders from the level (files before v6 store none): each `func_ladder` as the GoldSrc
    /// bot rebuilds it when it loads a nav ([`crate::ladders`]), with the steps its path search
    /// takes ([`crate::ladders::steps_by_area`]).
    pub fn add_level_ladders(&mut self, level: &navforge_level::Level) {
        let built = crate::ladders::of_level(self, level);
        let steps = crate::ladders::steps_by_area(&built, self.areas.len());
        for (area, steps) in self.areas.iter_mut().zip(steps) {
            area.ladders.extend(steps);
        }
    }

    /// Whether area `from` has a link to `to` on side `dir`.
    pub fn is_connected(&self, from: usize, to: usize, dir: u8) -> bool {
        self.areas
            .get(from)
            .is_some_and(|a| a.links.iter().any(|l| l.to == to && l.dir == dir))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boxes are grouped by the cube their centre is in, groups numbered in order of their
    /// first member, each group's box around its members; a box whose centre is not finite is
    /// a group of its own.
    #[test]
    fn boxes_group_by_the_cube_of_their_centre() {
        let b = |lo: [f32; 3], hi: [f32; 3]| (Vec3::from(lo), Vec3::from(hi));
        let boxes = [
            b([600.0, 0.0, 0.0], [700.0, 10.0, 10.0]),
            b([0.0, 0.0, 0.0], [10.0, 10.0, 10.0]),
            b([500.0, 0.0, 0.0], [520.0, 10.0, 10.0]),
            b([f32::NAN, 0.0, 0.0], [1.0, 1.0, 1.0]),
            b([-5.0, 400.0, 0.0], [20.0, 500.0, 30.0]),
            b([-20.0, 0.0, 0.0], [-10.0, 10.0, 10.0]),
        ];
        let (of, groups) = group_by_cell(boxes, 512.0);
        // Centres x 650, 5, 510, NaN, 7.5 (y 450), -15: cubes 1, 0, 0, none, 0, -1.
        assert_eq!(of, [0, 1, 1, 2, 1, 3]);
        let one = groups[1];
        assert_eq!(
            (one.lo, one.hi),
            (Vec3::new(-5.0, 0.0, 0.0), Vec3::new(520.0, 500.0, 30.0))
        );
        let members: Vec<u32> = groups.iter().map(|g| g.members).collect();
        assert_eq!(members, [1, 3, 1, 1]);
    }

    fn area(lo: [f32; 2], hi: [f32; 2], z: [f32; 4]) -> Geom {
        Geom::new(1, 0, AreaRect { lo, hi, z })
    }

    #[test]
    fn portal_is_the_middle_of_the_shared_edge() {
        let a = area([0.0, 0.0], [100.0, 100.0], [0.0; 4]);
        let north = area([50.0, -50.0], [200.0, 0.0], [0.0; 4]);
        assert_eq!(a.portal(&north, 0), Vec3::new(75.0, 0.0, 0.0));
        let east = area([100.0, 20.0], [150.0, 40.0], [0.0; 4]);
        assert_eq!(a.portal(&east, 1), Vec3::new(100.0, 30.0, 0.0));
    }
}
