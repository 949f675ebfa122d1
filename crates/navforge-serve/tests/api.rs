//! The API over loopback: the mesh and level buffers, edits with undo and history, versions,
//! saving in the file's own format, check, paths, events for other tabs, read-only formats.

mod common;

use common::{buffer_header, corpus_copy, edit, get, listing, post, serve, version};
use navforge::Document;
use serde_json::json;

fn model_of(path: &std::path::Path) -> navforge::model::NavMesh {
    Document::read(&std::fs::read(path).unwrap())
        .unwrap()
        .to_model()
}

#[test]
fn the_page_the_mesh_and_the_level_load() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "level-pairs", "goldsrc_de_dust2.nav") else {
        return;
    };
    let bsp = common::corpus_file("level-pairs", "goldsrc_de_dust2.bsp").unwrap();
    let s = serve(&nav, Some(&bsp));
    assert!(s.url.starts_with(&format!("http://{}/?token=", s.addr)));

    let page = get(&s, "/");
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("app.js"));
    assert!(get(&s, "/app.js").body.len() > 100_000);
    assert_eq!(get(&s, "/app.css").status, 200);

    let state = get(&s, "/api/state").json();
    assert_eq!(state["version"], 1);
    assert_eq!(state["dirty"], false);
    assert!(state["read_only"].is_null());
    assert_eq!(state["file"]["format"], "source-nav");

    let model = model_of(&nav);
    let mesh = get(&s, "/api/mesh");
    assert_eq!(
        mesh.header("content-type"),
        Some("application/octet-stream")
    );
    let (h, body) = buffer_header(&mesh.body);
    let sec = &h["sections"];
    let len = |name: &str| sec[name][1].as_u64().unwrap() as usize;
    assert_eq!(len("area_id_lo"), model.areas.len());
    assert_eq!(len("area_start"), model.areas.len() + 1);
    assert_eq!(
        len("verts"),
        3 * 4 * model.areas.len(),
        "four corners per Source area"
    );
    assert_eq!(len("spot_kind"), model.hiding_spots.len());
    assert_eq!(
        len("conn_from") + h["counts"]["connections_outside"].as_u64().unwrap() as usize,
        model.connections.len()
    );
    // Every section lies inside the body.
    for (_, v) in sec.as_object().unwrap() {
        let size = match v[2].as_str().unwrap() {
            "u8" => 1,
            "u16" => 2,
            _ => 4,
        };
        assert!(
            v[0].as_u64().unwrap() as usize + size * v[1].as_u64().unwrap() as usize <= body.len()
        );
    }
    // Compact: about 130 bytes per area for this mesh of 1,207 areas and 4,896 connections
    // (its lossless JSON takes over 20 times as much).
    let json = Document::read(&std::fs::read(&nav).unwrap())
        .unwrap()
        .to_json();
    assert!(
        mesh.body.len() * 10 < json.len(),
        "{} bytes, JSON {}",
        mesh.body.len(),
        json.len()
    );
    assert_eq!(
        h["palettes"]["place"]["by_height"], true,
        "GoldSrc meshes have no places"
    );
    assert_eq!(h["ramp"].as_array().unwrap().len(), 33);
    assert!(!h["floors"].as_array().unwrap().is_empty());

    let level = get(&s, "/api/level");
    let (lh, _) = buffer_header(&level.body);
    assert_eq!(lh["family"], "GoldSrc BSP30");
    assert!(lh["triangles"].as_u64().unwrap() > 1000);
}

#[test]
fn no_level_is_a_clear_404() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "tf2_itemtest.nav") else {
        return;
    };
    let s = serve(&nav, None);
    let a = get(&s, "/api/level");
    assert_eq!(a.status, 404);
    assert_eq!(a.json()["error"], "no-level");
}

/// An area and a cut through its middle.
fn split_line(model: &navforge::model::NavMesh) -> String {
    let a = &model.areas[0];
    let (x0, x1) = (a.polygon[0][0], a.polygon[2][0]);
    format!("split {} x={}", a.id, ((x0 + x1) / 2.0).round())
}

