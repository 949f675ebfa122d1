//! `.navjson`, the community JSON form of Quake 2021 bot navigation (Quake Nav Depot, nav2json,
//! QuakeNavSharp).
//!
//! The published shape (QuakeNavSharp `NavJsonV1`/`NavJsonV2`, MIT):
//!
//! ```text
//! { "Version": 1 | 2 | 3,
//!   "Map": { "Name", "Author", "Filename", "Urls": [..] },   // optional
//!   "Contributors": [..], "Comments": "..",                  // optional
//!   "Settings": { "Heuristic": float },                      // Version 3
//!   "Nodes": [ { "Origin": [x, y, z], "Flags": int, "Radius": int,
//!                "Links": [ { "Target": [x, y, z],            // the target node's origin
//!                             "Type": int,
//!                             "Traversal": [[..], [..], [..]], // optional: node exit, jump start, jump end
//!                             "Edict": { "Mins": [..], "Maxs": [..],
//!                                        "Targetname": int, "Classname": int   // Version 1
//!                                        "EntityId": int } } ] } ] }           // Version 2
//! ```
//!
//! Links name their target by its origin; when two nodes share an origin the last one wins (as in
//! QuakeNavSharp). Version 1 converts to a v14 `.nav`, Version 2 to v15 (as nav2json does).
//! Version 3 (Quake Nav Depot files carry it) adds `Settings`, whose `Heuristic` is the `.nav`
//! heuristic of versions 16+; it converts to v18, the newest, and v16+ documents export as
//! Version 3. No public description of Version 3 was found (the search index holds the Depot and
//! QuakeNavSharp only up to Version 2): keys beyond these are not refused but named in warnings
//! ([`from_navjson_with_warnings`]), and a newer `Version` is read as far as its known keys go.
//! [`NavJson::to_document`] can target any version 14–18 the edicts allow. `"TeamMask"` on a link
//! is this crate's extension for v18 (written only when a mask is not `0xFF`, all teams); other
//! readers ignore it.

use crate::nav2::{
    self, Edict, EdictTarget, Link, NO_TRAVERSAL, Node, QuakeNavDocument, Traversal,
};
use navforge_core::{Error, F32, Result};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Format name used in `.navjson` errors.
pub const FORMAT: &str = "quake-navjson";

/// A whole `.navjson` document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct NavJson {
    /// `Version`: 1, 2 or 3.
    pub version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The map described.
    pub map: Option<MapInfo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Who made the graph.
    pub contributors: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Free text.
    pub comments: Option<String>,
    /// Version 3: graph-wide settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<JsonSettings>,
    /// Nodes.
    pub nodes: Vec<JsonNode>,
}

/// Version 3's `Settings`: what the `.nav` header holds beyond the graph.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct JsonSettings {
    /// The path-finding heuristic weight of `.nav` versions 16+ (0.8 in every real file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<f32>,
}

/// The newest `.navjson` version this crate knows.
pub const LATEST_VERSION: u32 = 3;

/// Keys each object of a `.navjson` may hold, by its path.
const KNOWN_KEYS: [(&str, &[&str]); 6] = [
    (
        "",
        &[
            "Version",
            "Map",
            "Contributors",
            "Comments",
            "Settings",
            "Nodes",
        ],
    ),
    ("Map", &["Name", "Author", "Filename", "Urls"]),
    ("Settings", &["Heuristic"]),
    ("Nodes[]", &["Origin", "Flags", "Links", "Radius"]),
    (
        "Nodes[].Links[]",
        &["Target", "Type", "Traversal", "Edict", "TeamMask"],
    ),
    (
        "Nodes[].Links[].Edict",
        &["Mins", "Maxs", "Targetname", "Classname", "EntityId"],
    ),
];

/// Keys the reader does not know, as `path.Key` (`Nodes[].Links[].Cost`), each once.
fn unknown_keys(v: &serde_json::Value) -> Vec<String> {
    fn walk(v: &serde_json::Value, path: &str, out: &mut std::collections::BTreeSet<String>) {
        let Some(obj) = v.as_object() else {
            return;
        };
        let known = KNOWN_KEYS
            .iter()
            .find(|(p, _)| *p == path)
            .map_or(&[][..], |(_, k)| *k);
        for (key, child) in obj {
            let here = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            if !known.contains(&key.as_str()) {
                out.insert(here);
                continue;
            }
            match child {
                serde_json::Value::Array(items) => {
                    for item in items {
                        walk(item, &format!("{here}[]"), out);
                    }
                }
                other => walk(other, &here, out),
            }
        }
    }
    let mut out = std::collections::BTreeSet::new();
    walk(v, "", &mut out);
    out.into_iter().collect()
}

