//! Every relative link in `README.md` and the guide (`docs/*.md`) resolves: the file (or folder)
//! it names exists, and a `#anchor` names a heading of the Markdown file it points into (GitHub's
//! anchors: lower case, punctuation dropped, spaces as hyphens, `-1`, `-2` for repeats).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text outside fenced code blocks and inline code spans, line by line, with the code
/// blanked: a link written inside code is not a link.
fn prose_lines(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push(String::new());
            continue;
        }
        if fenced {
            out.push(String::new());
            continue;
        }
        // Blank inline code spans (`...`).
        let mut kept = String::with_capacity(line.len());
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
                kept.push(' ');
            } else if in_code {
                kept.push(' ');
            } else {
                kept.push(c);
            }
        }
        out.push(kept);
    }
    out
}

/// GitHub's anchor for a heading's text.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every heading anchor of a Markdown text.
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..].replace('`', ""));
        let mut anchor = base.clone();
        let mut n = 0;
        while !seen.insert(anchor.clone()) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
    }
    seen
}

/// The targets of the inline links `[text](target)` and images `![alt](target)`, with their
/// line numbers.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in prose_lines(text).iter().enumerate() {
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            out.push((i + 1, target.to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// What is wrong with the relative links of the Markdown file `file` (its text `text`).
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut broken = Vec::new();
    for (line, target) in link_targets(text) {
        let is_url = target
            .split_once(':')
            .is_some_and(|(scheme, _)| scheme.chars().all(|c| c.is_ascii_alphabetic()));
        if is_url || target.is_empty() {
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target.as_str(), None),
        };
        let at = format!("{}:{line}: ({target})", file.display());
        let resolved = if path.is_empty() {
            file.to_path_buf()
        } else {
            dir.join(path)
        };
        if !resolved.exists() {
            broken.push(format!("{at}: {} does not exist", resolved.display()));
            continue;
        }
        if let Some(anchor) = anchor {
            if resolved.extension().is_none_or(|e| e != "md") {
                broken.push(format!("{at}: an anchor into a file that is not Markdown"));
                continue;
            }
            let heads = if path.is_empty() {
                anchors(text)
            } else {
                anchors(&std::fs::read_to_string(&resolved).unwrap())
            };
            if !heads.contains(anchor) {
                broken.push(format!(
                    "{at}: no heading of {} has the anchor #{anchor}",
                    resolved.display()
                ));
            }
        }
    }
    broken
}

/// README.md and every Markdown file of the guide.
fn documentation() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    files.extend(guide);
    files
}

#[test]
fn every_relative_link_in_the_readme_and_the_guide_resolves() {
    let files = documentation();
    assert!(files.len() >= 5, "the guide has chapters: {files:?}");
    let mut broken = Vec::new();
    let mut links = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        links += link_targets(&text).len();
        broken.extend(broken_links(file, &text));
    }
    assert!(links > 50, "only {links} links found: is the parser blind?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_is_a_front_page_and_every_chapter_is_reachable_from_it() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 400, "README.md has {lines} lines (at most 400)");
    // The guide's index links every chapter, and the README links the index.
    let index = std::fs::read_to_string(root.join("docs/README.md")).unwrap();
    let linked: HashSet<String> = link_targets(&index)
        .into_iter()
        .map(|(_, t)| t.split('#').next().unwrap_or("").to_string())
        .collect();
    let chapters: Vec<String> = documentation()
        .iter()
        .filter_map(|p| p.strip_prefix(root.join("docs")).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect();
    assert!(chapters.len() >= 4, "{chapters:?}");
    for chapter in &chapters {
        assert!(
            linked.contains(chapter),
            "docs/README.md does not link {chapter}"
        );
    }
    assert!(
        readme.contains("](docs/README.md"),
        "README links the guide"
    );
}

#[test]
fn the_checker_finds_a_missing_file_and_a_missing_anchor() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("there.md"),
        "# A title: `with code`\n\n## Twice\n## Twice\n",
    )
    .unwrap();
    let page = dir.path().join("page.md");
    let text = "\
# Page\n\
[ok](there.md) [ok](there.md#a-title-with-code) [ok](there.md#twice-1) [ok](#page)\n\
[ok](https://example.com/x) `[not a link](gone.md)`\n\
```\n[not a link](gone.md)\n```\n\
[bad](gone.md) [bad](there.md#twice-2) [bad](#nowhere)\n";
    std::fs::write(&page, text).unwrap();
    let broken = broken_links(&page, text);
    assert_eq!(broken.len(), 3, "{broken:#?}");
    assert!(broken[0].contains("(gone.md)") && broken[0].contains("does not exist"));
    assert!(broken[1].contains("#twice-2"));
    assert!(broken[2].contains("#nowhere"));
}
