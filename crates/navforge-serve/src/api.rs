//! The routes: the page, the API it calls, and the event stream that keeps other tabs current.

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router, middleware};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{broadcast, watch};

use crate::Stopped;
use crate::encode::LevelBuffer;
use crate::guard::{self, BODY_LIMIT};
use crate::page;
use crate::session::{Refusal, Session};

/// A new version, told to every open tab.
#[derive(Debug, Clone)]
struct Change {
    version: u64,
    dirty: bool,
    what: &'static str,
    /// The tab that made it (the page's random ID), so it can skip its own.
    by: Option<String>,
    command: Option<String>,
    /// For `stopping`: where unsaved edits were written, or why they could not be.
    recovery: Option<Value>,
}

/// Everything the handlers share.
pub struct AppState {
    pub token: String,
    pub port: u16,
    pub file: PathBuf,
    session: Mutex<Session>,
    level: Option<Bytes>,
    events: broadcast::Sender<Change>,
    closing: watch::Sender<bool>,
}

impl AppState {
    pub fn new(
        session: Session,
        level: Option<LevelBuffer>,
        token: String,
        port: u16,
    ) -> Arc<AppState> {
        Arc::new(AppState {
            token,
            port,
            file: session.path().to_path_buf(),
            session: Mutex::new(session),
            level: level.map(|l| Bytes::from(l.bytes)),
            events: broadcast::channel(256).0,
            closing: watch::channel(false).0,
        })
    }

    fn session(&self) -> MutexGuard<'_, Session> {
        // A handler that panicked mid-edit leaves the session as the engine left it (every
        // command is all-or-nothing), so the lock stays usable.
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn unsaved(&self) -> bool {
        self.session().dirty()
    }

    /// Stop: no more edits or saves, unsaved edits to a recovery file, every tab told, the
    /// event streams ended (so a graceful shutdown does not wait for open tabs).
    pub fn stop(&self) -> Stopped {
        let (recovery, version) = {
            let mut s = self.session();
            (s.stop(), s.version())
        };
        let told = match &recovery {
            None => json!({"unsaved": false}),
            Some(Ok(path)) => json!({
                "unsaved": true,
                "path": path,
                "command": format!("navforge serve {} --recover", self.file.display()),
            }),
            Some(Err(why)) => json!({"unsaved": true, "error": why}),
        };
        self.announce(Change {
            version,
            dirty: recovery.is_some(),
            what: "stopping",
            by: None,
            command: None,
            recovery: Some(told),
        });
        self.closing.send_replace(true);
        Stopped { recovery }
    }

    fn announce(&self, change: Change) {
        // No subscriber is not an error: no other tab is open.
        let _ = self.events.send(change);
    }
}

/// A JSON error body: `{"error": code, "message": why}`.
pub fn refuse(status: StatusCode, code: &str, message: &str) -> Response {
    (status, Json(json!({"error": code, "message": message}))).into_response()
}

fn refusal(r: Refusal) -> Response {
    match r {
        Refusal::ReadOnly(why) => refuse(StatusCode::FORBIDDEN, "read-only", &why),
        Refusal::Stale { current } => (
            StatusCode::CONFLICT,
            Json(json!({
                "error": "stale",
                "message": "the mesh changed since this page last loaded it (another tab?): reloaded, try again",
                "version": current,
            })),
        )
            .into_response(),
        Refusal::Refused(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, "refused", &why),
        Refusal::Io(why) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "io", &why),
        Refusal::Stopping => refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "stopping",
            "the server is stopping: nothing more is edited or saved",
        ),
    }
}

fn bad_json(e: JsonRejection) -> Response {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return guard::too_large();
    }
    refuse(e.status(), "bad-request", &e.body_text())
}

fn binary(bytes: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/octet-stream")], bytes).into_response()
}

fn json_bytes(bytes: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(|| async { page::index() }))
        .route("/app.js", get(|| async { page::script() }))
        .route("/app.css", get(|| async { page::style() }))
        .route("/api/state", get(get_state))
        .route("/api/mesh", get(get_mesh))
        .route("/api/level", get(get_level))
        .route("/api/check", get(get_check))
        .route("/api/path", get(get_path))
        .route("/api/events", get(get_events))
        .route("/api/edit", post(post_edit))
        .route("/api/save", post(post_save))
        .fallback(|| async { refuse(StatusCode::NOT_FOUND, "not-found", "no such page") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), guard::check))
        .with_state(state)
}

async fn get_state(State(st): State<Arc<AppState>>) -> Response {
    let s = st.session();
    let mut v = s.state();
    v["file"] = s.describe();
    Json(v).into_response()
}

async fn get_mesh(State(st): State<Arc<AppState>>) -> Response {
    binary(st.session().mesh_bytes())
}

async fn get_level(State(st): State<Arc<AppState>>) -> Response {
    match &st.level {
        Some(b) => binary(b.clone()),
        None => refuse(StatusCode::NOT_FOUND, "no-level", "no --level was given"),
    }
}

