//! Generation time as CPU time of the one thread doing it, for a shared machine where wall-clock
//! benchmarks also count the waiting: `cpu_time LEVEL [RUNS] [--everywhere] [--scale S]`
//! (CS 1.6 constants at game scale, Half-Life 2: Deathmatch's when scaled). Prints the fastest
//! run's thread CPU time and its stage times. Linux only (`CLOCK_THREAD_CPUTIME_ID`).

use navforge_generate::{GenerateOptions, generate};
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceGame;

#[cfg(target_os = "linux")]
fn thread_cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_seconds() -> f64 {
    0.0
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        return Err("usage: cpu_time LEVEL [RUNS] [--everywhere] [--scale S]".into());
    };
    let runs: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(20);
    let everywhere = args.iter().any(|a| a == "--everywhere");
    let scale: f32 = args
        .iter()
        .position(|a| a == "--scale")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let level = Level::load(&std::fs::read(path)?, &LoadOptions::default())?;
    let mut opts = if scale == 1.0 {
        GenerateOptions::for_game(SourceGame::Cs16)
    } else {
        GenerateOptions::for_game_scaled(SourceGame::Hl2dm, scale)
    };
    opts.config.everywhere = everywhere;
    // Everything on this thread: a one-thread pool made of it.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()?;
    pool.install(|| {
        // (thread CPU seconds, stage times, areas) of the fastest run.
        type Run = (f64, Vec<(&'static str, f64)>, usize);
        let mut best: Option<Run> = None;
        for _ in 0..runs {
            let start = thread_cpu_seconds();
            let Ok(out) = generate(&level, &opts) else {
                println!("generation failed");
                return;
            };
            let cpu = thread_cpu_seconds() - start;
            if best.as_ref().is_none_or(|b| cpu < b.0) {
                best = Some((cpu, out.stats.times.clone(), out.stats.areas));
            }
        }
        if let Some((cpu, times, areas)) = best {
            let stages: Vec<String> = times
                .iter()
                .map(|(s, t)| format!("{s} {:.1}", t * 1e3))
                .collect();
            println!(
                "{path}: {areas} areas; fastest of {runs}: {:.1} ms thread CPU (stages, wall ms: {})",
                cpu * 1e3,
                stages.join(", ")
            );
        }
    });
    Ok(())
}
