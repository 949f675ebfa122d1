//! The page in real headless Chromium, driven over WebDriver (`chromedriver` + `fantoccini`):
//! it draws, it edits through real clicks and keys, it saves, it finds paths. Also measures the
//! time to interactive of the largest corpus mesh and the edit round trip (printed, not
//! asserted).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without them the
//! tests print why and pass, unless `NAVFORGE_CORPUS_REQUIRED=1` (CI), where they fail.
//! `NAVFORGE_SERVE_SCREENSHOT=docs/serve.png` also writes the screenshot in docs/serve.md.
//! `NAVFORGE_SERVE_GRAPH_SCREENSHOT=docs/serve-graph.png` writes the Quake graph's.
//! `NAVFORGE_SERVE_SHOT_DIR=/tmp/shots` writes pictures of the notices (server gone, recovery,
//! nothing to draw) there, to look at.
//!
//! One file of about 900 lines: every scenario shares the browser harness at its top, and the
//! suite runs one browser at a time through its lock.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::Running;
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction,
};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

/// One browser at a time: two headless Chromiums on two cores make timings and tests flaky.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

const WIDTH: u32 = 1400;
const HEIGHT: u32 = 860;

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Chromium and ChromeDriver, or why the test skips (a failure when CI requires them).
fn tools() -> Option<(PathBuf, PathBuf)> {
    let browser = std::env::var_os("NAVFORGE_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            ["chromium", "chromium-browser", "google-chrome"]
                .into_iter()
                .find_map(on_path)
        });
    let driver = on_path("chromedriver");
    match (browser, driver) {
        (Some(b), Some(d)) => Some((b, d)),
        _ => {
            let why = "skipped: the browser tests need `chromium` and `chromedriver` on PATH \
                       (apt-get install -y chromium chromium-driver)";
            let required = std::env::var("NAVFORGE_CORPUS_REQUIRED").is_ok_and(|v| v == "1");
            assert!(!required, "{why}, and NAVFORGE_CORPUS_REQUIRED=1");
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "{why}");
            None
        }
    }
}

/// A headless Chromium session; dropping it ends the driver.
struct Browser {
    client: Option<Client>,
    driver: Child,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Browser {
    async fn launch(chromium: &Path, chromedriver: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().unwrap();
        let args = vec![
            // As root, in a container: the flags Chromium needs to run headless at all.
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            // WebGL without a GPU: Chromium's software renderer.
            "--use-angle=swiftshader".into(),
            "--enable-unsafe-swiftshader".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--no-first-run".into(),
            "--disable-dev-shm-usage".into(),
            "--hide-scrollbars".into(),
            format!("--window-size={WIDTH},{HEIGHT}"),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({"binary": chromium, "args": args}),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session");
        Browser {
            client: Some(client),
            driver,
            _profile: profile,
        }
    }

    fn c(&self) -> &Client {
        self.client.as_ref().unwrap()
    }

    async fn close(mut self) {
        if let Some(c) = self.client.take() {
            let _ = c.close().await;
        }
    }

    async fn js(&self, script: &str) -> Value {
        self.c()
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Open the page and wait until it says it is interactive.
    async fn open(&self, url: &str) {
        self.c().goto(url).await.unwrap();
        self.wait(
            "the page to be ready",
            "return window.navforge && window.navforge.ready === true",
        )
        .await;
    }

    /// Poll a script until it returns true (failing with the page's errors and status).
    async fn wait(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if self.js(script).await == Value::Bool(true) {
                return;
            }
            if Instant::now() > deadline {
                let state = self
                    .js("return window.navforge ? {status: window.navforge.status, errors: window.navforge.errors, error: window.navforge.error} : null")
                    .await;
                panic!("timed out waiting for {what}; page: {state}");
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    async fn move_to(&self, x: f64, y: f64) {
        let mouse = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(20)),
            x: x.round(),
            y: y.round(),
        });
        self.c().perform_actions(mouse).await.unwrap();
    }

    /// Move over (x, y) and wait for the hover box (`what` names it); its text.
    async fn hover(&self, x: f64, y: f64, what: &str) -> Value {
        self.move_to(x, y).await;
        self.wait(what, "return !document.getElementById('tooltip').hidden")
            .await;
        self.js("return document.getElementById('tooltip').textContent")
            .await
    }

    async fn click(&self, x: f64, y: f64) {
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(20)),
                x: x.round(),
                y: y.round(),
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.c().perform_actions(mouse).await.unwrap();
    }

    /// A mouse gesture (of up to five steps) with Shift held down, as a user's Shift+click or
    /// Shift+drag.
    async fn with_shift(&self, mouse: MouseActions) {
        let shift: char = Key::Shift.into();
        let mut keys = KeyActions::new("keyboard".into()).then(KeyAction::Down { value: shift });
        for _ in 0..3 {
            keys = keys.then(KeyAction::Pause {
                duration: Duration::ZERO,
            });
        }
        let keys = keys.then(KeyAction::Up { value: shift });
        self.c()
            .perform_actions(fantoccini::actions::Actions::from(keys).and(mouse))
            .await
            .unwrap();
    }

    /// Press keys together (modifiers first), as a user would.
    async fn keys(&self, keys: &[char]) {
        let mut k = KeyActions::new("keyboard".into());
        for &c in keys {
            k = k.then(KeyAction::Down { value: c });
        }
        for &c in keys.iter().rev() {
            k = k.then(KeyAction::Up { value: c });
        }
        self.c().perform_actions(k).await.unwrap();
    }

    async fn area_count(&self) -> u64 {
        self.js("return window.navforge.app.mesh.count")
            .await
            .as_u64()
            .unwrap()
    }

    /// An area that a click on its centre picks (not hidden under another floor), near the
    /// middle of the view, with its screen position.
    async fn clickable_area(&self) -> (String, f64, f64) {
        self.clickable_area_where(
            "const [x0, y0, x1, y1] = m.box.subarray(4 * i, 4 * i + 4); \
             return x1 - x0 >= 40 && y1 - y0 >= 40;",
        )
        .await
    }

    /// [`Self::clickable_area`] among the areas `keep` (a function body of `i`, the area's
    /// index, `id`, `m` the mesh, `v` the view and `app`) returns true for.
    async fn clickable_area_where(&self, keep: &str) -> (String, f64, f64) {
        let found = self
            .js(&format!(
                r#"
                const app = window.navforge.app, m = app.mesh, v = app.view;
                const keep = (i, id) => {{ {keep} }};
                const r = document.getElementById('canvas').getBoundingClientRect();
                const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
                let best = null;
                for (let i = 0; i < m.count; i++) {{
                  if (!m.drawable(i) || !keep(i, m.ids[i])) continue;
                  const p = v.project(v.centre(i));
                  if (!p.inside || p.x < r.left + 60 || p.x > r.right - 60 || p.y < r.top + 60 || p.y > r.bottom - 60) continue;
                  if (navforge.pickAt(p.x, p.y) !== m.ids[i]) continue;
                  const d = Math.hypot(p.x - cx, p.y - cy);
                  if (!best || d < best.d) best = {{ id: m.ids[i], x: p.x, y: p.y, d }};
                }}
                return best;
            "#
            ))
            .await;
        assert!(found.is_object(), "no area can be clicked in the view");
        (
            found["id"].as_str().unwrap().to_string(),
            found["x"].as_f64().unwrap(),
            found["y"].as_f64().unwrap(),
        )
    }

    async fn selection(&self) -> Vec<String> {
        serde_json::from_value(self.js("return window.navforge.selection()").await).unwrap()
    }
}

/// Everything a scenario needs: the lock, a browser, a server on a copy of a corpus file.
struct Scenario {
    browser: Browser,
    server: Running,
    _dir: tempfile::TempDir,
    _lock: tokio::sync::MutexGuard<'static, ()>,
}

/// A left-button gesture: press at `from`, drag (in 150 ms) to `to` if given, release, pause.
fn gesture(from: (f64, f64), to: Option<(f64, f64)>) -> MouseActions {
    let mut mouse = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: from.0,
            y: from.1,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        });
    if let Some(to) = to {
        mouse = mouse.then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(150)),
            x: to.0,
            y: to.1,
        });
    }
    mouse
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Pause {
            duration: Duration::ZERO,
        })
}

