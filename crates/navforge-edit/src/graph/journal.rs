//! The table edits a graph command is made of, each with an exact inverse, and the record that
//! undoes them, on either Quake graph document ([`GraphTables`]). Inserting or removing a link
//! moves the link ranges of the nodes after it and the edicts' link indices; removing a node
//! moves the link targets after it; removing a traversal moves the links' traversal indices.
//! The records keep only the row and, for a removed link, the zero-link nodes that sat at its
//! position (so undo puts them back exactly).

use navforge_quake::tables::{GraphTables, Row};

use crate::error::{EditError, refused};

/// One recorded change, undone by [`rollback`] in reverse order.
#[derive(Debug, Clone)]
pub(crate) enum GraphOp<G: GraphTables> {
    /// Node `at` was this.
    Node { at: usize, before: G::Node },
    /// A node was appended at `at`.
    NodeInserted { at: usize },
    /// This node was removed from `at`.
    NodeRemoved { at: usize, node: G::Node },
    /// A link of node `owner` was inserted at `at`.
    LinkInserted { at: usize, owner: usize },
    /// This link of node `owner` was removed from `at`; `pinned` nodes (other than the owner)
    /// started at `at` and stayed there.
    LinkRemoved {
        at: usize,
        owner: usize,
        link: G::Link,
        pinned: Vec<u32>,
    },
    /// A traversal was inserted at `at`.
    TraversalInserted { at: usize },
    /// This traversal was removed from `at`.
    TraversalRemoved {
        at: usize,
        traversal: Box<G::Traversal>,
    },
    /// An edict was inserted at `at`.
    EdictInserted { at: usize },
    /// This edict was removed from `at`.
    EdictRemoved { at: usize, edict: Box<G::Edict> },
}

impl<G: GraphTables> GraphOp<G> {
    /// Bytes the record holds.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + match self {
                GraphOp::LinkRemoved { pinned, .. } => pinned.len() * 4,
                GraphOp::TraversalRemoved { .. } => std::mem::size_of::<G::Traversal>(),
                GraphOp::EdictRemoved { .. } => std::mem::size_of::<G::Edict>(),
                _ => 0,
            }
    }
}

/// Change every row of `rows` whose fields `change` alters. Every caller keeps the values in
/// the file's range (a shift up only restores a value an undone shift down took, or moves a
/// value the caller checked has room), so a row always takes its new fields.
fn each<R: Row>(rows: &mut [R], mut change: impl FnMut(usize, &mut R::Fields) -> bool) {
    for (i, row) in rows.iter_mut().enumerate() {
        let mut f = row.fields();
        if change(i, &mut f)
            && let Ok(r) = R::from_fields(&f)
        {
            *row = r;
        }
    }
}

/// Indices above `at` (or at or above it, when `from_at`) move by `by`.
fn shifted(index: &mut i32, at: i32, from_at: bool, by: i32) -> bool {
    let moves = *index > at || (from_at && *index == at);
    if moves {
        *index += by;
    }
    moves
}

/// Insert a link of node `owner` at `at`: the owner's range grows, ranges of other nodes at or
/// after `at` (but the `skip` ones) and edicts of links at or after `at` move up by one.
fn raw_insert_link<G: GraphTables>(
    g: &mut G,
    at: usize,
    owner: usize,
    link: G::Link,
    skip: &[u32],
) {
    g.links_mut().insert(at, link);
    let at = at as i32;
    each(g.nodes_mut(), |i, n| {
        if i == owner {
            n.count += 1;
            true
        } else {
            !skip.contains(&(i as u32)) && shifted(&mut n.first, at, true, 1)
        }
    });
    each(g.edicts_mut(), |_, e| shifted(&mut e.link, at, true, 1));
}

/// Remove link `at` of node `owner` (no edict may name it): the owner's range shrinks, ranges of
/// other nodes after `at` and edicts of later links move down by one. Returns the link and the
/// other nodes that start at `at`.
fn raw_remove_link<G: GraphTables>(g: &mut G, at: usize, owner: usize) -> (G::Link, Vec<u32>) {
    let link = g.links_mut().remove(at);
    let at = at as i32;
    let mut pinned = Vec::new();
    each(g.nodes_mut(), |i, n| {
        if i == owner {
            n.count -= 1;
            return true;
        }
        if n.first == at {
            pinned.push(i as u32);
        }
        shifted(&mut n.first, at, false, -1)
    });
    each(g.edicts_mut(), |_, e| shifted(&mut e.link, at, false, -1));
    (link, pinned)
}

