//! `navforge edit` (a script of commands, or an interactive prompt) and `navforge diff`, on any
//! document the editor changes: Source / GoldSrc `.nav` meshes and Quake `NAV2` / `NAV3` graphs.

use std::path::{Path, PathBuf};

use navforge_edit::{Command, FrontEnd, Request as Line, Session};
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
    /// The map the mesh is for (`--level`): the map commands need it.
    pub level: Option<&'a Path>,
    /// The navmesh to edit in a plugin or `.nav2` (`--navmesh`).
    pub navmesh: Option<&'a str>,
}

pub fn run(req: &Request<'_>) -> Result<(), Failure> {
    let mut session = open(req.input)?;
    if let Some(level) = req.level {
        let world = navforge_edit_level::LevelWorld::open(level).map_err(Failure::BadInput)?;
        session
            .set_world(world.shared())
            .map_err(|e| Failure::Usage(format!("--level {}: {e}", level.display())))?;
    }
    if let Some(name) = req.navmesh {
        session
            .run_line(&format!("navmesh {name}"))
            .map_err(|e| Failure::Usage(format!("--navmesh {name}: {e}")))?;
    }
    match req.script {
        Some(script) => run_script(req, session, script),
        None => prompt(req, session),
    }
}

/// Open a file for editing; formats the editor only reads get a message that says so.
fn open(path: &Path) -> Result<Session, Failure> {
    let data = read_file(path)?;
    navforge_edit::open(&data).map_err(|e| Failure::file(path, e))
}

/// Files a script asked for, written only when every line succeeded.
type Pending = Vec<(PathBuf, Vec<u8>)>;

fn run_script(req: &Request<'_>, session: Session, script: &Path) -> Result<(), Failure> {
    if req.output.is_none() && !req.dry_run {
        return Err(Failure::Usage(
            "a script needs -o OUT (or --dry-run to see what would change)".into(),
        ));
    }
    let text = read_file(script)?;
    let text = String::from_utf8(text)
        .map_err(|e| Failure::file(script, format!("not UTF-8 text: {e}")))?;
    let original = session.clone();
    let mut session = session;
    // A script prints one diff at the end, not one per line.
    session.set_diffs(false);
    let mut pending: Pending = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |why: String| Failure::BadInput(format!("{}:{}: {why}", script.display(), n + 1));
        let Some(request) = session.parse(line).map_err(|e| at(e.to_string()))? else {
            continue;
        };
        // What a map query finds (nav_check_floor, nav_update_blocked, ...) is its output.
        let query = matches!(&request, Line::Areas(Command::Map(op)) if !op.edits());
        match front_end(&mut session, request, &mut pending).map_err(at)? {
            Flow::Quit => break,
            Flow::Save(_) => {
                return Err(at("`save` is for the prompt; scripts write -o OUT".into()));
            }
            Flow::Done(found) if query => println!("{found}"),
            Flow::Done(_) => {}
        }
    }
    let changes = session
        .changes_since(&original)
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    let bytes = session.write().map_err(|e| {
        Failure::file(
            req.output.unwrap_or(req.input),
            format!("the edited file does not write: {e}"),
        )
    })?;
    if req.dry_run {
        println!("dry run: nothing written; the script would change:");
        print!("{changes}");
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
        eprintln!("{}: {}", out.display(), changes.counts());
    }
    Ok(())
}

/// What the front end does after a command.
enum Flow {
    /// Print this.
    Done(String),
    /// Write the document (to this file, or the default).
    Save(Option<String>),
    /// Stop.
    Quit,
}

/// Run a command, handling the ones that read or write files.
fn front_end(session: &mut Session, request: Line, pending: &mut Pending) -> Result<Flow, String> {
    Ok(match request.front_end() {
        Some(FrontEnd::Quit) => Flow::Quit,
        Some(FrontEnd::Save(p)) => Flow::Save(p),
        Some(FrontEnd::Help) => Flow::Done(session.help()),
        Some(FrontEnd::SaveSelected(path)) => {
            let text = session.save_selected().map_err(|e| e.to_string())?;
            pending.push((PathBuf::from(&path), text));
            Flow::Done(format!("saved the selected set to {path}"))
        }
        Some(FrontEnd::MergeMesh(path)) => {
            // A file this script saved is written at the end: merge what it saved.
            let saved = pending
                .iter()
                .rev()
                .find(|(p, _)| p.as_path() == Path::new(&path));
            let text = match saved {
                Some((_, text)) => text.clone(),
                None => std::fs::read(&path).map_err(|e| format!("{path}: cannot read: {e}"))?,
            };
            let out = session
                .execute(Line::Areas(Command::MergeMesh { path, text }))
                .map_err(|e| e.to_string())?;
            Flow::Done(format!(
                "{}\n{}",
                out.message,
                out.changes.to_string().trim_end()
            ))
        }
        // A later front end may know more commands; this one runs the rest as edits.
        Some(_) | None => {
            let out = session.execute(request).map_err(|e| e.to_string())?;
            if out.changes.is_empty() {
                Flow::Done(out.message)
            } else {
                Flow::Done(format!(
                    "{}\n{}",
                    out.message,
                    out.changes.to_string().trim_end()
                ))
            }
        }
    })
}

