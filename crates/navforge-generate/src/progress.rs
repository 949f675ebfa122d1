//! An `indicatif` spinner per stage, for a terminal (the library itself stays quiet). The
//! Source-style pipeline and the Quake graph pipeline report through the same bars.

use indicatif::{ProgressBar, ProgressStyle};

use crate::Stage;
use crate::graph::GraphStage;

/// A pipeline stage a spinner can be drawn for.
pub trait BarStage: Copy + PartialEq {
    /// The spinner's label.
    fn label(self) -> &'static str;
}

impl BarStage for Stage {
    fn label(self) -> &'static str {
        self.name()
    }
}

impl BarStage for GraphStage {
    fn label(self) -> &'static str {
        self.name()
    }
}

/// A progress callback that draws one spinner per stage on stderr when it is a terminal.
pub struct StageBars<S: BarStage = Stage> {
    current: Option<(S, ProgressBar)>,
}

/// The Quake graph pipeline's bars.
pub type GraphBars = StageBars<GraphStage>;

impl<S: BarStage> Default for StageBars<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: BarStage> StageBars<S> {
    /// No bar yet.
    pub fn new() -> Self {
        StageBars { current: None }
    }

    /// Report `count` for `stage` (pass as `&mut |s, n| bars.update(s, n)`).
    pub fn update(&mut self, stage: S, count: usize) {
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
            bar.set_prefix(stage.label());
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
