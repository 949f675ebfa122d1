//! `navforge check` over the whole corpus folder, end to end through the built binary (reading,
//! detecting, linting every navigation file, and the summary), on 1 and 2 threads (`--jobs`).
//! The `items` counter is files per second. Skipped with a message when the corpus is absent.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;

fn main() {
    divan::main();
}

/// The corpus folder and how many files `check` picks out of it (its navigation endings).
fn corpus() -> Option<&'static (PathBuf, usize)> {
    static C: OnceLock<Option<(PathBuf, usize)>> = OnceLock::new();
    C.get_or_init(|| {
        let dir = navforge_core::testing::corpus_dir("")?;
        let endings = ["nav", "nav2", "esp", "esm", "esl", "navjson"];
        let files = walkdir::WalkDir::new(&dir)
            .follow_links(false)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .filter(|e| {
                e.path()
                    .extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| endings.iter().any(|k| k.eq_ignore_ascii_case(x)))
            })
            .count();
        Some((dir, files))
    })
    .as_ref()
}

fn check_folder(b: Bencher, jobs: &str) {
    let Some((dir, files)) = corpus() else {
        eprintln!("corpus absent: folder benchmark skipped");
        return;
    };
    b.counter(ItemsCount::new(*files)).bench(|| {
        let status = Command::new(env!("CARGO_BIN_EXE_navforge"))
            .args(["check", "--jobs", jobs])
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("navforge runs");
        // Two MGSV files have real defects (README): exit 1 is the expected answer.
        assert!(status.code().is_some_and(|c| c <= 1), "{status}");
    });
}

#[divan::bench(sample_count = 10)]
fn check_corpus_1_thread(b: Bencher) {
    check_folder(b, "1");
}

#[divan::bench(sample_count = 10)]
fn check_corpus_2_threads(b: Bencher) {
    check_folder(b, "2");
}
