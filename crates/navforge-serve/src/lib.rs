//! `navforge serve`: a local web page that shows a navigation file in 3D over its level and
//! edits it through the same engine as `navforge edit`.
//!
//! [`Server::open`] reads the file (every format navforge reads: those the editing engine edits,
//! Source / GoldSrc meshes, Quake graphs, Bethesda plugins' and MGSV `.nav2` triangle navmeshes
//! ([`Options::navmesh`] chooses one), through `navforge_edit::open` as `navforge edit` does; the
//! others read-only) and, with [`Options::level`], a level (BSP, OBJ, glTF) drawn
//! faintly under it, and binds `127.0.0.1`. [`Server::url`] is the page's address with the session
//! token; [`Server::run`] serves until the shutdown future resolves.
//!
//! What the page can ask (every `/api/` request carries the token):
//!
//! | request | answer |
//! |---|---|
//! | `GET /api/mesh` | the mesh as one binary buffer (a JSON header, then typed arrays) |
//! | `GET /api/level` | the level's world triangles, binary |
//! | `GET /api/state` | version, history, whether it is saved and editable |
//! | `GET /api/check` | `navforge check`'s findings |
//! | `GET /api/path?from=X,Y,Z&to=X,Y,Z` | a path from the path crate: corridor, waypoints, cost |
//! | `GET /api/events` | server-sent events: every new version, for the other tabs |
//! | `POST /api/edit` `{"command": "delete 12", "version": 3}` | runs one line of `navforge edit`'s command language |
//! | `POST /api/save` `{"version": 4}` | writes the opened file in its own format, through a temporary file |
//!
//! Security: only loopback `Host`s are served (DNS rebinding); the API needs the token; writes
//! must come from the page's own origin with a JSON body under [`BODY_LIMIT`]; the only files
//! written are the one opened and its recovery file. Every edit names the version it was made
//! on, and an edit on an older version is refused, so two tabs never lose each other's work. A
//! connection that has not sent a whole request head within [`HEADER_TIMEOUT`] is closed, and
//! at most [`MAX_CONNECTIONS`] are served at once (more wait to be accepted).
//!
//! Stopping ([`Server::run`]'s shutdown future: Ctrl+C or SIGTERM in `navforge serve`) with
//! unsaved edits writes them to a recovery file next to the opened file, never over it
//! (`de_dust2.nav` gets `de_dust2.recovery.nav`), and tells every open tab where it is.
//! Serving the file again mentions the recovery files it has ([`Server::recoveries`]), and
//! [`Options::recover`] opens the newest as unsaved edits of the file, which Save writes.
//!
//! The page is built from `web/` (three.js, bundled by esbuild) and embedded in the binary.

#![deny(missing_docs)]

mod api;
mod encode;
mod guard;
mod page;
mod recovery;
mod session;
mod trimesh;

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use guard::BODY_LIMIT;
pub use recovery::Found as Recovery;

/// How long a connection may take to send a whole request head (and how long a kept-alive
/// connection may stay idle) before it is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How many connections are served at once; more wait in the listen queue until one closes.
/// (A page keeps about seven open.)
pub const MAX_CONNECTIONS: usize = 256;

/// How long a stop waits for answers in progress before closing their connections.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// What to serve.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The navigation file to open (the only file the server writes).
    pub file: PathBuf,
    /// A level drawn faintly under the mesh.
    pub level: Option<PathBuf>,
    /// The navmesh to edit in a Bethesda plugin (form ID `0x000B83E0` or EDID) or a `.nav2`
    /// (group), as `navforge edit --navmesh`; a file with one navmesh opens on it, and the page
    /// can choose another.
    pub navmesh: Option<String>,
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Open the newest recovery file of `file` (written when a server stopped with unsaved
    /// edits) as unsaved edits of `file`; saving writes `file` and removes the recovery file.
    pub recover: bool,
    /// [`HEADER_TIMEOUT`] unless set.
    pub header_timeout: Option<Duration>,
    /// [`MAX_CONNECTIONS`] unless set.
    pub max_connections: Option<usize>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// A file could not be read.
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not something the server can show.
    #[error("{}: {message}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// Why (the reader's error names the format, field and byte offset).
        message: String,
    },
    /// The port could not be bound.
    #[error("cannot listen on 127.0.0.1:{port}: {source}")]
    Bind {
        /// The port asked for.
        port: u16,
        /// Why.
        source: std::io::Error,
    },
    /// The async runtime could not start, or serving stopped with an error.
    #[error("the server stopped: {0}")]
    Runtime(std::io::Error),
    /// `recover` was asked for and the file has no recovery file.
    #[error("{}: no recovery file to open (looked for {} and numbered ones like it)", path.display(), looked_for.display())]
    NoRecovery {
        /// The file.
        path: PathBuf,
        /// The first name looked for.
        looked_for: PathBuf,
    },
}

/// How a server stopped.
#[derive(Debug, Clone, PartialEq)]
pub struct Stopped {
    /// `None` when every edit was saved; otherwise the recovery file the unsaved edits were
    /// written to, or why they could not be written.
    pub recovery: Option<Result<PathBuf, String>>,
}

/// A server bound to its port, ready to [`run`](Server::run).
pub struct Server {
    listener: tokio::net::TcpListener,
    state: Arc<api::AppState>,
    addr: SocketAddr,
    header_timeout: Duration,
    max_connections: usize,
    recoveries: Vec<Recovery>,
    recovered_from: Option<PathBuf>,
}

