//! `navforge demo`: a level built in code run through the system (generate, edit, analyze,
//! path, render) with the calls the commands use, then a sample mesh written in every format
//! and read back.

use crate::{Failure, info, write_file};
use navforge::Input;
use std::path::Path;
use std::time::Instant;

/// The game the demo's mesh is generated for.
const GAME: navforge::Game = navforge::Game::Css;

/// Run the demo into `out`.
pub fn run(out: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(out).map_err(|e| Failure::file(out, format!("cannot create: {e}")))?;
    println!(
        "navforge demo: a level built in code, run through the system, in {}/",
        out.display()
    );
    system(out)?;
    println!();
    formats(out)?;
    println!();
    println!("Open the generated mesh over its level in the browser (edit it there, with undo):");
    println!(
        "  navforge serve {} --level {} --open",
        out.join("generated.nav").display(),
        out.join("level.obj").display()
    );
    Ok(())
}

/// One step's line: its name, what it did, and how long it took.
fn step(name: &str, started: Instant, what: impl std::fmt::Display) {
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    println!("  {name:<9} {what} ({ms:.0} ms)");
}

/// `x,y,z` as the command line takes it.
fn point(p: [f32; 3]) -> String {
    format!("{},{},{}", p[0], p[1], p[2])
}

/// The level, its generated and analysed mesh, a path across it and its picture.
fn system(out: &Path) -> Result<(), Failure> {
    // The level: triangles built in code, written as OBJ, loaded as `generate` loads a map.
    let t = Instant::now();
    let demo = navforge::demo::demo_level();
    let obj_path = out.join("level.obj");
    let obj = demo.to_obj();
    write_file(&obj_path, obj.as_bytes())?;
    let level =
        navforge_level::Level::load(obj.as_bytes(), &navforge_level::LoadOptions::default())
            .map_err(|e| Failure::file(&obj_path, e))?;
    write_file(&out.join("level.glb"), &level.world_glb())?;
    step(
        "level",
        t,
        format!(
            "{} and level.glb: a walled courtyard, a gallery {} units up (stairs, a ladder, \
             a ledge to drop from), crates, a spawn point at {}; {} triangles",
            obj_path.display(),
            navforge::demo::GALLERY_HEIGHT,
            point(demo.spawn),
            level.counts().triangles
        ),
    );

    // Generate: `navforge generate level.obj --game css --mark <spawn>` (an OBJ has no spawn
    // entity: the spawn point is the walkable mark the fill starts from).
    let t = Instant::now();
    let opts = crate::generate::options(GAME, 1.0, &[demo.spawn], false)?;
    let generated =
        navforge_generate::generate(&level, &opts).map_err(|e| Failure::file(&obj_path, e))?;
    let s = &generated.stats;
    step(
        "generate",
        t,
        format!(
            "{} areas, {} connections, {} stairs areas from {} walkable samples, for {}",
            s.areas,
            s.connections,
            s.stairs,
            s.samples,
            GAME.title()
        ),
    );

    // Edit: the ladder, as `navforge edit` (or the browser) adds it: OBJ levels have no
    // `func_ladder` for the generator to find.
    let t = Instant::now();
    let (top, bottom, width) = demo.ladder;
    let line = format!("ladder create {} {} {width}", point(top), point(bottom));
    let mut editor = navforge_edit::Editor::new(generated.document);
    let outcome = editor
        .run_line(&line)
        .map_err(|e| Failure::BadInput(format!("demo edit `{line}`: {e}")))?;
    let mut document = editor.into_document();
    let message = outcome.map(|o| o.message).unwrap_or_default();
    step("edit", t, format!("{line}: {message}"));

    // Analyze: `navforge analyze generated.nav --level level.obj`, into the same document.
    let t = Instant::now();
    let report = crate::analyze::analyse(
        &mut document,
        &level,
        &obj_path,
        &navforge_analyze::Stage::ALL,
        None,
        Some(GAME),
    )
    .map_err(|e| Failure::BadInput(format!("demo analyze: {e}")))?;
    let nav_path = out.join("generated.nav");
    let bytes =
        navforge_core::NavDocument::write(&document).map_err(|e| Failure::file(&nav_path, e))?;
    write_file(&nav_path, &bytes)?;
    step(
        "analyze",
        t,
        format!("{}: {}", nav_path.display(), report.summary()),
    );

    // Path: `navforge path generated.nav --from <spawn> --to <far corner>`, on the file read
    // back, and drawn over the level.
    let t = Instant::now();
    let input = Input::read(&nav_path, &bytes).map_err(|e| Failure::file(&nav_path, e))?;
    let mesh = input.to_model();
    let nav =
        navforge_path::Navigator::from_model(&mesh).map_err(|e| crate::path::fail(&nav_path, e))?;
    let query = navforge_path::PathQuery::new(demo.spawn.map(f64::from), demo.goal.map(f64::from));
    let result = nav
        .find(&query)
        .map_err(|e| crate::path::fail(&nav_path, e))?;
    if !result.reached_goal {
        return Err(Failure::BadInput(format!(
            "{}: the demo's path did not reach the far corner",
            nav_path.display()
        )));
    }
    // Up the ladder when the corridor steps from its bottom area straight to a top one.
    let climbs = mesh.ladders.iter().any(|l| {
        result
            .corridor
            .windows(2)
            .any(|w| w[0] == l.bottom_area && l.top_areas.contains(&w[1]))
    });
    let mut via: Vec<String> = result.links.clone();
    if climbs {
        via.push("up the ladder".into());
    }
    let via = if via.is_empty() {
        String::new()
    } else {
        format!(", {}", via.join(", "))
    };
    step(
        "path",
        t,
        format!(
            "spawn {} to the far corner {}: {} areas{via}, length {:.0}, cost {:.0}",
            point(demo.spawn),
            point(demo.goal),
            result.corridor.len(),
            result.length,
            result.cost
        ),
    );

    let t = Instant::now();
    let picture = out.join("path.png");
    crate::path::draw(
        &picture,
        &mesh,
        &crate::path::polyline(&result),
        Some("navforge demo: spawn to the far corner".into()),
        Some(&level),
    )?;
    step(
        "render",
        t,
        format!(
            "{}: the mesh over the level, with the path",
            picture.display()
        ),
    );

    let t = Instant::now();
    let report = navforge_check::check(&mesh, &[]);
    step(
        "check",
        t,
        format!(
            "the generated mesh: {} errors, {} warnings",
            report.errors(),
            report.warnings()
        ),
    );
    Ok(())
}

