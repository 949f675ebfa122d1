//! Source collision models from hand-built bytes: a cube and a two-piece surface read into
//! hulls in Source units and axes; short, contradictory or out-of-range inputs are refused
//! naming the field and its byte offset. (Real `.phy` and map data: the tests in `src/phy.rs`.)

use navforge_level::Vec3;
use navforge_level::phy::{
    ConvexHull, PhyError, collide_hulls, phy_file_hulls, physcollide_lump_hulls,
};

const INCH: f32 = 0.0254;

fn put_i32(b: &mut [u8], at: usize, v: i32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}
fn put_f32(b: &mut [u8], at: usize, v: f32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// A compact surface with one box ledge per entry of `boxes` (each using its own 8 points of
/// one shared point array) under a ledge tree, as IVP lays it out: header, ledges, points, tree.
fn surface(boxes: &[([f32; 3], [f32; 3])]) -> Vec<u8> {
    // Each box's corners (in IVP space: metres, Y down) and triangles.
    let cuboids: Vec<ConvexHull> = boxes
        .iter()
        .map(|&(lo, hi)| ConvexHull::cuboid(lo.into(), hi.into()))
        .collect();
    let triangles = cuboids.first().map_or(0, |c| c.triangles.len());
    let ledge_size = 16 + 16 * triangles;
    let ledges_at = 48;
    let points_at = ledges_at + ledge_size * boxes.len();
    let tree_at = points_at + 16 * 8 * boxes.len();
    // A root inner node over the leaves when there are two.
    let nodes = if boxes.len() == 1 { 1 } else { 3 };
    let size = tree_at + 28 * nodes;
    let mut b = vec![0u8; size];
    put_i32(&mut b, 28, (size as i32) << 8);
    put_i32(&mut b, 32, tree_at as i32);
    b[44..48].copy_from_slice(b"IVPS");
    for (k, cuboid) in cuboids.iter().enumerate() {
        let ledge = ledges_at + ledge_size * k;
        put_i32(&mut b, ledge, (points_at - ledge) as i32);
        put_i32(
            &mut b,
            ledge + 8,
            ((ledge_size / 16 + 8) as i32) << 8 | 1 << 2,
        );
        b[ledge + 12..ledge + 14].copy_from_slice(&(triangles as i16).to_le_bytes());
        for (t, tri) in cuboid.triangles.iter().enumerate() {
            for (e, &i) in tri.iter().enumerate() {
                // The high bits hold the opposite edge, which the reader must mask off.
                let word = (i + 8 * k as u32) | 0x7ff3 << 16;
                put_i32(&mut b, ledge + 16 + 16 * t + 4 + 4 * e, word as i32);
            }
        }
        for (i, p) in cuboid.points.iter().enumerate() {
            for (axis, v) in p.to_array().into_iter().enumerate() {
                put_f32(&mut b, points_at + 16 * (8 * k + i) + 4 * axis, v);
            }
        }
    }
    let ledge_of = |k: usize| (ledges_at + ledge_size * k) as i32;
    if boxes.len() == 1 {
        put_i32(&mut b, tree_at + 4, ledge_of(0) - tree_at as i32);
    } else {
        // Root, then its left leaf right after it, then the right leaf.
        put_i32(&mut b, tree_at, 56);
        put_i32(
            &mut b,
            tree_at + 28 + 4,
            ledge_of(0) - (tree_at + 28) as i32,
        );
        put_i32(
            &mut b,
            tree_at + 56 + 4,
            ledge_of(1) - (tree_at + 56) as i32,
        );
    }
    b
}

/// `surface` behind a `VPHY` header.
fn with_header(surface: &[u8]) -> Vec<u8> {
    let mut b = vec![0u8; 28];
    b[..4].copy_from_slice(b"VPHY");
    b[4..6].copy_from_slice(&0x100u16.to_le_bytes());
    put_i32(&mut b, 8, surface.len() as i32);
    for axis in 0..3 {
        put_f32(&mut b, 12 + 4 * axis, 1.0);
    }
    b.extend_from_slice(surface);
    b
}

/// A `.phy` file of `blobs`, with key values after them.
fn phy_file(blobs: &[Vec<u8>]) -> Vec<u8> {
    let mut b = Vec::new();
    for v in [16, 0, blobs.len() as i32, 0x1234] {
        b.extend(v.to_le_bytes());
    }
    for blob in blobs {
        b.extend((blob.len() as i32).to_le_bytes());
        b.extend(blob);
    }
    b.extend(b"solid {\n\"index\" \"0\"\n\"mass\" \"1.0\"\n}\n\0");
    b
}

/// A physcollide lump: per model its blobs and key values, then the -1 terminator.
fn lump(models: &[(i32, Vec<Vec<u8>>)]) -> Vec<u8> {
    let mut b = Vec::new();
    let key = b"solid {\n\"index\" \"0\"\n}\n\0";
    for (index, blobs) in models {
        let data: usize = blobs.iter().map(|s| 4 + s.len()).sum();
        for v in [*index, data as i32, key.len() as i32, blobs.len() as i32] {
            b.extend(v.to_le_bytes());
        }
        for blob in blobs {
            b.extend((blob.len() as i32).to_le_bytes());
            b.extend(blob);
        }
        b.extend(key);
    }
    for v in [-1i32, -1, 0, 0] {
        b.extend(v.to_le_bytes());
    }
    b
}

const LO: [f32; 3] = [-16.0 * INCH, -72.0 * INCH, -8.0 * INCH];
const HI: [f32; 3] = [16.0 * INCH, 0.0, 8.0 * INCH];

/// The Source box of [`LO`]..[`HI`]: IVP (x, y, z) is Source (x, z, -y).
fn source_box(h: &ConvexHull) -> (Vec3, Vec3) {
    h.points.iter().fold(
        (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    )
}

fn near(a: Vec3, b: Vec3) -> bool {
    (a - b).abs().max_element() < 1e-3
}

#[test]
fn a_box_reads_in_source_units_and_axes() {
    let s = surface(&[(LO, HI)]);
    for blob in [with_header(&s), s.clone()] {
        let hulls = collide_hulls(&blob).unwrap();
        assert_eq!(hulls.len(), 1);
        let h = &hulls[0];
        assert_eq!(h.points.len(), 8);
        assert_eq!(h.triangles.len(), 12);
        let (lo, hi) = source_box(h);
        // 32 wide, 16 deep, 72 tall, standing on z = 0.
        assert!(near(lo, Vec3::new(-16.0, -8.0, 0.0)), "{lo}");
        assert!(near(hi, Vec3::new(16.0, 8.0, 72.0)), "{hi}");
        // Points in first-use order: corner 0 of the box is first.
        assert!(near(h.points[0], Vec3::new(-16.0, -8.0, 72.0)));
        for t in &h.triangles {
            assert!(t.iter().all(|&i| (i as usize) < h.points.len()));
        }
    }
}

#[test]
fn each_hull_keeps_only_its_own_points() {
    let lo2 = [LO[0] + 1.0, LO[1], LO[2]];
    let hi2 = [HI[0] + 1.0, HI[1], HI[2]];
    let blob = with_header(&surface(&[(LO, HI), (lo2, hi2)]));
    let hulls = collide_hulls(&blob).unwrap();
    assert_eq!(hulls.len(), 2);
    for h in &hulls {
        assert_eq!(h.points.len(), 8);
        assert!(h.triangles.iter().flatten().all(|&i| i < 8));
    }
    // The left leaf first, as IVP lists them; the second box is a metre further along x.
    let (a, b) = (source_box(&hulls[0]), source_box(&hulls[1]));
    assert!(near(b.0 - a.0, Vec3::new(1.0 / INCH, 0.0, 0.0)));
}

#[test]
fn phy_files_and_lumps_read_every_solid() {
    let one = with_header(&surface(&[(LO, HI)]));
    let two = with_header(&surface(&[(LO, HI), (LO, HI)]));
    let hulls = phy_file_hulls(&phy_file(&[one.clone(), two.clone()])).unwrap();
    assert_eq!(hulls.len(), 3);
    let models =
        physcollide_lump_hulls(&lump(&[(0, vec![one.clone(), two]), (3, vec![one])])).unwrap();
    let counts: Vec<(i32, usize)> = models.iter().map(|(i, h)| (*i, h.len())).collect();
    assert_eq!(counts, [(0, 3), (3, 1)]);
    assert_eq!(physcollide_lump_hulls(&[]).unwrap(), []);
}

#[test]
fn mopp_solids_are_skipped_in_files_and_refused_alone() {
    let mut mopp = with_header(&surface(&[(LO, HI)]));
    mopp[6] = 1;
    let e = collide_hulls(&mopp).unwrap_err();
    assert_eq!((e.field, e.offset), ("compactsurfaceheader.modelType", 6));
    let hulls = phy_file_hulls(&phy_file(&[mopp, with_header(&surface(&[(LO, HI)]))])).unwrap();
    assert_eq!(hulls.len(), 1);
}

fn err(r: Result<impl std::fmt::Debug, PhyError>) -> (&'static str, usize) {
    let e = r.unwrap_err();
    assert!(!e.reason.is_empty());
    assert_eq!(
        e.to_string(),
        format!("{} at byte {}: {}", e.field, e.offset, e.reason)
    );
    (e.field, e.offset)
}

#[test]
fn empty_inputs_are_refused() {
    assert_eq!(err(phy_file_hulls(&[])), ("phyheader.size", 0));
    assert_eq!(err(collide_hulls(&[])), ("surface", 0));
    assert_eq!(err(collide_hulls(b"VPHY")), ("compactsurfaceheader", 0));
}

#[test]
fn a_header_claiming_more_solids_than_bytes_is_refused() {
    let mut f = phy_file(&[with_header(&surface(&[(LO, HI)]))]);
    put_i32(&mut f, 8, 1_000_000);
    assert_eq!(err(phy_file_hulls(&f)), ("phyheader.solidCount", 8));
    put_i32(&mut f, 8, 2);
    // The second "solid" is the key values text: its size runs past the end.
    let (field, _) = err(phy_file_hulls(&f));
    assert_eq!(field, "solid.size");
    put_i32(&mut f, 8, -1);
    assert_eq!(err(phy_file_hulls(&f)), ("phyheader.solidCount", 8));
    put_i32(&mut f, 8, 1);
    put_i32(&mut f, 0, 4);
    assert_eq!(err(phy_file_hulls(&f)), ("phyheader.size", 0));

    let mut l = lump(&[(0, vec![with_header(&surface(&[(LO, HI)]))])]);
    put_i32(&mut l, 12, 70_000);
    assert_eq!(
        err(physcollide_lump_hulls(&l)),
        ("dphysmodel.solidCount", 12)
    );
    put_i32(&mut l, 12, 1);
    put_i32(&mut l, 4, 1 << 30);
    assert_eq!(err(physcollide_lump_hulls(&l)), ("dphysmodel.dataSize", 4));
}

#[test]
fn a_lump_without_its_terminator_is_refused() {
    let l = lump(&[(0, vec![with_header(&surface(&[(LO, HI)]))])]);
    let cut = l.len() - 16;
    assert_eq!(
        err(physcollide_lump_hulls(&l[..cut])),
        ("dphysmodel.modelIndex", cut)
    );
    let mut l = l;
    put_i32(&mut l, 0, -7);
    assert_eq!(
        err(physcollide_lump_hulls(&l)),
        ("dphysmodel.modelIndex", 0)
    );
}

#[test]
fn a_ledge_whose_points_lie_outside_is_refused() {
    let mut blob = with_header(&surface(&[(LO, HI)]));
    // The ledge starts right after the 28-byte VPHY header and the 48-byte surface header.
    let ledge = 28 + 48;
    put_i32(&mut blob, ledge, 1 << 20);
    assert_eq!(err(collide_hulls(&blob)), ("ledge.c_point_offset", ledge));
    put_i32(&mut blob, ledge, -1000);
    assert_eq!(err(collide_hulls(&blob)), ("ledge.c_point_offset", ledge));
    // Points that start inside but run out for a large index.
    let mut blob = with_header(&surface(&[(LO, HI)]));
    put_i32(&mut blob, ledge + 16 + 4, 0x7fff);
    assert_eq!(
        err(collide_hulls(&blob)),
        ("edge.start_point_index", ledge + 20)
    );
    // The same error, offset by where the blob is in a .phy file.
    let mut blob = with_header(&surface(&[(LO, HI)]));
    put_i32(&mut blob, ledge, 1 << 20);
    assert_eq!(
        err(phy_file_hulls(&phy_file(&[blob]))),
        ("ledge.c_point_offset", 16 + 4 + ledge)
    );
}

#[test]
fn broken_surfaces_and_trees_are_refused() {
    let s = surface(&[(LO, HI), (LO, HI)]);
    let tree = s.len() - 3 * 28;
    let at = |b: &[u8]| err(collide_hulls(b));
    // A surface size past the blob, a byte_size past the surface, a root outside.
    let mut b = with_header(&s);
    put_i32(&mut b, 8, s.len() as i32 + 1);
    assert_eq!(at(&b), ("compactsurfaceheader.surfaceSize", 8));
    let mut b = s.clone();
    put_i32(&mut b, 28, ((s.len() + 16) as i32) << 8);
    assert_eq!(at(&b), ("surface.byte_size", 28));
    let mut b = s.clone();
    put_i32(&mut b, 32, s.len() as i32);
    assert_eq!(at(&b), ("surface.offset_ledgetree_root", 32));
    // A right child that points back at the root: the walk stops.
    let mut b = s.clone();
    put_i32(&mut b, tree + 28, -28);
    assert_eq!(at(&b), ("node.offset_right_node", tree + 28));
    // A leaf whose ledge is outside; a ledge with no triangles; an unknown version.
    let mut b = s.clone();
    put_i32(&mut b, tree + 28 + 4, 1 << 20);
    assert_eq!(at(&b), ("node.offset_compact_ledge", tree + 28 + 4));
    let mut b = s.clone();
    b[48 + 12..48 + 14].copy_from_slice(&0i16.to_le_bytes());
    assert_eq!(at(&b), ("ledge.n_triangles", 48 + 12));
    let mut b = with_header(&s);
    b[4] = 1;
    assert_eq!(at(&b), ("compactsurfaceheader.version", 4));
    // Two leaves on one ledge claim its triangles twice: fine while they fit...
    let mut b = s.clone();
    put_i32(&mut b, tree + 56 + 4, 48 - (tree + 56) as i32);
    assert_eq!(collide_hulls(&b).unwrap().len(), 2);
    // ...but not a point that is not finite.
    let mut b = s;
    let points = 48 + 2 * (16 + 16 * 12);
    put_f32(&mut b, points + 4, f32::NAN);
    assert_eq!(at(&b), ("point", points));
}