impl Server {
    /// Read the file (and level) and bind `127.0.0.1:port`. Must be called inside a Tokio
    /// runtime.
    pub async fn open(options: &Options) -> Result<Server, ServeError> {
        let mut session = session::Session::open(&options.file, options.recover)?;
        if let Some(id) = &options.navmesh {
            session
                .choose_navmesh(id)
                .map_err(|message| ServeError::Open {
                    path: options.file.clone(),
                    message: format!("--navmesh {id}: {message}"),
                })?;
        }
        let recovered_from = session.recovered_from().map(Path::to_path_buf);
        let recoveries = recovery::find(&options.file)
            .into_iter()
            .filter(|r| Some(&r.path) != recovered_from.as_ref())
            .collect();
        let level = match &options.level {
            Some(path) => {
                // Drawn under the mesh, and the map the editor's map commands ask.
                let (buffer, level) = encode::load_level(path)?;
                let name = path.file_name().unwrap_or(path.as_os_str());
                let world = navforge_edit_level::LevelWorld::new(name.to_string_lossy(), level);
                session.set_world(world.shared());
                Some(buffer)
            }
            None => None,
        };
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", options.port))
            .await
            .map_err(|source| ServeError::Bind {
                port: options.port,
                source,
            })?;
        let addr = listener.local_addr().map_err(|source| ServeError::Bind {
            port: options.port,
            source,
        })?;
        let state = api::AppState::new(session, level, guard::new_token(), addr.port());
        Ok(Server {
            listener,
            state,
            addr,
            header_timeout: options.header_timeout.unwrap_or(HEADER_TIMEOUT),
            max_connections: options.max_connections.unwrap_or(MAX_CONNECTIONS).max(1),
            recoveries,
            recovered_from,
        })
    }

    /// Recovery files of the file left by servers that stopped with unsaved edits (oldest
    /// first), other than the one opened with [`Options::recover`].
    pub fn recoveries(&self) -> &[Recovery] {
        &self.recoveries
    }

    /// The recovery file opened with [`Options::recover`].
    pub fn recovered_from(&self) -> Option<&Path> {
        self.recovered_from.as_deref()
    }

    /// The page's address, with the session token.
    pub fn url(&self) -> String {
        format!("http://{}/?token={}", self.addr, self.state.token)
    }

    /// The session token the API asks for.
    pub fn token(&self) -> &str {
        &self.state.token
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The file being edited.
    pub fn file(&self) -> &Path {
        &self.state.file
    }

    /// Serve until `shutdown` resolves. Then: edits and saves are refused, unsaved edits are
    /// written to a recovery file, every open tab is told (and its event stream ends), and
    /// answers in progress get a few seconds to finish.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<Stopped> {
        use hyper_util::rt::{TokioIo, TokioTimer};
        use tokio::sync::{Semaphore, watch};

        let Server {
            listener,
            state,
            header_timeout,
            max_connections,
            ..
        } = self;
        let router = api::router(state.clone());
        let slots = Arc::new(Semaphore::new(max_connections));
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            // A free slot first: over the limit, connections wait in the listen queue.
            let permit = tokio::select! {
                _ = &mut shutdown => break,
                p = slots.clone().acquire_owned() => match p {
                    Ok(p) => p,
                    Err(_) => break,
                },
            };
            let stream = tokio::select! {
                _ = &mut shutdown => break,
                r = listener.accept() => match r {
                    Ok((stream, _)) => stream,
                    // Out of descriptors or a connection reset while queued: not fatal.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
            };
            let service = hyper_util::service::TowerToHyperService::new(router.clone());
            let mut stop = stop_rx.clone();
            tokio::spawn(async move {
                let _slot = permit;
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder
                    .timer(TokioTimer::new())
                    .header_read_timeout(header_timeout);
                let conn = builder.serve_connection(TokioIo::new(stream), service);
                let mut conn = std::pin::pin!(conn);
                tokio::select! {
                    _ = conn.as_mut() => return,
                    _ = stop.wait_for(|s| *s) => {}
                }
                conn.as_mut().graceful_shutdown();
                let _ = conn.await;
            });
        }
        drop(listener);
        let stopped = state.stop();
        let _ = stop_tx.send(true);
        // Every slot back means every connection closed.
        let all = u32::try_from(max_connections).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(STOP_GRACE, slots.acquire_many(all)).await;
        Ok(stopped)
    }

    /// Whether the file has edits that are not saved.
    pub fn unsaved(&self) -> bool {
        self.state.unsaved()
    }
}

/// Serve `options` on a Tokio runtime of its own until Ctrl+C or SIGTERM; `ready` gets the
/// server once the port is bound (its URL, the recovery files found).
pub fn serve_until_signal(
    options: &Options,
    ready: impl FnOnce(&Server),
) -> Result<Stopped, ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let server = Server::open(options).await?;
        // Listen before telling anyone where the server is: a Ctrl+C that follows the URL at
        // once stops it cleanly too (it used to end the process before the handler was in).
        let stop = stop_signal();
        ready(&server);
        server.run(stop).await.map_err(ServeError::Runtime)
    })
}

/// Ctrl+C (SIGINT) or SIGTERM, listened for from this call on; never, when no handler can be
/// installed.
#[cfg(unix)]
fn stop_signal() -> impl std::future::Future<Output = ()> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut int = signal(SignalKind::interrupt()).ok();
    let mut term = signal(SignalKind::terminate()).ok();
    async move {
        tokio::select! {
            _ = received(int.as_mut()) => {}
            _ = received(term.as_mut()) => {}
        }
    }
}

/// The next signal on `s`; never, without one.
#[cfg(unix)]
async fn received(s: Option<&mut tokio::signal::unix::Signal>) {
    match s {
        Some(s) => {
            s.recv().await;
        }
        None => std::future::pending::<()>().await,
    }
}

/// Ctrl+C; never, when no handler can be installed.
#[cfg(not(unix))]
fn stop_signal() -> impl std::future::Future<Output = ()> {
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
