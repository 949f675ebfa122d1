//! Read and write one file many times, for profilers:
//! `cargo run --release --example prof FILE [N] [read|write|both]`.

use navforge_core::NavDocument;
use navforge_source::SourceNavDocument;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_default();
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let mode = args.next().unwrap_or_else(|| "both".into());
    let (do_read, do_write) = (mode != "write", mode != "read");
    let Ok(data) = std::fs::read(&path) else {
        eprintln!("usage: prof FILE [N]");
        std::process::exit(2);
    };
    let t = std::time::Instant::now();
    let mut areas = 0;
    for _ in 0..if do_read { n } else { 0 } {
        match SourceNavDocument::read(std::hint::black_box(&data)) {
            Ok(d) => areas += d.areas.len(),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }
    let dt = t.elapsed().as_secs_f64();
    eprintln!(
        "read: {:.2} GB/s ({areas} areas)",
        (data.len() * n) as f64 / dt / 1e9
    );
    let doc = SourceNavDocument::read(&data).unwrap_or_else(|e| panic!("{e}"));
    let t = std::time::Instant::now();
    let mut bytes = 0;
    for _ in 0..if do_write { n } else { 0 } {
        bytes += std::hint::black_box(&doc)
            .write()
            .map(|b| b.len())
            .unwrap_or(0);
    }
    let dt = t.elapsed().as_secs_f64();
    eprintln!("write: {:.2} GB/s", bytes as f64 / dt / 1e9);
}
