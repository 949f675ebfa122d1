//! 50 clients on loopback read and edit one file for 10 seconds. Every accepted edit is in the
//! saved file, every stale one is refused (never applied), and every request is answered.
//! Bounded: 10 s and at most 2,000 rounds per client.

mod common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use common::{Request, Running, buffer_header, corpus_copy, serve};
use serde_json::json;

const CLIENTS: usize = 50;
const SECONDS: u64 = 10;
const MAX_ROUNDS: usize = 2_000;

/// What one client saw.
#[derive(Default)]
struct Seen {
    /// (version the edit produced, area it created, its corner)
    accepted: Vec<(u64, u32, [f32; 2])>,
    stale: usize,
    reads: usize,
    latencies_ms: Vec<f64>,
    failures: Vec<String>,
}

fn timed(s: &Running, req: Request, seen: &mut Seen) -> Option<common::Answer> {
    let t = Instant::now();
    match req.like_the_page(s).send(s.addr) {
        Ok(a) => {
            seen.latencies_ms.push(t.elapsed().as_secs_f64() * 1e3);
            Some(a)
        }
        Err(e) => {
            seen.failures.push(format!("no answer: {e}"));
            None
        }
    }
}

fn client(s: &Running, k: usize, deadline: Instant) -> Seen {
    let mut seen = Seen::default();
    for n in 0..MAX_ROUNDS {
        if Instant::now() > deadline {
            break;
        }
        let Some(state) = timed(s, Request::get("/api/state"), &mut seen) else {
            break;
        };
        seen.reads += 1;
        let v = state.json()["version"].as_u64().unwrap();
        if n % 5 == 4 {
            let Some(mesh) = timed(s, Request::get("/api/mesh"), &mut seen) else {
                break;
            };
            let (h, _) = buffer_header(&mesh.body);
            assert!(h["state"]["version"].as_u64().unwrap() >= v);
            seen.reads += 1;
        }
        // A 100-unit square of this client's own, far from the mesh.
        let (x, y) = (20_000.0 + 200.0 * k as f32, 20_000.0 + 200.0 * n as f32);
        let command = format!("create {x},{y},0 {},{},0", x + 100.0, y + 100.0);
        let body = json!({"command": command, "version": v});
        let Some(a) = timed(s, Request::post_json("/api/edit", &body), &mut seen) else {
            break;
        };
        match a.status {
            200 => {
                let r = a.json();
                let added = r["diff"]["added"].as_array().unwrap();
                assert_eq!(added.len(), 1, "{r}");
                assert_eq!(
                    r["version"],
                    v + 1,
                    "an accepted edit was made on the current version"
                );
                seen.accepted
                    .push((v + 1, added[0].as_u64().unwrap() as u32, [x, y]));
            }
            409 => {
                let r = a.json();
                assert_eq!(r["error"], "stale");
                assert!(
                    r["version"].as_u64().unwrap() > v,
                    "refused although current: {r}"
                );
                seen.stale += 1;
            }
            other => seen
                .failures
                .push(format!("{other}: {}", String::from_utf8_lossy(&a.body))),
        }
    }
    seen
}

#[test]
fn fifty_clients_reading_and_editing_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", "goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let before = navforge::Document::read(&std::fs::read(&nav).unwrap())
        .unwrap()
        .to_model();
    let s = serve(&nav, None);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(SECONDS);
    let seen: Vec<Seen> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..CLIENTS)
            .map(|k| {
                let s = &s;
                scope.spawn(move || client(s, k, deadline))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let elapsed = start.elapsed();

    let failures: Vec<&String> = seen.iter().flat_map(|c| &c.failures).collect();
    assert!(
        failures.is_empty(),
        "{} failures, e.g. {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    let accepted: Vec<_> = seen
        .iter()
        .flat_map(|c| c.accepted.iter().copied())
        .collect();
    let stale: usize = seen.iter().map(|c| c.stale).sum();
    let reads: usize = seen.iter().map(|c| c.reads).sum();
    assert!(
        !accepted.is_empty() && stale > 0,
        "{} accepted, {stale} stale",
        accepted.len()
    );
    // Each accepted edit made exactly one new version: versions 2..=final, none twice.
    let versions: BTreeSet<u64> = accepted.iter().map(|a| a.0).collect();
    assert_eq!(
        versions.len(),
        accepted.len(),
        "two edits claimed one version"
    );
    let last = common::version(&s);
    assert_eq!(versions, (2..=last).collect::<BTreeSet<u64>>());

    // Every accepted edit is in the saved file, and nothing else was added.
    let saved = common::post(&s, "/api/save", json!({"version": last}));
    assert_eq!(saved.status, 200);
    let after = navforge::Document::read(&std::fs::read(&nav).unwrap())
        .unwrap()
        .to_model();
    assert_eq!(after.areas.len(), before.areas.len() + accepted.len());
    for (_, id, [x, y]) in &accepted {
        let a = after
            .areas
            .iter()
            .find(|a| a.id == u64::from(*id))
            .unwrap_or_else(|| panic!("accepted area {id} is not in the file"));
        let x0 = a.polygon.iter().map(|p| p[0]).fold(f32::INFINITY, f32::min);
        let y0 = a.polygon.iter().map(|p| p[1]).fold(f32::INFINITY, f32::min);
        assert_eq!((x0, y0), (*x, *y), "area {id}");
    }

    let mut lat: Vec<f64> = seen
        .iter()
        .flat_map(|c| c.latencies_ms.iter().copied())
        .collect();
    lat.sort_by(f64::total_cmp);
    let pct = |p: f64| lat[((lat.len() - 1) as f64 * p) as usize];
    println!(
        "{CLIENTS} clients, {:.1} s: {} requests ({reads} reads), {} edits accepted, {stale} stale \
         refused; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        elapsed.as_secs_f64(),
        lat.len(),
        accepted.len(),
        pct(0.5),
        pct(0.99),
        pct(1.0)
    );
}
