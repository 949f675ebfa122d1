//! Editing one navmesh's triangles in place: delete triangles, weld vertices, split an edge,
//! link an edge to another navmesh or a triangle to a door. Every edit keeps the `NVNM`
//! consistent: deleting or compacting renumbers every triangle index (neighbours, edge links,
//! door links, cover triangles or mappings, waypoints) and every vertex index, and the search
//! grid is rebuilt from the geometry ([`NvnmDocument::recompute_grid`]).
//!
//! Each method checks its arguments first and changes nothing when it refuses.

// Edge k of a triangle is three parallel things (its neighbour, its flag bit, its cover bits):
// the loops index them together.
#![allow(clippy::needless_range_loop)]

use crate::nvnm::{Cover, DoorLink, EdgeLink, FORMAT, NvnmDocument, TRI_EDGE_LINK, Triangle};
use crate::tag::Hex32;
use navforge_core::{Error, F32, Result};

/// CRC of "PathingDoor", the word every door link carries.
pub const PATHING_DOOR_CRC: u32 = 0xE48B_73F3;

/// The cover bits of edge 0-1 (bits 0-5) and edge 1-2 (bits 6-11); edge 2-0 has none.
const EDGE_COVER: [u16; 2] = [0x003F, 0x0FC0];

fn refuse(field: &str, msg: impl Into<String>) -> Error {
    Error::invalid(FORMAT, field, 0, msg.into())
}

impl NvnmDocument {
    fn check_triangle(&self, tri: usize, what: &str) -> Result<()> {
        let nt = self.triangles.len();
        if tri >= nt {
            return Err(refuse(
                what,
                format!("triangle {tri} is past the {nt} triangles"),
            ));
        }
        Ok(())
    }

    fn check_vertex(&self, v: usize, what: &str) -> Result<()> {
        let nv = self.vertices.len();
        if v >= nv {
            return Err(refuse(
                what,
                format!("vertex {v} is past the {nv} vertices"),
            ));
        }
        Ok(())
    }

    /// The internal neighbour across edge `k` of triangle `t` (not an edge link).
    pub fn neighbour(&self, t: usize, k: usize) -> Option<usize> {
        let tri = self.triangles.get(t)?;
        let e = *tri.edges.get(k)?;
        (tri.flags & TRI_EDGE_LINK[k] == 0 && e >= 0).then_some(e as usize)
    }

    /// Delete these triangles. Their neighbours' edges to them become -1; edge links, door
    /// links, cover triangles (Skyrim), cover mappings and waypoints (Fallout 4) of deleted
    /// triangles go; every later triangle index is renumbered down; edge links no triangle uses
    /// any more are removed (the others renumbered); vertices only the deleted triangles used
    /// are removed (the others renumbered); the grid is rebuilt. Returns, for each old
    /// triangle, its new index (`None`: deleted), for renumbering other navmeshes' edge links
    /// with [`NvnmDocument::retarget_edge_links`].
    pub fn delete_triangles(&mut self, triangles: &[usize]) -> Result<Vec<Option<u16>>> {
        for &t in triangles {
            self.check_triangle(t, "delete")?;
        }
        let nt = self.triangles.len();
        let mut gone = vec![false; nt];
        for &t in triangles {
            gone[t] = true;
        }
        let mut map: Vec<Option<u16>> = Vec::with_capacity(nt);
        let mut next = 0u16;
        for &g in &gone {
            map.push((!g).then(|| {
                next += 1;
                next - 1
            }));
        }
        let used_before = self.vertex_use();
        let links_before = self.edge_link_use();
        let renumber = |t: i16| -> Option<i16> {
            usize::try_from(t)
                .ok()
                .and_then(|t| map.get(t).copied().flatten())
                .map(|n| n as i16)
        };
        let mut kept = Vec::with_capacity(nt);
        for (i, mut t) in std::mem::take(&mut self.triangles).into_iter().enumerate() {
            if gone[i] {
                continue;
            }
            for k in 0..3 {
                if t.flags & TRI_EDGE_LINK[k] == 0 && t.edges[k] >= 0 {
                    t.edges[k] = renumber(t.edges[k]).unwrap_or(-1);
                }
            }
            kept.push(t);
        }
        self.triangles = kept;
        self.door_links.retain_mut(|d| match renumber(d.triangle) {
            Some(n) => {
                d.triangle = n;
                true
            }
            None => false,
        });
        match &mut self.cover {
            Cover::Skyrim { cover_triangles } => {
                cover_triangles.retain_mut(|c| match renumber(*c as i16) {
                    Some(n) => {
                        *c = n as u16;
                        true
                    }
                    None => false,
                })
            }
            Cover::Fallout4 {
                cover_mappings,
                waypoints,
                ..
            } => {
                cover_mappings.retain_mut(|m| match renumber(m.triangle) {
                    Some(n) => {
                        m.triangle = n;
                        true
                    }
                    None => m.triangle < 0,
                });
                waypoints.retain_mut(|w| match renumber(w.triangle) {
                    Some(n) => {
                        w.triangle = n;
                        true
                    }
                    None => w.triangle < 0,
                });
            }
        }
        self.drop_unused_edge_links(&links_before);
        self.drop_unused_vertices(&used_before);
        self.recompute_grid()?;
        Ok(map)
    }

