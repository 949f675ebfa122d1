use navforge_core::{Error, Result, model::NavMesh};

/// Level geometry as one triangle list (all OBJ objects merged, polygons triangulated).
#[derive(Debug, Clone, Default)]
pub struct TriangleSoup {
    /// Corner positions, in the file's axes.
    pub vertices: Vec<[f32; 3]>,
    /// Corner indices of each triangle.
    pub triangles: Vec<[u32; 3]>,
}

/// Parse Wavefront OBJ text (positions and faces; materials are ignored).
pub fn read_obj(data: &[u8]) -> Result<TriangleSoup> {
    let mut reader = std::io::BufReader::new(data);
    let options = tobj::LoadOptions {
        triangulate: true,
        single_index: false,
        ..Default::default()
    };
    let (models, _) = tobj::load_obj_buf(&mut reader, &options, |_| Ok(Default::default()))
        .map_err(|e| Error::invalid("obj", "geometry", 0, format!("cannot parse OBJ: {e}")))?;
    let mut soup = TriangleSoup::default();
    for m in &models {
        let base = soup.vertices.len() as u32;
        soup.vertices
            .extend(m.mesh.positions.chunks_exact(3).map(|p| [p[0], p[1], p[2]]));
        for t in m.mesh.indices.chunks_exact(3) {
            soup.triangles.push([base + t[0], base + t[1], base + t[2]]);
        }
    }
    let n = soup.vertices.len() as u32;
    if let Some(i) = soup
        .triangles
        .iter()
        .position(|t| t.iter().any(|&v| v >= n))
    {
        return Err(Error::invalid(
            "obj",
            format!("face {i}"),
            0,
            "face refers to a vertex that does not exist",
        ));
    }
    Ok(soup)
}

impl TriangleSoup {
    /// Vertex and triangle counts and bounds, for `navforge info`.
    pub fn summary(&self) -> navforge_core::Summary {
        let counts = navforge_core::Counts {
            extra: [
                ("vertices", self.vertices.len()),
                ("triangles", self.triangles.len()),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v as u64))
            .collect(),
            ..Default::default()
        };
        navforge_core::Summary {
            counts,
            bounds: navforge_core::Bounds::of_points(self.vertices.iter().copied()),
            ..navforge_core::Summary::new(navforge_core::Format::Obj, 0)
        }
    }

    /// Each triangle as an area, for exports and pictures of raw geometry.
    pub fn to_model(&self) -> NavMesh {
        let areas = navforge_core::triangulate::triangle_areas(&self.vertices, &self.triangles);
        NavMesh {
            format: Some(navforge_core::Format::Obj),
            areas,
            ..Default::default()
        }
    }
}
