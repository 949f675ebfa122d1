//! The areas as the analysis sees them: rectangles in XY with a bilinear floor, and their links.

use navforge_level::Vec3;
use navforge_source::SourceNavDocument;

/// `NAV_MESH_CROUCH`.
pub const CROUCH: u32 = 0x1;
/// `NAV_MESH_JUMP`.
pub const JUMP: u32 = 0x2;
/// `NAV_MESH_DONT_HIDE` (Source only; GoldSrc has no such bit).
pub const DONT_HIDE: u32 = 0x200;

/// Player sizes (Hammer units) the CS bot uses.
pub const HALF_HUMAN_HEIGHT: f32 = 35.5;
/// Standing height.
pub const HUMAN_HEIGHT: f32 = 71.0;
/// Sampling pitch of the generator, also the analysis' step.
pub const STEP: f32 = 25.0;

/// One link to a neighbour: the side it leaves from and the neighbour's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// 0 north (-y), 1 east (+x), 2 south (+y), 3 west (-x).
    pub dir: u8,
    /// Index of the neighbour in [`Mesh::areas`].
    pub to: usize,
}

/// One area's geometry.
#[derive(Debug, Clone)]
pub struct Geom {
    /// File ID.
    pub id: u32,
    /// Attribute word.
    pub attributes: u32,
    /// Smallest x, y.
    pub lo: [f32; 2],
    /// Largest x, y.
    pub hi: [f32; 2],
    /// Corner heights NW, NE, SE, SW.
    pub z: [f32; 4],
    /// Outgoing links in file order (by side, then as listed).
    pub links: Vec<Link>,
    /// Ladders leaving this area: (area at the other end, how: 4 up / 5 down, length).
    pub ladders: Vec<(usize, u8, f32)>,
}

impl Geom {
    /// Floor height at (x, y), clamped into the area (the game's `GetZ`).
    pub fn z_at(&self, x: f32, y: f32) -> f32 {
        navforge_core::floor::floor_z(self.lo, self.hi, self.z, x, y)
    }

    /// Corner `c` (0 NW, 1 NE, 2 SE, 3 SW) with its own height.
    pub fn corner(&self, c: usize) -> Vec3 {
        let (x, y) = match c {
            0 => (self.lo[0], self.lo[1]),
            1 => (self.hi[0], self.lo[1]),
            2 => (self.hi[0], self.hi[1]),
            _ => (self.lo[0], self.hi[1]),
        };
        Vec3::new(x, y, self.z[c.min(3)])
    }

    /// Centre in XY, with the mean of the two stored corners' heights (the game's `m_center`).
    pub fn center(&self) -> Vec3 {
        Vec3::new(
            (self.lo[0] + self.hi[0]) * 0.5,
            (self.lo[1] + self.hi[1]) * 0.5,
            (self.z[0] + self.z[2]) * 0.5,
        )
    }

    /// Size in x and y.
    pub fn size(&self) -> [f32; 2] {
        [self.hi[0] - self.lo[0], self.hi[1] - self.lo[1]]
    }

    /// Whether (x, y) lies on the area (edges included).
    pub fn overlaps(&self, x: f32, y: f32) -> bool {
        x >= self.lo[0] && x <= self.hi[0] && y >= self.lo[1] && y <= self.hi[1]
    }

    /// Squared XY distance from (x, y) to the rectangle.
    pub fn dist2_xy(&self, x: f32, y: f32) -> f32 {
        let dx = (self.lo[0] - x).max(0.0).max(x - self.hi[0]);
        let dy = (self.lo[1] - y).max(0.0).max(y - self.hi[1]);
        dx * dx + dy * dy
    }