/// The sample mesh in every format that can hold it, each read back, checked and drawn.
fn formats(out: &Path) -> Result<(), Failure> {
    let t = Instant::now();
    let files =
        navforge::demo::sample_files().map_err(|e| Failure::BadInput(format!("demo: {e}")))?;
    for f in &files {
        write_file(&out.join(f.name), &f.bytes)?;
    }
    println!(
        "A sample mesh (12 areas built in code) in every format, written to {}/ and read back:",
        out.display()
    );
    for f in files.iter().filter(|f| f.readable) {
        let path = out.join(f.name);
        let doc = match Input::read(&path, &f.bytes).map_err(|e| Failure::file(&path, e))? {
            Input::Document(doc) => doc,
            Input::Geometry(_) | Input::Level(_) => {
                return Err(Failure::BadInput(format!(
                    "{}: read as geometry",
                    path.display()
                )));
            }
        };
        // Native files must write back to exactly what was written; text forms must re-read.
        if f.name != "demo.navjson"
            && f.name != "demo.json"
            && doc.write().ok().as_ref() != Some(&f.bytes)
        {
            return Err(Failure::BadInput(format!(
                "{}: did not write back to the same bytes",
                path.display()
            )));
        }
        // The heading and the counts; `navforge info` on the file shows the rest.
        for line in info::human(&path, &doc.summary()).lines().take(2) {
            println!("{line}");
        }
    }
    let mesh = navforge::demo::sample_mesh();
    let report = navforge_check::check(&mesh, &[]);
    println!(
        "check: {} errors, {} warnings",
        report.errors(),
        report.warnings()
    );
    for f in &report.findings {
        println!("  {}: {}", f.code, f.message);
    }
    let others: Vec<&str> = files
        .iter()
        .filter(|f| !f.readable)
        .map(|f| f.name)
        .collect();
    println!(
        "also written: {} (open demo.png to see the sample mesh)",
        others.join(", ")
    );
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    println!("formats: {} files in {ms:.0} ms", files.len());
    Ok(())
}
