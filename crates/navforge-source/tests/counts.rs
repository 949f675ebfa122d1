//! Counts and fields checked against independent sources: the third-party n1c/sourcenav JSON dump
//! of `csgo_de_train.nav`, and counts hand-checked with a separate script for small files of other
//! games.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::{Layout, SourceNavDocument};
use serde_json::Value;

fn load(name: &str) -> Option<(Vec<u8>, SourceNavDocument)> {
    let dir = corpus_dir("source-nav")?;
    let data = std::fs::read(dir.join(name)).unwrap();
    let doc = SourceNavDocument::read(&data).unwrap_or_else(|e| panic!("{name}: {e}"));
    Some((data, doc))
}

fn f(v: &Value) -> f32 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")) as f32
}

fn xyz(v: &Value) -> [f32; 3] {
    [f(&v["x"]), f(&v["y"]), f(&v["z"])]
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not an integer: {v}"))
}

#[test]
fn de_train_matches_the_sourcenav_dump() {
    let Some((_, doc)) = load("csgo_de_train.nav") else {
        return;
    };
    let dir = corpus_dir("source-nav").unwrap();
    let dump: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("csgo_de_train.sourcenav.json")).unwrap(),
    )
    .unwrap();

    // Header.
    assert_eq!(u(&dump["Magic"]), 0xFEED_FACE);
    assert_eq!(u(&dump["MajorVersion"]), doc.version as u64);
    assert_eq!(Some(u(&dump["MinorVersion"]) as u32), doc.sub_version);
    assert_eq!(Some(u(&dump["BSPSize"]) as u32), doc.bsp_size);
    assert_eq!(
        dump["IsMeshAnalyzed"].as_bool(),
        doc.is_analyzed.map(|a| a != 0)
    );
    assert_eq!(
        dump["HasUnnamedAreas"].as_bool(),
        doc.has_unnamed_areas.map(|a| a != 0)
    );
    assert_eq!(doc.layout, Layout::CounterStrike);

    // Counts, as `navforge info` reports them.
    let s = doc.summary();
    let areas = dump["Areas"].as_array().unwrap();
    assert_eq!(u(&dump["AreasCount"]), s.counts.areas);
    assert_eq!(areas.len() as u64, s.counts.areas);
    assert_eq!(u(&dump["PlacesCount"]), s.counts.places);
    assert_eq!(u(&dump["LadderCount"]), s.counts.ladders);
    let sum = |key: &str| -> u64 {
        areas
            .iter()
            .map(|a| a[key].as_array().unwrap().len() as u64)
            .sum()
    };
    assert_eq!(sum("Connections"), s.counts.connections);
    assert_eq!(sum("HidingSpots"), s.counts.hiding_spots);
    assert_eq!(sum("EncounterPaths"), s.counts.encounter_paths);
    assert_eq!(
        (
            s.counts.areas,
            s.counts.connections,
            s.counts.places,
            s.counts.ladders
        ),
        (773, 2741, 24, 4)
    );
    assert_eq!(
        (s.counts.hiding_spots, s.counts.encounter_paths),
        (323, 9202)
    );

    // Places.
    for (p, d) in doc.places.iter().zip(dump["Places"].as_array().unwrap()) {
        assert_eq!(p.0.len() as u64, u(&d["NameLength"]));
        assert_eq!(p.as_text(), d["Name"].as_str());
    }

    // Every area, field by field.
    const DIRS: [&str; 4] = ["Nort", "East", "South", "West"];
    for (a, d) in doc.areas.iter().zip(areas) {
        let id = a.id;
        assert_eq!(a.id as u64, u(&d["AreaID"]));
        assert_eq!(a.attributes as u64, u(&d["Flags"]), "area {id}");
        assert_eq!(
            a.north_west.map(f32::from),
            xyz(&d["NorthWest"]),
            "area {id}"
        );
        assert_eq!(
            a.south_east.map(f32::from),
            xyz(&d["SouthEast"]),
            "area {id}"
        );
        assert_eq!(a.north_east_z.get(), f(&d["NorthEastZ"]));
        assert_eq!(a.south_west_z.get(), f(&d["SouthWestZ"]));
        let conns: Vec<(usize, u32)> = a.connections.iter().collect();
        let dconns: Vec<(usize, u32)> = d["Connections"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let dir = DIRS.iter().position(|x| c["Direction"] == *x).unwrap();
                (dir, u(&c["SourceArea"]) as u32)
            })
            .collect();
        assert_eq!(conns, dconns, "area {id} connections");
        let spots = d["HidingSpots"].as_array().unwrap();
        assert_eq!(a.hiding_spots.len() as u64, u(&d["HidingSpotCount"]));
        for (h, ds) in a.hiding_spots.iter().zip(spots) {
            assert_eq!(h.position.map(f32::from), xyz(&ds["Location"]), "area {id}");
            assert_eq!(h.flags as u64, u(&ds["Flags"]), "area {id}");
            // (sic: the dump spells it "Hidding").
            assert_eq!(h.id as u64, u(&ds["HiddingSpotID"]), "area {id}");
        }
        let paths = d["EncounterPaths"].as_array().unwrap();
        assert_eq!(a.encounter_paths.len() as u64, u(&d["EncounterPathCount"]));
        for ((p, ps), dp) in a.encounter_paths.iter().zip(paths) {
            assert_eq!(p.from as u64, u(&dp["FromAreaID"]));
            assert_eq!(p.from_direction as u64, u(&dp["FromDirection"]));
            assert_eq!(p.to as u64, u(&dp["ToAreaID"]));
            assert_eq!(p.to_direction as u64, u(&dp["ToDirection"]));
            assert_eq!(ps.len() as u64, u(&dp["SpotCount"]));
            for (s, ds) in ps.iter().zip(dp["Spots"].as_array().unwrap()) {
                assert_eq!(s.hiding_spot as u64, u(&ds["OrderID"]));
                assert_eq!(s.t as u64, u(&ds["Distance"]));
            }
        }
        assert_eq!(a.place as u64, u(&d["PlaceID"]), "area {id}");
        let mut up = Vec::new();
        let mut down = Vec::new();
        for l in d["Ladders"].as_array().unwrap() {
            let list = if l["Direction"] == "Up" {
                &mut up
            } else {
                &mut down
            };
            list.push(u(&l["SourceArea"]) as u32);
        }
        assert_eq!((&a.ladders_up, &a.ladders_down), (&up, &down), "area {id}");
        assert_eq!(
            a.earliest_occupy_time[0].get(),
            f(&d["EarliestOccupyTimeFirstTeam"])
        );
        assert_eq!(
            a.earliest_occupy_time[1].get(),
            f(&d["EarliestOccupyTimeSecondTeam"])
        );
        let light = ["NorthWest", "NorthEast", "SouthEast", "SouthWest"]
            .map(|c| f(&d[format!("{c}LightIntensity")]));
        assert_eq!(a.light_intensity.map(f32::from), light);
        assert_eq!(a.visible_areas.len() as u64, u(&d["VisibleAreaCount"]));
        assert_eq!(
            a.inherit_visibility_from as u64,
            u(&d["InheritVisibilityFromAreaID"])
        );
        // The dump skips the CS approach block and only records its entry count.
        assert_eq!(
            a.approach_areas.len() as u64,
            u(&d["GarbageCount"]),
            "area {id}"
        );
    }

    for (l, d) in doc.ladders.iter().zip(dump["Ladders"].as_array().unwrap()) {
        assert_eq!(l.id as u64, u(&d["LadderID"]));
        assert_eq!(l.width.get(), f(&d["Width"]));
        assert_eq!(l.top.map(f32::from), xyz(&d["Top"]));
        assert_eq!(l.bottom.map(f32::from), xyz(&d["Bottom"]));
        assert_eq!(l.length.get(), f(&d["Length"]));
        assert_eq!(l.direction as u64, u(&d["Direction"]));
        let ids = [
            l.top_forward_area,
            l.top_left_area,
            l.top_right_area,
            l.top_behind_area,
            l.bottom_area,
        ];
        let dids = [
            "TopForwardAreaID",
            "TopLeftAreaID",
            "TopRightAreaID",
            "TopBehindAreaID",
            "BottomAreaID",
        ]
        .map(|k| u(&d[k]) as u32);
        assert_eq!(ids, dids);
    }
}

