//! Quake bot waypoint graphs (`NAV2` for Quake 2021, `NAV3` for the Quake II re-release)
//! generated from the map, in stages with one configuration struct each:
//!
//! 1. [`plan_entities`] ([`EntityConfig`]): teleporters, pushers, lifts and trains, and the
//!    trigger volumes a walk must not cross;
//! 2. [`find_seeds`] ([`SeedConfig`]): the spawn points, every item and the teleport
//!    destinations, dropped to the floor;
//! 3. [`fill()`] ([`FillConfig`]): every floor reachable from the seeds with the player's own
//!    moves ([`Motion`]: the level's clip hull, steps of 18, falls, jumps with the game's
//!    gravity and jump speed), on a 32-unit grid;
//! 4. [`place_nodes`] and [`finish_nodes`] ([`NodeConfig`]): entity anchors and seeds, a
//!    64-unit lattice, and cover for what the lattice missed; radius and flags;
//! 5. [`walk_links`], [`air_links`] ([`LinkConfig`]) and [`entity_links`]: each link travelled
//!    and typed as the game types it (walk, walk off ledge, long jump, barrier jump, teleport,
//!    pusher, elevator, train), with traversal points and edicts; ways out of the water (swum up
//!    and climbed out with the water jump, typed walk as the game types them); nodes nothing
//!    reaches, or that reach nothing, linked to their nearest neighbours; at most 12 per node,
//!    with connectivity checked before writing ([`repair_cuts`]: a link the cap left out whose
//!    ends nothing else joins is put back; [`GraphStats::cuts`]);
//! 6. [`to_nav2`] / [`to_nav3`]: the file, which re-reads byte-exactly.
//!
//! [`unconnected_places`] checks any graph against the level: the pairs of places the
//! generator's moves connect that the graph has no path between (`navforge check --level`).
//!
//! [`generate_graph`] runs them all ([`generate_graph_in`] reports to a
//! [`Context`]); with the `test-support` feature, `graph_agreement` measures a graph against the
//! game's.
//!
//! ```no_run
//! use navforge_quake_graph::{QuakeGraphOptions, generate_graph, load_options};
//! use navforge_level::Level;
//!
//! let level = Level::load(&std::fs::read("dm1.bsp")?, &load_options())?;
//! let out = generate_graph(&level, &QuakeGraphOptions::for_level(&level))?;
//! std::fs::write("dm1.nav", &out.bytes)?;
//! println!("{} nodes, {} links", out.stats.nodes, out.stats.links);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod air_control;
#[cfg(feature = "test-support")]
mod compare;
mod config;
mod entities;
mod error;
mod fill;
mod links;
mod motion;
mod nodes;
mod openings;
mod reach;
mod seeds;
mod write;

use std::collections::BTreeMap;
use std::time::Duration;

use navforge_core::NavDocument;
use navforge_core::context::{Context, Quiet, StageClock};
use navforge_core::model::NavMesh;
use navforge_level::{DoorState, Family, Level, LoadOptions, MoverState};
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};

#[cfg(feature = "test-support")]
pub use compare::{GraphAgreement, graph_agreement, graph_agreement_with};
pub use config::{EntityConfig, FillConfig, LinkConfig, NodeConfig, Physics, SeedConfig};
pub use entities::{EntityPlan, edict_numbers, entity_links, plan_entities};
pub use error::GraphError;
pub use fill::{Walkable, fill, fill_more};
pub use links::{GraphLink, LinkType, air_links, cap_links, reverse_dead_ends, walk_links};
pub use motion::{Allow, Motion, Stand, StepResult, horizontal};
pub use nodes::{GraphNode, NodeKind, finish_nodes, place_nodes};
pub use openings::{Opening, openings_reached, plan_openings};
pub use reach::{UnconnectedPlaces, unconnected_places};
pub use seeds::{Seed, SeedKind, find_seeds};
pub use write::{NodeHeight, to_nav2, to_nav3};

