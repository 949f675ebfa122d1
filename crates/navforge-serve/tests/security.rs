//! What the server refuses: foreign `Host`s (DNS rebinding), requests without the session
//! token, cross-origin writes, path traversal, oversized bodies; and what it never does: write
//! any file but the one it opened (and its recovery file); and what it does not let a client
//! hold: a connection that never finishes its request head, or more than its connections.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{Events, Request, Running, corpus_copy, listing, serve, serve_with};
use serde_json::json;

fn setup() -> Option<(tempfile::TempDir, Running)> {
    let dir = tempfile::tempdir().unwrap();
    let nav = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav")?;
    let s = serve(&nav, None);
    Some((dir, s))
}

fn edit_body(version: u64) -> serde_json::Value {
    json!({"command": "delete 1", "version": version})
}

/// The mesh is as it was: version 1, no history.
fn untouched(s: &Running) {
    let state = Request::get("/api/state")
        .like_the_page(s)
        .send(s.addr)
        .unwrap()
        .json();
    assert_eq!(state["version"], 1);
    assert_eq!(state["history"]["undo"], json!([]));
}

#[test]
fn a_foreign_host_is_refused_everywhere() {
    let Some((_dir, s)) = setup() else { return };
    let port = s.addr.port();
    let hosts = [
        format!("evil.example:{port}"),
        format!("127.0.0.1.evil.example:{port}"),
        format!("localhost.evil.example:{port}"),
        "evil.example".to_string(),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("[::2]:{port}"),
        String::new(),
    ];
    for host in &hosts {
        for req in [
            Request::get("/"),
            Request::get("/app.js"),
            Request::get("/api/mesh"),
            Request::post_json("/api/edit", &edit_body(1)),
            Request::post_json("/api/save", &json!({"version": 1})),
        ] {
            let a = req
                .header("Host", host)
                .header("X-Navforge-Token", &s.token)
                .send(s.addr)
                .unwrap();
            assert!(
                a.status == 403 || a.status == 400,
                "{} {} with Host `{host}`: {}",
                req_name(&a),
                a.status,
                String::from_utf8_lossy(&a.body)
            );
            if a.status == 403 {
                assert_eq!(a.json()["error"], "forbidden-host");
            }
        }
    }
    // No Host at all (HTTP/1.0 style).
    let a = Request::get("/")
        .header("X-Navforge-Token", &s.token)
        .send(s.addr)
        .unwrap();
    assert!(a.status == 403 || a.status == 400, "{}", a.status);
    // The names that are this machine are served.
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ] {
        let a = Request::get("/api/state")
            .header("Host", &host)
            .header("X-Navforge-Token", &s.token)
            .send(s.addr)
            .unwrap();
        assert_eq!(a.status, 200, "{host}");
    }
    untouched(&s);
}

fn req_name(a: &common::Answer) -> String {
    a.header("content-type").unwrap_or("").to_string()
}

#[test]
fn the_api_needs_the_session_token() {
    let Some((_dir, s)) = setup() else { return };
    let host = s.addr.to_string();
    let wrong = "0".repeat(32);
    for token in [None, Some(wrong.as_str()), Some(""), Some(&s.token[..31])] {
        for req in [
            Request::get("/api/mesh"),
            Request::get("/api/state"),
            Request::get("/api/check"),
            Request::get("/api/events"),
            Request::post_json("/api/edit", &edit_body(1)),
            Request::post_json("/api/save", &json!({"version": 1})),
        ] {
            let mut req = req.header("Host", &host);
            if let Some(t) = token {
                req = req.header("X-Navforge-Token", t);
            }
            let a = req.send(s.addr).unwrap();
            assert_eq!(a.status, 401, "token {token:?}");
            assert_eq!(a.json()["error"], "unauthorized");
        }
    }
    // A token in the query works for reads (event streams cannot set headers), and the page
    // itself carries no secret.
    let a = Request::get(&format!("/api/state?token={}", s.token))
        .header("Host", &host)
        .send(s.addr)
        .unwrap();
    assert_eq!(a.status, 200);
    let page = Request::get("/")
        .header("Host", &host)
        .send(s.addr)
        .unwrap();
    assert_eq!(page.status, 200);
    assert!(!String::from_utf8_lossy(&page.body).contains(&s.token));
    untouched(&s);
}

