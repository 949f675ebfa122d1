//! `navforge check` on a real file: `--json` lists every instance with both areas of a pair and a
//! position; the text report shows the first few with a pasteable `setpos`.

mod common;

use navforge_core::testing::corpus_dir;

fn navforge(args: &[&str]) -> std::process::Output {
    common::command().args(args).output().expect("run navforge")
}

#[test]
fn json_lists_every_instance_of_a_real_file() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let file = dir.join("tf2_cp_cloak.nav");
    let out = navforge(&["check", "--json", file.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = v["findings"].as_array().unwrap();
    let one_way = findings
        .iter()
        .find(|f| f["code"] == "one-way-connection")
        .expect("tf2_cp_cloak has one-way connections");
    let instances = one_way["instances"].as_array().unwrap();
    assert_eq!(one_way["count"], 14);
    assert_eq!(instances.len(), 14, "every instance, not 8");
    for i in instances {
        assert!(i["subject"]["area"].is_u64(), "{i}");
        assert!(i["other"].is_u64(), "{i}: the connection's target");
        assert_eq!(i["position"].as_array().map(Vec::len), Some(3), "{i}");
    }

    let out = navforge(&["check", file.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("area 12 and area 1 (setpos 0 0 280)"),
        "{text}"
    );
    assert!(
        text.contains("... and 6 more (--json lists every one)"),
        "{text}"
    );
}