pub use links::{prune_redundant, repair_cuts, swim_links, walk_gaps, walk_trips};
pub use nodes::add_nodes_at;

/// How to load a level for graph generation: doors open (bots open them by walking into them)
/// except floor hatches (bots walk on them), plats and trains where the game spawns them, and
/// what a deathmatch server removes left out (the bots play deathmatch), except teleporters:
/// the game's graphs link those of every mode; and solids a trigger removes (`killtarget`)
/// left out, as the level stands once the trigger fired.
pub fn load_options() -> LoadOptions {
    LoadOptions::default()
        .with_doors(DoorState::OpenExceptHatches)
        .with_movers(MoverState::Spawned)
        .with_deathmatch(true)
        .with_all_teleporters(true)
        .with_killed_removed(true)
}

/// Which file to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// Quake 2021 `NAV2` of this version (14–18).
    Nav2(u32),
    /// Quake II re-release `NAV3` (version 6).
    Nav3,
}

/// Every stage's configuration and the file to write.
#[derive(Debug, Clone)]
pub struct QuakeGraphOptions {
    /// The file.
    pub format: GraphFormat,
    /// The movement the links are decided by.
    pub physics: Physics,
    /// Stage 1.
    pub entities: EntityConfig,
    /// Stage 2.
    pub seeds: SeedConfig,
    /// Stage 3.
    pub fill: FillConfig,
    /// Stage 4.
    pub nodes: NodeConfig,
    /// Stage 5.
    pub links: LinkConfig,
}

impl QuakeGraphOptions {
    /// The game's settings for a level: Quake maps get `NAV2` v18 and Quake's physics, Quake II
    /// maps `NAV3` with Quake II's (and radius 32 on every node, as its files have).
    pub fn for_level(level: &Level) -> Self {
        let quake2 = level.family() == Family::Quake2;
        Self::for_format(if quake2 {
            GraphFormat::Nav3
        } else {
            GraphFormat::Nav2(18)
        })
        .with_physics(Physics::for_family(level.family()))
    }

    /// Defaults for a file format (Quake physics).
    pub fn for_format(format: GraphFormat) -> Self {
        let nodes = NodeConfig {
            fixed_radius: (format == GraphFormat::Nav3).then_some(32),
            ..NodeConfig::default()
        };
        QuakeGraphOptions {
            format,
            physics: Physics::QUAKE,
            entities: EntityConfig::default(),
            seeds: SeedConfig::default(),
            fill: FillConfig::default(),
            nodes,
            links: LinkConfig::default(),
        }
    }

    /// The same writing another format (`NAV3` gets radius 32 on every node, `NAV2` measured
    /// radii).
    pub fn with_format(mut self, format: GraphFormat) -> Self {
        self.format = format;
        self.nodes.fixed_radius = (format == GraphFormat::Nav3).then_some(32);
        self
    }