#[test]
fn cross_origin_writes_are_refused() {
    let Some((_dir, s)) = setup() else { return };
    let port = s.addr.port();
    let post = |extra: &[(&str, &str)]| {
        let mut r = Request::post_json("/api/edit", &edit_body(1)).like_the_page(&s);
        for (k, v) in extra {
            r = r.header(k, v);
        }
        r.send(s.addr).unwrap()
    };
    for origin in [
        "http://evil.example".to_string(),
        format!("http://evil.example:{port}"),
        "null".to_string(),
        format!("https://127.0.0.1:{port}"),
        format!("http://127.0.0.1:{}", port.wrapping_add(1)),
    ] {
        let a = post(&[("Origin", &origin)]);
        assert_eq!(a.status, 403, "Origin {origin}");
        assert_eq!(a.json()["error"], "cross-origin");
    }
    for site in ["cross-site", "same-site"] {
        let a = post(&[("Sec-Fetch-Site", site)]);
        assert_eq!(a.status, 403, "Sec-Fetch-Site {site}");
    }
    // A form or `no-cors` fetch cannot send JSON: anything else is refused.
    let form = Request {
        method: "POST",
        path: "/api/edit",
        headers: vec![("Content-Type".into(), "text/plain".into())],
        body: serde_json::to_vec(&edit_body(1)).unwrap(),
    }
    .like_the_page(&s)
    .send(s.addr)
    .unwrap();
    assert_eq!(form.status, 415);
    untouched(&s);
    // The page's own origin is fine.
    let own = format!("http://localhost:{port}");
    let a = post(&[("Origin", &own), ("Sec-Fetch-Site", "same-origin")]);
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
}

#[test]
fn paths_outside_the_page_lead_nowhere() {
    let Some((dir, s)) = setup() else { return };
    let before = listing(dir.path());
    for path in [
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2f..%2fetc%2fpasswd",
        "/api/../../../../etc/passwd",
        "/app.js/../../../Cargo.toml",
        "/goldsrc-cs16_zm_ice_attack.nav",
        "/web/src/main.js",
        "/api/file?path=/etc/passwd",
    ] {
        let a = Request::get(path).like_the_page(&s).send(s.addr).unwrap();
        assert!(matches!(a.status, 400 | 404), "{path}: {}", a.status);
        let body = String::from_utf8_lossy(&a.body);
        assert!(
            !body.contains("root:") && !body.contains("[package]"),
            "{path}: {body}"
        );
    }
    // A save names no file, and a body that tries is refused.
    let a = Request::post_json("/api/save", &json!({"version": 1, "path": "../stolen.nav"}))
        .like_the_page(&s)
        .send(s.addr)
        .unwrap();
    assert!(matches!(a.status, 400 | 422), "{}", a.status);
    // Commands that write or read other files are refused.
    for line in [
        "save-selected ../../stolen.txt",
        "merge-mesh ../../../etc/passwd",
        "save /tmp/x.nav",
    ] {
        let a = Request::post_json("/api/edit", &json!({"command": line, "version": 1}))
            .like_the_page(&s)
            .send(s.addr)
            .unwrap();
        assert_eq!(a.status, 422, "{line}");
    }
    assert_eq!(listing(dir.path()), before);
    assert!(!dir.path().parent().unwrap().join("stolen.txt").exists());
    untouched(&s);
}

#[test]
fn oversized_bodies_are_refused() {
    let Some((_dir, s)) = setup() else { return };
    let huge = json!({"command": "x".repeat(2 * navforge_serve::BODY_LIMIT), "version": 1});
    for path in ["/api/edit", "/api/save"] {
        let a = Request::post_json(path, &huge)
            .like_the_page(&s)
            .send(s.addr)
            .unwrap();
        assert_eq!(a.status, 413, "{path}");
        assert_eq!(a.json()["error"], "too-large");
    }
    // Just under the limit: parsed, and refused as a command, not a crash.
    let long = json!({"command": format!("delete {}", "1 ".repeat(navforge_serve::BODY_LIMIT / 2 - 100)), "version": 1});
    let a = Request::post_json("/api/edit", &long)
        .like_the_page(&s)
        .send(s.addr)
        .unwrap();
    assert!(a.status == 200 || a.status == 422, "{}", a.status);
    // Malformed JSON is a clear 4xx.
    let bad = Request {
        method: "POST",
        path: "/api/edit",
        headers: vec![("Content-Type".into(), "application/json".into())],
        body: b"{\"command\": ".to_vec(),
    }
    .like_the_page(&s)
    .send(s.addr)
    .unwrap();
    assert!(matches!(bad.status, 400 | 422), "{}", bad.status);
}

