//! `navforge edit` (a script of `nav_*` commands, or an interactive prompt) and `navforge diff`.

use std::path::{Path, PathBuf};

use navforge_core::NavDocument;
use navforge_edit::{COMMAND_NAMES, Command, Diff, Editor};
use navforge_source::SourceNavDocument;
use rustyline::completion::Completer;
use rustyline::history::DefaultHistory;
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

use crate::{Failure, read_file, write_file};

/// What `navforge edit` was asked to do.
pub struct Request<'a> {
    pub input: &'a Path,
    pub script: Option<&'a Path>,
    pub output: Option<&'a Path>,
    pub dry_run: bool,
}

pub fn run(req: &Request<'_>) -> Result<(), Failure> {
    let doc = read_source(req.input)?;
    match req.script {
        Some(script) => run_script(req, doc, script),
        None => prompt(req, doc),
    }
}

/// Read a Source `.nav` file (the only format the editor edits so far).
fn read_source(path: &Path) -> Result<SourceNavDocument, Failure> {
    let data = read_file(path)?;
    if !navforge_source::sniff(&data) {
        return Err(Failure::file(
            path,
            "not a Source/GoldSrc .nav file (navforge edit and diff handle those)",
        ));
    }
    SourceNavDocument::read(&data).map_err(|e| Failure::file(path, e))
}

/// Files a script asked for, written only when every line succeeded.
type Pending = Vec<(PathBuf, Vec<u8>)>;

fn run_script(req: &Request<'_>, doc: SourceNavDocument, script: &Path) -> Result<(), Failure> {
    if req.output.is_none() && !req.dry_run {
        return Err(Failure::Usage(
            "a script needs -o OUT (or --dry-run to see what would change)".into(),
        ));
    }
    let text = read_file(script)?;
    let text = String::from_utf8(text)
        .map_err(|e| Failure::file(script, format!("not UTF-8 text: {e}")))?;
    let original = doc.clone();
    let mut editor = Editor::new(doc);
    // A script prints one diff at the end, not one per line.
    editor.set_diffs(false);
    let mut pending: Pending = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |why: String| Failure::BadInput(format!("{}:{}: {why}", script.display(), n + 1));
        let Some(cmd) = navforge_edit::parse(line).map_err(|e| at(e.to_string()))? else {
            continue;
        };
        match front_end(&mut editor, cmd, &mut pending).map_err(at)? {
            Flow::Quit => break,
            Flow::Save(_) => {
                return Err(at("`save` is for the prompt; scripts write -o OUT".into()));
            }
            Flow::Done(_) => {}
        }
    }
    let diff = Diff::between(&original, editor.document());
    let bytes = editor
        .write()
        .map_err(|e| Failure::BadInput(format!("the edited mesh does not write: {e}")))?;
    if req.dry_run {
        println!("dry run: nothing written; the script would change:");
        print!("{diff}");
        for (path, _) in &pending {
            println!("  would write {}", path.display());
        }
        return Ok(());
    }
    for (path, text) in &pending {
        write_file(path, text)?;
    }
    if let Some(out) = req.output {
        write_file(out, &bytes)?;
        eprintln!(
            "{}: {} added, {} removed, {} changed areas; {} connections added, {} removed",
            out.display(),
            diff.added.len(),
            diff.removed.len(),
            diff.changed.len(),
            diff.connections_added.len(),
            diff.connections_removed.len()
        );
    }
    Ok(())
}

/// What the front end does after a command.
enum Flow {
    /// Print this.
    Done(String),
    /// Write the mesh (to this file, or the default).
    Save(Option<String>),
    /// Stop.
    Quit,
}

