//! `navforge serve`: the first line is the page's URL with its token; the page and API answer;
//! Ctrl+C stops it cleanly; bad input exits 1 and a busy port exits 2.

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
    let Some(dir) = navforge_core::testing::corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let nav = tmp.path().join("tf2_itemtest.nav");
    std::fs::copy(dir.join("tf2_itemtest.nav"), &nav).unwrap();
    let mut child = common::command()
        .arg("serve")
        .arg(&nav)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first.trim_end();
    let rest = url
        .strip_prefix("http://127.0.0.1:")
        .unwrap_or_else(|| panic!("{url}"));
    let (port, token) = rest.split_once("/?token=").unwrap();
    assert!(port.parse::<u16>().is_ok_and(|p| p > 0), "{url}");
    assert!(
        token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "{url}"
    );
    let addr = format!("127.0.0.1:{port}");
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