    /// How many triangle corners (and Fallout 4 cover edges) use each vertex.
    fn vertex_use(&self) -> Vec<u32> {
        let mut used = vec![0u32; self.vertices.len()];
        let corners = self.triangles.iter().flat_map(|t| t.vertices);
        let cover: Vec<u16> = match &self.cover {
            Cover::Fallout4 { cover_edges, .. } => {
                cover_edges.iter().flat_map(|c| c.vertices).collect()
            }
            _ => Vec::new(),
        };
        for v in corners.chain(cover) {
            if let Some(u) = used.get_mut(usize::from(v)) {
                *u += 1;
            }
        }
        used
    }

    /// How many triangle edges use each edge link.
    fn edge_link_use(&self) -> Vec<u32> {
        let mut used = vec![0u32; self.edge_links.len()];
        for t in &self.triangles {
            for k in 0..3 {
                if t.flags & TRI_EDGE_LINK[k] != 0
                    && let Some(u) = usize::try_from(t.edges[k])
                        .ok()
                        .and_then(|e| used.get_mut(e))
                {
                    *u += 1;
                }
            }
        }
        used
    }

    /// Remove the vertices that were used before (`before`) and are not now; renumber the rest.
    fn drop_unused_vertices(&mut self, before: &[u32]) {
        let now = self.vertex_use();
        let gone: Vec<bool> = (0..self.vertices.len())
            .map(|v| before.get(v).is_some_and(|&b| b > 0) && now[v] == 0)
            .collect();
        if !gone.contains(&true) {
            return;
        }
        let mut map = vec![0u16; gone.len()];
        let mut next = 0u16;
        for (v, &g) in gone.iter().enumerate() {
            map[v] = next;
            if !g {
                next += 1;
            }
        }
        let mut i = 0;
        self.vertices.retain(|_| {
            i += 1;
            !gone[i - 1]
        });
        let fix = |v: &mut u16| {
            if let Some(&n) = map.get(usize::from(*v)) {
                *v = n;
            }
        };
        for t in &mut self.triangles {
            t.vertices.iter_mut().for_each(fix);
        }
        if let Cover::Fallout4 { cover_edges, .. } = &mut self.cover {
            for c in cover_edges {
                c.vertices.iter_mut().for_each(fix);
            }
        }
    }

    /// Remove the edge links that were used before (`before`) and are not now; renumber the
    /// triangles' references to the rest.
    fn drop_unused_edge_links(&mut self, before: &[u32]) {
        let now = self.edge_link_use();
        let gone: Vec<bool> = (0..self.edge_links.len())
            .map(|e| before.get(e).is_some_and(|&b| b > 0) && now[e] == 0)
            .collect();
        if !gone.contains(&true) {
            return;
        }
        let mut map = vec![0i16; gone.len()];
        let mut next = 0i16;
        for (e, &g) in gone.iter().enumerate() {
            map[e] = next;
            if !g {
                next += 1;
            }
        }
        let mut i = 0;
        self.edge_links.retain(|_| {
            i += 1;
            !gone[i - 1]
        });
        for t in &mut self.triangles {
            for k in 0..3 {
                if t.flags & TRI_EDGE_LINK[k] != 0
                    && let Some(&n) = usize::try_from(t.edges[k]).ok().and_then(|e| map.get(e))
                {
                    t.edges[k] = n;
                }
            }
        }
    }