/// The map a `.navjson` describes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct MapInfo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Map title.
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Map author.
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// BSP file name without extension.
    pub filename: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Where to get the map.
    pub urls: Option<Vec<String>>,
}

/// One `.navjson` node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct JsonNode {
    /// Position (also the node's identity for links).
    pub origin: [f32; 3],
    #[serde(default)]
    /// Node flag bits.
    pub flags: i64,
    #[serde(default)]
    /// Links leaving the node.
    pub links: Vec<JsonLink>,
    #[serde(default)]
    /// Radius in units.
    pub radius: i64,
}

/// One `.navjson` link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct JsonLink {
    /// The target node's origin.
    pub target: [f32; 3],
    #[serde(rename = "Type")]
    /// Link type code.
    pub kind: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Node exit, jump start and jump end.
    pub traversal: Option<Vec<[f32; 3]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The entity the link depends on.
    pub edict: Option<JsonEdict>,
    /// navforge extension: the v18 team mask, when not `0xFF`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_mask: Option<i64>,
}

/// A `.navjson` link's edict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct JsonEdict {
    /// Lower corner of the entity's box.
    pub mins: [f32; 3],
    /// Upper corner.
    pub maxs: [f32; 3],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Version 1: targetname string ID.
    pub targetname: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Version 1: classname string ID.
    pub classname: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Version 2: entity ID.
    pub entity_id: Option<i32>,
}

/// Parse `.navjson` text and convert it to a `.nav` document (v14 for Version 1, v15 for 2, v18
/// for 3 and newer). Warnings (keys this reader does not know) are dropped: see
/// [`from_navjson_with_warnings`].
pub fn from_navjson(text: &str) -> Result<QuakeNavDocument> {
    from_navjson_with_warnings(text).map(|(doc, _)| doc)
}

/// [`from_navjson`], with a warning for every key this reader does not know and for a version
/// newer than [`LATEST_VERSION`] (imported as far as its known keys go).
pub fn from_navjson_with_warnings(text: &str) -> Result<(QuakeNavDocument, Vec<String>)> {
    let (json, warnings) = NavJson::parse_with_warnings(text)?;
    let version = json.default_nav_version()?;
    Ok((json.to_document(version)?, warnings))
}

/// Convert a `.nav` document to `.navjson` text (Version 1 for v14, Version 2 for v15, Version 3
/// with the heuristic in `Settings` for v16+).
pub fn to_navjson(doc: &QuakeNavDocument) -> Result<String> {
    NavJson::from_document(doc)?.to_text()
}

fn err(field: impl Into<String>, msg: impl Into<String>) -> Error {
    Error::in_document(FORMAT, field, msg)
}

/// The byte offset of a 1-based line and column in `text`.
fn byte_offset(text: &str, line: usize, column: usize) -> u64 {
    let mut offset = 0usize;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset.saturating_add(column.saturating_sub(1)) as u64;
        }
        offset = offset.saturating_add(l.len());
    }
    offset as u64
}

/// Key for origin lookups: bitwise, with -0 folded into 0 (float equality, as the reference).
fn origin_key(o: [f32; 3]) -> [u32; 3] {
    o.map(|c| if c == 0.0 { 0 } else { c.to_bits() })
}

fn to_f32s(v: nav2::Vec3, field: &str) -> Result<[f32; 3]> {
    let out = v.map(F32::get);
    if out.iter().all(|c| c.is_finite()) {
        Ok(out)
    } else {
        Err(err(field, "JSON cannot hold a NaN or infinite coordinate"))
    }
}

/// A coordinate as stored: JSON numbers beyond the f32 range would become infinities.
fn finite(v: [f32; 3], field: &str) -> Result<nav2::Vec3> {
    if v.iter().all(|c| c.is_finite()) {
        Ok(v.map(F32::new))
    } else {
        Err(err(field, format!("{v:?} does not fit 32-bit floats")))
    }
}

