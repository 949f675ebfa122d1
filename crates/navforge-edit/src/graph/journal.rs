//! The table edits a graph command is made of, each with an exact inverse, and the record that
//! undoes them. Inserting or removing a link moves the link ranges of the nodes after it and the
//! edicts' link indices; removing a node moves the link targets after it; removing a traversal
//! moves the links' traversal indices. The records keep only the element and, for a removed
//! link, the zero-link nodes that sat at its position (so undo puts them back exactly).

use super::tables::{Edict, Graph, Link, Node, Traversal};

/// One recorded change, undone by [`rollback`] in reverse order.
#[derive(Debug, Clone)]
pub(crate) enum GraphOp {
    /// Node `at` was this.
    Node { at: usize, before: Node },
    /// A node was appended at `at`.
    NodeInserted { at: usize },
    /// This node was removed from `at`.
    NodeRemoved { at: usize, node: Node },
    /// Link `at` was this.
    Link { at: usize, before: Link },
    /// A link of node `owner` was inserted at `at`.
    LinkInserted { at: usize, owner: usize },
    /// This link of node `owner` was removed from `at`; `pinned` nodes (other than the owner)
    /// started at `at` and stayed there.
    LinkRemoved {
        at: usize,
        owner: usize,
        link: Link,
        pinned: Vec<u32>,
    },
    /// A traversal was inserted at `at`.
    TraversalInserted { at: usize },
    /// This traversal was removed from `at`.
    TraversalRemoved {
        at: usize,
        traversal: Box<Traversal>,
    },
    /// An edict was inserted at `at`.
    EdictInserted { at: usize },
    /// This edict was removed from `at`.
    EdictRemoved { at: usize, edict: Box<Edict> },
}

impl GraphOp {
    /// Bytes the record holds.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of::<GraphOp>()
            + match self {
                GraphOp::LinkRemoved { pinned, .. } => pinned.len() * 4,
                GraphOp::TraversalRemoved { .. } => std::mem::size_of::<Traversal>(),
                GraphOp::EdictRemoved { .. } => std::mem::size_of::<Edict>(),
                _ => 0,
            }
    }
}

/// Insert a link of node `owner` at `at`: the owner's range grows, ranges of other nodes at or
/// after `at` (but the `skip` ones) and edicts of links at or after `at` move up by one.
fn raw_insert_link(g: &mut Graph, at: usize, owner: usize, link: Link, skip: &[u32]) {
    g.links.insert(at, link);
    let at = at as i32;
    for (i, n) in g.nodes.iter_mut().enumerate() {
        if i == owner {
            n.count += 1;
        } else if n.first >= at && !skip.contains(&(i as u32)) {
            n.first += 1;
        }
    }
    for e in &mut g.edicts {
        if e.link >= at {
            e.link += 1;
        }
    }
}

/// Remove link `at` of node `owner` (no edict may name it): the owner's range shrinks, ranges of
/// other nodes after `at` and edicts of later links move down by one. Returns the link and the
/// other nodes that start at `at`.
fn raw_remove_link(g: &mut Graph, at: usize, owner: usize) -> (Link, Vec<u32>) {
    let link = g.links.remove(at);
    let at = at as i32;
    let mut pinned = Vec::new();
    for (i, n) in g.nodes.iter_mut().enumerate() {
        if i == owner {
            n.count -= 1;
        } else if n.first > at {
            n.first -= 1;
        } else if n.first == at {
            pinned.push(i as u32);
        }
    }
    for e in &mut g.edicts {
        if e.link > at {
            e.link -= 1;
        }
    }
    (link, pinned)
}

/// Remove node `at` (no link may lead to it): later link targets move down by one.
fn raw_remove_node(g: &mut Graph, at: usize) -> Node {
    let node = g.nodes.remove(at);
    let at = at as i32;
    for l in &mut g.links {
        if l.target > at {
            l.target -= 1;
        }
    }
    node
}

/// Insert node `at`: link targets at or after it move up by one.
fn raw_insert_node(g: &mut Graph, at: usize, node: Node) {
    g.nodes.insert(at, node);
    let at = at as i32;
    for l in &mut g.links {
        if l.target >= at {
            l.target += 1;
        }
    }
}

/// Remove traversal `at` (no link may use it): later traversal indices move down by one.
fn raw_remove_traversal(g: &mut Graph, at: usize) -> Traversal {
    let t = g.traversals.remove(at);
    let at = at as i32;
    for l in &mut g.links {
        if l.traversal > at {
            l.traversal -= 1;
        }
    }
    t
}

