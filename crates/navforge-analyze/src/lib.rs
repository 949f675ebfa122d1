//! `nav_analyze` for Source and GoldSrc `.nav` files, from the map file, in seconds.
//!
//! Given a [`SourceNavDocument`] and the [`Level`] it was built for, [`analyze`] recomputes what
//! the CS bot's analysis stores, following the rules of the bot's own code:
//!
//! - **hiding spots** ([`Stage::Hiding`]): a spot 12.5 units inside each corner whose two edges
//!   are open (no two-way link) for 20+ units next to it, numbered from 0; *in cover* when a
//!   short trace up hits a ceiling or 8 of 16 rising 100-unit rays hit geometry (on Source maps
//!   monster clips too); Source also marks the rest *exposed*, and asks the corners in its own
//!   order;
//! - **sniper spots** ([`Stage::Sniper`]): good when a walkable sample 1,000+ units away is in
//!   sight of the spot's crouching eye (standing in a Source "stand" area; [`BotCode`]), ideal
//!   when 1,500+ or when the record-setting far samples span 200×200;
//! - **encounter paths** ([`Stage::Encounter`]): for every ordered pair of links, the in-cover
//!   spots within 2,000 units that first come into view sideways (45°–135°) while walking from
//!   portal to portal in 25-unit steps, with their position along the walk (Source's sight lines
//!   also stop on windows, grates and clips, and the later code's eye stands higher:
//!   [`BotCode`]);
//! - **approach areas** ([`Stage::Approach`]): up to 16 per area;
//! - **earliest occupy times** ([`Stage::Occupy`], v8+): the game's travel distance from each of a
//!   team's spawns (the spawn to its area's centre, then centre to centre along the game's
//!   shortest path, which weighs crouch and jump areas) at 240 units/s, capped at 120 s.
//!
//! Each game stores only some of these ([`navforge_core::analysis::stored_lists`], the game from
//! [`file_game`]): CS:S's v16 files no sniper flags, no encounter paths and no approach areas,
//! CS:GO's no visibility lists, TF2, HL2DM, GMod, DoD:S and FoF v16 files neither sniper flags
//! nor encounter paths nor approach areas nor occupy times. A list the game does not store, or
//! the file's layout has no field for (approach areas from version 15 but in the CS layout:
//! [`SourceNavDocument::stores_approach_areas`]), is left empty (occupy times zero, sniper bits
//! cleared) and its stage reported in [`Report::skipped`].
//!
//! Everything else in the document is left as it was, so it writes back byte-identical apart from
//! the analysis; `isAnalyzed` is set where the version has it. Work is spread over areas with
//! `rayon`; results are put together in area order, so the bytes do not depend on the thread count.
//!
//! ```
//! use navforge_analyze::{AnalyzeOptions, analyze};
//! use navforge_core::model::{Area, NavMesh};
//! use navforge_core::{BuildFromModel, NavDocument};
//! use navforge_level::{Level, LoadOptions, UpAxis};
//! use navforge_source::SourceNavDocument;
//!
//! // One 200 × 200 area on a floor (a Z-up OBJ); a map and its nav load the same way
//! // (`de_dust2.bsp`, `de_dust2.nav`).
//! let obj = b"v -300 -300 0\nv 300 -300 0\nv 300 300 0\nv -300 300 0\nf 1 2 3\nf 1 3 4\n";
//! let level = Level::load(obj, &LoadOptions::default().with_up_axis(UpAxis::Z))?;
//! let square = vec![[-100.0, -100.0, 0.0], [100.0, -100.0, 0.0], [100.0, 100.0, 0.0], [-100.0, 100.0, 0.0]];
//! let mesh = NavMesh { areas: vec![Area { id: 1, polygon: square, ..Area::default() }], ..NavMesh::default() };
//! let mut doc = SourceNavDocument::from_model(&mesh, &Default::default())?.document;
//! let report = analyze(&mut doc, &level, &AnalyzeOptions::default())?;
//! // Its four corners have no neighbour: four hiding spots.
//! assert_eq!(report.hiding_spots, 4);
//! let bytes = doc.write()?; // the analysed .nav
//! # let _ = bytes;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod approach;
mod bot_code;
pub mod encounter;
pub mod fidelity;
pub mod geom;
pub mod hiding;
pub mod ladders;
pub mod occupy;
pub mod sniper;
mod traces;
pub mod visibility;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use navforge_core::context::{Context, Quiet, StageClock};

