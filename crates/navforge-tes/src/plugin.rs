//! The plugin container: the TES4 header record, the GRUP tree, records and subrecords.

use crate::tag::{Hex32, Tag};
use crate::zlib::{Budget, Pristine, inflate};
pub use crate::zlib::{
    DECOMPRESSION_BUDGET_FLOOR, DECOMPRESSION_BUDGET_RATIO, MAX_DECOMPRESSED, compress,
};
use navforge_core::{Error, HexBytes, Put, Reader, Result};
use serde::{Deserialize, Serialize};

pub(crate) const FORMAT: &str = "tes-plugin";

/// Record flag: the record data is a u32 uncompressed size followed by a zlib stream.
pub const FLAG_COMPRESSED: u32 = 0x0004_0000;

/// Groups nest about five deep in real plugins; deeper nesting is refused.
pub const MAX_GROUP_DEPTH: u32 = 32;

const GRUP: Tag = Tag(*b"GRUP");
const XXXX: Tag = Tag(*b"XXXX");
const TES4: Tag = Tag(*b"TES4");

/// A whole plugin (`.esp`, `.esm`, `.esl`): the header record and the top-level entries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PluginDocument {
    /// Size of every record and group header: 24 (Fallout 3 onwards) or 20 (Oblivion).
    pub header_size: u8,
    /// The `TES4` header record.
    pub header: Record,
    /// Top-level groups (and any records stored outside a group), in file order.
    pub entries: Vec<Entry>,
}

/// A group or a record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub enum Entry {
    /// A group.
    Group(Group),
    /// A record.
    Record(Record),
}

/// A `GRUP`. Its size is not stored: it is recomputed from the contents on write (on read it must
/// match them exactly).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Record type (top level), parent form ID, or block/grid numbers, depending on `group_type`.
    pub label: Tag,
    /// Group type (0 top level, 1 world children, ...).
    pub group_type: i32,
    /// Version-control stamp (u32; u16 day/user pairs in later games).
    pub stamp: u32,
    /// The last four header bytes of 24-byte headers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unknown: Option<u32>,
    /// Records and groups inside, in file order.
    pub entries: Vec<Entry>,
}

/// One record. Its data size is recomputed on write.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Record {
    #[serde(rename = "type")]
    /// Record type.
    pub tag: Tag,
    /// Record flags.
    pub flags: Hex32,
    /// Form ID.
    pub form_id: Hex32,
    /// Version-control info (timestamp and last user).
    pub vc_info: u32,
    /// Form version (24-byte headers only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form_version: Option<u16>,
    /// The u16 after the form version (24-byte headers only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version2: Option<u16>,
    /// For compressed records: the stored compressed form, written back unchanged as long as the
    /// fields still serialise to what it decompresses to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compressed: Option<Compressed>,
    /// The (decompressed) record data.
    pub fields: Fields,
    #[serde(skip)]
    pristine: Pristine,
}

/// The original bytes of a compressed record's data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Compressed {
    /// The u32 size that precedes the zlib stream.
    pub uncompressed_size: u32,
    /// The zlib stream exactly as stored (including anything after its end).
    pub stream: HexBytes,
}

/// Record data: a list of subrecords, or raw bytes when they do not parse as one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub enum Fields {
    /// Subrecords in order.
    Subrecords(Vec<Subrecord>),
    /// Bytes that do not split into subrecords.
    Raw(HexBytes),
}

/// One subrecord. In JSON its data is decoded where the layout is known (`nvnm` for `NVNM`,
/// `text` for `EDID` and other strings) and hex (`data`) otherwise; see [`crate::readable`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "crate::readable::SubrecordJson")]
pub struct Subrecord {
    /// Subrecord type.
    pub tag: Tag,
    /// Subrecord data.
    pub data: HexBytes,
    /// Preceded by an `XXXX` subrecord carrying the real (u32) size. Set automatically on write
    /// when the data exceeds 65 535 bytes.
    pub xxxx: bool,
    /// The u16 size field after an `XXXX`, when it is not the usual 0.
    pub size_field: Option<u16>,
}

