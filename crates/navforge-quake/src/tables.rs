//! One way to read and change the four tables (nodes, links, traversals, edicts) of either Quake
//! graph document, so that one piece of code (the editor's node and link edits) serves `NAV2`
//! ([`QuakeNavDocument`]) and `NAV3` ([`Quake2NavDocument`]).
//!
//! Each table's row is seen through its *fields* with wide integers ([`NodeFields`],
//! [`LinkFields`], [`TraversalFields`], [`EdictFields`]); writing fields back into a row checks
//! that every value fits the file's field and says which one does not ([`Narrowing`]). The rows
//! themselves stay the documents' own, so a document changed through [`GraphTables`] writes
//! back byte-for-byte what it holds, as any document does.
//!
//! ```
//! use navforge_core::NavDocument;
//! use navforge_quake::QuakeNavDocument;
//! use navforge_quake::tables::{GraphTables, NodeFields, Row};
//!
//! let mut doc = QuakeNavDocument::new(18);
//! let node = NodeFields { flags: 0, first: 0, count: 0, radius: 32, origin: Default::default() };
//! doc.nodes_mut().push(Row::from_fields(&node)?);
//! assert_eq!(doc.nodes()[0].fields(), node);
//! let too_wide = NodeFields { radius: 70_000, ..node };
//! let err = <QuakeNavDocument as GraphTables>::Node::from_fields(&too_wide).unwrap_err();
//! assert_eq!(err.to_string(), "a radius of 70000 does not fit the file's 16 bits");
//! assert_eq!(QuakeNavDocument::read(&doc.write()?)?, doc);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Debug;

use navforge_core::{F32, Format, NavDocument};

use crate::names::{
    NodeFlags, Q2_LINK_FLAG_NAMES_V3, Q2_LINK_FLAG_NAMES_V6, Q2_LINK_TYPE_NAMES,
    Q2_NODE_FLAG_NAMES, nav2_link_name, q2_link_name,
};
use crate::nav2::{self, Edict, EdictTarget, Link, Node, QuakeNavDocument, Traversal};
use crate::nav3::{Q2Edict, Q2Link, Q2Node, Q2Traversal, Quake2NavDocument};

/// A bit-exact position (x, y, z).
pub type Vec3 = [F32; 3];

/// A node's fields: flags, its range of the link table, radius and position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeFields {
    /// Flag bits.
    pub flags: u16,
    /// Index of its first link.
    pub first: i32,
    /// How many links it owns.
    pub count: i32,
    /// Radius in units.
    pub radius: i32,
    /// Position.
    pub origin: Vec3,
}

/// A directed link's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkFields {
    /// Target node index.
    pub target: i32,
    /// Link type code.
    pub kind: u8,
    /// The `NAV2` team mask (the type word's high byte) or the `NAV3` link flags.
    pub flags: u8,
    /// Traversal index, -1 for none (`NAV2` stores none as `0xFFFF`).
    pub traversal: i32,
}

/// A traversal's fields: its three points and, in `NAV3` v4+, the ladder plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraversalFields {
    /// Where the bot leaves the node (`NAV2` node exit, `NAV3` funnel), where the jump starts
    /// and where it ends.
    pub points: [Vec3; 3],
    /// The ladder plane (`NAV3` v4+ only).
    pub plane: Option<Vec3>,
}

/// How an edict names its entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdictName {
    /// `NAV2` v14: engine string ids.
    Names {
        /// Engine string ID of the targetname.
        targetname: i32,
        /// Engine string ID of the classname.
        classname: i32,
    },
    /// `NAV2` v15+: `-(entity index) - 1`.
    EntityId(i32),
    /// `NAV3`: the model index (v2+).
    Model(Option<i32>),
}

/// An edict's fields: the link it belongs to, the entity's box and name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdictFields {
    /// Index of the link it belongs to.
    pub link: i32,
    /// Lower corner of the entity's box.
    pub mins: Vec3,
    /// Upper corner.
    pub maxs: Vec3,
    /// Which entity.
    pub name: EdictName,
}

/// Fields a row of this document cannot hold: a value too wide for the file's field, or a part
/// the format has not (a ladder plane in `NAV2`, an edict named the other format's way).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Narrowing {
    /// What the value is ("a link count of", "an edict's link", ...), or what is wrong.
    pub what: &'static str,
    /// The value that does not fit, if that is the trouble.
    pub value: Option<i64>,
}

