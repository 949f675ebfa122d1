//! One context for every long computation: stage start, progress and finish, stage timing and
//! cancellation, in the manner of Recast's `rcContext`.
//!
//! A computation takes `&dyn Context` and reports through a [`StageClock`], which times each
//! stage (from its start to the start of the next, or to [`StageClock::finish`]) and keeps the
//! `(stage name, seconds)` list the generators' and analysis' stats carry. The caller chooses what
//! the reports become: nothing ([`Quiet`]), a record ([`Recording`], for tests and benchmarks), or a
//! progress bar (the CLI's, on a terminal). Methods take `&self` so that parallel (rayon) loops
//! can report from every thread; a context is `Sync`.
//!
//! ```
//! use navforge_core::context::{Context, Recording, StageClock};
//!
//! fn work(ctx: &dyn Context) -> Result<Vec<(&'static str, f64)>, navforge_core::context::Cancelled> {
//!     let mut clock = StageClock::new(ctx);
//!     clock.start("count")?;
//!     for i in 0..10 {
//!         clock.progress(i + 1, Some(10));
//!     }
//!     clock.start("sum")?;
//!     Ok(clock.finish())
//! }
//! let rec = Recording::default();
//! let times = work(&rec)?;
//! assert_eq!(times.iter().map(|t| t.0).collect::<Vec<_>>(), ["count", "sum"]);
//! assert_eq!(rec.stages(), ["count", "sum"]);
//! assert_eq!(rec.last_progress("count"), Some(10));
//! # Ok::<(), navforge_core::context::Cancelled>(())
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a long computation reports to, and asks whether to stop. Every method has a default
/// that does nothing.
pub trait Context: Sync {
    /// `stage` begins.
    fn stage_start(&self, stage: &'static str) {
        let _ = stage;
    }

    /// `done` items of `stage` so far, of `total` when that is known. Called from any thread.
    fn progress(&self, stage: &'static str, done: usize, total: Option<usize>) {
        let _ = (stage, done, total);
    }

    /// `stage` ended after `seconds`.
    fn stage_finish(&self, stage: &'static str, seconds: f64) {
        let _ = (stage, seconds);
    }

    /// Whether the caller asked the computation to stop; it then returns [`Cancelled`] at its
    /// next stage boundary (or sooner).
    fn is_cancelled(&self) -> bool {
        false
    }
}

/// A context that ignores every report and never cancels.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Context for Quiet {}

/// The computation stopped because its context asked it to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// A context that records every stage, its time and its last progress count, and cancels when
/// told to ([`Recording::cancel`]) or when a stage of a given name starts
/// ([`Recording::cancel_at`]).
#[derive(Debug, Default)]
pub struct Recording {
    log: Mutex<Log>,
    cancelled: AtomicBool,
    cancel_at: Mutex<Option<&'static str>>,
}

#[derive(Debug, Default)]
struct Log {
    stages: Vec<&'static str>,
    times: Vec<(&'static str, f64)>,
    progress: Vec<(&'static str, usize)>,
}

impl Recording {
    /// Asks the computation to stop.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Asks the computation to stop when `stage` starts.
    pub fn cancel_at(&self, stage: &'static str) {
        *self.cancel_at.lock().unwrap_or_else(|e| e.into_inner()) = Some(stage);
    }

    fn log(&self) -> std::sync::MutexGuard<'_, Log> {
        self.log.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The stages started, in order.
    pub fn stages(&self) -> Vec<&'static str> {
        self.log().stages.clone()
    }

    /// `(stage, seconds)` of the stages finished, in order.
    pub fn times(&self) -> Vec<(&'static str, f64)> {
        self.log().times.clone()
    }

    /// The highest progress count reported for `stage`.
    pub fn last_progress(&self, stage: &str) -> Option<usize> {
        let log = self.log();
        let found = log.progress.iter().find(|p| p.0 == stage);
        found.map(|p| p.1)
    }
}

impl Context for Recording {
    fn stage_start(&self, stage: &'static str) {
        self.log().stages.push(stage);
        let at = *self.cancel_at.lock().unwrap_or_else(|e| e.into_inner());
        if at == Some(stage) {
            self.cancel();
        }
    }

