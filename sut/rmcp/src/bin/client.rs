//! elicit-conform client adapter for rmcp, the official Rust MCP SDK.
//!
//! A `ClientHandler` that declares exactly `ELICIT_CONFORM_CAPABILITIES`, answers elicitations
//! in `create_elicitation` as the scripted user of `ELICIT_CONFORM_USER`, calls
//! `ELICIT_CONFORM_TOOL` once connected and exits 0 after its result (docs/adapter-contract.md).
//!
//! The server is the last argument: a path, spawned as a stdio server (`TokioChildProcess`), or
//! an `http://` URL (`StreamableHttpClientTransport`).
//!
//! The revision: `ELICIT_CONFORM_PROTOCOL_VERSION` 2025-06-18 or 2025-11-25 connects with
//! `initialize` (`ClientLifecycleMode::Initialize`, that version in `ClientConfig`); 2026-07-28 with
//! `ClientLifecycleMode::Discover` (`server/discover`, then `_meta` on every request), where
//! rmcp's `call_tool` itself fulfils each `input_required` round through `create_elicitation`
//! and retries. `ELICIT_CONFORM_PROTOCOL_VERSIONS` (cases about eras): 2026-07-28 with a 2025
//! revision is `ClientLifecycleMode::Auto` (probe, fall back to `initialize`).

use std::{
    collections::{HashSet, VecDeque},
    sync::{Arc, Mutex},
    time::Duration,
};

use rmcp::{
    ClientHandler, ErrorData as McpError, RoleClient, ServiceError,
    model::{
        CallToolRequestParams, ClientCapabilities, ClientConfig, CustomNotification,
        ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema, Implementation,
        ProtocolVersion,
    },
    service::{
        ClientLifecycleMode, ClientServiceExt, NotificationContext, RequestContext, RunningService,
    },
    transport::{IntoTransport, StreamableHttpClientTransport, TokioChildProcess},
};
use serde_json::{Map, Value, json};
use tokio::{io::AsyncWriteExt, sync::Notify};

const COMPLETE: &str = "notifications/elicitation/complete";

fn skip(reason: &str) -> ! {
    eprintln!("elicit-conform: SKIP: {reason}");
    std::process::exit(77);
}

/// The user: scripted answers, one per elicitation shown; when they run out, the user cancels.
/// An answer with "message" is for the elicitation showing that text (the adapter contract): rmcp
/// hands the input requests of one InputRequiredResult to the handler in the order of its map,
/// sorted by key, not the order the server wrote them in.
struct User(Mutex<VecDeque<Value>>);

impl User {
    fn next(&self, message: &str) -> Value {
        let Ok(mut answers) = self.0.lock() else {
            return json!({"action": "cancel"});
        };
        let pick = answers
            .iter()
            .position(|answer| answer.get("message").and_then(Value::as_str) == Some(message))
            .or_else(|| {
                answers
                    .iter()
                    .position(|answer| answer.get("message").is_none())
            });
        pick.and_then(|at| answers.remove(at))
            .unwrap_or_else(|| json!({"action": "cancel"}))
    }
}

struct Adapter {
    info: ClientConfig,
    /// `ELICIT_CONFORM_CAPABILITIES` was `none`: this application has no elicitation UI.
    declared_none: bool,
    user: Arc<User>,
    completed: Arc<(Mutex<HashSet<String>>, Notify)>,
}

fn action_of(answer: &Value) -> ElicitationAction {
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") => ElicitationAction::Accept,
        Some("decline") => ElicitationAction::Decline,
        _ => ElicitationAction::Cancel,
    }
}

/// "Opening" a URL the user agreed to: one GET, and only on 127.0.0.1 over plain HTTP (this
/// adapter never leaves the machine). This is the application's job, as a browser's: rmcp hands
/// the URL over and opens nothing.
async fn open_url(url: &str) {
    let Some(rest) = url.strip_prefix("http://127.0.0.1") else {
        return;
    };
    let (port, path) = match rest.strip_prefix(':') {
        Some(rest) => {
            let end = rest.find('/').unwrap_or(rest.len());
            (rest[..end].parse::<u16>().unwrap_or(80), &rest[end..])
        }
        None if rest.is_empty() || rest.starts_with('/') => (80, rest),
        None => return,
    };
    let path = if path.is_empty() { "/" } else { path };
    let get = async {
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
        let request = format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n");
        stream.write_all(request.as_bytes()).await?;
        let mut sink = Vec::new();
        tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut sink).await?;
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), get).await;
}