/// Insert traversal `at`: traversal indices at or after it move up by one.
fn raw_insert_traversal(g: &mut Graph, at: usize, t: Traversal) {
    g.traversals.insert(at, t);
    let at = at as i32;
    for l in &mut g.links {
        if l.traversal >= at {
            l.traversal += 1;
        }
    }
}

/// Undo `ops` (recorded in order) on `g`.
pub(crate) fn rollback(g: &mut Graph, ops: Vec<GraphOp>) {
    for op in ops.into_iter().rev() {
        match op {
            GraphOp::Node { at, before } => g.nodes[at] = before,
            GraphOp::NodeInserted { at } => {
                raw_remove_node(g, at);
            }
            GraphOp::NodeRemoved { at, node } => raw_insert_node(g, at, node),
            GraphOp::Link { at, before } => g.links[at] = before,
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
                g.edicts.remove(at);
            }
            GraphOp::EdictRemoved { at, edict } => g.edicts.insert(at, *edict),
        }
    }
}

/// A graph edit in progress: every change goes through it and is recorded.
pub(crate) struct GraphTx<'a> {
    pub(crate) g: &'a mut Graph,
    pub(crate) ops: Vec<GraphOp>,
}

impl<'a> GraphTx<'a> {
    pub(crate) fn new(g: &'a mut Graph) -> Self {
        GraphTx { g, ops: Vec::new() }
    }

    /// Node `at`, recorded, to change.
    pub(crate) fn node_mut(&mut self, at: usize) -> &mut Node {
        let before = self.g.nodes[at];
        self.ops.push(GraphOp::Node { at, before });
        &mut self.g.nodes[at]
    }

    /// Append a node; returns its index.
    pub(crate) fn push_node(&mut self, node: Node) -> usize {
        let at = self.g.nodes.len();
        self.g.nodes.push(node);
        self.ops.push(GraphOp::NodeInserted { at });
        at
    }

    /// Remove node `at`, which no link leads to or leaves.
    pub(crate) fn remove_node(&mut self, at: usize) {
        let node = raw_remove_node(self.g, at);
        self.ops.push(GraphOp::NodeRemoved { at, node });
    }

    /// Link `at`, recorded, to change.
    #[allow(dead_code)]
    pub(crate) fn link_mut(&mut self, at: usize) -> &mut Link {
        let before = self.g.links[at];
        self.ops.push(GraphOp::Link { at, before });
        &mut self.g.links[at]
    }

    /// Give node `owner` a new last link; returns its index.
    pub(crate) fn push_link(&mut self, owner: usize, link: Link) -> usize {
        let n = self.g.nodes[owner];
        let at = if n.count > 0 {
            (n.first + n.count) as usize
        } else {
            // A node without links sits where its links would start; keep it there if that is
            // inside the table and not inside another node's links, else at the end.
            let first = usize::try_from(n.first).unwrap_or(usize::MAX);
            let inside = (0..self.g.nodes.len()).any(|m| {
                let r = self.g.range(m);
                r.start < first && first < r.end
            });
            if first <= self.g.links.len() && !inside {
                first
            } else {
                let end = self.g.links.len();
                self.node_mut(owner).first = end as i32;
                end
            }
        };
        raw_insert_link(self.g, at, owner, link, &[]);
        self.ops.push(GraphOp::LinkInserted { at, owner });
        at
    }

    /// Remove link `at` of node `owner`, with its edicts, and its traversal when no other link
    /// uses it.
    pub(crate) fn remove_link(&mut self, at: usize, owner: usize) {
        let mut e = self.g.edicts.len();
        while e > 0 {
            e -= 1;
            if self.g.edicts[e].link == at as i32 {
                let edict = Box::new(self.g.edicts.remove(e));
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
        let t = link.traversal;
        if t >= 0
            && (t as usize) < self.g.traversals.len()
            && !self.g.links.iter().any(|l| l.traversal == t)
        {
            let traversal = Box::new(raw_remove_traversal(self.g, t as usize));
            self.ops.push(GraphOp::TraversalRemoved {
                at: t as usize,
                traversal,
            });
        }
    }

    /// Append a traversal; returns its index.
    pub(crate) fn push_traversal(&mut self, t: Traversal) -> usize {
        let at = self.g.traversals.len();
        self.g.traversals.push(t);
        self.ops.push(GraphOp::TraversalInserted { at });
        at
    }

    /// Add an edict, after the edicts of the same and earlier links (the files keep them in
    /// link order).
    pub(crate) fn add_edict(&mut self, edict: Edict) {
        let at = self
            .g
            .edicts
            .iter()
            .rposition(|e| e.link <= edict.link)
            .map_or(0, |p| p + 1);
        self.g.edicts.insert(at, edict);
        self.ops.push(GraphOp::EdictInserted { at });
    }
}