#[test]
fn edits_undo_redo_and_the_history_follow_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let model = model_of(&nav);
    let n = model.areas.len();
    let s = serve(&nav, None);
    let line = split_line(&model);

    let r = edit(&s, &line);
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let r = r.json();
    assert_eq!(
        (r["version"].clone(), r["changed"].clone()),
        (json!(2), json!(true))
    );
    assert_eq!(r["diff"]["added"].as_array().unwrap().len(), 1);
    assert_eq!(r["history"], json!({"undo": [line], "redo": []}));
    assert_eq!(r["dirty"], true);
    let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
    assert_eq!(h["counts"]["areas"], n + 1);
    assert_eq!(h["state"]["version"], 2);

    let r = edit(&s, "undo").json();
    assert_eq!(r["version"], 3);
    assert_eq!(r["history"], json!({"undo": [], "redo": [line]}));
    let r = edit(&s, "redo").json();
    assert_eq!(r["version"], 4);
    assert_eq!(r["history"], json!({"undo": [line], "redo": []}));

    // Refused commands change nothing, and say why.
    for bad in ["merge 1 999999", "frobnicate", "undo 5", ""] {
        let r = edit(&s, bad);
        assert_eq!(r.status, 422, "{bad}");
        assert_eq!(r.json()["error"], "refused");
        assert!(!r.json()["message"].as_str().unwrap().is_empty());
    }
    assert_eq!(version(&s), 4);

    // `help` answers with the command names, as the prompt does.
    let help = edit(&s, "help").json();
    assert_eq!(help["changed"], false);
    assert!(
        help["message"].as_str().unwrap().contains("split"),
        "{help}"
    );

    // Selection is not an edit: no new version, but the engine's selected set comes back.
    let id = model.areas[1].id;
    let r = edit(&s, &format!("select add {id}")).json();
    assert_eq!(
        (r["changed"].clone(), r["version"].clone()),
        (json!(false), json!(4))
    );
    assert_eq!(r["selection"], json!([id]), "{r}");

    // The page's selected set, for commands that act on it.
    let r = post(
        &s,
        "/api/edit",
        json!({"command": "delete", "version": 4, "selection": [id]}),
    )
    .json();
    assert_eq!(r["version"], 5);
    assert_eq!(r["message"], "deleted 1 area(s)");
    let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
    assert_eq!(h["counts"]["areas"], n, "one split, one delete");
    assert_eq!(
        get(&s, "/api/state").json()["history"]["undo"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn a_stale_edit_is_refused_and_names_the_current_version() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let model = model_of(&nav);
    let s = serve(&nav, None);
    let first = post(
        &s,
        "/api/edit",
        json!({"command": split_line(&model), "version": 1}),
    );
    assert_eq!(first.status, 200);
    let a = model.areas[1].id;
    let stale = post(
        &s,
        "/api/edit",
        json!({"command": format!("delete {a}"), "version": 1}),
    );
    assert_eq!(stale.status, 409);
    assert_eq!(stale.json()["error"], "stale");
    assert_eq!(stale.json()["version"], 2);
    let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
    assert_eq!(
        h["counts"]["areas"],
        model.areas.len() + 1,
        "the stale delete did nothing"
    );
    // A save on an old version is refused too.
    let save = post(&s, "/api/save", json!({"version": 1}));
    assert_eq!(save.status, 409);
}

#[test]
fn save_writes_the_opened_file_in_its_own_format_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "csgo_de_mirage.nav") else {
        return;
    };
    let original = std::fs::read(&nav).unwrap();
    let s = serve(&nav, None);
    // Delete and undo: the file comes back byte for byte.
    assert_eq!(edit(&s, "delete 103").status, 200);
    assert_eq!(edit(&s, "undo").status, 200);
    let v = version(&s);
    let r = post(&s, "/api/save", json!({"version": v}));
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["bytes"], original.len());
    assert_eq!(std::fs::read(&nav).unwrap(), original);
    assert_eq!(get(&s, "/api/state").json()["dirty"], false);
    // The guide's fix (docs/edit.md, the de_mirage walkthrough): connect the orphans and paint
    // their place.
    for line in ["connect 103 652", "connect 652 103", "place 103 Tunnel"] {
        assert_eq!(edit(&s, line).status, 200, "{line}");
    }
    assert_eq!(get(&s, "/api/state").json()["dirty"], true);
    let v = version(&s);
    assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
    let saved = std::fs::read(&nav).unwrap();
    assert_eq!(&saved[..4], &original[..4], "still a Source .nav");
    let doc = Document::read(&saved).unwrap();
    assert_eq!(doc.summary().version, 16);
    let m = doc.to_model();
    assert!(m.connections.iter().any(|c| (c.from, c.to) == (103, 652)));
    let report = navforge_check::check(&m, &[]);
    assert!(!report.has("orphan-area"), "the orphans are linked now");
    // Only the opened file is in the folder: no temporary left behind, nothing else written.
    assert_eq!(listing(dir.path()), ["csgo_de_mirage.nav"]);
}

