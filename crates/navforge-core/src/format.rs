//! Every file format navforge knows, as one type: its name, extensions, axes and what navforge can
//! do with it. The CLI's names, help and detection all read this one table.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A file format navforge reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Format {
    /// Valve Source / GoldSrc navigation mesh (`.nav`, magic `0xFEEDFACE`).
    SourceNav,
    /// Source "Selected Nav Areas" KeyValues text (`nav_save_selected`, `.txt`).
    SourceSelected,
    /// Quake 2021 bot navigation (`.nav`, `NAV2`).
    QuakeNav,
    /// Quake II re-release bot navigation (`.nav`, `NAV3`).
    Quake2Nav,
    /// The Quake community's JSON form of `NAV2` (`.navjson`).
    QuakeNavjson,
    /// Metal Gear Solid V / Fox Engine navigation (`.nav2`).
    MgsvNav2,
    /// Bethesda plugin with `NVNM` navmeshes (`.esp`, `.esm`, `.esl`).
    TesPlugin,
    /// One Bethesda `NVNM` navmesh record on its own.
    TesNvnm,
    /// navforge's lossless JSON envelope of any native format (`.json`).
    LosslessJson,
    /// Wavefront OBJ geometry (`.obj`).
    Obj,
    /// Binary glTF geometry (`.glb`).
    Glb,
    /// A level: GoldSrc, Quake, Quake II or Source BSP (`.bsp`).
    Bsp,
}

/// What navforge can do with a format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// Files of the format can be read.
    pub read: bool,
    /// Files can be written (a read document writes itself back).
    pub write: bool,
    /// New files can be built from the common model (`convert` between formats).
    pub build: bool,
    /// The editor can change documents of the format.
    pub edit: bool,
}

/// Everything navforge knows about one format, in one place.
struct Descriptor {
    name: &'static str,
    description: &'static str,
    extensions: &'static [&'static str],
    z_up: bool,
    /// Metres per coordinate unit.
    unit: f32,
    caps: Capabilities,
}

/// An inch: the unit of Source, GoldSrc and Quake maps.
const INCH: f32 = 0.0254;
/// Bethesda's unit: a 64th of a yard (about 1.43 cm).
const BETHESDA_UNIT: f32 = 0.9144 / 64.0;

