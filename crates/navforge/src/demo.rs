//! The sample level that `navforge demo` builds in code, with no input file.

use crate::{BuildOptions, ConvertError};
use navforge_core::{Format, NavDocument, model::NavMesh};

/// The sample level: see [`navforge_core::sample::courtyard`].
pub fn sample_mesh() -> NavMesh {
    navforge_core::sample::courtyard()
}

/// The sample level as a Source v16 document (sub-version 0, the base game layout).
pub fn sample_document() -> Result<crate::Document, ConvertError> {
    use navforge_core::BuildFromModel;
    let built = navforge_source::SourceNavDocument::from_model(
        &sample_mesh(),
        &navforge_source::SourceBuildOptions::default(),
    )?;
    Ok(crate::Document::Source(built.document))
}

/// One file the demo writes.
pub struct DemoFile {
    /// Its file name.
    pub name: &'static str,
    /// Its content.
    pub bytes: Vec<u8>,
    /// A navigation format navforge reads back (pictures and 3D exports are not).
    pub readable: bool,
}

/// The sample level in every format that can hold it, plus its 3D exports and pictures.
pub fn sample_files() -> Result<Vec<DemoFile>, ConvertError> {
    let mesh = sample_mesh();
    let source = sample_document()?;
    let build = |format: Format| -> Result<Vec<u8>, ConvertError> {
        Ok(crate::build(format, &mesh, &BuildOptions::default())?.bytes)
    };
    let quake = navforge_quake::QuakeNavDocument::read(&build(Format::QuakeNav)?)?;
    let picture = navforge_render::RenderOptions {
        title: Some("navforge demo".into()),
        width: 1200,
        ..Default::default()
    };
    let file = |name, bytes, readable| DemoFile {
        name,
        bytes,
        readable,
    };
    Ok(vec![
        file("demo.nav", source.write()?, true),
        file("demo.json", source.to_json(), true),
        file("demo_selected.txt", build(Format::SourceSelected)?, true),
        file("demo-quake.nav", build(Format::QuakeNav)?, true),
        file(
            "demo.navjson",
            navforge_quake::to_navjson(&quake)?.into_bytes(),
            true,
        ),
        file("demo.nav2", build(Format::MgsvNav2)?, true),
        file("demo.esp", build(Format::TesPlugin)?, true),
        file(
            "demo.obj",
            navforge_export::to_obj(&mesh, &Default::default()).into_bytes(),
            false,
        ),
        file("demo.glb", navforge_export::to_glb(&mesh), false),
        file(
            "demo.svg",
            navforge_render::render_svg(&mesh, &picture).into_bytes(),
            false,
        ),
        file(
            "demo.png",
            navforge_render::render_png(&mesh, &picture),
            false,
        ),
    ])
}

