//! A Quake bot graph as the editor holds it: the node, link, traversal and edict tables of a
//! `NAV2` (Quake 2021) or `NAV3` (Quake II re-release) file in one form, with wide integers, so
//! one set of edits serves both. Reading and writing convert without loss: a graph written back
//! unchanged gives the file's bytes.

use navforge_core::model::NavMesh;
use navforge_core::{F32, HexBytes, NavDocument, Summary};
use navforge_quake::names::{
    Q2_LINK_FLAG_NAMES_V3, Q2_LINK_FLAG_NAMES_V6, Q2_LINK_TYPE_NAMES, Q2_NODE_FLAG_NAMES,
};
use navforge_quake::{
    EdictTarget, LinkType, NodeFlags, Q2Edict, Q2Link, Q2Node, Q2Traversal, Quake2NavDocument,
    QuakeNavDocument,
};

use crate::error::{EditError, refused};

/// A position.
pub(crate) type Vec3 = [F32; 3];

/// A node: flags, its range of the link table, radius and position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    pub flags: u16,
    pub first: i32,
    pub count: i32,
    pub radius: i32,
    pub origin: Vec3,
}

/// A directed link. `flags` is the v18 team mask (`NAV2`) or the link flags (`NAV3`);
/// `traversal` is -1 for none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Link {
    pub target: i32,
    pub kind: u8,
    pub flags: u8,
    pub traversal: i32,
}

/// A link's jump points (and, in `NAV3` v4+, the ladder plane).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Traversal {
    pub points: [Vec3; 3],
    pub plane: Option<Vec3>,
}

/// How an edict names its entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EdictName {
    /// `NAV2` v14: engine string ids.
    Names { targetname: i32, classname: i32 },
    /// `NAV2` v15+: `-(entity index) - 1`.
    EntityId(i32),
    /// `NAV3`: the model index (v2+).
    Model(Option<i32>),
}

/// An entity a link depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Edict {
    pub link: i32,
    pub mins: Vec3,
    pub maxs: Vec3,
    pub name: EdictName,
}

/// Which file family the graph came from, with its header and trailing bytes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Family {
    Nav2 {
        version: u32,
        heuristic: Option<F32>,
        trailing: HexBytes,
    },
    Nav3 {
        version: u32,
        heuristic: F32,
        trailing: HexBytes,
    },
}

/// A whole graph.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Graph {
    pub family: Family,
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
    pub traversals: Vec<Traversal>,
    pub edicts: Vec<Edict>,
}

impl Graph {
    pub(crate) fn from_nav2(d: QuakeNavDocument) -> Graph {
        Graph {
            nodes: d
                .nodes
                .iter()
                .map(|n| Node {
                    flags: n.flags,
                    first: i32::from(n.first_link),
                    count: i32::from(n.link_count),
                    radius: i32::from(n.radius),
                    origin: n.origin,
                })
                .collect(),
            links: d
                .links
                .iter()
                .map(|l| Link {
                    target: i32::from(l.target),
                    kind: l.kind,
                    flags: l.team_mask,
                    traversal: if l.traversal == navforge_quake::nav2::NO_TRAVERSAL {
                        -1
                    } else {
                        i32::from(l.traversal)
                    },
                })
                .collect(),
            traversals: d
                .traversals
                .iter()
                .map(|t| Traversal {
                    points: [t.node_exit, t.jump_start, t.jump_end],
                    plane: None,
                })
                .collect(),
            edicts: d
                .edicts
                .iter()
                .map(|e| Edict {
                    link: i32::from(e.link),
                    mins: e.mins,
                    maxs: e.maxs,
                    name: match e.target {
                        EdictTarget::Names {
                            targetname,
                            classname,
                        } => EdictName::Names {
                            targetname,
                            classname,
                        },
                        EdictTarget::EntityId(id) => EdictName::EntityId(id),
                        // A future kind: keep it as an entity id of -1 (none known).
                        _ => EdictName::EntityId(-1),
                    },
                })
                .collect(),
            family: Family::Nav2 {
                version: d.version,
                heuristic: d.heuristic,
                trailing: d.trailing,
            },
        }
    }

    pub(crate) fn from_nav3(d: Quake2NavDocument) -> Graph {
        Graph {
            nodes: d
                .nodes
                .iter()
                .map(|n| Node {
                    flags: n.flags,
                    first: i32::from(n.first_link),
                    count: i32::from(n.link_count),
                    radius: i32::from(n.radius),
                    origin: n.origin,
                })
                .collect(),
            links: d
                .links
                .iter()
                .map(|l| Link {
                    target: i32::from(l.target),
                    kind: l.kind,
                    flags: l.flags,
                    traversal: i32::from(l.traversal),
                })
                .collect(),
            traversals: d
                .traversals
                .iter()
                .map(|t| Traversal {
                    points: [t.funnel, t.start, t.end],
                    plane: t.ladder_plane,
                })
                .collect(),
            edicts: d
                .edicts
                .iter()
                .map(|e| Edict {
                    link: i32::from(e.link),
                    mins: e.mins,
                    maxs: e.maxs,
                    name: EdictName::Model(e.model),
                })
                .collect(),
            family: Family::Nav3 {
                version: d.version,
                heuristic: d.heuristic,
                trailing: d.trailing,
            },
        }
    }

