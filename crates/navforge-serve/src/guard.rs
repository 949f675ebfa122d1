//! Who may talk to the server: a loopback `Host` (so a web page on another site cannot reach it
//! by pointing its own name at 127.0.0.1: DNS rebinding), the session token on every API call,
//! and, for writes, the page's own origin and a JSON body.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::{AppState, refuse};

/// The largest request body accepted, in bytes (an edit is one command line).
pub const BODY_LIMIT: usize = 64 * 1024;

/// The header the page sends the token in (event streams, which cannot set headers, send it as
/// `?token=`).
pub const TOKEN_HEADER: &str = "x-navforge-token";

/// A fresh session token: 128 random bits as hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    // The OS generator failing leaves no safe token to use: say so rather than run unprotected.
    getrandom::fill(&mut bytes).expect("the operating system's random number generator failed");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `host` (a `Host` header or an origin's authority) names this server on loopback.
fn local_authority(host: &str, port: u16) -> bool {
    let (name, rest) = match host.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some(parts) => parts,
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, _)) => (name, &host[name.len()..]),
            None => (host, ""),
        },
    };
    let port_ok = match rest.strip_prefix(':') {
        Some(p) => p.parse::<u16>() == Ok(port),
        None => rest.is_empty() && port == 80,
    };
    let name_ok = name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "::1";
    port_ok && name_ok
}

fn token_of<'a>(headers: &'a HeaderMap, query: Option<&'a str>) -> Option<&'a str> {
    if let Some(v) = headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()) {
        return Some(v);
    }
    query?.split('&').find_map(|kv| kv.strip_prefix("token="))
}

/// Equal strings in a time that does not depend on where they first differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Refuses requests that are not for this server, from this server's page.
pub async fn check(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if !host.is_some_and(|h| local_authority(h, state.port)) {
        return refuse(
            StatusCode::FORBIDDEN,
            "forbidden-host",
            "this server answers only to 127.0.0.1 and localhost",
        );
    }
    let path = req.uri().path();
    let api = path.starts_with("/api/");
    if api && !token_of(headers, req.uri().query()).is_some_and(|t| same(t, &state.token)) {
        return refuse(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "the session token is missing or wrong: open the URL navforge serve printed",
        );
    }
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        if let Err(why) = same_origin(headers, state.port) {
            return refuse(StatusCode::FORBIDDEN, "cross-origin", &why);
        }
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if !json {
            return refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "not-json",
                "writes take a JSON body (Content-Type: application/json)",
            );
        }
    }
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    // The token is in the page's URL: never send it on as a referrer; never be framed.
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert(
        "content-security-policy",
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        ),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// A write must come from this server's own page: a cross-site `Sec-Fetch-Site` or an `Origin`
/// other than this server is refused.
fn same_origin(headers: &HeaderMap, port: u16) -> Result<(), String> {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && !matches!(site, "same-origin" | "none")
    {
        return Err(format!("a {site} write is refused"));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|authority| local_authority(authority, port));
        if !ok {
            return Err(format!(
                "writes from origin {} are refused",
                origin.to_str().unwrap_or("(not text)")
            ));
        }
    }
    Ok(())
}

/// A body over [`BODY_LIMIT`] gets this answer.
pub fn too_large() -> Response {
    refuse(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        &format!("request bodies are limited to {BODY_LIMIT} bytes"),
    )
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_on_our_port_are_local() {
        assert!(local_authority("127.0.0.1:8080", 8080));
        assert!(local_authority("localhost:8080", 8080));
        assert!(local_authority("LOCALHOST:8080", 8080));
        assert!(local_authority("[::1]:8080", 8080));
        assert!(!local_authority("127.0.0.1:8081", 8080));
        assert!(!local_authority("evil.example:8080", 8080));
        assert!(!local_authority("127.0.0.1.evil.example:8080", 8080));
        assert!(!local_authority("localhost", 8080));
        assert!(local_authority("localhost", 80));
        assert!(!local_authority("[::1", 8080));
        assert!(!local_authority("", 8080));
        assert!(!local_authority("127.0.0.1:8080:8080", 8080));
    }

    #[test]
    fn tokens_are_fresh_and_compared_whole() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(same(&a, &a.clone()));
        assert!(!same(&a, &b));
        assert!(!same(&a, &a[..31]));
    }
}
