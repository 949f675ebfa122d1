//! Render tests on meshes built in code (the CLI's tests use real corpus files).

mod common;

use std::collections::HashMap;

use navforge_core::model::{Area, Connection, ConnectionKind, HidingSpot, Ladder, NavMesh, Node};
use navforge_core::testing::Rng;
use navforge_render::{
    ColorBy, FloorSelect, RenderOptions, build_scene, floors, render_png, render_svg,
};

fn opts(title: &str) -> RenderOptions<'static> {
    RenderOptions {
        title: Some(title.into()),
        ..RenderOptions::default()
    }
}

/// Minimal XML reader: checks that tags balance and attributes are quoted, and returns every
/// element as (name, attributes, text content of the element if it is a leaf).
#[derive(Debug)]
struct El {
    name: String,
    attrs: HashMap<String, String>,
    text: String,
    /// Classes of the enclosing `<g>` elements, innermost last.
    groups: Vec<String>,
}

fn parse(svg: &str) -> Vec<El> {
    let mut out: Vec<El> = Vec::new();
    let mut stack: Vec<(String, String)> = Vec::new(); // (name, class)
    let mut rest = svg;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        if let Some(last) = out.last_mut()
            && stack.last().is_some_and(|(n, _)| *n == last.name)
        {
            last.text.push_str(text);
        }
        rest = &rest[lt + 1..];
        let gt = rest.find('>').expect("unclosed tag");
        let tag = &rest[..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let (open, _) = stack.pop().expect("close without open");
            assert_eq!(open, name, "mismatched close tag");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, mut a) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut attrs = HashMap::new();
        loop {
            a = a.trim_start();
            if a.is_empty() {
                break;
            }
            let eq = a.find("=\"").expect("attribute without quoted value");
            let key = a[..eq].to_string();
            let v = &a[eq + 2..];
            let end = v.find('"').expect("unterminated attribute");
            assert!(!v[..end].contains('<'), "raw < in attribute");
            assert!(
                attrs.insert(key, v[..end].to_string()).is_none(),
                "duplicate attribute"
            );
            a = &v[end + 1..];
        }
        let groups = stack
            .iter()
            .filter(|(n, _)| n == "g")
            .map(|(_, c)| c.clone())
            .collect();
        let class = attrs.get("class").cloned().unwrap_or_default();
        out.push(El {
            name: name.to_string(),
            attrs,
            text: String::new(),
            groups,
        });
        if !self_closing {
            stack.push((name.to_string(), class));
        }
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
    out
}

fn class_is(e: &El, class: &str) -> bool {
    e.attrs
        .get("class")
        .is_some_and(|c| c.split(' ').any(|x| x == class))
}

fn png_size(png: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().expect("PNG header");
    let info = reader.info();
    (info.width, info.height)
}