/// Remove node `at` (no link may lead to it): later link targets move down by one.
fn raw_remove_node<G: GraphTables>(g: &mut G, at: usize) -> G::Node {
    let node = g.nodes_mut().remove(at);
    each(g.links_mut(), |_, l| {
        shifted(&mut l.target, at as i32, false, -1)
    });
    node
}

/// Insert node `at`: link targets at or after it move up by one.
fn raw_insert_node<G: GraphTables>(g: &mut G, at: usize, node: G::Node) {
    g.nodes_mut().insert(at, node);
    each(g.links_mut(), |_, l| {
        shifted(&mut l.target, at as i32, true, 1)
    });
}

/// Remove traversal `at` (no link may use it): later traversal indices move down by one.
fn raw_remove_traversal<G: GraphTables>(g: &mut G, at: usize) -> G::Traversal {
    let t = g.traversals_mut().remove(at);
    each(g.links_mut(), |_, l| {
        shifted(&mut l.traversal, at as i32, false, -1)
    });
    t
}

/// Insert traversal `at`: traversal indices at or after it move up by one.
fn raw_insert_traversal<G: GraphTables>(g: &mut G, at: usize, t: G::Traversal) {
    g.traversals_mut().insert(at, t);
    each(g.links_mut(), |_, l| {
        shifted(&mut l.traversal, at as i32, true, 1)
    });
}

/// Undo `ops` (recorded in order) on `g`.
pub(crate) fn rollback<G: GraphTables>(g: &mut G, ops: Vec<GraphOp<G>>) {
    for op in ops.into_iter().rev() {
        match op {
            GraphOp::Node { at, before } => g.nodes_mut()[at] = before,
            GraphOp::NodeInserted { at } => {
                raw_remove_node(g, at);
            }
            GraphOp::NodeRemoved { at, node } => raw_insert_node(g, at, node),
            GraphOp::LinkInserted { at, owner } => {
                raw_remove_link(g, at, owner);
            }
            GraphOp::LinkRemoved {
                at,
                owner,
                link,
                pinned,
            } => raw_insert_link(g, at, owner, link, &pinned),
            GraphOp::TraversalInserted { at } => {
                raw_remove_traversal(g, at);
            }
            GraphOp::TraversalRemoved { at, traversal } => raw_insert_traversal(g, at, *traversal),
            GraphOp::EdictInserted { at } => {
                g.edicts_mut().remove(at);
            }
            GraphOp::EdictRemoved { at, edict } => g.edicts_mut().insert(at, *edict),
        }
    }
}

/// A row from fields, or a refusal naming the value that does not fit.
pub(crate) fn row<R: Row>(fields: &R::Fields) -> Result<R, EditError> {
    R::from_fields(fields).map_err(|e| refused(e.to_string()))
}

/// A graph edit in progress: every change goes through it and is recorded.
pub(crate) struct GraphTx<'a, G: GraphTables> {
    pub(crate) g: &'a mut G,
    pub(crate) ops: Vec<GraphOp<G>>,
}

impl<'a, G: GraphTables> GraphTx<'a, G> {
    pub(crate) fn new(g: &'a mut G) -> Self {
        GraphTx { g, ops: Vec::new() }
    }

    /// Change node `at`'s fields, recorded.
    pub(crate) fn set_node(
        &mut self,
        at: usize,
        change: impl FnOnce(&mut navforge_quake::tables::NodeFields),
    ) -> Result<(), EditError> {
        let before = self.g.nodes()[at];
        let mut f = before.fields();
        change(&mut f);
        self.g.nodes_mut()[at] = row(&f)?;
        self.ops.push(GraphOp::Node { at, before });
        Ok(())
    }

    /// Append a node; returns its index.
    pub(crate) fn push_node(&mut self, node: G::Node) -> usize {
        let at = self.g.nodes().len();
        self.g.nodes_mut().push(node);
        self.ops.push(GraphOp::NodeInserted { at });
        at
    }

    /// Remove node `at`, which no link leads to or leaves.
    pub(crate) fn remove_node(&mut self, at: usize) {
        let node = raw_remove_node(self.g, at);
        self.ops.push(GraphOp::NodeRemoved { at, node });
    }