#[test]
fn lossless_json_of_a_source_mesh_saves_as_lossless_json() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = common::corpus_file("source-nav", "tf2_itemtest.nav") else {
        return;
    };
    let doc = Document::read(&std::fs::read(&nav).unwrap()).unwrap();
    let path = dir.path().join("itemtest.json");
    std::fs::write(&path, doc.to_json()).unwrap();
    let first = doc.to_model().areas[0].id;
    let s = serve(&path, None);
    assert_eq!(edit(&s, &format!("attribute {first} +crouch")).status, 200);
    assert_eq!(post(&s, "/api/save", json!({"version": 2})).status, 200);
    let saved = std::fs::read(&path).unwrap();
    assert_eq!(saved[0], b'{', "saved as JSON, its own format");
    let m = Document::from_json(&saved).unwrap().to_model();
    let a = m.areas.iter().find(|a| a.id == first).unwrap();
    assert!(
        m.attribute_names(a.attributes)
            .iter()
            .any(|n| n == "crouch")
    );
}

#[test]
fn formats_the_engine_does_not_edit_open_read_only() {
    // Every case is drawn, pathfound and checked; the Quake navjson is read-only, and the
    // triangle navmeshes (an MGSV .nav2, a Bethesda plugin) are edited through the engine
    // (tested with edits in triangle_navmeshes_are_edited_* below).
    let cases = [
        ("quake-navjson", "a2.navjson"),
        ("mgsv-nav2", "tpp_unsa_nav01.nav2"),
        ("tes-plugin", ""),
    ];
    for (sub, name) in cases {
        let dir = tempfile::tempdir().unwrap();
        let Some(folder) = navforge_core::testing::corpus_dir(sub) else {
            return;
        };
        // The first file of the folder the server can show when no name is given.
        let name = if name.is_empty() {
            let mut files: Vec<_> = std::fs::read_dir(&folder)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| !n.ends_with(".txt") && !n.ends_with(".md"))
                .collect();
            files.sort();
            files
                .into_iter()
                .find(|n| {
                    let d = std::fs::read(folder.join(n)).unwrap();
                    Document::read(&d).is_ok_and(|d| {
                        !d.to_model().areas.is_empty() || !d.to_model().nodes.is_empty()
                    })
                })
                .unwrap()
        } else {
            name.to_string()
        };
        let path = corpus_copy(dir.path(), sub, &name).unwrap();
        let before = std::fs::read(&path).unwrap();
        let s = serve(&path, None);
        let state = get(&s, "/api/state").json();
        let triangles = sub != "quake-navjson";
        if triangles {
            assert!(state["read_only"].is_null(), "{name}: {state}");
            assert_eq!(state["file"]["edits"], "triangles", "{name}");
        } else {
            let why = state["read_only"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: editable?"));
            assert!(why.starts_with("read-only"), "{why}");
        }
        let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
        let counts = &h["counts"];
        assert!(
            counts["areas"].as_u64().unwrap() + counts["nodes"].as_u64().unwrap() > 0,
            "{name}: nothing to show"
        );
        // Paths between two things of the mesh, in the page's Z-up axes (MGSV files are Y up).
        let (a, b) = two_points(&get(&s, "/api/mesh").body);
        let q = |p: [f32; 3]| format!("{},{},{}", p[0], p[1], p[2]);
        let p = get(&s, &format!("/api/path?from={}&to={}", q(a), q(b)));
        assert_eq!(
            p.status,
            200,
            "{name}: {}",
            String::from_utf8_lossy(&p.body)
        );
        let way = &p.json()["path"]["waypoints"];
        let first = way[0].as_array().unwrap();
        let near = |w: &serde_json::Value, p: [f32; 3]| {
            (0..3).all(|k| (w[k].as_f64().unwrap() - f64::from(p[k])).abs() < 64.0)
        };
        assert!(
            near(&serde_json::Value::Array(first.clone()), a),
            "{name}: starts at {first:?}, asked {a:?}"
        );
        if !triangles {
            let r = edit(&s, "delete 1");
            assert_eq!(r.status, 403, "{name}");
            assert_eq!(r.json()["error"], "read-only");
            assert_eq!(post(&s, "/api/save", json!({"version": 1})).status, 403);
        }
        assert_eq!(get(&s, "/api/check").status, 200, "{name}");
        drop(s);
        assert_eq!(std::fs::read(&path).unwrap(), before, "{name} was written");
    }
}

