//! A stand-in map for a nav whose map the corpus lacks (`tests/common/standin.rs`): a Source
//! map of brushes, no VIS data, whose floors are the nav's areas and whose walls stand along
//! their open sides, for timing analysis on the shapes of real meshes (`docs/analysis-speed.md`,
//! "Stand-in maps").
//!
//! `cargo run --release -p navforge-analyze --example standin -- NAV OUT.bsp [PLAN.svg [X0 Y0 X1 Y1]]`
//!
//! With `PLAN.svg`, it also draws the brushes in plan (floors grey, box walls black, slanted
//! walls red), of the whole map or of the window `X0 Y0 X1 Y1` in game units.

use navforge_core::NavDocument;

#[path = "../tests/common/city.rs"]
mod city;
#[path = "../tests/common/standin.rs"]
mod standin;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: standin NAV OUT.bsp [PLAN.svg [X0 Y0 X1 Y1]]";
    let (nav, out, plan) = match args.as_slice() {
        [nav, out] => (nav, out, None),
        [nav, out, plan, window @ ..] if window.is_empty() || window.len() == 4 => {
            let window: Vec<f32> = (window.iter().map(|v| v.parse())).collect::<Result<_, _>>()?;
            (nav, out, Some((plan, window)))
        }
        _ => return Err(usage.into()),
    };
    let doc = navforge_source::SourceNavDocument::read(&std::fs::read(nav)?)?;
    let map = standin::standin(&doc)?;
    std::fs::write(out, map.to_vbsp())?;
    println!(
        "{out}: {} areas, {} boxes, {} slanted walls",
        doc.areas.len(),
        map.boxes.len(),
        map.brushes.len()
    );
    if let Some((plan, window)) = plan {
        let rects = standin::rects(&doc);
        let (_, slanted) = standin::walls_of(&rects);
        std::fs::write(plan, plan_svg(&map, rects.len(), &slanted, &window))?;
    }
    Ok(())
}

/// The brushes of `map` in plan as SVG, 1,000 pixels wide, north up: its first `floors` boxes
/// grey, the other boxes black, its `slanted` walls red; only those in `window` (`[x0, y0, x1,
/// y1]`, or the whole map when empty).
fn plan_svg(
    map: &city::City,
    floors: usize,
    slanted: &[standin::Slanted],
    window: &[f32],
) -> String {
    let slanted = slanted.iter().map(|s| s.footprint().to_vec());
    let boxes = map.boxes.iter().map(|(lo, hi)| {
        vec![
            [lo[0], lo[1]],
            [hi[0], lo[1]],
            [hi[0], hi[1]],
            [lo[0], hi[1]],
        ]
    });
    let shapes: Vec<(Vec<[f32; 2]>, &str)> = (boxes.enumerate())
        .map(|(k, b)| (b, if k < floors { "#d7d7d7" } else { "#1e1e1e" }))
        .chain(slanted.map(|s| (s, "#c80000")))
        .collect();
    let all = shapes.iter().flat_map(|(s, _)| s.iter());
    let [x0, y0, x1, y1] = match window {
        [x0, y0, x1, y1] => [*x0, *y0, *x1, *y1],
        _ => all.fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, p| {
            [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ]
        }),
    };
    let scale = 1000.0 / (x1 - x0);
    let height = ((y1 - y0) * scale).ceil();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000\" height=\"{height}\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (shape, colour) in shapes {
        let seen = shape
            .iter()
            .any(|p| p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1);
        if !seen {
            continue;
        }
        let points: Vec<String> = (shape.iter())
            .map(|p| format!("{:.1},{:.1}", (p[0] - x0) * scale, (y1 - p[1]) * scale))
            .collect();
        svg += &format!(
            "<polygon points=\"{}\" fill=\"{colour}\"/>\n",
            points.join(" ")
        );
    }
    svg + "</svg>\n"
}