    /// The largest value a node, link or traversal index (and a radius) may take.
    pub(crate) fn max_index(&self) -> i32 {
        match self.family {
            Family::Nav2 { .. } => i32::from(u16::MAX),
            Family::Nav3 { .. } => i32::from(i16::MAX),
        }
    }

    /// The file version.
    pub(crate) fn version(&self) -> u32 {
        match self.family {
            Family::Nav2 { version, .. } | Family::Nav3 { version, .. } => version,
        }
    }

    /// Whether this is a Quake II (`NAV3`) graph.
    pub(crate) fn is_nav3(&self) -> bool {
        matches!(self.family, Family::Nav3 { .. })
    }

    /// The format's name.
    pub(crate) fn format(&self) -> navforge_core::Format {
        match self.family {
            Family::Nav2 { .. } => navforge_core::Format::QuakeNav,
            Family::Nav3 { .. } => navforge_core::Format::Quake2Nav,
        }
    }

    /// Names of node flag bits, by bit.
    pub(crate) fn node_flag_names(&self) -> &'static [&'static str] {
        if self.is_nav3() {
            &Q2_NODE_FLAG_NAMES
        } else {
            &NodeFlags::NAMES
        }
    }

    /// Names of link flag bits, by bit (none for `NAV2`, whose high byte is a team mask).
    pub(crate) fn link_flag_names(&self) -> &'static [&'static str] {
        match self.family {
            Family::Nav3 { version: 6.., .. } => &Q2_LINK_FLAG_NAMES_V6,
            Family::Nav3 { version: 3..=5, .. } => &Q2_LINK_FLAG_NAMES_V3,
            _ => &[],
        }
    }

    /// The name of a link type code.
    pub(crate) fn type_name(&self, code: u8) -> String {
        if self.is_nav3() {
            Q2_LINK_TYPE_NAMES
                .get(usize::from(code))
                .map_or_else(|| format!("type {code}"), |n| (*n).to_string())
        } else {
            LinkType::from_code(code).name()
        }
    }

    /// Every named link type, by code.
    pub(crate) fn type_names(&self) -> Vec<String> {
        let n = if self.is_nav3() {
            Q2_LINK_TYPE_NAMES.len()
        } else {
            10
        };
        (0..n as u8).map(|c| self.type_name(c)).collect()
    }

    /// What a new link's flag byte holds: all teams (`NAV2` v18), the red and blue teams (as in
    /// every real `NAV3` link), else nothing.
    pub(crate) fn default_link_flags(&self) -> u8 {
        match self.family {
            Family::Nav2 { version: 18.., .. } => navforge_quake::nav2::ALL_TEAMS,
            Family::Nav3 { .. } => 0b11,
            _ => 0,
        }
    }

    /// The links node `i` owns (its range, clamped to the table).
    pub(crate) fn range(&self, i: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[i];
        if n.first < 0 || n.count <= 0 {
            return 0..0;
        }
        let start = (n.first as usize).min(self.links.len());
        let end = (n.first as usize + n.count as usize).min(self.links.len());
        start..end
    }

    /// Whether the link table is laid out as the game writes it: every node's range inside
    /// the table, ranges apart, every link owned by one node. Link edits need it.
    pub(crate) fn check_layout(&self) -> Result<(), EditError> {
        let mut owner = vec![usize::MAX; self.links.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if n.count < 0
                || n.first < 0
                || n.first as i64 + n.count as i64 > self.links.len() as i64
            {
                return Err(refused(format!(
                    "node {i}'s links {}..{} lie outside the link table ({} links): this file's links cannot be edited",
                    n.first,
                    n.first as i64 + n.count as i64,
                    self.links.len()
                )));
            }
            for l in self.range(i) {
                if owner[l] != usize::MAX {
                    return Err(refused(format!(
                        "link {l} belongs to nodes {} and {i} (overlapping ranges): this file's links cannot be edited",
                        owner[l]
                    )));
                }
                owner[l] = i;
            }
        }
        if let Some(l) = owner.iter().position(|&o| o == usize::MAX) {
            return Err(refused(format!(
                "link {l} belongs to no node: this file's links cannot be edited"
            )));
        }
        Ok(())
    }

    pub(crate) fn to_nav2(&self) -> Result<QuakeNavDocument, EditError> {
        let Family::Nav2 {
            version,
            heuristic,
            trailing,
        } = &self.family
        else {
            return Err(refused("not a NAV2 graph"));
        };
        let u16_of = |v: i32, what: &str| {
            u16::try_from(v)
                .map_err(|_| refused(format!("{what} {v} does not fit the file's 16 bits")))
        };
        let mut d = QuakeNavDocument::new(*version);
        d.heuristic = *heuristic;
        d.trailing = trailing.clone();
        for n in &self.nodes {
            d.nodes.push(navforge_quake::Node {
                flags: n.flags,
                link_count: u16_of(n.count, "a link count of")?,
                first_link: u16_of(n.first, "a first link of")?,
                radius: u16_of(n.radius, "a radius of")?,
                origin: n.origin,
            });
        }
        for l in &self.links {
            d.links.push(navforge_quake::Link {
                target: u16_of(l.target, "a link target of")?,
                kind: l.kind,
                team_mask: l.flags,
                traversal: if l.traversal == -1 {
                    navforge_quake::nav2::NO_TRAVERSAL
                } else {
                    u16_of(l.traversal, "a traversal index of")?
                },
            });
        }
        for t in &self.traversals {
            d.traversals.push(navforge_quake::Traversal {
                node_exit: t.points[0],
                jump_start: t.points[1],
                jump_end: t.points[2],
            });
        }
        for e in &self.edicts {
            d.edicts.push(navforge_quake::Edict {
                link: u16_of(e.link, "an edict's link")?,
                mins: e.mins,
                maxs: e.maxs,
                target: match e.name {
                    EdictName::Names {
                        targetname,
                        classname,
                    } => EdictTarget::Names {
                        targetname,
                        classname,
                    },
                    EdictName::EntityId(id) => EdictTarget::EntityId(id),
                    EdictName::Model(_) => return Err(refused("a NAV3 edict in a NAV2 graph")),
                },
            });
        }
        Ok(d)
    }

    pub(crate) fn to_nav3(&self) -> Result<Quake2NavDocument, EditError> {
        let Family::Nav3 {
            version,
            heuristic,
            trailing,
        } = &self.family
        else {
            return Err(refused("not a NAV3 graph"));
        };
        let i16_of = |v: i32, what: &str| {
            i16::try_from(v)
                .map_err(|_| refused(format!("{what} {v} does not fit the file's 16 bits")))
        };
        let mut nodes = Vec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            nodes.push(Q2Node {
                flags: n.flags,
                link_count: i16_of(n.count, "a link count of")?,
                first_link: i16_of(n.first, "a first link of")?,
                radius: i16_of(n.radius, "a radius of")?,
                origin: n.origin,
            });
        }
        let mut links = Vec::with_capacity(self.links.len());
        for l in &self.links {
            links.push(Q2Link {
                target: i16_of(l.target, "a link target of")?,
                kind: l.kind,
                flags: l.flags,
                traversal: i16_of(l.traversal, "a traversal index of")?,
            });
        }
        let mut edicts = Vec::with_capacity(self.edicts.len());
        for e in &self.edicts {
            let EdictName::Model(model) = e.name else {
                return Err(refused("a NAV2 edict in a NAV3 graph"));
            };
            edicts.push(Q2Edict {
                link: i16_of(e.link, "an edict's link")?,
                model,
                mins: e.mins,
                maxs: e.maxs,
            });
        }
        Ok(Quake2NavDocument {
            format: navforge_quake::Quake2NavTag,
            version: *version,
            heuristic: *heuristic,
            nodes,
            links,
            traversals: self
                .traversals
                .iter()
                .map(|t| Q2Traversal {
                    funnel: t.points[0],
                    start: t.points[1],
                    end: t.points[2],
                    ladder_plane: t.plane,
                })
                .collect(),
            edicts,
            trailing: trailing.clone(),
        })
    }

    /// The file's bytes.
    pub(crate) fn write(&self) -> navforge_core::Result<Vec<u8>> {
        let bad = |e: EditError| {
            navforge_core::Error::invalid(self.format().name(), "graph", 0, e.to_string())
        };
        if self.is_nav3() {
            self.to_nav3().map_err(bad)?.write()
        } else {
            self.to_nav2().map_err(bad)?.write()
        }
    }

    /// The common model of the graph (what `check` reads).
    pub(crate) fn to_model(&self) -> Result<NavMesh, EditError> {
        Ok(if self.is_nav3() {
            self.to_nav3()?.to_model()
        } else {
            self.to_nav2()?.to_model()
        })
    }

    /// The format's summary (its warnings are `check`'s format findings).
    pub(crate) fn summary(&self) -> Result<Summary, EditError> {
        Ok(if self.is_nav3() {
            self.to_nav3()?.summary()
        } else {
            self.to_nav2()?.summary()
        })
    }
}
