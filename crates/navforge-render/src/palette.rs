//! Colours: a qualitative palette for categories, fixed colours for marks, height shading.

use crate::scene::Rgba;
use navforge_core::model::ConnectionKind;

pub const BACKGROUND: Rgba = Rgba::rgb(0xf6, 0xf4, 0xef);
pub const MAP_BACKGROUND: Rgba = Rgba::rgb(0xfd, 0xfc, 0xf9);
pub const FRAME: Rgba = Rgba::rgb(0xd8, 0xd4, 0xca);
pub const INK: Rgba = Rgba::rgb(0x22, 0x24, 0x2a);
pub const MUTED_INK: Rgba = Rgba::rgb(0x6a, 0x6c, 0x72);
/// Other floors' areas behind a floor view.
pub const GHOST: Rgba = Rgba::rgb(0xe8, 0xe6, 0xe0);
pub const NEUTRAL_AREA: Rgba = Rgba::rgb(0xc4, 0xc6, 0xcb);
pub const TWO_WAY: Rgba = Rgba::new(0x2c, 0x33, 0x40, 0x58);
pub const ONE_WAY: Rgba = Rgba::new(0xe0, 0x4a, 0x12, 0xd8);
pub const LADDER: Rgba = Rgba::rgb(0x8a, 0x55, 0x12);
pub const LADDER_FILL: Rgba = Rgba::rgb(0xf4, 0xc4, 0x30);
pub const NODE: Rgba = Rgba::rgb(0x1d, 0x3b, 0x5c);
pub const SPOT_OUTLINE: Rgba = Rgba::rgb(0x18, 0x18, 0x18);

/// Hand-picked qualitative colours, distinct on a light background; later indices are generated.
const BASE: [u32; 14] = [
    0x4e8fd0, 0xf08c3a, 0x5bb35b, 0xd85858, 0x9a74c9, 0x9c6b4e, 0xe58fc4, 0x8f9aa3, 0xc7c23a,
    0x3cbcc9, 0x2f5f9e, 0xb5d96e, 0xffcf5c, 0x6f4aa8,
];

pub fn category(i: usize) -> Rgba {
    if let Some(c) = BASE.get(i) {
        return Rgba::rgb((c >> 16) as u8, (c >> 8) as u8, *c as u8);
    }
    // Golden-angle hue steps keep consecutive indices apart; three lightness levels add range.
    let h = (i as f64 * 137.507_764) % 360.0;
    let l = [0.62, 0.48, 0.74][(i / 3) % 3];
    let s = [0.62, 0.50, 0.70][i % 3];
    hsl(h, s, l)
}

fn hsl(h: f64, s: f64, l: f64) -> Rgba {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let f = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgba::rgb(f(r), f(g), f(b))
}

/// `t` in 0..=1 from low to high: low areas darker, high ones lighter.
pub fn shade(c: Rgba, t: f32) -> Rgba {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let k = -0.22 + 0.62 * t;
    if k >= 0.0 {
        c.mix(Rgba::rgb(255, 255, 255), k)
    } else {
        c.mix(Rgba::rgb(0, 0, 0), -k)
    }
}

/// Link and connection kinds get fixed colours so pictures compare; kinds without one (a
/// format's numbered kinds) take a category colour by their order of appearance.
pub fn link_type(kind: ConnectionKind, fallback_index: usize) -> Rgba {
    let hex = match kind {
        ConnectionKind::Walk => 0x5d6f86,
        ConnectionKind::LongJump => 0xf08c1e,
        ConnectionKind::Teleport => 0x9b3fd1,
        ConnectionKind::Drop => 0x9c6b4e,
        ConnectionKind::Pusher => 0xe0479e,
        ConnectionKind::BarrierJump | ConnectionKind::Jump => 0xd63a3a,
        ConnectionKind::RocketJump => 0xb8322a,
        ConnectionKind::Elevator => 0x17a2a8,
        ConnectionKind::Train => 0x3e9b3e,
        ConnectionKind::ManualJump => 0xc9a800,
        ConnectionKind::Crouch => 0x6f4aa8,
        ConnectionKind::Ladder => 0x8a5512,
        ConnectionKind::Door => 0x2f5f9e,
        ConnectionKind::External => 0x8f9aa3,
        _ => return category(fallback_index + 6),
    };
    Rgba::rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// Hiding spot kinds, most telling first.
pub const SPOT_KINDS: [(&str, u32); 4] = [
    ("ideal_sniper", 0xd3202f),
    ("good_sniper", 0xf5a623),
    ("cover", 0x2e9d4f),
    ("exposed", 0xffffff),
];

pub fn hex(c: u32) -> Rgba {
    Rgba::rgb((c >> 16) as u8, (c >> 8) as u8, c as u8)
}

/// Height ramp for meshes without places: blue (low) to cream (high).
pub fn ramp(t: f32) -> Rgba {
    const STOPS: [u32; 5] = [0x3b5b92, 0x3f8fa3, 0x63b27f, 0xcfc66c, 0xf5ecd2];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let x = t * (STOPS.len() - 1) as f32;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    hex(STOPS[i]).mix(hex(STOPS[i + 1]), x - i as f32)
}
