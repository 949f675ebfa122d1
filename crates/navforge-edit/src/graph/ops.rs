//! The graph edits, each through a [`GraphTx`] so it is recorded and can be rolled back.

use navforge_core::F32;
use navforge_quake::tables::{
    EdictFields, GraphTables, LinkFields, NodeFields, Row, TraversalFields,
};

use super::command::{EdictSpec, FlagChange, GraphCommand};
use super::journal::{GraphTx, check_layout, range, row};
use crate::command::AttributeOp;
use crate::error::{EditError, refused};

/// The most links the game's graph editor gives one node (QuakeNavSharp `MaximumLinks`; no
/// real file has more).
pub(crate) const MAX_LINKS: i32 = 12;
/// A new node's radius when none is given: the commonest in real files of both games.
pub(crate) const DEFAULT_RADIUS: i32 = 32;

/// Carry out an edit. Returns a one-line message.
pub(crate) fn apply<G: GraphTables>(
    tx: &mut GraphTx<'_, G>,
    cmd: &GraphCommand,
) -> Result<String, EditError> {
    match cmd {
        GraphCommand::NodeAdd { at, radius, flags } => {
            let g = &*tx.g;
            if g.nodes().len() as i64 > i64::from(G::MAX_INDEX) {
                return Err(refused(format!(
                    "the graph holds {} nodes, as many as the file's node numbers reach",
                    g.nodes().len()
                )));
            }
            let radius = radius.unwrap_or(DEFAULT_RADIUS);
            check_radius::<G>(radius)?;
            let bits = flag_bits(g, 0, flags)?;
            let node = row(&NodeFields {
                flags: bits,
                first: i32::try_from(g.links().len()).unwrap_or(i32::MAX),
                count: 0,
                radius,
                origin: at.map(F32::new),
            })?;
            let i = tx.push_node(node);
            Ok(format!(
                "added node {i} at ({}, {}, {}), radius {radius}",
                at[0], at[1], at[2]
            ))
        }
        GraphCommand::NodeMove { node, to } => {
            check_node(tx.g, *node)?;
            tx.set_node(*node, |n| n.origin = to.map(F32::new))?;
            Ok(format!(
                "moved node {node} to ({}, {}, {}) (its links' traversal points stay)",
                to[0], to[1], to[2]
            ))
        }
        GraphCommand::NodeDelete(list) => {
            for &n in list {
                check_node(tx.g, n)?;
            }
            let mut list = list.clone();
            list.sort_unstable();
            list.dedup();
            let mut links = 0;
            for &n in list.iter().rev() {
                links += delete_node(tx, n)?;
            }
            Ok(format!(
                "deleted node(s) {} and {links} link(s) to or from them; later nodes are numbered down",
                join(&list)
            ))
        }
        GraphCommand::NodeFlags { node, changes } => {
            check_node(tx.g, *node)?;
            let bits = flag_bits(tx.g, tx.g.nodes()[*node].fields().flags, changes)?;
            tx.set_node(*node, |n| n.flags = bits)?;
            let names = names_of(bits, tx.g.node_flag_names());
            Ok(format!("node {node} flags: [{}]", names.join(" ")))
        }
        GraphCommand::NodeRadius { node, radius } => {
            check_node(tx.g, *node)?;
            check_radius::<G>(*radius)?;
            tx.set_node(*node, |n| n.radius = *radius)?;
            Ok(format!("node {node} radius {radius}"))
        }
        GraphCommand::LinkAdd {
            from,
            to,
            kind,
            both,
            flags,
            traversal,
            plane,
            edict,
        } => {
            if *both && (traversal.is_some() || edict.is_some()) {
                return Err(refused(
                    "link add ... both: a traversal or edict belongs to one direction; add the two links one by one",
                ));
            }
            let code = link_type(tx.g, kind.as_deref())?;
            let mut made = vec![add_link(
                tx, *from, *to, code, *flags, *traversal, *plane, *edict,
            )?];
            if *both {
                made.push(add_link(tx, *to, *from, code, *flags, None, None, None)?);
            }
            Ok(format!("added {} link(s): {}", made.len(), made.join(", ")))
        }
        GraphCommand::LinkDelete {
            from,
            to,
            kind,
            both,
        } => {
            let code = match kind {
                Some(k) => Some(link_type(tx.g, Some(k))?),
                None => None,
            };
            let mut gone = delete_links(tx, *from, *to, code)?;
            if *both {
                gone += delete_links(tx, *to, *from, code)?;
            }
            if gone == 0 {
                return Err(refused(format!(
                    "node {from} has no link to node {to}{}",
                    code.map(|c| format!(" of type {}", tx.g.link_type_name(c)))
                        .unwrap_or_default()
                )));
            }
            Ok(format!("deleted {gone} link(s)"))
        }
        GraphCommand::Show(_)
        | GraphCommand::Undo(_)
        | GraphCommand::Redo(_)
        | GraphCommand::Save(_)
        | GraphCommand::Help
        | GraphCommand::Quit => Err(refused("not an edit")),
    }
}