#[test]
fn quake_graphs_are_edited_by_the_engine_navforge_edit_uses() {
    // NAV2 (the dm8 script of docs/edit.md, "Quake graphs") and NAV3: node and link edits
    // through the API, saved; the file equals what `navforge edit`'s engine writes for the same
    // lines, and undoing every edit saves the original bytes again.
    let cases: [(&str, &str, &[&str]); 2] = [
        (
            "quake-nav",
            "v18_rogue_dm8.nav",
            &[
                "node add 900,-200,130 radius 24",
                "link add 5 127 long-jump traversal 890,-195,130 895,-198,132 900,-200,130",
                "link add 127 5 walk",
                "node flags 6 +hazard",
                "link delete 5 4",
                "node delete 3",
            ],
        ),
        (
            "quake2-nav",
            "q2rr_q2dm1.nav",
            &[
                "node add 100,200,40",
                "link add 0 {new} both",
                "node delete 2",
            ],
        ),
    ];
    for (sub, name, lines) in cases {
        let dir = tempfile::tempdir().unwrap();
        let Some(path) = corpus_copy(dir.path(), sub, name) else {
            return;
        };
        let original = std::fs::read(&path).unwrap();
        let s = serve(&path, None);
        let state = get(&s, "/api/state").json();
        assert!(state["read_only"].is_null(), "{name}: {state}");
        assert_eq!(state["file"]["edits"], "graph", "{name}");
        let mut engine = navforge_edit::open(&original).unwrap();
        // `{new}`: the number the added node gets (the graph's node count before).
        let new = engine.ids().len().to_string();
        let lines: Vec<String> = lines.iter().map(|l| l.replace("{new}", &new)).collect();
        for (i, line) in lines.iter().enumerate() {
            let r = edit(&s, line);
            assert_eq!(
                r.status,
                200,
                "{name}: {line}: {}",
                String::from_utf8_lossy(&r.body)
            );
            let reply = r.json();
            assert_eq!(reply["version"], i as u64 + 2, "{name}: {line}");
            engine.run_line(line).unwrap();
        }
        let h = get(&s, "/api/state").json()["history"]["undo"].clone();
        assert_eq!(h, json!(lines), "{name}");
        // A line of the other language is refused, naming why.
        let r = edit(&s, "split 1 x=0");
        assert_eq!(
            r.status,
            422,
            "{name}: {}",
            String::from_utf8_lossy(&r.body)
        );
        let v = version(&s);
        assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
        let saved = std::fs::read(&path).unwrap();
        assert_eq!(
            saved,
            engine.write().unwrap(),
            "{name}: not what the engine writes"
        );
        let m = Document::read(&saved).unwrap().to_model();
        let before = Document::read(&original).unwrap().to_model();
        assert_eq!(
            m.nodes.len(),
            before.nodes.len(),
            "{name}: one added, one deleted"
        );
        // The mesh buffer follows: as many nodes as the saved graph.
        let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
        assert_eq!(h["counts"]["nodes"], m.nodes.len(), "{name}");
        let r = edit(&s, &format!("undo {}", lines.len()));
        assert_eq!(r.status, 200, "{name}");
        let v = version(&s);
        assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
        assert_eq!(std::fs::read(&path).unwrap(), original, "{name}: undo all");
        assert_eq!(listing(dir.path()), [name]);
    }
}

