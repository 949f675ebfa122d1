//! [`BuildFromModel`] for both Source formats: a new document of the chosen game, with the
//! model's attribute bits translated by name into that game's table, and what it cannot hold
//! reported.

use std::collections::BTreeMap;

use navforge_core::model::NavMesh;
use navforge_core::{BuildError, BuildFromModel, Built};

use crate::attributes::{GAME_WORD_SHIFT, attribute_pairs};
use crate::model::empty_document;
use crate::options::{SourceBuildOptions, SourceVersion};
use crate::selected::{SelectedAreasDocument, selected_from_model};
use crate::types::{Layout, SourceNavDocument};

impl BuildFromModel for SourceNavDocument {
    type Options = SourceBuildOptions;

    /// A new `.nav` of the options' game and version. Every area is new (it gets the game's
    /// defaults; see [`SourceNavDocument::apply_model`] to keep a document's own data). Attribute
    /// bits are carried by name from the mesh's `attribute_table` into the game's: names the game
    /// does not have, bits past what the version stores, and ladders before version 6 are
    /// reported in [`Built::dropped`].
    fn from_model(mesh: &NavMesh, options: &SourceBuildOptions) -> Result<Built<Self>, BuildError> {
        let game = options.game();
        let version = options.version().number();
        let layout = match options.version() {
            SourceVersion::V16 => game.layout(),
            _ => Layout::Base,
        };
        let base = empty_document(version, game.sub_version(), layout);
        let mut mesh = mesh.clone();
        let mut dropped: BTreeMap<String, usize> = BTreeMap::new();
        translate_attributes(&mut mesh, version, layout, &mut dropped);
        if version < 6 && !mesh.ladders.is_empty() {
            dropped.insert(
                format!("ladders (version {version} has none)"),
                mesh.ladders.len(),
            );
            mesh.ladders.clear();
        }
        if version < 5 {
            let placed = mesh.areas.iter().filter(|a| a.place.is_some()).count();
            if placed > 0 {
                dropped.insert(format!("area places (version {version} has none)"), placed);
            }
            for a in &mut mesh.areas {
                a.place = None;
            }
            mesh.places.clear();
        }
        let (mut document, _) = base.with_model(&mesh)?;
        document.set_bsp_size(options.bsp_size());
        if version >= 12 {
            document.has_unnamed_areas =
                Some(u8::from(document.areas.iter().any(|a| a.place == 0)));
        }
        Ok(dropped
            .into_iter()
            .fold(Built::complete(document), |b, (what, n)| {
                b.dropping(what, n)
            }))
    }
}

impl BuildFromModel for SelectedAreasDocument {
    type Options = ();

    /// The text `nav_save_selected` writes (see [`selected_from_model`]). It holds the base
    /// attribute word only: game words (bits 32..63: TF2, L4D spawn attributes) are reported
    /// dropped.
    fn from_model(mesh: &NavMesh, _: &()) -> Result<Built<Self>, BuildError> {
        let words = mesh
            .areas
            .iter()
            .filter(|a| a.attributes >> GAME_WORD_SHIFT != 0)
            .count();
        Ok(Built::complete(selected_from_model(mesh)?).dropping(
            "areas' game attribute words (TF2 or L4D; the text has no key for them)",
            words,
        ))
    }
}

/// Carry each area's attribute bits into the target game's table by name. A mesh without a
/// table (hand-built) keeps its bits. Bits whose name the target lacks, and bits past what the
/// target stores (8 bits before version 9, 16 before 13, the game word only in the TF2 and L4D
/// layouts), are counted in `dropped`.
fn translate_attributes(
    mesh: &mut NavMesh,
    version: u32,
    layout: Layout,
    dropped: &mut BTreeMap<String, usize>,
) {
    let target = attribute_pairs(version, layout);
    let same = mesh.attribute_table.len() == target.len()
        && mesh
            .attribute_table
            .iter()
            .zip(&target)
            .all(|(f, (b, n))| f.bit == *b && f.name == *n);
    let low_mask: u64 = match version {
        ..=8 => 0xff,
        9..=12 => 0xffff,
        _ => 0xffff_ffff,
    };
    let holds_word = matches!(layout, Layout::TeamFortress | Layout::Terror);
    let mask = if holds_word {
        low_mask | (0xffff_ffff << GAME_WORD_SHIFT)
    } else {
        low_mask
    };
    let by_bit: BTreeMap<u64, &str> = mesh
        .attribute_table
        .iter()
        .map(|f| (f.bit, f.name.as_str()))
        .collect();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut unnamed = 0usize;
    let mut out = Vec::with_capacity(mesh.areas.len());
    for a in &mesh.areas {
        let mut bits = 0u64;
        let mut lost_unnamed = false;
        for b in (0..64).map(|i| 1u64 << i).filter(|b| a.attributes & b != 0) {
            let mapped = if same || mesh.attribute_table.is_empty() {
                Some(b)
            } else {
                match by_bit.get(&b) {
                    Some(name) => match target.iter().find(|(_, n)| n == name) {
                        Some((tb, _)) => Some(*tb),
                        None => {
                            *counts.entry((*name).to_string()).or_default() += 1;
                            continue;
                        }
                    },
                    None => Some(b),
                }
            };
            match mapped {
                Some(m) if m & mask != 0 => bits |= m,
                _ => lost_unnamed = true,
            }
        }
        unnamed += usize::from(lost_unnamed);
        out.push(bits);
    }
    for (a, bits) in mesh.areas.iter_mut().zip(out) {
        a.attributes = bits;
    }
    for (name, n) in counts {
        dropped.insert(format!("areas' attribute `{name}` (the game has none)"), n);
    }
    if unnamed > 0 {
        dropped.insert(
            format!("areas' attribute bits past what version {version} of this game stores"),
            unnamed,
        );
    }
}
