//! An `indicatif` spinner per graph stage, for a terminal (the library itself stays quiet).

use indicatif::{ProgressBar, ProgressStyle};

use super::GraphStage;

/// A progress callback that draws one spinner per stage on stderr when it is a terminal.
#[derive(Default)]
pub struct GraphBars {
    current: Option<(GraphStage, ProgressBar)>,
}

impl GraphBars {
    /// No bar yet.
    pub fn new() -> Self {
        GraphBars::default()
    }

    /// Report `count` for `stage` (pass as `&mut |s, n| bars.update(s, n)`).
    pub fn update(&mut self, stage: GraphStage, count: usize) {
        if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            return;
        }
        if self.current.as_ref().is_none_or(|(s, _)| *s != stage) {
            self.finish();
            let bar = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} {prefix}: {pos} [{elapsed}]")
            {
                bar.set_style(style);
            }
            bar.set_prefix(stage.name());
            self.current = Some((stage, bar));
        }
        if let Some((_, bar)) = &self.current {
            bar.set_position(count as u64);
        }
    }

    /// Finish the last bar.
    pub fn finish(&mut self) {
        if let Some((_, bar)) = self.current.take() {
            bar.finish();
        }
    }
}
