//! What NAV2 and NAV3 documents share: the same header (magic, version, three counts), node tables
//! owning contiguous link ranges, fields that come and go with the version, and the way to a
//! summary and to the common model.

use crate::check::{self, Facts};
use navforge_core::model::{self, ConnectionKind, NavMesh};
use navforge_core::{Bounds, Counts, Error, ErrorKind, F32, Format, Reader, Result, Summary};

/// The raw tables of a NAV2 or NAV3 document, as the code both share reads them.
pub(crate) trait GraphFile {
    /// The file's node record.
    type Node;
    /// The file's link record.
    type Link;
    /// The document's format.
    const FORMAT: Format;
    /// The name of a link type code.
    const TYPE_NAME: fn(u8) -> String;
    fn version(&self) -> u32;
    fn nodes(&self) -> &[Self::Node];
    fn links(&self) -> &[Self::Link];
    fn traversal_count(&self) -> usize;
    /// Per edict: the link it belongs to (raw).
    fn edict_links(&self) -> Vec<i64>;
    fn trailing_len(&self) -> usize;
    /// A node's first link and link count (raw, possibly out of range).
    fn range(node: &Self::Node) -> (i64, i64);
    fn origin(node: &Self::Node) -> [F32; 3];
    /// A link's target node (raw), type code and traversal index (`None` for "none").
    fn link(link: &Self::Link) -> (i64, u8, Option<i64>);
}

/// `GraphFile` for a document with `nodes`, `links`, `traversals`, `edicts` (each with a
/// `link`) and `trailing`, whose nodes have `first_link`, `link_count` and `origin` and whose
/// links have `target`, `kind` and `traversal` (`$none` meaning none).
macro_rules! graph_file {
    ($doc:ty, $node:ty, $link:ty, $format:ident, $type_name:path, $none:expr) => {
        impl $crate::shared::GraphFile for $doc {
            type Node = $node;
            type Link = $link;
            const FORMAT: navforge_core::Format = navforge_core::Format::$format;
            const TYPE_NAME: fn(u8) -> String = $type_name;
            fn version(&self) -> u32 {
                self.version
            }
            fn nodes(&self) -> &[$node] {
                &self.nodes
            }
            fn links(&self) -> &[$link] {
                &self.links
            }
            fn traversal_count(&self) -> usize {
                self.traversals.len()
            }
            fn edict_links(&self) -> Vec<i64> {
                self.edicts.iter().map(|e| i64::from(e.link)).collect()
            }
            fn trailing_len(&self) -> usize {
                self.trailing.len()
            }
            fn range(n: &$node) -> (i64, i64) {
                (i64::from(n.first_link), i64::from(n.link_count))
            }
            fn origin(n: &$node) -> [navforge_core::F32; 3] {
                n.origin
            }
            fn link(l: &$link) -> (i64, u8, Option<i64>) {
                let traversal = (l.traversal != $none).then_some(i64::from(l.traversal));
                (i64::from(l.target), l.kind, traversal)
            }
        }
    };
}
pub(crate) use graph_file;

/// The links a node owns (its range, clamped to the link table).
pub(crate) fn node_links<G: GraphFile>(doc: &G, node: usize) -> &[G::Link] {
    match doc.nodes().get(node) {
        Some(n) => {
            let (first, count) = G::range(n);
            &doc.links()[check::owned(first, count, doc.links().len())]
        }
        None => &[],
    }
}

/// What the checks need of a graph document.
pub(crate) fn facts<G: GraphFile>(doc: &G) -> Facts {
    let links = || doc.links().iter().map(G::link);
    Facts {
        node_count: doc.nodes().len(),
        ranges: doc.nodes().iter().map(G::range).collect(),
        targets: links().map(|(t, _, _)| t).collect(),
        kinds: links().map(|(_, k, _)| k).collect(),
        type_name: G::TYPE_NAME,
        traversals: links().map(|(_, _, t)| t).collect(),
        traversal_count: doc.traversal_count(),
        edict_links: doc.edict_links(),
    }
}

/// A bit-exact position as plain floats.
pub(crate) fn vec3(v: [F32; 3]) -> [f32; 3] {
    v.map(F32::get)
}

/// The node table and then the parallel origin table: `read` reads one node record (its origin
/// left to fill), `origin` is where the origin goes.
pub(crate) fn read_nodes<N>(
    r: &mut Reader,
    count: u64,
    read: impl Fn(&mut Reader) -> Result<N>,
    origin: impl Fn(&mut N) -> &mut [F32; 3],
) -> Result<Vec<N>> {
    // 20 bytes per node across the two arrays.
    let n = r.count(count, 20, "nodes")?;
    let mut nodes = Vec::with_capacity(n);
    for i in 0..n {
        nodes.push(read(r).map_err(|e| e.within(format_args!("nodes[{i}]")))?);
    }
    for (i, node) in nodes.iter_mut().enumerate() {
        *origin(node) = r
            .vec3("origin")
            .map_err(|e| e.within(format_args!("node origins[{i}]")))?;
    }
    Ok(nodes)
}