    fn progress(&self, stage: &'static str, done: usize, _total: Option<usize>) {
        let mut log = self.log();
        match log.progress.iter_mut().find(|p| p.0 == stage) {
            Some(p) => p.1 = p.1.max(done),
            None => log.progress.push((stage, done)),
        }
    }

    fn stage_finish(&self, stage: &'static str, seconds: f64) {
        self.log().times.push((stage, seconds));
    }

    fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// Times a computation's stages and reports them to a [`Context`]: each stage lasts from its
/// [`start`](StageClock::start) to the next one's (or to [`finish`](StageClock::finish)), and
/// its `(name, seconds)` is kept in order.
pub struct StageClock<'a> {
    ctx: &'a dyn Context,
    current: Option<(&'static str, Instant)>,
    times: Vec<(&'static str, f64)>,
}

impl<'a> StageClock<'a> {
    /// No stage yet.
    pub fn new(ctx: &'a dyn Context) -> Self {
        StageClock {
            ctx,
            current: None,
            times: Vec::new(),
        }
    }

    /// The context reported to.
    pub fn context(&self) -> &'a dyn Context {
        self.ctx
    }

    /// Ends the current stage (if any) and starts `stage`; [`Cancelled`] when the context asks
    /// to stop.
    pub fn start(&mut self, stage: &'static str) -> Result<(), Cancelled> {
        self.end();
        self.ctx.stage_start(stage);
        self.current = Some((stage, Instant::now()));
        self.check()
    }

    /// Reports progress in the current stage.
    pub fn progress(&self, done: usize, total: Option<usize>) {
        if let Some((stage, _)) = self.current {
            self.ctx.progress(stage, done, total);
        }
    }

    /// [`Cancelled`] when the context asks to stop.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.ctx.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// Ends the current stage without starting another (time between stages is not counted).
    pub fn end(&mut self) {
        if let Some((stage, at)) = self.current.take() {
            let seconds = at.elapsed().as_secs_f64();
            self.times.push((stage, seconds));
            self.ctx.stage_finish(stage, seconds);
        }
    }

    /// `(name, seconds)` of the stages ended so far, in order.
    pub fn times(&self) -> &[(&'static str, f64)] {
        &self.times
    }

    /// Ends the current stage and returns every stage's `(name, seconds)` in order.
    pub fn finish(mut self) -> Vec<(&'static str, f64)> {
        self.end();
        std::mem::take(&mut self.times)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_stages_in_order_and_reports_them() {
        let rec = Recording::default();
        let mut clock = StageClock::new(&rec);
        clock.progress(5, None); // no stage yet: not reported
        clock.start("a").unwrap();
        clock.progress(3, Some(4));
        clock.progress(2, Some(4));
        clock.start("b").unwrap();
        let times = clock.finish();
        assert_eq!(times.len(), 2);
        assert_eq!(
            rec.times().iter().map(|t| t.0).collect::<Vec<_>>(),
            ["a", "b"]
        );
        assert_eq!(rec.last_progress("a"), Some(3));
        assert_eq!(rec.last_progress("b"), None);
        assert!(times.iter().all(|t| t.1 >= 0.0));
    }

    #[test]
    fn cancellation_stops_at_the_named_stage() {
        let rec = Recording::default();
        rec.cancel_at("b");
        let mut clock = StageClock::new(&rec);
        assert_eq!(clock.start("a"), Ok(()));
        assert_eq!(clock.start("b"), Err(Cancelled));
        assert!(rec.is_cancelled());
        assert!(!Quiet.is_cancelled());
    }
}