#[test]
fn answers_carry_headers_that_keep_the_token_and_page_to_themselves() {
    let Some((_dir, s)) = setup() else { return };
    let a = Request::get("/").like_the_page(&s).send(s.addr).unwrap();
    assert_eq!(a.header("referrer-policy"), Some("no-referrer"));
    assert_eq!(a.header("x-frame-options"), Some("DENY"));
    let csp = a.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
}

#[test]
fn the_server_listens_on_loopback_only() {
    let Some((_dir, s)) = setup() else { return };
    assert!(s.addr.ip().is_loopback(), "{}", s.addr);
    assert_eq!(s.addr.ip().to_string(), "127.0.0.1");
}

/// Slowloris: connections that send part of a request head (or nothing) are closed after the
/// header timeout instead of holding a descriptor each for ever; the server answers after.
#[test]
fn half_sent_requests_are_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let s = serve_with(navforge_serve::Options {
        file: nav,
        header_timeout: Some(Duration::from_secs(1)),
        ..Default::default()
    });
    let host = s.addr.to_string();
    let halves = [
        String::new(),
        "GET / HTTP/1.1\r\n".to_string(),
        format!("GET /api/state HTTP/1.1\r\nHost: {host}\r\nX-Navforge-To"),
        format!("POST /api/edit HTTP/1.1\r\nHost: {host}\r\nContent-Length: 10\r\n"),
    ];
    let mut held: Vec<TcpStream> = (0..200)
        .map(|i| {
            let mut c = TcpStream::connect(s.addr).unwrap();
            c.write_all(halves[i % halves.len()].as_bytes()).unwrap();
            // Far longer than the timeout: a read that times out is a connection still held.
            c.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
            c
        })
        .collect();
    for (i, c) in held.iter_mut().enumerate() {
        let mut answer = Vec::new();
        match c.read_to_end(&mut answer) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
            Err(e) => panic!("half-sent request {i} was not closed: {e}"),
        }
        // Closed without an answer, or with a refusal; never served.
        let text = String::from_utf8_lossy(&answer);
        assert!(
            answer.is_empty() || text.starts_with("HTTP/1.1 4"),
            "half-sent request {i} got: {text}"
        );
    }
    let a = Request::get("/api/state")
        .like_the_page(&s)
        .send(s.addr)
        .unwrap();
    assert_eq!(a.status, 200);
}

/// Connections over the limit wait in the listen queue (holding nothing of the server's) and
/// are served as soon as one closes.
#[test]
fn connections_over_the_limit_wait_until_one_closes() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let s = serve_with(navforge_serve::Options {
        file: nav,
        max_connections: Some(4),
        ..Default::default()
    });
    // Four tabs' event streams, each served (its first event arrived): every slot taken.
    let mut tabs: Vec<Events> = (0..4).map(|_| Events::open(&s)).collect();
    for t in &mut tabs {
        assert_eq!(t.next().unwrap()["what"], "hello");
    }
    let mut late = TcpStream::connect(s.addr).unwrap();
    write!(
        late,
        "GET /api/state HTTP/1.1\r\nHost: {}\r\nX-Navforge-Token: {}\r\nConnection: close\r\n\r\n",
        s.addr, s.token
    )
    .unwrap();
    late.set_read_timeout(Some(Duration::from_millis(1500)))
        .unwrap();
    let mut first = [0u8; 1];
    let waited = late.read(&mut first);
    assert!(
        matches!(&waited, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "a fifth connection was served while four held every slot: {waited:?}"
    );
    drop(tabs.pop());
    late.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = Vec::new();
    late.read_to_end(&mut answer).unwrap();
    assert!(
        String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
}
