//! Print a level's summary: `cargo run -p navforge-level --example info -- map.bsp`.
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        match navforge_level::Level::load(&bytes, &navforge_level::LoadOptions::default()) {
            Ok(level) => print!("{path}\n{}", level.summary()),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
}