fn in_range(value: i64, max: i64, field: &str, what: &str) -> Result<i64> {
    if (0..=max).contains(&value) {
        Ok(value)
    } else {
        Err(err(field, format!("{what} {value} is outside 0..={max}")))
    }
}

impl NavJson {
    /// Parse `.navjson` text. Errors carry the byte offset of the problem.
    pub fn parse(text: &str) -> Result<NavJson> {
        Self::parse_with_warnings(text).map(|(json, _)| json)
    }

    /// Parse `.navjson` text, with a warning naming every key this reader does not know (they
    /// are not kept) and one for a version newer than [`LATEST_VERSION`].
    pub fn parse_with_warnings(text: &str) -> Result<(NavJson, Vec<String>)> {
        let bad = |e: serde_json::Error| {
            Error::invalid(
                FORMAT,
                "json",
                byte_offset(text, e.line(), e.column()),
                format!("not valid .navjson: {e}"),
            )
        };
        let json: NavJson = serde_json::from_str(text).map_err(bad)?;
        let value: serde_json::Value = serde_json::from_str(text).map_err(bad)?;
        let unknown = unknown_keys(&value);
        let mut warnings = Vec::new();
        if json.version > LATEST_VERSION {
            warnings.push(format!(
                ".navjson version {} is newer than navforge knows ({LATEST_VERSION}); read as \
                 version {LATEST_VERSION}",
                json.version
            ));
        }
        if !unknown.is_empty() {
            warnings.push(format!(
                "keys navforge does not know were left out: {}",
                unknown.join(", ")
            ));
        }
        Ok((json, warnings))
    }

    /// Pretty-printed text (two-space indent, like nav2json).
    pub fn to_text(&self) -> Result<String> {
        serde_json::to_string_pretty(self).map_err(|e| err("json", e.to_string()))
    }

    /// The `.nav` version for this `Version`: 1 → 14, 2 → 15 (as nav2json writes them), 3 and
    /// newer → 18 (version 3 carries the heuristic of versions 16+; 18 is the newest).
    pub fn default_nav_version(&self) -> Result<u32> {
        match self.version {
            1 => Ok(14),
            2 => Ok(15),
            v if v >= 3 => Ok(18),
            v => Err(err(
                "Version",
                format!("unknown .navjson version {v} (known: 1, 2, 3)"),
            )),
        }
    }

