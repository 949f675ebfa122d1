//! PNG text is drawn with a real (anti-aliased) font, legible at 1600 px: the title's ink has
//! intermediate shades and spans about the width the font measures.

mod common;

use navforge_core::model::NavMesh;
use navforge_render::{RenderOptions, render_png};

#[test]
fn the_title_is_antialiased_text_of_the_measured_width() {
    let mut mesh = NavMesh::default();
    common::grid(&mut mesh, 1, 3, 3, 100.0, [0.0, 0.0, 0.0]);
    let opts = RenderOptions {
        title: Some("de_dust2 WWWW iiii".into()),
        ..RenderOptions::default()
    };
    let png = render_png(&mesh, &opts);
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.width, 1600);
    // The title sits in the top band (margin 24, text box 24 px high at 1600 px).
    let (w, rows) = (info.width as usize, 10..60usize);
    let background = [buf[0], buf[1], buf[2]];
    let mut shades = std::collections::BTreeSet::new();
    let (mut left, mut right) = (usize::MAX, 0);
    for y in rows {
        for x in 0..w / 2 {
            let i = (y * w + x) * 3;
            let px = [buf[i], buf[i + 1], buf[i + 2]];
            if px != background {
                shades.insert(px[0]);
                left = left.min(x);
                right = right.max(x);
            }
        }
    }
    assert!(
        shades.len() > 8,
        "anti-aliased glyph edges give many shades, got {}",
        shades.len()
    );
    // DejaVu Sans Mono at 31.5 px (title scale 3): 18 characters of 0.602 em.
    let measured = (right - left) as f32;
    let expected = 18.0 * 0.602 * 31.5;
    assert!(
        (measured - expected).abs() < 0.08 * expected,
        "ink {measured} px wide, font says about {expected}"
    );
}