impl std::fmt::Display for Narrowing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.value {
            Some(v) => write!(f, "{} {v} does not fit the file's 16 bits", self.what),
            None => f.write_str(self.what),
        }
    }
}

impl std::error::Error for Narrowing {}

/// A row of a graph table, seen through its wide fields.
pub trait Row: Copy + PartialEq + Debug {
    /// The fields.
    type Fields: Copy + PartialEq + Debug;
    /// The row's fields.
    fn fields(&self) -> Self::Fields;
    /// The row holding `fields`, or which value does not fit the file.
    fn from_fields(fields: &Self::Fields) -> Result<Self, Narrowing>;
}

/// A Quake graph document's tables, the same way for `NAV2` and `NAV3`.
pub trait GraphTables: NavDocument + Clone + PartialEq + Debug {
    /// A node row.
    type Node: Row<Fields = NodeFields>;
    /// A link row.
    type Link: Row<Fields = LinkFields>;
    /// A traversal row.
    type Traversal: Row<Fields = TraversalFields>;
    /// An edict row.
    type Edict: Row<Fields = EdictFields>;
    /// The largest value a node, link or traversal index (and a radius) may take.
    const MAX_INDEX: i32;
    /// The file version.
    fn file_version(&self) -> u32;
    /// The nodes.
    fn nodes(&self) -> &[Self::Node];
    /// The nodes, to change.
    fn nodes_mut(&mut self) -> &mut Vec<Self::Node>;
    /// The links.
    fn links(&self) -> &[Self::Link];
    /// The links, to change.
    fn links_mut(&mut self) -> &mut Vec<Self::Link>;
    /// The traversals.
    fn traversals(&self) -> &[Self::Traversal];
    /// The traversals, to change.
    fn traversals_mut(&mut self) -> &mut Vec<Self::Traversal>;
    /// The edicts.
    fn edicts(&self) -> &[Self::Edict];
    /// The edicts, to change.
    fn edicts_mut(&mut self) -> &mut Vec<Self::Edict>;
    /// Whether everything but the four tables (version, heuristic, trailing bytes) is equal.
    fn same_header(&self, other: &Self) -> bool;
    /// Names of node flag bits, by bit.
    fn node_flag_names(&self) -> &'static [&'static str];
    /// Names of link flag bits, by bit (none for `NAV2`, whose high byte is a team mask).
    fn link_flag_names(&self) -> &'static [&'static str];
    /// How many link type codes have a name.
    fn link_type_count(&self) -> usize;
    /// The name of a link type code (`type N` for codes without one).
    fn link_type_name(&self, code: u8) -> String;
    /// What a new link's flag byte holds: all teams (`NAV2` v18), the red and blue teams (as in
    /// every real `NAV3` link), else nothing.
    fn default_link_flags(&self) -> u8;
    /// The entity name a new edict of this version gets for entity index `entity`, or why it
    /// cannot have one.
    fn edict_name(&self, entity: i32) -> Result<EdictName, String>;
    /// Whether traversals carry a ladder plane (`NAV3` v4+).
    fn has_ladder_plane(&self) -> bool;
}

/// A 16-bit field from a wide value.
fn narrow<T: TryFrom<i32>>(value: i32, what: &'static str) -> Result<T, Narrowing> {
    T::try_from(value).map_err(|_| Narrowing {
        what,
        value: Some(value.into()),
    })
}

/// The node rows of both documents have the same fields, 16 bits wide (unsigned in `NAV2`,
/// signed in `NAV3`).
macro_rules! node_row {
    ($node:ty) => {
        impl Row for $node {
            type Fields = NodeFields;
            fn fields(&self) -> NodeFields {
                NodeFields {
                    flags: self.flags,
                    first: self.first_link.into(),
                    count: self.link_count.into(),
                    radius: self.radius.into(),
                    origin: self.origin,
                }
            }
            fn from_fields(f: &NodeFields) -> Result<Self, Narrowing> {
                Ok(Self {
                    flags: f.flags,
                    link_count: narrow(f.count, "a link count of")?,
                    first_link: narrow(f.first, "a first link of")?,
                    radius: narrow(f.radius, "a radius of")?,
                    origin: f.origin,
                })
            }
        }
    };
}