/// Completion of command words and area IDs or node numbers.
#[derive(Helper, Hinter, Highlighter, Validator)]
struct Complete {
    words: &'static [&'static str],
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
        let (start, word) = word_at(line, pos);
        let numeric = word.chars().next().is_some_and(|c| c.is_ascii_digit());
        let pool: Vec<&str> = if start == 0 || !numeric && !word.is_empty() {
            self.words.to_vec()
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

/// The word the cursor at byte `pos` ends: its start and text. Positions are char boundaries
/// whatever the line holds (a multi-byte space, letters of any script); a `pos` inside a
/// character or past the end takes the whole line.
fn word_at(line: &str, pos: usize) -> (usize, &str) {
    let head = line.get(..pos).unwrap_or(line);
    let start = head
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    (start, &head[start..])
}

fn prompt(req: &Request<'_>, mut session: Session) -> Result<(), Failure> {
    let mut rl = rustyline::Editor::<Complete, DefaultHistory>::new()
        .map_err(|e| Failure::BadInput(format!("cannot open the prompt: {e}")))?;
    rl.set_helper(Some(Complete {
        words: session.command_names(),
        ids: session.ids(),
    }));
    let default_out = req.output.unwrap_or(req.input).to_path_buf();
    println!(
        "navforge edit {}: {}. `help` lists commands, `save [FILE]` writes, `quit` leaves.",
        req.input.display(),
        session.describe()
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
        let request = match session.parse(&line) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(e) => {
                println!("error: {e}");
                continue;
            }
        };
        let mut pending = Vec::new();
        match front_end(&mut session, request, &mut pending) {
            Err(e) => println!("error: {e}"),
            Ok(Flow::Quit) => break,
            Ok(Flow::Done(msg)) => println!("{msg}"),
            Ok(Flow::Save(path)) => {
                let path = path.map_or_else(|| default_out.clone(), PathBuf::from);
                match session.write() {
                    Ok(bytes) => match write_file(&path, &bytes) {
                        Ok(()) => println!("saved {}", path.display()),
                        Err(e) => println!("error: {}", e.message()),
                    },
                    Err(e) => println!("error: {}: the file does not write: {e}", path.display()),
                }
            }
        }
        for (path, text) in pending {
            if let Err(e) = write_file(&path, &text) {
                println!("error: {}", e.message());
            }
        }
        if let Some(h) = rl.helper_mut() {
            h.ids = session.ids();
        }
    }
    Ok(())
}

/// `navforge diff A B [--json]`.
pub fn diff(a: &Path, b: &Path, json: bool) -> Result<(), Failure> {
    let (sa, sb) = (open(a)?, open(b)?);
    let changes = sb
        .changes_since(&sa)
        .map_err(|e| Failure::BadInput(format!("{} and {}: {e}", a.display(), b.display())))?;
    if json {
        let text = serde_json::to_string(&changes)
            .map_err(|e| Failure::BadInput(format!("cannot write JSON: {e}")))?;
        println!("{text}");
    } else {
        println!("{} -> {}", a.display(), b.display());
        print!("{changes}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::word_at;

    #[test]
    fn completion_words_end_on_char_boundaries() {
        assert_eq!(word_at("attribute 3 +cr", 15), (12, "+cr"));
        // U+3000 (3 bytes) and U+00A0 (2 bytes) are whitespace: the word starts after them.
        assert_eq!(word_at("attribute\u{3000}éj", 15), (12, "éj"));
        assert_eq!(word_at("a\u{a0}b", 4), (3, "b"));
        assert_eq!(word_at("éjump", 1), (0, "éjump"));
        assert_eq!(word_at("", 0), (0, ""));
    }
}
