//! elicit-conform server adapter for rmcp, the official Rust MCP SDK.
//!
//! A `ServerHandler` with the tools of the adapter contract (docs/adapter-contract.md):
//!
//! * `elicit {params}`: asks the user with exactly these params and returns the `ElicitResult`
//!   as JSON text, or an `isError` result with the SDK's message when it refused or failed;
//! * `require_url {elicitations}`: SKIP (rmcp has no API for the -32042 error);
//! * `complete {elicitationId}`: sends `notifications/elicitation/complete` for that id;
//! * `elicit_sequence {params: [...]}` / `elicit_together {params: [...]}`: asks with each params
//!   in turn (one round each) or all at once, and returns the JSON array of the `ElicitResult`s;
//!
//! and the official conformance suite's `test_elicitation`, `test_elicitation_sep1034_defaults`
//! and `test_elicitation_sep1330_enums`; and the contract's prompt `elicit_prompt {params: "<JSON
//! text>"}` (`ServerHandler::get_prompt`, a `GetPromptResponse` that is an `InputRequiredResult`
//! on 2026-07-28, as the tool's), whose one user message is the `ElicitResult` as JSON.
//!
//! `requestState` of `elicit_sequence` / `elicit_together` is sealed with the SDK's
//! `RequestStateCodec` (feature `request-state`, HMAC-SHA256 under a per-process random key) and
//! opened on the retry; a state that fails verification is the request's invalid params (-32602).
//! So both tools declare `"io.elicit-conform/state-protected": true` in their `_meta`.
//!
//! rmcp has one elicitation API per era, and the adapter uses the one the request's era takes:
//!
//! * 2025 revisions (an `initialize` session): `Peer::elicit_url(message, url, id)` for URL
//!   mode, and for form mode `Peer::create_elicitation(ElicitRequestParams)` (the typed
//!   `Peer::elicit::<T>()` takes its schema from a Rust type, not from the case), each sending
//!   `elicitation/create` and awaiting the client's answer;
//! * 2026-07-28 (per-request `_meta`): the handler returns an `InputRequiredResult` whose one
//!   input request (key `elicit`) is `InputRequest::Elicitation(ElicitRequest::new(params))`, and
//!   on the retry reads the answer from `CallToolRequestParams::input_responses`, as the SDK's
//!   `servers_mrtr` example does.
//!
//! The params reach the SDK as given: they are deserialised into the SDK's `ElicitRequestParams`
//! (its typed form of every elicitation), and what it does not take is the tool's error.
//!
//! Transport: stdio (`rmcp::transport::stdio`), or `--http PORT`: Streamable HTTP
//! (`StreamableHttpService`) on 127.0.0.1:PORT (0: any free port), whose URL is the first line
//! of stdout.

use std::{borrow::Cow, sync::Arc};

use rmcp::{
    ErrorData as McpError, RoleServer, ServerHandler, ServiceExt,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomNotification,
        ElicitRequest, ElicitRequestParams, ElicitResult, Implementation, InputRequest,
        InputRequests, InputRequiredResult, JsonObject, ListToolsResult, PaginatedRequestParams,
        GetPromptRequestParams, GetPromptResponse, GetPromptResult, ListPromptsResult, MetaObject,
        Prompt, PromptArgument, PromptMessage, ProtocolVersion, Role,
        RequestStateCodec, ServerCapabilities, ServerConfig, ServerNotification, Tool,
    },
    service::RequestContext,
    transport::{
        stdio,
        streamable_http_server::{
            StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
        },
    },
};
use serde_json::{Value, json};
use url::Url;

/// The key of the adapter's one input request on the 2026-07-28 wire.
const KEY: &str = "elicit";
/// The prefix of a tool result that tells the harness the case cannot run (the SKIP convention).
const SKIP: &str = "elicit-conform: SKIP: ";

#[derive(Clone)]
struct Adapter {
    /// `ELICIT_CONFORM_PROTOCOL_VERSIONS`: the versions to support, exactly (cases about eras).
    versions: Option<Vec<ProtocolVersion>>,
    /// Seals and opens the `requestState` of `elicit_sequence` / `elicit_together`.
    codec: Arc<RequestStateCodec>,
}

