//! Graph checks shared by both families: what `navforge info` warns about.

use navforge_core::Summary;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// How many examples a warning lists.
const EXAMPLES: usize = 5;
/// The most links per node the Quake 2021 graph editor allows (QuakeNavSharp `MaximumLinks`);
/// no real file in the corpus exceeds it.
pub(crate) const MAX_LINKS_PER_NODE: u64 = 12;

/// The index structure of a graph, format-neutral.
pub(crate) struct Facts {
    pub node_count: usize,
    /// Per node: first link and link count (raw, possibly out of range).
    pub ranges: Vec<(i64, i64)>,
    /// Per link: target node (raw).
    pub targets: Vec<i64>,
    /// Per link: its type code.
    pub kinds: Vec<u8>,
    /// The name of a type code.
    pub type_name: fn(u8) -> String,
    /// Per link: traversal index, `None` for the "no traversal" marker.
    pub traversals: Vec<Option<i64>>,
    pub traversal_count: usize,
    /// Per edict: the link it belongs to (raw).
    pub edict_links: Vec<i64>,
}

/// Collects a count and the first few examples, formatting only those.
struct Found {
    count: usize,
    examples: Vec<String>,
}

impl Found {
    fn new() -> Self {
        Found {
            count: 0,
            examples: Vec::new(),
        }
    }

    fn add(&mut self, example: impl FnOnce() -> String) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example());
        }
    }

    fn list(&self) -> String {
        let more = if self.count > self.examples.len() {
            ", ..."
        } else {
            ""
        };
        format!("{}{more}", self.examples.join(", "))
    }

    fn warn(&self, s: &mut Summary, what: impl FnOnce(usize) -> String) {
        if self.count > 0 {
            s.warnings
                .push(format!("{}: {}", what(self.count), self.list()));
        }
    }
}

/// The link indices a node owns, clamped to the link table.
pub(crate) fn owned(first: i64, count: i64, links: usize) -> std::ops::Range<usize> {
    if first < 0 || count <= 0 {
        return 0..0;
    }
    let start = (first as u64).min(links as u64) as usize;
    let end = (first as u64)
        .saturating_add(count as u64)
        .min(links as u64) as usize;
    start..end
}

/// A damaged file may give every node the whole link table (overlapping ranges), so walking the
/// ranges could cost nodes × links. Conversions and checks stop after a budget proportional to
/// the link table; a game-written file never comes near it.
pub(crate) struct Budget {
    left: usize,
    pub exhausted: bool,
}

impl Budget {
    pub fn new(units: usize) -> Self {
        Budget {
            left: units,
            exhausted: false,
        }
    }

    /// Links a conversion may emit in all: four times the table, plus slack.
    pub fn for_links(links: usize) -> Self {
        Self::new(links.saturating_mul(4).saturating_add(1024))
    }

    /// `r`, shortened to what is left of the budget.
    pub fn clamp(&mut self, r: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let n = r.len().min(self.left);
        self.left -= n;
        if n < r.len() {
            self.exhausted = true;
        }
        r.start..r.start + n
    }
}