node_row!(Node);
node_row!(Q2Node);

/// A link's traversal index field: `NAV2` stores none as `0xFFFF`, `NAV3` as -1.
trait TraversalIndex: Copy + Eq + Into<i32> + TryFrom<i32> {
    /// The value that means no traversal.
    const NONE: Self;
}

fn is_none<T: TraversalIndex>(index: T) -> bool {
    index == T::NONE
}

impl TraversalIndex for u16 {
    const NONE: Self = nav2::NO_TRAVERSAL;
}

impl TraversalIndex for i16 {
    const NONE: Self = -1;
}

/// The link rows of both documents: the same fields but for the flag byte's name.
macro_rules! link_row {
    ($link:ty, $flags:ident) => {
        impl Row for $link {
            type Fields = LinkFields;
            fn fields(&self) -> LinkFields {
                LinkFields {
                    target: self.target.into(),
                    kind: self.kind,
                    flags: self.$flags,
                    traversal: if is_none(self.traversal) {
                        -1
                    } else {
                        self.traversal.into()
                    },
                }
            }
            fn from_fields(f: &LinkFields) -> Result<Self, Narrowing> {
                Ok(Self {
                    target: narrow(f.target, "a link target of")?,
                    kind: f.kind,
                    $flags: f.flags,
                    traversal: if f.traversal == -1 {
                        TraversalIndex::NONE
                    } else {
                        narrow(f.traversal, "a traversal index of")?
                    },
                })
            }
        }
    };
}

link_row!(Link, team_mask);
link_row!(Q2Link, flags);

impl Row for Traversal {
    type Fields = TraversalFields;
    fn fields(&self) -> TraversalFields {
        TraversalFields {
            points: [self.node_exit, self.jump_start, self.jump_end],
            plane: None,
        }
    }
    fn from_fields(f: &TraversalFields) -> Result<Self, Narrowing> {
        if f.plane.is_some() {
            return Err(Narrowing {
                what: "NAV2 traversals have no ladder plane",
                value: None,
            });
        }
        let [node_exit, jump_start, jump_end] = f.points;
        Ok(Traversal {
            node_exit,
            jump_start,
            jump_end,
        })
    }
}

impl Row for Q2Traversal {
    type Fields = TraversalFields;
    fn fields(&self) -> TraversalFields {
        TraversalFields {
            points: [self.funnel, self.start, self.end],
            plane: self.ladder_plane,
        }
    }
    fn from_fields(f: &TraversalFields) -> Result<Self, Narrowing> {
        let [funnel, start, end] = f.points;
        Ok(Q2Traversal {
            funnel,
            start,
            end,
            ladder_plane: f.plane,
        })
    }
}

/// How a `NAV2` edict names its entity, as an [`EdictName`].
fn name_of(target: EdictTarget) -> EdictName {
    match target {
        EdictTarget::Names {
            targetname,
            classname,
        } => EdictName::Names {
            targetname,
            classname,
        },
        EdictTarget::EntityId(id) => EdictName::EntityId(id),
    }
}

/// An [`EdictName`] as a `NAV2` edict names its entity.
fn target_of(name: EdictName) -> Result<EdictTarget, Narrowing> {
    match name {
        EdictName::Names {
            targetname,
            classname,
        } => Ok(EdictTarget::Names {
            targetname,
            classname,
        }),
        EdictName::EntityId(id) => Ok(EdictTarget::EntityId(id)),
        EdictName::Model(_) => Err(Narrowing {
            what: "a NAV3 edict in a NAV2 graph",
            value: None,
        }),
    }
}

/// A `NAV3` edict's model index, from an [`EdictName`].
fn model_of(name: EdictName) -> Result<Option<i32>, Narrowing> {
    match name {
        EdictName::Model(model) => Ok(model),
        _ => Err(Narrowing {
            what: "a NAV2 edict in a NAV3 graph",
            value: None,
        }),
    }
}