/// The form as the UI shows it: every property with a `default` pre-filled with it (SEP-1034).
/// rmcp has no API for defaults; a form UI built on the requested schema does this.
fn prefilled(requested_schema: &ElicitationSchema) -> Value {
    let schema = serde_json::to_value(requested_schema).unwrap_or(Value::Null);
    let mut content = Map::new();
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            if let Some(default) = property.get("default") {
                content.insert(name.clone(), default.clone());
            }
        }
    }
    Value::Object(content)
}

impl ClientHandler for Adapter {
    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, McpError> {
        if self.declared_none {
            // An application without elicitation support does not implement this method; this is
            // the body of rmcp's default (handler/client.rs), which declines.
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        }
        let message = match &request {
            ElicitRequestParams::UrlElicitationParams { message, .. }
            | ElicitRequestParams::FormElicitationParams { message, .. } => message.as_str(),
            _ => "",
        };
        let answer = self.user.next(message);
        let action = action_of(&answer);
        if action != ElicitationAction::Accept {
            return Ok(ElicitResult::new(action));
        }
        match request {
            ElicitRequestParams::UrlElicitationParams { url, .. } => {
                open_url(&url).await;
                Ok(ElicitResult::new(ElicitationAction::Accept))
            }
            ElicitRequestParams::FormElicitationParams {
                requested_schema, ..
            } => {
                let content = match answer.get("content") {
                    Some(content) => content.clone(),
                    None => prefilled(&requested_schema),
                };
                Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content))
            }
            _ => Ok(ElicitResult::new(ElicitationAction::Decline)),
        }
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        // 2025-11-25's completion of a URL-mode elicitation (rmcp has no typed notification for
        // it): an application updates its UI; the retry after -32042 below waits for it.
        if notification.method != COMPLETE {
            return;
        }
        let id = notification
            .params
            .as_ref()
            .and_then(|params| params.get("elicitationId"))
            .and_then(Value::as_str);
        if let (Some(id), Ok(mut completed)) = (id, self.completed.0.lock()) {
            eprintln!("adapter: elicitation {id} completed");
            completed.insert(id.to_owned());
            self.completed.1.notify_waiters();
        }
    }
}

fn version(text: &str) -> ProtocolVersion {
    serde_json::from_value(Value::String(text.to_owned()))
        .unwrap_or_else(|_| skip(&format!("rmcp does not know protocol version {text}")))
}

/// The lifecycle and the version `ClientConfig` names, from the environment.
fn lifecycle() -> (ClientLifecycleMode, ProtocolVersion) {
    let told = std::env::var("ELICIT_CONFORM_PROTOCOL_VERSIONS").unwrap_or_default();
    let told: Vec<ProtocolVersion> = told
        .split(',')
        .filter(|v| !v.is_empty())
        .map(version)
        .collect();
    let asked = std::env::var("ELICIT_CONFORM_PROTOCOL_VERSION")
        .ok()
        .filter(|v| !v.is_empty())
        .map(|v| version(&v));
    if !told.is_empty() {
        let (modern, legacy): (Vec<_>, Vec<_>) =
            told.iter().cloned().partition(|v| !v.has_initialize());
        return match (modern.is_empty(), legacy.first()) {
            (true, _) => (ClientLifecycleMode::Initialize, told[0].clone()),
            (false, None) => (
                ClientLifecycleMode::Discover {
                    preferred_versions: modern.clone(),
                },
                modern[0].clone(),
            ),
            (false, Some(legacy_version)) => {
                if legacy.len() > 1 {
                    skip("rmcp's Auto lifecycle falls back to one legacy version, not several");
                }
                (
                    ClientLifecycleMode::Auto {
                        preferred_versions: modern.clone(),
                        legacy_version: Some(legacy_version.clone()),
                    },
                    modern[0].clone(),
                )
            }
        };
    }
    let asked = asked.unwrap_or(ProtocolVersion::LATEST_WITH_INITIALIZE);
    if asked.has_initialize() {
        (ClientLifecycleMode::Initialize, asked)
    } else {
        (
            ClientLifecycleMode::Discover {
                preferred_versions: vec![asked.clone()],
            },
            asked,
        )
    }
}

