//! One Source path query, printed as JSON:
//! `cargo run --release -p navforge-path --example source_path -- FILE.nav X,Y,Z X,Y,Z`.
use navforge_core::NavDocument;
use navforge_path::{Navigator, PathQuery};

fn point(s: &str) -> Option<[f64; 3]> {
    let v: Vec<f64> = s
        .split(',')
        .map(|x| x.trim().parse().ok())
        .collect::<Option<_>>()?;
    v.try_into().ok()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(file), Some(from), Some(to)) = (
        args.get(1),
        args.get(2).and_then(|s| point(s)),
        args.get(3).and_then(|s| point(s)),
    ) else {
        eprintln!("usage: source_path FILE.nav X,Y,Z X,Y,Z");
        std::process::exit(2);
    };
    let mesh = navforge_source::SourceNavDocument::read(&std::fs::read(file)?)?.to_model();
    let nav = Navigator::from_model(&mesh)?;
    let r = nav.find(&PathQuery::new(from, to))?;
    println!("{}", serde_json::to_string(&r)?);
    Ok(())
}