const fn caps(read: bool, write: bool, build: bool, edit: bool) -> Capabilities {
    Capabilities {
        read,
        write,
        build,
        edit,
    }
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 12] = [
        Format::SourceNav,
        Format::SourceSelected,
        Format::QuakeNav,
        Format::Quake2Nav,
        Format::QuakeNavjson,
        Format::MgsvNav2,
        Format::TesPlugin,
        Format::TesNvnm,
        Format::LosslessJson,
        Format::Obj,
        Format::Glb,
        Format::Bsp,
    ];

    const fn descriptor(self) -> Descriptor {
        match self {
            Format::SourceNav => Descriptor {
                name: "source-nav",
                description: "Valve Source / GoldSrc navigation mesh (.nav)",
                extensions: &["nav"],
                z_up: true,
                unit: INCH,
                caps: caps(true, true, true, true),
            },
            Format::SourceSelected => Descriptor {
                name: "source-selected",
                description: "Source Selected Nav Areas KeyValues text (.txt)",
                extensions: &["txt"],
                z_up: true,
                unit: INCH,
                caps: caps(true, true, true, false),
            },
            Format::QuakeNav => Descriptor {
                name: "quake-nav",
                description: "Quake 2021 bot navigation (.nav, NAV2)",
                extensions: &["nav"],
                z_up: true,
                unit: INCH,
                caps: caps(true, true, true, true),
            },
            Format::Quake2Nav => Descriptor {
                name: "quake2-nav",
                description: "Quake II re-release bot navigation (.nav, NAV3)",
                extensions: &["nav"],
                z_up: true,
                unit: INCH,
                caps: caps(true, true, false, true),
            },
            Format::QuakeNavjson => Descriptor {
                name: "navjson",
                description: "Quake community navigation JSON (.navjson)",
                extensions: &["navjson"],
                z_up: true,
                unit: INCH,
                caps: caps(true, true, true, false),
            },
            Format::MgsvNav2 => Descriptor {
                name: "mgsv-nav2",
                description: "Metal Gear Solid V / Fox Engine navigation (.nav2)",
                extensions: &["nav2"],
                z_up: false,
                unit: 1.0,
                caps: caps(true, true, true, true),
            },
            Format::TesPlugin => Descriptor {
                name: "tes-plugin",
                description: "Bethesda plugin with NVNM navmeshes (.esp/.esm/.esl)",
                extensions: &["esp", "esm", "esl"],
                z_up: true,
                unit: BETHESDA_UNIT,
                caps: caps(true, true, true, true),
            },
            Format::TesNvnm => Descriptor {
                name: "tes-nvnm",
                description: "one Bethesda NVNM navmesh record",
                extensions: &[],
                z_up: true,
                unit: BETHESDA_UNIT,
                caps: caps(false, false, false, false),
            },
            Format::LosslessJson => Descriptor {
                name: "json",
                description: "navforge lossless JSON of any native format (.json)",
                extensions: &["json"],
                z_up: true,
                unit: INCH,
                caps: caps(true, true, false, false),
            },
            Format::Obj => Descriptor {
                name: "obj",
                description: "Wavefront OBJ geometry (.obj)",
                extensions: &["obj"],
                z_up: false,
                unit: 1.0,
                caps: caps(true, true, false, false),
            },
            Format::Glb => Descriptor {
                name: "glb",
                description: "binary glTF geometry (.glb)",
                extensions: &["glb", "gltf"],
                z_up: false,
                unit: 1.0,
                caps: caps(true, true, false, false),
            },
            Format::Bsp => Descriptor {
                name: "bsp",
                description: "level: GoldSrc, Quake, Quake II or Source BSP (.bsp)",
                extensions: &["bsp"],
                z_up: true,
                unit: INCH,
                caps: caps(true, false, false, false),
            },
        }
    }

    /// Machine name, as `--to` takes it and lossless JSON tags documents (`source-nav`, ...).
    pub const fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// What the format is, for help texts.
    pub const fn description(self) -> &'static str {
        self.descriptor().description
    }

    /// File name extensions, lower case, without the dot; the first is the one navforge writes.
    pub const fn extensions(self) -> &'static [&'static str] {
        self.descriptor().extensions
    }

    /// Whether the format's coordinates have Z up (Source, Quake, Bethesda) rather than Y up (the
    /// Fox Engine, OBJ and glTF geometry).
    pub const fn is_z_up(self) -> bool {
        self.descriptor().z_up
    }

    /// Metres per coordinate unit: an inch for Source, GoldSrc, Quake and levels, Bethesda's unit
    /// (a 64th of a yard, about 1.43 cm), a metre for the Fox Engine and for OBJ and glTF
    /// geometry. Lossless JSON is counted in inches; its document is the format that counts.
    pub const fn metres_per_unit(self) -> f32 {
        self.descriptor().unit
    }

    /// What navforge can do with it.
    pub const fn capabilities(self) -> Capabilities {
        self.descriptor().caps
    }

    /// The format with this machine name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The formats whose files end in `ext` (case-insensitive). `.nav` names several.
    pub fn from_extension(ext: &str) -> impl Iterator<Item = Format> + '_ {
        Format::ALL
            .into_iter()
            .filter(move |f| f.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext)))
    }

    /// The native format these bytes are, from their magic, where the magic tells. Levels are
    /// not native formats: [`LevelKind::sniff`] tells those.
    pub fn sniff(data: &[u8]) -> Option<Format> {
        let magic = data.get(..4)?;
        Some(match magic {
            [0xCE, 0xFA, 0xED, 0xFE] => Format::SourceNav,
            b"NAV2" => Format::QuakeNav,
            b"NAV3" => Format::Quake2Nav,
            // 201403242, the Fox Engine navigation magic.
            [0x6A, 0x2B, 0x01, 0x0C] => Format::MgsvNav2,
            b"TES4" | b"TES3" => Format::TesPlugin,
            _ => return None,
        })
    }
}

/// A kind of level file, told from its first bytes: one row of the level table. Every place
/// that asks "is this a level, and which?" (the level loader, the facade, the editor, the
/// generators' defaults) asks [`LevelKind::sniff`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum LevelKind {
    /// GoldSrc BSP v30 (Half-Life, Counter-Strike 1.6, Condition Zero): magic `30 0 0 0`.
    GoldSrc,
    /// Quake BSP v29: magic `29 0 0 0`.
    Quake,
    /// Quake `BSP2` (the re-release and large community maps).
    QuakeBsp2,
    /// Quake `2PSB`, the early draft of `BSP2` (recognised, not read).
    QuakeBsp2Draft,
    /// Quake II `IBSP` (v38; v46/v47 are Quake III, recognised, not read).
    Quake2,
    /// Qbism `QBSP`, Quake II with extended limits (recognised, not read).
    Quake2Qbism,
    /// Source `VBSP` (v19–21 are read).
    Source,
    /// Big-endian Source `PSBV` of the Xbox 360 / PS3 (recognised, not read).
    SourceConsole,
    /// Wavefront OBJ triangles (text; no magic).
    Obj,
    /// glTF / GLB triangles (magic `glTF`, or JSON text).
    Gltf,
}

