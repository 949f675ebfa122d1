//! `generate --content`: the static props whose model's `.phy` a content folder holds collide.
//! zs_jail_v1 packs no model; a folder standing in for the game's, with a `.phy` for its cell
//! doors' model (a 128-unit cube, the physcollide test map's brush model 1, for want of the
//! game's), makes those props collide, and the mesh changes where they stand.

mod common;

use common::{navforge, stderr};
use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

/// How many of `points` (x, y, floor z) stand on an area of the nav: inside its extent, within
/// 20 units of its height there.
fn standing(nav: &[u8], points: &[[f32; 3]]) -> usize {
    let doc = SourceNavDocument::read(nav).unwrap();
    points
        .iter()
        .filter(|p| {
            doc.areas.iter().any(|a| {
                let (nw, se) = (a.north_west.map(f32::from), a.south_east.map(f32::from));
                let inside = nw[0] <= p[0] && p[0] <= se[0] && nw[1] <= p[1] && p[1] <= se[1];
                inside && (nw[2].max(se[2]) - p[2]).abs() < 20.0
            })
        })
        .count()
}

fn u32_at(d: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap())
}

/// A `.phy` of the first solid of brush model 1 in a VBSP's physcollide lump.
fn cube_phy(map: &[u8]) -> Vec<u8> {
    let (mut at, end) = (
        u32_at(map, 8 + 16 * 29) as usize,
        (u32_at(map, 8 + 16 * 29) + u32_at(map, 8 + 16 * 29 + 4)) as usize,
    );
    while at < end {
        let (index, data, keys) = (u32_at(map, at), u32_at(map, at + 4), u32_at(map, at + 8));
        if index == 1 {
            let size = u32_at(map, at + 16) as usize;
            let mut phy = Vec::new();
            for v in [16u32, 0, 1, 0, size as u32] {
                phy.extend(v.to_le_bytes());
            }
            phy.extend(&map[at + 20..at + 20 + size]);
            return phy;
        }
        at += 16 + data as usize + keys as usize;
    }
    panic!("no brush model 1");
}

#[test]
fn a_content_folder_makes_the_props_it_holds_collide() {
    let (Some(pairs), Some(bsps)) = (corpus_dir("source-pairs"), corpus_dir("bsp")) else {
        return;
    };
    let map = pairs.join("source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1.bsp");
    let phy = cube_phy(&std::fs::read(bsps.join("source-tf2_test_physcollide.bsp")).unwrap());
    let dir = std::env::temp_dir().join(format!("navforge-cli-content-{}", std::process::id()));
    let models = dir.join("gmod/models/props_wasteland");
    std::fs::create_dir_all(&models).unwrap();
    std::fs::write(models.join("prison_celldoor001a.phy"), &phy).unwrap();
    let (bare, with) = (dir.join("bare.nav"), dir.join("with.nav"));
    let run = |out: &std::path::Path, content: Option<&std::path::Path>| {
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"generate", &map, &"-o", &out];
        let flag = "--content";
        if let Some(c) = content.as_ref() {
            args.push(&flag);
            args.push(c);
        }
        let o = navforge(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        stderr(&o)
    };
    let gmod = dir.join("gmod");
    let (without, within) = (run(&bare, None), run(&with, Some(&gmod)));
    let (a, b) = (std::fs::read(&bare).unwrap(), std::fs::read(&with).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    // `info` says the same of the map alone.
    let info = navforge(&[&"info", &map]);
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(
        text.contains("static props: 0 collision hulls, 247 without their model"),
        "{text}"
    );
    // The doors' feet: each door's origin stands 51 units over its floor.
    let doors: Vec<[f32; 3]> = navforge_level::static_props(&std::fs::read(&map).unwrap())
        .unwrap()
        .iter()
        .filter(|p| p.solid == 6 && p.model.ends_with("prison_celldoor001a.mdl"))
        .map(|p| [p.origin.x, p.origin.y, p.origin.z - 51.0])
        .collect();
    assert_eq!(doors.len(), 24);
    // 247 solid static props, 24 of them cell doors of that model (counted off the lump).
    assert!(
        without.contains("static props: 0 collision hulls, 247 without their model"),
        "{without}"
    );
    assert!(
        within.contains("static props: 24 collision hulls, 223 without their model"),
        "{within}"
    );
    // Without the model the mesh runs through the doorways; with it, nothing stands where a
    // door's hull stands.
    assert!(
        standing(&a, &doors) >= 12,
        "{} doors walked through",
        standing(&a, &doors)
    );
    assert_eq!(standing(&b, &doors), 0);
}
