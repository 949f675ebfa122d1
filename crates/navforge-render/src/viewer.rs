//! The picture's colours for other views of the same mesh: the browser viewer (`navforge serve`)
//! fills, outlines and marks with exactly these, so a page and a picture of one mesh match.

use crate::palette;
use crate::{ColorBy, Rgba};
use navforge_core::model::{ConnectionKind, NavMesh};

/// One colour category of a [`ColorBy`] mode: a place, an attribute set or a group.
#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    /// Its full name (`Tunnel`, `crouch + jump`, `group 3`).
    pub name: String,
    /// Its fill.
    pub colour: Rgba,
    /// How many areas have it.
    pub areas: usize,
}

/// The area fills of one [`ColorBy`] mode, before the picture's height shading.
#[derive(Debug, Clone, PartialEq)]
pub struct AreaPalette {
    /// Categories in legend order.
    pub categories: Vec<Category>,
    /// Per area (indexed like `mesh.areas`): its category, `None` for no place / no attributes
    /// (drawn in [`MarkColours::neutral_area`]) and for areas without three finite corners.
    pub of_area: Vec<Option<u32>>,
    /// Nothing tells the areas apart: the picture colours them by [`height_colour`] instead.
    pub by_height: bool,
}

/// Area fills by place, attribute set or group, as `navforge render` picks them.
pub fn area_palette(mesh: &NavMesh, by: ColorBy) -> AreaPalette {
    crate::scene::area_categories(mesh, by)
}

/// The height ramp, `t` from 0 (lowest) to 1 (highest).
pub fn height_colour(t: f32) -> Rgba {
    palette::ramp(t)
}

/// The colour of a connection or link of this kind (Quake link types, jumps, ladders, ...).
pub fn link_colour(kind: ConnectionKind) -> Rgba {
    palette::link_type(kind, 0)
}

/// Hiding spot kinds, most telling first, with their colours: a spot shows as the first kind it
/// has.
pub fn spot_kinds() -> impl Iterator<Item = (&'static str, Rgba)> {
    palette::SPOT_KINDS
        .iter()
        .map(|&(name, c)| (name, palette::hex(c)))
}

/// The fixed colours of the picture's marks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkColours {
    /// Areas without a category.
    pub neutral_area: Rgba,
    /// Two-way connections.
    pub two_way: Rgba,
    /// One-way connections (and their arrowheads).
    pub one_way: Rgba,
    /// Ladder outline and rails.
    pub ladder: Rgba,
    /// Ladder fill.
    pub ladder_fill: Rgba,
    /// Waypoint nodes.
    pub node: Rgba,
    /// Outline of hiding spots.
    pub spot_outline: Rgba,
    /// Other floors' areas behind a floor view.
    pub ghost: Rgba,
}

/// The picture's mark colours.
pub const MARK_COLOURS: MarkColours = MarkColours {
    neutral_area: palette::NEUTRAL_AREA,
    two_way: palette::TWO_WAY,
    one_way: palette::ONE_WAY,
    ladder: palette::LADDER,
    ladder_fill: palette::LADDER_FILL,
    node: palette::NODE,
    spot_outline: palette::SPOT_OUTLINE,
    ghost: palette::GHOST,
};

#[cfg(test)]
mod tests {
    use super::*;
    use navforge_core::model::Area;

    #[test]
    fn places_take_their_file_order_colour_and_unplaced_areas_none() {
        let area = |id, place| Area {
            id,
            polygon: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]],
            place,
            ..Area::default()
        };
        let mesh = NavMesh {
            areas: vec![area(1, Some(1)), area(2, None), area(3, Some(1))],
            places: vec!["A".into(), "B".into()],
            ..NavMesh::default()
        };
        let p = area_palette(&mesh, ColorBy::Place);
        assert_eq!(p.of_area, [Some(0), None, Some(0)]);
        assert_eq!(p.categories.len(), 1);
        assert_eq!(p.categories[0].name, "B");
        assert_eq!(p.categories[0].areas, 2);
        // The colour of the second place in the file, as the picture gives it.
        assert_eq!(p.categories[0].colour, palette::category(1));
        assert!(!p.by_height);
        let none = area_palette(&mesh, ColorBy::Attributes);
        assert!(none.by_height && none.categories.is_empty());
    }
}
