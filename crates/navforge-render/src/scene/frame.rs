//! Phase 2: the world box every floor of a map is framed by, with wide empty bands squeezed out.

use super::finite2;
use crate::squeeze::Squeeze;
use navforge_core::model::NavMesh;

/// The world box (after squeezing) and the squeeze of each axis.
pub(super) struct Frame {
    /// min x, max x, min y, max y, padded.
    pub bx: (f64, f64, f64, f64),
    pub ex: f64,
    pub ey: f64,
    /// Extents below this are treated as zero.
    pub tiny: f64,
    /// Whether the mesh has any finite point.
    pub any: bool,
    pub sx: Squeeze,
    pub sy: Squeeze,
}

fn grow(b: &mut (f64, f64, f64, f64), p: [f32; 3]) {
    b.0 = b.0.min(p[0] as f64);
    b.1 = b.1.max(p[0] as f64);
    b.2 = b.2.min(p[1] as f64);
    b.3 = b.3.max(p[1] as f64);
}

pub(super) fn frame(mesh: &NavMesh) -> Frame {
    // The whole mesh, so every floor of a map frames the same.
    let mut bx = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let mut any = false;
    for p in mesh.points() {
        if finite2(p) && p[2].is_finite() {
            any = true;
            grow(&mut bx, p);
        }
    }
    for s in &mesh.hiding_spots {
        if finite2(s.position) {
            any = true;
            grow(&mut bx, s.position);
        }
    }
    if !any {
        bx = (0.0, 1.0, 0.0, 1.0);
    }
    let (sx, sy) = squeezes(mesh);
    if any {
        bx = (sx.map(bx.0), sx.map(bx.1), sy.map(bx.2), sy.map(bx.3));
    }
    let mut ex = bx.1 - bx.0;
    let mut ey = bx.3 - bx.2;
    let tiny = 1e-6 * ex.max(ey).max(1.0);
    if ex < tiny {
        bx.0 -= 0.5;
        bx.1 += 0.5;
        ex = bx.1 - bx.0;
    }
    if ey < tiny {
        bx.2 -= 0.5;
        bx.3 += 0.5;
        ey = bx.3 - bx.2;
    }
    let pad = 0.02 * ex.max(ey);
    bx.0 -= pad;
    bx.1 += pad;
    bx.2 -= pad;
    bx.3 += pad;
    Frame {
        bx,
        ex: bx.1 - bx.0,
        ey: bx.3 - bx.2,
        tiny,
        any,
        sx,
        sy,
    }
}

/// Far-apart parts: cut the wide empty bands between them (see `squeeze`).
fn squeezes(mesh: &NavMesh) -> (Squeeze, Squeeze) {
    let mut xs: Vec<(f64, f64)> = Vec::new();
    let mut ys: Vec<(f64, f64)> = Vec::new();
    for area in &mesh.areas {
        let mut b = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for p in area
            .polygon
            .iter()
            .filter(|p| finite2(**p) && p[2].is_finite())
        {
            grow(&mut b, *p);
        }
        if b.0 <= b.1 {
            xs.push((b.0, b.1));
            ys.push((b.2, b.3));
        }
    }
    let others = mesh
        .nodes
        .iter()
        .map(|n| n.position)
        .chain(mesh.ladders.iter().flat_map(|l| [l.top, l.bottom]))
        .filter(|p| p[2].is_finite())
        .chain(mesh.hiding_spots.iter().map(|s| s.position))
        .filter(|p| finite2(*p));
    for p in others {
        xs.push((p[0] as f64, p[0] as f64));
        ys.push((p[1] as f64, p[1] as f64));
    }
    (Squeeze::build(xs), Squeeze::build(ys))
}
