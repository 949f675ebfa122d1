//! `generate --content`: the static props whose model's `.phy` a content folder holds collide.
//! zs_jail_v1 packs no model; a folder standing in for the game's, with a `.phy` for its cell
//! doors' model (a 128-unit cube, the physcollide test map's brush model 1, for want of the
//! game's), makes those props collide, and the mesh changes where they stand.

mod common;

use common::{navforge, stderr};
use navforge_core::testing::corpus_dir;

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
    // 247 solid static props, 24 of them cell doors of that model (counted off the lump).
    assert!(
        without.contains("static props: 0 collision hulls; 247 solid props without"),
        "{without}"
    );
    assert!(
        within.contains("static props: 24 collision hulls; 223 solid props without"),
        "{within}"
    );
    assert_ne!(a, b, "the doors change the mesh");
}