// The schema is that of the JSON form the reader takes.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Subrecord {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Subrecord".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut s = crate::readable::SubrecordJson::json_schema(g);
        // Exactly one form of the data, as the reader wants.
        s.insert(
            "oneOf".into(),
            serde_json::json!([
                { "required": ["data"] },
                { "required": ["text"] },
                { "required": ["nvnm"] }
            ]),
        );
        s
    }
}

impl Subrecord {
    /// A subrecord with this type and data.
    pub fn new(tag: [u8; 4], data: Vec<u8>) -> Self {
        Subrecord {
            tag: Tag(tag),
            data: HexBytes(data),
            xxxx: false,
            size_field: None,
        }
    }
}

impl Fields {
    /// The subrecords (none for raw data).
    pub fn subrecords(&self) -> &[Subrecord] {
        match self {
            Fields::Subrecords(s) => s,
            Fields::Raw(_) => &[],
        }
    }

    /// Split record data into subrecords, or keep it raw when it does not parse exactly.
    fn parse(data: &[u8]) -> Fields {
        match parse_subrecords(data) {
            Some(s) => Fields::Subrecords(s),
            None => Fields::Raw(HexBytes(data.to_vec())),
        }
    }

    /// [`Fields::parse`] of bytes this record owns: raw data is kept without a copy.
    fn parse_owned(data: Vec<u8>) -> Fields {
        match parse_subrecords(&data) {
            Some(s) => Fields::Subrecords(s),
            None => Fields::Raw(HexBytes(data)),
        }
    }

    fn write(&self, out: &mut Vec<u8>) -> Result<()> {
        match self {
            Fields::Raw(b) => out.put_bytes(b.as_slice()),
            Fields::Subrecords(subs) => {
                for (i, s) in subs.iter().enumerate() {
                    if s.xxxx || s.data.len() > usize::from(u16::MAX) {
                        let len = u32::try_from(s.data.len()).map_err(|_| {
                            Error::invalid(
                                FORMAT,
                                format!("subrecord #{i} {}", s.tag),
                                out.len() as u64,
                                "data larger than 4 GiB",
                            )
                        })?;
                        out.put_bytes(&XXXX.0);
                        out.put_u16(4);
                        out.put_u32(len);
                        out.put_bytes(&s.tag.0);
                        out.put_u16(s.size_field.unwrap_or(0));
                    } else {
                        out.put_bytes(&s.tag.0);
                        out.put_u16(s.data.len() as u16);
                    }
                    out.put_bytes(s.data.as_slice());
                }
            }
        }
        Ok(())
    }

    fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write(&mut out)?;
        Ok(out)
    }
}

fn parse_subrecords(data: &[u8]) -> Option<Vec<Subrecord>> {
    let mut r = Reader::new(data, FORMAT);
    let mut out = Vec::new();
    while !r.at_end() {
        let tag = Tag(r.array("subrecord type").ok()?);
        let size = r.u16("subrecord size").ok()?;
        if tag == XXXX && size == 4 {
            let real = r.u32("XXXX size").ok()?;
            let tag = Tag(r.array("subrecord type").ok()?);
            let field = r.u16("subrecord size").ok()?;
            let body = r
                .bytes(usize::try_from(real).ok()?, "subrecord data")
                .ok()?;
            out.push(Subrecord {
                tag,
                data: HexBytes(body.to_vec()),
                xxxx: true,
                size_field: (field != 0).then_some(field),
            });
        } else {
            let body = r.bytes(usize::from(size), "subrecord data").ok()?;
            out.push(Subrecord {
                tag,
                data: HexBytes(body.to_vec()),
                xxxx: false,
                size_field: None,
            });
        }
    }
    Some(out)
}

impl Record {
    /// A new uncompressed record (24-byte header fields set to 0).
    pub fn new(tag: [u8; 4], form_id: u32, subrecords: Vec<Subrecord>) -> Self {
        Record {
            tag: Tag(tag),
            flags: Hex32(0),
            form_id: Hex32(form_id),
            vc_info: 0,
            form_version: Some(0),
            version2: Some(0),
            compressed: None,
            fields: Fields::Subrecords(subrecords),
            pristine: Pristine::default(),
        }
    }

    /// Whether the record data is stored compressed.
    pub fn is_compressed(&self) -> bool {
        self.flags.0 & FLAG_COMPRESSED != 0 && self.tag != TES4
    }