fn png_pixels(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[test]
fn svg_has_one_element_per_area() {
    let mesh = common::sample_level();
    let els = parse(&render_svg(&mesh, &opts("sample")));
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for e in els.iter().filter(|e| e.attrs.contains_key("data-area")) {
        assert_eq!(e.name, "polygon");
        assert!(class_is(e, "area"));
        assert_eq!(e.groups.last().map(String::as_str), Some("areas"));
        *seen
            .entry(e.attrs["data-area"].parse().unwrap())
            .or_default() += 1;
        // Four corners each.
        assert_eq!(e.attrs["points"].split(' ').count(), 4);
    }
    assert_eq!(seen.len(), mesh.areas.len());
    assert!(seen.values().all(|n| *n == 1));
    for a in &mesh.areas {
        assert!(seen.contains_key(&a.id), "area {} missing", a.id);
    }
}

#[test]
fn legend_lists_every_place_and_the_title_is_shown() {
    let mesh = common::sample_level();
    let els = parse(&render_svg(&mesh, &opts("de_sample")));
    let legend_text: Vec<&str> = els
        .iter()
        .filter(|e| e.name == "text" && e.groups.iter().any(|g| g == "legend"))
        .map(|e| e.text.as_str())
        .collect();
    assert!(legend_text.contains(&"Places"));
    for p in &mesh.places {
        assert!(
            legend_text.iter().any(|t| t.starts_with(&format!("{p} ("))),
            "{p} not in legend: {legend_text:?}"
        );
    }
    // Counts: CTSpawn holds a quarter of the 24x16 ground floor.
    assert!(legend_text.contains(&"CTSpawn (96)"));
    assert!(legend_text.contains(&"Catwalk (36)"));
    assert!(legend_text.iter().any(|t| t.starts_with("ladder (1)")));
    for k in [
        "ideal sniper (3)",
        "good sniper (3)",
        "cover (3)",
        "exposed (3)",
    ] {
        assert!(legend_text.contains(&k), "{k}");
    }
    let title = els.iter().find(|e| class_is(e, "title-text")).unwrap();
    assert_eq!(title.text, "de_sample");
}

#[test]
fn connections_two_way_plain_one_way_distinct() {
    let mesh = common::sample_level();
    let els = parse(&render_svg(&mesh, &opts("x")));
    let one: Vec<&El> = els
        .iter()
        .filter(|e| e.name == "line" && class_is(e, "one-way"))
        .collect();
    let two: Vec<&El> = els
        .iter()
        .filter(|e| e.name == "line" && class_is(e, "two-way"))
        .collect();
    // 12 drops; the grids have 23*16 + 24*15 and 11*3 + 12*2 pairs.
    assert_eq!(one.len(), 12);
    assert_eq!(two.len(), 23 * 16 + 24 * 15 + 11 * 3 + 12 * 2);
    for e in &one {
        let from: u64 = e.attrs["data-from"].parse().unwrap();
        assert!((1000..1012).contains(&from));
    }
    // One-way lines are drawn in their own group with its own colour, and carry arrowheads.
    let one_group = &one[0].groups;
    let two_group = &two[0].groups;
    assert_ne!(one_group, two_group);
    let stroke_of = |class: &str| {
        els.iter()
            .find(|e| e.name == "g" && e.attrs.get("class").is_some_and(|c| c == class))
            .and_then(|e| e.attrs.get("stroke").cloned())
            .unwrap()
    };
    assert_ne!(
        stroke_of("connections one-way"),
        stroke_of("connections two-way")
    );
    let heads = els.iter().filter(|e| class_is(e, "arrowhead")).count();
    assert_eq!(heads, 12);
    // Without connections, none are drawn.
    let none = render_svg(
        &mesh,
        &RenderOptions {
            connections: false,
            ..opts("x")
        },
    );
    assert!(!none.contains("conn "));
}

#[test]
fn scale_bar_is_present_and_sized_in_world_units() {
    let mesh = common::sample_level();
    let els = parse(&render_svg(&mesh, &opts("x")));
    let label = els
        .iter()
        .find(|e| class_is(e, "scale-label"))
        .expect("scale bar label");
    assert!(label.groups.iter().any(|g| g == "scale-bar"));
    let units: f64 = label.text.split(' ').next().unwrap().parse().unwrap();
    assert!([1.0, 2.0, 5.0].iter().any(|m| {
        let p = units / m;
        (p.log10() - p.log10().round()).abs() < 1e-9
    }));
    // The bar's pixel length matches the world length at the map's scale.
    let line = els.iter().find(|e| class_is(e, "scale-line")).unwrap();
    let xs: Vec<f64> = line.attrs["points"]
        .split(' ')
        .map(|p| p.split(',').next().unwrap().parse().unwrap())
        .collect();
    let bar_px = xs[2] - xs[1];
    // Area 1 is a 64-unit quad: its picture width gives pixels per unit.
    let area1 = els
        .iter()
        .find(|e| e.attrs.get("data-area").is_some_and(|v| v == "1"))
        .unwrap();
    let ax: Vec<f64> = area1.attrs["points"]
        .split(' ')
        .map(|p| p.split(',').next().unwrap().parse().unwrap())
        .collect();
    let px_per_unit = (ax[1] - ax[0]) / 64.0;
    assert!(
        (bar_px / px_per_unit - units).abs() < units * 0.02 + 0.5,
        "{bar_px} px for {units} units at {px_per_unit} px/unit"
    );
}

#[test]
fn world_y_up_is_picture_up() {
    let mut mesh = NavMesh::default();
    mesh.areas.push(common::quad(1, 0.0, 0.0, 10.0, 0.0));
    mesh.areas.push(common::quad(2, 0.0, 100.0, 10.0, 0.0));
    mesh.areas.push(common::quad(3, 100.0, 0.0, 10.0, 0.0));
    let els = parse(&render_svg(&mesh, &RenderOptions::default()));
    let first = |id: &str| -> (f64, f64) {
        let e = els
            .iter()
            .find(|e| e.attrs.get("data-area").is_some_and(|v| v == id))
            .unwrap();
        let p = e.attrs["points"].split(' ').next().unwrap();
        let (x, y) = p.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    assert!(first("2").1 < first("1").1, "north is up");
    assert!(first("3").0 > first("1").0, "east is right");
}

#[test]
fn png_decodes_with_the_requested_width() {
    let mesh = common::sample_level();
    for width in [400, 1600, 2400] {
        let o = RenderOptions { width, ..opts("x") };
        let png = render_png(&mesh, &o);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (w, h) = png_size(&png);
        assert_eq!(w, width);
        // Same layout as the SVG and the scene.
        let scene = build_scene(&mesh, &o);
        assert_eq!((scene.width, scene.height), (w, h));
        assert!(render_svg(&mesh, &o).contains(&format!(r#"width="{w}" height="{h}""#)));
        // The mesh is 24x16 quads, so the picture is wider than tall.
        assert!(h < w, "{w}x{h}");
    }
}

#[test]
fn png_shows_the_areas_in_place_colours() {
    let mesh = common::sample_level();
    let o = opts("x");
    let (w, h, px) = png_pixels(&render_png(&mesh, &o));
    let els = parse(&render_svg(&mesh, &o));
    // Sample the centre of a ground-floor area (away from lines), compare with its SVG fill.
    let area = els
        .iter()
        .find(|e| e.attrs.get("data-area").is_some_and(|v| v == "26"))
        .unwrap();
    let pts: Vec<(f64, f64)> = area.attrs["points"]
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    // A quarter in from the north-west corner avoids the connection lines through the centre.
    let x = (pts[0].0 * 0.75 + pts[2].0 * 0.25) as u32;
    let y = (pts[0].1 * 0.75 + pts[2].1 * 0.25) as u32;
    assert!(x < w && y < h);
    let i = ((y * w + x) * 3) as usize;
    let got = &px[i..i + 3];
    let fill = &area.attrs["fill"];
    let want: Vec<u8> = (0..3)
        .map(|k| u8::from_str_radix(&fill[1 + 2 * k..3 + 2 * k], 16).unwrap())
        .collect();
    for k in 0..3 {
        assert!(
            (got[k] as i32 - want[k] as i32).abs() <= 3,
            "pixel {got:?} vs fill {fill}"
        );
    }
}

#[test]
fn floors_are_found_and_filter_areas() {
    let mesh = common::sample_level();
    let f = floors(&mesh);
    assert_eq!(f.len(), 2, "{f:?}");
    assert_eq!(f[0].areas, 24 * 16);
    assert_eq!(f[1].areas, 12 * 3);
    assert!(f[0].max_z < f[1].min_z);
    let count = |floor| {
        render_svg(
            &mesh,
            &RenderOptions {
                floor: Some(floor),
                ..opts("x")
            },
        )
        .matches("data-area=")
        .count()
    };
    assert_eq!(count(FloorSelect::Index(0)), 24 * 16);
    assert_eq!(count(FloorSelect::Index(1)), 12 * 3);
    assert_eq!(count(FloorSelect::Index(2)), 0);
    assert_eq!(
        count(FloorSelect::ZRange {
            min: 200.0,
            max: 300.0
        }),
        36
    );
    assert_eq!(
        count(FloorSelect::ZRange {
            min: 300.0,
            max: 200.0
        }),
        36
    );
    assert_eq!(
        count(FloorSelect::ZRange {
            min: f32::NAN,
            max: 1e9
        }),
        0
    );
    // The upper floor's connections only: its own grid, no drops (their ends are below).
    let svg = render_svg(
        &mesh,
        &RenderOptions {
            floor: Some(FloorSelect::Index(1)),
            ..opts("x")
        },
    );
    assert_eq!(
        svg.matches("class=\"conn two-way\"").count(),
        11 * 3 + 12 * 2
    );
    assert_eq!(svg.matches("class=\"conn one-way\"").count(), 0);
    // The other floor is a faint silhouette: one polygon per area, without ids.
    let els = parse(&svg);
    let ghosts: Vec<&El> = els
        .iter()
        .filter(|e| e.groups.last().is_some_and(|g| g == "other-floors"))
        .collect();
    assert_eq!(ghosts.len(), 24 * 16);
    assert!(
        ghosts
            .iter()
            .all(|e| e.name == "polygon" && !e.attrs.contains_key("data-area"))
    );
    assert!(!render_svg(&mesh, &opts("x")).contains("other-floors"));
    // Without a floor, upper areas are drawn after (over) lower ones and lighter.
    let els = parse(&render_svg(&mesh, &opts("x")));
    let order: Vec<u64> = els
        .iter()
        .filter_map(|e| e.attrs.get("data-area"))
        .map(|v| v.parse().unwrap())
        .collect();
    let first_upper = order.iter().position(|id| *id >= 1000).unwrap();
    assert!(order[first_upper..].iter().all(|id| *id >= 1000));
    // A place has the same colour in the floor view as in the full view.
    let fill_of = |svg: &str, id: &str| {
        parse(svg)
            .into_iter()
            .filter(|e| class_is(e, "swatch") && e.attrs.contains_key("fill"))
            .map(|e| e.attrs["fill"].clone())
            .collect::<Vec<_>>()
            .get(if id == "catwalk-full" { 4 } else { 0 })
            .cloned()
            .unwrap()
    };
    assert_eq!(
        fill_of(&svg, "catwalk-floor"),
        fill_of(&render_svg(&mesh, &opts("x")), "catwalk-full")
    );
    let legend_height = els.iter().any(|e| e.text == "Height");
    assert!(legend_height);
}

#[test]
fn colour_by_attributes_and_group() {
    let mut mesh = common::sample_level();
    let o = RenderOptions {
        color_by: ColorBy::Attributes,
        ..opts("x")
    };
    let svg = render_svg(&mesh, &o);
    assert!(svg.contains(">Attributes<"));
    assert!(svg.contains(">crouch (39)<"), "area ids 1..39");
    assert!(svg.contains(">no_jump (36)<"));
    assert!(svg.contains(">none ("));
    for a in mesh.areas.iter_mut() {
        a.group = (a.id >= 1000) as u32;
    }
    mesh.groups.push(navforge_core::model::Group {
        id: 1,
        name: "upper <tile>".into(),
    });
    let svg = render_svg(
        &mesh,
        &RenderOptions {
            color_by: ColorBy::Group,
            ..opts("x")
        },
    );
    assert!(svg.contains(">Groups<"));
    assert!(svg.contains(">group 0 (384)<"));
    assert!(svg.contains(">upper &lt;tile&gt; (36)<"));
    parse(&svg);
}

#[test]
fn waypoint_links_coloured_by_type_with_a_legend() {
    let mesh = common::waypoints();
    let els = parse(&render_svg(&mesh, &opts("dm_sample")));
    let nodes = els.iter().filter(|e| class_is(e, "node")).count();
    assert_eq!(nodes, 40);
    let links: Vec<&El> = els
        .iter()
        .filter(|e| e.name == "line" && class_is(e, "link"))
        .collect();
    // 39 chain links; "walk" ones have their reverse too and are drawn once, as two-way.
    assert_eq!(links.len(), 39);
    let two = links.iter().filter(|e| class_is(e, "two-way")).count();
    assert_eq!(two, 5);
    let mut colours: HashMap<String, String> = HashMap::new();
    let types = common::WAYPOINT_KINDS.map(|k| k.name());
    for (i, e) in links.iter().enumerate() {
        let t = &types[i % types.len()];
        let c = e.attrs["stroke"].clone();
        if let Some(prev) = colours.insert(t.to_string(), c.clone()) {
            assert_eq!(prev, c, "one colour per type");
        }
    }
    let distinct: std::collections::HashSet<&String> = colours.values().collect();
    assert_eq!(distinct.len(), types.len());
    let legend: Vec<&str> = els
        .iter()
        .filter(|e| e.name == "text" && e.groups.iter().any(|g| g == "legend"))
        .map(|e| e.text.as_str())
        .collect();
    for t in types {
        assert!(
            legend.iter().any(|l| l.starts_with(&format!("{t} ("))),
            "{t}: {legend:?}"
        );
    }
}

#[test]
fn empty_mesh_gives_a_titled_empty_picture() {
    let mesh = NavMesh::default();
    let o = opts("empty_map");
    let svg = render_svg(&mesh, &o);
    let els = parse(&svg);
    assert_eq!(svg.matches("data-area=").count(), 0);
    assert!(
        els.iter()
            .any(|e| class_is(e, "title-text") && e.text == "empty_map")
    );
    assert!(svg.contains("empty mesh"));
    let png = render_png(&mesh, &o);
    assert_eq!(png_size(&png).0, 1600);
}

#[test]
fn hostile_input_never_panics() {
    let nan = f32::NAN;
    let inf = f32::INFINITY;
    let mut mesh = NavMesh {
        format: None,
        places: vec!["a&b\u{1}".into()],
        ..NavMesh::default()
    };
    mesh.areas.push(Area {
        id: 1,
        polygon: vec![
            [nan, 0.0, 0.0],
            [1.0, 1.0, 0.0],
            [2.0, 0.0, 0.0],
            [0.0, 2.0, 0.0],
        ],
        place: Some(0),
        ..Area::default()
    });
    mesh.areas.push(Area {
        id: 2,
        polygon: vec![[0.0, 0.0, inf], [1.0, 1.0, -inf]],
        place: Some(99),
        ..Area::default()
    });
    mesh.areas.push(Area {
        id: 3,
        polygon: vec![],
        ..Area::default()
    });
    mesh.areas.push(Area {
        id: 4,
        polygon: vec![
            [f32::MAX, f32::MAX, f32::MAX],
            [-f32::MAX, 0.0, -f32::MAX],
            [0.0, -f32::MAX, 0.0],
        ],
        ..Area::default()
    });
    mesh.areas.push(Area {
        id: 4,
        polygon: vec![[5.0, 5.0, 5.0]; 3],
        ..Area::default()
    });
    mesh.connections.push(Connection {
        from: 1,
        to: 77,
        kind: ConnectionKind::Walk,
        direction: None,
    });
    mesh.connections.push(Connection {
        from: 4,
        to: 4,
        kind: ConnectionKind::Jump,
        direction: None,
    });
    mesh.ladders.push(Ladder {
        id: 1,
        top: [nan, nan, nan],
        bottom: [0.0, 0.0, 0.0],
        width: nan,
        top_areas: vec![1, 2, 3, 999],
        bottom_area: 4,
    });
    mesh.hiding_spots.push(HidingSpot {
        id: 1,
        area: 9,
        position: [inf, 0.0, 0.0],
        kinds: vec!["weird".into()],
    });
    mesh.nodes.push(Node {
        id: 1,
        position: [nan, 1.0, 1.0],
        flags: vec![],
        radius: Some(nan),
        group: 0,
    });
    for width in [0, 1, 160, u32::MAX] {
        for floor in [
            None,
            Some(FloorSelect::Index(usize::MAX)),
            Some(FloorSelect::ZRange { min: nan, max: inf }),
            Some(FloorSelect::ZRange {
                min: -inf,
                max: inf,
            }),
        ] {
            let o = RenderOptions {
                width,
                floor,
                title: Some("t\u{7}<&>\"'".into()),
                ..RenderOptions::default()
            };
            let svg = render_svg(&mesh, &o);
            parse(&svg);
            assert!(
                !svg.contains("NaN") && !svg.contains("inf"),
                "{}",
                &svg[svg
                    .find("NaN")
                    .or(svg.find("inf"))
                    .unwrap_or(0)
                    .saturating_sub(200)..][..400.min(svg.len())]
            );
            let png = render_png(&mesh, &o);
            let (w, _) = png_size(&png);
            assert_eq!(w, width.clamp(160, 8000));
        }
    }
}

#[test]
fn random_meshes_render() {
    let mut rng = Rng::new(0x5eed);
    let f = |rng: &mut Rng| -> f32 {
        match rng.below(6) {
            0 => f32::from_bits(rng.next_u64() as u32),
            1 => [f32::NAN, f32::INFINITY, -f32::INFINITY, 0.0, -0.0, f32::MAX][rng.below(6)],
            _ => (rng.below(20000) as f32 - 10000.0) / 3.0,
        }
    };
    for _ in 0..60 {
        let mut mesh = NavMesh::default();
        let n = rng.below(40);
        for id in 0..n as u64 {
            let k = rng.below(7);
            mesh.areas.push(Area {
                id: id % 9,
                polygon: (0..k)
                    .map(|_| [f(&mut rng), f(&mut rng), f(&mut rng)])
                    .collect(),
                place: (rng.below(2) == 0).then(|| rng.below(4) as u32),
                attributes: rng.below(2) as u64,
                ..Area::default()
            });
        }
        mesh.places = vec!["p".into(); rng.below(3)];
        for _ in 0..rng.below(60) {
            mesh.connections.push(Connection {
                from: rng.below(12) as u64,
                to: rng.below(12) as u64,
                kind: ConnectionKind::Walk,
                direction: None,
            });
        }
        for id in 0..rng.below(10) as u64 {
            mesh.nodes.push(Node {
                id: id % 4,
                position: [f(&mut rng), f(&mut rng), f(&mut rng)],
                flags: vec![],
                radius: None,
                group: 0,
            });
        }
        let o = RenderOptions {
            width: 160 + rng.below(400) as u32,
            floor: [None, Some(FloorSelect::Index(rng.below(3)))][rng.below(2)],
            ..RenderOptions::default()
        };
        parse(&render_svg(&mesh, &o));
        let png = render_png(&mesh, &o);
        assert_eq!(png_size(&png).0, o.width);
    }
}

#[test]
fn y_up_meshes_are_seen_from_above() {
    // The sample level in Fox Engine (MGSV) axes: the inverse of `NavMesh::to_z_up`.
    let mut mesh = common::sample_level();
    let to_y_up = |p: &mut [f32; 3]| *p = [p[0], p[2], -p[1]];
    for a in mesh.areas.iter_mut() {
        a.polygon.iter_mut().for_each(to_y_up);
    }
    for s in mesh.hiding_spots.iter_mut() {
        to_y_up(&mut s.position);
    }
    for l in mesh.ladders.iter_mut() {
        to_y_up(&mut l.top);
        to_y_up(&mut l.bottom);
    }
    let z_up = render_svg(&common::sample_level(), &opts("x"));
    // Read as Z-up it is a side view: every area a flat sliver, so the picture differs.
    assert_ne!(render_svg(&mesh, &opts("x")), z_up);
    mesh.format = Some(navforge_core::Format::MgsvNav2);
    let f = floors(&mesh);
    assert_eq!(f.len(), 2, "{f:?}");
    assert_eq!(f[1].areas, 36);
    // Seen from above, the picture is the same as the Z-up original's (but for the format named
    // in the subtitle).
    let y_up = render_svg(&mesh, &opts("x")).replace("mgsv-nav2 ·", "mesh ·");
    assert!(
        y_up == z_up,
        "the Y-up mesh seen from above differs from the original"
    );
}

#[test]
fn far_apart_parts_keep_their_size() {
    // Two 10x10 grids of 64-unit quads, 100,000 units apart (an interior cell beside a
    // worldspace): each still gets a readable share of the picture.
    let mut mesh = NavMesh::default();
    common::grid(&mut mesh, 1, 10, 10, 64.0, [0.0, 0.0, 0.0]);
    common::grid(&mut mesh, 1000, 10, 10, 64.0, [100_000.0, 100_000.0, 0.0]);
    let els = parse(&render_svg(&mesh, &opts("x")));
    let width_of = |id: &str| -> f64 {
        let e = els
            .iter()
            .find(|e| e.attrs.get("data-area").is_some_and(|v| v == id))
            .unwrap();
        let xs: Vec<f64> = e.attrs["points"]
            .split(' ')
            .map(|p| p.split(',').next().unwrap().parse().unwrap())
            .collect();
        xs[1] - xs[0]
    };
    // Both parts at the same scale, and big: without the cut a quad would be under a pixel.
    assert!(width_of("1") > 20.0, "{}", width_of("1"));
    assert!((width_of("1") - width_of("1000")).abs() < 0.2);
    // The cut is shown, in x and in y, and the scale bar says so.
    assert_eq!(els.iter().filter(|e| class_is(e, "axis-break")).count(), 2);
    let label = els.iter().find(|e| class_is(e, "scale-label")).unwrap();
    assert!(label.text.contains("empty space cut"));
    // A single compact mesh has no cut.
    assert!(!render_svg(&common::sample_level(), &opts("x")).contains("axis-break"));
}

#[test]
fn height_legend_labels_the_heights_the_areas_span() {
    // Two floors 128 units apart, with areas much larger than that: the shading range is widened,
    // but the legend must still say 0 and 128.
    let mut mesh = NavMesh::default();
    for (id, z) in [(1u64, 0.0f32), (2, 128.0), (3, 0.0), (4, 128.0)] {
        let x = id as f32 * 1000.0;
        mesh.areas.push(navforge_core::model::Area {
            id,
            polygon: vec![
                [x, 0.0, z],
                [x + 1000.0, 0.0, z],
                [x + 1000.0, 1000.0, z],
                [x, 1000.0, z],
            ],
            ..Default::default()
        });
    }
    let svg = render_svg(&mesh, &opts("heights"));
    let legend = &svg[svg.find("<g class=\"legend\">").unwrap()..];
    let labels: Vec<&str> = legend
        .split("class=\"legend-label\"")
        .skip(1)
        .filter_map(|s| s.split('>').nth(1)?.split('<').next())
        .collect();
    assert!(labels.ends_with(&["0", "128"]), "{labels:?}");
}