/// `let $s = scenario(...)` on a corpus file with no level (the test returns, skipped with a
/// printed reason, without the browser, its driver or the file), and `let $b = &$s.browser`.
macro_rules! scenario {
    ($s:ident, $b:ident = $sub:expr, $name:expr) => {
        scenario!($s, $b = $sub, $name, None);
    };
    ($s:ident, $b:ident = $sub:expr, $name:expr, $level:expr) => {
        let Some($s) = scenario($sub, $name, $level).await else {
            return;
        };
        let $b = &$s.browser;
    };
}

async fn scenario(sub: &str, name: &str, level: Option<&str>) -> Option<Scenario> {
    let lock = ONE_AT_A_TIME.lock().await;
    let (chromium, driver) = tools()?;
    let dir = tempfile::tempdir().unwrap();
    let file = common::corpus_copy(dir.path(), sub, name)?;
    let level = level.map(|l| common::corpus_file(sub, l).unwrap());
    let server = common::serve(&file, level.as_deref());
    let browser = Browser::launch(&chromium, &driver).await;
    Some(Scenario {
        browser,
        server,
        _dir: dir,
        _lock: lock,
    })
}

/// Pixels of the view (left of the side panel) that are not the background colour, and how
/// many distinct colours they have.
fn drawn_pixels(png_bytes: &[u8]) -> (f64, usize) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let view_w = w.saturating_sub(340);
    let mut drawn = 0usize;
    let mut colours = std::collections::HashSet::new();
    // The middle of the view, clear of the toolbar and status line.
    for y in h / 10..h * 9 / 10 {
        for x in 0..view_w {
            let p = &buf[(y * w + x) * channels..][..3];
            if (p[0], p[1], p[2]) != (0xf6, 0xf4, 0xef) {
                drawn += 1;
                colours.insert((p[0] >> 3, p[1] >> 3, p[2] >> 3));
            }
        }
    }
    let total = (view_w * (h * 9 / 10 - h / 10)).max(1);
    (drawn as f64 / total as f64, colours.len())
}