    /// The first subrecord of a type.
    pub fn subrecord(&self, tag: &[u8; 4]) -> Option<&Subrecord> {
        self.fields.subrecords().iter().find(|s| s.tag.0 == *tag)
    }

    /// Replace the data of the first subrecord of a type (appending one if there is none). The
    /// record is recompressed on write if it is compressed. Fails on records whose data did not
    /// parse as subrecords.
    pub fn set_subrecord(&mut self, tag: &[u8; 4], data: Vec<u8>) -> Result<()> {
        let Fields::Subrecords(subs) = &mut self.fields else {
            return Err(Error::invalid(
                FORMAT,
                format!("{} record {}", self.tag, self.form_id),
                0,
                "its data is not a list of subrecords, so it cannot be edited",
            ));
        };
        match subs.iter_mut().find(|s| s.tag.0 == *tag) {
            Some(s) => {
                s.xxxx = data.len() > usize::from(u16::MAX);
                s.size_field = None;
                s.data = HexBytes(data);
            }
            None => subs.push(Subrecord::new(*tag, data)),
        }
        Ok(())
    }

    /// The record data as it would be written (compressed form included).
    fn data_bytes(&self) -> Result<Vec<u8>> {
        let fields = self.fields.to_bytes()?;
        if !self.is_compressed() {
            return Ok(fields);
        }
        if let Some(c) = &self.compressed {
            let same = match self.pristine.matches(&fields) {
                Some(same) => same,
                None => {
                    c.uncompressed_size as usize == fields.len()
                        && inflate(c.stream.as_slice(), c.uncompressed_size, 0, None)
                            .is_ok_and(|d| d == fields)
                }
            };
            if same {
                let mut out = Vec::with_capacity(4 + c.stream.len());
                out.put_u32(c.uncompressed_size);
                out.put_bytes(c.stream.as_slice());
                return Ok(out);
            }
        }
        let size = u32::try_from(fields.len()).map_err(|_| {
            Error::in_document(FORMAT, "record data", "more than 4 GiB to compress")
        })?;
        let mut out = Vec::new();
        out.put_u32(size);
        out.put_bytes(&compress(&fields));
        Ok(out)
    }

    fn read(r: &mut Reader, tag: Tag, hs: usize, budget: &mut Budget) -> Result<Record> {
        let size = r.u32("record data size")?;
        let flags = r.u32("record flags")?;
        let form_id = r.u32("form ID")?;
        let vc_info = r.u32("version control info")?;
        let (form_version, version2) = if hs == 24 {
            (
                Some(r.u16("form version")?),
                Some(r.u16("record unknown u16")?),
            )
        } else {
            (None, None)
        };
        let data_offset = r.offset();
        let data = r.bytes(size as usize, "record data")?;
        let mut rec = Record {
            tag,
            flags: Hex32(flags),
            form_id: Hex32(form_id),
            vc_info,
            form_version,
            version2,
            compressed: None,
            fields: Fields::Raw(HexBytes::default()),
            pristine: Pristine::default(),
        };
        if rec.is_compressed() {
            let mut cr = Reader::with_base(data, FORMAT, data_offset);
            let declared = cr.u32("uncompressed size")?;
            let stream = cr.rest();
            let inflated = inflate(stream, declared, data_offset, Some(budget))?;
            rec.pristine = Pristine::of(&inflated);
            rec.fields = Fields::parse_owned(inflated);
            rec.compressed = Some(Compressed {
                uncompressed_size: declared,
                stream: HexBytes(stream.to_vec()),
            });
        } else {
            rec.fields = Fields::parse(data);
        }
        Ok(rec)
    }

    fn write(&self, hs: usize, out: &mut Vec<u8>) -> Result<()> {
        let data = self
            .data_bytes()
            .map_err(|e| e.within(format_args!("{} record {}", self.tag, self.form_id)))?;
        let size = u32::try_from(data.len()).map_err(|_| {
            Error::invalid(
                FORMAT,
                format!("{} record {} data size", self.tag, self.form_id),
                out.len() as u64,
                "more than 4 GiB",
            )
        })?;
        out.put_bytes(&self.tag.0);
        out.put_u32(size);
        out.put_u32(self.flags.0);
        out.put_u32(self.form_id.0);
        out.put_u32(self.vc_info);
        if hs == 24 {
            out.put_u16(self.form_version.unwrap_or(0));
            out.put_u16(self.version2.unwrap_or(0));
        }
        out.put_bytes(&data);
        Ok(())
    }
}