/// Counts verified independently with a separate Python reader (not derived from this crate):
/// (file, version, sub-version, layout, areas, connections, places, ladders, hiding spots,
/// encounter paths).
#[allow(clippy::type_complexity)]
#[rustfmt::skip]
const HAND_CHECKED: &[(&str, u32, Option<u32>, Layout, [u64; 6])] = &[
    ("tf2_itemtest.nav", 16, Some(2), Layout::TeamFortress, [33, 104, 0, 0, 23, 0]),
    ("tf2_cp_cloak.nav", 16, Some(2), Layout::TeamFortress, [85, 367, 0, 0, 39, 0]),
    ("l4d2_c8m4_interior.nav", 16, Some(14), Layout::Terror, [1008, 2889, 2, 7, 725, 0]),
    ("gmod_zs_bunkerhouse.nav", 16, Some(0), Layout::Base, [117, 363, 0, 0, 35, 0]),
    ("hl2dm_dm_lockdown.nav", 16, Some(0), Layout::Base, [524, 1866, 0, 0, 280, 0]),
    ("fof_fof_fistful.nav", 16, Some(0), Layout::Base, [1707, 5492, 0, 3, 679, 0]),
    ("dods_dod_kalt.nav", 16, Some(0), Layout::Base, [3812, 15842, 0, 0, 1331, 0]),
    ("dods_dod_donner.nav", 16, Some(2), Layout::TeamFortress, [1816, 7261, 0, 0, 610, 0]),
    ("goldsrc-cs16_zm_ice_attack.nav", 5, None, Layout::Base, [37, 124, 0, 0, 16, 416]),
    ("css-v9_cs_havana.nav", 9, None, Layout::Base, [736, 2384, 10, 0, 413, 0]),
    ("fof-v9_fof_desperados_old.nav", 9, None, Layout::Base, [1426, 4762, 0, 7, 560, 0]),
    ("csgo-test_env_gunfire_test.nav", 16, Some(1), Layout::CounterStrike, [27, 120, 0, 0, 4, 508]),
];

