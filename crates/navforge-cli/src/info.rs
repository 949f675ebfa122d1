use crate::batch::{self, Outcome};
use crate::{Failure, read_file};
use navforge::Summary;
use std::path::{Path, PathBuf};

/// Summarise every file (folders are walked), in parallel; a bad file is reported and the rest
/// still run (exit 1 at the end).
pub fn run(paths: &[PathBuf], json: bool, jobs: Option<usize>) -> Result<(), Failure> {
    let files = batch::expand(paths, batch::EVERYTHING)?;
    let outcomes = batch::run(&files, jobs, |path| one(path, json))?;
    batch::report(&outcomes, !json)
}

fn one(path: &Path, json: bool) -> Outcome {
    match summarise(path) {
        Ok(info) => {
            let (kind, warnings, stdout) = match &info {
                Info::Nav(s, floors) => (
                    (s.format, s.version),
                    s.warnings.len(),
                    if json {
                        format!("{}\n", json_line(path, s, floors))
                    } else {
                        let mut text = human(path, s);
                        if floors.len() > 1 {
                            for f in floors {
                                text.push_str(&format!("  {f}\n"));
                            }
                        }
                        text
                    },
                ),
                Info::Level(s) => (
                    (navforge::Format::Bsp, u64::from(s.version)),
                    0,
                    if json {
                        let mut v = serde_json::to_value(s).unwrap_or_default();
                        if let Some(obj) = v.as_object_mut() {
                            obj.insert("file".into(), serde_json::json!(path));
                        }
                        format!("{v}\n")
                    } else {
                        format!("{}: level\n{s}", path.display())
                    },
                ),
            };
            Outcome::done(kind, 0, warnings, stdout)
        }
        Err(msg) => Outcome::unreadable(path, msg, json),
    }
}

/// What `info` prints of one file: a navigation summary, or a level's.
enum Info {
    Nav(Summary, Vec<navforge_render::Floor>),
    Level(Box<navforge_level::LevelSummary>),
}

fn summarise(path: &Path) -> Result<Info, String> {
    let data = read_file(path).map_err(Failure::message)?;
    let input =
        navforge::Input::read(path, &data).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(match input {
        navforge::Input::Level(level) => Info::Level(Box::new(level.summary())),
        other => {
            let floors = navforge_render::floors(&other.to_model());
            Info::Nav(other.summary(), floors)
        }
    })
}

pub fn json_line(path: &Path, s: &Summary, floors: &[navforge_render::Floor]) -> String {
    let mut v = serde_json::to_value(s).unwrap_or_default();
    if let Some(obj) = v.as_object_mut() {
        obj.insert("file".into(), serde_json::json!(path));
        let floors: Vec<_> = floors
            .iter()
            .map(|f| serde_json::json!({"floor": f.index, "min_z": f.min_z, "max_z": f.max_z, "areas": f.areas}))
            .collect();
        obj.insert("floors".into(), serde_json::json!(floors));
    }
    v.to_string()
}

pub fn human(path: &Path, s: &Summary) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = write!(out, "{}: {} v{}", path.display(), s.format, s.version);
    if let Some(v) = &s.variant {
        let _ = write!(out, ", {v}");
    }
    out.push('\n');
    let c = &s.counts;
    let _ = writeln!(
        out,
        "  areas {}, connections {}, places {}, ladders {}, hiding spots {}, encounter paths {}",
        c.areas, c.connections, c.places, c.ladders, c.hiding_spots, c.encounter_paths
    );
    if !c.extra.is_empty() {
        let extra: Vec<String> = c
            .extra
            .iter()
            .map(|(k, v)| format!("{} {v}", k.replace('_', " ")))
            .collect();
        let _ = writeln!(out, "  {}", extra.join(", "));
    }
    if let Some(b) = &s.bounds {
        let _ = writeln!(
            out,
            "  bounds x {:.1}..{:.1}, y {:.1}..{:.1}, z {:.1}..{:.1}",
            b.min[0], b.max[0], b.min[1], b.max[1], b.min[2], b.max[2]
        );
    }
    for (k, v) in &s.details {
        let key = k.replace('_', " ");
        match v {
            // A list of records (e.g. a plugin's navmeshes): one line each.
            serde_json::Value::Array(items)
                if items.iter().all(|i| i.is_object()) && !items.is_empty() =>
            {
                let _ = writeln!(out, "  {key}:");
                for item in items.iter().filter_map(|i| i.as_object()) {
                    // Identifiers (`form_id`, `id`) lead the line; the rest stay in key order.
                    let mut entries: Vec<_> = item.iter().collect();
                    entries.sort_by_key(|(k, _)| !k.ends_with("id"));
                    let fields: Vec<String> = entries
                        .iter()
                        .map(|(k, v)| format!("{} {}", k.replace('_', " "), plain(v)))
                        .collect();
                    let _ = writeln!(out, "    - {}", fields.join(", "));
                }
            }
            other => {
                let _ = writeln!(out, "  {key}: {}", plain(other));
            }
        }
    }
    for w in &s.warnings {
        let _ = writeln!(out, "  warning: {w}");
    }
    out
}

/// A JSON value as text for people: strings without quotes.
fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(t) => t.clone(),
        other => other.to_string(),
    }
}
