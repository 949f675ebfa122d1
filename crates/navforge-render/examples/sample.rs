//! Writes sample pictures: `cargo run -p navforge-render --example sample -- OUT_DIR`.

#[path = "../tests/common/mod.rs"]
mod common;

use navforge_render::{ColorBy, FloorSelect, RenderOptions, render_png, render_svg};

fn main() -> std::io::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let out = std::path::Path::new(&out);
    let level = common::sample_level();
    let base = RenderOptions {
        title: Some("sample_level".into()),
        ..RenderOptions::default()
    };
    let cases: Vec<(&str, navforge_core::model::NavMesh, RenderOptions)> = vec![
        ("level", level.clone(), base.clone()),
        (
            "level-attr",
            level.clone(),
            RenderOptions {
                color_by: ColorBy::Attributes,
                ..base.clone()
            },
        ),
        (
            "level-floor1",
            level.clone(),
            RenderOptions {
                floor: Some(FloorSelect::Index(1)),
                ..base.clone()
            },
        ),
        (
            "waypoints",
            common::waypoints(),
            RenderOptions {
                title: Some("dm_sample".into()),
                ..RenderOptions::default()
            },
        ),
        ("big", common::big(15_000), base.clone()),
    ];
    for (name, mesh, opts) in cases {
        std::fs::write(out.join(format!("{name}.png")), render_png(&mesh, &opts))?;
        std::fs::write(out.join(format!("{name}.svg")), render_svg(&mesh, &opts))?;
    }
    Ok(())
}