/// A per-process random key for the `RequestStateCodec` (32 bytes of /dev/urandom).
fn state_key() -> Vec<u8> {
    use std::io::Read;
    let mut key = vec![0u8; 32];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut random| random.read_exact(&mut key))
        .expect("reading /dev/urandom");
    key
}

/// Opens a sealed `requestState`: the payload as text, or the request's invalid params when it
/// fails verification (forged or altered).
fn open_state(codec: &RequestStateCodec, sealed: &str) -> Result<String, McpError> {
    codec
        .open(sealed)
        .ok()
        .and_then(|payload| String::from_utf8(payload).ok())
        .ok_or_else(|| McpError::invalid_params("requestState failed verification", None))
}

fn text(text: impl Into<String>) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

fn tool_error(text: impl Into<String>) -> CallToolResponse {
    CallToolResult::error(vec![ContentBlock::text(text)]).into()
}

/// Whether this request is on the 2026-07-28 wire (the version its `_meta` names, else the
/// session's), as rmcp itself decides it (`RequestContext::protocol_version`).
fn is_modern(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|version| version >= ProtocolVersion::V_2026_07_28)
}

/// How a tool turns the `ElicitResult` it got into its result.
type Render = fn(&ElicitResult) -> String;

fn render_json(result: &ElicitResult) -> String {
    serde_json::to_string(result).unwrap_or_default()
}

fn summary(result: &ElicitResult) -> (String, String) {
    let action = serde_json::to_value(&result.action)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default();
    let content = result.content.clone().unwrap_or_else(|| json!({}));
    (action, content.to_string())
}

fn render_user_response(result: &ElicitResult) -> String {
    let (action, content) = summary(result);
    format!("User response: action={action}, content={content}")
}

fn render_completed(result: &ElicitResult) -> String {
    let (action, content) = summary(result);
    format!("Elicitation completed: action={action}, content={content}")
}

/// Asks the user with `params` through the SDK API of the request's era.
async fn ask(
    params: Value,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    render: Render,
) -> Result<CallToolResponse, McpError> {
    if is_modern(context) {
        // The retry: the answer to our input request, if the client sent one.
        if let Some(response) = request
            .input_responses
            .as_ref()
            .and_then(|responses| responses.get(KEY))
        {
            // As the SDK's MRTR example does: an answer that is no ElicitResult is the request's
            // invalid params.
            let result: ElicitResult =
                serde_json::from_value(response.clone()).map_err(|error| {
                    McpError::invalid_params(format!("invalid elicitation response: {error}"), None)
                })?;
            return Ok(text(render(&result)));
        }
        let params: ElicitRequestParams = match serde_json::from_value(params) {
            Ok(params) => params,
            Err(error) => return Ok(tool_error(format!("invalid elicitation params: {error}"))),
        };
        let mut requests = InputRequests::new();
        requests.insert(
            KEY.to_owned(),
            InputRequest::Elicitation(ElicitRequest::new(params)),
        );
        return Ok(InputRequiredResult::from_input_requests(requests).into());
    }
    let params: ElicitRequestParams = match serde_json::from_value(params) {
        Ok(params) => params,
        Err(error) => return Ok(tool_error(format!("invalid elicitation params: {error}"))),
    };
    match params {
        // URL mode: the SDK's documented URL API (it checks the client's `url` capability).
        ElicitRequestParams::UrlElicitationParams {
            message,
            url,
            elicitation_id,
            ..
        } => {
            let url = match Url::parse(&url) {
                Ok(url) => url,
                Err(error) => return Ok(tool_error(format!("invalid url {url:?}: {error}"))),
            };
            match context.peer.elicit_url(message, url, elicitation_id).await {
                Ok(action) => Ok(text(render(&ElicitResult::new(action)))),
                Err(error) => Ok(tool_error(error.to_string())),
            }
        }
        // Form mode: the typed `elicit::<T>()` takes its schema from a Rust type, so an
        // arbitrary requested schema goes through the request method it is built on.
        params => match context.peer.create_elicitation(params).await {
            Ok(result) => Ok(text(render(&result))),
            Err(error) => Ok(tool_error(error.to_string())),
        },
    }
}