async fn get_check(State(st): State<Arc<AppState>>) -> Response {
    json_bytes(st.session().check_json())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PathParams {
    from: String,
    to: String,
    token: Option<String>,
}

fn point(text: &str, what: &str) -> Result<[f64; 3], String> {
    navforge_core::xyz::parse(text).map_err(|e| format!("{what}: {e}"))
}

async fn get_path(
    State(st): State<Arc<AppState>>,
    q: Result<Query<PathParams>, QueryRejection>,
) -> Response {
    let Ok(Query(q)) = q else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "bad-request",
            "give ?from=X,Y,Z&to=X,Y,Z",
        );
    };
    let _ = q.token;
    let (from, to) = match (point(&q.from, "from"), point(&q.to, "to")) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return refuse(StatusCode::BAD_REQUEST, "bad-request", &e),
    };
    let (nav, version) = {
        let mut s = st.session();
        (s.navigator(), s.version())
    };
    let (nav, y_up) = match nav {
        Ok(n) => n,
        Err(e) => return refuse(StatusCode::UNPROCESSABLE_ENTITY, "no-path", &e),
    };
    // The page is Z up; a Y-up file's own axes are (x, z, -y) of it.
    let (to_file, to_page) = (
        |p: [f64; 3]| [p[0], p[2], -p[1]],
        |p: [f64; 3]| [p[0], -p[2], p[1]],
    );
    let (from, to) = if y_up {
        (to_file(from), to_file(to))
    } else {
        (from, to)
    };
    let query = navforge_path::PathQuery::new(from, to);
    match tokio::task::spawn_blocking(move || nav.find(&query)).await {
        Ok(Ok(mut result)) => {
            if y_up {
                result.waypoints.iter_mut().for_each(|p| *p = to_page(*p));
            }
            Json(json!({"version": version, "path": result})).into_response()
        }
        Ok(Err(e)) => refuse(StatusCode::UNPROCESSABLE_ENTITY, "no-path", &e.to_string()),
        Err(_) => refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "path-failed",
            "the path search stopped",
        ),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditRequest {
    /// One line of `navforge edit`'s command language.
    command: String,
    /// The version the page made the edit on.
    version: u64,
    /// The page's selected set, for commands that act on it.
    #[serde(default)]
    selection: Option<Vec<u32>>,
    /// The tab's random ID, echoed in events.
    #[serde(default)]
    client: Option<String>,
}

async fn post_edit(
    State(st): State<Arc<AppState>>,
    body: Result<Json<EditRequest>, JsonRejection>,
) -> Response {
    let req = match body {
        Ok(Json(r)) => r,
        Err(e) => return bad_json(e),
    };
    let reply = {
        let mut s = st.session();
        s.edit(&req.command, req.version, req.selection.as_deref())
    };
    match reply {
        Ok(r) => {
            if r.changed {
                st.announce(Change {
                    version: r.version,
                    dirty: r.dirty,
                    what: "edit",
                    by: req.client,
                    command: Some(req.command),
                    recovery: None,
                });
            }
            Json(r).into_response()
        }
        Err(e) => refusal(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveRequest {
    version: u64,
    #[serde(default)]
    client: Option<String>,
}

async fn post_save(
    State(st): State<Arc<AppState>>,
    body: Result<Json<SaveRequest>, JsonRejection>,
) -> Response {
    let req = match body {
        Ok(Json(r)) => r,
        Err(e) => return bad_json(e),
    };
    let saved = st.session().save(req.version);
    match saved {
        Ok((version, bytes)) => {
            st.announce(Change {
                version,
                dirty: false,
                what: "save",
                by: req.client,
                command: None,
                recovery: None,
            });
            let name = st
                .file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            Json(json!({"version": version, "bytes": bytes, "file": name, "dirty": false}))
                .into_response()
        }
        Err(e) => refusal(e),
    }
}

fn event(v: Value) -> Result<Event, Infallible> {
    Ok(Event::default().data(v.to_string()))
}

async fn get_events(
    State(st): State<Arc<AppState>>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let rx = st.events.subscribe();
    let closing = st.closing.subscribe();
    let hello = {
        let s = st.session();
        json!({"what": "hello", "version": s.version(), "dirty": s.dirty()})
    };
    // After `stopping` (or once the server is stopping) the stream ends.
    let done = *closing.borrow();
    let stream = futures_util::stream::unfold(
        (Some(hello), done, rx, closing, st),
        |(first, done, mut rx, mut closing, st)| async move {
            if let Some(v) = first {
                return Some((event(v), (None, done, rx, closing, st)));
            }
            if done {
                return None;
            }
            let (v, done) = tokio::select! {
                // Changes first: the last one, `stopping`, is sent before the stream ends.
                biased;
                r = rx.recv() => match r {
                    Ok(c) => (json!({
                        "what": c.what, "version": c.version, "dirty": c.dirty,
                        "by": c.by, "command": c.command, "recovery": c.recovery,
                    }), c.what == "stopping"),
                    // Too far behind to list what happened: the current version is enough.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let s = st.session();
                        (json!({"what": "resync", "version": s.version(), "dirty": s.dirty()}), false)
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = closing.changed() => return None,
            };
            Some((event(v), (None, done, rx, closing, st)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::default())
}