impl LevelKind {
    /// Every level kind, in the order help texts list them.
    pub const ALL: [LevelKind; 10] = [
        LevelKind::GoldSrc,
        LevelKind::Quake,
        LevelKind::QuakeBsp2,
        LevelKind::QuakeBsp2Draft,
        LevelKind::Quake2,
        LevelKind::Quake2Qbism,
        LevelKind::Source,
        LevelKind::SourceConsole,
        LevelKind::Obj,
        LevelKind::Gltf,
    ];

    /// The four bytes a file of this kind starts with (`None` for OBJ text and glTF JSON,
    /// which have none; a binary GLB starts with `glTF`).
    pub const fn magic(self) -> Option<[u8; 4]> {
        Some(match self {
            LevelKind::GoldSrc => [30, 0, 0, 0],
            LevelKind::Quake => [29, 0, 0, 0],
            LevelKind::QuakeBsp2 => *b"BSP2",
            LevelKind::QuakeBsp2Draft => *b"2PSB",
            LevelKind::Quake2 => *b"IBSP",
            LevelKind::Quake2Qbism => *b"QBSP",
            LevelKind::Source => *b"VBSP",
            LevelKind::SourceConsole => *b"PSBV",
            LevelKind::Gltf => *b"glTF",
            LevelKind::Obj => return None,
        })
    }

    /// The kind's name as messages show it (`GoldSrc BSP30`, `Quake II IBSP`, `OBJ`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            LevelKind::GoldSrc => "GoldSrc BSP30",
            LevelKind::Quake => "Quake BSP29",
            LevelKind::QuakeBsp2 => "Quake BSP2",
            LevelKind::QuakeBsp2Draft => "Quake 2PSB",
            LevelKind::Quake2 => "Quake II IBSP",
            LevelKind::Quake2Qbism => "Qbism QBSP",
            LevelKind::Source => "Source VBSP",
            LevelKind::SourceConsole => "Source console PSBV",
            LevelKind::Obj => "OBJ",
            LevelKind::Gltf => "glTF",
        }
    }

    /// The format of the table a file of this kind is (`bsp`, `obj` or `glb`).
    pub const fn format(self) -> Format {
        match self {
            LevelKind::Obj => Format::Obj,
            LevelKind::Gltf => Format::Glb,
            _ => Format::Bsp,
        }
    }

    /// Whether the kind is one of the BSP families.
    pub const fn is_bsp(self) -> bool {
        matches!(self.format(), Format::Bsp)
    }

    /// Whether the kind is a Quake (BSP29, BSP2) or Quake II (IBSP) map: the maps Quake bot
    /// graphs are made from.
    pub const fn is_quake(self) -> bool {
        matches!(
            self,
            LevelKind::Quake | LevelKind::QuakeBsp2 | LevelKind::Quake2
        )
    }

    /// The level kind these bytes are, from their magic: every BSP family and binary GLB. OBJ
    /// and glTF text have no magic and are not told here (see [`LevelKind::sniff`]).
    pub fn sniff_magic(data: &[u8]) -> Option<LevelKind> {
        let magic = data.get(..4)?;
        LevelKind::ALL
            .into_iter()
            .find(|k| k.magic().is_some_and(|m| m == magic))
    }

    /// The BSP kind these bytes are, from their magic.
    pub fn sniff_bsp(data: &[u8]) -> Option<LevelKind> {
        LevelKind::sniff_magic(data).filter(|k| k.is_bsp())
    }

    /// The level kind of these bytes: a BSP by its magic, a GLB by `glTF`, glTF JSON by its
    /// opening brace, OBJ text by lines that start with OBJ keywords (and no NUL byte).
    pub fn sniff(data: &[u8]) -> Option<LevelKind> {
        if let Some(kind) = LevelKind::sniff_magic(data) {
            return Some(kind);
        }
        if data.first() == Some(&b'{') {
            return Some(LevelKind::Gltf);
        }
        looks_like_obj(data).then_some(LevelKind::Obj)
    }
}

