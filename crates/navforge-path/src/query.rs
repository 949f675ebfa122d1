//! The one entry point a command line needs: a [`Navigator`] over any navigable input, a
//! [`PathQuery`] in, a [`PathResult`] out, and a scenario runner for benchmark files.

use std::time::Instant;

use navforge_core::model::NavMesh;

use crate::anyangle::AnyAngle;
use crate::areas::{AreaCost, AreaGraph, AreaSearch};
use crate::corridor::Corridor;
use crate::error::{PathError, Result};
use crate::graph::{GraphSearch, NodeGraph};
use crate::grid::{Grid, GridSearch};
use crate::grid_mesh::MAX_GRID_POLYGONS;
use crate::locate::Locator;
use crate::model_read::{MeshKind, mesh_kind};
use crate::polymesh::PolyMesh;
use crate::scen::Scenario;

/// Which search to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Algo {
    /// The input's natural search: octile on grids, any-angle on polygon meshes, area A* on
    /// Source meshes, graph A* on waypoint graphs.
    #[default]
    Auto,
    /// Octile grid A* (grids only).
    Grid,
    /// Optimal any-angle paths (Polyanya) on polygon meshes and grids.
    AnyAngle,
    /// Polygon (or area) corridor A* and a funnel.
    Corridor,
}

impl Algo {
    /// Every search, `auto` first.
    pub const ALL: [Algo; 4] = [Algo::Auto, Algo::Grid, Algo::AnyAngle, Algo::Corridor];

    /// The name `--algo` takes: `auto`, `grid`, `any-angle` or `corridor`.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Auto => "auto",
            Algo::Grid => "grid",
            Algo::AnyAngle => "any-angle",
            Algo::Corridor => "corridor",
        }
    }

    /// What the search does, for `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Algo::Auto => "the input's natural search",
            Algo::Grid => "octile grid A* (grids only)",
            Algo::AnyAngle => "optimal any-angle paths (Polyanya) on polygon meshes and grids",
            Algo::Corridor => "polygon (or area) corridor A* and a funnel",
        }
    }

    /// Parse `grid`, `any-angle`, `corridor` or `auto`.
    pub fn from_name(name: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// `--algo`'s values are the search table's names (feature `clap`).
#[cfg(feature = "clap")]
impl clap::ValueEnum for Algo {
    fn value_variants<'a>() -> &'a [Self] {
        &Algo::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.description()))
    }
}

/// One path query between two points (model coordinates, Z up; Y-up meshes are turned).
#[derive(Debug, Clone, PartialEq)]
pub struct PathQuery {
    /// Start point.
    pub from: [f64; 3],
    /// Goal point.
    pub to: [f64; 3],
    /// Search to run.
    pub algo: Algo,
    /// Costs and options of Source area searches.
    pub cost: AreaCost,
}

impl PathQuery {
    /// A query with the default search and costs.
    pub fn new(from: [f64; 3], to: [f64; 3]) -> Self {
        PathQuery {
            from,
            to,
            algo: Algo::Auto,
            cost: AreaCost::default(),
        }
    }
}

/// The answer to a [`PathQuery`].
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PathResult {
    /// The search that ran: `grid`, `any-angle`, `corridor`, `areas` or `graph`.
    pub algo: &'static str,
    /// Areas, polygons (their area IDs where they have them), cells or nodes crossed.
    pub corridor: Vec<u64>,
    /// Points from start to goal.
    pub waypoints: Vec<[f64; 3]>,
    /// Length of the waypoint polyline (teleports excluded).
    pub length: f64,
    /// Cost under the search's cost function (the length for geometric searches).
    pub cost: f64,
    /// Whether the goal was reached; `false` when the path ends at the closest area reached.
    pub reached_goal: bool,
    /// Graph searches: the type of each link taken (`walk`, `long jump`, `teleport`, ...), one
    /// per corridor step after the first; empty for the other searches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<String>,
}

/// Anything a path can be searched on, prepared once for many queries.
#[non_exhaustive]
#[allow(clippy::large_enum_variant)] // one per input, built once
pub enum Navigator {
    /// A Moving AI grid (`.map`).
    Grid(Grid),
    /// A polygon mesh (Polyanya `.mesh`, or a model's triangles/polygons) and its index.
    Polygons(PolyMesh, Locator),
    /// Source/GoldSrc areas.
    Areas(AreaGraph),
    /// A waypoint graph.
    Graph(NodeGraph),
}

