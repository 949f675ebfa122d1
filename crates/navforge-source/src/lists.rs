//! Compact list types: flat storage for speed, nested and readable in JSON.

use navforge_core::HexBytes;
use navforge_core::model::Direction;
use serde::de::Error as _;
use serde::{Deserialize, Serialize};

/// An area's connections: area IDs per side (north, east, south, west), stored in one flat list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Connections {
    ids: Vec<u32>,
    /// End of each direction's run in `ids`.
    ends: [usize; 4],
}

impl Connections {
    /// From the four lists, in direction order north, east, south, west.
    pub fn from_lists(lists: [&[u32]; 4]) -> Self {
        let mut c = Connections {
            ids: Vec::with_capacity(lists.iter().map(|l| l.len()).sum()),
            ends: [0; 4],
        };
        for (d, list) in lists.iter().enumerate() {
            c.ids.extend_from_slice(list);
            c.ends[d] = c.ids.len();
        }
        c
    }

    /// Built by the reader: `ids` holds the four runs back to back.
    pub(crate) fn from_parts(ids: Vec<u32>, ends: [usize; 4]) -> Self {
        Connections { ids, ends }
    }

    /// The IDs on side `dir` (0 north, 1 east, 2 south, 3 west).
    pub fn direction(&self, dir: usize) -> &[u32] {
        let start = if dir == 0 {
            0
        } else {
            self.ends.get(dir - 1).copied().unwrap_or(0)
        };
        let end = self.ends.get(dir).copied().unwrap_or(0);
        self.ids.get(start..end).unwrap_or(&[])
    }

    /// Every (direction, target) pair.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        (0..4).flat_map(move |d| self.direction(d).iter().map(move |&id| (d, id)))
    }

    /// Number of connections on all sides.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the area has no connections.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The IDs on side `side`.
    pub fn side(&self, side: Direction) -> &[u32] {
        self.direction(side.index())
    }

    /// Whether any side holds a connection to `id`.
    pub fn contains(&self, id: u32) -> bool {
        self.ids.contains(&id)
    }

    /// Add a connection to `id` on side `side`, after the side's other connections.
    pub fn push(&mut self, side: Direction, id: u32) {
        let dir = side.index();
        let at = self.ends[dir];
        self.ids.insert(at, id);
        for e in &mut self.ends[dir..] {
            *e += 1;
        }
    }

    /// Remove the connection to `id` on side `side`; whether there was one. Only the first of
    /// duplicate entries goes.
    pub fn remove(&mut self, side: Direction, id: u32) -> bool {
        let dir = side.index();
        let start = if dir == 0 { 0 } else { self.ends[dir - 1] };
        let end = self.ends[dir];
        let Some(at) = self.ids[start..end].iter().position(|&x| x == id) else {
            return false;
        };
        self.ids.remove(start + at);
        for e in &mut self.ends[dir..] {
            *e -= 1;
        }
        true
    }

    /// Keep only the connections for which `keep(side, id)` holds; returns how many went.
    pub fn retain(&mut self, mut keep: impl FnMut(Direction, u32) -> bool) -> usize {
        let before = self.ids.len();
        let mut ids = Vec::with_capacity(before);
        let mut ends = [0usize; 4];
        for (d, end) in ends.iter_mut().enumerate() {
            ids.extend(
                self.direction(d)
                    .iter()
                    .copied()
                    .filter(|&id| keep(Direction::ALL[d], id)),
            );
            *end = ids.len();
        }
        self.ids = ids;
        self.ends = ends;
        before - self.ids.len()
    }

    /// Remove every connection to `id`, on every side; returns how many went.
    pub fn remove_all(&mut self, id: u32) -> usize {
        if !self.contains(id) {
            return 0;
        }
        self.retain(|_, x| x != id)
    }

    /// Point every connection to `old` at `new` instead; a side that then holds `new` twice keeps
    /// only the first. Returns how many entries changed or went.
    pub fn retarget(&mut self, old: u32, new: u32) -> usize {
        if old == new || !self.contains(old) {
            return 0;
        }
        let mut changed = 0;
        for id in &mut self.ids {
            if *id == old {
                *id = new;
                changed += 1;
            }
        }
        let mut seen = [false; 4];
        self.retain(|side, id| {
            if id != new {
                return true;
            }
            let s = &mut seen[side.index()];
            let first = !*s;
            *s = true;
            first
        });
        changed
    }
}