impl fmt::Display for LevelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text whose first 4 KiB hold a line starting with an OBJ keyword, and no NUL byte.
fn looks_like_obj(data: &[u8]) -> bool {
    let head = &data[..data.len().min(4096)];
    !head.contains(&0)
        && String::from_utf8_lossy(head).lines().any(|l| {
            let l = l.trim_start();
            ["v ", "f ", "o ", "vn "].iter().any(|k| l.starts_with(k))
        })
}

// Serialised as its machine name, so lossless JSON tags and `--to` names are one vocabulary.
impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name: std::borrow::Cow<'de, str> = Deserialize::deserialize(d)?;
        Format::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown format `{name}`")))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "clap")]
impl clap::ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &Format::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.description()))
    }
}

/// A game whose files a format holds: it decides layouts, versions, attribute names and the game
/// rules that lints and generation follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Game {
    /// Counter-Strike 1.6 (GoldSrc).
    #[serde(rename = "cs16")]
    Cs16,
    /// Counter-Strike: Condition Zero (GoldSrc).
    Cz,
    /// Counter-Strike: Source.
    Css,
    /// Counter-Strike: Global Offensive.
    Csgo,
    /// Team Fortress 2.
    #[serde(rename = "tf2")]
    Tf2,
    /// Left 4 Dead.
    #[serde(rename = "l4d")]
    L4d,
    /// Left 4 Dead 2.
    #[serde(rename = "l4d2")]
    L4d2,
    /// Garry's Mod.
    Gmod,
    /// Half-Life 2: Deathmatch.
    #[serde(rename = "hl2dm")]
    Hl2dm,
    /// Day of Defeat: Source.
    Dods,
    /// Fistful of Frags.
    Fof,
    /// Insurgency (Source).
    Insurgency,
    /// Quake (2021 re-release).
    Quake,
    /// Quake II (2023 re-release).
    #[serde(rename = "quake2")]
    Quake2,
    /// The Elder Scrolls V: Skyrim (2011).
    SkyrimLe,
    /// The Elder Scrolls V: Skyrim Special Edition.
    SkyrimSe,
    /// Fallout 4.
    #[serde(rename = "fo4")]
    Fo4,
    /// Metal Gear Solid V: The Phantom Pain.
    Mgsv,
    /// Metal Gear Survive.
    MgSurvive,
}

impl Game {
    /// Every game, in the order help texts list them.
    pub const ALL: [Game; 19] = [
        Game::Csgo,
        Game::Css,
        Game::Cs16,
        Game::Cz,
        Game::Tf2,
        Game::L4d,
        Game::L4d2,
        Game::Gmod,
        Game::Hl2dm,
        Game::Dods,
        Game::Fof,
        Game::Insurgency,
        Game::Quake,
        Game::Quake2,
        Game::SkyrimLe,
        Game::SkyrimSe,
        Game::Fo4,
        Game::Mgsv,
        Game::MgSurvive,
    ];

    /// Short name, as `--game` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Cs16 => "cs16",
            Game::Cz => "cz",
            Game::Css => "css",
            Game::Csgo => "csgo",
            Game::Tf2 => "tf2",
            Game::L4d => "l4d",
            Game::L4d2 => "l4d2",
            Game::Gmod => "gmod",
            Game::Hl2dm => "hl2dm",
            Game::Dods => "dods",
            Game::Fof => "fof",
            Game::Insurgency => "insurgency",
            Game::Quake => "quake",
            Game::Quake2 => "quake2",
            Game::SkyrimLe => "skyrim-le",
            Game::SkyrimSe => "skyrim-se",
            Game::Fo4 => "fo4",
            Game::Mgsv => "mgsv",
            Game::MgSurvive => "mg-survive",
        }
    }

    /// The game's full title.
    pub const fn title(self) -> &'static str {
        match self {
            Game::Cs16 => "Counter-Strike 1.6",
            Game::Cz => "Counter-Strike: Condition Zero",
            Game::Css => "Counter-Strike: Source",
            Game::Csgo => "Counter-Strike: Global Offensive",
            Game::Tf2 => "Team Fortress 2",
            Game::L4d => "Left 4 Dead",
            Game::L4d2 => "Left 4 Dead 2",
            Game::Gmod => "Garry's Mod",
            Game::Hl2dm => "Half-Life 2: Deathmatch",
            Game::Dods => "Day of Defeat: Source",
            Game::Fof => "Fistful of Frags",
            Game::Insurgency => "Insurgency",
            Game::Quake => "Quake",
            Game::Quake2 => "Quake II",
            Game::SkyrimLe => "Skyrim",
            Game::SkyrimSe => "Skyrim Special Edition",
            Game::Fo4 => "Fallout 4",
            Game::Mgsv => "Metal Gear Solid V",
            Game::MgSurvive => "Metal Gear Survive",
        }
    }

    /// The native format the game's navigation files are in.
    pub const fn format(self) -> Format {
        match self {
            Game::Quake => Format::QuakeNav,
            Game::Quake2 => Format::Quake2Nav,
            Game::SkyrimLe | Game::SkyrimSe | Game::Fo4 => Format::TesPlugin,
            Game::Mgsv | Game::MgSurvive => Format::MgsvNav2,
            _ => Format::SourceNav,
        }
    }

    /// Whether the game is a Counter-Strike (its bots' rules: jump height 58, death drop 200).
    pub const fn is_counter_strike(self) -> bool {
        matches!(self, Game::Cs16 | Game::Cz | Game::Css | Game::Csgo)
    }

    /// The game with this short name.
    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
    }
}