#[test]
fn hand_checked_counts_of_other_games() {
    for &(name, version, sub, layout, want) in HAND_CHECKED {
        let Some((_, doc)) = load(name) else {
            return;
        };
        assert_eq!(
            (doc.version, doc.sub_version, doc.layout),
            (version, sub, layout),
            "{name}"
        );
        let c = doc.summary().counts;
        let got = [
            c.areas,
            c.connections,
            c.places,
            c.ladders,
            c.hiding_spots,
            c.encounter_paths,
        ];
        assert_eq!(
            got, want,
            "{name}: areas, connections, places, ladders, spots, paths"
        );
    }
}

#[test]
fn summary_names_the_game_and_details() {
    let Some((_, doc)) = load("l4d2_c8m4_interior.nav") else {
        return;
    };
    let s = doc.summary();
    assert_eq!(s.variant.as_deref(), Some("L4D2 (sub-version 14)"));
    assert_eq!(s.details["is_analyzed"], serde_json::json!(true));
    assert!(s.details.contains_key("bsp_size"));
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    let b = s.bounds.expect("bounds");
    assert!(b.min[0] < b.max[0] && b.min[1] < b.max[1]);

    let (_, doc) = load("goldsrc-cs16_zm_ice_attack.nav").unwrap();
    assert_eq!(
        doc.summary().variant.as_deref(),
        Some("GoldSrc CS 1.6 / Condition Zero")
    );
    let (_, doc) = load("tf2_itemtest.nav").unwrap();
    assert!(doc.summary().variant.unwrap().starts_with("TF2"));
    assert!(doc.summary().warnings.is_empty());
    // The DoD:S mod file with sub-version 2 has the TF2 layout, but not TF2 attribute values.
    let (_, doc) = load("dods_dod_donner.nav").unwrap();
    let w = doc.summary().warnings;
    assert!(
        w.len() == 1 && w[0].starts_with("215 areas have TF2 attribute bits"),
        "{w:?}"
    );
}