/// Deserialises one `elicitation/create` params object, or says why not (the tool's error).
fn parse_params(params: Value) -> Result<ElicitRequestParams, String> {
    serde_json::from_value(params).map_err(|error| format!("invalid elicitation params: {error}"))
}

/// The answer of a retry under `key` as an `ElicitResult`, if there is one (an answer that is no
/// `ElicitResult` is the request's invalid params, as for `elicit`).
fn answer(request: &CallToolRequestParams, key: &str) -> Result<Option<ElicitResult>, McpError> {
    match request
        .input_responses
        .as_ref()
        .and_then(|responses| responses.get(key))
    {
        Some(response) => serde_json::from_value(response.clone())
            .map(Some)
            .map_err(|error| {
                McpError::invalid_params(format!("invalid elicitation response: {error}"), None)
            }),
        None => Ok(None),
    }
}

/// Asks once, on a 2025 session, with the request method of that era (as `ask` does).
async fn ask_legacy(
    params: ElicitRequestParams,
    peer: &rmcp::service::Peer<RoleServer>,
) -> Result<ElicitResult, String> {
    match params {
        ElicitRequestParams::UrlElicitationParams {
            message,
            url,
            elicitation_id,
            ..
        } => {
            let url = Url::parse(&url).map_err(|error| format!("invalid url {url:?}: {error}"))?;
            peer.elicit_url(message, url, elicitation_id)
                .await
                .map(ElicitResult::new)
                .map_err(|error| error.to_string())
        }
        params => peer
            .create_elicitation(params)
            .await
            .map_err(|error| error.to_string()),
    }
}

fn json_array(results: &[ElicitResult]) -> CallToolResponse {
    text(serde_json::to_string(results).unwrap_or_default())
}