#[derive(Serialize)]
struct ConnectionsRef<'a> {
    north: &'a [u32],
    east: &'a [u32],
    south: &'a [u32],
    west: &'a [u32],
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct ConnectionsOwned {
    #[serde(default)]
    north: Vec<u32>,
    #[serde(default)]
    east: Vec<u32>,
    #[serde(default)]
    south: Vec<u32>,
    #[serde(default)]
    west: Vec<u32>,
}

impl Serialize for Connections {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ConnectionsRef {
            north: self.direction(0),
            east: self.direction(1),
            south: self.direction(2),
            west: self.direction(3),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Connections {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let o = ConnectionsOwned::deserialize(d)?;
        Ok(Connections::from_lists([
            &o.north, &o.east, &o.south, &o.west,
        ]))
    }
}

/// One encounter path (v >= 3) without its spots.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EncounterPathHead {
    /// Area the path comes from.
    pub from: u32,
    /// NavDirType.
    pub from_direction: u8,
    /// Area the path leads to.
    pub to: u32,
    /// NavDirType towards `to`.
    pub to_direction: u8,
    /// Number of spots of this path (see [`EncounterPaths::iter`]).
    pub spot_count: u8,
}

/// An encounter path was given more than the 255 spots the file's u8 count holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct TooManySpots(pub usize);

impl std::fmt::Display for TooManySpots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} encounter spots; a path holds at most 255", self.0)
    }
}

impl std::error::Error for TooManySpots {}

/// A spot along an encounter path.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EncounterSpot {
    /// Hiding-spot ID.
    pub hiding_spot: u32,
    /// Parametric distance along the path, quantised to 0..=255.
    pub t: u8,
}

/// An area's encounter paths, their spots kept in one flat list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EncounterPaths {
    pub(crate) paths: Vec<EncounterPathHead>,
    pub(crate) spots: Vec<EncounterSpot>,
}

impl EncounterPaths {
    /// Number of paths.
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    /// Whether there is no path.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// Number of spots over all paths.
    pub fn spot_count(&self) -> usize {
        self.spots.len()
    }

    /// Add a path with its spots. A path holds at most 255 spots: more is an error (and nothing
    /// is added).
    pub fn push(
        &mut self,
        from: u32,
        from_direction: u8,
        to: u32,
        to_direction: u8,
        spots: &[EncounterSpot],
    ) -> Result<(), TooManySpots> {
        let spot_count = u8::try_from(spots.len()).map_err(|_| TooManySpots(spots.len()))?;
        self.paths.push(EncounterPathHead {
            from,
            from_direction,
            to,
            to_direction,
            spot_count,
        });
        self.spots.extend_from_slice(spots);
        Ok(())
    }

    /// Keep only the paths for which `keep(path)` holds, with their spots; returns how many went.
    pub fn retain_paths(&mut self, mut keep: impl FnMut(&EncounterPathHead) -> bool) -> usize {
        let mut out = EncounterPaths::default();
        for (p, spots) in self.iter() {
            if keep(p) {
                out.paths.push(*p);
                out.spots.extend_from_slice(spots);
            }
        }
        let gone = self.paths.len() - out.paths.len();
        *self = out;
        gone
    }

    /// Keep only the spots for which `keep(spot)` holds (each path's count follows); returns how
    /// many went.
    pub fn retain_spots(&mut self, mut keep: impl FnMut(&EncounterSpot) -> bool) -> usize {
        let mut out = EncounterPaths::default();
        for (p, spots) in self.iter() {
            let kept: Vec<EncounterSpot> = spots.iter().copied().filter(|s| keep(s)).collect();
            out.paths.push(EncounterPathHead {
                // Never more than before, which fitted in u8.
                spot_count: u8::try_from(kept.len()).unwrap_or(u8::MAX),
                ..*p
            });
            out.spots.extend(kept);
        }
        let gone = self.spots.len() - out.spots.len();
        *self = out;
        gone
    }

    /// Mutable access to every path head (area references, directions); the spot counts are
    /// kept as they are.
    pub fn for_each_path_mut(&mut self, mut f: impl FnMut(&mut EncounterPathHead)) {
        for p in &mut self.paths {
            let count = p.spot_count;
            f(p);
            p.spot_count = count;
        }
    }

