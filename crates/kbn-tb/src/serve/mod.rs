//! `kbn-tb serve`: the seed's interactive board, served from the binary itself.
//!
//! One page (HTML, CSS and JavaScript compiled into the binary) and JSON endpoints over the
//! table in memory:
//!
//! | request | answer |
//! |---|---|
//! | `GET /`, `GET /?fen=FEN` | the board page (on that position) |
//! | `GET /page.css`, `GET /page.js` | its style sheet and script |
//! | `GET /api/probe?fen=FEN` | the position's value and moves, as [`api`] describes |
//! | `GET /standard?fen=FEN`, `GET /standard/mainline?fen=FEN` | the lichess tablebase API's answers |
//! | `GET /api/practice?side=S&min=N&max=M` | a random position for practice mode |
//! | any other path | 404 with `{"error": "..."}` |
//! | another method on a known path | 405 |
//!
//! Safety: the command line binds to 127.0.0.1 unless told otherwise; no part of a request ever
//! names a file (the only assets are compiled in, the table is loaded before the server starts);
//! hyper answers 431 to request heads over [`MAX_HEAD_BYTES`] and drops heads that take over
//! [`HEAD_TIMEOUT`] to arrive; request bodies are never read; a FEN over
//! [`api::MAX_FEN_BYTES`] is refused.
//!
//! # Examples
//!
//! ```no_run
//! use kbn_tb::{Table, serve::Server};
//!
//! let server = Server::bind(([127, 0, 0, 1], 8080).into(), Table::generate())?;
//! println!("open http://{}/", server.local_addr());
//! server.run()?;
//! # Ok::<_, kbn_tb::serve::ServeError>(())
//! ```

pub mod api;

use std::{error::Error, fmt, io, net::SocketAddr, sync::Arc, time::Duration};

use axum::{
    Router,
    body::Body,
    http::{HeaderValue, StatusCode, header},
    response::Response,
    routing::get,
};
use hyper_util::{rt::TokioIo, rt::TokioTimer, service::TowerToHyperService};

use crate::Table;

/// The largest request head (request line and headers) the server reads, in bytes: hyper's
/// smallest buffer. A FEN fits many times over.
pub const MAX_HEAD_BYTES: usize = 8 * 1024;

/// How long a client may take to send its request head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// The page's three assets, compiled in: nothing is read from disk while serving.
const PAGE_HTML: &str = include_str!("page.html");
const PAGE_CSS: &str = include_str!("page.css");
const PAGE_JS: &str = include_str!("page.js");

/// Headers on every answer: the page loads only its own assets and talks only to its own API.
const SECURITY_HEADERS: [(header::HeaderName, &str); 4] = [
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self'; style-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::CACHE_CONTROL, "no-store"),
];

/// The routes of the module docs, over a shared table.
pub fn router(table: Arc<Table>) -> Router {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", PAGE_HTML)))
        .route(
            "/page.css",
            get(|| asset("text/css; charset=utf-8", PAGE_CSS)),
        )
        .route(
            "/page.js",
            get(|| asset("text/javascript; charset=utf-8", PAGE_JS)),
        )
        .route("/api/probe", get(api::probe_handler))
        .route("/standard", get(api::standard_handler))
        .route("/standard/mainline", get(api::mainline_handler))
        .route("/api/practice", get(api::practice_handler))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(table)
}

/// A response with its content type and the [`SECURITY_HEADERS`]: every answer is made here
/// (an axum middleware adding the headers cost more than the routing itself).
pub(crate) fn response(
    status: StatusCode,
    content_type: &'static str,
    body: impl Into<Body>,
) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

async fn asset(content_type: &'static str, body: &'static str) -> Response {
    response(StatusCode::OK, content_type, body)
}

async fn method_not_allowed() -> Response {
    api::error(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed: the page and the API answer GET (and HEAD)",
    )
}

async fn not_found() -> Response {
    api::error(
        StatusCode::NOT_FOUND,
        "no such page: the API is /standard?fen=FEN, /standard/mainline?fen=FEN, /api/probe?fen=FEN, /api/practice?side=white&min=1&max=10",
    )
}

/// A bound listening socket and the table it will answer from.
#[derive(Debug)]
pub struct Server {
    listener: std::net::TcpListener,
    table: Arc<Table>,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port; see [`Server::local_addr`]) to serve `table`
    /// (a [`Table`] or an `Arc<Table>` shared with others).
    ///
    /// # Errors
    ///
    /// [`ServeError::Bind`] when the address cannot be bound (in use, not local, no permission).
    pub fn bind(addr: SocketAddr, table: impl Into<Arc<Table>>) -> Result<Server, ServeError> {
        let bind_error = |source| ServeError::Bind { addr, source };
        let listener = std::net::TcpListener::bind(addr).map_err(bind_error)?;
        listener.set_nonblocking(true).map_err(bind_error)?;
        Ok(Server {
            listener,
            table: table.into(),
        })
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has a local address")
    }

    /// Serves until the process ends, on a runtime of its own.
    ///
    /// # Errors
    ///
    /// [`ServeError::Runtime`] when the async runtime cannot start.
    pub fn run(self) -> Result<(), ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        runtime.block_on(self.serve())
    }

    /// Serves until the future is dropped, on the caller's tokio runtime.
    ///
    /// # Errors
    ///
    /// [`ServeError::Runtime`] when the socket cannot join the runtime.
    pub async fn serve(self) -> Result<(), ServeError> {
        let listener =
            tokio::net::TcpListener::from_std(self.listener).map_err(ServeError::Runtime)?;
        let app = router(self.table);
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _peer)) => stream,
                // Out of file descriptors or a connection reset before it was accepted: the
                // listener itself is fine, so wait a moment and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let service = TowerToHyperService::new(app.clone());
            tokio::spawn(async move {
                let connection = hyper::server::conn::http1::Builder::new()
                    .max_buf_size(MAX_HEAD_BYTES)
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEAD_TIMEOUT)
                    .serve_connection(TokioIo::new(stream), service);
                // A client that hangs up or sends garbage ends its own connection only.
                let _ = connection.await;
            });
        }
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub enum ServeError {
    /// The address could not be bound.
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The async runtime could not start or adopt the socket.
    Runtime(io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Bind { addr, source } => write!(f, "cannot listen on {addr}: {source}"),
            ServeError::Runtime(source) => write!(f, "cannot start the server: {source}"),
        }
    }
}

impl Error for ServeError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ServeError::Bind { source, .. } | ServeError::Runtime(source) => Some(source),
        }
    }
}

impl toolkit_cli::Report for ServeError {
    fn status(&self) -> toolkit_cli::Status {
        toolkit_cli::Status::Failure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assets_are_linked_from_the_page() {
        assert!(PAGE_HTML.contains(r#"href="/page.css""#));
        assert!(PAGE_HTML.contains(r#"src="/page.js""#));
    }

    #[test]
    fn a_bind_error_names_the_address() {
        let table = Arc::new(Table::generate());
        let taken = Server::bind(([127, 0, 0, 1], 0).into(), table.clone()).unwrap();
        let err = Server::bind(taken.local_addr(), table).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with(&format!("cannot listen on {}: ", taken.local_addr())),
            "{text}"
        );
    }
}