/// `elicit_sequence` (`together` false) and `elicit_together` (`together` true).
///
/// 2026-07-28: the sequence asks one round per params under the key `step-N`, the answers so far
/// riding in `requestState` as JSON (`InputRequiredResult::new(requests, state)`; the state comes
/// back in `CallToolRequestParams::request_state`), so where the call stands comes from the retry
/// alone. `together` puts every params in one `InputRequests` map (`input-1` ... `input-n`) and
/// asks again for any key a retry lacks, keeping the answers a retry gave in `requestState` the
/// same way (a JSON array, null where one is missing). 2025 revisions (no case calls these
/// there): the request method of that era, awaited in turn, or all at once on a `JoinSet`.
async fn ask_many(
    list: Value,
    together: bool,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    codec: &RequestStateCodec,
) -> Result<CallToolResponse, McpError> {
    let list = match list {
        Value::Array(list) if !list.is_empty() => list,
        _ => return Ok(tool_error("params is no non-empty array")),
    };
    let list: Vec<ElicitRequestParams> = match list.into_iter().map(parse_params).collect() {
        Ok(list) => list,
        Err(error) => return Ok(tool_error(error)),
    };
    if !is_modern(context) {
        let mut results = Vec::with_capacity(list.len());
        if together {
            let mut set = tokio::task::JoinSet::new();
            for (at, params) in list.into_iter().enumerate() {
                let peer = context.peer.clone();
                set.spawn(async move { (at, ask_legacy(params, &peer).await) });
            }
            let mut answers = set.join_all().await;
            answers.sort_by_key(|(at, _)| *at);
            for (_, result) in answers {
                match result {
                    Ok(result) => results.push(result),
                    Err(error) => return Ok(tool_error(error)),
                }
            }
        } else {
            for params in list {
                match ask_legacy(params, &context.peer).await {
                    Ok(result) => results.push(result),
                    Err(error) => return Ok(tool_error(error)),
                }
            }
        }
        return Ok(json_array(&results));
    }
    if together {
        // The answers earlier retries gave, one per params (null while it is missing).
        let mut results: Vec<Option<ElicitResult>> = match request.request_state.as_deref() {
            None => list.iter().map(|_| None).collect(),
            Some(sealed) => match serde_json::from_str::<Vec<Option<ElicitResult>>>(&open_state(codec, sealed)?) {
                Ok(kept) if kept.len() == list.len() => kept,
                _ => return Ok(tool_error("requestState is not this call's")),
            },
        };
        let mut missing = InputRequests::new();
        for (at, params) in list.into_iter().enumerate() {
            let key = format!("input-{}", at + 1);
            if let Some(result) = answer(request, &key)? {
                results[at] = Some(result);
            } else if results[at].is_none() {
                missing.insert(key, InputRequest::Elicitation(ElicitRequest::new(params)));
            }
        }
        if missing.is_empty() {
            let results: Vec<ElicitResult> = results.into_iter().flatten().collect();
            return Ok(json_array(&results));
        }
        if missing.len() == results.len() {
            return Ok(InputRequiredResult::from_input_requests(missing).into());
        }
        // Ask again for the missing ones alone, keeping the answers given so far in requestState.
        let state = codec.seal(serde_json::to_string(&results).unwrap_or_default().as_bytes());
        return Ok(InputRequiredResult::new(Some(missing), Some(state)).into());
    }
    let mut answers: Vec<ElicitResult> = match request.request_state.as_deref() {
        None => Vec::new(),
        Some(sealed) => match serde_json::from_str::<Vec<ElicitResult>>(&open_state(codec, sealed)?) {
            Ok(answers) if answers.len() < list.len() => answers,
            _ => return Ok(tool_error("requestState is not this call's")),
        },
    };
    if let Some(result) = answer(request, &format!("step-{}", answers.len() + 1))? {
        answers.push(result);
        if answers.len() == list.len() {
            return Ok(json_array(&answers));
        }
    }
    let state = codec.seal(serde_json::to_string(&answers).unwrap_or_default().as_bytes());
    let mut requests = InputRequests::new();
    requests.insert(
        format!("step-{}", answers.len() + 1),
        InputRequest::Elicitation(ElicitRequest::new(list[answers.len()].clone())),
    );
    Ok(InputRequiredResult::new(Some(requests), Some(state)).into())
}

fn schema(value: Value) -> Arc<JsonObject> {
    match value {
        Value::Object(object) => Arc::new(object),
        _ => Arc::new(JsonObject::new()),
    }
}

/// `_meta` of a tool whose `requestState` is sealed (docs/adapter-contract.md).
fn state_protected() -> MetaObject {
    let mut meta = JsonObject::new();
    meta.insert("io.elicit-conform/state-protected".to_owned(), Value::Bool(true));
    MetaObject(meta)
}

fn tools() -> Vec<Tool> {
    vec![
        Tool::new(
            "elicit",
            "Asks the user with the given elicitation params and returns the result as JSON text.",
            schema(
                json!({"type": "object", "properties": {"params": {"type": "object"}},
                          "required": ["params"]}),
            ),
        ),
        Tool::new(
            "elicit_sequence",
            "Asks the user with each of the given params in turn and returns the results as a JSON array.",
            schema(
                json!({"type": "object", "properties": {"params": {"type": "array", "items": {"type": "object"}}},
                          "required": ["params"]}),
            ),
        )
        .with_meta(state_protected()),
        Tool::new(
            "elicit_together",
            "Asks the user with all of the given params at once and returns the results as a JSON array.",
            schema(
                json!({"type": "object", "properties": {"params": {"type": "array", "items": {"type": "object"}}},
                          "required": ["params"]}),
            ),
        )
        .with_meta(state_protected()),
        Tool::new(
            "require_url",
            "Fails with error -32042 listing the given URL-mode elicitations.",
            schema(
                json!({"type": "object", "properties": {"elicitations": {"type": "array"}},
                          "required": ["elicitations"]}),
            ),
        ),
        Tool::new(
            "complete",
            "Sends notifications/elicitation/complete for an elicitation id.",
            schema(
                json!({"type": "object", "properties": {"elicitationId": {"type": "string"}},
                          "required": ["elicitationId"]}),
            ),
        ),
        Tool::new(
            "test_elicitation",
            "Asks the user for a username and an email address (official conformance suite).",
            schema(json!({"type": "object", "properties": {"message": {"type": "string"}}})),
        ),
        Tool::new(
            "test_elicitation_sep1034_defaults",
            "Asks for one field of each primitive type, each with a default (SEP-1034).",
            schema(json!({"type": "object", "properties": {}})),
        ),
        Tool::new(
            "test_elicitation_sep1330_enums",
            "Asks for one field of each of the five SEP-1330 enum variants.",
            schema(json!({"type": "object", "properties": {}})),
        ),
    ]
}