impl Navigator {
    /// The navigator a model calls for: Source areas, a waypoint graph, or a polygon mesh.
    pub fn from_model(mesh: &NavMesh) -> Result<Navigator> {
        Ok(match mesh_kind(mesh) {
            MeshKind::SourceAreas => Navigator::Areas(AreaGraph::from_model(mesh)?),
            MeshKind::Graph => Navigator::Graph(NodeGraph::from_model(mesh)?),
            MeshKind::Polygons => Navigator::from_polymesh(PolyMesh::from_model(mesh)?),
        })
    }

    /// A polygon mesh navigator.
    pub fn from_polymesh(mesh: PolyMesh) -> Navigator {
        let locator = Locator::new(&mesh);
        Navigator::Polygons(mesh, locator)
    }

    /// Read a Moving AI `.map` or a Polyanya `.mesh` text (told apart by their first word).
    pub fn parse_benchmark(text: &str) -> Result<Navigator> {
        if text.trim_start().starts_with("mesh") {
            Ok(Navigator::from_polymesh(PolyMesh::parse_mesh(text)?))
        } else {
            Ok(Navigator::Grid(Grid::parse(text)?))
        }
    }

    /// Run one query.
    pub fn find(&self, q: &PathQuery) -> Result<PathResult> {
        match self {
            Navigator::Grid(grid) => match q.algo {
                Algo::Auto | Algo::Grid => grid_path(grid, q),
                _ => {
                    let mesh = PolyMesh::from_grid_within(grid, MAX_GRID_POLYGONS)?;
                    let locator = Locator::new(&mesh);
                    polygon_path(&mesh, &locator, q)
                }
            },
            Navigator::Polygons(mesh, locator) => match q.algo {
                Algo::Grid => Err(PathError::Unsupported(
                    "--algo grid needs a grid map".into(),
                )),
                _ => polygon_path(mesh, locator, q),
            },
            Navigator::Areas(graph) => match q.algo {
                Algo::Auto | Algo::Corridor => {
                    let p = AreaSearch::new(graph).path(q.from, q.to, &q.cost)?;
                    Ok(PathResult {
                        algo: "areas",
                        corridor: p.corridor,
                        waypoints: p.waypoints,
                        length: p.length,
                        cost: p.cost,
                        reached_goal: p.reached_goal,
                        links: Vec::new(),
                    })
                }
                _ => Err(PathError::Unsupported(
                    "Source areas meet at T-junctions: use the area search (--algo corridor)"
                        .into(),
                )),
            },
            Navigator::Graph(graph) => {
                let a = graph
                    .nearest(q.from)
                    .ok_or(PathError::off_mesh("start", q.from))?;
                let b = graph
                    .nearest(q.to)
                    .ok_or(PathError::off_mesh("goal", q.to))?;
                match GraphSearch::new(graph).path(a, b) {
                    Some(p) => Ok(PathResult {
                        algo: "graph",
                        corridor: p.hops.iter().map(|h| h.node).collect(),
                        waypoints: p.waypoints(),
                        length: p.length,
                        cost: p.cost,
                        reached_goal: true,
                        links: p
                            .hops
                            .iter()
                            .filter_map(|h| h.kind.map(|k| k.name().into_owned()))
                            .collect(),
                    }),
                    None => Ok(unreached("graph", q.from)),
                }
            }
        }
    }
}

fn unreached(algo: &'static str, from: [f64; 3]) -> PathResult {
    PathResult {
        algo,
        corridor: Vec::new(),
        waypoints: vec![from],
        length: 0.0,
        cost: 0.0,
        reached_goal: false,
        links: Vec::new(),
    }
}

/// Grid cells are addressed by the integer part of x and y.
fn cell(p: [f64; 3], what: &'static str) -> Result<(usize, usize)> {
    if p[0] >= 0.0 && p[1] >= 0.0 && p[0] < 1e9 && p[1] < 1e9 {
        Ok((p[0] as usize, p[1] as usize))
    } else {
        Err(PathError::off_mesh(what, p))
    }
}

fn grid_path(grid: &Grid, q: &PathQuery) -> Result<PathResult> {
    let (s, t) = (cell(q.from, "start")?, cell(q.to, "goal")?);
    match GridSearch::new(grid).path(s, t)? {
        Some(p) => Ok(PathResult {
            algo: "grid",
            corridor: p
                .cells
                .iter()
                .map(|&(x, y)| (y * grid.width() + x) as u64)
                .collect(),
            waypoints: p
                .cells
                .iter()
                .map(|&(x, y)| [x as f64, y as f64, 0.0])
                .collect(),
            length: p.length,
            cost: p.length,
            reached_goal: true,
            links: Vec::new(),
        }),
        None => Ok(unreached("grid", q.from)),
    }
}