    /// Build a `.nav` document of `version` (14–18) the game can load: counts match the arrays,
    /// each node's links are one contiguous range in node order, every index is in range.
    pub fn to_document(&self, version: u32) -> Result<QuakeNavDocument> {
        if !nav2::VERSIONS.contains(&version) {
            return Err(err(
                "version",
                format!("cannot write .nav version {version} (supported: 14-18)"),
            ));
        }
        const MAX: usize = u16::MAX as usize;
        if self.nodes.len() > MAX {
            return Err(err(
                "Nodes",
                format!("{} nodes; a .nav holds at most {MAX}", self.nodes.len()),
            ));
        }
        let mut by_origin: HashMap<[u32; 3], usize> = HashMap::with_capacity(self.nodes.len());
        for (i, n) in self.nodes.iter().enumerate() {
            by_origin.insert(origin_key(n.origin), i);
        }
        let mut doc = QuakeNavDocument::new(version);
        if let Some(h) = self.settings.as_ref().and_then(|s| s.heuristic)
            && version >= 16
        {
            if !h.is_finite() {
                return Err(err(
                    "Settings.Heuristic",
                    format!("{h} is not a finite number"),
                ));
            }
            doc.heuristic = Some(F32::new(h));
        }
        doc.nodes.reserve(self.nodes.len());
        for (ni, n) in self.nodes.iter().enumerate() {
            let at = |f: &str| format!("Nodes[{ni}] > {f}");
            let first_link = doc.links.len();
            if first_link.saturating_add(n.links.len()) > MAX {
                return Err(err(at("Links"), format!("more than {MAX} links in all")));
            }
            for (li, l) in n.links.iter().enumerate() {
                let at = |f: &str| format!("Nodes[{ni}] > Links[{li}] > {f}");
                let target = *by_origin.get(&origin_key(l.target)).ok_or_else(|| {
                    err(
                        at("Target"),
                        format!("no node has the origin {:?}", l.target),
                    )
                })?;
                let (kind, team_mask) = if version >= 18 {
                    let kind = in_range(l.kind, 255, &at("Type"), "link type")? as u8;
                    let mask = match l.team_mask {
                        Some(m) => in_range(m, 255, &at("TeamMask"), "team mask")? as u8,
                        None => nav2::ALL_TEAMS,
                    };
                    (kind, mask)
                } else {
                    if let Some(m) = l.team_mask.filter(|&m| m != nav2::ALL_TEAMS as i64) {
                        return Err(err(
                            at("TeamMask"),
                            format!("team mask {m} needs .nav version 18 (target is {version})"),
                        ));
                    }
                    let word = in_range(l.kind, 0xFFFF, &at("Type"), "link type")? as u16;
                    let [k, hi] = word.to_le_bytes();
                    (k, hi)
                };
                let traversal = match &l.traversal {
                    None => NO_TRAVERSAL,
                    Some(points) => {
                        let [a, b, c] = points.as_slice() else {
                            return Err(err(
                                at("Traversal"),
                                format!("needs exactly 3 points, has {}", points.len()),
                            ));
                        };
                        if doc.traversals.len() >= MAX {
                            return Err(err(
                                at("Traversal"),
                                format!("more than {} traversals", MAX - 1),
                            ));
                        }
                        doc.traversals.push(Traversal {
                            node_exit: finite(*a, &at("Traversal"))?,
                            jump_start: finite(*b, &at("Traversal"))?,
                            jump_end: finite(*c, &at("Traversal"))?,
                        });
                        (doc.traversals.len() - 1) as u16
                    }
                };
                let link_index = doc.links.len() as u16;
                if let Some(e) = &l.edict {
                    let target = match (version <= 14, e) {
                        (
                            true,
                            JsonEdict {
                                targetname: Some(targetname),
                                classname: Some(classname),
                                ..
                            },
                        ) => EdictTarget::Names {
                            targetname: *targetname,
                            classname: *classname,
                        },
                        (
                            false,
                            JsonEdict {
                                entity_id: Some(id),
                                ..
                            },
                        ) => EdictTarget::EntityId(*id),
                        (true, _) => {
                            return Err(err(
                                at("Edict"),
                                format!(
                                    ".nav version {version} edicts need Targetname and Classname"
                                ),
                            ));
                        }
                        (false, _) => {
                            return Err(err(
                                at("Edict"),
                                format!(".nav version {version} edicts need an EntityId"),
                            ));
                        }
                    };
                    doc.edicts.push(Edict {
                        link: link_index,
                        mins: finite(e.mins, &at("Edict > Mins"))?,
                        maxs: finite(e.maxs, &at("Edict > Maxs"))?,
                        target,
                    });
                }
                doc.links.push(Link {
                    target: target as u16,
                    kind,
                    team_mask,
                    traversal,
                });
            }
            doc.nodes.push(Node {
                flags: in_range(n.flags, 0xFFFF, &at("Flags"), "flags")? as u16,
                link_count: n.links.len() as u16,
                first_link: first_link as u16,
                radius: in_range(n.radius, 0xFFFF, &at("Radius"), "radius")? as u16,
                origin: finite(n.origin, &at("Origin"))?,
            });
        }
        Ok(doc)
    }

