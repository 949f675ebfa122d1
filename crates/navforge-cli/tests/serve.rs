//! `navforge serve`: the first line is the page's URL with its token; the page and API answer;
//! Ctrl+C stops it cleanly, and with unsaved edits writes them to a recovery file that the next
//! `navforge serve` mentions and `--recover` opens; bad input exits 1 and a busy port exits 2.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

fn get(addr: &str, path: &str, token: Option<&str>) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let auth = token
        .map(|t| format!("X-Navforge-Token: {t}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn serve_prints_its_url_first_answers_and_stops_on_ctrl_c() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(nav) = tf2_copy(tmp.path()) else {
        return;
    };
    let Served {
        mut child,
        addr,
        token,
    } = Served::start(&[nav.as_os_str()]);
    let token = token.as_str();
    let port = addr
        .strip_prefix("127.0.0.1:")
        .unwrap_or_else(|| panic!("{addr}"));
    assert!(port.parse::<u16>().is_ok_and(|p| p > 0), "{addr}");
    assert!(
        token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "{token}"
    );
    assert!(get(&addr, "/", None).starts_with("HTTP/1.1 200"));
    let state = get(&addr, "/api/state", Some(token));
    assert!(
        state.starts_with("HTTP/1.1 200") && state.contains("tf2_itemtest.nav"),
        "{state}"
    );
    assert!(get(&addr, "/api/state", None).starts_with("HTTP/1.1 401"));

    #[cfg(unix)]
    {
        let pid = child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-INT", &pid])
                .status()
                .unwrap()
                .success()
        );
        let mut waited = 0;
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            assert!(waited < 200, "navforge serve did not stop on SIGINT");
            std::thread::sleep(Duration::from_millis(50));
            waited += 1;
        };
        assert!(status.success(), "{status:?}");
    }
    #[cfg(not(unix))]
    {
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn serve_refuses_what_it_cannot_show_and_a_busy_port() {
    let tmp = tempfile::tempdir().unwrap();
    let junk = tmp.path().join("junk.nav");
    std::fs::write(&junk, b"not a mesh").unwrap();
    let out = common::navforge(&[&"serve", &junk]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        common::stderr(&out).contains("junk.nav"),
        "{}",
        common::stderr(&out)
    );
    let Some(dir) = navforge_core::testing::corpus_dir("source-nav") else {
        return;
    };
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let out = common::navforge(&[&"serve", &dir.join("tf2_itemtest.nav"), &"--port", &port]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::stderr(&out).contains(&port),
        "{}",
        common::stderr(&out)
    );
}

/// A copy of the corpus's `tf2_itemtest.nav` in `dir`, or `None` (skipped with a printed
/// reason).
fn tf2_copy(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    let corpus = navforge_core::testing::corpus_dir("source-nav")?;
    let nav = dir.join("tf2_itemtest.nav");
    std::fs::copy(corpus.join("tf2_itemtest.nav"), &nav).unwrap();
    Some(nav)
}

/// A running `navforge serve`: its address, token and standard error (read to the end once it
/// stops).
struct Served {
    child: std::process::Child,
    addr: String,
    token: String,
}

impl Served {
    /// `navforge serve ARGS`, once it printed its URL (`http://ADDR/?token=TOKEN`) first.
    fn start(args: &[&std::ffi::OsStr]) -> Served {
        let mut child = common::command()
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let rest = first
            .trim_end()
            .strip_prefix("http://")
            .unwrap_or_else(|| panic!("{first}"));
        let (addr, token) = rest.split_once("/?token=").unwrap();
        Served {
            child,
            addr: addr.to_string(),
            token: token.to_string(),
        }
    }

    /// POST JSON as the page does; the answer.
    #[cfg(unix)]
    fn post(&self, path: &str, body: &str) -> String {
        let mut s = std::net::TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            s,
            "POST {path} HTTP/1.1\r\nHost: {}\r\nX-Navforge-Token: {}\r\nContent-Type: \
             application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            self.token,
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    /// Ctrl+C (SIGTERM where this process ignores SIGINT: a background job); its exit and
    /// standard error.
    #[cfg(unix)]
    fn interrupt(mut self) -> (std::process::ExitStatus, String) {
        let signal = if sigint_ignored() { "-TERM" } else { "-INT" };
        let pid = self.child.id().to_string();
        assert!(
            Command::new("kill")
                .args([signal, &pid])
                .status()
                .unwrap()
                .success()
        );
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        (self.child.wait().unwrap(), err)
    }
}

/// Whether this process ignores SIGINT (started in the background without job control); its
/// children then do too, and SIGTERM stands in for Ctrl+C.
#[cfg(unix)]
fn sigint_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let mask = s.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

/// Ctrl+C with an unsaved edit: the edit is in a recovery file beside the file, which is
/// untouched; the message says where and how to open it; serving the file again mentions it;
/// `--recover` opens it as unsaved edits, and Ctrl+C then writes the same recovery file again.
#[cfg(unix)]
#[test]
fn ctrl_c_with_unsaved_edits_keeps_them_in_a_recovery_file() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(nav) = tf2_copy(tmp.path()) else {
        return;
    };
    let original = std::fs::read(&nav).unwrap();
    let doc = navforge::Document::read(&original).unwrap();
    let line = format!("delete {}", doc.to_model().areas[0].id);

    let served = Served::start(&[nav.as_os_str()]);
    let answer = served.post(
        "/api/edit",
        &format!(r#"{{"command": "{line}", "version": 1}}"#),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let (status, err) = served.interrupt();
    assert!(status.success(), "{status:?}: {err}");
    let recovery = tmp.path().join("tf2_itemtest.recovery.nav");
    let mut engine = navforge_edit::open(&original).unwrap();
    engine.run_line(&line).unwrap();
    assert_eq!(
        std::fs::read(&recovery).unwrap_or_else(|e| panic!("{e}: {err}")),
        engine.write().unwrap(),
        "the recovery file holds the unsaved edit"
    );
    assert_eq!(
        std::fs::read(&nav).unwrap(),
        original,
        "the file is untouched"
    );
    assert!(
        err.contains(&recovery.display().to_string()) && err.contains("--recover"),
        "{err}"
    );

    // Served again: a note names the recovery file and how to open it.
    let served = Served::start(&[nav.as_os_str()]);
    let (_, err) = served.interrupt();
    assert!(
        err.contains(&format!("note: {}", recovery.display())) && err.contains("--recover"),
        "{err}"
    );
    assert!(err.contains("nothing was left unsaved"), "{err}");

    // --recover: the edit is there, unsaved; Ctrl+C writes it to the same recovery file.
    let served = Served::start(&[nav.as_os_str(), "--recover".as_ref()]);
    let state = get(&served.addr, "/api/state", Some(&served.token));
    assert!(state.contains(r#""dirty":true"#), "{state}");
    let (status, err) = served.interrupt();
    assert!(status.success(), "{err}");
    assert!(err.contains(&recovery.display().to_string()), "{err}");
    let mut names: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["tf2_itemtest.nav", "tf2_itemtest.recovery.nav"]);
    assert_eq!(std::fs::read(&nav).unwrap(), original);
}

#[test]
fn recover_with_nothing_to_recover_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(nav) = tf2_copy(tmp.path()) else {
        return;
    };
    let out = common::navforge(&[&"serve", &nav, &"--recover"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::stderr(&out).contains("tf2_itemtest.recovery.nav"),
        "{}",
        common::stderr(&out)
    );
}

#[test]
fn navmesh_chooses_the_triangle_navmesh_the_page_edits() {
    // `--navmesh` as in `navforge edit`: the page edits Dwemer Secrets' 0x000B83E0; an ID the
    // plugin does not hold is bad input (exit 1), named.
    let Some(dir) = navforge_core::testing::corpus_dir("tes-plugin") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let esp = tmp.path().join("skyrim_Dwemer_Secrets.esp");
    std::fs::copy(dir.join("skyrim_Dwemer_Secrets.esp"), &esp).unwrap();
    let out = common::navforge(&[&"serve", &esp, &"--navmesh", &"0x12345678"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        common::stderr(&out).contains("--navmesh 0x12345678"),
        "{}",
        common::stderr(&out)
    );
    let served = Served::start(&[esp.as_os_str(), "--navmesh".as_ref(), "0x000B83E0".as_ref()]);
    let state = get(&served.addr, "/api/state", Some(&served.token));
    assert!(
        state.contains(r#""navmesh":"0x000B83E0""#) && state.contains(r#""edits":"triangles""#),
        "{state}"
    );
    let mut child = served.child;
    child.kill().unwrap();
    child.wait().unwrap();
}
