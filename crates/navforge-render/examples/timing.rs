#[path = "../tests/common/mod.rs"]
mod common;
fn main() {
    let m = common::big(15_000);
    let o = navforge_render::RenderOptions::default();
    let t = std::time::Instant::now();
    let png = navforge_render::render_png(&m, &o);
    eprintln!("total {:?} {} bytes", t.elapsed(), png.len());
}