/// The area IDs of a mesh buffer (`area_id_lo` and `area_id_hi` joined).
fn area_ids(buf: &[u8]) -> Vec<u64> {
    let (h, body) = buffer_header(buf);
    let sec = &h["sections"];
    let u32s = |name: &str| -> Vec<u32> {
        let (off, n) = (
            sec[name][0].as_u64().unwrap() as usize,
            sec[name][1].as_u64().unwrap() as usize,
        );
        body[off..off + 4 * n]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let (lo, hi) = (u32s("area_id_lo"), u32s("area_id_hi"));
    lo.iter()
        .zip(&hi)
        .map(|(&l, &h)| u64::from(h) << 32 | u64::from(l))
        .collect()
}

/// `navforge check`'s errors and warnings on a file's bytes.
fn check_counts(bytes: &[u8]) -> (usize, usize) {
    let doc = Document::read(bytes).unwrap();
    let report = navforge_check::check(&doc.to_model(), &doc.summary().warnings);
    (report.errors(), report.warnings())
}

#[test]
fn triangle_navmeshes_are_edited_in_a_skyrim_plugin() {
    // Dwemer Secrets' worldspace navmesh 0x000B83E0 (395 triangles), chosen with --navmesh:
    // the page's IDs are its triangle indices, the page's selection is the engine's, a delete
    // and a vertex move save a plugin that reads back and passes check, equal to what
    // `navforge edit` writes for the same lines; undoing both saves the file's own bytes.
    let dir = tempfile::tempdir().unwrap();
    let name = "skyrim_Dwemer_Secrets.esp";
    let Some(path) = corpus_copy(dir.path(), "tes-plugin", name) else {
        return;
    };
    let original = std::fs::read(&path).unwrap();
    let s = common::serve_with(navforge_serve::Options {
        file: path.clone(),
        navmesh: Some("0x000B83E0".into()),
        ..Default::default()
    });
    let state = get(&s, "/api/state").json();
    assert!(state["read_only"].is_null(), "{state}");
    assert_eq!(state["file"]["edits"], "triangles");
    let tri = &state["file"]["trimesh"];
    assert_eq!(tri["navmesh"], "0x000B83E0", "{tri}");
    assert!(tri["navmeshes"].as_array().unwrap().len() > 1, "{tri}");
    let mesh = get(&s, "/api/mesh").body;
    let ids = area_ids(&mesh);
    let (h, _) = buffer_header(&mesh);
    let corners = h["file"]["trimesh"]["corners"].as_array().unwrap().len();
    assert_eq!(corners, 395 * 3);
    // The chosen navmesh's triangles are 0..395, in order; every other area is above 32 bits.
    let small: Vec<u64> = ids.iter().copied().filter(|&i| i <= 0xffff_ffff).collect();
    assert_eq!(small, (0..395).collect::<Vec<u64>>());
    assert!(ids.len() > 395, "the other navmeshes are drawn too");

    let mut engine = navforge_edit::open(&original).unwrap();
    engine.run_line("navmesh 0x000B83E0").unwrap();
    // Delete through the page's selection, as the Delete key sends it.
    let r = post(
        &s,
        "/api/edit",
        json!({"command": "delete 10", "version": version(&s), "selection": [10]}),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["changed"], true);
    assert_eq!(r.json()["selection"], json!([]));
    engine.run_line("delete 10").unwrap();
    let r = post(
        &s,
        "/api/edit",
        json!({"command": "move 0 -47000,74000,-3000", "version": version(&s), "selection": [3]}),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(
        r.json()["selection"],
        json!([3]),
        "the page's selection is kept"
    );
    engine.run_line("move 0 -47000,74000,-3000").unwrap();
    let ids = area_ids(&get(&s, "/api/mesh").body);
    assert_eq!(ids.iter().filter(|&&i| i <= 0xffff_ffff).count(), 394);
    // A selection past the triangles is refused and changes nothing.
    let v = version(&s);
    let r = post(
        &s,
        "/api/edit",
        json!({"command": "delete", "version": v, "selection": [394]}),
    );
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(version(&s), v);
    let check = get(&s, "/api/check").json();
    let findings = check["report"]["findings"].as_array().unwrap();
    assert!(
        findings.iter().all(|f| f["severity"] != "error"),
        "{findings:?}"
    );

    assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
    let saved = std::fs::read(&path).unwrap();
    assert_ne!(saved, original);
    assert_eq!(
        saved,
        engine.write().unwrap(),
        "not what navforge edit writes"
    );
    assert_eq!(check_counts(&saved), (0, 0), "check on the saved plugin");
    let m = Document::read(&saved).unwrap().to_model();
    let before = Document::read(&original).unwrap().to_model();
    assert_eq!(m.areas.len() + 1, before.areas.len());

    let r = edit(&s, "undo 2");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["history"]["redo"].as_array().unwrap().len(), 2);
    let v = version(&s);
    assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
    assert_eq!(std::fs::read(&path).unwrap(), original, "undo all");
    assert_eq!(get(&s, "/api/state").json()["dirty"], false);
    assert_eq!(listing(dir.path()), [name]);
}

#[test]
fn a_plugin_with_several_navmeshes_is_chosen_in_the_page() {
    // No --navmesh: nothing is named by index and an edit is refused naming the navmeshes;
    // `navmesh ID` from the page's picker chooses one and the page's IDs follow.
    let dir = tempfile::tempdir().unwrap();
    let Some(path) = corpus_copy(dir.path(), "tes-plugin", "skyrim_Dwemer_Secrets.esp") else {
        return;
    };
    let s = serve(&path, None);
    assert!(get(&s, "/api/state").json()["file"]["trimesh"]["navmesh"].is_null());
    let ids = area_ids(&get(&s, "/api/mesh").body);
    assert!(ids.iter().all(|&i| i > 0xffff_ffff));
    let r = edit(&s, "delete 1");
    assert_eq!(r.status, 422);
    assert!(
        r.json()["message"].as_str().unwrap().contains("0x000B83E0"),
        "{}",
        r.json()
    );
    let v = version(&s);
    let r = edit(&s, "navmesh 0x000B83E0");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["changed"], true);
    assert_eq!(version(&s), v + 1);
    assert_eq!(get(&s, "/api/state").json()["dirty"], false);
    let ids = area_ids(&get(&s, "/api/mesh").body);
    assert_eq!(ids.iter().filter(|&&i| i <= 0xffff_ffff).count(), 395);
    // A wrong --navmesh stops the server from starting, naming it.
    let e = common::start(navforge_serve::Options {
        file: path.clone(),
        navmesh: Some("0x12345678".into()),
        ..Default::default()
    })
    .err()
    .unwrap();
    assert!(e.contains("--navmesh 0x12345678"), "{e}");
    // A plugin without a navmesh has nothing to edit: it opens read-only, saying so.
    let blank = corpus_copy(dir.path(), "tes-plugin", "control_skyrim_Blank.esm").unwrap();
    let s = serve(&blank, None);
    let why = get(&s, "/api/state").json()["read_only"].clone();
    assert!(why.as_str().unwrap().contains("no navmesh"), "{why}");
}