fn polygon_path(mesh: &PolyMesh, locator: &Locator, q: &PathQuery) -> Result<PathResult> {
    let (s, t) = ([q.from[0], q.from[1]], [q.to[0], q.to[1]]);
    let sp = locator
        .locate(mesh, q.from)
        .ok_or(PathError::off_mesh("start", q.from))?;
    let tp = locator
        .locate(mesh, q.to)
        .ok_or(PathError::off_mesh("goal", q.to))?;
    let height = |p: [f64; 2], poly: u32| mesh.height_at(poly, p);
    let area = |p: u32| mesh.area_ids.get(p as usize).copied().unwrap_or(p as u64);
    if q.algo == Algo::Corridor {
        let Some(c) = Corridor::new(mesh).path(s, sp, t, tp) else {
            return Ok(unreached("corridor", q.from));
        };
        let waypoints = lift(mesh, &c.path.points, &c.corridor, q);
        return Ok(PathResult {
            algo: "corridor",
            corridor: c.corridor.iter().map(|&p| area(p)).collect(),
            waypoints,
            length: c.path.length,
            cost: c.path.length,
            reached_goal: true,
            links: Vec::new(),
        });
    }
    // Any-angle: polygons holding the points on the same floor as the located ones.
    let on_floor = |p: [f64; 2], at: u32| -> Vec<u32> {
        let z = height(p, at);
        locator
            .polygons_at(mesh, p)
            .into_iter()
            .filter(|&k| (height(p, k) - z).abs() < 1e-3)
            .collect()
    };
    let (ss, ts) = (on_floor(s, sp), on_floor(t, tp));
    match AnyAngle::new(mesh).path_between(s, &ss, t, &ts) {
        Some(p) => {
            let corridor = Corridor::new(mesh)
                .corridor(s, sp, t, tp)
                .unwrap_or_default();
            let waypoints = lift(mesh, &p.points, &corridor, q);
            Ok(PathResult {
                algo: "any-angle",
                corridor: corridor.iter().map(|&p| area(p)).collect(),
                waypoints,
                length: p.length,
                cost: p.length,
                reached_goal: true,
                links: Vec::new(),
            })
        }
        None => Ok(unreached("any-angle", q.from)),
    }
}

/// Heights for plan waypoints: the end points keep theirs, inner ones take the height of the
/// nearest corridor polygon holding them.
fn lift(mesh: &PolyMesh, pts: &[[f64; 2]], corridor: &[u32], q: &PathQuery) -> Vec<[f64; 3]> {
    let n = pts.len();
    pts.iter()
        .enumerate()
        .map(|(i, &p)| {
            if i == 0 {
                return q.from;
            }
            if i + 1 == n {
                return q.to;
            }
            let z = corridor
                .iter()
                .find(|&&c| mesh.contains(c, p, 1e-6))
                .map_or(0.0, |&c| mesh.height_at(c, p));
            [p[0], p[1], z]
        })
        .collect()
}

/// One scenario query's outcome.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ScenarioResult {
    /// Line of the query in the scenario file.
    pub line: usize,
    /// Length found (`None`: unreachable).
    pub length: Option<f64>,
    /// The stored optimum (octile for Moving AI scenarios).
    pub optimal: f64,
    /// Time of the search alone, in microseconds.
    pub micros: f64,
    /// Grid search: equal to the optimum within the file's rounding. Any-angle and corridor:
    /// no longer than the octile optimum.
    pub agrees: bool,
    /// Why the query could not be answered (a start or goal off the map, on a blocked cell or
    /// outside the mesh); the other queries still run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl ScenarioResult {
    /// A query answered in the time since `started`; `agrees` judges its length.
    fn answered(
        s: &Scenario,
        length: Option<f64>,
        started: Instant,
        agrees: impl Fn(f64) -> bool,
    ) -> Self {
        ScenarioResult {
            line: s.line,
            length,
            optimal: s.optimal,
            micros: started.elapsed().as_secs_f64() * 1e6,
            agrees: length.is_some_and(agrees),
            error: None,
        }
    }

    fn failed(s: &Scenario, e: PathError) -> Self {
        ScenarioResult {
            line: s.line,
            length: None,
            optimal: s.optimal,
            micros: 0.0,
            agrees: false,
            error: Some(e.to_string()),
        }
    }
}

