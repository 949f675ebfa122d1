//! What NAV2 and NAV3 documents share: the same header (magic, version, three counts), node tables
//! owning contiguous link ranges, fields that come and go with the version, and the way to a
//! summary and to the common model.

use crate::check;
use navforge_core::model::{self, ConnectionKind, NavMesh};
use navforge_core::{Bounds, Counts, Error, ErrorKind, Format, Reader, Result, Summary};

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

/// A field (`what`, at `field`) that versions `since..` hold: `Ok(true)` to write it, `Ok(false)`
/// to leave it out, or an error when the document has it where the version has none, or lacks
/// it. `at` is the output's length so far.
pub(crate) fn versioned(
    format: &'static str,
    (field, what): (String, &str),
    at: usize,
    (version, since): (u32, u32),
    present: bool,
) -> Result<bool> {
    let wanted = version >= since;
    if wanted == present {
        return Ok(wanted);
    }
    let msg = if wanted {
        format!("versions {since}+ need a {what}")
    } else {
        format!("versions before {since} have no {what}")
    };
    Err(Error::invalid(format, field, at as u64, msg))
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

/// Table sizes of a graph document.
pub(crate) struct Tables {
    pub nodes: usize,
    pub links: usize,
    pub traversals: usize,
    pub edicts: usize,
    pub trailing: usize,
}

/// The summary fields both formats fill the same way: counts, bounds, table sizes, and a
/// warning for trailing bytes. The caller adds its analysis and details.
pub(crate) fn summary(
    format: Format,
    version: u32,
    variant: Option<String>,
    origins: impl Iterator<Item = [f32; 3]>,
    t: &Tables,
) -> Summary {
    let mut s = Summary {
        format,
        version: u64::from(version),
        variant,
        counts: Counts {
            connections: t.links as u64,
            ..Counts::default()
        },
        bounds: Bounds::of_points(origins),
        details: Default::default(),
        warnings: Vec::new(),
    };
    for (key, n) in [
        ("nodes", t.nodes),
        ("links", t.links),
        ("traversals", t.traversals),
        ("edicts", t.edicts),
    ] {
        s.counts.extra.insert(key.into(), n as u64);
    }
    if t.trailing > 0 {
        s.warnings.push(format!(
            "{} bytes after the edicts (kept verbatim)",
            t.trailing
        ));
    }
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