fn read_entries(r: &mut Reader, hs: usize, depth: u32, budget: &mut Budget) -> Result<Vec<Entry>> {
    let mut out = Vec::new();
    while !r.at_end() {
        let start = r.offset();
        let tag = Tag(r.array("record type")?);
        if tag == GRUP {
            let size = r.u32("group size")?;
            let label = Tag(r.array("group label")?);
            let group_type = r.i32("group type")?;
            let stamp = r.u32("group stamp")?;
            let unknown = if hs == 24 {
                Some(r.u32("group unknown")?)
            } else {
                None
            };
            let body_len = (size as usize).checked_sub(hs).ok_or_else(|| {
                Error::invalid(
                    FORMAT,
                    "group size",
                    start + 4,
                    format!("{size} is smaller than the {hs}-byte group header"),
                )
            })?;
            let body_offset = r.offset();
            let body = r
                .bytes(body_len, "group contents")
                .map_err(|e| e.within(format_args!("GRUP {label} at {start}")))?;
            if depth >= MAX_GROUP_DEPTH {
                return Err(Error::invalid(
                    FORMAT,
                    "group",
                    start,
                    format!("groups nested more than {MAX_GROUP_DEPTH} deep"),
                ));
            }
            let mut sub = Reader::with_base(body, FORMAT, body_offset);
            let entries = read_entries(&mut sub, hs, depth + 1, budget)
                .map_err(|e| e.within(format_args!("GRUP {label}")))?;
            out.push(Entry::Group(Group {
                label,
                group_type,
                stamp,
                unknown,
                entries,
            }));
        } else {
            let rec = Record::read(r, tag, hs, budget)
                .map_err(|e| e.within(format_args!("{tag} record at {start}")))?;
            out.push(Entry::Record(rec));
        }
    }
    Ok(out)
}

fn write_entries(entries: &[Entry], hs: usize, out: &mut Vec<u8>) -> Result<()> {
    for e in entries {
        match e {
            Entry::Record(rec) => rec.write(hs, out)?,
            Entry::Group(g) => {
                let start = out.len();
                out.put_bytes(&GRUP.0);
                out.put_u32(0);
                out.put_bytes(&g.label.0);
                out.put_i32(g.group_type);
                out.put_u32(g.stamp);
                if hs == 24 {
                    out.put_u32(g.unknown.unwrap_or(0));
                }
                write_entries(&g.entries, hs, out)?;
                let size = u32::try_from(out.len() - start).map_err(|_| {
                    Error::invalid(
                        FORMAT,
                        format!("GRUP {} size", g.label),
                        start as u64,
                        "more than 4 GiB",
                    )
                })?;
                out[start + 4..start + 8].copy_from_slice(&size.to_le_bytes());
            }
        }
    }
    Ok(())
}

/// Whether `data` looks like a plugin this crate reads: `TES4` with its `HEDR` after a 24-byte
/// (Fallout 3 onwards) or 20-byte (Oblivion) record header.
pub fn sniff(data: &[u8]) -> bool {
    data.starts_with(b"TES4") && header_size_of(data).is_some()
}

fn header_size_of(data: &[u8]) -> Option<usize> {
    if data.get(24..28) == Some(b"HEDR") {
        Some(24)
    } else if data.get(20..24) == Some(b"HEDR") {
        Some(20)
    } else {
        None
    }
}