    /// Centre of the shared edge with `to` on side `dir` (the game's `ComputePortal`); z is 0.
    pub fn portal(&self, to: &Geom, dir: u8) -> Vec3 {
        if dir == 0 || dir == 2 {
            let y = if dir == 0 { self.lo[1] } else { self.hi[1] };
            let left = self.lo[0].max(to.lo[0]);
            let right = self.hi[0].min(to.hi[0]);
            // Areas that do not overlap along the edge: clamp into our side.
            let (left, right) = (left.min(self.hi[0]), right.max(self.lo[0]));
            Vec3::new((left + right) * 0.5, y, 0.0)
        } else {
            let x = if dir == 1 { self.hi[0] } else { self.lo[0] };
            let top = self.lo[1].max(to.lo[1]);
            let bottom = self.hi[1].min(to.hi[1]);
            let (top, bottom) = (top.min(self.hi[1]), bottom.max(self.lo[1]));
            Vec3::new(x, (top + bottom) * 0.5, 0.0)
        }
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
                let nw = a.north_west;
                let se = a.south_east;
                let links = a
                    .connections
                    .iter()
                    .filter_map(|(d, id)| index.get(&id).map(|&to| Link { dir: d as u8, to }))
                    .collect();
                Geom {
                    id: a.id,
                    attributes: a.attributes,
                    lo: [nw[0].get(), nw[1].get()],
                    hi: [se[0].get(), se[1].get()],
                    z: [
                        nw[2].get(),
                        a.north_east_z.get(),
                        se[2].get(),
                        a.south_west_z.get(),
                    ],
                    links,
                    ladders: Vec::new(),
                }
            })
            .collect();
        let mut mesh = Mesh { areas };
        if doc.ladders.is_empty() {
            return mesh;
        }
        for l in &doc.ladders {
            let Some(&bottom) = index.get(&l.bottom_area) else {
                continue;
            };
            let length = l.length.get().abs();
            for top in [
                l.top_forward_area,
                l.top_left_area,
                l.top_right_area,
                l.top_behind_area,
            ] {
                if let Some(&t) = index.get(&top) {
                    mesh.link_ladder(bottom, t, length);
                }
            }
        }
        mesh
    }

    /// Ladders from the level's ladder volumes (files before v6 store none; the GoldSrc bot
    /// builds them at load): the area with floor nearest the foot, and up to four areas (the
    /// game's forward, left, right and behind) with floor nearest the top, all within 75 units
    /// across.
    pub fn add_level_ladders(&mut self, volumes: &[(Vec3, Vec3)]) {
        for &(min, max) in volumes {
            let c = (min + max) * 0.5;
            let bottom = self.floors_near(Vec3::new(c.x, c.y, min.z), 75.0, 24.0, 40.0);
            let tops = self.floors_near(Vec3::new(c.x, c.y, max.z), 75.0, 64.0, 24.0);
            let Some(&b) = bottom.first() else {
                continue;
            };
            for &t in tops.iter().filter(|&&t| t != b).take(4) {
                self.link_ladder(b, t, max.z - min.z);
            }
        }
    }

    /// Areas whose rectangle is within `across` units of `p` in XY and whose floor there is at
    /// most `below` under or `above` over `p`, nearest first.
    fn floors_near(&self, p: Vec3, across: f32, below: f32, above: f32) -> Vec<usize> {
        let mut found: Vec<(f32, usize)> = Vec::new();
        for (i, a) in self.areas.iter().enumerate() {
            let d2 = a.dist2_xy(p.x, p.y);
            if d2 > across * across {
                continue;
            }
            let x = p.x.clamp(a.lo[0], a.hi[0]);
            let y = p.y.clamp(a.lo[1], a.hi[1]);
            let dz = a.z_at(x, y) - p.z;
            if dz < -below || dz > above {
                continue;
            }
            found.push((d2 + dz * dz, i));
        }
        found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        found.into_iter().map(|(_, i)| i).collect()
    }

    fn link_ladder(&mut self, bottom: usize, top: usize, length: f32) {
        if let Some(a) = self.areas.get_mut(bottom) {
            a.ladders.push((top, 4, length));
        }
        if let Some(a) = self.areas.get_mut(top) {
            a.ladders.push((bottom, 5, length));
        }
    }

    /// Whether area `from` has a link to `to` on side `dir`.
    pub fn is_connected(&self, from: usize, to: usize, dir: u8) -> bool {
        self.areas
            .get(from)
            .is_some_and(|a| a.links.iter().any(|l| l.to == to && l.dir == dir))
    }
}

/// The side opposite `dir`.
pub fn opposite(dir: u8) -> u8 {
    (dir + 2) % 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(lo: [f32; 2], hi: [f32; 2], z: [f32; 4]) -> Geom {
        Geom {
            id: 1,
            attributes: 0,
            lo,
            hi,
            z,
            links: Vec::new(),
            ladders: Vec::new(),
        }
    }

    #[test]
    fn floor_height_is_bilinear_and_clamped() {
        let a = area([0.0, 0.0], [100.0, 100.0], [0.0, 10.0, 30.0, 20.0]);
        assert_eq!(a.z_at(0.0, 0.0), 0.0);
        assert_eq!(a.z_at(100.0, 0.0), 10.0);
        assert_eq!(a.z_at(100.0, 100.0), 30.0);
        assert_eq!(a.z_at(0.0, 100.0), 20.0);
        assert_eq!(a.z_at(50.0, 50.0), 15.0);
        assert_eq!(a.z_at(-500.0, 500.0), 20.0);
    }

    #[test]
    fn portal_is_the_middle_of_the_shared_edge() {
        let a = area([0.0, 0.0], [100.0, 100.0], [0.0; 4]);
        let north = area([50.0, -50.0], [200.0, 0.0], [0.0; 4]);
        assert_eq!(a.portal(&north, 0), Vec3::new(75.0, 0.0, 0.0));
        let east = area([100.0, 20.0], [150.0, 40.0], [0.0; 4]);
        assert_eq!(a.portal(&east, 1), Vec3::new(100.0, 30.0, 0.0));
        assert_eq!(opposite(0), 2);
        assert_eq!(opposite(3), 1);
    }
}
