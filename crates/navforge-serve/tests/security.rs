//! What the server refuses: foreign `Host`s (DNS rebinding), requests without the session
//! token, cross-origin writes, path traversal, oversized bodies; and what it never does: write
//! any file but the one it opened.

mod common;

use common::{Request, Running, corpus_copy, listing, serve};
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
