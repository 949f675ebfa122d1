//! Points written as text, `X,Y,Z`: the one parser the command line, the editor, path queries
//! and the server share.
//!
//! ```
//! use navforge_core::xyz;
//!
//! assert_eq!(xyz::parse::<f32>("1, -2.5,3e2"), Ok([1.0, -2.5, 300.0]));
//! let e = xyz::parse::<f64>("1,2").unwrap_err();
//! assert_eq!(e.to_string(), "`1,2` is not a point X,Y,Z (three finite numbers)");
//! assert!(xyz::parse::<f64>("1,2,inf").is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// Text that is not a point `X,Y,Z`; it names the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point X,Y,Z (three finite numbers)",
            self.text
        )
    }
}

impl std::error::Error for PointError {}

/// A coordinate type a point can be read as (`f32` or `f64`).
pub trait Coordinate: FromStr + Copy {
    /// Whether the value is a finite number.
    fn is_finite(self) -> bool;
}

impl Coordinate for f32 {
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }
}

impl Coordinate for f64 {
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
}

/// Three finite numbers separated by commas (spaces around each allowed), as `[x, y, z]`.
pub fn parse<T: Coordinate>(text: &str) -> Result<[T; 3], PointError> {
    let bad = || PointError {
        text: text.to_string(),
    };
    let mut parts = text.split(',');
    let mut next = || -> Result<T, PointError> {
        parts
            .next()
            .and_then(|p| p.trim().parse::<T>().ok())
            .filter(|v| v.is_finite())
            .ok_or_else(bad)
    };
    let point = [next()?, next()?, next()?];
    match parts.next() {
        None => Ok(point),
        Some(_) => Err(bad()),
    }
}

/// The Source console command that moves a player to `p`: `setpos x y z`, each coordinate with
/// at most one decimal and no trailing `.0` (what `check` and the editor's map commands print).
///
/// ```
/// assert_eq!(navforge_core::xyz::setpos([25.0, -12.25, 0.04]), "setpos 25 -12.3 0");
/// ```
pub fn setpos(p: [f32; 3]) -> String {
    let short = |v: f32| {
        let r = (v * 10.0).round() / 10.0;
        if r == r.trunc() {
            format!("{}", r as i64)
        } else {
            format!("{r:.1}")
        }
    };
    format!("setpos {} {} {}", short(p[0]), short(p[1]), short(p[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_finite_numbers_and_nothing_else() {
        assert_eq!(parse::<f64>("0,0,0"), Ok([0.0; 3]));
        assert_eq!(parse::<f64>(" -1 , 2 ,3 "), Ok([-1.0, 2.0, 3.0]));
        for bad in [
            "", "1", "1,2", "1,2,3,", "1,,2,3", "1,2,3,4", "a,b,c", "1,2,NaN", "1,2,-inf", "1;2;3",
        ] {
            let e = parse::<f32>(bad).unwrap_err();
            assert_eq!(e.text, bad);
            assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
        }
        // Too large for f32 is not finite there, but is in f64.
        assert!(parse::<f32>("1e39,0,0").is_err());
        assert!(parse::<f64>("1e39,0,0").is_ok());
    }
}
