//! What changed between two Quake graphs: nodes added, removed and changed (with the fields),
//! links added, removed and changed. Nodes have no IDs, only their place in the file, and
//! deleting one renumbers the rest; so nodes are matched by position (origin) in file order
//! first, and the nodes left between two matched ones are paired in order as moved nodes.

use std::collections::HashMap;
use std::fmt;

use navforge_core::F32;
use navforge_quake::tables::{GraphTables, Row};
use serde::Serialize;

use super::journal::range;

/// A node whose fields changed: its number before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeChange {
    /// Its number in the first graph.
    pub old: usize,
    /// Its number in the second graph.
    pub new: usize,
    /// `origin`, `flags`, `radius`.
    pub fields: Vec<&'static str>,
}

/// A link: the nodes it joins and its type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LinkRef {
    /// The node it leaves.
    pub from: usize,
    /// The node it reaches.
    pub to: usize,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: String,
}

/// A link in both graphs whose details changed (numbers as in the second graph).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LinkChange {
    /// The link.
    #[serde(flatten)]
    pub link: LinkRef,
    /// `flags`, `traversal`, `edicts`.
    pub fields: Vec<&'static str>,
}

/// The differences between two graphs (or the effect of one edit).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct GraphDiff {
    /// Nodes only in the second graph (their numbers there).
    pub nodes_added: Vec<usize>,
    /// Nodes only in the first graph (their numbers there).
    pub nodes_removed: Vec<usize>,
    /// Nodes in both whose fields differ.
    pub nodes_changed: Vec<NodeChange>,
    /// Links only in the second graph (numbers as there).
    pub links_added: Vec<LinkRef>,
    /// Links only in the first graph (numbers as there).
    pub links_removed: Vec<LinkRef>,
    /// Links in both whose flags, traversal points or edicts differ.
    pub links_changed: Vec<LinkChange>,
    /// Other parts that differ (version, heuristic, ...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other: Vec<String>,
}

/// A node's position as exact bits.
fn key(o: &[F32; 3]) -> [u32; 3] {
    o.map(|v| v.get().to_bits())
}

/// For each node of `a`, its number in `b` (if matched); pairs moved nodes.
fn match_nodes<G: GraphTables>(a: &G, b: &G) -> Vec<Option<usize>> {
    let mut by_origin: HashMap<[u32; 3], Vec<usize>> = HashMap::new();
    for (j, n) in b.nodes().iter().enumerate() {
        by_origin
            .entry(key(&n.fields().origin))
            .or_default()
            .push(j);
    }
    let mut to_b: Vec<Option<usize>> = vec![None; a.nodes().len()];
    let mut taken = vec![false; b.nodes().len()];
    let mut last: Option<usize> = None;
    for (i, n) in a.nodes().iter().enumerate() {
        let Some(list) = by_origin.get(&key(&n.fields().origin)) else {
            continue;
        };
        let from = last.map_or(0, |l| l + 1);
        let at = list.partition_point(|&j| j < from);
        if let Some(&j) = list.get(at) {
            to_b[i] = Some(j);
            taken[j] = true;
            last = Some(j);
        }
    }
    // Nodes left over between two matched ones: moved nodes, paired in order.
    let mut i = 0;
    let mut j = 0;
    while i < a.nodes().len() {
        if let Some(m) = to_b[i] {
            j = m + 1;
            i += 1;
            continue;
        }
        let next_b = to_b[i..]
            .iter()
            .flatten()
            .next()
            .copied()
            .unwrap_or(b.nodes().len());
        while j < next_b && taken[j] {
            j += 1;
        }
        if j < next_b {
            to_b[i] = Some(j);
            taken[j] = true;
            j += 1;
        }
        i += 1;
    }
    to_b
}

/// Link `l` of node `from` in `g`, named.
fn link_ref<G: GraphTables>(g: &G, from: usize, l: usize) -> LinkRef {
    let link = g.links()[l].fields();
    LinkRef {
        from,
        to: link.target.max(0) as usize,
        kind: g.link_type_name(link.kind),
    }
}

impl GraphDiff {
    /// Whether nothing differs.
    pub fn is_empty(&self) -> bool {
        self.nodes_added.is_empty()
            && self.nodes_removed.is_empty()
            && self.nodes_changed.is_empty()
            && self.links_added.is_empty()
            && self.links_removed.is_empty()
            && self.links_changed.is_empty()
            && self.other.is_empty()
    }

