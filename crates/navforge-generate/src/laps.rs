//! Stage timing shared by the generators: `(stage name, seconds)` in order, each stage timed
//! from the end of the one before.

use std::time::Instant;

/// A clock that records one lap per stage.
pub(crate) struct Laps(Instant);

impl Laps {
    /// Starts timing the first stage.
    pub(crate) fn start() -> Laps {
        Laps(Instant::now())
    }

    /// Records the time since the last lap under `name` and starts the next one.
    pub(crate) fn lap(&mut self, times: &mut Vec<(&'static str, f64)>, name: &'static str) {
        times.push((name, self.0.elapsed().as_secs_f64()));
        self.0 = Instant::now();
    }
}