fn join(v: &[usize]) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
}

fn check_node<G: GraphTables>(g: &G, n: usize) -> Result<(), EditError> {
    if n < g.nodes().len() {
        Ok(())
    } else {
        Err(EditError::Refused(format!(
            "no node {n} (the graph has nodes 0..{})",
            g.nodes().len()
        )))
    }
}

fn check_radius<G: GraphTables>(r: i32) -> Result<(), EditError> {
    if (0..=G::MAX_INDEX).contains(&r) {
        Ok(())
    } else {
        Err(refused(format!(
            "a radius of {r} does not fit the file (0..={})",
            G::MAX_INDEX
        )))
    }
}

/// The names of the bits set in `bits`.
pub(crate) fn names_of(bits: u16, names: &[&str]) -> Vec<String> {
    (0..16)
        .filter(|b| bits >> b & 1 == 1)
        .map(|b| {
            names
                .get(b)
                .map_or_else(|| format!("bit{b}"), |n| (*n).to_string())
        })
        .collect()
}

/// `bits` with the flag changes made.
fn flag_bits<G: GraphTables>(
    g: &G,
    mut bits: u16,
    changes: &[FlagChange],
) -> Result<u16, EditError> {
    let names = g.node_flag_names();
    for c in changes {
        let key = c.name.to_ascii_lowercase().replace('_', "-");
        let bit = names
            .iter()
            .position(|n| *n == key)
            .or_else(|| {
                key.strip_prefix("bit")
                    .and_then(|b| b.parse::<usize>().ok())
            })
            .filter(|&b| b < 16)
            .ok_or_else(|| {
                refused(format!(
                    "no node flag `{}` (this graph's flags: {}, or bit0..bit15)",
                    c.name,
                    names.join(", ")
                ))
            })?;
        let m = 1u16 << bit;
        match c.op {
            AttributeOp::Mark => bits |= m,
            AttributeOp::Clear => bits &= !m,
            AttributeOp::Toggle => bits ^= m,
        }
    }
    Ok(bits)
}

/// A link type code from its name (`long-jump`, `long_jump`, `long jump`) or number.
fn link_type<G: GraphTables>(g: &G, kind: Option<&str>) -> Result<u8, EditError> {
    let Some(kind) = kind else { return Ok(0) };
    if let Ok(code) = kind.parse::<u8>() {
        return Ok(code);
    }
    let key = kind.to_ascii_lowercase().replace(['-', '_'], " ");
    let names = type_names(g);
    names
        .iter()
        .position(|n| *n == key)
        .map(|c| c as u8)
        .ok_or_else(|| {
            let list: Vec<String> = names.iter().map(|n| n.replace(' ', "-")).collect();
            refused(format!(
                "no link type `{kind}` (this graph's types: {})",
                list.join(", ")
            ))
        })
}