pub(crate) fn analyse(f: &Facts, s: &mut Summary) {
    let links = f.targets.len();
    let names: Vec<String> = (0..=255u8).map(f.type_name).collect();
    let mut per_kind = [0u64; 256];
    for &k in &f.kinds {
        per_kind[k as usize] += 1;
    }
    let by_type: BTreeMap<&str, u64> = (0..256)
        .filter(|&k| per_kind[k] > 0)
        .map(|k| (names[k].as_str(), per_kind[k]))
        .collect();
    s.details.insert("link_types".into(), json!(by_type));

    let node_in_range = |t: i64| t >= 0 && (t as u64) < f.node_count as u64;
    let owned_by = |node: usize| -> std::ops::Range<usize> {
        let (first, count) = f.ranges[node];
        owned(first, count, links)
    };

    // Link ranges.
    let mut past_end = Found::new();
    let mut too_many = Found::new();
    let mut starts = vec![0i64; links + 1];
    for (node, &(first, count)) in f.ranges.iter().enumerate() {
        if count < 0 || first < 0 || first.saturating_add(count) > links as i64 {
            past_end.add(|| {
                format!(
                    "node {node}: links {first}..{} of {links}",
                    first.saturating_add(count)
                )
            });
        }
        if count > MAX_LINKS_PER_NODE as i64 {
            too_many.add(|| format!("node {node} ({count})"));
        }
        let r = owned(first, count, links);
        if !r.is_empty() {
            starts[r.start] += 1;
            starts[r.end] -= 1;
        }
    }
    let mut owner_count = vec![0i64; links];
    let mut running = 0i64;
    for (l, c) in owner_count.iter_mut().enumerate() {
        running += starts[l];
        *c = running;
    }
    past_end.warn(s, |n| {
        format!("{n} nodes have a link range outside the link table")
    });
    too_many.warn(s, |n| {
        format!("{n} nodes have more than {MAX_LINKS_PER_NODE} links")
    });
    let mut orphans = Found::new();
    let mut shared = Found::new();
    for (l, &c) in owner_count.iter().enumerate() {
        match c {
            0 => orphans.add(|| format!("link {l}")),
            1 => {}
            _ => shared.add(|| format!("link {l}")),
        }
    }
    orphans.warn(s, |n| format!("{n} links belong to no node"));
    shared.warn(s, |n| {
        format!("{n} links belong to more than one node (overlapping link ranges)")
    });

    // Targets.
    let mut bad_targets = Found::new();
    for (l, &t) in f.targets.iter().enumerate() {
        if !node_in_range(t) {
            bad_targets.add(|| format!("link {l} -> node {t}"));
        }
    }
    bad_targets.warn(s, |n| {
        format!(
            "{n} links point to a node that does not exist ({} nodes)",
            f.node_count
        )
    });

    // Traversals.
    let mut used_traversals = vec![false; f.traversal_count];
    let mut bad_trav = Found::new();
    for (l, t) in f.traversals.iter().enumerate() {
        if let Some(t) = *t {
            match usize::try_from(t).ok().filter(|&t| t < f.traversal_count) {
                Some(t) => used_traversals[t] = true,
                None => bad_trav.add(|| format!("link {l} -> traversal {t}")),
            }
        }
    }
    bad_trav.warn(s, |n| {
        format!(
            "{n} links have a traversal index out of range ({} traversals)",
            f.traversal_count
        )
    });
    let unused = used_traversals.iter().filter(|u| !**u).count();
    s.details.insert("unused_traversals".into(), json!(unused));

    // Edicts.
    let mut bad_edicts = Found::new();
    for (e, &l) in f.edict_links.iter().enumerate() {
        if l < 0 || l >= links as i64 {
            bad_edicts.add(|| format!("edict {e} -> link {l}"));
        }
    }
    bad_edicts.warn(s, |n| {
        format!("{n} edicts have a link index out of range ({links} links)")
    });

    // Reachability (no link from another node leads there) and one-way links (no link back).
    let mut incoming = vec![false; f.node_count];
    let mut one_way = Found::new();
    let mut one_way_per_kind = [0u64; 256];
    let mut steps = Budget::new(links.saturating_mul(16).saturating_add(100_000));
    'nodes: for node in 0..f.ranges.len() {
        for l in owned_by(node) {
            if steps.clamp(0..1).is_empty() {
                break 'nodes;
            }
            let to = f.targets[l];
            if !node_in_range(to) {
                continue;
            }
            let to = to as usize;
            if to != node {
                incoming[to] = true;
            }
            let back_range = if to < f.ranges.len() {
                owned_by(to)
            } else {
                0..0
            };
            let back_range = steps.clamp(back_range);
            let back = back_range.into_iter().any(|b| f.targets[b] == node as i64);
            if !back {
                let kind = f.kinds[l];
                one_way_per_kind[kind as usize] += 1;
                one_way.add(|| format!("{node} -> {to} ({})", names[kind as usize]));
            }
        }
    }
    if steps.exhausted {
        s.warnings.push(
            "reachability and one-way checks stopped early: overlapping link ranges make them too costly"
                .into(),
        );
    }
    let mut unreachable = Found::new();
    for (n, _) in incoming.iter().enumerate().filter(|(_, i)| !**i) {
        unreachable.add(|| n.to_string());
    }
    s.details
        .insert("unreachable_nodes".into(), json!(unreachable.count));
    unreachable.warn(s, |n| {
        format!("{n} unreachable nodes (no link from another node leads to them): nodes")
    });
    let one_way_by_type: BTreeMap<&str, u64> = (0..256)
        .filter(|&k| one_way_per_kind[k] > 0)
        .map(|k| (names[k].as_str(), one_way_per_kind[k]))
        .collect();
    let per_type: Vec<String> = one_way_by_type
        .iter()
        .map(|(k, v)| format!("{v} {k}"))
        .collect();
    one_way.warn(s, |n| {
        format!("{n} one-way links (no link back; {})", per_type.join(", "))
    });
    s.details
        .insert("one_way_links".into(), json!(one_way_by_type));
}

/// Counts of each named flag over a set of nodes.
pub(crate) fn flag_counts<'a>(names: impl Iterator<Item = Vec<String>> + 'a) -> Value {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for list in names {
        for n in list {
            *counts.entry(n).or_default() += 1;
        }
    }
    json!(counts)
}