    /// After triangles of navmesh `form` were renumbered (`map` from
    /// [`NvnmDocument::delete_triangles`]): this navmesh's edge links into it follow, and those
    /// to deleted triangles go (their triangle edges become -1). Returns whether anything
    /// changed.
    pub fn retarget_edge_links(&mut self, form: u32, map: &[Option<u16>]) -> bool {
        let links_before = self.edge_link_use();
        let mut dead = vec![false; self.edge_links.len()];
        let mut changed = false;
        for (i, l) in self.edge_links.iter_mut().enumerate() {
            if l.navmesh.0 != form {
                continue;
            }
            match usize::try_from(l.triangle).ok().and_then(|t| map.get(t)) {
                Some(Some(n)) if *n as i16 != l.triangle => {
                    l.triangle = *n as i16;
                    changed = true;
                }
                Some(None) => dead[i] = true,
                _ => {}
            }
        }
        if !dead.contains(&true) {
            return changed;
        }
        for t in &mut self.triangles {
            for k in 0..3 {
                if t.flags & TRI_EDGE_LINK[k] != 0
                    && usize::try_from(t.edges[k]).is_ok_and(|e| dead.get(e) == Some(&true))
                {
                    t.flags &= !TRI_EDGE_LINK[k];
                    t.edges[k] = -1;
                }
            }
        }
        self.drop_unused_edge_links(&links_before);
        true
    }

    /// Weld vertex `gone` onto vertex `keep`: every corner at `gone` moves to `keep`, triangles
    /// that lose their area (two corners the same) are deleted as by
    /// [`NvnmDocument::delete_triangles`], and `gone` is removed when nothing uses it. Returns
    /// the triangle renumbering.
    pub fn weld_vertices(&mut self, keep: usize, gone: usize) -> Result<Vec<Option<u16>>> {
        self.check_vertex(keep, "weld")?;
        self.check_vertex(gone, "weld")?;
        if keep == gone {
            return Err(refuse(
                "weld",
                "welding a vertex onto itself changes nothing",
            ));
        }
        let used_before = self.vertex_use();
        let (k16, g16) = (keep as u16, gone as u16);
        for t in &mut self.triangles {
            for v in &mut t.vertices {
                if *v == g16 {
                    *v = k16;
                }
            }
        }
        if let Cover::Fallout4 { cover_edges, .. } = &mut self.cover {
            for c in cover_edges {
                for v in &mut c.vertices {
                    if *v == g16 {
                        *v = k16;
                    }
                }
            }
        }
        let degenerate: Vec<usize> = (0..self.triangles.len())
            .filter(|&i| {
                let v = self.triangles[i].vertices;
                v[0] == v[1] || v[1] == v[2] || v[0] == v[2]
            })
            .collect();
        let map = self.delete_triangles(&degenerate)?;
        self.drop_unused_vertices(&used_before);
        self.recompute_grid()?;
        Ok(map)
    }

    /// Split edge `edge` (0: corners 0-1, 1: 1-2, 2: 2-0) of triangle `tri` at its midpoint: a
    /// new vertex, and the triangle (and its neighbour across that edge, if any) cut in two, the
    /// new halves appended. Neighbours, edge-link flags and edge cover bits follow the edges
    /// they belong to. An edge linked to another navmesh is refused. Returns the new vertex.
    pub fn split_edge(&mut self, tri: usize, edge: usize) -> Result<usize> {
        self.check_triangle(tri, "split")?;
        if edge > 2 {
            return Err(refuse(
                "split",
                format!("edge {edge}: a triangle has edges 0, 1 and 2"),
            ));
        }
        if self.triangles[tri].flags & TRI_EDGE_LINK[edge] != 0 {
            return Err(refuse(
                "split",
                format!("triangle {tri} edge {edge} is linked to another navmesh: unlink it first"),
            ));
        }
        if self.vertices.len() >= usize::from(u16::MAX) || self.triangles.len() + 2 > 0x7FFF {
            return Err(refuse(
                "split",
                "the navmesh is full (65535 vertices, 32767 triangles)",
            ));
        }
        let t = &self.triangles[tri];
        let (a, b) = (t.vertices[edge], t.vertices[(edge + 1) % 3]);
        let pa = self.vertices[usize::from(a)];
        let pb = self.vertices[usize::from(b)];
        let mid: [F32; 3] = std::array::from_fn(|i| F32::new((pa[i].get() + pb[i].get()) / 2.0));
        let m = self.vertices.len() as u16;
        self.vertices.push(mid);
        let other = self.neighbour(tri, edge);
        let new_tri = self.triangles.len();
        let new_other = new_tri + 1;
        self.cut(tri, edge, m, new_tri);
        if let Some(o) = other {
            let k = (0..3)
                .find(|&k| self.neighbour(o, k) == Some(tri))
                .unwrap_or(0);
            self.cut(o, k, m, new_other);
            // Each half now faces the other triangle's far half (after the cut, edge 0 of all
            // four is a half of the old edge).
            self.triangles[tri].edges[0] = new_other as i16;
            self.triangles[new_other].edges[0] = tri as i16;
            self.triangles[o].edges[0] = new_tri as i16;
            self.triangles[new_tri].edges[0] = o as i16;
        }
        self.recompute_grid()?;
        Ok(usize::from(m))
    }

