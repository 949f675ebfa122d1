//! One real file of every format renders to an SVG with one element per area, a legend and a
//! scale bar, and to a decodable PNG.

use navforge::Document;
use navforge_core::testing::corpus_dir;
use navforge_render::{RenderOptions, render_png, render_svg};

const SAMPLES: &[(&str, &str)] = &[
    ("source-nav", "tf2_cp_cloak.nav"),
    ("source-nav", "goldsrc-cs16_de_dust2.nav"),
    ("quake-nav", "v18_rogue_dm2.nav"),
    ("quake2-nav", "q2rr_q2dm1.nav"),
    ("mgsv-nav2", "tpp_s13500_nav_sahelan.nav2"),
    ("tes-plugin", "skyrim_Dwemer_Secrets.esp"),
    ("quake-navjson", "aerowalk.navjson"),
];

#[test]
fn one_file_of_every_format_renders() {
    for (sub, name) in SAMPLES {
        let Some(dir) = corpus_dir(sub) else { return };
        let doc = Document::read(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        let mesh = doc.to_model();
        let opts = RenderOptions {
            title: Some(name.to_string()),
            width: 800,
            ..Default::default()
        };
        let svg = render_svg(&mesh, &opts);
        assert_eq!(
            svg.matches("class=\"area\"").count(),
            mesh.areas.len(),
            "{name}: one element per area"
        );
        assert!(svg.contains("<g class=\"legend\">"), "{name}: legend");
        assert!(svg.contains("class=\"scale-bar\""), "{name}: scale bar");
        assert!(svg.contains(name), "{name}: title");
        if !mesh.links.is_empty() {
            assert!(
                svg.contains("Waypoint links"),
                "{name}: link types in the legend"
            );
        }
        let png = render_png(&mesh, &opts);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{name}");
        assert_eq!(
            u32::from_be_bytes(png[16..20].try_into().unwrap()),
            800,
            "{name}: width"
        );
    }
}