#[test]
fn triangle_navmeshes_are_edited_in_an_mgsv_nav2() {
    // A .nav2 face of group 1 deleted through the page, saved (re-read, one face fewer), undone and saved
    // again: the file's own bytes.
    let dir = tempfile::tempdir().unwrap();
    let name = "mgsurvive_ssav_139_130_nav.nav2";
    let Some(path) = corpus_copy(dir.path(), "mgsv-nav2", name) else {
        return;
    };
    let original = std::fs::read(&path).unwrap();
    let s = serve(&path, None);
    let state = get(&s, "/api/state").json();
    assert!(state["read_only"].is_null(), "{state}");
    // Three groups: the page's navmesh list sends `navmesh 1`.
    assert_eq!(
        state["file"]["trimesh"]["navmeshes"],
        json!(["1", "2", "4"])
    );
    assert_eq!(edit(&s, "navmesh 1").status, 200);
    let state = get(&s, "/api/state").json();
    assert_eq!(state["file"]["trimesh"]["navmesh"], "1", "{state}");
    let before = area_ids(&get(&s, "/api/mesh").body);
    let faces = before.iter().filter(|&&i| i <= 0xffff_ffff).count();
    assert!(faces > 2, "{faces}");
    let r = post(
        &s,
        "/api/edit",
        json!({"command": "delete", "version": version(&s), "selection": [1]}),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let after = area_ids(&get(&s, "/api/mesh").body);
    assert_eq!(
        after.iter().filter(|&&i| i <= 0xffff_ffff).count(),
        faces - 1
    );
    let v = version(&s);
    assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
    let saved = std::fs::read(&path).unwrap();
    assert_ne!(saved, original);
    let m = Document::read(&saved).unwrap().to_model();
    let was = Document::read(&original).unwrap().to_model();
    assert_eq!(m.areas.len() + 1, was.areas.len());
    assert_eq!(edit(&s, "undo").status, 200);
    let v = version(&s);
    assert_eq!(post(&s, "/api/save", json!({"version": v})).status, 200);
    assert_eq!(std::fs::read(&path).unwrap(), original, "undo");
    assert_eq!(listing(dir.path()), [name]);
}

/// Two points of a mesh buffer: the centres of its first and last drawable areas, or its first
/// and last nodes.
fn two_points(buf: &[u8]) -> ([f32; 3], [f32; 3]) {
    let (h, body) = buffer_header(buf);
    let sec = &h["sections"];
    let f32s = |name: &str| -> Vec<f32> {
        let (off, n) = (
            sec[name][0].as_u64().unwrap() as usize,
            sec[name][1].as_u64().unwrap() as usize,
        );
        (0..n)
            .map(|i| f32::from_le_bytes(body[off + 4 * i..off + 4 * i + 4].try_into().unwrap()))
            .collect()
    };
    let u32s = |name: &str| -> Vec<u32> {
        let (off, n) = (
            sec[name][0].as_u64().unwrap() as usize,
            sec[name][1].as_u64().unwrap() as usize,
        );
        (0..n)
            .map(|i| u32::from_le_bytes(body[off + 4 * i..off + 4 * i + 4].try_into().unwrap()))
            .collect()
    };
    let verts = f32s("verts");
    let start = u32s("area_start");
    let centres: Vec<[f32; 3]> = start
        .windows(2)
        .filter(|w| w[1] - w[0] >= 3)
        .map(|w| {
            let n = (w[1] - w[0]) as f32;
            let mut c = [0.0f32; 3];
            for v in w[0]..w[1] {
                for k in 0..3 {
                    c[k] += verts[3 * v as usize + k] / n;
                }
            }
            c
        })
        .collect();
    if let (Some(a), Some(b)) = (centres.first(), centres.last()) {
        return (*a, *b);
    }
    let nodes = f32s("node_pos");
    let n = nodes.len() / 3;
    assert!(n > 0, "nothing to find a path between");
    (
        [nodes[0], nodes[1], nodes[2]],
        [nodes[3 * n - 3], nodes[3 * n - 2], nodes[3 * n - 1]],
    )
}

#[test]
fn check_and_path_answer_as_the_command_line_does() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "csgo_de_dust2.nav") else {
        return;
    };
    let s = serve(&nav, None);
    let check = get(&s, "/api/check").json();
    assert_eq!(check["version"], 1);
    let expected = navforge_check::check(&model_of(&nav), &[]);
    assert_eq!(
        check["report"]["findings"].as_array().unwrap().len(),
        expected.findings.len()
    );
    // T spawn to CT spawn, as in docs/path.md: 31 areas, cost 3743.1.
    let p = get(&s, "/api/path?from=-400,-700,100&to=300,2300,-100").json();
    assert_eq!(p["path"]["corridor"].as_array().unwrap().len(), 31);
    assert!((p["path"]["cost"].as_f64().unwrap() - 3743.1).abs() < 0.05);
    for bad in [
        "/api/path",
        "/api/path?from=1,2&to=3,4,5",
        "/api/path?from=a,b,c&to=1,2,3",
        "/api/path?from=NaN,0,0&to=0,0,0",
    ] {
        let a = get(&s, bad);
        assert_eq!(a.status, 400, "{bad}");
    }
    let off = get(&s, "/api/path?from=1e7,1e7,0&to=300,2300,-100");
    assert_eq!(off.status, 422);
}

