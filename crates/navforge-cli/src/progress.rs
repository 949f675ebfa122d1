//! The CLI's [`Context`]: `indicatif` bars on stderr when it is a terminal, nothing in a pipe.
//! The libraries only report stages and counts; how they are drawn is decided here.

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use navforge_core::context::Context;

/// How the stages are drawn.
enum Style {
    /// One spinner per stage, left on screen with its count and time (generate).
    Spinners,
    /// One bar of `stages.len()` steps naming the current stage, cleared at the end (navmesh).
    Steps(&'static [&'static str]),
    /// One bar of done/total items naming the stage, cleared at the end (analyze).
    Counts,
}

/// Progress bars for a long computation.
pub struct Bars {
    style: Style,
    /// The bar of the current stage (`None` when stderr is not a terminal).
    bar: Mutex<Option<(&'static str, ProgressBar)>>,
    terminal: bool,
}

impl Bars {
    fn new(style: Style) -> Bars {
        Bars {
            style,
            bar: Mutex::new(None),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// A spinner per stage with its count: `seeds: 12 [0s]`.
    pub fn spinners() -> Bars {
        Bars::new(Style::Spinners)
    }

    /// One bar stepping through `stages` in order, labelled `label`.
    pub fn steps(label: &'static str, stages: &'static [&'static str]) -> Bars {
        let bars = Bars::new(Style::Steps(stages));
        if bars.terminal {
            let bar = ProgressBar::new(stages.len() as u64);
            let template = format!("{{spinner}} {label} [{{pos}}/{{len}}] {{msg}} [{{elapsed}}]");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            bar.enable_steady_tick(std::time::Duration::from_millis(100));
            *bars.lock() = Some(("", bar));
        }
        bars
    }

    /// One bar of items done out of the total, naming the stage.
    pub fn counts() -> Bars {
        let bars = Bars::new(Style::Counts);
        if bars.terminal {
            *bars.lock() = Some(("", ProgressBar::new(0)));
        }
        bars
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(&'static str, ProgressBar)>> {
        self.bar.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the last bar: a spinner stays on screen, a step or count bar is cleared.
    pub fn finish(&self) {
        if let Some((_, bar)) = self.lock().take() {
            match self.style {
                Style::Spinners => bar.finish(),
                Style::Steps(_) | Style::Counts => bar.finish_and_clear(),
            }
        }
    }
}

impl Drop for Bars {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Context for Bars {
    fn stage_start(&self, stage: &'static str) {
        if !self.terminal {
            return;
        }
        let mut current = self.lock();
        match self.style {
            Style::Spinners => {
                if let Some((_, bar)) = current.take() {
                    bar.finish();
                }
                let bar = ProgressBar::new_spinner();
                if let Ok(style) =
                    ProgressStyle::with_template("{spinner} {prefix}: {pos} [{elapsed}]")
                {
                    bar.set_style(style);
                }
                bar.set_prefix(stage);
                *current = Some((stage, bar));
            }
            Style::Steps(stages) => {
                if let Some((_, bar)) = current.as_ref() {
                    let done = stages.iter().position(|&s| s == stage).unwrap_or(0);
                    bar.set_position(done as u64);
                    bar.set_message(stage);
                }
            }
            Style::Counts => {
                if let Some((_, bar)) = current.as_ref() {
                    bar.set_message(stage);
                }
            }
        }
    }

    fn progress(&self, stage: &'static str, done: usize, total: Option<usize>) {
        if !self.terminal {
            return;
        }
        if let Some((_, bar)) = self.lock().as_ref() {
            if let Some(total) = total {
                bar.set_length(total as u64);
            }
            bar.set_position(done as u64);
            if matches!(self.style, Style::Counts) {
                bar.set_message(stage);
            }
        }
    }
}
