//! Moving AI scenario files (`.scen`), also used by the Polyanya benchmarks:
//! `version 1` then one query per line, `bucket map width height sx sy gx gy optimal`.

use crate::error::{PathError, Result};
use crate::text::clip;

const FORMAT: &str = "movingai-scen";

/// One query of a scenario file.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Scenario {
    /// 1-based line in the file.
    pub line: usize,
    /// Difficulty bucket.
    pub bucket: u32,
    /// The map the query was made for, as written.
    pub map: String,
    /// Map width the query was made for.
    pub width: usize,
    /// Map height the query was made for.
    pub height: usize,
    /// Start cell (column, row).
    pub start: (usize, usize),
    /// Goal cell (column, row).
    pub goal: (usize, usize),
    /// The stored optimal length.
    pub optimal: f64,
    /// Decimal places of the stored optimum (for comparisons within the file's rounding).
    pub decimals: usize,
}

impl Scenario {
    /// How far a computed length may be from the stored optimum: half a unit of the last stored
    /// digit, plus the drift of summing √2 in the file's own precision over a long path.
    pub fn tolerance(&self) -> f64 {
        let unit = 10f64.powi(-(self.decimals.min(12) as i32));
        unit * (0.5 + self.optimal / 50.0) + 1e-9
    }
}

/// Parse a whole scenario file.
pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>> {
    let mut lines = text.lines().enumerate();
    let first = lines.find(|(_, l)| !l.trim().is_empty());
    match first {
        Some((_, l)) if l.split_whitespace().next() == Some("version") => {}
        Some((i, l)) => {
            return Err(PathError::parse(
                FORMAT,
                i + 1,
                format!("expected `version 1`, found `{}`", clip(l)),
            ));
        }
        None => return Err(PathError::parse(FORMAT, 1, "empty scenario file")),
    }
    let mut out = Vec::new();
    for (i, l) in lines {
        if l.trim().is_empty() {
            continue;
        }
        out.push(parse_line(l, i + 1)?);
    }
    Ok(out)
}

fn parse_line(l: &str, line: usize) -> Result<Scenario> {
    let f: Vec<&str> = l.split_whitespace().take(10).collect();
    let err = |m: String| PathError::parse(FORMAT, line, m);
    if f.len() != 9 {
        return Err(err(format!(
            "{} fields; a query has 9: bucket map width height sx sy gx gy optimal",
            if f.len() > 9 {
                "more than 9".into()
            } else {
                f.len().to_string()
            }
        )));
    }
    let int = |k: usize, what: &str| -> Result<usize> {
        f[k].parse::<usize>()
            .map_err(|_| err(format!("{what}: `{}` is not a whole number", clip(f[k]))))
    };
    let optimal: f64 = f[8]
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| err(format!("optimal length: `{}` is not a length", clip(f[8]))))?;
    let s = Scenario {
        line,
        bucket: f[0]
            .parse()
            .map_err(|_| err(format!("bucket: `{}` is not a whole number", clip(f[0]))))?,
        map: f[1].to_string(),
        width: int(2, "width")?,
        height: int(3, "height")?,
        start: (int(4, "start x")?, int(5, "start y")?),
        goal: (int(6, "goal x")?, int(7, "goal y")?),
        optimal,
        decimals: f[8].split_once('.').map_or(0, |(_, d)| d.len()),
    };
    Ok(s)
}