#[cfg(feature = "clap")]
impl clap::ValueEnum for Game {
    fn value_variants<'a>() -> &'a [Self] {
        &Game::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.title()))
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_round_trips_through_its_name_and_extensions() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f), "{f}");
            for ext in f.extensions() {
                assert!(Format::from_extension(ext).any(|g| g == f), "{f} .{ext}");
                let upper = ext.to_ascii_uppercase();
                assert!(
                    Format::from_extension(&upper).any(|g| g == f),
                    "{f} .{upper}"
                );
            }
            // The serde name is the machine name, so lossless JSON tags agree with `--to`.
            let json = serde_json::to_string(&f).unwrap();
            assert_eq!(json, format!("\"{}\"", f.name()));
            assert_eq!(serde_json::from_str::<Format>(&json).unwrap(), f);
        }
    }

    #[test]
    fn every_game_round_trips_through_its_name() {
        for g in Game::ALL {
            assert_eq!(Game::from_name(g.name()), Some(g));
            assert_eq!(
                serde_json::to_string(&g).unwrap(),
                format!("\"{}\"", g.name())
            );
        }
    }

    #[test]
    fn sniffing_reads_the_magic() {
        assert_eq!(
            Format::sniff(&[0xCE, 0xFA, 0xED, 0xFE, 16]),
            Some(Format::SourceNav)
        );
        assert_eq!(Format::sniff(b"NAV2...."), Some(Format::QuakeNav));
        assert_eq!(Format::sniff(b"NAV3...."), Some(Format::Quake2Nav));
        assert_eq!(Format::sniff(b"TES4...."), Some(Format::TesPlugin));
        assert_eq!(Format::sniff(b"NA"), None);
        assert_eq!(Format::sniff(b"{\"format\""), None);
    }

    #[test]
    fn every_level_kind_is_told_by_its_own_magic() {
        for kind in LevelKind::ALL {
            let Some(magic) = kind.magic() else {
                continue;
            };
            let mut data = magic.to_vec();
            data.extend_from_slice(&[38, 0, 0, 0]);
            assert_eq!(LevelKind::sniff(&data), Some(kind), "{kind}");
            assert_eq!(
                LevelKind::sniff_magic(&data).map(LevelKind::format),
                Some(kind.format()),
                "{kind}"
            );
            assert_eq!(
                Format::sniff(&data),
                None,
                "a level is no native format: {kind}"
            );
        }
        assert_eq!(
            LevelKind::sniff(b"# x\nv 0 0 0\nf 1 1 1\n"),
            Some(LevelKind::Obj)
        );
        assert_eq!(LevelKind::sniff(b"{\"asset\":{}}"), Some(LevelKind::Gltf));
        assert_eq!(LevelKind::sniff(b"v 0\0"), None);
        assert_eq!(LevelKind::sniff_bsp(b"glTF"), None);
        assert_eq!(LevelKind::sniff(&[31, 0, 0, 0]), None);
        assert_eq!(LevelKind::sniff_magic(b"NAV2...."), None);
        assert!(LevelKind::Quake2.is_quake() && !LevelKind::GoldSrc.is_quake());
    }
}