/// The edict rows of both documents: a link, a box, and the entity's name in the format's way
/// (`$name` reads it as an [`EdictName`], `$field` is where it goes back through `$back`).
macro_rules! edict_row {
    ($edict:ty, $field:ident, $name:expr, $back:expr) => {
        impl Row for $edict {
            type Fields = EdictFields;
            fn fields(&self) -> EdictFields {
                EdictFields {
                    link: self.link.into(),
                    mins: self.mins,
                    maxs: self.maxs,
                    name: $name(self.$field),
                }
            }
            fn from_fields(f: &EdictFields) -> Result<Self, Narrowing> {
                Ok(Self {
                    link: narrow(f.link, "an edict's link")?,
                    mins: f.mins,
                    maxs: f.maxs,
                    $field: $back(f.name)?,
                })
            }
        }
    };
}

edict_row!(Edict, target, name_of, target_of);
edict_row!(Q2Edict, model, EdictName::Model, model_of);

/// Why a version's edicts cannot name an entity the way navforge writes them.
fn cannot_name(format: Format, version: u32) -> String {
    format!("{format} version {version} edicts name entities in a way navforge cannot write yet")
}

/// Each table's accessors: the rows, and the rows to change.
macro_rules! accessors {
    ($($table:ident $table_mut:ident $row:ident),*) => {
        $(
            fn $table(&self) -> &[Self::$row] {
                &self.$table
            }
            fn $table_mut(&mut self) -> &mut Vec<Self::$row> {
                &mut self.$table
            }
        )*
    };
}

/// The table accessors and header, the same for both documents.
macro_rules! tables {
    ($node:ty, $link:ty, $traversal:ty, $edict:ty, $index:ty) => {
        type Node = $node;
        type Link = $link;
        type Traversal = $traversal;
        type Edict = $edict;
        const MAX_INDEX: i32 = <$index>::MAX as i32;
        accessors!(
            nodes nodes_mut Node,
            links links_mut Link,
            traversals traversals_mut Traversal,
            edicts edicts_mut Edict
        );
        fn file_version(&self) -> u32 {
            self.version
        }
        fn same_header(&self, other: &Self) -> bool {
            self.version == other.version
                && self.heuristic == other.heuristic
                && self.trailing == other.trailing
        }
    };
}

impl GraphTables for QuakeNavDocument {
    tables!(Node, Link, Traversal, Edict, u16);
    fn node_flag_names(&self) -> &'static [&'static str] {
        &NodeFlags::NAMES
    }
    fn link_flag_names(&self) -> &'static [&'static str] {
        &[]
    }
    fn link_type_count(&self) -> usize {
        10
    }
    fn link_type_name(&self, code: u8) -> String {
        nav2_link_name(code)
    }
    fn default_link_flags(&self) -> u8 {
        if self.version >= 18 {
            nav2::ALL_TEAMS
        } else {
            0
        }
    }
    fn edict_name(&self, entity: i32) -> Result<EdictName, String> {
        if self.version < 15 {
            return Err(cannot_name(<Self as NavDocument>::FORMAT, self.version));
        }
        entity
            .checked_neg()
            .and_then(|n| n.checked_sub(1))
            .map(EdictName::EntityId)
            .ok_or_else(|| format!("entity {entity} is out of range"))
    }
    fn has_ladder_plane(&self) -> bool {
        false
    }
}

impl GraphTables for Quake2NavDocument {
    tables!(Q2Node, Q2Link, Q2Traversal, Q2Edict, i16);
    fn node_flag_names(&self) -> &'static [&'static str] {
        &Q2_NODE_FLAG_NAMES
    }
    fn link_flag_names(&self) -> &'static [&'static str] {
        match self.version {
            6.. => &Q2_LINK_FLAG_NAMES_V6,
            3..=5 => &Q2_LINK_FLAG_NAMES_V3,
            _ => &[],
        }
    }
    fn link_type_count(&self) -> usize {
        Q2_LINK_TYPE_NAMES.len()
    }
    fn link_type_name(&self, code: u8) -> String {
        q2_link_name(code)
    }
    fn default_link_flags(&self) -> u8 {
        0b11
    }
    fn edict_name(&self, entity: i32) -> Result<EdictName, String> {
        if self.version < 2 {
            return Err(cannot_name(<Self as NavDocument>::FORMAT, self.version));
        }
        Ok(EdictName::Model(Some(entity)))
    }
    fn has_ladder_plane(&self) -> bool {
        self.version >= 4
    }
}