impl PluginDocument {
    pub(crate) fn read_plugin(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data, FORMAT);
        let magic: [u8; 4] = r.array("magic")?;
        if &magic == b"TES3" {
            return Err(Error::invalid(
                FORMAT,
                "magic",
                0,
                "Morrowind (TES3) plugins use a different container and are not supported",
            ));
        }
        if &magic != b"TES4" {
            return Err(r.error(
                "magic",
                navforge_core::ErrorKind::BadMagic {
                    found: Tag(magic).to_string(),
                },
            ));
        }
        let hs = header_size_of(data).ok_or_else(|| {
            Error::invalid(
                FORMAT,
                "TES4 header",
                0,
                "no HEDR subrecord after a 20- or 24-byte header, cannot tell the header size",
            )
        })?;
        let mut budget = Budget::for_input(data.len());
        let header =
            Record::read(&mut r, TES4, hs, &mut budget).map_err(|e| e.within("TES4 header"))?;
        let entries = read_entries(&mut r, hs, 0, &mut budget)?;
        Ok(PluginDocument {
            header_size: hs as u8,
            header,
            entries,
        })
    }

    pub(crate) fn write_plugin(&self) -> Result<Vec<u8>> {
        let hs = match self.header_size {
            20 => 20,
            24 => 24,
            n => {
                return Err(Error::invalid(
                    FORMAT,
                    "header_size",
                    0,
                    format!("{n} (must be 20 or 24)"),
                ));
            }
        };
        let mut out = Vec::new();
        self.header.write(hs, &mut out)?;
        write_entries(&self.entries, hs, &mut out)?;
        Ok(out)
    }

    /// Every record, depth first in file order (the header first).
    pub fn records(&self) -> Vec<&Record> {
        fn walk<'a>(entries: &'a [Entry], out: &mut Vec<&'a Record>) {
            for e in entries {
                match e {
                    Entry::Record(r) => out.push(r),
                    Entry::Group(g) => walk(&g.entries, out),
                }
            }
        }
        let mut out = vec![&self.header];
        walk(&self.entries, &mut out);
        out
    }

    /// Number of groups in the tree.
    pub fn group_count(&self) -> usize {
        fn walk(entries: &[Entry]) -> usize {
            entries
                .iter()
                .map(|e| match e {
                    Entry::Record(_) => 0,
                    Entry::Group(g) => 1 + walk(&g.entries),
                })
                .sum()
        }
        walk(&self.entries)
    }

    /// The first record with this type and form ID, for changing it.
    pub fn record_mut(&mut self, tag: &[u8; 4], form_id: u32) -> Option<&mut Record> {
        fn walk<'a>(entries: &'a mut [Entry], tag: &[u8; 4], id: u32) -> Option<&'a mut Record> {
            for e in entries {
                match e {
                    Entry::Record(r) if r.tag.0 == *tag && r.form_id.0 == id => return Some(r),
                    Entry::Record(_) => {}
                    Entry::Group(g) => {
                        if let Some(r) = walk(&mut g.entries, tag, id) {
                            return Some(r);
                        }
                    }
                }
            }
            None
        }
        walk(&mut self.entries, tag, form_id)
    }

    /// `HEDR` version (1.7 for Skyrim, 1.0 for Fallout 4, ...).
    pub fn hedr_version(&self) -> Option<f32> {
        let d = self.header.subrecord(b"HEDR")?.data.as_slice();
        Some(f32::from_le_bytes(d.get(0..4)?.try_into().ok()?))
    }

    /// Master files (`MAST`), in order.
    pub fn masters(&self) -> Vec<String> {
        self.header
            .fields
            .subrecords()
            .iter()
            .filter(|s| s.tag.0 == *b"MAST")
            .map(|s| {
                let d = s.data.as_slice();
                let end = d.iter().position(|&b| b == 0).unwrap_or(d.len());
                String::from_utf8_lossy(&d[..end]).into_owned()
            })
            .collect()
    }

    /// The game that wrote the plugin, as far as the header tells.
    pub fn game(&self) -> String {
        if self.header_size == 20 {
            return "Oblivion".into();
        }
        let hedr = self.hedr_version().unwrap_or(0.0);
        let light = self.header.flags.0 & 0x200 != 0;
        match self.header.form_version.unwrap_or(0) {
            43 => "Skyrim LE".into(),
            44 if light => "Skyrim SE (light plugin)".into(),
            44 => "Skyrim SE".into(),
            131 => "Fallout 4".into(),
            15 if hedr > 1.0 => "Fallout: New Vegas".into(),
            15 => "Fallout 3".into(),
            v if v >= 500 => "Starfield".into(),
            0 => format!("form version 0 (early Skyrim or Fallout 3 CK), HEDR {hedr}"),
            v => format!("form version {v}, HEDR {hedr}"),
        }
    }
}
