//! `generate` then `analyze` on arbitrary bytes read as a map: loading, seeding, sampling,
//! merging, writing and every analysis stage end with a mesh or an error, never a panic, and
//! what is generated reads back from its own bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_level::Level;

fuzz_target!(|data: &[u8]| {
    let Ok(level) = Level::load(data, &navforge_generate::load_options()) else {
        return;
    };
    let opts = navforge_generate::GenerateOptions::for_game(navforge_source::SourceGame::Css);
    let Ok(mut out) = navforge_generate::generate(&level, &opts) else {
        return;
    };
    let back = navforge_source::SourceNavDocument::read(&out.bytes)
        .expect("a generated mesh reads back from its own bytes");
    assert_eq!(
        back.write().expect("writes"),
        out.bytes,
        "and writes the same bytes"
    );
    let _ = navforge_analyze::analyze(&mut out.document, &level, &Default::default());
});
