//! Test support shared by every crate: where the third-party corpus lives, deterministic
//! mutants of a file for robustness tests, the fixed-seed configuration of property tests,
//! adversarial meshes, and running hostile cases under a memory bound.

use std::path::PathBuf;

/// The folder `../shared/corpus/<sub>` beside the project (or `$NAVFORGE_CORPUS/<sub>`).
///
/// When it is missing, the test prints why and gets `None` so it can skip; with
/// `NAVFORGE_CORPUS_REQUIRED=1` set (as in CI) a missing corpus panics instead, failing the test.
pub fn corpus_dir(sub: &str) -> Option<PathBuf> {
    let root = match std::env::var_os("NAVFORGE_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    let dir = root.join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    let required = std::env::var("NAVFORGE_CORPUS_REQUIRED").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "corpus folder {} is missing and NAVFORGE_CORPUS_REQUIRED=1",
        dir.display()
    );
    // Written past the test harness's output capture, so the reason shows in a plain `cargo test`.
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "skipped: corpus folder {} is missing (set NAVFORGE_CORPUS or check out shared/)",
        dir.display()
    );
    None
}

/// The Selected Nav Areas example of Valve's nav editing page (`../shared/seeds/
/// source-navmesh-editing.txt`), from `"Selected Nav Areas"` to the closing brace and its LF, as
/// the game writes it. `None` (with the reason printed) when the seeds are missing; with
/// `NAVFORGE_CORPUS_REQUIRED=1` a missing seed panics.
pub fn selected_areas_example() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/seeds/source-navmesh-editing.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        let required = std::env::var("NAVFORGE_CORPUS_REQUIRED").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "{} is missing and NAVFORGE_CORPUS_REQUIRED=1",
            path.display()
        );
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped: {} is missing", path.display());
        return None;
    };
    let start = text.find("Example:\n\n")? + "Example:\n\n".len();
    let body = &text[start..];
    let end = body.find("\n}\n")? + 3;
    Some(body[..end].to_string())
}

/// Files in `corpus_dir(sub)` whose names end with `suffix`, sorted; `None` when skipping.
pub fn corpus_files(sub: &str, suffix: &str) -> Option<Vec<PathBuf>> {
    let dir = corpus_dir(sub)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(suffix))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *{suffix} files in {}", dir.display());
    Some(files)
}

/// The [`corpus_files`] as (file name, bytes), in name order; `None` when skipping.
pub fn corpus_bytes(sub: &str, suffix: &str) -> Option<Vec<(String, Vec<u8>)>> {
    let files = corpus_files(sub, suffix)?
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            let data = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name.into_owned(), data)
        })
        .collect();
    Some(files)
}

/// [`corpus_bytes`], largest first.
pub fn corpus_by_size(sub: &str, suffix: &str) -> Option<Vec<(String, Vec<u8>)>> {
    let mut files = corpus_bytes(sub, suffix)?;
    files.sort_by_key(|(_, d)| std::cmp::Reverse(d.len()));
    Some(files)
}

/// The rows of a tab-separated corpus table with a header line (such as
/// `source-pairs/pairs.tsv`), each a map from column name to value; blank lines are skipped.
pub fn tsv_rows(path: &std::path::Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines
        .next()
        .unwrap_or_else(|| panic!("{}: no header line", path.display()))
        .split('\t')
        .collect();
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                cells.len(),
                header.len(),
                "{}: a row has {} cells for {} columns: {l}",
                path.display(),
                cells.len(),
                header.len()
            );
            let row = header.iter().zip(cells);
            row.map(|(h, v)| (h.to_string(), v.to_string())).collect()
        })
        .collect()
}

/// The seed every property test starts from, so CI runs the same cases on every run.
pub const PROPTEST_SEED: u64 = 0x6e61_7666_6f72_6765; // "navforge"

/// The configuration for a `proptest!` block: `cases` cases from [`PROPTEST_SEED`], with no
/// regression files written.
///
/// To look for new failures, override it from the environment: `PROPTEST_RNG_SEED=N` picks
/// another seed and `PROPTEST_CASES=N` another case count (CI sets neither).
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let env = Config::default(); // the defaults with any PROPTEST_* variables applied
    Config {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            env.cases
        } else {
            cases
        },
        rng_seed: match env.rng_seed {
            RngSeed::Random => RngSeed::Fixed(PROPTEST_SEED),
            fixed => fixed,
        },
        failure_persistence: None,
        ..env
    }
}

/// A small deterministic generator (xorshift64*), so mutation tests repeat exactly.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (0 counts as 1, which xorshift needs).
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// One corrupted variant of `data`: truncated, bit-flipped, overwritten with extreme values
/// (which turns counts and offsets huge or negative), or with bytes inserted or removed.
pub fn mutate(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = data.to_vec();
    if out.is_empty() {
        return vec![rng.next_u64() as u8];
    }
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        if out.is_empty() {
            break;
        }
        let at = rng.below(out.len());
        match rng.below(6) {
            0 => out.truncate(at),
            1 => out[at] ^= 1 << rng.below(8),
            2 => out[at] = rng.next_u64() as u8,
            3 => {
                let v: [u8; 4] = match rng.below(4) {
                    0 => [0xff; 4],
                    1 => [0; 4],
                    2 => [0xff, 0xff, 0xff, 0x7f],
                    _ => (rng.next_u64() as u32).to_le_bytes(),
                };
                let end = (at + 4).min(out.len());
                out[at..end].copy_from_slice(&v[..end - at]);
            }
            4 => {
                let n = 1 + rng.below(8);
                let end = (at + n).min(out.len());
                out.drain(at..end);
            }
            _ => {
                let n = 1 + rng.below(8);
                for _ in 0..n {
                    out.insert(at, rng.next_u64() as u8);
                }
            }
        }
    }
    out
}

