//! Editing a group's navmesh in place: move a vertex, delete faces. What other structures say
//! about the faces follows (segments, face adjacency in every group, NavWorld face references),
//! and a deletion re-lays the file out ([`Nav2Document::relayout`]).

use super::wire::invalid;
use super::{
    EntryBody, Nav2Document, NavWorld, NavmeshChunk, QVec, SegmentChunk, adjacency_is_link,
};
use navforge_core::Result;

/// The group's NavmeshChunk, SegmentChunk and NavWorld, when it has them.
struct GroupMut<'a> {
    chunk: Option<&'a mut NavmeshChunk>,
    segs: Option<&'a mut SegmentChunk>,
    world: Option<&'a mut NavWorld>,
}

impl Nav2Document {
    fn group_mut(&mut self, g: u8) -> GroupMut<'_> {
        let mut out = GroupMut {
            chunk: None,
            segs: None,
            world: None,
        };
        for e in self.entries.iter_mut().filter(|e| e.group_id == g) {
            match &mut e.body {
                EntryBody::NavmeshChunk(c) => out.chunk = Some(c),
                EntryBody::SegmentChunk(s) => out.segs = Some(s),
                EntryBody::NavWorld(w) => out.world = Some(w),
                _ => {}
            }
        }
        out
    }

    /// World position to quantised units (the inverse of [`Nav2Document::dequantize`]); `None`
    /// when the point is outside what the file's origin and divisors can hold.
    pub fn quantize(&self, p: [f32; 3]) -> Option<QVec> {
        let h = &self.header;
        let mut q = [0u16; 3];
        for i in 0..3 {
            let d = f32::from(h.divisors[i].max(1));
            let v = ((p[i] - h.origin[i].get()) * d).round();
            if !v.is_finite() || !(0.0..=65535.0).contains(&v) {
                return None;
            }
            q[i] = v as u16;
        }
        Some(q)
    }

    /// Move vertex `v` of group `g` to the world point `to` (quantised as the file stores it);
    /// the bounds of the segment that holds it grow to cover it.
    pub fn move_vertex(&mut self, g: u8, v: usize, to: [f32; 3]) -> Result<()> {
        let q = self.quantize(to).ok_or_else(|| {
            invalid(
                "vertex",
                format!("{to:?} is outside what this file's origin and divisors can hold"),
            )
        })?;
        let grp = self.group_mut(g);
        let chunk = grp
            .chunk
            .ok_or_else(|| invalid("group", format!("group {g} has no navmesh")))?;
        let n = chunk.vertices.len();
        let slot = chunk
            .vertices
            .get_mut(v)
            .ok_or_else(|| invalid("vertex", format!("vertex {v} is past the {n} vertices")))?;
        *slot = q;
        if let Some(s) = grp.segs {
            for (seg, b) in s.segments.iter().zip(&mut s.bounds) {
                let first = usize::from(seg.vertex_offset);
                if (first..first + usize::from(seg.vertex_count)).contains(&v) {
                    for i in 0..3 {
                        b[0][i] = b[0][i].min(q[i]);
                        b[1][i] = b[1][i].max(q[i]);
                    }
                }
            }
        }
        Ok(())
    }

    /// Delete face `f` of group `g`: its segment loses it (a segment's only face is refused),
    /// the later faces are numbered down in every adjacency (this group's, and other groups'
    /// links into it) and NavWorld face reference, edges to it become -1, and the file is laid
    /// out again. Vertices and edge numbers stay (a vertex no face uses is harmless).
    pub fn delete_face(&mut self, g: u8, f: usize) -> Result<()> {
        let grp = self.group_mut(g);
        let (Some(chunk), Some(segs)) = (grp.chunk, grp.segs) else {
            return Err(invalid(
                "group",
                format!("group {g} has no navmesh and segment chunk"),
            ));
        };
        let nf = chunk.faces.len();
        if f >= nf || f >= chunk.face_offsets.len() {
            return Err(invalid("face", format!("face {f} is past the {nf} faces")));
        }
        let si = segs
            .segments
            .iter()
            .position(|s| {
                let first = usize::from(s.face_offset);
                (first..first + usize::from(s.face_count)).contains(&f)
            })
            .ok_or_else(|| invalid("face", format!("face {f} is in no segment")))?;
        if segs.segments[si].face_count < 2 {
            return Err(invalid(
                "face",
                format!("face {f} is the only face of segment {si}: a segment cannot be empty"),
            ));
        }
        let corners = chunk.faces[f].adjacent.len() as u16;
        // A face the NavWorld points at is replaced by a neighbour in its segment.
        let seg = &segs.segments[si];
        let first = usize::from(seg.face_offset);
        let substitute = chunk.faces[f]
            .adjacent
            .iter()
            .filter(|&&a| a >= 0 && !adjacency_is_link(a))
            .map(|&a| a as usize)
            .find(|&a| a != f && (first..first + usize::from(seg.face_count)).contains(&a))
            .unwrap_or(if f == first { f + 1 } else { first });
        chunk.faces.remove(f);
        chunk.face_offsets.remove(f);
        let down = |a: usize| if a > f { a - 1 } else { a };
        for face in &mut chunk.faces {
            for a in &mut face.adjacent {
                if *a >= 0 && !adjacency_is_link(*a) {
                    let t = *a as usize;
                    *a = if t == f { -1 } else { down(t) as i16 };
                }
            }
        }
        let seg = &mut segs.segments[si];
        seg.face_count -= 1;
        seg.u7 = seg.u7.saturating_sub(corners as u8);
        for s in segs.segments.iter_mut().skip(si + 1) {
            s.face_offset = s.face_offset.saturating_sub(1);
            if s.u3 != 0 {
                s.u3 = s.u3.saturating_sub(corners);
            }
        }
        if let Some(w) = grp.world {
            for r in &mut w.face_refs {
                let t = if usize::from(*r) == f {
                    substitute
                } else {
                    usize::from(*r)
                };
                *r = down(t) as u16;
            }
        }
        // Other groups' links into this group's faces.
        for e in self.entries.iter_mut().filter(|e| e.group_id != g) {
            let EntryBody::NavmeshChunk(c) = &mut e.body else {
                continue;
            };
            for face in &mut c.faces {
                let Some(links) = &face.links else { continue };
                let targets: Vec<u16> = links.groups.clone();
                for (k, a) in face.adjacent.iter_mut().enumerate() {
                    let raw = *a as u16;
                    if *a == -1 || raw & 0x8000 != 0 || raw & 0x4000 == 0 {
                        continue;
                    }
                    if targets.get(k) != Some(&u16::from(g)) {
                        continue;
                    }
                    let t = usize::from(raw & 0x3fff);
                    *a = if t == f {
                        -1
                    } else {
                        (0x4000 | down(t) as u16) as i16
                    };
                }
                if !face.adjacent.iter().any(|&a| adjacency_is_link(a)) {
                    face.links = None;
                }
            }
        }
        self.relayout()
    }
}
