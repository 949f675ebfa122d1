//! `check` on adversarial meshes of stacked areas (`cargo bench -p navforge-check`): the time must
//! grow about linearly from 8,000 to 80,000 areas.

fn main() {
    divan::main();
}

#[divan::bench(args = [8_000, 80_000], sample_count = 5)]
fn stacked_areas(bencher: divan::Bencher, n: u64) {
    let mesh = navforge_core::testing::stacked_areas(n);
    bencher.bench(|| navforge_check::check(divan::black_box(&mesh), &[]));
}