    /// Each path with its spots.
    pub fn iter(&self) -> impl Iterator<Item = (&EncounterPathHead, &[EncounterSpot])> + '_ {
        let mut at = 0usize;
        self.paths.iter().map(move |p| {
            let end = (at + p.spot_count as usize).min(self.spots.len());
            let s = self.spots.get(at..end).unwrap_or(&[]);
            at = end;
            (p, s)
        })
    }
}

#[derive(Serialize)]
struct PathRef<'a> {
    from: u32,
    from_direction: u8,
    to: u32,
    to_direction: u8,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    spots: &'a [EncounterSpot],
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct PathOwned {
    from: u32,
    from_direction: u8,
    to: u32,
    to_direction: u8,
    #[serde(default)]
    spots: Vec<EncounterSpot>,
}

impl Serialize for EncounterPaths {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|(p, spots)| PathRef {
            from: p.from,
            from_direction: p.from_direction,
            to: p.to,
            to_direction: p.to_direction,
            spots,
        }))
    }
}

impl<'de> Deserialize<'de> for EncounterPaths {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<PathOwned>::deserialize(d)?;
        let mut out = EncounterPaths::default();
        for p in list {
            out.push(p.from, p.from_direction, p.to, p.to_direction, &p.spots)
                .map_err(D::Error::custom)?;
        }
        Ok(out)
    }
}

/// A string stored with its terminating NUL (place names, the L4D population name), kept raw.
///
/// In JSON it is the text without the NUL when the bytes are UTF-8 text followed by exactly one
/// NUL; anything else (no NUL, bytes after the NUL, invalid UTF-8, empty) is `{"hex": "..."}` of
/// the raw bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NulText(pub Vec<u8>);

impl NulText {
    /// `text` followed by a NUL.
    pub fn new(text: &str) -> Self {
        let mut v = Vec::with_capacity(text.len() + 1);
        v.extend_from_slice(text.as_bytes());
        v.push(0);
        NulText(v)
    }

    /// The text when the bytes are plain text + NUL.
    pub fn as_text(&self) -> Option<&str> {
        let body = self.0.strip_suffix(&[0])?;
        if body.contains(&0) {
            return None;
        }
        std::str::from_utf8(body).ok()
    }