use navforge_core::F32;
use navforge_core::Game;
use navforge_core::analysis::stored_lists;
use navforge_level::{Level, Vec3};
use navforge_source::{EncounterPaths, EncounterSpot, HidingSpot, Layout, SourceNavDocument};
use rayon::prelude::*;

pub use bot_code::BotCode;
pub use fidelity::{Fidelity, compare};
use geom::Mesh;
#[doc(hidden)]
pub use traces::{take as take_traces, take_proofs};

/// One analysis stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// Hiding spots and their cover class.
    Hiding,
    /// Good / ideal sniper classification of the hiding spots.
    Sniper,
    /// Encounter paths and spots.
    Encounter,
    /// Visible-area lists and their inheritance (v16, L4D).
    Visibility,
    /// Approach areas (CS).
    Approach,
    /// Earliest occupy times (v8+).
    Occupy,
}

impl Stage {
    /// Every stage, in the order they run.
    pub const ALL: [Stage; 6] = [
        Stage::Hiding,
        Stage::Encounter,
        Stage::Sniper,
        Stage::Visibility,
        Stage::Approach,
        Stage::Occupy,
    ];

    /// The name used by `--only`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Hiding => "hiding",
            Stage::Sniper => "sniper",
            Stage::Encounter => "encounter",
            Stage::Visibility => "visibility",
            Stage::Approach => "approach",
            Stage::Occupy => "occupy",
        }
    }

    /// What the stage computes, for `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Stage::Hiding => "hiding spots and their cover class",
            Stage::Sniper => "good / ideal sniper classification of the hiding spots",
            Stage::Encounter => "encounter paths and spots",
            Stage::Visibility => "visible-area lists and their inheritance (v16, L4D)",
            Stage::Approach => "approach areas (CS)",
            Stage::Occupy => "earliest occupy times (v8+)",
        }
    }

    /// The stage of an `--only` name.
    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// `--only`'s values are the stage table's names (feature `clap`).
#[cfg(feature = "clap")]
impl clap::ValueEnum for Stage {
    fn value_variants<'a>() -> &'a [Self] {
        &Stage::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.description()))
    }
}

/// What to compute.
#[derive(Clone, Copy)]
pub struct AnalyzeOptions<'a> {
    /// Stages to run; the others keep the input's data.
    pub stages: &'a [Stage],
    /// Told each stage's start, progress (areas or spots done of the total, from worker
    /// threads) and time; [`Quiet`] by default.
    pub context: &'a dyn Context,
    /// Visibility range (`nav_max_view_distance`); `None` is the game's: 1,500 for L4D files,
    /// 6,000 for the others.
    pub view_distance: Option<f32>,
    /// The game whose rules say which lists are stored ([`stored_lists`]), when the caller
    /// knows it (`generate --game css --analyze`); `None` reads it from the file and the map
    /// ([`file_game`]).
    pub game: Option<Game>,
}

impl Default for AnalyzeOptions<'_> {
    fn default() -> Self {
        AnalyzeOptions {
            stages: &Stage::ALL,
            context: &Quiet,
            view_distance: None,
            game: None,
        }
    }
}

impl std::fmt::Debug for AnalyzeOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalyzeOptions")
            .field("stages", &self.stages)
            .field("context", &"dyn Context")
            .field("view_distance", &self.view_distance)
            .field("game", &self.game)
            .finish()
    }
}

/// What an analysis did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Hiding spots in the output.
    pub hiding_spots: usize,
    /// Encounter paths in the output.
    pub encounter_paths: usize,
    /// Approach entries in the output.
    pub approach_areas: usize,
    /// Visible-area entries in the output's full lists (before compression).
    pub visible_pairs: usize,
    /// Areas that store their visibility as a difference from a neighbour's.
    pub inheriting_areas: usize,
    /// Share of areas with no floor of the level under their centre (a wrong map when high).
    pub off_floor_share: f64,
    /// Each stage that ran, in order, with its wall time and traces.
    pub stages: Vec<StageRun>,
    /// Stages asked for that this version, layout or game does not store, or that are not
    /// implemented.
    pub skipped: Vec<Stage>,
}

/// One stage that ran: its wall time and its traces (rays, sight lines, ground probes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageRun {
    /// The stage.
    pub stage: Stage,
    /// Its wall time.
    pub time: Duration,
    /// Its traces.
    pub traces: u64,
}