    /// Cut triangle `t` at the new vertex `m` on its edge `k` (corners a, b; c opposite): `t`
    /// keeps a-m-c and a new triangle (index `new`, appended) takes m-b-c. The new triangle's
    /// edges: 0 m-b (the old edge's far half), 1 b-c (moved from `t`), 2 c-m (to `t`).
    fn cut(&mut self, t: usize, k: usize, m: u16, new: usize) {
        let old = self.triangles[t].clone();
        let (a, b, c) = (
            old.vertices[k],
            old.vertices[(k + 1) % 3],
            old.vertices[(k + 2) % 3],
        );
        let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
        // The new triangle m-b-c: edge 0 = far half of edge k, edge 1 = old edge k1.
        let bit = |on: bool, e: usize| if on { TRI_EDGE_LINK[e] } else { 0 };
        let flags_rest = old.flags & !(TRI_EDGE_LINK[0] | TRI_EDGE_LINK[1] | TRI_EDGE_LINK[2]);
        let cover_of = |e: usize| -> u16 {
            // Edge cover bits of the old edge e, shifted to slot 0 or 1 later.
            match e {
                0 => old.cover & EDGE_COVER[0],
                1 => (old.cover & EDGE_COVER[1]) >> 6,
                _ => 0,
            }
        };
        let cover_rest = old.cover & !(EDGE_COVER[0] | EDGE_COVER[1]);
        let linked = |e: usize| old.flags & TRI_EDGE_LINK[e] != 0;
        let new_t = Triangle {
            vertices: [m, b, c],
            edges: [old.edges[k], old.edges[k1], t as i16],
            height: old.height,
            unknown: old.unknown,
            flags: flags_rest | bit(linked(k), 0) | bit(linked(k1), 1),
            cover: cover_rest | cover_of(k) | (cover_of(k1) << 6),
        };
        // `t` becomes a-m-c: edge 0 a-m (near half of k), edge 1 m-c (to the new triangle),
        // edge 2 c-a (old edge k2). Rotated to start at a, so corner order stays the same turn.
        let t_new = Triangle {
            vertices: [a, m, c],
            edges: [old.edges[k], new as i16, old.edges[k2]],
            height: old.height,
            unknown: old.unknown,
            flags: flags_rest | bit(linked(k), 0) | bit(linked(k2), 2),
            cover: cover_rest | cover_of(k),
        };
        // The neighbour across the moved edge (b-c) now borders the new triangle.
        if !linked(k1)
            && let Ok(n) = usize::try_from(old.edges[k1])
            && let Some(nt) = self.triangles.get_mut(n)
        {
            for j in 0..3 {
                if nt.flags & TRI_EDGE_LINK[j] == 0 && nt.edges[j] == t as i16 {
                    nt.edges[j] = new as i16;
                }
            }
        }
        self.triangles[t] = t_new;
        debug_assert_eq!(self.triangles.len(), new);
        self.triangles.push(new_t);
    }

    /// Link edge `edge` of triangle `tri` to triangle `triangle` of navmesh `navmesh` (an
    /// `NVNM` external edge link of type `kind`: 0 portal, 1 ledge up, 2 ledge down, 3
    /// enable/disable portal; Fallout 4 also names the other triangle's edge). An edge that
    /// has an internal neighbour is refused; an edge already linked gets the new link.
    pub fn link_edge(
        &mut self,
        tri: usize,
        edge: usize,
        kind: u32,
        navmesh: u32,
        triangle: i16,
        other_edge: u8,
    ) -> Result<()> {
        self.check_triangle(tri, "link")?;
        if edge > 2 {
            return Err(refuse(
                "link",
                format!("edge {edge}: a triangle has edges 0, 1 and 2"),
            ));
        }
        if kind > 3 {
            return Err(refuse("link", format!("link type {kind}: 0 to 3")));
        }
        if self.neighbour(tri, edge).is_some() {
            return Err(refuse(
                "link",
                format!("triangle {tri} edge {edge} has a neighbour in this navmesh"),
            ));
        }
        if self.edge_links.len() >= 0x7FFF {
            return Err(refuse("link", "the navmesh has 32767 edge links"));
        }
        let used_before = self.edge_link_use();
        let link = EdgeLink {
            kind,
            navmesh: Hex32(navmesh),
            triangle,
            edge: self.is_fallout4().then_some(other_edge),
        };
        let t = &mut self.triangles[tri];
        t.flags |= TRI_EDGE_LINK[edge];
        t.edges[edge] = self.edge_links.len() as i16;
        self.edge_links.push(link);
        self.drop_unused_edge_links(&used_before);
        Ok(())
    }

