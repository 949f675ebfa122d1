//! The graph edits, each through a [`GraphTx`] so it is recorded and can be rolled back.

use navforge_core::F32;

use super::command::{EdictSpec, FlagChange, GraphCommand};
use super::journal::GraphTx;
use super::tables::{Edict, EdictName, Family, Graph, Link, Node, Traversal};
use crate::command::AttributeOp;
use crate::error::{EditError, refused};

/// The most links the game's graph editor gives one node (QuakeNavSharp `MaximumLinks`; no
/// real file has more).
pub(crate) const MAX_LINKS: i32 = 12;
/// A new node's radius when none is given: the commonest in real files of both games.
pub(crate) const DEFAULT_RADIUS: i32 = 32;

/// Carry out an edit. Returns a one-line message.
pub(crate) fn apply(tx: &mut GraphTx<'_>, cmd: &GraphCommand) -> Result<String, EditError> {
    match cmd {
        GraphCommand::NodeAdd { at, radius, flags } => {
            let g = &tx.g;
            if g.nodes.len() as i64 > i64::from(g.max_index()) {
                return Err(refused(format!(
                    "the graph holds {} nodes, as many as the file's node numbers reach",
                    g.nodes.len()
                )));
            }
            let radius = radius.unwrap_or(DEFAULT_RADIUS);
            check_radius(g, radius)?;
            let bits = flag_bits(g, 0, flags)?;
            let node = Node {
                flags: bits,
                first: g.links.len() as i32,
                count: 0,
                radius,
                origin: at.map(F32::new),
            };
            let i = tx.push_node(node);
            Ok(format!(
                "added node {i} at ({}, {}, {}), radius {radius}",
                at[0], at[1], at[2]
            ))
        }
        GraphCommand::NodeMove { node, to } => {
            check_node(tx.g, *node)?;
            tx.node_mut(*node).origin = to.map(F32::new);
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
            let bits = flag_bits(tx.g, tx.g.nodes[*node].flags, changes)?;
            tx.node_mut(*node).flags = bits;
            let names = names_of(bits, tx.g.node_flag_names());
            Ok(format!("node {node} flags: [{}]", names.join(" ")))
        }
        GraphCommand::NodeRadius { node, radius } => {
            check_node(tx.g, *node)?;
            check_radius(tx.g, *radius)?;
            tx.node_mut(*node).radius = *radius;
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
                    code.map(|c| format!(" of type {}", tx.g.type_name(c)))
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

fn check_node(g: &Graph, n: usize) -> Result<(), EditError> {
    if n < g.nodes.len() {
        Ok(())
    } else {
        Err(EditError::Refused(format!(
            "no node {n} (the graph has nodes 0..{})",
            g.nodes.len()
        )))
    }
}

fn check_radius(g: &Graph, r: i32) -> Result<(), EditError> {
    if (0..=g.max_index()).contains(&r) {
        Ok(())
    } else {
        Err(refused(format!(
            "a radius of {r} does not fit the file (0..={})",
            g.max_index()
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
fn flag_bits(g: &Graph, mut bits: u16, changes: &[FlagChange]) -> Result<u16, EditError> {
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
fn link_type(g: &Graph, kind: Option<&str>) -> Result<u8, EditError> {
    let Some(kind) = kind else { return Ok(0) };
    if let Ok(code) = kind.parse::<u8>() {
        return Ok(code);
    }
    let key = kind.to_ascii_lowercase().replace(['-', '_'], " ");
    let names = g.type_names();
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

#[allow(clippy::too_many_arguments)]
fn add_link(
    tx: &mut GraphTx<'_>,
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
    g.check_layout()?;
    if let Some(l) = g.range(from).find(|&l| g.links[l].target == to as i32) {
        return Err(refused(format!(
            "node {from} already links to node {to} ({}): delete that link first",
            g.type_name(g.links[l].kind)
        )));
    }
    if g.nodes[from].count >= MAX_LINKS {
        return Err(refused(format!(
            "node {from} has {MAX_LINKS} links, the most the game's editor allows"
        )));
    }
    if g.links.len() as i64 >= i64::from(g.max_index()) {
        return Err(refused(
            "the link table is full for the file's 16-bit indices",
        ));
    }
    let version = g.version();
    let trav = match traversal {
        None => {
            if plane.is_some() {
                return Err(refused("a ladder plane belongs to a traversal: give one"));
            }
            None
        }
        Some(points) => {
            let plane = match (&g.family, plane) {
                (Family::Nav3 { version: 4.., .. }, p) => Some(p.unwrap_or([0.0; 3]).map(F32::new)),
                (_, Some(_)) => {
                    return Err(refused(format!(
                        "{} version {version} traversals have no ladder plane",
                        g.format()
                    )));
                }
                (_, None) => None,
            };
            if g.traversals.len() as i64 >= i64::from(g.max_index()) {
                return Err(refused(
                    "the traversal table is full for the file's 16-bit indices",
                ));
            }
            Some(Traversal {
                points: points.map(|p| p.map(F32::new)),
                plane,
            })
        }
    };
    let name = match (&g.family, edict) {
        (_, None) => None,
        (Family::Nav2 { version: 15.., .. }, Some(e)) => Some(EdictName::EntityId(
            e.entity
                .checked_neg()
                .and_then(|n| n.checked_sub(1))
                .ok_or_else(|| refused(format!("entity {} is out of range", e.entity)))?,
        )),
        (Family::Nav3 { version: 2.., .. }, Some(e)) => Some(EdictName::Model(Some(e.entity))),
        (_, Some(_)) => {
            return Err(refused(format!(
                "{} version {version} edicts name entities in a way navforge cannot write yet",
                g.format()
            )));
        }
    };
    let flags = flags.unwrap_or_else(|| g.default_link_flags());
    let type_name = g.type_name(code);
    let traversal = match trav {
        Some(t) => tx.push_traversal(t) as i32,
        None => -1,
    };
    let at = tx.push_link(
        from,
        Link {
            target: to as i32,
            kind: code,
            flags,
            traversal,
        },
    );
    if let (Some(name), Some(e)) = (name, edict) {
        tx.add_edict(Edict {
            link: at as i32,
            mins: e.mins.map(F32::new),
            maxs: e.maxs.map(F32::new),
            name,
        });
    }
    Ok(format!("{from} -> {to} ({type_name})"))
}

/// Delete every link from `from` to `to` (of type `code`, if given); returns how many went.
fn delete_links(
    tx: &mut GraphTx<'_>,
    from: usize,
    to: usize,
    code: Option<u8>,
) -> Result<usize, EditError> {
    check_node(tx.g, from)?;
    check_node(tx.g, to)?;
    tx.g.check_layout()?;
    let hits: Vec<usize> =
        tx.g.range(from)
            .filter(|&l| {
                let link = &tx.g.links[l];
                link.target == to as i32 && code.is_none_or(|c| link.kind == c)
            })
            .collect();
    for &l in hits.iter().rev() {
        tx.remove_link(l, from);
    }
    Ok(hits.len())
}

/// Delete node `n` with every link leaving or reaching it; returns how many links went.
fn delete_node(tx: &mut GraphTx<'_>, n: usize) -> Result<usize, EditError> {
    let g = &*tx.g;
    let reached = g.links.iter().any(|l| l.target == n as i32);
    if g.nodes[n].count > 0 || reached {
        g.check_layout()?;
    }
    let mut owner = vec![usize::MAX; g.links.len()];
    for i in 0..g.nodes.len() {
        for l in g.range(i) {
            owner[l] = i;
        }
    }
    let doomed: Vec<usize> = (0..g.links.len())
        .filter(|&l| owner[l] == n || g.links[l].target == n as i32)
        .collect();
    for &l in doomed.iter().rev() {
        tx.remove_link(l, owner[l]);
    }
    tx.remove_node(n);
    Ok(doomed.len())
}

/// `show N`: a node's fields, its links and the nodes that link to it.
pub(crate) fn show(g: &Graph, n: usize) -> Result<String, EditError> {
    check_node(g, n)?;
    let node = &g.nodes[n];
    let o = node.origin.map(F32::get);
    let links: Vec<String> = g
        .range(n)
        .map(|l| {
            let link = &g.links[l];
            let mut extra = Vec::new();
            if link.traversal >= 0 {
                extra.push("traversal".to_string());
            }
            if g.edicts.iter().any(|e| e.link == l as i32) {
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
            format!("{} ({}{extra})", link.target, g.type_name(link.kind))
        })
        .collect();
    let from: Vec<String> = (0..g.nodes.len())
        .filter(|&m| g.range(m).any(|l| g.links[l].target == n as i32))
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