impl Report {
    /// The stages' wall times added up, in seconds.
    pub fn seconds(&self) -> f64 {
        self.stages.iter().map(|s| s.time.as_secs_f64()).sum()
    }

    /// What the analysis made, in one line (`navforge analyze`, `navforge generate --analyze`
    /// and the editor's `nav_analyze` print it).
    pub fn summary(&self) -> String {
        let seconds = self.seconds();
        let visibility = if self.visible_pairs > 0 {
            format!(
                ", {} visible-area entries ({} areas inherit)",
                self.visible_pairs, self.inheriting_areas
            )
        } else {
            String::new()
        };
        let skipped = if self.skipped.is_empty() {
            String::new()
        } else {
            let names: Vec<&str> = self.skipped.iter().map(|s| s.name()).collect();
            format!(" (not stored by this file: {})", names.join(", "))
        };
        format!(
            "{} hiding spots, {} encounter paths, {} approach areas{visibility} in {seconds:.1} s{skipped}",
            self.hiding_spots, self.encounter_paths, self.approach_areas
        )
    }
}

/// One stage at a time: its time, its traces and its count of items done, reported to the
/// context and kept in the [`Report`].
struct StageTimer<'a> {
    clock: StageClock<'a>,
    stage: Option<Stage>,
    traced: AtomicU64,
    done: AtomicUsize,
}

impl<'a> StageTimer<'a> {
    fn new(ctx: &'a dyn Context) -> Self {
        StageTimer {
            clock: StageClock::new(ctx),
            stage: None,
            traced: AtomicU64::new(0),
            done: AtomicUsize::new(0),
        }
    }

    /// Starts `stage` (the traces since the last stage are not its own).
    fn start(&mut self, stage: Stage) -> Result<(), AnalyzeError> {
        traces::take();
        self.traced.store(0, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
        self.stage = Some(stage);
        self.clock
            .start(stage.name())
            .map_err(|_| AnalyzeError::Cancelled)
    }

    /// One more item of `total` done (from any thread): its traces are counted.
    fn tick(&self, total: usize) {
        self.traced.fetch_add(traces::take(), Ordering::Relaxed);
        let n = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        self.clock.progress(n, Some(total));
    }

    /// Ends the stage: its time and traces go into `report`.
    fn stop(&mut self, report: &mut Report) {
        self.clock.end();
        let Some(stage) = self.stage.take() else {
            return;
        };
        self.traced.fetch_add(traces::take(), Ordering::Relaxed);
        let seconds = self.clock.times().last().map_or(0.0, |&(_, s)| s);
        report.stages.push(StageRun {
            stage,
            time: Duration::from_secs_f64(seconds),
            traces: self.traced.swap(0, Ordering::Relaxed),
        });
    }
}

/// The largest coordinate an area may have for analysis: 2^17 = 131,072 units, eight times
/// Source's ±16,384-unit world (and twice Momentum's ±65,536), so only a broken file reaches it.
pub const MAX_EXTENT: f32 = 131_072.0;

/// The most 25-unit samples all areas may hold together (sniper and visibility stages walk
/// them): 2^22 = 4,194,304, a square of about 51,000 units of floor on a side, far past any
/// real map.
pub const MAX_SAMPLES: u64 = 1 << 22;

/// Why a file cannot be analysed: its areas are past the bounds analysis works in, checked
/// before anything is allocated from them.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum AnalyzeError {
    /// A corner coordinate of an area is not finite or lies past [`MAX_EXTENT`].
    Extent {
        /// The area's ID.
        id: u32,
        /// Its index in the file.
        index: usize,
        /// The field (`north_west.x`, ...).
        field: &'static str,
        /// Its value.
        value: f32,
    },
    /// The areas together would hold more than [`MAX_SAMPLES`] samples.
    TooManySamples {
        /// The area at which the total passed the limit.
        id: u32,
        /// Its index in the file.
        index: usize,
        /// Its size in x and y.
        size: [f32; 2],
    },
    /// The [`AnalyzeOptions::context`] asked analysis to stop (at the start of a stage: the
    /// stages before it have written their data into the document).
    Cancelled,
}

