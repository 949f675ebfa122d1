//! The movement lints over every real Source mesh in the corpus (`source-nav/` and the
//! `level-pairs/` meshes): the counts per file are pinned here and listed in the guide
//! (`docs/check-and-render.md`), so a change to a lint shows up as a changed table.

use navforge_check::check;
use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;

const LINTS: [&str; 3] = ["unjumpable-climb", "deadly-drop", "hanging-off-stairs"];

/// File name, then the three counts in `LINTS` order; files with none are left out.
const FOUND: &[(&str, [usize; 3])] = &[
    ("csgo-community_de_lake.nav", [0, 3, 0]),
    ("csgo_de_nuke.nav", [1, 4, 0]),
    ("csgo_de_overpass.nav", [6, 0, 0]),
    ("csgo_de_train.nav", [1, 0, 0]),
    ("css-v9_cs_havana.nav", [0, 0, 2]),
    ("css-v9_cs_office.nav", [0, 0, 6]),
    ("css-v9_de_nuke.nav", [0, 0, 32]),
    ("css_de_dust2.nav", [0, 0, 3]),
    ("dods_dod_donner.nav", [11, 0, 1]),
    ("dods_dod_kalt.nav", [90, 0, 0]),
    ("gmod_cs_compound.nav", [68, 0, 0]),
    ("gmod_gm_1950s_town.nav", [3, 0, 0]),
    ("gmod_gm_nuketown.nav", [3, 0, 0]),
    ("gmod_zs_bunkerhouse.nav", [0, 0, 4]),
    ("goldsrc-cs16_cs_office.nav", [0, 0, 5]),
    ("goldsrc-cs16_de_dust2.nav", [0, 0, 4]),
    ("hl2dm_dm_lockdown.nav", [7, 0, 0]),
    ("l4d2_c10m4_mainstreet.nav", [461, 1, 0]),
    ("l4d2_c1m1_hotel.nav", [29, 50, 0]),
    ("l4d2_c8m4_interior.nav", [32, 3, 0]),
    ("tf2-custom_dr_junglemines_v7.nav", [14, 1, 0]),
    ("tf2-custom_koth_soot_a18a.nav", [8, 0, 1]),
    ("tf2-custom_mvm_yiresa_rc5a.nav", [64, 14, 1]),
    ("tf2-custom_vsh_nebula_rc1.nav", [8, 10, 0]),
    ("tf2_ctf_2fort.nav", [16, 3, 2]),
    ("tf2_ctf_sawmill.nav", [74, 0, 0]),
    ("tf2_pl_badwater.nav", [79, 0, 8]),
    ("goldsrc_cs_assault.nav", [0, 1, 0]),
    ("goldsrc_de_dust2.nav", [0, 0, 4]),
];

#[test]
fn movement_lints_find_what_the_readme_lists() {
    let mut files = Vec::new();
    for dir in ["source-nav", "level-pairs"] {
        let Some(found) = corpus_files(dir, ".nav") else {
            return;
        };
        files.extend(found);
    }
    let mut table = Vec::new();
    let mut examples = Vec::new();
    for f in &files {
        let data = std::fs::read(f).unwrap();
        if !navforge_source::sniff(&data) {
            continue; // the level pairs hold Quake graphs too
        }
        let mesh = navforge_source::SourceNavDocument::read(&data)
            .unwrap()
            .to_model();
        let report = check(&mesh, &[]);
        let counts = LINTS.map(|code| report.get(code).map_or(0, |x| x.instances.len()));
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for code in LINTS {
            if let Some(x) = report.get(code) {
                let i = &x.instances[0];
                examples.push(format!(
                    "{name}: {code} [{}] {}: {:?} other {:?} {}",
                    x.game.as_deref().unwrap_or("unknown game"),
                    x.message,
                    i.subject,
                    i.other,
                    i.setpos().unwrap_or_default()
                ));
            }
        }
        if counts != [0; 3] {
            table.push((name, counts));
        }
    }
    // The table and the first finding of each kind per file, for the guide.
    for (name, c) in &table {
        println!("    (\"{name}\", [{}, {}, {}]),", c[0], c[1], c[2]);
    }
    for e in &examples {
        println!("{e}");
    }
    let pinned: Vec<(String, [usize; 3])> =
        FOUND.iter().map(|(n, c)| (n.to_string(), *c)).collect();
    assert_eq!(table, pinned);
}
