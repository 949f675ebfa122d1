//! For tests of the exports (feature `test-support`): an OBJ export re-read by an independent
//! reader, tobj, polygons kept as they are.

/// What tobj finds in an OBJ export.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjReread {
    /// Each object's name, in file order (one per area group, then `waypoints` when there are
    /// waypoints that links use).
    pub names: Vec<String>,
    /// Objects other than `waypoints`: those that hold the areas' polygons.
    pub polygon_objects: usize,
    /// Faces in those objects.
    pub faces: usize,
    /// Face corners in those objects.
    pub corners: usize,
    /// The position of each of those corners, in file order.
    pub positions: Vec<[f32; 3]>,
}

/// Re-read OBJ `text` with tobj (no triangulation).
///
/// # Panics
/// When tobj cannot read it: the test that called it fails.
pub fn reread_obj(text: &str) -> ObjReread {
    let opts = tobj::LoadOptions {
        triangulate: false,
        ..Default::default()
    };
    let (models, _) = tobj::load_obj_buf(&mut text.as_bytes(), &opts, |_| Ok(Default::default()))
        .expect("tobj reads the OBJ export");
    let polygons: Vec<_> = models.iter().filter(|m| m.name != "waypoints").collect();
    let faces = polygons
        .iter()
        .map(|m| {
            if m.mesh.face_arities.is_empty() {
                m.mesh.indices.len() / 3
            } else {
                m.mesh.face_arities.len()
            }
        })
        .sum();
    ObjReread {
        names: models.iter().map(|m| m.name.clone()).collect(),
        polygon_objects: polygons.len(),
        faces,
        corners: polygons.iter().map(|m| m.mesh.indices.len()).sum(),
        positions: polygons
            .iter()
            .flat_map(|m| {
                let p = &m.mesh.positions;
                m.mesh.indices.iter().map(move |&i| {
                    let i = i as usize * 3;
                    [p[i], p[i + 1], p[i + 2]]
                })
            })
            .collect(),
    }
}
