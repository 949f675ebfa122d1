//! Node flags and link types of both Quake bot-navigation families, with their names.

use navforge_core::model::ConnectionKind;
use serde::{Deserialize, Serialize};

/// Node flag bits of Quake 2021 (`NAV2`). Bits are kept raw; unknown ones are named `bitN`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct NodeFlags(pub u16);

impl NodeFlags {
    /// Node is a teleporter exit.
    pub const TELEPORTER: u16 = 1 << 0;
    /// Node is on a pusher.
    pub const PUSHER: u16 = 1 << 1;
    /// Node is at the top of an elevator.
    pub const ELEVATOR_TOP: u16 = 1 << 2;
    /// Node is at the bottom of an elevator.
    pub const ELEVATOR_BOTTOM: u16 = 1 << 3;
    /// Node is under water.
    pub const UNDERWATER: u16 = 1 << 4;
    /// Node is in a hazard.
    pub const HAZARD: u16 = 1 << 5;
    /// Documented from v15; no v14 file was available to check.
    pub const CHECK_FLOOR: u16 = 1 << 6;
    /// Documented from v15.
    pub const CHECK_SOLID: u16 = 1 << 7;
    /// Documented from v17, but set in real v15 files too (e.g. `hip1m2.nav`).
    pub const NO_MONSTERS: u16 = 1 << 8;

    /// Names of bits 0..=8, in bit order.
    pub const NAMES: [&'static str; 9] = [
        "teleporter",
        "pusher",
        "elevator-top",
        "elevator-bottom",
        "underwater",
        "hazard",
        "check-floor",
        "check-solid",
        "no-monsters",
    ];

    /// Whether a flag bit is set.
    pub fn contains(self, bit: u16) -> bool {
        self.0 & bit == bit
    }

    /// Names of the bits set, lowest first (`bit9`.. for bits without a known meaning).
    pub fn names(self) -> Vec<String> {
        bit_names(self.0 as u32, 16, &Self::NAMES)
    }
}

/// Names of the set bits of `bits` (`width` bits), `table[i]` for bit `i` or `bitN`.
pub(crate) fn bit_names(bits: u32, width: u32, table: &[&str]) -> Vec<String> {
    (0..width)
        .filter(|b| bits >> b & 1 == 1)
        .map(|b| match table.get(b as usize) {
            Some(name) => (*name).to_string(),
            None => format!("bit{b}"),
        })
        .collect()
}

/// Link types of Quake 2021 (`NAV2`): the low byte of the 16-bit link type word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkType {
    /// Walk (0).
    Walk,
    /// Long jump (1).
    LongJump,
    /// Teleport (2).
    Teleport,
    /// Walk off a ledge (3).
    WalkOffLedge,
    /// Pusher (4).
    Pusher,
    /// Barrier jump (5).
    BarrierJump,
    /// Elevator (6).
    Elevator,
    /// Train (7).
    Train,
    /// Manual jump (8).
    ManualJump,
    /// Type 9, named "Unknown" by the format's author.
    Unknown,
    /// A value with no known meaning.
    Other(u8),
}

impl LinkType {
    /// The type of a stored code.
    pub fn from_code(code: u8) -> Self {
        match code {
            0 => LinkType::Walk,
            1 => LinkType::LongJump,
            2 => LinkType::Teleport,
            3 => LinkType::WalkOffLedge,
            4 => LinkType::Pusher,
            5 => LinkType::BarrierJump,
            6 => LinkType::Elevator,
            7 => LinkType::Train,
            8 => LinkType::ManualJump,
            9 => LinkType::Unknown,
            other => LinkType::Other(other),
        }
    }

    /// The stored code.
    pub fn code(self) -> u8 {
        match self {
            LinkType::Walk => 0,
            LinkType::LongJump => 1,
            LinkType::Teleport => 2,
            LinkType::WalkOffLedge => 3,
            LinkType::Pusher => 4,
            LinkType::BarrierJump => 5,
            LinkType::Elevator => 6,
            LinkType::Train => 7,
            LinkType::ManualJump => 8,
            LinkType::Unknown => 9,
            LinkType::Other(c) => c,
        }
    }

