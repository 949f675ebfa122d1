//! One `indicatif` spinner naming the current stage, on stderr when it is a terminal.

use indicatif::{ProgressBar, ProgressStyle};

use super::NavmeshStage;

/// A progress callback for [`super::build_navmesh_with_progress`]: pass
/// `&mut |s| bar.stage(s)`, then call [`StageSpinner::finish`].
pub struct StageSpinner {
    bar: Option<ProgressBar>,
}

impl Default for StageSpinner {
    fn default() -> Self {
        Self::new()
    }
}

impl StageSpinner {
    /// A spinner when stderr is a terminal, nothing otherwise.
    pub fn new() -> Self {
        let bar = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
            let bar = ProgressBar::new(NavmeshStage::ALL.len() as u64);
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} navmesh [{pos}/{len}] {msg} [{elapsed}]")
            {
                bar.set_style(style);
            }
            bar.enable_steady_tick(std::time::Duration::from_millis(100));
            bar
        });
        StageSpinner { bar }
    }

    /// Show `stage` as started.
    pub fn stage(&mut self, stage: NavmeshStage) {
        if let Some(bar) = &self.bar {
            let done = NavmeshStage::ALL
                .iter()
                .position(|&s| s == stage)
                .unwrap_or(0);
            bar.set_position(done as u64);
            bar.set_message(stage.name());
        }
    }

    /// Clear the spinner.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