/// Every named link type, by code.
pub(crate) fn type_names<G: GraphTables>(g: &G) -> Vec<String> {
    (0..g.link_type_count() as u8)
        .map(|c| g.link_type_name(c))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn add_link<G: GraphTables>(
    tx: &mut GraphTx<'_, G>,
    from: usize,
    to: usize,
    code: u8,
    flags: Option<u8>,
    traversal: Option<[[f32; 3]; 3]>,
    plane: Option<[f32; 3]>,
    edict: Option<EdictSpec>,
) -> Result<String, EditError> {
    let g = &*tx.g;
    check_node(g, from)?;
    check_node(g, to)?;
    if from == to {
        return Err(refused(format!("node {from} cannot link to itself")));
    }
    check_layout(g)?;
    let links = g.links();
    if let Some(l) = range(g, from).find(|&l| links[l].fields().target == to as i32) {
        return Err(refused(format!(
            "node {from} already links to node {to} ({}): delete that link first",
            g.link_type_name(links[l].fields().kind)
        )));
    }
    if g.nodes()[from].fields().count >= MAX_LINKS {
        return Err(refused(format!(
            "node {from} has {MAX_LINKS} links, the most the game's editor allows"
        )));
    }
    if links.len() as i64 >= i64::from(G::MAX_INDEX) {
        return Err(refused(
            "the link table is full for the file's 16-bit indices",
        ));
    }
    let version = g.file_version();
    let trav = match traversal {
        None => {
            if plane.is_some() {
                return Err(refused("a ladder plane belongs to a traversal: give one"));
            }
            None
        }
        Some(points) => {
            let plane = match (g.has_ladder_plane(), plane) {
                (true, p) => Some(p.unwrap_or([0.0; 3]).map(F32::new)),
                (false, Some(_)) => {
                    return Err(refused(format!(
                        "{} version {version} traversals have no ladder plane",
                        G::FORMAT
                    )));
                }
                (false, None) => None,
            };
            if g.traversals().len() as i64 >= i64::from(G::MAX_INDEX) {
                return Err(refused(
                    "the traversal table is full for the file's 16-bit indices",
                ));
            }
            Some(row::<G::Traversal>(&TraversalFields {
                points: points.map(|p| p.map(F32::new)),
                plane,
            })?)
        }
    };
    let name = match edict {
        None => None,
        Some(e) => Some(g.edict_name(e.entity).map_err(refused)?),
    };
    let flags = flags.unwrap_or_else(|| g.default_link_flags());
    let type_name = g.link_type_name(code);
    // The new link's traversal is the next one: check the link fits before adding anything.
    let traversal = if trav.is_some() {
        g.traversals().len() as i32
    } else {
        -1
    };
    let link = row(&LinkFields {
        target: to as i32,
        kind: code,
        flags,
        traversal,
    })?;
    if let Some(t) = trav {
        tx.push_traversal(t);
    }
    let at = tx.push_link(from, link)?;
    if let (Some(name), Some(e)) = (name, edict) {
        let edict = row(&EdictFields {
            link: at as i32,
            mins: e.mins.map(F32::new),
            maxs: e.maxs.map(F32::new),
            name,
        })?;
        tx.add_edict(edict);
    }
    Ok(format!("{from} -> {to} ({type_name})"))
}

/// Delete every link from `from` to `to` (of type `code`, if given); returns how many went.
fn delete_links<G: GraphTables>(
    tx: &mut GraphTx<'_, G>,
    from: usize,
    to: usize,
    code: Option<u8>,
) -> Result<usize, EditError> {
    check_node(tx.g, from)?;
    check_node(tx.g, to)?;
    check_layout(tx.g)?;
    let hits: Vec<usize> = range(tx.g, from)
        .filter(|&l| {
            let link = tx.g.links()[l].fields();
            link.target == to as i32 && code.is_none_or(|c| link.kind == c)
        })
        .collect();
    for &l in hits.iter().rev() {
        tx.remove_link(l, from);
    }
    Ok(hits.len())
}

/// Delete node `n` with every link leaving or reaching it; returns how many links went.
fn delete_node<G: GraphTables>(tx: &mut GraphTx<'_, G>, n: usize) -> Result<usize, EditError> {
    let g = &*tx.g;
    let links = g.links();
    let reached = links.iter().any(|l| l.fields().target == n as i32);
    if g.nodes()[n].fields().count > 0 || reached {
        check_layout(g)?;
    }
    let mut owner = vec![usize::MAX; links.len()];
    for i in 0..g.nodes().len() {
        for l in range(g, i) {
            owner[l] = i;
        }
    }
    let doomed: Vec<usize> = (0..links.len())
        .filter(|&l| owner[l] == n || links[l].fields().target == n as i32)
        .collect();
    for &l in doomed.iter().rev() {
        tx.remove_link(l, owner[l]);
    }
    tx.remove_node(n);
    Ok(doomed.len())
}

/// `show N`: a node's fields, its links and the nodes that link to it.
pub(crate) fn show<G: GraphTables>(g: &G, n: usize) -> Result<String, EditError> {
    check_node(g, n)?;
    let node = g.nodes()[n].fields();
    let o = node.origin.map(F32::get);
    let links: Vec<String> = range(g, n)
        .map(|l| {
            let link = g.links()[l].fields();
            let mut extra = Vec::new();
            if link.traversal >= 0 {
                extra.push("traversal".to_string());
            }
            if g.edicts().iter().any(|e| e.fields().link == l as i32) {
                extra.push("edict".to_string());
            }
            let flags = g.link_flag_names();
            if !flags.is_empty() {
                extra.extend(names_of(u16::from(link.flags), flags));
            }
            let extra = if extra.is_empty() {
                String::new()
            } else {
                format!(", {}", extra.join(", "))
            };
            format!("{} ({}{extra})", link.target, g.link_type_name(link.kind))
        })
        .collect();
    let from: Vec<String> = (0..g.nodes().len())
        .filter(|&m| range(g, m).any(|l| g.links()[l].fields().target == n as i32))
        .map(|m| m.to_string())
        .collect();
    Ok(format!(
        "node {n}: at ({}, {}, {}), radius {}, flags [{}], links to [{}], linked from [{}]",
        o[0],
        o[1],
        o[2],
        node.radius,
        names_of(node.flags, g.node_flag_names()).join(" "),
        links.join("; "),
        from.join(" ")
    ))
}