#[test]
fn other_tabs_hear_of_every_new_version() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let model = model_of(&nav);
    let s = serve(&nav, None);
    // A second tab's event stream.
    let mut events = common::Events::open(&s);
    let mut next_event = || events.next().expect("the stream ended");
    assert_eq!(next_event()["what"], "hello");
    let line = split_line(&model);
    post(
        &s,
        "/api/edit",
        json!({"command": line, "version": 1, "client": "tab-1"}),
    );
    let e = next_event();
    assert_eq!(e["version"], 2);
    assert_eq!(e["command"], line);
    assert_eq!(e["by"], "tab-1");
    post(&s, "/api/save", json!({"version": 2}));
    let e = next_event();
    assert_eq!(
        (e["what"].clone(), e["dirty"].clone()),
        (json!("save"), json!(false))
    );
}

#[test]
fn the_page_runs_no_command_that_touches_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let s = serve(&nav, None);
    let before = std::fs::read(&nav).unwrap();
    for line in [
        "save",
        "save ../elsewhere.nav",
        "save-selected ../../evil.txt",
        "nav_save_selected evil.txt",
        "merge-mesh /etc/passwd",
        "nav_merge_mesh ../x.txt",
        "quit",
    ] {
        let r = edit(&s, line);
        assert_eq!(r.status, 422, "{line}");
        assert_eq!(r.json()["error"], "refused", "{line}");
    }
    assert_eq!(listing(dir.path()), ["goldsrc-cs16_zm_ice_attack.nav"]);
    assert_eq!(std::fs::read(&nav).unwrap(), before);
    assert_eq!(version(&s), 1);
}