impl std::fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalyzeError::Extent {
                id,
                index,
                field,
                value,
            } => write!(
                f,
                "area {id} (#{index}) field `{field}`: {value} is outside the ±{MAX_EXTENT} units \
                 analysis works in"
            ),
            AnalyzeError::TooManySamples { id, index, size } => write!(
                f,
                "area {id} (#{index}), {} × {} units: the areas would hold more than \
                 {MAX_SAMPLES} samples of {} units (the limit of analysis)",
                size[0],
                size[1],
                geom::STEP
            ),
            AnalyzeError::Cancelled => write!(f, "analysis cancelled"),
        }
    }
}

impl std::error::Error for AnalyzeError {}

/// Check that every area of `doc` is within the bounds analysis works in ([`MAX_EXTENT`],
/// [`MAX_SAMPLES`]); [`analyze`] does this first.
pub fn check_extents(doc: &SourceNavDocument) -> Result<(), AnalyzeError> {
    let mut samples = 0u64;
    for (index, a) in doc.areas.iter().enumerate() {
        let (nw, se) = (a.north_west, a.south_east);
        for (field, value) in [
            ("north_west.x", nw[0]),
            ("north_west.y", nw[1]),
            ("north_west.z", nw[2]),
            ("south_east.x", se[0]),
            ("south_east.y", se[1]),
            ("south_east.z", se[2]),
            ("north_east_z", a.north_east_z),
            ("south_west_z", a.south_west_z),
        ] {
            let value = value.get();
            if !(value.is_finite() && value.abs() <= MAX_EXTENT) {
                return Err(AnalyzeError::Extent {
                    id: a.id,
                    index,
                    field,
                    value,
                });
            }
        }
        let size = [
            (se[0].get() - nw[0].get()).max(0.0),
            (se[1].get() - nw[1].get()).max(0.0),
        ];
        let cells = |d: f32| (d / geom::STEP) as u64 + 1;
        samples += cells(size[0]) * cells(size[1]);
        if samples > MAX_SAMPLES {
            return Err(AnalyzeError::TooManySamples {
                id: a.id,
                index,
                size,
            });
        }
    }
    Ok(())
}