    /// The `.navjson` form of a document. Fails (rather than silently dropping data) when the
    /// document holds something `.navjson` cannot: indices out of range, links outside every
    /// node's range or in several, two edicts on one link, a link whose target shares its origin
    /// with a later node, or non-finite coordinates.
    pub fn from_document(doc: &QuakeNavDocument) -> Result<NavJson> {
        let links = doc.links.len();
        // How many nodes own each link, by a difference array (ranges may overlap).
        let mut starts = vec![0i64; links + 1];
        for (ni, n) in doc.nodes.iter().enumerate() {
            let end = n.first_link as usize + n.link_count as usize;
            if end > links {
                return Err(err(
                    format!("nodes[{ni}]"),
                    format!(
                        "link range {}..{end} passes the end of the link table ({links})",
                        n.first_link
                    ),
                ));
            }
            starts[n.first_link as usize] += 1;
            starts[end] -= 1;
        }
        let mut owners = 0i64;
        for (l, d) in starts.iter().take(links).enumerate() {
            owners += d;
            if owners != 1 {
                return Err(err(
                    format!("links[{l}]"),
                    format!(
                        "belongs to {owners} nodes; .navjson needs every link in exactly one node"
                    ),
                ));
            }
        }
        let mut edict_of: Vec<Option<&Edict>> = vec![None; links];
        for (ei, e) in doc.edicts.iter().enumerate() {
            let slot = edict_of.get_mut(e.link as usize).ok_or_else(|| {
                err(
                    format!("edicts[{ei}]"),
                    format!("link {} is out of range ({links} links)", e.link),
                )
            })?;
            if slot.is_some() {
                return Err(err(
                    format!("edicts[{ei}]"),
                    format!(
                        "link {} already has an edict; .navjson holds one per link",
                        e.link
                    ),
                ));
            }
            *slot = Some(e);
        }
        let mut by_origin: HashMap<[u32; 3], usize> = HashMap::with_capacity(doc.nodes.len());
        let mut origins = Vec::with_capacity(doc.nodes.len());
        for (ni, n) in doc.nodes.iter().enumerate() {
            let o = to_f32s(n.origin, &format!("nodes[{ni}] > origin"))?;
            by_origin.insert(origin_key(o), ni);
            origins.push(o);
        }
        let v18 = doc.version >= 18;
        let mut nodes = Vec::with_capacity(doc.nodes.len());
        for (ni, n) in doc.nodes.iter().enumerate() {
            let range = n.first_link as usize..n.first_link as usize + n.link_count as usize;
            let mut jlinks = Vec::with_capacity(range.len());
            for li in range {
                let l = &doc.links[li];
                let at = format!("links[{li}]");
                let target = l.target as usize;
                let origin = *origins.get(target).ok_or_else(|| {
                    err(
                        &at,
                        format!(
                            "target node {target} does not exist ({} nodes)",
                            origins.len()
                        ),
                    )
                })?;
                if by_origin.get(&origin_key(origin)) != Some(&target) {
                    return Err(err(
                        &at,
                        format!(
                            "target node {target} shares its origin with a later node; .navjson names targets by origin"
                        ),
                    ));
                }
                let traversal = if l.has_traversal() {
                    let t = doc.traversals.get(l.traversal as usize).ok_or_else(|| {
                        err(
                            &at,
                            format!(
                                "traversal {} is out of range ({} traversals)",
                                l.traversal,
                                doc.traversals.len()
                            ),
                        )
                    })?;
                    let tf = format!("traversals[{}]", l.traversal);
                    Some(vec![
                        to_f32s(t.node_exit, &tf)?,
                        to_f32s(t.jump_start, &tf)?,
                        to_f32s(t.jump_end, &tf)?,
                    ])
                } else {
                    None
                };
                let edict = match edict_of[li] {
                    None => None,
                    Some(e) => {
                        let ef = format!("edict of link {li}");
                        let (targetname, classname, entity_id) = e.target.parts();
                        Some(JsonEdict {
                            mins: to_f32s(e.mins, &ef)?,
                            maxs: to_f32s(e.maxs, &ef)?,
                            targetname,
                            classname,
                            entity_id,
                        })
                    }
                };
                let (kind, team_mask) = if v18 {
                    (
                        l.kind as i64,
                        (l.team_mask != nav2::ALL_TEAMS).then_some(l.team_mask as i64),
                    )
                } else {
                    (l.type_word() as i64, None)
                };
                jlinks.push(JsonLink {
                    target: origin,
                    kind,
                    traversal,
                    edict,
                    team_mask,
                });
            }
            nodes.push(JsonNode {
                origin: origins[ni],
                flags: n.flags as i64,
                links: jlinks,
                radius: n.radius as i64,
            });
        }
        let heuristic = doc.heuristic.map(F32::get);
        Ok(NavJson {
            version: match doc.version {
                ..=14 => 1,
                15 => 2,
                _ => 3,
            },
            map: None,
            contributors: None,
            comments: None,
            settings: heuristic.map(|h| JsonSettings { heuristic: Some(h) }),
            nodes,
        })
    }
}