    /// Remove the edge link (or neighbour) of edge `edge` of triangle `tri`; a neighbour's edge
    /// back goes too. An edge link no other edge uses is removed.
    pub fn unlink_edge(&mut self, tri: usize, edge: usize) -> Result<()> {
        self.check_triangle(tri, "unlink")?;
        if edge > 2 {
            return Err(refuse(
                "unlink",
                format!("edge {edge}: a triangle has edges 0, 1 and 2"),
            ));
        }
        let used_before = self.edge_link_use();
        if let Some(n) = self.neighbour(tri, edge) {
            for j in 0..3 {
                if self.neighbour(n, j) == Some(tri) {
                    self.triangles[n].edges[j] = -1;
                }
            }
        }
        let t = &mut self.triangles[tri];
        t.flags &= !TRI_EDGE_LINK[edge];
        t.edges[edge] = -1;
        self.drop_unused_edge_links(&used_before);
        Ok(())
    }

    /// Link triangle `tri` to the door reference `door` (a door link), or, when it already has
    /// one, point it at `door`.
    pub fn link_door(&mut self, tri: usize, door: u32) -> Result<()> {
        self.check_triangle(tri, "door")?;
        if let Some(d) = self
            .door_links
            .iter_mut()
            .find(|d| d.triangle == tri as i16)
        {
            d.door = Hex32(door);
            return Ok(());
        }
        self.door_links.push(DoorLink {
            triangle: tri as i16,
            crc: Hex32(PATHING_DOOR_CRC),
            door: Hex32(door),
        });
        Ok(())
    }

    /// Remove triangle `tri`'s door links.
    pub fn unlink_door(&mut self, tri: usize) -> Result<()> {
        self.check_triangle(tri, "door")?;
        self.door_links.retain(|d| d.triangle != tri as i16);
        Ok(())
    }

    /// Set a triangle's cover word; in Skyrim the cover list then holds the triangle exactly
    /// when the word is not 0 (kept in order).
    pub fn set_cover(&mut self, tri: usize, cover: u16) -> Result<()> {
        self.check_triangle(tri, "cover")?;
        self.triangles[tri].cover = cover;
        if let Cover::Skyrim { cover_triangles } = &mut self.cover {
            let t = tri as u16;
            let listed = cover_triangles.contains(&t);
            if cover != 0 && !listed {
                let at = cover_triangles.partition_point(|&c| c < t);
                cover_triangles.insert(at, t);
            } else if cover == 0 && listed {
                cover_triangles.retain(|&c| c != t);
            }
        }
        Ok(())
    }

    /// Set a triangle's flags. The edge-link bits (0-2) belong to the edges and cannot be set
    /// this way: use [`NvnmDocument::link_edge`] and [`NvnmDocument::unlink_edge`].
    pub fn set_flags(&mut self, tri: usize, flags: u16) -> Result<()> {
        self.check_triangle(tri, "flags")?;
        let link_bits = TRI_EDGE_LINK[0] | TRI_EDGE_LINK[1] | TRI_EDGE_LINK[2];
        let t = &mut self.triangles[tri];
        if (flags ^ t.flags) & link_bits != 0 {
            return Err(refuse(
                "flags",
                "bits 0-2 mark edge links: use link and unlink to change them",
            ));
        }
        t.flags = flags;
        Ok(())
    }

    /// The triangles that share an edge with `tri`, and theirs, ... (its connected piece of the
    /// navmesh through internal neighbours), in ascending order.
    pub fn flood(&self, tri: usize) -> Vec<usize> {
        let mut seen = vec![false; self.triangles.len()];
        let mut stack = vec![tri];
        let mut out = Vec::new();
        while let Some(t) = stack.pop() {
            if t >= seen.len() || seen[t] {
                continue;
            }
            seen[t] = true;
            out.push(t);
            stack.extend((0..3).filter_map(|k| self.neighbour(t, k)));
        }
        out.sort_unstable();
        out
    }
}
