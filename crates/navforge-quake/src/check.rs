//! Graph checks shared by both families: what `navforge info` warns about.

use navforge_core::Summary;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashSet};

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
    /// Per link: its type's name.
    pub type_names: Vec<String>,
    /// Per link: traversal index, `None` for the "no traversal" marker.
    pub traversals: Vec<Option<i64>>,
    pub traversal_count: usize,
    /// Per edict: the link it belongs to (raw).
    pub edict_links: Vec<i64>,
}

fn examples<T: std::fmt::Display>(items: &[T]) -> String {
    let shown: Vec<String> = items.iter().take(EXAMPLES).map(|i| i.to_string()).collect();
    let more = if items.len() > EXAMPLES { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
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

pub(crate) fn analyse(f: &Facts, s: &mut Summary) {
    let links = f.targets.len();
    let mut by_type: BTreeMap<String, u64> = BTreeMap::new();
    for name in &f.type_names {
        *by_type.entry(name.clone()).or_default() += 1;
    }
    s.details.insert("link_types".into(), json!(by_type));

    // Link ranges.
    let mut past_end = Vec::new();
    let mut too_many = Vec::new();
    let mut owner_count = vec![0u32; links];
    let mut pairs: HashSet<(i64, i64)> = HashSet::new();
    for (node, &(first, count)) in f.ranges.iter().enumerate() {
        if count < 0 || first < 0 || first.saturating_add(count) > links as i64 {
            past_end.push(format!(
                "node {node}: links {first}..{} of {links}",
                first.saturating_add(count)
            ));
        }
        if count > MAX_LINKS_PER_NODE as i64 {
            too_many.push(format!("node {node} ({count})"));
        }
        for l in owned(first, count, links) {
            owner_count[l] = owner_count[l].saturating_add(1);
            pairs.insert((node as i64, f.targets[l]));
        }
    }
    if !past_end.is_empty() {
        s.warnings.push(format!(
            "{} nodes have a link range outside the link table: {}",
            past_end.len(),
            examples(&past_end)
        ));
    }
    if !too_many.is_empty() {
        s.warnings.push(format!(
            "{} nodes have more than {MAX_LINKS_PER_NODE} links: {}",
            too_many.len(),
            examples(&too_many)
        ));
    }
    let orphans: Vec<usize> = (0..links).filter(|&l| owner_count[l] == 0).collect();
    if !orphans.is_empty() {
        s.warnings.push(format!(
            "{} links belong to no node: links {}",
            orphans.len(),
            examples(&orphans)
        ));
    }
    let shared: Vec<usize> = (0..links).filter(|&l| owner_count[l] > 1).collect();
    if !shared.is_empty() {
        s.warnings.push(format!(
            "{} links belong to more than one node (overlapping link ranges): links {}",
            shared.len(),
            examples(&shared)
        ));
    }

    // Targets.
    let bad_targets: Vec<String> = f
        .targets
        .iter()
        .enumerate()
        .filter(|(_, t)| **t < 0 || **t >= f.node_count as i64)
        .map(|(l, t)| format!("link {l} -> node {t}"))
        .collect();
    if !bad_targets.is_empty() {
        s.warnings.push(format!(
            "{} links point to a node that does not exist ({} nodes): {}",
            bad_targets.len(),
            f.node_count,
            examples(&bad_targets)
        ));
    }

    // Traversals.
    let mut used_traversals = vec![false; f.traversal_count];
    let mut bad_trav = Vec::new();
    for (l, t) in f.traversals.iter().enumerate() {
        if let Some(t) = *t {
            match usize::try_from(t).ok().filter(|&t| t < f.traversal_count) {
                Some(t) => used_traversals[t] = true,
                None => bad_trav.push(format!("link {l} -> traversal {t}")),
            }
        }
    }
    if !bad_trav.is_empty() {
        s.warnings.push(format!(
            "{} links have a traversal index out of range ({} traversals): {}",
            bad_trav.len(),
            f.traversal_count,
            examples(&bad_trav)
        ));
    }
    let unused = used_traversals.iter().filter(|u| !**u).count();
    s.details.insert("unused_traversals".into(), json!(unused));

    // Edicts.
    let bad_edicts: Vec<String> = f
        .edict_links
        .iter()
        .enumerate()
        .filter(|(_, l)| **l < 0 || **l >= links as i64)
        .map(|(e, l)| format!("edict {e} -> link {l}"))
        .collect();
    if !bad_edicts.is_empty() {
        s.warnings.push(format!(
            "{} edicts have a link index out of range ({links} links): {}",
            bad_edicts.len(),
            examples(&bad_edicts)
        ));
    }

    // Reachability: a node is unreachable when no link from another node leads to it.
    let mut incoming = vec![false; f.node_count];
    for &(from, to) in &pairs {
        if from != to && to >= 0 && (to as u64) < f.node_count as u64 {
            incoming[to as usize] = true;
        }
    }
    let unreachable: Vec<usize> = (0..f.node_count).filter(|&n| !incoming[n]).collect();
    s.details
        .insert("unreachable_nodes".into(), json!(unreachable.len()));
    if !unreachable.is_empty() {
        s.warnings.push(format!(
            "{} unreachable nodes (no link from another node leads to them): nodes {}",
            unreachable.len(),
            examples(&unreachable)
        ));
    }

    // One-way links.
    let mut one_way = Vec::new();
    let mut one_way_by_type: BTreeMap<String, u64> = BTreeMap::new();
    for (node, &(first, count)) in f.ranges.iter().enumerate() {
        for l in owned(first, count, links) {
            let to = f.targets[l];
            if !pairs.contains(&(to, node as i64)) {
                if to < 0 || to >= f.node_count as i64 {
                    continue;
                }
                *one_way_by_type.entry(f.type_names[l].clone()).or_default() += 1;
                one_way.push(format!("{node} -> {to} ({})", f.type_names[l]));
            }
        }
    }
    if !one_way.is_empty() {
        let per_type: Vec<String> = one_way_by_type
            .iter()
            .map(|(k, v)| format!("{v} {k}"))
            .collect();
        s.warnings.push(format!(
            "{} one-way links (no link back; {}): {}",
            one_way.len(),
            per_type.join(", "),
            examples(&one_way)
        ));
    }
    s.details.insert(
        "one_way_links".into(),
        Value::Object(
            one_way_by_type
                .into_iter()
                .map(|(k, v)| (k, json!(v)))
                .collect(),
        ),
    );
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