/// The level `navforge demo` builds in code: a walled courtyard with a gallery upstairs, stairs
/// up to it, a ladder against its front, the gallery's edge as a ledge to drop from, a few
/// crates for cover, and a spawn point. Coordinates in game units, Z up.
pub struct DemoLevel {
    /// Named parts (one OBJ object each) and their triangles.
    pub parts: Vec<(&'static str, Vec<[[f32; 3]; 3]>)>,
    /// The player spawn point (feet on the courtyard floor). OBJ files carry no entities, so
    /// generation starts from it as a walkable mark.
    pub spawn: [f32; 3],
    /// The far corner of the gallery: where the demo's path goes.
    pub goal: [f32; 3],
    /// The ladder board's top and bottom (middle of its face) and width, for `ladder create`:
    /// an OBJ has no `func_ladder`, so the nav's ladder is added by the editor.
    pub ladder: ([f32; 3], [f32; 3], f32),
}

/// Height of the gallery's floor above the courtyard's.
pub const GALLERY_HEIGHT: f32 = 128.0;

/// The demo level (see [`DemoLevel`]).
pub fn demo_level() -> DemoLevel {
    const SIDE: f32 = 1024.0;
    const WALL: f32 = 16.0;
    const STEPS: usize = 8;
    let h = GALLERY_HEIGHT;
    let gallery_y = 768.0;
    let stairs = (0..STEPS)
        .flat_map(|k| {
            let (rise, run) = (h / STEPS as f32, (gallery_y - 512.0) / STEPS as f32);
            cuboid(
                [64.0, 512.0 + run * k as f32, 0.0],
                [192.0, 512.0 + run * (k + 1) as f32, rise * (k + 1) as f32],
            )
        })
        .collect();
    let walls = [
        ([-WALL, -WALL, 0.0], [0.0, SIDE + WALL, 256.0]),
        ([SIDE, -WALL, 0.0], [SIDE + WALL, SIDE + WALL, 256.0]),
        ([0.0, -WALL, 0.0], [SIDE, 0.0, 256.0]),
        ([0.0, SIDE, 0.0], [SIDE, SIDE + WALL, 256.0]),
    ]
    .into_iter()
    .flat_map(|(a, b)| cuboid(a, b))
    .collect();
    let crates = [
        ([400.0, 300.0, 0.0], [464.0, 364.0, 48.0]),
        ([560.0, 380.0, 0.0], [624.0, 444.0, 48.0]),
        ([700.0, 180.0, 0.0], [764.0, 244.0, 160.0]),
    ]
    .into_iter()
    .flat_map(|(a, b)| cuboid(a, b))
    .collect();
    let (ladder_x, ladder_w) = (904.0, 48.0);
    DemoLevel {
        parts: vec![
            (
                "courtyard",
                cuboid([-WALL, -WALL, -WALL], [SIDE + WALL, SIDE + WALL, 0.0]),
            ),
            ("walls", walls),
            (
                "gallery",
                cuboid([0.0, gallery_y, h - 16.0], [SIDE, SIDE, h]),
            ),
            ("stairs", stairs),
            (
                "ladder",
                cuboid(
                    [ladder_x - ladder_w / 2.0, gallery_y - 8.0, 0.0],
                    [ladder_x + ladder_w / 2.0, gallery_y, h],
                ),
            ),
            ("crates", crates),
        ],
        spawn: [96.0, 96.0, 0.0],
        goal: [968.0, 984.0, h],
        ladder: (
            [ladder_x, gallery_y - 8.0, h],
            [ladder_x, gallery_y - 8.0, 0.0],
            ladder_w,
        ),
    }
}

impl DemoLevel {
    /// Every triangle, Z up.
    pub fn triangles(&self) -> usize {
        self.parts.iter().map(|(_, t)| t.len()).sum()
    }

    /// The level as Wavefront OBJ, Y up as viewers (and [`navforge_level::LoadOptions`]'s
    /// default) expect: one object per part.
    pub fn to_obj(&self) -> String {
        let mut out = format!(
            "# navforge demo level: {} triangles, Y up (Z-up (x, y, z) written (x, z, -y))\n",
            self.triangles()
        );
        let mut next = 1;
        for (name, tris) in &self.parts {
            out.push_str(&format!("o {name}\n"));
            for t in tris {
                for p in t {
                    out.push_str(&format!("v {} {} {}\n", p[0], p[2], -p[1]));
                }
            }
            for _ in tris {
                out.push_str(&format!("f {} {} {}\n", next, next + 1, next + 2));
                next += 3;
            }
        }
        out
    }
}

/// A closed box from `min` to `max`: twelve triangles wound outward.
fn cuboid(min: [f32; 3], max: [f32; 3]) -> Vec<[[f32; 3]; 3]> {
    let c = |i: usize| {
        [
            if i & 1 == 0 { min[0] } else { max[0] },
            if i & 2 == 0 { min[1] } else { max[1] },
            if i & 4 == 0 { min[2] } else { max[2] },
        ]
    };
    // Each face as four corners counter-clockwise seen from outside.
    let faces = [
        [0, 2, 3, 1], // bottom (-z)
        [4, 5, 7, 6], // top (+z)
        [0, 1, 5, 4], // -y
        [2, 6, 7, 3], // +y
        [0, 4, 6, 2], // -x
        [1, 3, 7, 5], // +x
    ];
    faces
        .iter()
        .flat_map(|f| [[c(f[0]), c(f[1]), c(f[2])], [c(f[0]), c(f[2]), c(f[3])]])
        .collect()
}