    /// Every length, speed and count in range, or [`GraphError::Config`] naming the first that
    /// is not (as `stage.field`) and its range. [`generate_graph`] checks this first.
    pub fn validate(&self) -> Result<(), GraphError> {
        let bad = |field, value: f64, limit| {
            Err(GraphError::Config {
                field,
                value,
                limit,
            })
        };
        let p = &self.physics;
        let positive: [(&'static str, f32); 17] = [
            ("physics.gravity", p.gravity),
            ("physics.jump_speed", p.jump_speed),
            ("physics.run_speed", p.run_speed),
            ("physics.air_speed", p.air_speed),
            ("physics.step", p.step),
            ("physics.max_velocity", p.max_velocity),
            ("seeds.max_drop", self.seeds.max_drop),
            ("fill.grid", self.fill.grid),
            ("fill.same_height", self.fill.same_height),
            ("nodes.spacing", self.nodes.spacing),
            ("nodes.cover", self.nodes.cover),
            ("links.walk_reach", self.links.walk_reach),
            ("links.air_reach", self.links.air_reach),
            ("links.detour_factor", self.links.detour_factor),
            ("links.step_length", self.links.step_length),
            ("entities.max_flight", self.entities.max_flight),
            ("nodes.hazard_distance", self.nodes.hazard_distance),
        ];
        for (field, v) in positive {
            if !(v.is_finite() && v > 0.0) {
                return bad(field, f64::from(v), "a finite number above 0");
            }
        }
        if !(p.slope > 0.0 && p.slope <= 1.0) {
            return bad(
                "physics.slope",
                f64::from(p.slope),
                "above 0 and at most 1 (the z of a floor's normal)",
            );
        }
        if !self.nodes.floor_offset.is_finite() {
            return bad(
                "nodes.floor_offset",
                f64::from(self.nodes.floor_offset),
                "a finite number",
            );
        }
        let (lo, hi) = (p.hull.mins, p.hull.maxs);
        if !(lo.is_finite() && hi.is_finite() && lo.cmplt(hi).all()) {
            return bad(
                "physics.hull",
                f64::from((hi - lo).min_element()),
                "a box with finite corners, larger than 0 on every axis",
            );
        }
        let counts: [(&'static str, usize); 4] = [
            ("fill.max_samples", self.fill.max_samples),
            ("links.max_links", self.links.max_links),
            ("links.max_air_links", self.links.max_air_links),
            ("nodes.max_radius", usize::from(self.nodes.max_radius)),
        ];
        for (field, n) in counts {
            if n == 0 {
                return bad(field, 0.0, "at least 1");
            }
        }
        Ok(())
    }

    /// The same with other physics.
    pub fn with_physics(mut self, physics: Physics) -> Self {
        self.physics = physics;
        self
    }
}

/// A pipeline stage, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphStage {
    /// Teleporters, pushers, lifts and trains.
    Entities,
    /// Seeds.
    Seeds,
    /// The flood fill (progress: samples so far).
    Fill,
    /// Node placement, radii and flags.
    Nodes,
    /// Links.
    Links,
    /// The file.
    Write,
}

impl GraphStage {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            GraphStage::Entities => "entities",
            GraphStage::Seeds => "seeds",
            GraphStage::Fill => "fill",
            GraphStage::Nodes => "nodes",
            GraphStage::Links => "links",
            GraphStage::Write => "write",
        }
    }
}

/// Counts and time per stage.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct GraphStats {
    /// The player's box was swept against the triangles: the map's clip hulls found no floor.
    pub mesh_collision: bool,
    /// Seeds (spawns, items, destinations, and floors entities lead to).
    pub seeds: usize,
    /// Floor samples of the fill.
    pub samples: usize,
    /// Nodes written.
    pub nodes: usize,
    /// Links written.
    pub links: usize,
    /// Links per type.
    pub link_types: BTreeMap<String, usize>,
    /// Traversals written.
    pub traversals: usize,
    /// Edicts written.
    pub edicts: usize,
    /// Connectivity before writing: links the 12-a-node cap left out whose ends the rest of
    /// the graph no longer joined (islands the level connects).
    pub cuts: usize,
    /// Of those, how many were put back (in place of a link the rest make up for).
    pub cuts_repaired: usize,
    /// (stage name, seconds) in order; links are timed as walk, air and entity links.
    pub times: Vec<(&'static str, f64)>,
}

impl GraphStats {
    /// Total time.
    pub fn total(&self) -> Duration {
        Duration::from_secs_f64(self.times.iter().map(|t| t.1).sum())
    }
}

/// The game's document.
#[derive(Debug, Clone, PartialEq)]
pub enum GraphDocument {
    /// Quake 2021.
    Nav2(QuakeNavDocument),
    /// Quake II re-release.
    Nav3(Quake2NavDocument),
}

impl GraphDocument {
    /// The common model of the file.
    pub fn to_model(&self) -> NavMesh {
        match self {
            GraphDocument::Nav2(d) => d.to_model(),
            GraphDocument::Nav3(d) => d.to_model(),
        }
    }
}

