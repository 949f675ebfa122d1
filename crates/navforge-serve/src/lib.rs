//! `navforge serve`: a local web page that shows a navigation file in 3D over its level and
//! edits it through the same engine as `navforge edit`.
//!
//! [`Server::open`] reads the file (every format navforge reads: those the editing engine edits,
//! Source / GoldSrc meshes and Quake graphs, through `navforge_edit::open` as `navforge edit`
//! does; the others read-only) and, with [`Options::level`], a level (BSP, OBJ, glTF) drawn
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
//! must come from the page's own origin with a JSON body under [`BODY_LIMIT`]; the only file
//! written is the one opened. Every edit names the version it was made on, and an edit on an
//! older version is refused, so two tabs never lose each other's work.
//!
//! The page is built from `web/` (three.js, bundled by esbuild) and embedded in the binary.

#![warn(missing_docs)]

mod api;
mod encode;
mod guard;
mod page;
mod session;

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use guard::BODY_LIMIT;

/// What to serve.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The navigation file to open (the only file the server writes).
    pub file: PathBuf,
    /// A level drawn faintly under the mesh.
    pub level: Option<PathBuf>,
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
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
}

/// A server bound to its port, ready to [`run`](Server::run).
pub struct Server {
    listener: tokio::net::TcpListener,
    state: Arc<api::AppState>,
    addr: SocketAddr,
}

impl Server {
    /// Read the file (and level) and bind `127.0.0.1:port`. Must be called inside a Tokio
    /// runtime.
    pub async fn open(options: &Options) -> Result<Server, ServeError> {
        let session = session::Session::open(&options.file)?;
        let level = match &options.level {
            Some(path) => Some(encode::load_level(path)?),
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
        })
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

    /// Serve until `shutdown` resolves; open event streams are closed then.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let state = self.state.clone();
        let router = api::router(self.state);
        axum::serve(self.listener, router)
            .with_graceful_shutdown(async move {
                shutdown.await;
                state.close_streams();
            })
            .await
    }

    /// Whether the file has edits that are not saved (for a warning on exit).
    pub fn unsaved(&self) -> bool {
        self.state.unsaved()
    }

    /// A handle that answers [`Server::unsaved`] after `run` has taken the server.
    pub fn watch(&self) -> Watch {
        Watch(self.state.clone())
    }
}

/// Serve `options` on a Tokio runtime of its own until Ctrl+C; `ready` gets the page's URL once
/// the port is bound. Returns whether edits were left unsaved.
pub fn serve_until_ctrl_c(options: &Options, ready: impl FnOnce(&str)) -> Result<bool, ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let server = Server::open(options).await?;
        ready(&server.url());
        let watch = server.watch();
        server
            .run(async {
                // Without a signal handler the server runs until the process is killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
            .map_err(ServeError::Runtime)?;
        Ok(watch.unsaved())
    })
}

/// Asks a running server about its session.
#[derive(Clone)]
pub struct Watch(Arc<api::AppState>);

impl Watch {
    /// Whether the file has edits that are not saved.
    pub fn unsaved(&self) -> bool {
        self.0.unsaved()
    }
}