/// Run a command, handling the ones that read or write files.
fn front_end(editor: &mut Editor, cmd: Command, pending: &mut Pending) -> Result<Flow, String> {
    Ok(match cmd {
        Command::Quit => Flow::Quit,
        Command::Save(p) => Flow::Save(p),
        Command::Help => Flow::Done(format!("commands: {}", COMMAND_NAMES.join(" "))),
        Command::SaveSelected(path) => {
            let text =
                navforge_edit::save_selected(editor.document(), &editor.selection().selected)
                    .map_err(|e| e.to_string())?;
            let n = editor.selection().selected.len();
            pending.push((PathBuf::from(&path), text));
            Flow::Done(format!("saved {n} selected area(s) to {path}"))
        }
        Command::MergeMesh { path, .. } => {
            let text = std::fs::read(&path).map_err(|e| format!("{path}: cannot read: {e}"))?;
            let out = editor
                .execute(Command::MergeMesh { path, text })
                .map_err(|e| e.to_string())?;
            Flow::Done(format!("{}\n{}", out.message, out.diff))
        }
        cmd => {
            let out = editor.execute(cmd).map_err(|e| e.to_string())?;
            if out.diff.is_empty() {
                Flow::Done(out.message)
            } else {
                Flow::Done(format!(
                    "{}\n{}",
                    out.message,
                    out.diff.to_string().trim_end()
                ))
            }
        }
    })
}

/// Completion of command names (first word) and area IDs (later words).
#[derive(Helper, Hinter, Highlighter, Validator)]
struct Complete {
    ids: Vec<String>,
}

impl Completer for Complete {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let head = line.get(..pos).unwrap_or(line);
        let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &head[start..];
        let pool: Vec<&str> = if start == 0 {
            COMMAND_NAMES.to_vec()
        } else {
            self.ids.iter().map(String::as_str).collect()
        };
        let found = pool
            .into_iter()
            .filter(|c| c.starts_with(word))
            .map(str::to_string)
            .collect();
        Ok((start, found))
    }
}

fn area_ids(editor: &Editor) -> Vec<String> {
    editor
        .document()
        .areas
        .iter()
        .map(|a| a.id.to_string())
        .collect()
}

fn prompt(req: &Request<'_>, doc: SourceNavDocument) -> Result<(), Failure> {
    let mut rl = rustyline::Editor::<Complete, DefaultHistory>::new()
        .map_err(|e| Failure::BadInput(format!("cannot open the prompt: {e}")))?;
    let mut editor = Editor::new(doc);
    rl.set_helper(Some(Complete {
        ids: area_ids(&editor),
    }));
    let default_out = req.output.unwrap_or(req.input).to_path_buf();
    println!(
        "navforge edit {}: {} areas. `help` lists commands, `save [FILE]` writes, `quit` leaves.",
        req.input.display(),
        editor.document().areas.len()
    );
    loop {
        let line = match rl.readline("navforge> ") {
            Ok(line) => line,
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(rustyline::error::ReadlineError::Eof) => break,
            Err(e) => return Err(Failure::BadInput(format!("prompt: {e}"))),
        };
        if !line.trim().is_empty() {
            let _ = rl.add_history_entry(line.as_str());
        }
        let cmd = match navforge_edit::parse(&line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => continue,
            Err(e) => {
                println!("error: {e}");
                continue;
            }
        };
        let mut pending = Vec::new();
        match front_end(&mut editor, cmd, &mut pending) {
            Err(e) => println!("error: {e}"),
            Ok(Flow::Quit) => break,
            Ok(Flow::Done(msg)) => println!("{msg}"),
            Ok(Flow::Save(path)) => {
                let path = path.map_or_else(|| default_out.clone(), PathBuf::from);
                match editor.write() {
                    Ok(bytes) => match write_file(&path, &bytes) {
                        Ok(()) => println!("saved {}", path.display()),
                        Err(e) => println!("error: {}", e.message()),
                    },
                    Err(e) => println!("error: the mesh does not write: {e}"),
                }
            }
        }
        for (path, text) in pending {
            if let Err(e) = write_file(&path, &text) {
                println!("error: {}", e.message());
            }
        }
        if let Some(h) = rl.helper_mut() {
            h.ids = area_ids(&editor);
        }
    }
    Ok(())
}

/// `navforge diff A B [--json]`.
pub fn diff(a: &Path, b: &Path, json: bool) -> Result<(), Failure> {
    let (da, db) = (read_source(a)?, read_source(b)?);
    let d = Diff::between(&da, &db);
    if json {
        let text = serde_json::to_string(&d)
            .map_err(|e| Failure::BadInput(format!("cannot write JSON: {e}")))?;
        println!("{text}");
    } else {
        println!("{} -> {}", a.display(), b.display());
        print!("{d}");
    }
    Ok(())
}