fn sep1034_params() -> Value {
    json!({
        "message": "Please review the pre-filled values",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "default": true}}}
    })
}

fn sep1330_params() -> Value {
    json!({
        "message": "Please pick your options",
        "requestedSchema": {"type": "object", "properties": {
            "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
            "titledSingle": {"type": "string", "oneOf": [
                {"const": "value1", "title": "First Option"},
                {"const": "value2", "title": "Second Option"},
                {"const": "value3", "title": "Third Option"}]},
            "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                           "enumNames": ["Option One", "Option Two", "Option Three"]},
            "untitledMulti": {"type": "array",
                              "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {"type": "array", "items": {"anyOf": [
                {"const": "value1", "title": "First Choice"},
                {"const": "value2", "title": "Second Choice"},
                {"const": "value3", "title": "Third Choice"}]}}}}
    })
}

impl ServerHandler for Adapter {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_prompts().build()).with_server_info(
            Implementation::new("elicit-conform-rmcp-adapter", env!("CARGO_PKG_VERSION")),
        )
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        match &self.versions {
            Some(versions) => Cow::Owned(versions.clone()),
            None => Cow::Borrowed(ProtocolVersion::KNOWN_VERSIONS),
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(tools()))
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(ListPromptsResult::with_all_items(vec![Prompt::new(
            "elicit_prompt",
            Some("Asks the user with the given elicitation params, then returns the answer as its message."),
            Some(vec![
                PromptArgument::new("params")
                    .with_description("The JSON text of elicitation/create params.")
                    .with_required(true),
            ]),
        )]))
    }

    /// `elicit_prompt`: asks as `elicit` does (an `InputRequiredResult` on 2026-07-28, the request
    /// method of a 2025 session), then returns one user message, the `ElicitResult` as JSON.
    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        if request.name != "elicit_prompt" {
            return Err(McpError::invalid_params(format!("Unknown prompt: {}", request.name), None));
        }
        let raw = request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get("params"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        let params: ElicitRequestParams = serde_json::from_str(raw).map_err(|error| {
            McpError::invalid_params(format!("elicit_prompt needs the argument params, the JSON text of elicitation params: {error}"), None)
        })?;
        let message = |result: &ElicitResult| -> GetPromptResponse {
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, render_json(result))]).into()
        };
        if is_modern(&context) {
            if let Some(response) = request
                .input_responses
                .as_ref()
                .and_then(|responses| responses.get(KEY))
            {
                let result: ElicitResult = serde_json::from_value(response.clone()).map_err(|error| {
                    McpError::invalid_params(format!("invalid elicitation response: {error}"), None)
                })?;
                return Ok(message(&result));
            }
            let mut requests = InputRequests::new();
            requests.insert(KEY.to_owned(), InputRequest::Elicitation(ElicitRequest::new(params)));
            return Ok(InputRequiredResult::from_input_requests(requests).into());
        }
        match ask_legacy(params, &context.peer).await {
            Ok(result) => Ok(message(&result)),
            Err(error) => Err(McpError::internal_error(error, None)),
        }
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let arguments = request.arguments.clone().unwrap_or_default();
        let argument = |name: &str| arguments.get(name).cloned().unwrap_or(Value::Null);
        match request.name.as_ref() {
            "elicit" => ask(argument("params"), &request, &context, render_json).await,
            "elicit_sequence" => {
                ask_many(argument("params"), false, &request, &context, &self.codec).await
            }
            "elicit_together" => {
                ask_many(argument("params"), true, &request, &context, &self.codec).await
            }
            // rmcp has no API for the URL-elicitation-required error (-32042) in any revision:
            // an `ErrorData` with that code would be this adapter's, not the SDK's.
            "require_url" => Ok(tool_error(format!(
                "{SKIP}rmcp has no API for the URL-elicitation-required error (-32042)"
            ))),
            "complete" => {
                if is_modern(&context) {
                    return Ok(tool_error(format!(
                        "{SKIP}notifications/elicitation/complete is retired in 2026-07-28"
                    )));
                }
                // rmcp has no typed notification for this: its custom-notification API.
                let notification = CustomNotification::new(
                    "notifications/elicitation/complete",
                    Some(json!({"elicitationId": argument("elicitationId")})),
                );
                match context
                    .peer
                    .send_notification(ServerNotification::CustomNotification(notification))
                    .await
                {
                    Ok(()) => Ok(text("completion sent")),
                    Err(error) => Ok(tool_error(error.to_string())),
                }
            }
            "test_elicitation" => {
                let message = match argument("message") {
                    Value::String(message) => message,
                    _ => "Please provide your information".to_owned(),
                };
                let params = json!({
                    "message": message,
                    "requestedSchema": {"type": "object", "required": ["username", "email"],
                        "properties": {
                            "username": {"type": "string", "description": "User's response"},
                            "email": {"type": "string", "description": "User's email address"}}}
                });
                ask(params, &request, &context, render_user_response).await
            }
            "test_elicitation_sep1034_defaults" => {
                ask(sep1034_params(), &request, &context, render_completed).await
            }
            "test_elicitation_sep1330_enums" => {
                ask(sep1330_params(), &request, &context, render_completed).await
            }
            other => Err(McpError::invalid_params(
                format!("Unknown tool: {other}"),
                None,
            )),
        }
    }
}