/// Totals of a scenario run.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ScenarioTotals {
    /// Queries run.
    pub queries: usize,
    /// Queries that found a path.
    pub solved: usize,
    /// Queries whose length agrees with the stored optimum (see [`ScenarioResult::agrees`]).
    pub agreeing: usize,
    /// Queries that could not be answered (see [`ScenarioResult::error`]).
    pub failed: usize,
    /// Sum of search times, microseconds.
    pub micros: f64,
    /// Mean search time of the answered queries, microseconds.
    pub mean_micros: f64,
}

/// Run a scenario file's queries. On a grid, cells are searched by octile A* (`Grid`/`Auto`) or
/// as a mesh of cells between cell centres (`AnyAngle`, `Corridor`); on a Polyanya mesh the
/// scenario's integer coordinates are points of the mesh, as in the Polyanya benchmarks.
///
/// A query that cannot be answered (its start or goal off the map or blocked) is a result with
/// an [`error`](ScenarioResult::error), and the run goes on; the `Err` is for a run that cannot
/// start (a search the input does not support, a grid too fragmented for a mesh).
pub fn run_scenarios(
    nav: &Navigator,
    scenarios: &[Scenario],
    algo: Algo,
) -> Result<(Vec<ScenarioResult>, ScenarioTotals)> {
    let mut out = Vec::with_capacity(scenarios.len());
    match (nav, algo) {
        (Navigator::Grid(grid), Algo::Auto | Algo::Grid) => {
            let mut search = GridSearch::new(grid);
            for s in scenarios {
                let t = Instant::now();
                let len = match search.length(s.start, s.goal) {
                    Ok(len) => len,
                    Err(e) => {
                        out.push(ScenarioResult::failed(s, e));
                        continue;
                    }
                };
                out.push(ScenarioResult::answered(s, len, t, |l| {
                    (l - s.optimal).abs() <= s.tolerance()
                }));
            }
        }
        (Navigator::Grid(grid), _) => {
            let mesh = PolyMesh::from_grid_within(grid, MAX_GRID_POLYGONS)?;
            run_on_mesh(&mesh, scenarios, algo, 0.5, &mut out)?;
        }
        (Navigator::Polygons(mesh, _), Algo::Grid) => {
            let _ = mesh;
            return Err(PathError::Unsupported(
                "--algo grid needs a grid map".into(),
            ));
        }
        (Navigator::Polygons(mesh, _), _) => run_on_mesh(mesh, scenarios, algo, 0.0, &mut out)?,
        _ => {
            return Err(PathError::Unsupported(
                "scenario files apply to grid maps and polygon meshes".into(),
            ));
        }
    }
    let micros: f64 = out.iter().map(|r| r.micros).sum();
    let failed = out.iter().filter(|r| r.error.is_some()).count();
    let totals = ScenarioTotals {
        queries: out.len(),
        solved: out.iter().filter(|r| r.length.is_some()).count(),
        agreeing: out.iter().filter(|r| r.agrees).count(),
        failed,
        micros,
        mean_micros: micros / (out.len() - failed).max(1) as f64,
    };
    Ok((out, totals))
}

fn run_on_mesh(
    mesh: &PolyMesh,
    scenarios: &[Scenario],
    algo: Algo,
    offset: f64,
    out: &mut Vec<ScenarioResult>,
) -> Result<()> {
    let locator = Locator::new(mesh);
    let mut any = AnyAngle::new(mesh);
    let mut corridor = Corridor::new(mesh);
    for s in scenarios {
        let a = [s.start.0 as f64 + offset, s.start.1 as f64 + offset];
        let b = [s.goal.0 as f64 + offset, s.goal.1 as f64 + offset];
        let sa = locator.polygons_at(mesh, a);
        let sb = locator.polygons_at(mesh, b);
        if sa.is_empty() {
            out.push(ScenarioResult::failed(
                s,
                PathError::off_mesh("start", [a[0], a[1], 0.0]),
            ));
            continue;
        }
        if sb.is_empty() {
            out.push(ScenarioResult::failed(
                s,
                PathError::off_mesh("goal", [b[0], b[1], 0.0]),
            ));
            continue;
        }
        let t = Instant::now();
        let len = if algo == Algo::Corridor {
            corridor.path(a, sa[0], b, sb[0]).map(|p| p.path.length)
        } else {
            any.path_between(a, &sa, b, &sb).map(|p| p.length)
        };
        out.push(ScenarioResult::answered(s, len, t, |l| {
            l <= s.optimal + s.tolerance()
        }));
    }
    Ok(())
}
