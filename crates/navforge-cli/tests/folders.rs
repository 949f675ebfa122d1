//! Whole folders at once: walked without following symlinks, handled in parallel with the same
//! output on any number of threads, one bad file never stopping the rest, and a summary table.

mod common;

use common::navforge;

use navforge_core::testing::corpus_dir;

#[test]
fn info_walks_folders_in_parallel_and_summarises() {
    let Some(dir) = corpus_dir("quake-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("maps");
    std::fs::create_dir(&folder).unwrap();
    let nested = folder.join("nested");
    std::fs::create_dir(&nested).unwrap();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "nav"))
        .collect();
    names.sort();
    for (i, p) in names.iter().take(6).enumerate() {
        let to = if i % 2 == 0 { &folder } else { &nested };
        std::fs::copy(p, to.join(p.file_name().unwrap())).unwrap();
    }
    std::fs::write(folder.join("broken.nav"), b"NAV2\x12\0\0\0").unwrap();
    std::fs::write(folder.join("notes.md"), b"not a map").unwrap();
    #[cfg(unix)]
    {
        // A link out of the folder is not followed: its files are not counted.
        std::os::unix::fs::symlink(&dir, folder.join("elsewhere")).unwrap();
    }

    let one = navforge(&[&"info", &folder, &"--jobs", &"1"]);
    let two = navforge(&[&"info", &folder, &"--jobs", &"2"]);
    assert_eq!(one.stdout, two.stdout, "the same output on 1 and 2 threads");
    assert_eq!(
        one.status.code(),
        Some(1),
        "the broken file decides the exit code"
    );
    let out = String::from_utf8(one.stdout).unwrap();
    assert_eq!(out.matches(": quake-nav v").count(), 6, "{out}");
    let err = String::from_utf8(one.stderr).unwrap();
    assert!(err.contains("broken.nav"), "{err}");
    assert!(err.contains("unreadable"), "{err}");
    assert!(
        err.contains("total") && err.contains("  7  "),
        "seven files in all: {err}"
    );
}

#[test]
fn convert_writes_a_folder_of_files() {
    let Some(dir) = corpus_dir("quake-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("json");
    std::fs::create_dir(&out_dir).unwrap();
    let out = navforge(&[&"convert", &dir, &"-o", &out_dir, &"--to", &"json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let inputs = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "nav")
        })
        .count();
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), inputs);
    // Without --to there is no telling what to write.
    let out = navforge(&[&"convert", &dir, &"-o", &out_dir]);
    assert_eq!(out.status.code(), Some(2));
}

/// `convert -o DIR` keeps the whole file name and replaces only its last extension (issue 26):
/// `de_dust2.v1.nav` and `de_dust2.v2.nav` used to be cut at the first dot and both map to
/// `de_dust2.json`. The corpus's own `..._v5.nav.copy.nav` keeps its `.nav.copy`. Inputs that still
/// share an output name are refused before anything is written.
#[test]
fn convert_into_a_folder_keeps_whole_names() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    for d in [&one, &two] {
        std::fs::create_dir(d).unwrap();
    }
    let dust = dir.join("css_de_dust2.nav");
    std::fs::copy(&dust, one.join("de_dust2.v1.nav")).unwrap();
    std::fs::copy(&dust, one.join("de_dust2.v2.nav")).unwrap();
    let copy = dir.join("csgo-community_2nd_mythic_town_v5.nav.copy.nav");
    let out_dir = tmp.path().join("json");
    std::fs::create_dir(&out_dir).unwrap();
    let out = navforge(&[&"convert", &one, &copy, &"-o", &out_dir, &"--to", &"json"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let mut written: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "csgo-community_2nd_mythic_town_v5.nav.copy.json",
            "de_dust2.v1.json",
            "de_dust2.v2.json"
        ]
    );

    // The same name in two folders: one output name, refused, nothing written.
    std::fs::copy(&dust, two.join("de_dust2.v1.nav")).unwrap();
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = navforge(&[&"convert", &one, &two, &"-o", &empty, &"--to", &"json"]);
    assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
    let err = common::stderr(&out);
    assert!(
        err.contains("would both be written to") && err.contains("de_dust2.v1.json"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(&empty).unwrap().count(),
        0,
        "nothing written"
    );
}