/// Analyse `doc` against `level`, replacing the analysis data of the stages asked for.
///
/// Refused, before anything is allocated, when an area is past the bounds analysis works in
/// ([`check_extents`]).
pub fn analyze(
    doc: &mut SourceNavDocument,
    level: &Level,
    opts: &AnalyzeOptions,
) -> Result<Report, AnalyzeError> {
    check_extents(doc)?;
    traces::take();
    let mut mesh = Mesh::from_document(doc);
    // GoldSrc files (v5 and older) store no ladders: the game rebuilds them from the map. A
    // later file stores the game's own, and one that stores none had none.
    if doc.version <= 5 {
        mesh.add_level_ladders(level);
    }
    let mesh = mesh;
    let mut report = Report {
        off_floor_share: off_floor_share(&mesh, level),
        ..Report::default()
    };
    let wants = |s: Stage| opts.stages.contains(&s);
    // What this game stores for this version: the others are left empty, as the game leaves
    // them (`navforge_core::analysis`).
    let game = opts.game.or_else(|| file_game(doc, level));
    let stored = stored_lists(game, doc.version);
    let code = BotCode::of(game, doc.version);
    let mut clock = StageTimer::new(opts.context);
    let n = mesh.areas.len();

    if wants(Stage::Hiding) {
        clock.start(Stage::Hiding)?;
        let per_area: Vec<Vec<hiding::Spot>> = (0..n)
            .into_par_iter()
            .map(|i| {
                let s = hiding::area_spots(&mesh, i, level, code);
                clock.tick(n);
                s
            })
            .collect();
        // Numbered from 0 in area order, as every game-analysed file of the corpus is (the
        // game's analysis starts by destroying the old spots, which resets the count to 0).
        let mut next_id = 0u32;
        for (area, spots) in doc.areas.iter_mut().zip(per_area) {
            area.hiding_spots = spots
                .into_iter()
                .map(|s| {
                    let id = next_id;
                    next_id = next_id.saturating_add(1);
                    HidingSpot {
                        id,
                        position: [F32::new(s.pos.x), F32::new(s.pos.y), F32::new(s.pos.z)],
                        flags: s.flags,
                    }
                })
                .collect();
        }
        clock.stop(&mut report);
    }

    let all_spots: Vec<encounter::MeshSpot> = doc
        .areas
        .iter()
        .flat_map(|a| a.hiding_spots.iter())
        .map(|s| encounter::MeshSpot {
            id: s.id,
            pos: Vec3::new(
                s.position[0].get(),
                s.position[1].get(),
                s.position[2].get(),
            ),
            flags: s.flags,
        })
        .collect();

    if wants(Stage::Encounter) && stored.encounter {
        clock.start(Stage::Encounter)?;
        let targets = encounter::SpotTargets::new(&all_spots, level, code);
        let per_area: Vec<Vec<encounter::Path>> = (0..n)
            .into_par_iter()
            .map(|i| {
                let p = encounter::area_paths(&mesh, i, &targets);
                clock.tick(n);
                p
            })
            .collect();
        for (area, paths) in doc.areas.iter_mut().zip(per_area) {
            let mut list = EncounterPaths::default();
            for p in paths {
                let spots: Vec<EncounterSpot> = p
                    .spots
                    .iter()
                    .take(255)
                    .map(|&(hiding_spot, t)| EncounterSpot { hiding_spot, t })
                    .collect();
                // At most 255 spots by construction of `take`.
                let _ = list.push(
                    mesh.areas[p.from].id,
                    p.from_dir,
                    mesh.areas[p.to].id,
                    p.to_dir,
                    &spots,
                );
            }
            area.encounter_paths = list;
        }
        clock.stop(&mut report);
    } else if wants(Stage::Encounter) {
        for area in &mut doc.areas {
            area.encounter_paths = EncounterPaths::default();
        }
        report.skipped.push(Stage::Encounter);
    }

    if wants(Stage::Sniper) && stored.sniper {
        clock.start(Stage::Sniper)?;
        let samples = sniper::Samples::new(&mesh, level, code.half_human_height());
        let total = all_spots.len();
        // Each spot's eye over it, by the attributes of its area (in the spots' order).
        let eyes: Vec<f32> = (doc.areas.iter())
            .flat_map(|a| {
                let stand = u64::from(a.attributes) & navforge_core::attributes::nav_mesh::STAND;
                let height = code.sniper_eye(stand != 0);
                a.hiding_spots.iter().map(move |_| height)
            })
            .collect();
        let mask = code.sniper_mask();
        let bits: Vec<u8> = all_spots
            .par_iter()
            .zip(eyes)
            .map(|(s, eye)| {
                let b = sniper::classify(s.pos, eye, mask, &samples, level);
                clock.tick(total);
                b
            })
            .collect();
        let mut it = bits.into_iter();
        for area in &mut doc.areas {
            for s in &mut area.hiding_spots {
                let b = it.next().unwrap_or(0);
                s.flags = (s.flags & !(hiding::GOOD_SNIPER | hiding::IDEAL_SNIPER)) | b;
            }
        }
        clock.stop(&mut report);
    } else if wants(Stage::Sniper) {
        for s in doc.areas.iter_mut().flat_map(|a| a.hiding_spots.iter_mut()) {
            s.flags &= !(hiding::GOOD_SNIPER | hiding::IDEAL_SNIPER);
        }
        report.skipped.push(Stage::Sniper);
    }

    if wants(Stage::Visibility) && stored.visibility && stores_visibility(doc) {
        clock.start(Stage::Visibility)?;
        let view = opts
            .view_distance
            .unwrap_or(if doc.layout == Layout::Terror {
                visibility::TERROR_VIEW_DISTANCE
            } else {
                visibility::SOURCE_VIEW_DISTANCE
            });
        let full = visibility::full_lists(&mesh, level, view, &|| clock.tick(n));
        report.visible_pairs = full.iter().map(Vec::len).sum();
        // L4D files before sub-version 11 have no inherit field: they keep whole lists.
        let stored = if doc.layout == Layout::Terror && doc.sub_version.unwrap_or(0) <= 10 {
            full.into_iter()
                .map(|entries| visibility::Stored {
                    inherit: None,
                    entries,
                })
                .collect()
        } else {
            visibility::compress(&mesh, &full)
        };
        report.inheriting_areas = stored.iter().filter(|s| s.inherit.is_some()).count();
        let raw_indices = doc.visible_areas_as_indices;
        let id = |i: usize| mesh.areas.get(i).map_or(0, |a| a.id);
        for (area, s) in doc.areas.iter_mut().zip(stored) {
            area.visible_areas = s
                .entries
                .iter()
                .map(|&(k, attributes)| navforge_source::VisibleArea {
                    id: if raw_indices { k as u32 } else { id(k) },
                    attributes,
                })
                .collect();
            area.inherit_visibility_from = s.inherit.map_or(0, id);
        }
        clock.stop(&mut report);
    } else if wants(Stage::Visibility) {
        for area in &mut doc.areas {
            area.visible_areas.clear();
            area.inherit_visibility_from = 0;
        }
        report.skipped.push(Stage::Visibility);
    }

    // (A file whose layout has no field for them gets none, whatever the game's rule.)
    if wants(Stage::Approach) && stored.approach && doc.stores_approach_areas() {
        clock.start(Stage::Approach)?;
        let far = approach::far_areas(&mesh);
        let rules = approach::Rules::for_version(doc.version);
        let per_area = approach::mesh_approaches(
            &mesh,
            (&far, level),
            rules,
            approach::Search::new(&mesh),
            &|total| clock.tick(total),
        );
        let id = |i: usize| mesh.areas.get(i).map_or(0, |a| a.id);
        for (area, list) in doc.areas.iter_mut().zip(per_area) {
            area.approach_areas = list
                .iter()
                .map(|x| navforge_source::Approach {
                    here: id(x.here),
                    prev: x.prev.map_or(0, id),
                    prev_to_here: x.prev_to_here,
                    next: id(x.next),
                    here_to_next: x.here_to_next,
                })
                .collect();
        }
        clock.stop(&mut report);
    } else if wants(Stage::Approach) {
        for area in &mut doc.areas {
            area.approach_areas.clear();
        }
        report.skipped.push(Stage::Approach);
    }

    if wants(Stage::Occupy) && stored.occupy {
        clock.start(Stage::Occupy)?;
        let times = occupy::occupy_times(&mesh, level);
        for (area, t) in doc.areas.iter_mut().zip(times) {
            area.earliest_occupy_time = [F32::new(t[0]), F32::new(t[1])];
        }
        clock.stop(&mut report);
    } else if wants(Stage::Occupy) {
        if doc.version >= 8 {
            for area in &mut doc.areas {
                area.earliest_occupy_time = [F32::new(0.0); 2];
            }
        }
        report.skipped.push(Stage::Occupy);
    }

    if doc.is_analyzed.is_some() {
        doc.is_analyzed = Some(1);
    }
    report.hiding_spots = doc.areas.iter().map(|a| a.hiding_spots.len()).sum();
    report.encounter_paths = doc.areas.iter().map(|a| a.encounter_paths.len()).sum();
    report.approach_areas = doc.areas.iter().map(|a| a.approach_areas.len()).sum();
    Ok(report)
}