    /// Give node `owner` a new last link; returns its index. The caller checked the layout
    /// ([`check_layout`]) and that the link table has room.
    pub(crate) fn push_link(&mut self, owner: usize, link: G::Link) -> Result<usize, EditError> {
        let n = self.g.nodes()[owner].fields();
        let at = if n.count > 0 {
            (n.first + n.count) as usize
        } else {
            // A node without links sits where its links would start; keep it there if that is
            // inside the table and not inside another node's links, else at the end.
            let first = usize::try_from(n.first).unwrap_or(usize::MAX);
            let inside = (0..self.g.nodes().len()).any(|m| {
                let r = range(self.g, m);
                r.start < first && first < r.end
            });
            if first <= self.g.links().len() && !inside {
                first
            } else {
                let end = self.g.links().len();
                self.set_node(owner, |n| n.first = end as i32)?;
                end
            }
        };
        // Edicts of the links after the new one move up: one naming the largest index the file
        // holds has nowhere to go.
        if let Some(e) = self
            .g
            .edicts()
            .iter()
            .map(|e| e.fields().link)
            .find(|&l| l >= at as i32 && l >= G::MAX_INDEX)
        {
            return Err(refused(format!(
                "an edict names link {e}, the last the file's 16-bit indices reach: no link can go before it"
            )));
        }
        raw_insert_link(self.g, at, owner, link, &[]);
        self.ops.push(GraphOp::LinkInserted { at, owner });
        Ok(at)
    }

    /// Remove link `at` of node `owner`, with its edicts, and its traversal when no other link
    /// uses it.
    pub(crate) fn remove_link(&mut self, at: usize, owner: usize) {
        let mut e = self.g.edicts().len();
        while e > 0 {
            e -= 1;
            if self.g.edicts()[e].fields().link == at as i32 {
                let edict = Box::new(self.g.edicts_mut().remove(e));
                self.ops.push(GraphOp::EdictRemoved { at: e, edict });
            }
        }
        let (link, pinned) = raw_remove_link(self.g, at, owner);
        self.ops.push(GraphOp::LinkRemoved {
            at,
            owner,
            link,
            pinned,
        });
        let t = link.fields().traversal;
        if t >= 0
            && (t as usize) < self.g.traversals().len()
            && !self.g.links().iter().any(|l| l.fields().traversal == t)
        {
            let traversal = Box::new(raw_remove_traversal(self.g, t as usize));
            self.ops.push(GraphOp::TraversalRemoved {
                at: t as usize,
                traversal,
            });
        }
    }

    /// Append a traversal; returns its index.
    pub(crate) fn push_traversal(&mut self, t: G::Traversal) -> usize {
        let at = self.g.traversals().len();
        self.g.traversals_mut().push(t);
        self.ops.push(GraphOp::TraversalInserted { at });
        at
    }

    /// Add an edict, after the edicts of the same and earlier links (the files keep them in
    /// link order).
    pub(crate) fn add_edict(&mut self, edict: G::Edict) {
        let link = edict.fields().link;
        let at = self
            .g
            .edicts()
            .iter()
            .rposition(|e| e.fields().link <= link)
            .map_or(0, |p| p + 1);
        self.g.edicts_mut().insert(at, edict);
        self.ops.push(GraphOp::EdictInserted { at });
    }
}

/// The links node `i` owns (its range, clamped to the table).
pub(crate) fn range<G: GraphTables>(g: &G, i: usize) -> std::ops::Range<usize> {
    let n = g.nodes()[i].fields();
    let links = g.links().len();
    if n.first < 0 || n.count <= 0 {
        return 0..0;
    }
    let start = (n.first as usize).min(links);
    let end = (n.first as usize + n.count as usize).min(links);
    start..end
}

/// Whether the link table is laid out as the game writes it: every node's range inside the
/// table, ranges apart, every link owned by one node. Link edits need it.
pub(crate) fn check_layout<G: GraphTables>(g: &G) -> Result<(), EditError> {
    let links = g.links().len();
    let mut owner = vec![usize::MAX; links];
    for (i, n) in g.nodes().iter().enumerate() {
        let n = n.fields();
        if n.count < 0 || n.first < 0 || n.first as i64 + n.count as i64 > links as i64 {
            return Err(refused(format!(
                "node {i}'s links {}..{} lie outside the link table ({links} links): this file's links cannot be edited",
                n.first,
                n.first as i64 + n.count as i64,
            )));
        }
        for l in range(g, i) {
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