/// The result of a generation.
#[derive(Debug, Clone)]
pub struct GeneratedGraph {
    /// Nodes in file order.
    pub nodes: Vec<GraphNode>,
    /// Links in file order.
    pub links: Vec<GraphLink>,
    /// The game's document.
    pub document: GraphDocument,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// What happened.
    pub stats: GraphStats,
}

/// Stage 5 whole: walk links (and nodes added where they lost what the fill's steps join),
/// radii and flags, drops and jumps, the entities' links, dead ends reversed, at most
/// [`LinkConfig::max_links`] per node. Returns the links in file order and the time of each
/// part.
pub fn link_nodes(
    motion: &Motion,
    walk: &Walkable,
    plan: &EntityPlan,
    nodes: &mut Vec<GraphNode>,
    opts: &QuakeGraphOptions,
) -> (Vec<GraphLink>, Vec<(&'static str, f64)>) {
    let mut clock = StageClock::new(&Quiet);
    link_nodes_timed(motion, walk, plan, nodes, opts, &mut clock)
        .map(|(links, _)| (links, clock.finish()))
        .unwrap_or_default()
}

/// [`link_nodes`] timed on `clock` as three stages: walk, air and entity links.
fn link_nodes_timed(
    motion: &Motion,
    walk: &Walkable,
    plan: &EntityPlan,
    nodes: &mut Vec<GraphNode>,
    opts: &QuakeGraphOptions,
    clock: &mut StageClock<'_>,
) -> Result<(Vec<GraphLink>, (usize, usize)), navforge_core::context::Cancelled> {
    clock.start("walk links")?;
    // Twice at most: a gap's new nodes are linked, and a gap they leave is closed once more.
    let mut trips = links::walk_trips(motion, nodes, &opts.links, 0);
    for _ in 0..2 {
        let gaps = links::walk_gaps(walk, nodes, &trips);
        let first = nodes.len();
        if nodes::add_nodes_at(walk, nodes, &gaps, opts.fill.grid * 0.5) == 0 {
            break;
        }
        trips.extend(links::walk_trips(motion, nodes, &opts.links, first));
    }
    let mut walks = links::prune_redundant(nodes, trips);
    finish_nodes(motion, nodes, &opts.nodes);
    clock.start("air links")?;
    let mut air = air_links(motion, nodes, &walks, walk, &opts.links);
    let mut moved = walks.clone();
    moved.extend(air.iter().copied());
    air.extend(links::swim_links(motion, nodes, &moved, &opts.links));
    clock.start("entity links")?;
    let special = entity_links(plan, nodes, &mut walks);
    let sources: Vec<u32> = special
        .iter()
        .filter(|l| matches!(l.kind, LinkType::Teleport | LinkType::Pusher))
        .map(|l| l.from)
        .collect();
    let mut all = special;
    all.extend(air);
    all.extend(walks);
    links::reverse_dead_ends(nodes, &mut all, &sources);
    let orphans = links::link_orphans(motion, nodes, &all, &opts.links);
    all.extend(orphans);
    let max = opts.links.max_links;
    let mut kept = cap_links(nodes, all.clone(), max);
    let cuts = links::repair_cuts(nodes, &all, &mut kept, max);
    // A node's links stay together, in the order the cap gave them.
    kept.sort_by_key(|l| l.from);
    Ok((kept, cuts))
}

/// Run every stage, quietly.
pub fn generate_graph(
    level: &Level,
    opts: &QuakeGraphOptions,
) -> Result<GeneratedGraph, GraphError> {
    generate_graph_in(level, opts, &Quiet)
}

/// Run every stage, reporting to `ctx`: each [`GraphStage`] by its name (stage 5 as "walk
/// links", "air links" and "entity links"), the fill's sample count as progress; stops with
/// [`GraphError::Cancelled`] when it asks.
pub fn generate_graph_in(
    level: &Level,
    opts: &QuakeGraphOptions,
    ctx: &dyn Context,
) -> Result<GeneratedGraph, GraphError> {
    match level.family() {
        Family::Quake | Family::QuakeBsp2 | Family::Quake2 => {}
        other => {
            return Err(GraphError::Unsupported(format!(
                "Quake bot graphs are made from Quake (BSP29, BSP2) and Quake II (IBSP v38) maps; this level is {other:?}"
            )));
        }
    }
    opts.validate()?;
    let mut stats = GraphStats::default();
    let mut clock = StageClock::new(ctx);
    clock.start(GraphStage::Entities.name())?;
    let mut plain = Motion::new(level, opts.physics);
    // A map compiled without clip hulls (or with broken ones) lets the player's box fall
    // through every floor: then the box is swept against the triangles instead.
    if level.has_clip_hulls() && find_seeds(level, &plain, &opts.seeds).is_empty() {
        let mesh = plain.on_mesh(true);
        if !find_seeds(level, &mesh, &opts.seeds).is_empty() {
            plain = mesh;
            stats.mesh_collision = true;
        }
    }
    let plan = plan_entities(&plain, &opts.entities);
    let motion = plain.avoiding(&plan.avoid);

    clock.start(GraphStage::Seeds.name())?;
    let seeds = find_seeds(level, &motion, &opts.seeds);
    let mut starts: Vec<motion::Stand> = seeds.iter().map(|s| s.stand).collect();
    starts.extend(plan.seeds());
    stats.seeds = starts.len();
    if starts.is_empty() {
        return Err(GraphError::NoSeeds);
    }

    clock.start(GraphStage::Fill.name())?;
    let mut walk = fill(&motion, &starts, &opts.fill, &mut |n| {
        clock.progress(n, None)
    })?;
    // Floors that move away: the drops from spots the fill reached, and the floors below them.
    let plan = openings_reached(&plan, &walk, opts.fill.same_height);
    fill::fill_more(
        &motion,
        &mut walk,
        &plan.late_seeds(),
        &opts.fill,
        &mut |n| clock.progress(n, None),
    )?;
    stats.samples = walk.samples.len();
    if walk.samples.is_empty() {
        return Err(GraphError::NoFloor {
            seeds: starts.len(),
        });
    }

    clock.start(GraphStage::Nodes.name())?;
    let anchors = plan.anchors(opts.nodes.trigger_radius);
    let mut nodes = place_nodes(&walk, &anchors, &seeds, &opts.nodes);

    let (links, (cuts, repaired)) =
        link_nodes_timed(&motion, &walk, &plan, &mut nodes, opts, &mut clock)?;
    stats.cuts = cuts;
    stats.cuts_repaired = repaired;

    clock.start(GraphStage::Write.name())?;
    let height = NodeHeight::new(opts.physics.hull.mins.z, opts.nodes.floor_offset);
    let (document, bytes) = match opts.format {
        GraphFormat::Nav2(version) => {
            let ids = edict_numbers(level.entities(), &opts.entities);
            let doc = to_nav2(&nodes, &links, &ids, height, version)?;
            stats.traversals = doc.traversals.len();
            stats.edicts = doc.edicts.len();
            let bytes = doc.write().map_err(|e| GraphError::Write(e.to_string()))?;
            (GraphDocument::Nav2(doc), bytes)
        }
        GraphFormat::Nav3 => {
            let doc = to_nav3(&nodes, &links, height)?;
            stats.traversals = doc.traversals.len();
            stats.edicts = doc.edicts.len();
            let bytes = doc.write().map_err(|e| GraphError::Write(e.to_string()))?;
            (GraphDocument::Nav3(doc), bytes)
        }
    };
    stats.nodes = nodes.len();
    stats.links = links.len();
    for l in &links {
        *stats.link_types.entry(l.kind.name()).or_default() += 1;
    }
    stats.times = clock.finish();
    Ok(GeneratedGraph {
        nodes,
        links,
        document,
        bytes,
        stats,
    })
}
