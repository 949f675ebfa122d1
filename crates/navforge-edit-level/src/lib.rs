//! The map under the navforge editor: [`LevelWorld`] answers what the editor's map commands
//! (`nav_corner_place_on_ground`, `nav_build_ladder`, `nav_check_floor`, `nav_update_blocked`,
//! `nav_select_blocked_areas`, `nav_debug_blocked`, `nav_generate_incremental`, `nav_generate`,
//! `nav_analyze`) ask of a level, over a [`navforge_level::Level`] and its traces. `navforge edit --level` and `navforge serve
//! --level` both open the map with [`LevelWorld::open`] and give it to the session.
//!
//! The game's rules stay in `navforge-edit` (how a corner walks to the ground, the blocked
//! box); this crate answers traces and entities, runs `navforge-generate` (whole and
//! incremental) and `navforge-analyze` as `navforge generate` and `navforge analyze` do.

#![deny(missing_docs)]

use std::path::Path;
use std::sync::{Arc, OnceLock};

use navforge_core::context::Quiet;
use navforge_core::model::Direction;
use navforge_edit::{Blocker, BlockerKind, LadderSpan, World};
use navforge_generate::GenerateOptions;
use navforge_level::{Contents, Hull, Level, LoadOptions, Vec3};
use navforge_source::{SourceBuildOptions, SourceNavDocument};

/// A level as the editor's [`World`].
pub struct LevelWorld {
    name: String,
    level: Level,
    /// The file's bytes, when opened from one: generation loads them again as
    /// `navforge generate` does ([`navforge_generate::load_options`]: doors open, breakables
    /// gone), on the first generate.
    data: Option<Arc<[u8]>>,
    for_generation: OnceLock<Result<Level, String>>,
}

impl std::fmt::Debug for LevelWorld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LevelWorld")
            .field("name", &self.name)
            .field("family", &self.level.family())
            .finish_non_exhaustive()
    }
}

impl LevelWorld {
    /// A loaded level, named `name` in messages.
    pub fn new(name: impl Into<String>, level: Level) -> Self {
        LevelWorld {
            name: name.into(),
            level,
            data: None,
            for_generation: OnceLock::new(),
        }
    }