/// Hostile cases in a child process under a virtual-memory bound, so an abort, a panic or a
/// blow-up fails the test instead of going unseen (or taking the machine down).
pub mod bounded {
    use std::process::Command;
    /// Environment variable that tells the re-executed test binary which case to run.
    pub const CASE_VAR: &str = "NAVFORGE_BOUNDED_CASE";

    /// What the child reported.
    pub struct Outcome {
        /// The child exited with status 0 (the case returned normally).
        pub success: bool,
        /// Its standard output and error, for the failure message.
        pub output: String,
        /// Peak resident memory (VmHWM) in KiB, as printed by [`report_peak`].
        pub peak_kib: Option<u64>,
    }

    /// A command that runs `program` (add its arguments) under `ulimit -v limit_mib` MiB, so an
    /// allocation past the bound fails inside it instead of taking the machine.
    pub fn command(program: impl AsRef<std::ffi::OsStr>, limit_mib: u64) -> Command {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg("ulimit -v \"$1\" && shift && exec \"$@\"")
            .arg("sh")
            .arg((limit_mib * 1024).to_string())
            .arg(program);
        cmd
    }

    /// Re-runs test `test` of this binary with `CASE_VAR=case` under `ulimit -v limit_mib` MiB.
    pub fn run_bounded(test: &str, case: &str, limit_mib: u64) -> Outcome {
        let exe = std::env::current_exe().expect("test binary path");
        let out = command(exe, limit_mib)
            .args([test, "--exact", "--nocapture", "--test-threads=1"])
            .env(CASE_VAR, case)
            .output()
            .expect("spawn sh");
        let output = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let peak_kib = output
            .lines()
            .find_map(|l| l.strip_prefix("peak-rss-kib="))
            .and_then(|v| v.trim().parse().ok());
        Outcome {
            success: out.status.success(),
            output,
            peak_kib,
        }
    }

    /// The case this process should run, when it is a bounded child.
    pub fn child_case() -> Option<String> {
        std::env::var(CASE_VAR).ok()
    }

    /// Prints this process's peak resident memory for the parent to read.
    pub fn report_peak() {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        if let Some(kib) = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            println!("peak-rss-kib={kib}");
        }
    }
}

/// `n` identical 100-unit Source quads stacked on one spot within 8 units of height (every pair
/// overlaps), each connected both ways to the next: at 8,000 areas, the mesh that took the old
/// `check` 44 s and 1.9 GB.
pub fn stacked_areas(n: u64) -> crate::model::NavMesh {
    use crate::model::{Area, Connection, ConnectionKind, Direction, NavMesh};
    let mut mesh = NavMesh {
        format: Some(crate::Format::SourceNav),
        ..Default::default()
    };
    for id in 1..=n {
        let z = (id % 8) as f32;
        mesh.areas.push(Area {
            id,
            polygon: vec![
                [0.0, 0.0, z],
                [100.0, 0.0, z],
                [100.0, 100.0, z],
                [0.0, 100.0, z],
            ],
            ..Default::default()
        });
        if id > 1 {
            for (from, to, dir) in [(id - 1, id, Direction::East), (id, id - 1, Direction::West)] {
                mesh.connections.push(Connection {
                    from,
                    to,
                    kind: ConnectionKind::Walk,
                    direction: Some(dir),
                });
            }
        }
    }
    mesh
}

/// An axis-aligned square area `size` units wide with its south-west corner at `corner`, corners
/// counter-clockwise from there.
pub fn square_area(id: crate::model::AreaId, corner: [f32; 3], size: f32) -> crate::model::Area {
    let [x, y, z] = corner;
    crate::model::Area {
        id,
        polygon: vec![
            [x, y, z],
            [x + size, y, z],
            [x + size, y + size, z],
            [x, y + size, z],
        ],
        ..Default::default()
    }
}

/// Axis-aligned boxes (min, max) as the text of one Z-up OBJ level: each box's eight corners
/// (bit 1 of the corner's number picks the x of max, bit 2 the y, bit 4 the z), then its six
/// faces, two triangles each, turned outwards.
pub fn boxes_obj(boxes: &[([f32; 3], [f32; 3])]) -> String {
    let mut obj = String::new();
    for (k, (lo, hi)) in boxes.iter().enumerate() {
        for i in 0..8 {
            let p = |bit: usize, axis: usize| if i & bit == 0 { lo[axis] } else { hi[axis] };
            obj += &format!("v {} {} {}\n", p(1, 0), p(2, 1), p(4, 2));
        }
        let b = k * 8 + 1;
        for [a, c, d, e] in [
            [0, 2, 3, 1],
            [4, 5, 7, 6],
            [0, 1, 5, 4],
            [2, 6, 7, 3],
            [0, 4, 6, 2],
            [1, 3, 7, 5],
        ] {
            obj += &format!("f {} {} {}\n", b + a, b + c, b + d);
            obj += &format!("f {} {} {}\n", b + a, b + d, b + e);
        }
    }
    obj
}