/// Read the magic and a version from `versions`, or say what the file is instead.
pub(crate) fn read_head(
    r: &mut Reader,
    format: &'static str,
    magic: [u8; 4],
    versions: std::ops::RangeInclusive<u32>,
) -> Result<u32> {
    let found = r.array::<4>("magic")?;
    if found != magic {
        return Err(Error::new(
            format,
            "magic",
            0,
            ErrorKind::BadMagic {
                found: format!("{found:02x?}"),
            },
        ));
    }
    let version = r.u32("version")?;
    check_version(format, version, versions)?;
    Ok(version)
}

/// A version this reader and writer know, or an error at the version field (offset 4).
pub(crate) fn check_version(
    format: &'static str,
    version: u32,
    versions: std::ops::RangeInclusive<u32>,
) -> Result<()> {
    if versions.contains(&version) {
        Ok(())
    } else {
        Err(Error::new(
            format,
            "version",
            4,
            ErrorKind::UnsupportedVersion(u64::from(version)),
        ))
    }
}

/// A field (`what`, at `field`) that versions `since..` hold: written with `put` when the
/// version has it, left out when it has not, or an error at the output's length so far when the
/// document has it where the version has none, or lacks it.
pub(crate) fn put_versioned<T>(
    out: &mut Vec<u8>,
    format: &'static str,
    (field, what): (impl FnOnce() -> String, &str),
    (version, since): (u32, u32),
    value: Option<T>,
    put: impl FnOnce(&mut Vec<u8>, T),
) -> Result<()> {
    let wanted = version >= since;
    let msg = match (wanted, value) {
        (true, Some(v)) => {
            put(out, v);
            return Ok(());
        }
        (false, None) => return Ok(()),
        (true, None) => format!("versions {since}+ need a {what}"),
        (false, Some(_)) => format!("versions before {since} have no {what}"),
    };
    Err(Error::invalid(format, field(), out.len() as u64, msg))
}

/// One node as the model needs it.
pub(crate) struct NodeView {
    pub origin: [f32; 3],
    pub flags: Vec<String>,
    pub radius: f32,
    pub first_link: i64,
    pub link_count: i64,
}

/// One link as the model needs it (`target` as stored, checked here).
pub(crate) struct LinkView {
    pub target: i64,
    pub kind: ConnectionKind,
    pub team_mask: Option<u8>,
    pub traversal: Option<model::Traversal>,
}

/// The node table (`put` writes one record without its origin) and then the origins.
pub(crate) fn put_nodes<N>(
    out: &mut Vec<u8>,
    nodes: &[N],
    put: impl Fn(&mut Vec<u8>, &N),
    origin: impl Fn(&N) -> [F32; 3],
) {
    for n in nodes {
        put(out, n);
    }
    for n in nodes {
        navforge_core::Put::put_vec3(out, origin(n));
    }
}

/// The summary fields both formats fill the same way: counts, bounds, table sizes, the checks,
/// and a warning for trailing bytes. The caller adds its details.
pub(crate) fn summary<G: GraphFile>(doc: &G, variant: Option<String>) -> Summary {
    let (nodes, links) = (doc.nodes().len(), doc.links().len());
    let mut s = Summary {
        format: G::FORMAT,
        version: u64::from(doc.version()),
        variant,
        counts: Counts {
            connections: links as u64,
            ..Counts::default()
        },
        bounds: Bounds::of_points(doc.nodes().iter().map(|n| vec3(G::origin(n)))),
        details: Default::default(),
        warnings: Vec::new(),
    };
    for (key, n) in [
        ("nodes", nodes),
        ("links", links),
        ("traversals", doc.traversal_count()),
        ("edicts", doc.edict_links().len()),
    ] {
        s.counts.extra.insert(key.into(), n as u64);
    }
    let trailing = doc.trailing_len();
    if trailing > 0 {
        s.warnings
            .push(format!("{trailing} bytes after the edicts (kept verbatim)"));
    }
    check::analyse(&facts(doc), &mut s);
    s
}

/// The common model of a graph: node `i` is the file's node `i`; each node's links come from its
/// range of the link table (clamped to the table, with a total budget against overlapping
/// ranges), skipping links whose target is not a node.
pub(crate) fn to_model(format: Format, nodes: Vec<NodeView>, links: &[LinkView]) -> NavMesh {
    let mut mesh = NavMesh {
        format: Some(format),
        ..NavMesh::default()
    };
    let count = nodes.len();
    let mut budget = check::Budget::for_links(links.len());
    for (i, n) in nodes.into_iter().enumerate() {
        let range = budget.clamp(check::owned(n.first_link, n.link_count, links.len()));
        for l in &links[range] {
            if !usize::try_from(l.target).is_ok_and(|t| t < count) {
                continue;
            }
            mesh.links.push(model::Link {
                from: i as u64,
                to: l.target as u64,
                kind: l.kind,
                team_mask: l.team_mask,
                cost: None,
                traversal: l.traversal,
            });
        }
        mesh.nodes.push(model::Node {
            id: i as u64,
            position: n.origin,
            flags: n.flags,
            radius: Some(n.radius),
            group: 0,
        });
    }
    mesh
}
