//! Shared by the server's tests: a server on a thread of its own, a plain HTTP/1.1 client that
//! can send any header (a foreign `Host`, a wrong `Origin`), and copies of corpus files in a
//! temporary folder (the server writes the file it opens).
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A running server; dropping it stops it.
pub struct Running {
    pub url: String,
    pub addr: SocketAddr,
    pub token: String,
    pub file: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<Option<navforge_serve::Stopped>>>,
}

impl Running {
    /// Stop the server as Ctrl+C does; how it stopped.
    pub fn stop(mut self) -> navforge_serve::Stopped {
        self.end().expect("the server stopped with an error")
    }

    fn end(&mut self) -> Option<navforge_serve::Stopped> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.thread.take().and_then(|t| t.join().ok().flatten())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.end();
    }
}

/// Serve `file` (with `level`) on a free port.
pub fn serve(file: &Path, level: Option<&Path>) -> Running {
    serve_with(navforge_serve::Options {
        file: file.to_path_buf(),
        level: level.map(Path::to_path_buf),
        ..Default::default()
    })
}

/// Serve with these options (port 0 picks a free one).
pub fn serve_with(options: navforge_serve::Options) -> Running {
    start(options).unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

/// Serve with these options, or why the server did not start.
pub fn start(options: navforge_serve::Options) -> Result<Running, String> {
    let file = options.file.clone();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let server = match navforge_serve::Server::open(&options).await {
                Ok(s) => s,
                Err(e) => {
                    ready_tx.send(Err(e.to_string())).unwrap();
                    return None;
                }
            };
            ready_tx
                .send(Ok((
                    server.url(),
                    server.local_addr(),
                    server.token().to_string(),
                )))
                .unwrap();
            server
                .run(async {
                    let _ = stop_rx.await;
                })
                .await
                .ok()
        })
    });
    let (url, addr, token) = ready_rx.recv().unwrap()?;
    Ok(Running {
        url,
        addr,
        token,
        file,
        stop: Some(stop_tx),
        thread: Some(thread),
    })
}

/// A corpus file copied into `dir` (so that saving never touches the corpus); `None` when the
/// corpus is absent and the test skips.
pub fn corpus_copy(dir: &Path, sub: &str, name: &str) -> Option<PathBuf> {
    let src = navforge_core::testing::corpus_dir(sub)?.join(name);
    let dst = dir.join(name);
    std::fs::copy(&src, &dst).unwrap_or_else(|e| panic!("copy {}: {e}", src.display()));
    Some(dst)
}

/// A corpus file's path (read-only use).
pub fn corpus_file(sub: &str, name: &str) -> Option<PathBuf> {
    Some(navforge_core::testing::corpus_dir(sub)?.join(name))
}

/// One HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body[..self.body.len().min(300)])
            )
        })
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A request with exactly these headers (add `Host` yourself to send a foreign one).
pub struct Request<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl<'a> Request<'a> {
    pub fn get(path: &'a str) -> Self {
        Request {
            method: "GET",
            path,
            headers: Vec::new(),
            body: Vec::new(),
        }
    }
    pub fn post_json(path: &'a str, body: &serde_json::Value) -> Self {
        Request {
            method: "POST",
            path,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: serde_json::to_vec(body).unwrap(),
        }
    }
    pub fn header(mut self, k: &str, v: &str) -> Self {
        self.headers.push((k.into(), v.into()));
        self
    }
    /// The session token and a local `Host`, as the page sends them.
    pub fn like_the_page(self, s: &Running) -> Self {
        let host = s.addr.to_string();
        self.header("Host", &host)
            .header("X-Navforge-Token", &s.token)
    }
    pub fn send(&self, addr: SocketAddr) -> std::io::Result<Answer> {
        let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        let mut head = format!("{} {} HTTP/1.1\r\n", self.method, self.path);
        for (k, v) in &self.headers {
            head += &format!("{k}: {v}\r\n");
        }
        head += &format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.body.len()
        );
        stream.write_all(head.as_bytes())?;
        // A refused oversized body may be cut short by the server: that is its answer.
        let _ = stream.write_all(&self.body);
        let mut raw = Vec::new();
        match stream.read_to_end(&mut raw) {
            Ok(_) => {}
            Err(e) if !raw.is_empty() && e.kind() == std::io::ErrorKind::ConnectionReset => {}
            Err(e) => return Err(e),
        }
        parse(&raw)
    }
}

fn parse(raw: &[u8]) -> std::io::Result<Answer> {
    let bad = |why: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, why.to_string());
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of headers"))?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    if chunked {
        body = dechunk(&body).ok_or_else(|| bad("bad chunks"))?;
    }
    Ok(Answer {
        status,
        headers,
        body,
    })
}

fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line_end]).ok()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}

/// GET as the page.
pub fn get(s: &Running, path: &str) -> Answer {
    Request::get(path).like_the_page(s).send(s.addr).unwrap()
}

/// POST JSON as the page.
pub fn post(s: &Running, path: &str, body: serde_json::Value) -> Answer {
    Request::post_json(path, &body)
        .like_the_page(s)
        .send(s.addr)
        .unwrap()
}

/// The current version.
pub fn version(s: &Running) -> u64 {
    get(s, "/api/state").json()["version"].as_u64().unwrap()
}

/// Run an edit on the current version; the answer.
pub fn edit(s: &Running, command: &str) -> Answer {
    let v = version(s);
    post(
        s,
        "/api/edit",
        serde_json::json!({"command": command, "version": v}),
    )
}

/// The JSON header of a binary buffer from `/api/mesh` or `/api/level`, and its body.
pub fn buffer_header(bytes: &[u8]) -> (serde_json::Value, &[u8]) {
    assert_eq!(&bytes[..4], b"NFMB", "not a mesh buffer");
    let n = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    assert_eq!(n % 4, 0);
    (
        serde_json::from_slice(&bytes[8..8 + n]).unwrap(),
        &bytes[8 + n..],
    )
}

/// The files in a folder, sorted (to see that nothing else was written).
pub fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A tab's event stream (`/api/events`, the token in the query as EventSource sends it).
pub struct Events {
    lines: std::io::BufReader<TcpStream>,
}

impl Events {
    pub fn open(s: &Running) -> Events {
        let mut stream = TcpStream::connect(s.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET /api/events?token={} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            s.token, s.addr
        )
        .unwrap();
        Events {
            lines: std::io::BufReader::new(stream),
        }
    }

    /// The next event's data, or `None` when the stream ended.
    pub fn next(&mut self) -> Option<serde_json::Value> {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            if self.lines.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                return Some(serde_json::from_str(data).unwrap());
            }
        }
    }
}