/// The game whose analysis rules `doc` follows ([`stored_lists`]): what the file says
/// ([`SourceNavDocument::game`]: CS:GO for a version-16 file of the CS layout), except that
/// such a file is CS:S's against a CS:S map (VBSP versions 19 and 20; CS:GO maps are version
/// 21, and both games write sub-version 1), and a Source file from before sub-versions (6–15)
/// is taken as CS:S's (FoF's v9 files cannot be told apart; CS:S's rule is the one analysis
/// always followed for them). `None` is a Source game the file does not name.
pub fn file_game(doc: &SourceNavDocument, level: &Level) -> Option<Game> {
    match doc.game() {
        None if doc.version > 5 && doc.version < 16 => Some(Game::Css),
        Some(Game::Csgo)
            if doc.layout == Layout::CounterStrike
                && level.family() == navforge_level::Family::Source
                && matches!(level.version(), 19 | 20) =>
        {
            Some(Game::Css)
        }
        game => game,
    }
}

/// Whether the file has visible-area lists: v16 files and L4D/L4D2 ones.
fn stores_visibility(doc: &SourceNavDocument) -> bool {
    match doc.layout {
        Layout::Terror => true,
        Layout::Unknown => false,
        _ => doc.version >= 16,
    }
}

/// Share of areas with no floor within 20 units below or 20 above their centre.
fn off_floor_share(mesh: &Mesh, level: &Level) -> f64 {
    if mesh.areas.is_empty() {
        return 0.0;
    }
    let off = mesh
        .areas
        .par_iter()
        .filter(|a| {
            let c = a.center();
            let z = a.z_at(c.x, c.y);
            level
                .ground_below(Vec3::new(c.x, c.y, z + 20.0), 40.0)
                .is_none()
        })
        .count();
    off as f64 / mesh.areas.len() as f64
}