    /// The name up to the first NUL, lossily decoded (what the engine would show).
    pub fn name_lossy(&self) -> String {
        let end = self.0.iter().position(|&b| b == 0).unwrap_or(self.0.len());
        String::from_utf8_lossy(&self.0[..end]).into_owned()
    }
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct HexForm {
    hex: HexBytes,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
enum TextForm {
    Text(String),
    Hex(HexForm),
}

impl Serialize for NulText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.as_text() {
            Some(t) => s.serialize_str(t),
            None => HexForm {
                hex: HexBytes(self.0.clone()),
            }
            .serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for NulText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match TextForm::deserialize(d)? {
            TextForm::Text(t) => {
                if t.contains('\0') {
                    return Err(D::Error::custom(
                        "text names cannot hold NUL; use {\"hex\": ...}",
                    ));
                }
                Ok(NulText::new(&t))
            }
            TextForm::Hex(h) => Ok(NulText(h.hex.0)),
        }
    }
}

// The schemas are those of the forms the readers above parse.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Connections {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Connections".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        ConnectionsOwned::json_schema(g)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for EncounterPaths {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EncounterPaths".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        Vec::<PathOwned>::json_schema(g)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for NulText {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "NulText".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let hex = g.subschema_for::<HexForm>();
        schemars::json_schema!({
            "description": "Text stored with its NUL: the text (without NUL), or {\"hex\": ...} \
                            of the raw bytes.",
            "anyOf": [{ "type": "string", "pattern": "^[^\\u0000]*$" }, hex]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_text_when_they_can_be_and_hex_otherwise() {
        let plain = NulText::new("BombsiteA");
        assert_eq!(serde_json::to_string(&plain).unwrap(), "\"BombsiteA\"");
        for raw in [
            b"".to_vec(),
            b"no-nul".to_vec(),
            b"a\0b\0".to_vec(),
            b"\xff\0".to_vec(),
        ] {
            let t = NulText(raw.clone());
            let json = serde_json::to_string(&t).unwrap();
            assert!(json.starts_with("{\"hex\":"), "{json}");
            assert_eq!(serde_json::from_str::<NulText>(&json).unwrap().0, raw);
        }
        assert_eq!(
            serde_json::from_str::<NulText>("\"Mid\"").unwrap().0,
            b"Mid\0"
        );
        assert!(serde_json::from_str::<NulText>("\"a\\u0000b\"").is_err());
        assert_eq!(plain.name_lossy(), "BombsiteA");
    }

    #[test]
    fn connections_are_sides_in_json_and_flat_in_memory() {
        let mut c = Connections::from_lists([&[1, 2], &[], &[3], &[4, 5, 6]]);
        assert_eq!(c.len(), 6);
        assert_eq!(c.direction(3), &[4, 5, 6]);
        assert_eq!(c.direction(9), &[] as &[u32]);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(
            json,
            r#"{"north":[1,2],"east":[],"south":[3],"west":[4,5,6]}"#
        );
        assert_eq!(serde_json::from_str::<Connections>(&json).unwrap(), c);
        c.push(Direction::East, 9);
        assert_eq!(c.direction(1), &[9]);
        assert_eq!(c.direction(2), &[3]);
        assert_eq!(
            c.iter().collect::<Vec<_>>(),
            [(0, 1), (0, 2), (1, 9), (2, 3), (3, 4), (3, 5), (3, 6)]
        );
    }

    #[test]
    fn encounter_paths_nest_their_spots_in_json() {
        let mut p = EncounterPaths::default();
        p.push(
            1,
            0,
            2,
            1,
            &[EncounterSpot {
                hiding_spot: 7,
                t: 128,
            }],
        )
        .unwrap();
        p.push(3, 2, 4, 3, &[]).unwrap();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(
            json,
            r#"[{"from":1,"from_direction":0,"to":2,"to_direction":1,"spots":[{"hiding_spot":7,"t":128}]},{"from":3,"from_direction":2,"to":4,"to_direction":3}]"#
        );
        assert_eq!(serde_json::from_str::<EncounterPaths>(&json).unwrap(), p);
        assert_eq!((p.len(), p.spot_count()), (2, 1));
    }

    #[test]
    fn connections_remove_retain_and_retarget() {
        let mut c = Connections::from_lists([&[1, 2, 1], &[3], &[], &[2, 4]]);
        assert!(c.remove(Direction::North, 1));
        assert_eq!(c.direction(0), &[2, 1]);
        assert!(!c.remove(Direction::South, 1));
        assert_eq!(c.direction(3), &[2, 4]);
        assert_eq!(c.remove_all(2), 2);
        assert_eq!(c.iter().collect::<Vec<_>>(), [(0, 1), (1, 3), (3, 4)]);
        // 4 -> 3: east already has 3 once, west gets it.
        c.push(Direction::East, 4);
        assert_eq!(c.retarget(4, 3), 2);
        assert_eq!(c.iter().collect::<Vec<_>>(), [(0, 1), (1, 3), (3, 3)]);
        assert_eq!(c.retarget(9, 3), 0);
        assert_eq!(c.side(Direction::West), &[3]);
        assert_eq!(c.len(), 3);
    }

    #[test]
    fn encounter_paths_refuse_more_than_255_spots_and_retain_by_path_or_spot() {
        let spot = |h| EncounterSpot {
            hiding_spot: h,
            t: 1,
        };
        let mut p = EncounterPaths::default();
        let many = vec![spot(1); 256];
        assert_eq!(p.push(1, 0, 2, 0, &many), Err(TooManySpots(256)));
        assert!(p.is_empty(), "nothing added on error");
        p.push(1, 0, 2, 0, &many[..255]).unwrap();
        p.push(3, 1, 4, 1, &[spot(7), spot(8)]).unwrap();
        assert_eq!(p.retain_spots(|s| s.hiding_spot != 7), 1);
        assert_eq!(p.iter().nth(1).unwrap().1, &[spot(8)]);
        assert_eq!(p.retain_paths(|h| h.from != 1), 1);
        assert_eq!((p.len(), p.spot_count()), (1, 1));
        p.for_each_path_mut(|h| {
            h.to = 9;
            h.spot_count = 200;
        });
        let (h, s) = p.iter().next().unwrap();
        assert_eq!((h.to, h.spot_count, s.len()), (9, 1, 1));
        let json = r#"[{"from":1,"from_direction":0,"to":2,"to_direction":0,"spots":["#.to_string()
            + &vec![r#"{"hiding_spot":1,"t":0}"#; 256].join(",")
            + "]}]";
        let e = serde_json::from_str::<EncounterPaths>(&json).unwrap_err();
        assert!(e.to_string().contains("at most 255"), "{e}");
    }
}