    pub(crate) fn between<G: GraphTables>(a: &G, b: &G) -> GraphDiff {
        let mut d = GraphDiff::default();
        let to_b = match_nodes(a, b);
        let mut matched_b = vec![false; b.nodes().len()];
        for (i, m) in to_b.iter().enumerate() {
            match m {
                None => d.nodes_removed.push(i),
                Some(j) => {
                    matched_b[*j] = true;
                    let (x, y) = (a.nodes()[i].fields(), b.nodes()[*j].fields());
                    let mut fields = Vec::new();
                    if x.origin != y.origin {
                        fields.push("origin");
                    }
                    if x.flags != y.flags {
                        fields.push("flags");
                    }
                    if x.radius != y.radius {
                        fields.push("radius");
                    }
                    if !fields.is_empty() {
                        d.nodes_changed.push(NodeChange {
                            old: i,
                            new: *j,
                            fields,
                        });
                    }
                }
            }
        }
        d.nodes_added = (0..b.nodes().len()).filter(|&j| !matched_b[j]).collect();
        // Links of each node pair, keyed by (target in b's numbers, type).
        let detail = |g: &G, l: usize| {
            let link = g.links()[l].fields();
            let trav = usize::try_from(link.traversal)
                .ok()
                .and_then(|t| g.traversals().get(t))
                .map(Row::fields);
            let edicts: Vec<_> = g
                .edicts()
                .iter()
                .map(Row::fields)
                .filter(|e| e.link == l as i32)
                .map(|e| (e.mins, e.maxs, e.name))
                .collect();
            (link.flags, trav, edicts)
        };
        let b_of = |t: i32| {
            usize::try_from(t)
                .ok()
                .and_then(|t| to_b.get(t).copied().flatten())
        };
        let mut to_a: Vec<Option<usize>> = vec![None; b.nodes().len()];
        for (i, m) in to_b.iter().enumerate() {
            if let Some(j) = m {
                to_a[*j] = Some(i);
            }
        }
        for (j, &i) in to_a.iter().enumerate() {
            let mut old: Vec<(Option<usize>, u8, usize)> = match i {
                Some(i) => range(a, i)
                    .map(|l| {
                        let link = a.links()[l].fields();
                        (b_of(link.target), link.kind, l)
                    })
                    .collect(),
                None => Vec::new(),
            };
            for l in range(b, j) {
                let link = b.links()[l].fields();
                let to = usize::try_from(link.target).ok();
                let r = LinkRef {
                    from: j,
                    to: link.target.max(0) as usize,
                    kind: b.link_type_name(link.kind),
                };
                match old
                    .iter()
                    .position(|&(t, k, _)| t == to && t.is_some() && k == link.kind)
                {
                    Some(p) => {
                        let (_, _, la) = old.remove(p);
                        let (fa, ta, ea) = detail(a, la);
                        let (fb, tb, eb) = detail(b, l);
                        let mut fields = Vec::new();
                        if fa != fb {
                            fields.push("flags");
                        }
                        if ta != tb {
                            fields.push("traversal");
                        }
                        if ea != eb {
                            fields.push("edicts");
                        }
                        if !fields.is_empty() {
                            d.links_changed.push(LinkChange { link: r, fields });
                        }
                    }
                    None => d.links_added.push(r),
                }
            }
            if let Some(i) = i {
                for (_, _, la) in old {
                    d.links_removed.push(link_ref(a, i, la));
                }
            }
        }
        for &i in &d.nodes_removed {
            for l in range(a, i) {
                d.links_removed.push(link_ref(a, i, l));
            }
        }
        if a.file_version() != b.file_version() {
            d.other.push("format or version".into());
        } else if !a.same_header(b) {
            d.other.push("heuristic or trailing bytes".into());
        }
        d
    }
}

impl fmt::Display for GraphDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return writeln!(f, "  no changes");
        }
        for n in &self.nodes_added {
            writeln!(f, "  + node {n}")?;
        }
        for n in &self.nodes_removed {
            writeln!(f, "  - node {n}")?;
        }
        for c in &self.nodes_changed {
            let now = if c.old == c.new {
                String::new()
            } else {
                format!(" (now {})", c.new)
            };
            writeln!(f, "  ~ node {}{now}: {}", c.old, c.fields.join(", "))?;
        }
        for l in &self.links_added {
            writeln!(f, "  + link {} -> {} ({})", l.from, l.to, l.kind)?;
        }
        for l in &self.links_removed {
            writeln!(f, "  - link {} -> {} ({})", l.from, l.to, l.kind)?;
        }
        for c in &self.links_changed {
            writeln!(
                f,
                "  ~ link {} -> {} ({}): {}",
                c.link.from,
                c.link.to,
                c.link.kind,
                c.fields.join(", ")
            )?;
        }
        for o in &self.other {
            writeln!(f, "  ~ {o}")?;
        }
        Ok(())
    }
}
