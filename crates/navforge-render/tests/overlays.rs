//! Overlays from other tools: level geometry under the mesh, a route over it.

mod common;

use navforge_core::model::NavMesh;
use navforge_render::{
    Backdrop, FloorSelect, RenderOptions, Scene, Shape, build_scene, render_png,
};

fn mesh() -> NavMesh {
    let mut m = NavMesh::default();
    common::grid(&mut m, 1, 4, 4, 100.0, [0.0, 0.0, 0.0]);
    m
}

const VERTICES: [[f32; 3]; 8] = [
    [50.0, 50.0, 0.0],
    [250.0, 50.0, 0.0],
    [50.0, 250.0, 0.0],
    // A wall: no extent from above.
    [50.0, 50.0, 100.0],
    // Far outside the mesh, so it must be clipped to the map.
    [-5000.0, -5000.0, 0.0],
    [5000.0, -5000.0, 0.0],
    // High above: another floor.
    [100.0, 100.0, 500.0],
    [300.0, 100.0, 500.0],
];
const TRIANGLES: [[u32; 3]; 5] = [[0, 1, 2], [0, 1, 3], [0, 1, 99], [4, 5, 2], [6, 7, 2]];
const PATH: [[f32; 3]; 3] = [[50.0, 50.0, 0.0], [350.0, 50.0, 0.0], [350.0, 350.0, 0.0]];

fn opts() -> RenderOptions<'static> {
    RenderOptions {
        width: 800,
        backdrop: Some(Backdrop {
            vertices: &VERTICES,
            triangles: &TRIANGLES,
        }),
        path: Some(&PATH),
        ..RenderOptions::default()
    }
}

fn layer_index(scene: &Scene, class: &str) -> Option<usize> {
    scene.layers.iter().position(|l| l.class == class)
}

fn frame_rect(scene: &Scene) -> [f32; 4] {
    let frame = &scene.layers[layer_index(scene, "frame").unwrap()];
    match frame.items[0].shape {
        Shape::Rect { x, y, w, h } => [x, y, x + w, y + h],
        ref other => panic!("{other:?}"),
    }
}

#[test]
fn level_geometry_is_drawn_under_the_areas_and_clipped_to_the_map() {
    let scene = build_scene(&mesh(), &opts());
    let backdrop = layer_index(&scene, "backdrop").expect("backdrop layer");
    assert!(backdrop < layer_index(&scene, "areas").unwrap());
    assert!(backdrop > layer_index(&scene, "frame").unwrap());
    let items = &scene.layers[backdrop].items;
    // The wall and the bad index are skipped; the three others drawn.
    assert_eq!(items.len(), 3);
    let r = frame_rect(&scene);
    for it in items {
        let Shape::Polygon(pts) = &it.shape else {
            panic!("{:?}", it.shape)
        };
        for p in pts {
            assert!(
                p[0] >= r[0] - 0.01 && p[0] <= r[2] + 0.01,
                "{p:?} outside {r:?}"
            );
            assert!(
                p[1] >= r[1] - 0.01 && p[1] <= r[3] + 0.01,
                "{p:?} outside {r:?}"
            );
        }
    }
}

#[test]
fn a_floor_view_keeps_only_the_geometry_near_that_floor() {
    let o = RenderOptions {
        floor: Some(FloorSelect::ZRange {
            min: -10.0,
            max: 10.0,
        }),
        ..opts()
    };
    let scene = build_scene(&mesh(), &o);
    let backdrop = layer_index(&scene, "backdrop").unwrap();
    assert_eq!(
        scene.layers[backdrop].items.len(),
        2,
        "the z = 500 triangle is left out"
    );
}

#[test]
fn the_path_is_drawn_over_everything_with_its_ends_marked() {
    let scene = build_scene(&mesh(), &opts());
    let path = layer_index(&scene, "path").expect("path layer");
    for under in ["areas", "connections two-way"] {
        assert!(path > layer_index(&scene, under).unwrap(), "{under}");
    }
    let classes: Vec<_> = scene.layers[path].items.iter().map(|i| i.class).collect();
    assert_eq!(
        classes,
        ["path-casing", "path-line", "path-start", "path-end"]
    );
    let Shape::Polyline(line) = &scene.layers[path].items[1].shape else {
        panic!()
    };
    assert_eq!(line.len(), 3);
    let legend = &scene.layers[layer_index(&scene, "legend").unwrap()];
    let labels: Vec<String> = legend
        .items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(labels.iter().any(|l| l == "level geometry"), "{labels:?}");
    assert!(labels.iter().any(|l| l == "path (3 points)"), "{labels:?}");

    // In the PNG, the middle of the first leg is the route's blue.
    let mid = [
        (line[0][0] + line[1][0]) / 2.0,
        (line[0][1] + line[1][1]) / 2.0,
    ];
    let png = render_png(&mesh(), &opts());
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let i = ((mid[1].round() as u32 * info.width + mid[0].round() as u32) * 3) as usize;
    let px = &buf[i..i + 3];
    assert!(px[2] > 200 && px[0] < 80, "path pixel {px:?}");
}

#[test]
fn without_overlays_nothing_changes() {
    let plain = RenderOptions {
        width: 800,
        ..RenderOptions::default()
    };
    let scene = build_scene(&mesh(), &plain);
    assert!(layer_index(&scene, "backdrop").is_none());
    assert!(layer_index(&scene, "path").is_none());
}