fn told_versions() -> Result<Option<Vec<ProtocolVersion>>, serde_json::Error> {
    let told = std::env::var("ELICIT_CONFORM_PROTOCOL_VERSIONS").unwrap_or_default();
    let versions: Vec<&str> = told.split(',').filter(|v| !v.is_empty()).collect();
    if versions.is_empty() {
        return Ok(None);
    }
    versions
        .into_iter()
        .map(|v| serde_json::from_value(Value::String(v.to_owned())))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

async fn serve_http(adapter: Adapter, port: u16) -> std::io::Result<()> {
    use hyper_util::{rt::TokioIo, service::TowerToHyperService};

    let service = StreamableHttpService::new(
        move || Ok(adapter.clone()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    println!("http://127.0.0.1:{}/mcp", listener.local_addr()?.port());
    loop {
        let (stream, _) = listener.accept().await?;
        let service = TowerToHyperService::new(service.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let versions = match told_versions() {
        Ok(versions) => versions,
        Err(error) => {
            eprintln!("elicit-conform: SKIP: rmcp does not know a version it was told: {error}");
            std::process::exit(77);
        }
    };
    let adapter = Adapter {
        versions,
        codec: Arc::new(RequestStateCodec::new(state_key())),
    };
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|arg| arg == "--http") {
        let port = args.get(at + 1).and_then(|p| p.parse().ok()).unwrap_or(0);
        if let Err(error) = serve_http(adapter, port).await {
            eprintln!("rmcp server adapter: {error}");
            std::process::exit(1);
        }
        return;
    }
    match adapter.serve(stdio()).await {
        Ok(service) => {
            let _ = service.waiting().await;
        }
        Err(error) => {
            eprintln!("rmcp server adapter: {error}");
            std::process::exit(1);
        }
    }
}