    /// The type's name: `walk`, `long jump`, ..., `unknown`, or `type N` for other values.
    pub fn name(self) -> String {
        nav2_link_name(self.code())
    }

    /// The common-model kind.
    pub fn kind(self) -> ConnectionKind {
        match self {
            LinkType::Walk => ConnectionKind::Walk,
            LinkType::LongJump => ConnectionKind::LongJump,
            LinkType::BarrierJump => ConnectionKind::BarrierJump,
            LinkType::ManualJump => ConnectionKind::ManualJump,
            LinkType::Teleport => ConnectionKind::Teleport,
            LinkType::WalkOffLedge => ConnectionKind::Drop,
            LinkType::Elevator => ConnectionKind::Elevator,
            LinkType::Train => ConnectionKind::Train,
            LinkType::Pusher => ConnectionKind::Pusher,
            LinkType::Unknown | LinkType::Other(_) => ConnectionKind::Other(self.code().into()),
        }
    }
}

/// Link types 0..=7, the same in `NAV2` and `NAV3`.
const SHARED_LINK_NAMES: [&str; 8] = [
    "walk",
    "long jump",
    "teleport",
    "walk off ledge",
    "pusher",
    "barrier jump",
    "elevator",
    "train",
];

/// `A` names then `B` names, as one table.
const fn concat<const A: usize, const B: usize, const N: usize>(
    a: [&'static str; A],
    b: [&'static str; B],
) -> [&'static str; N] {
    assert!(A + B == N);
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < A { a[i] } else { b[i - A] };
        i += 1;
    }
    out
}

const NAV2_LINK_NAMES: [&str; 10] = concat(SHARED_LINK_NAMES, ["manual jump", "unknown"]);

pub(crate) fn nav2_link_name(code: u8) -> String {
    table_name(&NAV2_LINK_NAMES, code)
}

/// The name of `code` in `table`, or `type N`.
fn table_name(table: &[&str], code: u8) -> String {
    match table.get(usize::from(code)) {
        Some(n) => (*n).to_string(),
        None => format!("type {code}"),
    }
}

/// Node flag names of Quake II re-release (`NAV3`), bits 0..=13.
pub const Q2_NODE_FLAG_NAMES: [&str; 14] = [
    "teleporter",
    "pusher",
    "elevator",
    "ladder",
    "underwater",
    "check-hazard",
    "check-floor",
    "check-solid",
    "no-monsters",
    "crouch",
    "no-poi",
    "check-liquid",
    "check-doors",
    "disabled",
];

/// Link type names of Quake II re-release (`NAV3`), codes 0..=14.
pub const Q2_LINK_TYPE_NAMES: [&str; 15] = concat(
    SHARED_LINK_NAMES,
    [
        "manual long jump",
        "crouch",
        "ladder",
        "manual barrier jump",
        "pivot and jump",
        "rocket jump",
        "unknown",
    ],
);

/// Link flag names of `NAV3` version 6 (bits 0..=6).
pub const Q2_LINK_FLAG_NAMES_V6: [&str; 7] = [
    "team-red",
    "team-blue",
    "exit-at-target",
    "walk-only",
    "ease-into-target",
    "instant-turn",
    "disabled",
];

/// Link flag names of `NAV3` versions 3–5, where bits 2 and 3 were the yellow and green teams.
pub const Q2_LINK_FLAG_NAMES_V3: [&str; 4] = ["team-red", "team-blue", "team-yellow", "team-green"];

pub(crate) fn q2_link_name(code: u8) -> String {
    table_name(&Q2_LINK_TYPE_NAMES, code)
}

pub(crate) fn q2_link_kind(code: u8) -> ConnectionKind {
    match code {
        0 => ConnectionKind::Walk,
        1 => ConnectionKind::LongJump,
        2 => ConnectionKind::Teleport,
        3 => ConnectionKind::Drop,
        4 => ConnectionKind::Pusher,
        5 => ConnectionKind::BarrierJump,
        6 => ConnectionKind::Elevator,
        7 => ConnectionKind::Train,
        8 => ConnectionKind::ManualJump,
        9 => ConnectionKind::Crouch,
        10 => ConnectionKind::Ladder,
        13 => ConnectionKind::RocketJump,
        other => ConnectionKind::Other(other.into()),
    }
}
