//! Run a scenario file: `cargo run --example scen -- MAP_OR_MESH SCEN [grid|any-angle|corridor]`.
use navforge_path::{Algo, Navigator, parse_scenarios, run_scenarios};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: scen MAP_OR_MESH SCEN [grid|any-angle|corridor]");
        std::process::exit(2);
    }
    let nav = Navigator::parse_benchmark(&std::fs::read_to_string(&args[1])?)?;
    let scen = parse_scenarios(&std::fs::read_to_string(&args[2])?)?;
    let algo = args
        .get(3)
        .and_then(|a| Algo::from_name(a))
        .unwrap_or_default();
    let (_, totals) = run_scenarios(&nav, &scen, algo)?;
    println!("{}", serde_json::to_string(&totals)?);
    Ok(())
}