#[test]
fn files_that_are_not_meshes_are_refused_with_the_reason() {
    let Some(bsp) = common::corpus_file("level-pairs", "goldsrc_de_dust2.bsp") else {
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let open = |file: &std::path::Path, level: Option<&std::path::Path>| {
        rt.block_on(navforge_serve::Server::open(&navforge_serve::Options {
            file: file.to_path_buf(),
            level: level.map(|l| l.to_path_buf()),
            ..Default::default()
        }))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
    };
    assert!(open(&bsp, None).contains("level, not a navigation file"));
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.nav");
    assert!(open(&missing, None).contains("cannot read"));
    let junk = dir.path().join("junk.nav");
    std::fs::write(&junk, b"NOPE and more bytes").unwrap();
    assert!(open(&junk, None).contains("junk.nav"));
    let nav = common::corpus_file("level-pairs", "goldsrc_de_dust2.nav").unwrap();
    let not_level = open(&nav, Some(&junk));
    assert!(not_level.contains("junk.nav"), "{not_level}");
}

#[test]
fn an_empty_mesh_opens_and_is_edited_from_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "dods_dod_jagd_empty.nav") else {
        return;
    };
    let s = serve(&nav, None);
    let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
    assert_eq!(h["counts"]["areas"], 0);
    assert!(h["bounds"].is_null());
    assert_eq!(get(&s, "/api/check").status, 200);
    assert_eq!(get(&s, "/api/path?from=0,0,0&to=1,1,0").status, 422);
    // The first area, drawn in the page by dragging.
    assert_eq!(edit(&s, "create 0,0,0 100,50,0 snap").status, 200);
    let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
    assert_eq!(h["counts"]["areas"], 1);
}

/// "unsaved edits" follows the mesh, not the edit count: undoing back to the saved state
/// leaves nothing unsaved, and redoing away from it does.
#[test]
fn undoing_back_to_the_saved_state_leaves_nothing_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let model = model_of(&nav);
    let (a, b) = (model.areas[0].id, model.areas[1].id);
    let s = serve(&nav, None);
    let dirty = |r: common::Answer| r.json()["dirty"].as_bool().unwrap();
    let state = || get(&s, "/api/state").json()["dirty"].as_bool().unwrap();
    assert!(dirty(edit(&s, &format!("delete {a}"))));
    assert!(!dirty(edit(&s, "undo")), "back to the file as opened");
    assert!(!state());
    assert!(dirty(edit(&s, "redo")));
    let saved = post(&s, "/api/save", json!({"version": version(&s)}));
    assert_eq!(saved.json()["dirty"], false);
    assert!(dirty(edit(&s, &format!("delete {b}"))));
    assert!(!dirty(edit(&s, "undo")), "back to the state saved");
    assert!(
        dirty(edit(&s, "undo")),
        "before the save: not what the file holds"
    );
    assert!(!dirty(edit(&s, "redo")));
    // A new edit after an undo drops the redo: the saved state cannot come back by redo.
    assert!(dirty(edit(&s, "undo")));
    assert!(dirty(edit(&s, &format!("delete {b}"))));
    assert!(state());
}

/// The page's counts are the format's summary, the numbers `navforge info` prints (an MGSV
/// mesh's connections are its graph edges there, not the face adjacencies drawn).
#[test]
fn the_page_counts_what_info_counts() {
    let Some(files) = navforge_core::testing::corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut differ = 0;
    for src in files {
        let nav = dir.path().join(src.file_name().unwrap());
        std::fs::copy(&src, &nav).unwrap();
        let doc = Document::read(&std::fs::read(&nav).unwrap()).unwrap();
        let info = serde_json::to_value(doc.summary().counts).unwrap();
        let s = serve(&nav, None);
        let (h, _) = buffer_header(&get(&s, "/api/mesh").body);
        assert_eq!(h["file"]["counts"], info, "{}", nav.display());
        assert_eq!(get(&s, "/api/state").json()["file"]["counts"], info);
        if h["counts"]["connections"] != info["connections"] {
            differ += 1;
        }
    }
    // The drawn adjacencies are another number: the page must not show that one as the count.
    assert!(
        differ > 0,
        "every MGSV file has as many adjacencies as graph edges"
    );
}