#[tokio::test]
async fn a_corpus_mesh_over_its_level_draws_something() {
    let Some(s) = scenario(
        "level-pairs",
        "goldsrc_de_dust2.nav",
        Some("goldsrc_de_dust2.bsp"),
    )
    .await
    else {
        return;
    };
    let b = &s.browser;
    b.open(&s.server.url).await;
    let doc = navforge::Document::read(&std::fs::read(&s.server.file).unwrap()).unwrap();
    assert_eq!(b.area_count().await, doc.to_model().areas.len() as u64);
    // Hover an area so the inspector shows, then take the picture.
    let (id, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    let tip = b.hover(x, y, "the hover box").await;
    assert!(
        tip.as_str().unwrap().contains(&format!("area {id}")),
        "{tip}"
    );
    let png = b.c().screenshot().await.unwrap();
    let (drawn, colours) = drawn_pixels(&png);
    println!(
        "de_dust2 over its BSP: {:.0}% of the view drawn, {colours} colours",
        drawn * 100.0
    );
    assert!(
        drawn > 0.2,
        "the view is mostly blank: {:.1}% drawn",
        drawn * 100.0
    );
    assert!(colours > 20, "the view has only {colours} colours");
    if let Some(path) = std::env::var_os("NAVFORGE_SERVE_SCREENSHOT") {
        std::fs::write(&path, &png).unwrap();
    }
    s.browser.close().await;
}

#[tokio::test]
async fn click_delete_undo_save_gives_back_the_original_bytes() {
    scenario!(s, b = "source-nav", "csgo_de_dust2.nav");
    let original = std::fs::read(&s.server.file).unwrap();
    b.open(&s.server.url).await;
    let areas = b.area_count().await;
    let (id, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    assert_eq!(b.selection().await, std::slice::from_ref(&id));
    // The pointer rests on the area: the hover box describes it.
    b.move_to(x, y).await;
    b.wait(
        "the hover box",
        "return !document.getElementById('tooltip').hidden",
    )
    .await;
    let hover = "return document.getElementById('tooltip').hidden ? null : document.getElementById('tooltip').textContent";
    let described = format!("area {id} ");
    assert!(
        b.js(hover).await.as_str().unwrap().starts_with(&described),
        "the hover box is not about area {id}"
    );
    b.keys(&[Key::Delete.into()]).await;
    b.wait("the delete", "return window.navforge.app.version === 2")
        .await;
    assert_eq!(b.area_count().await, areas - 1);
    // The deleted area is not described any more (the box shows what is under the pointer
    // now, or nothing).
    let after = b.js(hover).await;
    assert!(
        !after.as_str().is_some_and(|t| t.starts_with(&described)),
        "the hover box still describes the deleted area {id}: {after}"
    );
    let unsaved = "return document.getElementById('dirty').textContent";
    assert_eq!(b.js(unsaved).await, "unsaved edits");
    let gone = b
        .js(&format!(
            "return window.navforge.app.mesh.indexOf.has('{id}')"
        ))
        .await;
    assert_eq!(gone, Value::Bool(false));
    b.keys(&[Key::Control.into(), 'z']).await;
    b.wait("the undo", "return window.navforge.app.version === 3")
        .await;
    assert_eq!(b.area_count().await, areas);
    // Undone back to the file as opened: nothing is unsaved.
    assert_eq!(b.js(unsaved).await, "");
    let history = b
        .js("return document.getElementById('history').textContent")
        .await;
    assert!(
        history.as_str().unwrap().contains(&format!("delete {id}")),
        "{history}"
    );
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    assert_eq!(std::fs::read(&s.server.file).unwrap(), original);
    s.browser.close().await;
}

#[tokio::test]
async fn split_save_reread_has_one_more_area_and_checks_clean() {
    scenario!(s, b = "source-nav", "goldsrc-cs16_zm_ice_attack.nav");
    let before = navforge::Document::read(&std::fs::read(&s.server.file).unwrap()).unwrap();
    assert_eq!(
        navforge_check::check(&before.to_model(), &[])
            .findings
            .len(),
        0
    );
    b.open(&s.server.url).await;
    let (id, x, y) = b.clickable_area().await;
    b.keys(&['s']).await;
    b.move_to(x + 3.0, y + 2.0).await;
    b.wait(
        "the split preview",
        "return !!window.navforge.app.view.layers.overlay.getObjectByName('preview')",
    )
    .await;
    b.click(x + 3.0, y + 2.0).await;
    b.wait("the split", "return window.navforge.app.version === 2")
        .await;
    let status = b.js("return window.navforge.status").await;
    println!("split {id}: {status}");
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    let after = navforge::Document::read(&std::fs::read(&s.server.file).unwrap()).unwrap();
    let (m0, m1) = (before.to_model(), after.to_model());
    assert_eq!(m1.areas.len(), m0.areas.len() + 1);
    assert!(m1.areas.iter().any(|a| a.id.to_string() == id));
    let report = navforge_check::check(&m1, &[]);
    assert!(
        report.findings.is_empty(),
        "check after the split: {:?}",
        report.findings
    );
    s.browser.close().await;
}

#[tokio::test]
async fn the_path_tool_finds_the_path_crate_answer_between_two_areas() {
    scenario!(s, b = "source-nav", "csgo_de_dust2.nav");
    b.open(&s.server.url).await;
    // Top-down, two areas far apart in the view.
    b.keys(&['t']).await;
    let ends = b
        .js(r#"
            const app = window.navforge.app, m = app.mesh, v = app.view;
            const r = document.getElementById('canvas').getBoundingClientRect();
            const ok = [];
            for (let i = 0; i < m.count; i += 7) {
              if (!m.drawable(i)) continue;
              const p = v.project(v.centre(i));
              if (p.x < r.left + 80 || p.x > r.right - 80 || p.y < r.top + 80 || p.y > r.bottom - 80) continue;
              if (navforge.pickAt(p.x, p.y) === m.ids[i]) ok.push({ id: m.ids[i], x: p.x, y: p.y });
            }
            ok.sort((a, b) => a.x + a.y - (b.x + b.y));
            return [ok[0], ok[ok.length - 1]];
        "#)
        .await;
    let (a, z) = (&ends[0], &ends[1]);
    b.keys(&['p']).await;
    b.click(a["x"].as_f64().unwrap(), a["y"].as_f64().unwrap())
        .await;
    b.click(z["x"].as_f64().unwrap(), z["y"].as_f64().unwrap())
        .await;
    b.wait("the path", "return !!window.navforge.lastPath")
        .await;
    let p = b.js("return window.navforge.lastPath").await;
    let r = &p["result"];
    let corridor: Vec<String> = (r["corridor"].as_array().unwrap().iter())
        .map(|v| v.to_string())
        .collect();
    assert_eq!(corridor.first().unwrap(), a["id"].as_str().unwrap());
    assert_eq!(corridor.last().unwrap(), z["id"].as_str().unwrap());
    assert_eq!(r["reached_goal"], true);
    // The same query straight to the path crate gives the same answer.
    let point = |v: &Value| -> [f64; 3] {
        let q: Vec<f64> = (v.as_array().unwrap().iter())
            .map(|c| format!("{:.2}", c.as_f64().unwrap()).parse().unwrap())
            .collect();
        [q[0], q[1], q[2]]
    };
    let doc = navforge::Document::read(&std::fs::read(&s.server.file).unwrap()).unwrap();
    let nav = navforge_path::Navigator::from_model(&doc.to_model()).unwrap();
    let direct = nav
        .find(&navforge_path::PathQuery::new(
            point(&p["from"]),
            point(&p["to"]),
        ))
        .unwrap();
    assert!((direct.cost - r["cost"].as_f64().unwrap()).abs() < 1e-6);
    assert_eq!(direct.corridor.len(), corridor.len());
    let shown = b
        .js("return document.getElementById('pathinfo').textContent")
        .await;
    assert!(shown.as_str().unwrap().contains("cost"), "{shown}");
    println!("path {} -> {}: {}", a["id"], z["id"], shown);
    s.browser.close().await;
}

/// Time to interactive of the largest corpus mesh and the edit round trip: printed for the
/// guide's speed table (docs/serve.md), never asserted (speed is measured, not tested).
#[tokio::test]
async fn measure_time_to_interactive_and_edit_round_trip() {
    scenario!(s, b = "source-nav", "l4d2_c10m4_mainstreet.nav");
    let mut ttis = Vec::new();
    for _ in 0..3 {
        b.open(&s.server.url).await;
        ttis.push(b.js("return window.navforge.tti").await.as_f64().unwrap());
    }
    let areas = b.area_count().await;
    // Ten edits through the page's own code path: request, reload, redraw.
    let (id, _, _) = b.clickable_area().await;
    b.js(&format!(
        "return window.navforge.app.select([window.navforge.app.mesh.indexOf.get('{id}')])"
    ))
    .await;
    for i in 0..10 {
        let cmd = if i % 2 == 0 {
            "nav_toggle_attribute crouch"
        } else {
            "undo"
        };
        b.js(&format!("return window.navforge.app.run('{cmd}' + ('{cmd}' === 'undo' ? '' : ' {id}')).then(() => true)"))
            .await;
    }
    let edits = b.js("return window.navforge.app.stats.edits").await;
    let list = edits.as_array().unwrap();
    assert_eq!(list.len(), 10, "{edits}");
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let of = |key: &str| median(list.iter().map(|e| e[key].as_f64().unwrap()).collect());
    let (request, reload, total) = (of("request"), of("reload"), of("total"));
    println!(
        "l4d2_c10m4_mainstreet ({areas} areas): time to interactive {:.0} ms in a fresh browser, \
         then {:.0} and {:.0} ms; edit request {request:.1} ms, mesh reload {reload:.1} ms, edit \
         to redrawn frame {total:.1} ms (medians of 10)",
        ttis[0], ttis[1], ttis[2]
    );
    s.browser.close().await;
}

#[tokio::test]
async fn another_tab_is_told_of_edits_and_a_stale_edit_refreshes_the_page() {
    scenario!(s, b = "source-nav", "goldsrc-cs16_zm_ice_attack.nav");
    let c = b.c();
    b.open(&s.server.url).await;
    let first = c.window().await.unwrap();
    let second = c.new_window(false).await.unwrap().handle;
    c.switch_to_window(second.clone()).await.unwrap();
    b.open(&s.server.url).await;
    let areas = b.area_count().await;

    // An edit in the first tab reaches the second by itself.
    c.switch_to_window(first.clone()).await.unwrap();
    let (id, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    b.keys(&[Key::Delete.into()]).await;
    b.wait("the delete", "return window.navforge.app.version === 2")
        .await;
    c.switch_to_window(second.clone()).await.unwrap();
    b.wait(
        "the push to the other tab",
        "return window.navforge.app.version === 2",
    )
    .await;
    assert_eq!(b.area_count().await, areas - 1);
    let status = b.js("return window.navforge.status").await;
    assert!(
        status.as_str().unwrap().contains(&format!("delete {id}")),
        "{status}"
    );

    // The second tab stops hearing (a lost connection); the first edits again.
    b.js("window.navforge.app.events.close(); return true")
        .await;
    c.switch_to_window(first.clone()).await.unwrap();
    b.keys(&[Key::Control.into(), 'z']).await;
    b.wait("the undo", "return window.navforge.app.version === 3")
        .await;
    // The second tab's edit was made on version 2: refused, and the page reloads version 3.
    c.switch_to_window(second).await.unwrap();
    assert_eq!(b.js("return window.navforge.app.version").await, 2);
    let (other, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    assert_eq!(b.selection().await, std::slice::from_ref(&other));
    b.keys(&[Key::Delete.into()]).await;
    b.wait(
        "the refresh after the stale edit",
        "return window.navforge.app.version === 3",
    )
    .await;
    let status = b.js("return window.navforge.status").await;
    assert!(
        status.as_str().unwrap().contains("changed since"),
        "{status}"
    );
    assert_eq!(
        b.area_count().await,
        areas,
        "the stale delete was not applied"
    );
    let state = common::get(&s.server, "/api/state").json();
    assert_eq!(state["version"], 3);
    assert_eq!(state["history"]["undo"], json!([]));
    s.browser.close().await;
}

#[tokio::test]
async fn box_select_create_by_dragging_and_the_history_panel() {
    scenario!(s, b = "source-nav", "csgo_de_dust2.nav");
    b.open(&s.server.url).await;
    // Check's findings are listed; clicking one selects the areas it is about.
    let report = common::get(&s.server, "/api/check").json();
    let inst = &report["report"]["findings"][0]["instances"][0];
    let subject = inst["subject"]["area"]
        .as_u64()
        .expect("a finding about an area");
    b.wait("the findings", "return window.navforge.findings > 0")
        .await;
    b.js("document.querySelector('#findings ul li').click(); return true")
        .await;
    let selected = b.selection().await;
    assert_eq!(selected[0], subject.to_string(), "{inst}");
    if let Some(other) = inst["other"].as_u64() {
        assert_eq!(selected[1], other.to_string());
    }
    b.keys(&[Key::Escape.into()]).await;
    assert!(b.selection().await.is_empty());

    b.keys(&['t']).await;
    let areas = b.area_count().await;
    let (w, h) = (f64::from(WIDTH - 330), 700.0);
    let (cx, cy) = (w / 2.0, h / 2.0);

    // Shift+drag: a box around the middle of the view.
    let drag = |from: (f64, f64), to: (f64, f64)| gesture(from, Some(to));
    b.with_shift(drag((cx - 120.0, cy - 90.0), (cx + 120.0, cy + 90.0)))
        .await;
    let inside = b
        .js(&format!(
            "return window.navforge.app.view.areasInRect({}, {}, {}, {}).length",
            cx - 120.0,
            cy - 90.0,
            cx + 120.0,
            cy + 90.0
        ))
        .await;
    let selected = b.selection().await;
    assert!(selected.len() >= 2, "box selected {selected:?}");
    assert_eq!(selected.len() as u64, inside.as_u64().unwrap());

    // N, then drag a rectangle: a new area, snapped to the grid.
    b.keys(&[Key::Escape.into()]).await;
    b.keys(&['n']).await;
    b.c()
        .perform_actions(drag((cx - 40.0, cy - 30.0), (cx + 40.0, cy + 30.0)))
        .await
        .unwrap();
    b.wait("the create", "return window.navforge.app.version === 2")
        .await;
    assert_eq!(b.area_count().await, areas + 1);
    let history = b
        .js("return [...document.querySelectorAll('#history li')].map(li => li.textContent)")
        .await;
    let entries: Vec<String> = serde_json::from_value(history).unwrap();
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert!(
        entries[1].starts_with("create ") && entries[1].ends_with(" snap"),
        "{entries:?}"
    );

    // Clicking the first entry of the history goes back to the file as opened; Ctrl+Y redoes.
    b.js("document.querySelector('#history li').click(); return true")
        .await;
    b.wait(
        "the undo from the history",
        "return window.navforge.app.version === 3",
    )
    .await;
    assert_eq!(b.area_count().await, areas);
    b.keys(&[Key::Control.into(), 'y']).await;
    b.wait("the redo", "return window.navforge.app.version === 4")
        .await;
    assert_eq!(b.area_count().await, areas + 1);
    s.browser.close().await;
}

/// A Quake graph over its level is edited in the page through the same engine as `navforge
/// edit`: click a node, Shift+click another, `C` links them, `Ctrl+Z` undoes, `Del` deletes
/// the first, `Ctrl+S` saves; the file equals what the engine writes for `node delete N`.
#[tokio::test]
async fn a_quake_graph_over_its_level_is_edited_by_node_and_link() {
    let Some(s) = scenario(
        "level-pairs",
        "quake_hipnotic_dm1.nav",
        Some("quake_hipnotic_dm1.bsp"),
    )
    .await
    else {
        return;
    };
    let b = &s.browser;
    let original = std::fs::read(&s.server.file).unwrap();
    b.open(&s.server.url).await;
    let nodes = || b.js("return window.navforge.app.mesh.d.node_id_lo.length");
    let links = || b.js("return window.navforge.app.mesh.d.link_from.length");
    let (n0, l0) = (
        nodes().await.as_u64().unwrap(),
        links().await.as_u64().unwrap(),
    );
    assert!(n0 > 10, "{n0} nodes");
    assert_eq!(
        b.js("return window.navforge.app.graph").await,
        Value::Bool(true)
    );
    // Only the layers a graph has can be switched: nodes and links and the level, not areas'.
    assert_eq!(
        b.js(
            r#"return [...document.querySelectorAll('#layers [data-layer]')]
            .filter((box) => !box.parentElement.hidden).map((box) => box.dataset.layer)"#
        )
        .await,
        json!(["graph", "level"])
    );
    // ... and the others are not shown: hidden wins over the switches' own display rule.
    assert_eq!(
        b.js(
            r#"return [...document.querySelectorAll('#layers [data-layer]')]
            .filter((box) => box.parentElement.getBoundingClientRect().width > 0)
            .map((box) => box.dataset.layer)"#
        )
        .await,
        json!(["graph", "level"]),
        "switches meant to be hidden are on the page"
    );
    // Two nodes a click picks, near the middle of the view, the first with room for one more
    // link and no link yet to the second.
    b.keys(&['t']).await;
    let pair = b
        .js(r#"
            const app = window.navforge.app, d = app.mesh.d, v = app.view;
            const r = document.getElementById('canvas').getBoundingClientRect();
            const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
            const ok = [];
            for (let i = 0; i < d.node_id_lo.length; i++) {
              const p = navforge.screenOfNode(app.mesh.nodeId(i));
              if (!p.inside || p.x < r.left + 60 || p.x > r.right - 60 || p.y < r.top + 60 || p.y > r.bottom - 60) continue;
              if (v.pickNode(p.x, p.y) !== i) continue;
              ok.push({ i, id: app.mesh.nodeId(i), x: p.x, y: p.y, d: Math.hypot(p.x - cx, p.y - cy) });
            }
            ok.sort((a, b) => a.d - b.d);
            const out = (i) => { const o = []; for (let k = 0; k < d.link_from.length; k++) if (d.link_from[k] === i) o.push(d.link_to[k]); return o; };
            for (const a of ok) {
              const o = out(a.i);
              if (o.length >= 12) continue;
              const z = ok.find((c) => c.i !== a.i && !o.includes(c.i) && Math.hypot(c.x - a.x, c.y - a.y) > 20);
              if (z) return [a, z];
            }
            return null;
        "#)
        .await;
    assert!(pair.is_array(), "no two clickable nodes in the view");
    let (a, z) = (&pair[0], &pair[1]);
    let at = |v: &Value| (v["x"].as_f64().unwrap(), v["y"].as_f64().unwrap());
    let (ax, ay) = at(a);
    b.click(ax, ay).await;
    let selected = || b.js("return window.navforge.selectedNodes()");
    assert_eq!(selected().await, json!([a["id"]]));
    let tip = b.hover(ax, ay, "the node's hover box").await;
    assert!(
        tip.as_str()
            .unwrap()
            .contains(&format!("node {}", a["id"].as_str().unwrap())),
        "{tip}"
    );
    // Shift+click the second.
    let (zx, zy) = at(z);
    b.with_shift(gesture((zx.round(), zy.round()), None)).await;
    assert_eq!(selected().await, json!([a["id"], z["id"]]));
    // C: a walk link from the first to the second.
    b.keys(&['c']).await;
    b.wait("the link", "return window.navforge.app.version === 2")
        .await;
    assert_eq!(links().await.as_u64().unwrap(), l0 + 1);
    let history = b
        .js("return document.getElementById('history').textContent")
        .await;
    let line = format!(
        "link add {} {}",
        a["id"].as_str().unwrap(),
        z["id"].as_str().unwrap()
    );
    assert!(history.as_str().unwrap().contains(&line), "{history}");
    b.keys(&[Key::Control.into(), 'z']).await;
    b.wait("the undo", "return window.navforge.app.version === 3")
        .await;
    assert_eq!(links().await.as_u64().unwrap(), l0);
    // Del on the first alone.
    b.click(ax, ay).await;
    assert_eq!(selected().await, json!([a["id"]]));
    b.keys(&[Key::Delete.into()]).await;
    b.wait("the delete", "return window.navforge.app.version === 4")
        .await;
    assert_eq!(nodes().await.as_u64().unwrap(), n0 - 1);
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    let mut engine = navforge_edit::open(&original).unwrap();
    engine
        .run_line(&format!("node delete {}", a["id"].as_str().unwrap()))
        .unwrap();
    assert_eq!(
        std::fs::read(&s.server.file).unwrap(),
        engine.write().unwrap(),
        "the saved graph is not what the engine writes"
    );
    if let Some(path) = std::env::var_os("NAVFORGE_SERVE_GRAPH_SCREENSHOT") {
        b.click(zx, zy).await;
        b.move_to(zx, zy).await;
        b.wait(
            "the hover box",
            "return !document.getElementById('tooltip').hidden",
        )
        .await;
        std::fs::write(&path, b.c().screenshot().await.unwrap()).unwrap();
    }
    s.browser.close().await;
}

/// Whether an element is on the page (laid out, not `display: none`).
const SHOWN: &str = "const e = document.getElementById(arguments[0]); \
                     return !!e && e.getBoundingClientRect().width > 0";

async fn shown(b: &Browser, id: &str) -> bool {
    b.c()
        .execute(SHOWN, vec![json!(id)])
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

async fn text_of(b: &Browser, id: &str) -> String {
    b.c()
        .execute(
            "return document.getElementById(arguments[0]).textContent",
            vec![json!(id)],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
}

/// A picture for people to look at, when `NAVFORGE_SERVE_SHOT_DIR` asks for them.
async fn shot(b: &Browser, name: &str) {
    if let Some(dir) = std::env::var_os("NAVFORGE_SERVE_SHOT_DIR") {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), b.c().screenshot().await.unwrap()).unwrap();
    }
}

/// A Bethesda plugin without a navmesh says so instead of a blank view; an MGSV mesh's counts
/// are the ones `navforge info` prints.
#[tokio::test]
async fn a_plugin_without_a_navmesh_says_so_and_counts_are_infos() {
    scenario!(s, b = "tes-plugin", "control_skyrim_Blank.esm");
    b.open(&s.server.url).await;
    assert!(shown(b, "empty").await, "a blank view without a word");
    let note = text_of(b, "empty").await;
    assert!(note.contains("No navigation mesh"), "{note}");
    assert!(note.contains("navmeshes 0"), "{note}");
    shot(b, "empty-plugin.png").await;

    // An MGSV mesh: the file panel counts what `navforge info` counts.
    let dir = tempfile::tempdir().unwrap();
    let mgsv = common::corpus_copy(dir.path(), "mgsv-nav2", "obj2nav2_test.nav2").unwrap();
    let info = navforge::Document::read(&std::fs::read(&mgsv).unwrap())
        .unwrap()
        .summary()
        .counts;
    let server = common::serve(&mgsv, None);
    b.open(&server.url).await;
    assert!(!shown(b, "empty").await);
    let panel = text_of(b, "fileinfo").await;
    assert!(
        panel.contains(&format!(
            "{} areas, {} connections",
            info.areas, info.connections
        )),
        "the page counts otherwise than info ({} areas, {} connections): {panel}",
        info.areas,
        info.connections
    );
    shot(b, "mgsv-counts.png").await;
    s.browser.close().await;
}

/// The server stops with an unsaved edit: a tab that hears it says where the edit went and how
/// to open it; a tab that missed it says the server is not running at its next request (not
/// "Failed to fetch"); both stop offering edits.
#[tokio::test]
async fn the_page_says_when_the_server_is_gone_and_where_the_edits_went() {
    let Some(s) = scenario("source-nav", "goldsrc-cs16_zm_ice_attack.nav", None).await else {
        return;
    };
    let Scenario {
        browser: b,
        server,
        _dir: dir,
        _lock,
    } = s;
    let c = b.c().clone();
    b.open(&server.url).await;
    let first = c.window().await.unwrap();
    let second = c.new_window(false).await.unwrap().handle;
    c.switch_to_window(second.clone()).await.unwrap();
    b.open(&server.url).await;
    // The second tab stops listening (a lost event stream): it will not hear of the stop.
    b.js("window.navforge.app.events.close(); return true")
        .await;
    c.switch_to_window(first.clone()).await.unwrap();
    let (_, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    b.keys(&[Key::Delete.into()]).await;
    b.wait("the delete", "return window.navforge.app.version === 2")
        .await;

    let stopped = tokio::task::spawn_blocking(move || server.stop())
        .await
        .unwrap();
    let recovery = stopped.recovery.unwrap().unwrap();
    assert!(recovery.starts_with(dir.path()));
    b.wait("the notice", "return !!window.navforge.gone").await;
    assert!(shown(&b, "gone").await);
    let notice = text_of(&b, "gone").await;
    let name = recovery.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        notice.contains("navforge serve stopped") && notice.contains(&name),
        "{notice}"
    );
    assert!(notice.contains("--recover"), "{notice}");
    shot(&b, "gone-recovery.png").await;
    // Nothing more is sent: the buttons are off, and a key says why.
    assert_eq!(
        b.js("return document.getElementById('save').disabled")
            .await,
        Value::Bool(true)
    );
    b.keys(&[Key::Control.into(), 'z']).await;
    let status = b.js("return window.navforge.status").await;
    assert!(status.as_str().unwrap().contains("not running"), "{status}");
    assert!(!std::fs::read(dir.path().join(&name)).unwrap().is_empty());

    // The tab that missed the stop finds out at its next request.
    c.switch_to_window(second).await.unwrap();
    assert_eq!(
        b.js("return window.navforge.gone || null").await,
        Value::Null
    );
    let (_, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    b.keys(&[Key::Delete.into()]).await;
    b.wait("the notice", "return !!window.navforge.gone").await;
    let status = b.js("return window.navforge.status").await;
    assert!(
        !status.as_str().unwrap().contains("Failed to fetch"),
        "{status}"
    );
    let notice = text_of(&b, "gone").await;
    assert!(notice.contains("not running"), "{notice}");
    shot(&b, "gone-lost.png").await;

    // Served again, the page offers the recovery file; with `recover` it says what it opened.
    let file = dir.path().join("goldsrc-cs16_zm_ice_attack.nav");
    let again = common::serve(&file, None);
    b.open(&again.url).await;
    assert!(shown(&b, "recovery").await);
    let offer = text_of(&b, "recovery").await;
    assert!(
        offer.contains(&name) && offer.contains("--recover"),
        "{offer}"
    );
    shot(&b, "recovery-offered.png").await;
    tokio::task::spawn_blocking(move || again.stop())
        .await
        .unwrap();
    let recovered = common::serve_with(navforge_serve::Options {
        file,
        recover: true,
        ..Default::default()
    });
    b.open(&recovered.url).await;
    let opened = text_of(&b, "recovery").await;
    assert!(
        opened.contains("Recovered edits") && opened.contains(&name),
        "{opened}"
    );
    assert_eq!(text_of(&b, "dirty").await, "unsaved edits");
    shot(&b, "recovery-opened.png").await;
    tokio::task::spawn_blocking(move || recovered.stop())
        .await
        .unwrap();
    b.close().await;
}

/// Place painting: with a place name under Edit, `G` and a drag across the view give every
/// area the pointer passes that place, as one edit (its history line names them); one Ctrl+Z
/// takes the whole stroke back, and the saved file is the original.
#[tokio::test]
async fn painting_places_by_dragging_is_one_undo_per_stroke() {
    scenario!(s, b = "source-nav", "csgo_de_dust2.nav");
    let original = std::fs::read(&s.server.file).unwrap();
    b.open(&s.server.url).await;
    b.keys(&['t']).await;
    // The game's standard place names are offered (CS:GO: the Counter-Strike list).
    let offered = b
        .js("return [...document.querySelectorAll('#places option')].map(o => o.value)")
        .await;
    let offered: Vec<String> = serde_json::from_value(offered).unwrap();
    for name in navforge_core::places::standard_places(Some(navforge_core::Game::Csgo)) {
        assert!(offered.iter().any(|o| o == name), "{name} is not offered");
    }
    b.js("document.getElementById('place').value = 'PaintedByStroke'; return true")
        .await;
    b.keys(&['g']).await;
    let (w, h) = (f64::from(WIDTH - 330), 700.0);
    let (cx, cy) = (w / 2.0, h / 2.0);
    b.c()
        .perform_actions(gesture((cx - 160.0, cy), Some((cx + 160.0, cy + 20.0))))
        .await
        .unwrap();
    b.wait("the stroke", "return window.navforge.app.version === 2")
        .await;
    shot(b, "paint-stroke.png").await;
    let history = b
        .js("return [...document.querySelectorAll('#history li')].map(li => li.textContent)")
        .await;
    let entries: Vec<String> = serde_json::from_value(history).unwrap();
    assert_eq!(entries.len(), 2, "{entries:?}");
    let ids: Vec<u32> = entries[1]
        .strip_prefix("nav_use_place PaintedByStroke ")
        .unwrap_or_else(|| panic!("{entries:?}"))
        .split(' ')
        .map(|w| w.parse().unwrap())
        .collect();
    assert!(ids.len() >= 2, "one stroke painted {ids:?}");
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    use navforge_core::NavDocument;
    let doc =
        navforge_source::SourceNavDocument::read(&std::fs::read(&s.server.file).unwrap()).unwrap();
    let painted = doc
        .places
        .iter()
        .position(|p| p.name_lossy() == "PaintedByStroke")
        .expect("the new place is in the file") as u16
        + 1;
    for a in &doc.areas {
        assert_eq!(a.place == painted, ids.contains(&a.id), "area {}", a.id);
    }
    b.js("window.navforge.saved = null; return true").await;
    b.keys(&[Key::Control.into(), 'z']).await;
    b.wait("the undo", "return window.navforge.app.version === 3")
        .await;
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    assert_eq!(std::fs::read(&s.server.file).unwrap(), original);
    s.browser.close().await;
}

/// With `--level`, the map commands work in the page: on CS 1.6 de_dust2 over its BSP, an area
/// raised 40 units and put back with `nav_corner_place_on_ground` (the page's command box, the
/// area selected) saves to exactly what the engine writes for the same commands and map.
#[tokio::test]
async fn a_map_command_runs_in_the_page_with_level() {
    let level = Some("goldsrc_de_dust2.bsp");
    scenario!(s, b = "level-pairs", "goldsrc_de_dust2.nav", level);
    let original = std::fs::read(&s.server.file).unwrap();
    b.open(&s.server.url).await;
    let (id, x, y) = b.clickable_area().await;
    b.click(x, y).await;
    assert_eq!(b.selection().await, std::slice::from_ref(&id));
    let command = |line: String| {
        format!(
            "document.getElementById('cmd').value = {line:?}; \
             document.getElementById('cmdform').requestSubmit(); return true"
        )
    };
    b.js(&command(format!("corner {id} all raise 40"))).await;
    b.wait("the raise", "return window.navforge.app.version === 2")
        .await;
    b.js(&command("nav_corner_place_on_ground".into())).await;
    // The page's version moves when the new mesh is loaded; the command's message is shown a
    // frame later.
    b.wait(
        "the placement",
        "return window.navforge.app.version === 3 && window.navforge.status.startsWith('placed')",
    )
    .await;
    let status = b.js("return window.navforge.status").await;
    assert!(
        status
            .as_str()
            .unwrap()
            .starts_with("placed 1 area(s) on the ground of goldsrc_de_dust2.bsp"),
        "{status}"
    );
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    let level = common::corpus_file("level-pairs", "goldsrc_de_dust2.bsp").unwrap();
    let mut engine = navforge_edit::Editor::read(&original).unwrap();
    engine.set_world(
        navforge_edit_level::LevelWorld::open(&level)
            .unwrap()
            .shared(),
    );
    engine
        .run_line(&format!("corner {id} all raise 40"))
        .unwrap();
    engine.run_line(&format!("select add {id}")).unwrap();
    engine.run_line("nav_corner_place_on_ground").unwrap();
    assert_eq!(
        std::fs::read(&s.server.file).unwrap(),
        engine.write().unwrap()
    );
    s.browser.close().await;
}

/// Issue 27: a Skyrim plugin's navmesh edited in the page. The navmesh list chooses Dwemer
/// Secrets' 0x000B83E0; a click selects a triangle (the page's ID is its index), Delete deletes
/// it, dragging a corner of a selected triangle moves its vertex (`move V X,Y,Z`), the check
/// panel follows, and undoing both saves the file's own bytes. With
/// `NAVFORGE_SERVE_SHOT_DIR`, `issue27-serve-before.png` (a triangle selected) and
/// `issue27-serve-after.png` (deleted, and a vertex dragged).
#[tokio::test]
async fn a_skyrim_navmesh_is_edited_by_click_delete_drag_and_undo() {
    scenario!(s, b = "tes-plugin", "skyrim_Dwemer_Secrets.esp");
    const TRIANGLES: usize = 395;
    let original = std::fs::read(&s.server.file).unwrap();
    b.open(&s.server.url).await;
    // The navmesh list: no navmesh chosen yet, the page's IDs name no triangle.
    let offered = b
        .js("return [...document.querySelectorAll('#navmesh option')].map(o => o.value)")
        .await;
    let offered: Vec<String> = serde_json::from_value(offered).unwrap();
    assert!(offered.iter().any(|o| o == "0x000B83E0"), "{offered:?}");
    let chosen = "return window.navforge.app.mesh.ids.filter(id => /^\\d+$/.test(id) && Number(id) < 2 ** 32).length";
    assert_eq!(b.js(chosen).await, 0);
    b.js(
        "const p = document.getElementById('navmesh'); p.value = '0x000B83E0'; \
          p.dispatchEvent(new Event('change')); return true",
    )
    .await;
    b.wait(
        "the navmesh choice",
        "return window.navforge.app.version === 2",
    )
    .await;
    assert_eq!(b.js(chosen).await, TRIANGLES);
    assert_eq!(
        b.js("return document.getElementById('dirty').textContent")
            .await,
        ""
    );
    // Frame the chosen navmesh, top-down.
    b.js("const app = window.navforge.app; \
          app.select(app.mesh.ids.map((id, i) => [id, i]).filter(([id]) => Number(id) < 2 ** 32).map(([, i]) => i)); \
          app.frameSelection(); app.select([]); return true")
        .await;
    b.keys(&['t']).await;
    // A triangle of it a click picks, large enough on screen to grab a corner.
    let (id, x, y) = b
        .clickable_area_where(&format!(
            "if (!/^\\d+$/.test(id) || Number(id) >= {TRIANGLES}) return false; \
             const c = app.trimesh.corners(i).map((k) => v.project(k.point)); \
             return Math.min(...c.map((a, k) => Math.hypot(a.x - c[(k + 1) % 3].x, a.y - c[(k + 1) % 3].y))) >= 40;"
        ))
        .await;
    b.click(x, y).await;
    assert_eq!(b.selection().await, std::slice::from_ref(&id));
    shot(b, "issue27-serve-before.png").await;
    b.keys(&[Key::Delete.into()]).await;
    b.wait("the delete", "return window.navforge.app.version === 3")
        .await;
    assert_eq!(b.js(chosen).await, TRIANGLES - 1);
    assert_eq!(
        b.js("return document.getElementById('dirty').textContent")
            .await,
        "unsaved edits"
    );
    let history = "return [...document.querySelectorAll('#history li')].map(li => li.textContent)";
    let entries: Vec<String> = serde_json::from_value(b.js(history).await).unwrap();
    assert_eq!(entries, ["(as opened)".to_string(), format!("delete {id}")]);

    // Drag a corner of a selected triangle: its vertex moves.
    let (_, x, y) = b
        .clickable_area_where(&format!(
            "return /^\\d+$/.test(id) && Number(id) < {};",
            TRIANGLES - 1
        ))
        .await;
    b.click(x, y).await;
    let picked = b.selection().await;
    assert_eq!(picked.len(), 1);
    let corner = b
        .js(&format!(
            "return window.navforge.screenOfCorner('{}', 0)",
            picked[0]
        ))
        .await;
    let (cx, cy) = (
        corner["x"].as_f64().unwrap().round(),
        corner["y"].as_f64().unwrap().round(),
    );
    let vertex = corner["vertex"].as_u64().unwrap();
    b.c()
        .perform_actions(gesture((cx, cy), Some((cx + 70.0, cy + 40.0))))
        .await
        .unwrap();
    b.wait(
        "the vertex move",
        "return window.navforge.app.version === 4",
    )
    .await;
    let entries: Vec<String> = serde_json::from_value(b.js(history).await).unwrap();
    assert!(
        entries[2].starts_with(&format!("move {vertex} ")),
        "{entries:?}"
    );
    // The moved corner is where it was dropped (within a unit), and the check panel is of
    // this version.
    let moved = b
        .js(&format!(
            "return window.navforge.screenOfCorner('{}', 0)",
            picked[0]
        ))
        .await;
    assert!(
        (moved["x"].as_f64().unwrap() - (cx + 70.0)).abs() < 3.0
            && (moved["y"].as_f64().unwrap() - (cy + 40.0)).abs() < 3.0,
        "the corner is at {moved}, dropped at {}, {}",
        cx + 70.0,
        cy + 40.0
    );
    b.wait(
        "the check panel",
        "return document.getElementById('checkcount').textContent !== ''",
    )
    .await;
    shot(b, "issue27-serve-after.png").await;

    b.keys(&[Key::Control.into(), 'z']).await;
    b.wait("the undo", "return window.navforge.app.version === 5")
        .await;
    b.keys(&[Key::Control.into(), 'z']).await;
    b.wait("the undo", "return window.navforge.app.version === 6")
        .await;
    assert_eq!(b.js(chosen).await, TRIANGLES);
    assert_eq!(
        b.js("return document.getElementById('dirty').textContent")
            .await,
        ""
    );
    b.keys(&[Key::Control.into(), 's']).await;
    b.wait("the save", "return !!window.navforge.saved").await;
    assert_eq!(std::fs::read(&s.server.file).unwrap(), original);
    s.browser.close().await;
}
