//! `navforge path`: one query between two points, or a whole scenario file.

use crate::{Failure, read_file, write_file};
use navforge_path::{Algo, Navigator, PathError, PathQuery};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// A navigation file of any format, a Moving AI `.map` or a Polyanya `.mesh`
    file: PathBuf,
    /// Start point X,Y,Z
    #[arg(
        long,
        value_name = "X,Y,Z",
        allow_hyphen_values = true,
        conflicts_with = "scen"
    )]
    from: Option<String>,
    /// Goal point X,Y,Z
    #[arg(
        long,
        value_name = "X,Y,Z",
        allow_hyphen_values = true,
        requires = "from"
    )]
    to: Option<String>,
    /// A Moving AI or Polyanya scenario file: every query, with the stored optimum beside ours
    #[arg(long)]
    scen: Option<PathBuf>,
    /// The search; auto is grid on grid maps, any-angle on meshes, area A* on Source, graph A*
    /// on graphs
    #[arg(long, value_enum, default_value = "auto")]
    algo: Algo,
    /// Extra cost per unit in AVOID areas (Source)
    #[arg(long, default_value_t = 0.0)]
    avoid: f64,
    /// Areas that may not be entered, comma-separated IDs (Source)
    #[arg(long, value_delimiter = ',')]
    block: Vec<u64>,
    /// The longest path to explore (Source)
    #[arg(long)]
    max_length: Option<f64>,
    /// JSON output (one object per query for --scen)
    #[arg(long)]
    json: bool,
    /// Also draw the path over the mesh: a .png or .svg
    #[arg(long)]
    render: Option<PathBuf>,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let algo = a.algo;
    let data = read_file(&a.file)?;
    let ext = a
        .file
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let mut model = None;
    let nav = match ext.as_deref() {
        Some("map" | "mesh") => {
            let text = String::from_utf8_lossy(&data);
            Navigator::parse_benchmark(&text).map_err(|e| fail(&a.file, e))?
        }
        _ => {
            let input =
                navforge::Input::read(&a.file, &data).map_err(|e| Failure::file(&a.file, e))?;
            // Every format's model carries what a path needs (Quake links' traversal points too).
            let mesh = input.to_model();
            let nav = Navigator::from_model(&mesh).map_err(|e| fail(&a.file, e))?;
            model = Some(mesh);
            nav
        }
    };
    if let Some(scen) = &a.scen {
        return scenarios(&nav, &a.file, scen, algo, a.json);
    }
    let (Some(from), Some(to)) = (&a.from, &a.to) else {
        return Err(Failure::Usage(
            "path needs --from X,Y,Z --to X,Y,Z, or --scen FILE".into(),
        ));
    };
    let mut query = PathQuery::new(point(from)?, point(to)?);
    query.algo = algo;
    query.cost.avoid_penalty = a.avoid;
    query.cost.blocked = a.block.clone();
    query.cost.max_length = a.max_length;
    let result = nav.find(&query).map_err(|e| fail(&a.file, e))?;
    if a.json {
        println!("{}", serde_json::to_string(&result).unwrap_or_default());
    } else {
        println!(
            "{}: {} search, {} steps{}",
            a.file.display(),
            result.algo,
            result.corridor.len(),
            if result.reached_goal {
                ""
            } else {
                " (goal not reachable: the path ends at the closest area reached)"
            }
        );
        for w in &result.waypoints {
            println!("  {:.1} {:.1} {:.1}", w[0], w[1], w[2]);
        }
        if !result.links.is_empty() {
            println!("links: {}", result.links.join(", "));
        }
        println!("length {:.1}, cost {:.1}", result.length, result.cost);
    }
    if let (Some(picture), Some(mesh)) = (&a.render, &model) {
        let line = polyline(&result);
        let title = a.file.file_stem().map(|s| s.to_string_lossy().into_owned());
        draw(picture, mesh, &line, title, None)?;
    }
    Ok(())
}

/// A path's waypoints as a line to draw.
pub fn polyline(result: &navforge_path::PathResult) -> Vec<[f32; 3]> {
    result
        .waypoints
        .iter()
        .map(|w| [w[0] as f32, w[1] as f32, w[2] as f32])
        .collect()
}

fn scenarios(
    nav: &Navigator,
    file: &Path,
    scen: &Path,
    algo: Algo,
    json: bool,
) -> Result<(), Failure> {
    let text = String::from_utf8_lossy(&read_file(scen)?).into_owned();
    let list = navforge_path::parse_scenarios(&text).map_err(|e| fail(scen, e))?;
    // A run that cannot start is about the map (its kind, its size), not the queries.
    let (results, totals) =
        navforge_path::run_scenarios(nav, &list, algo).map_err(|e| fail(file, e))?;
    for r in &results {
        if json {
            println!("{}", serde_json::to_string(r).unwrap_or_default());
        } else if let Some(e) = &r.error {
            println!("line {}: error: {e}", r.line);
        } else {
            let found = r.length.map_or("none".to_string(), |l| format!("{l:.4}"));
            println!(
                "line {}: length {found}, optimal {:.4}, {:.0} µs{}",
                r.line,
                r.optimal,
                r.micros,
                if r.agrees { "" } else { "  (differs)" }
            );
        }
    }
    if json {
        println!("{}", serde_json::to_string(&totals).unwrap_or_default());
    } else {
        println!(
            "{} queries, {} solved, {} agree with the stored optimum, {} failed, mean {:.0} µs",
            totals.queries, totals.solved, totals.agreeing, totals.failed, totals.mean_micros
        );
    }
    // Every query ran; the exit code says whether some could not be answered.
    match results.iter().find(|r| r.error.is_some()) {
        Some(first) => Err(Failure::file(
            scen,
            format!(
                "{} of {} queries could not be answered (the first at line {}: {})",
                totals.failed,
                totals.queries,
                first.line,
                first.error.as_deref().unwrap_or_default()
            ),
        )),
        None => Ok(()),
    }
}

/// Draw `line` over `mesh` (and `level`'s triangles faintly under it, when given) into
/// `picture`, a `.png` or an `.svg`.
pub fn draw(
    picture: &Path,
    mesh: &navforge::model::NavMesh,
    line: &[[f32; 3]],
    title: Option<String>,
    level: Option<&navforge_level::Level>,
) -> Result<(), Failure> {
    let triangles = level.map(navforge_level::Level::world_triangles);
    let opts = navforge_render::RenderOptions {
        title,
        path: Some(line),
        backdrop: triangles
            .as_ref()
            .map(|(vertices, triangles)| navforge_render::Backdrop {
                vertices,
                triangles,
            }),
        ..navforge_render::RenderOptions::default()
    };
    let png = picture
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = if png {
        navforge_render::render_png(mesh, &opts)
    } else {
        navforge_render::render_svg(mesh, &opts).into_bytes()
    };
    write_file(picture, &bytes)
}

pub fn fail(path: &Path, e: PathError) -> Failure {
    match e {
        PathError::Unsupported { .. } => Failure::Usage(format!("{}: {e}", path.display())),
        other => Failure::file(path, other),
    }
}

fn point(text: &str) -> Result<[f64; 3], Failure> {
    navforge_core::xyz::parse(text).map_err(|e| Failure::Usage(e.to_string()))
}