    /// Read and load a level file (.bsp, .obj, .gltf/.glb) as the game stands it: doors closed,
    /// movers as placed (generation walks it as `navforge generate` does, doors open). The
    /// error names the file.
    pub fn open(path: &Path) -> Result<Self, String> {
        let data =
            std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let level = Level::load(&data, &LoadOptions::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        let mut world = LevelWorld::new(name, level);
        world.data = Some(data.into());
        Ok(world)
    }

    /// The level `nav_generate` walks: the file loaded as `navforge generate` loads it, or the
    /// level as given when there is no file.
    fn generation_level(&self) -> Result<&Level, String> {
        let Some(data) = &self.data else {
            return Ok(&self.level);
        };
        self.for_generation
            .get_or_init(|| {
                Level::load(data, &navforge_generate::load_options())
                    .map_err(|e| format!("{}: {e}", self.name))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The level.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// This world for a session.
    pub fn shared(self) -> Arc<dyn World> {
        Arc::new(self)
    }
}

/// Generation options for `doc`'s game (HL2DM when the file names none), in `version` when
/// given, seeded from the game's spawns and the walkable `marks`.
fn generate_options(
    doc: &SourceNavDocument,
    version: Option<u32>,
    marks: &[[f32; 3]],
) -> Result<GenerateOptions, String> {
    let game = doc.game().unwrap_or(navforge_core::Game::Hl2dm);
    let build = SourceBuildOptions::from_game(game, version).map_err(|e| e.to_string())?;
    let mut opts = GenerateOptions::for_game(build.game());
    opts.build = build;
    opts.config.marks = marks.iter().copied().map(Vec3::from_array).collect();
    Ok(opts)
}

/// What `e`'s class makes it, as a blocker of areas (the classes the game's blocker test
/// counts, and the nav blockers).
fn blocker_kind(class: &str) -> Option<BlockerKind> {
    let c = class.to_ascii_lowercase();
    if c.starts_with("func_door") || c == "momentary_door" {
        Some(BlockerKind::Door)
    } else if c.starts_with("func_breakable") {
        Some(BlockerKind::Breakable)
    } else if c == "func_nav_blocker" {
        Some(BlockerKind::NavBlocker)
    } else if matches!(c.as_str(), "func_brush" | "func_wall_toggle") {
        Some(BlockerKind::Brush)
    } else {
        None
    }
}

impl World for LevelWorld {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn ground_height(&self, at: [f32; 3]) -> Option<f32> {
        let p = Vec3::from_array(at);
        if !p.is_finite() {
            return None;
        }
        self.level.ground_height(p)
    }

    fn box_solid(&self, min: [f32; 3], max: [f32; 3]) -> bool {
        let (lo, hi) = (Vec3::from_array(min), Vec3::from_array(max));
        if !(lo.is_finite() && hi.is_finite()) {
            return false;
        }
        let centre = (lo + hi) * 0.5;
        let hull = Hull::new(lo - centre, hi - centre);
        self.level
            .trace(centre, centre, &hull, Contents::MASK_PLAYER)
            .start_solid
    }

    fn ladder_near(&self, at: [f32; 3]) -> Option<LadderSpan> {
        let p = Vec3::from_array(at);
        // `func_ladder` volumes, and the world's ladder brushes (Source `CONTENTS_LADDER`).
        let volumes = self
            .level
            .ladders()
            .into_iter()
            .map(|v| (v.bounds, format!("{} #{}", v.class, v.entity)));
        let brushes = self
            .level
            .ladder_brushes()
            .into_iter()
            .map(|b| (b, "a ladder brush".to_string()));
        let (bounds, what) = volumes
            .chain(brushes)
            .filter(|(b, _)| b.min.is_finite() && b.max.is_finite())
            .min_by(|(a, _), (b, _)| {
                let d = |v: &navforge_level::Aabb| p.clamp(v.min, v.max).distance_squared(p);
                d(a).total_cmp(&d(b))
            })?;
        let (min, max) = (bounds.min, bounds.max);
        let c = (min + max) * 0.5;
        let ext = max - min;
        // The climber stands on the open side of the volume's thin axis.
        let (normal, half) = if ext.x < ext.y {
            (Vec3::X, ext.x * 0.5)
        } else {
            (Vec3::Y, ext.y * 0.5)
        };
        let open = |n: Vec3| {
            let probe = c + n * (half + 17.0);
            self.level.hull_fits(probe, &Hull::POINT)
        };
        let side = match (open(normal), open(-normal)) {
            (true, false) => Some(normal),
            (false, true) => Some(-normal),
            _ => None,
        };
        // On the climbable face, down to the floor in front of it (the volume may reach into
        // the floor below).
        let (mut x, mut y, mut bottom) = (c.x, c.y, min.z);
        if let Some(n) = side {
            let face = c + n * half;
            (x, y) = (face.x, face.y);
            let front = face + n * 16.0;
            if let Some(g) = self.level.ground_height(Vec3::new(front.x, front.y, min.z))
                && g > min.z
                && g < max.z
            {
                bottom = g;
            }
        }
        Some(LadderSpan {
            top: [x, y, max.z],
            bottom: [x, y, bottom],
            width: ext.x.max(ext.y),
            facing: side.map(|n| Direction::facing(n.x, n.y)),
            what,
        })
    }

    fn blockers(&self) -> Vec<Blocker> {
        let entities = self.level.entities();
        self.level
            .brush_entities()
            .iter()
            .filter(|b| b.bounds.min.is_finite() && b.bounds.max.is_finite())
            .filter_map(|b| {
                let kind = blocker_kind(&b.class)?;
                let name = entities
                    .get(b.entity)
                    .and_then(|e| e.get("targetname"))
                    .map(|n| format!(" \"{n}\""))
                    .unwrap_or_default();
                Some(Blocker {
                    what: format!("{}{name} #{}", b.class, b.entity),
                    kind,
                    min: b.bounds.min.to_array(),
                    max: b.bounds.max.to_array(),
                })
            })
            .collect()
    }

    fn generate_incremental(
        &self,
        doc: &SourceNavDocument,
        marks: &[[f32; 3]],
    ) -> Result<SourceNavDocument, String> {
        let opts = generate_options(doc, None, marks)?;
        let out =
            navforge_generate::generate_incremental(self.generation_level()?, doc, &opts, &Quiet)
                .map_err(|e| format!("nav_generate_incremental on {}: {e}", self.name))?;
        Ok(out.document)
    }

    fn generate(
        &self,
        doc: &SourceNavDocument,
        marks: &[[f32; 3]],
        analyze: bool,
    ) -> Result<(SourceNavDocument, String), String> {
        // The file's game and version (a version navforge does not write: the game's newest).
        let opts = generate_options(doc, Some(doc.version), marks)
            .or_else(|_| generate_options(doc, None, marks))?;
        let out = navforge_generate::generate_in(self.generation_level()?, &opts, &Quiet)
            .map_err(|e| format!("nav_generate on {}: {e}", self.name))?;
        let made = format!(
            "generated {} area(s), {} connection(s), {} ladder(s) from {} (v{}; {})",
            out.stats.areas,
            out.stats.connections,
            out.stats.ladders,
            self.name,
            out.document.version,
            out.stats.seed_source
        );
        if !analyze {
            return Ok((out.document, made));
        }
        let (document, found) = self.analyze(&out.document)?;
        Ok((document, format!("{made}; analysed: {found}")))
    }

    fn analyze(&self, doc: &SourceNavDocument) -> Result<(SourceNavDocument, String), String> {
        let fail = |e: navforge_analyze::AnalyzeError| format!("nav_analyze on {}: {e}", self.name);
        navforge_analyze::check_extents(doc).map_err(fail)?;
        let mut doc = doc.clone();
        // As `navforge analyze`: the header names the size of the BSP analysed against.
        if let Some(size) = self.level.bsp_size() {
            doc.set_bsp_size(size);
        }
        let report = navforge_analyze::analyze(
            &mut doc,
            &self.level,
            &navforge_analyze::AnalyzeOptions {
                stages: &navforge_analyze::Stage::ALL,
                context: &Quiet,
                view_distance: None,
                game: None,
            },
        )
        .map_err(fail)?;
        let mut found = report.summary();
        if report.off_floor_share > 0.25 {
            found.push_str(&format!(
                "; warning: {:.0}% of the areas are not on any floor of {}: is it the right map?",
                report.off_floor_share * 100.0,
                self.name
            ));
        }
        Ok((doc, found))
    }
}