fn capabilities(declared: &str) -> ClientCapabilities {
    if declared == "none" {
        return ClientCapabilities::default();
    }
    let elicitation: Value = serde_json::from_str(declared).unwrap_or_else(|error| {
        eprintln!("adapter: ELICIT_CONFORM_CAPABILITIES is not JSON: {error}");
        std::process::exit(2);
    });
    serde_json::from_value(json!({ "elicitation": elicitation })).unwrap_or_else(|error| {
        skip(&format!(
            "rmcp's ClientCapabilities cannot declare this elicitation capability: {error}"
        ))
    })
}

/// Waits up to `limit` until every id has completed.
async fn completion(
    completed: &(Mutex<HashSet<String>>, Notify),
    ids: &[String],
    limit: Duration,
) -> bool {
    let all_done = || {
        completed
            .0
            .lock()
            .map(|done| ids.iter().all(|id| done.contains(id)))
            .unwrap_or(false)
    };
    let wait = async {
        loop {
            let notified = completed.1.notified();
            if all_done() {
                return;
            }
            notified.await;
        }
    };
    tokio::time::timeout(limit, wait).await.is_ok()
}

async fn run<T, E, A>(
    adapter: Adapter,
    transport: T,
    lifecycle: ClientLifecycleMode,
    tool: String,
) -> i32
where
    T: IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let user = adapter.user.clone();
    let completed = adapter.completed.clone();
    let client: RunningService<RoleClient, Adapter> =
        match adapter.serve_with_lifecycle(transport, lifecycle).await {
            Ok(client) => client,
            Err(error) => {
                eprintln!("adapter: connect failed: {error}");
                return 1;
            }
        };
    for attempt in 1.. {
        match client
            .call_tool(CallToolRequestParams::new(tool.clone()))
            .await
        {
            Ok(_) => break,
            Err(ServiceError::McpError(error)) if error.code.0 == -32042 => {
                // A -32042 URL-elicitation-required error (2025-11-25; rmcp has no API for it):
                // each URL is shown to the user and opened only if the user accepts. When the user
                // accepted them all, the application retries the call once they have completed
                // (the spec's MAY).
                let elicitations = error
                    .data
                    .as_ref()
                    .and_then(|data| data.get("elicitations"))
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                let mut accepted = Vec::new();
                for elicitation in &elicitations {
                    let message = elicitation
                        .get("message")
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    if action_of(&user.next(message)) != ElicitationAction::Accept {
                        continue;
                    }
                    if let Some(url) = elicitation.get("url").and_then(Value::as_str) {
                        open_url(url).await;
                    }
                    if let Some(id) = elicitation.get("elicitationId").and_then(Value::as_str) {
                        accepted.push(id.to_owned());
                    }
                }
                let retry = attempt == 1
                    && !elicitations.is_empty()
                    && accepted.len() == elicitations.len();
                if !retry || !completion(&completed, &accepted, Duration::from_secs(3)).await {
                    break;
                }
            }
            Err(error) => {
                eprintln!("adapter: tool call failed: {error}");
                break;
            }
        }
    }
    let _ = client.cancel().await;
    0
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let Some(target) = std::env::args().skip(1).last() else {
        eprintln!("usage: client SERVER-COMMAND-OR-URL");
        std::process::exit(2);
    };
    let declared = std::env::var("ELICIT_CONFORM_CAPABILITIES").unwrap_or_else(|_| "{}".to_owned());
    let script: Vec<Value> = std::env::var("ELICIT_CONFORM_USER")
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let tool = std::env::var("ELICIT_CONFORM_TOOL").unwrap_or_else(|_| "elicit".to_owned());
    let (lifecycle, protocol_version) = lifecycle();
    let info = ClientConfig::new(
        capabilities(&declared),
        Implementation::new("elicit-conform-rmcp-client", env!("CARGO_PKG_VERSION")),
    )
    .with_protocol_version(protocol_version);
    let adapter = Adapter {
        info,
        declared_none: declared == "none",
        user: Arc::new(User(Mutex::new(script.into()))),
        completed: Arc::new((Mutex::new(HashSet::new()), Notify::new())),
    };
    let status = if target.starts_with("http://") || target.starts_with("https://") {
        let transport = StreamableHttpClientTransport::from_uri(target);
        run(adapter, transport, lifecycle, tool).await
    } else {
        match TokioChildProcess::new(tokio::process::Command::new(&target)) {
            Ok(transport) => run(adapter, transport, lifecycle, tool).await,
            Err(error) => {
                eprintln!("adapter: cannot spawn {target}: {error}");
                1
            }
        }
    };
    std::process::exit(status);
}
