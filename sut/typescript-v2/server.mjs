#!/usr/bin/env node
// elicit-conform server adapter for the MCP TypeScript SDK v2 (@modelcontextprotocol/server).
//
// One McpServer factory with the tools of the adapter contract (docs/adapter-contract.md):
//   elicit       {params}        -> asks the user with these params, returns the ElicitResult as JSON
//                                   text, or isError with the SDK's message if it refused or failed
//   require_url  {elicitations}  -> throw new UrlElicitationRequiredError(elicitations)
//   complete     {elicitationId} -> server.createElicitationCompletionNotifier(id)()
//   elicit_sequence, elicit_together {params: [...]} -> several elicitations, in turn or at once
//                                   (2026-07-28 multi-round cases), results as a JSON array
// and the contract's prompt elicit_prompt {params: "<JSON text>"}, which asks with those params
// before it returns one user message, the ElicitResult as JSON (mcp.registerPrompt; a prompt
// callback may return inputRequired(...) like a tool's).
// With --api input-required the multi-round tools keep their answers in a requestState sealed by
// the SDK's createRequestStateCodec (HMAC-SHA256, a key drawn per process) and verified by the
// ServerOptions.requestState.verify hook it documents, and say so in their tools/list _meta
// ("io.elicit-conform/state-protected": true, docs/adapter-contract.md).
// and the official conformance suite's test_elicitation, test_elicitation_sep1034_defaults and
// test_elicitation_sep1330_enums.
//
// The SDK has two elicitation APIs, and `--api` chooses which one every tool uses:
//   --api push            (default) ctx.mcpReq.elicitInput(params): the 2025-style await API, which
//                         sends elicitation/create to the client. The SDK documents that it throws on
//                         a 2026-07-28-era request.
//   --api input-required  the multi-round-trip API: the handler returns inputRequired({inputRequests})
//                         built with inputRequired.elicit / inputRequired.elicitUrl, and on the retry
//                         reads ctx.mcpReq.inputResponses (inputResponse()). On 2025-era connections
//                         the SDK's legacy shim turns that into elicitation/create and re-enters the
//                         handler (ServerOptions.inputRequired.legacyShim, on by default).
// Every argument goes to the SDK as given: the adapter neither checks nor repairs it.
//
// Transport: stdio with serveStdio(factory) (the SDK's dual-era stdio entry), or `--http PORT`:
// Streamable HTTP on 127.0.0.1:PORT (0: any free port), whose URL is the first line of stdout.

import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  isLegacyRequest,
  McpServer,
  SdkError,
  SdkErrorCode,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

const api = option('--api', process.env.ELICIT_CONFORM_SERVER_API || 'push');
if (api !== 'push' && api !== 'input-required') {
  process.stderr.write('adapter: --api takes push or input-required\n');
  process.exit(2);
}

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const toolError = (e) => ({ content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }], isError: true });
const anyObject = z.record(z.string(), z.unknown());

// The one key this adapter's input-required handlers use for their single input request.
const KEY = 'elicit';

// The cases about eras name the versions to support, exactly (ELICIT_CONFORM_PROTOCOL_VERSIONS):
// the SDK's documented option for that is ServerOptions.supportedProtocolVersions. Unset: the
// SDK's default list.
const toldVersions = (process.env.ELICIT_CONFORM_PROTOCOL_VERSIONS || '').split(',').filter((v) => v !== '');
// The multi-round tools' state carries the answers so far, which decide the result: "servers MUST
// protect its integrity" (mrtr.mdx). The SDK's codec seals it; its verify, as the documented
// hook, refuses an altered state with -32602 before a handler runs and hands the handler the
// decoded payload. One key per process: every round of a flow reaches this process.
const codec = api === 'input-required' ? createRequestStateCodec({ key: randomBytes(32) }) : undefined;
const serverOptions =
  toldVersions.length > 0 || codec
    ? {
        ...(toldVersions.length > 0 ? { supportedProtocolVersions: toldVersions } : {}),
        ...(codec ? { requestState: { verify: codec.verify } } : {}),
      }
    : undefined;

// Asks the user with `params` through the chosen API. `render(result)` makes the tool result from
// the ElicitResult the SDK handed back.
async function ask(ctx, params, render) {
  if (api === 'push') {
    try {
      return render(await ctx.mcpReq.elicitInput(params));
    } catch (e) {
      // The SDK's typed refusal of the push API on a 2026-07-28-era request (documented: "Throws on
      // a 2026-07-28-era request"): this API has no form on that revision, so the case cannot run
      // with it. Said in the message, the SKIP convention of every transport.
      if (e instanceof SdkError && e.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
        return toolError(`elicit-conform: SKIP: the push API (ctx.mcpReq.elicitInput) has no form on this revision: ${e.message}`);
      }
      return toolError(e);
    }
  }
  // input-required: on the retry the answer is in ctx.mcpReq.inputResponses; without one, ask.
  const responses = ctx.mcpReq.inputResponses;
  const answer = inputResponse(responses, KEY);
  if (answer.kind === 'elicit') {
    // The SDK passes the client's content through unvalidated and documents how a handler
    // validates it: acceptedContent(responses, key, schema), with fromJsonSchema for a JSON Schema.
    // It returns undefined when the content fails the schema; the handler then gives up.
    if (answer.action === 'accept' && params.mode !== 'url' && params.requestedSchema !== undefined) {
      try {
        if (acceptedContent(responses, KEY, fromJsonSchema(params.requestedSchema)) === undefined) {
          return toolError('the accepted content does not match the requested schema');
        }
      } catch (e) {
        return toolError(e);
      }
    }
    return render(responses[KEY]);
  }
  try {
    const request = params.mode === 'url' ? inputRequired.elicitUrl(params) : inputRequired.elicit(params);
    return inputRequired({ inputRequests: { [KEY]: request } });
  } catch (e) {
    return toolError(e);
  }
}

// Asks with each of `list` in turn (elicit_sequence) or all at once (elicit_together); the tool
// result is the JSON array of the ElicitResults. The push API awaits them; the input-required API
// asks one round per params (keys step-1, step-2, ...), the answers so far riding in requestState
// (sealed by the codec, handed back decoded after the verify hook), or one round with every params
// (keys input-1, input-2, ...), asking again for any key a retry lacks and keeping the answers a
// retry gave in requestState the same way (an array, null where missing).
async function askMany(ctx, list, together) {
  if (api === 'push') {
    try {
      const results = together
        ? await Promise.all(list.map((p) => ctx.mcpReq.elicitInput(p)))
        : await list.reduce(async (sofar, p) => [...(await sofar), await ctx.mcpReq.elicitInput(p)], []);
      return text(JSON.stringify(results));
    } catch (e) {
      if (e instanceof SdkError && e.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
        return toolError(`elicit-conform: SKIP: the push API (ctx.mcpReq.elicitInput) has no form on this revision: ${e.message}`);
      }
      return toolError(e);
    }
  }
  const responses = ctx.mcpReq.inputResponses;
  const request = (p) => (p.mode === 'url' ? inputRequired.elicitUrl(p) : inputRequired.elicit(p));
  try {
    if (together) {
      const keys = list.map((_, i) => `input-${i + 1}`);
      // The answers earlier retries gave, one member per params (null while it is missing).
      const state = ctx.mcpReq.requestState();  // the codec's decoded payload
      const kept = state === undefined ? list.map(() => null) : state;
      if (
        !Array.isArray(kept) ||
        kept.length !== list.length ||
        kept.some((a) => a !== null && (typeof a !== 'object' || Array.isArray(a)))
      ) {
        return toolError('requestState is not this call\'s');
      }
      const answers = keys.map((key, i) => (inputResponse(responses, key).kind === 'elicit' ? responses[key] : kept[i]));
      const missing = keys.filter((_, i) => answers[i] === null);
      if (missing.length === 0) return text(JSON.stringify(answers));
      // Ask again for the missing ones alone, keeping the answers given so far in requestState.
      return inputRequired({
        inputRequests: Object.fromEntries(missing.map((key) => [key, request(list[keys.indexOf(key)])])),
        ...(missing.length < keys.length ? { requestState: await codec.mint(answers) } : {}),
      });
    }
    const state = ctx.mcpReq.requestState();  // the codec's decoded payload
    const answers = state === undefined ? [] : state;
    if (!Array.isArray(answers) || answers.length >= list.length) return toolError('requestState is not this call\'s');
    const key = `step-${answers.length + 1}`;
    if (inputResponse(responses, key).kind === 'elicit') {
      answers.push(responses[key]);
      if (answers.length === list.length) return text(JSON.stringify(answers));
    }
    return inputRequired({
      inputRequests: { [`step-${answers.length + 1}`]: request(list[answers.length]) },
      requestState: await codec.mint(answers),
    });
  } catch (e) {
    return toolError(e);
  }
}

// The factory: one McpServer with every tool. serveStdio pins one instance per connection; over
// HTTP each legacy session and each modern request gets its own, as the SDK's serving guide does.
function buildServer() {
  const mcp = new McpServer({ name: 'elicit-conform-typescript-sdk-v2-adapter', version: '0.1.0' }, serverOptions);

  mcp.registerTool(
    'elicit',
    {
      description: 'Asks the user with the given elicitation params and returns the result as JSON text.',
      inputSchema: z.object({ params: anyObject }),
    },
    async ({ params }, ctx) => ask(ctx, params, (result) => text(JSON.stringify(result))),
  );

  for (const [name, together] of [['elicit_sequence', false], ['elicit_together', true]]) {
    mcp.registerTool(
      name,
      {
        description: together
          ? 'Asks the user with all of the given params at once and returns the results as a JSON array.'
          : 'Asks the user with each of the given params in turn and returns the results as a JSON array.',
        inputSchema: z.object({ params: z.array(anyObject).min(1) }),
        ...(codec ? { _meta: { 'io.elicit-conform/state-protected': true } } : {}),
      },
      async ({ params }, ctx) => askMany(ctx, params, together),
    );
  }

  mcp.registerTool(
    'require_url',
    {
      description: 'Fails with a -32042 URLElicitationRequiredError listing the given elicitations.',
      inputSchema: z.object({ elicitations: z.array(anyObject) }),
    },
    async ({ elicitations }) => {
      throw new UrlElicitationRequiredError(elicitations);
    },
  );

  mcp.registerTool(
    'complete',
    {
      description: 'Sends notifications/elicitation/complete for an elicitation id.',
      inputSchema: z.object({ elicitationId: z.string() }),
    },
    async ({ elicitationId }) => {
      try {
        await mcp.server.createElicitationCompletionNotifier(elicitationId)();
        return text('completion sent');
      } catch (e) {
        return toolError(e);
      }
    },
  );

  // The contract's prompt: prompts/get may need input like tools/call (mrtr.mdx, "Supported
  // Requests"). A prompt has no isError: what the SDK refuses is thrown, a JSON-RPC error.
  mcp.registerPrompt(
    'elicit_prompt',
    {
      description: 'Asks the user with the given elicitation params, then returns the answer as its message.',
      argsSchema: z.object({ params: z.string() }),
    },
    async ({ params }, ctx) => {
      const asked = JSON.parse(params);
      const message = (result) => ({
        messages: [{ role: 'user', content: { type: 'text', text: JSON.stringify(result) } }],
      });
      if (api === 'push') {
        try {
          return message(await ctx.mcpReq.elicitInput(asked));
        } catch (e) {
          if (e instanceof SdkError && e.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
            throw new Error(`elicit-conform: SKIP: the push API (ctx.mcpReq.elicitInput) has no form on this revision: ${e.message}`);
          }
          throw e;
        }
      }
      const responses = ctx.mcpReq.inputResponses;
      if (inputResponse(responses, KEY).kind === 'elicit') return message(responses[KEY]);
      const request = asked.mode === 'url' ? inputRequired.elicitUrl(asked) : inputRequired.elicit(asked);
      return inputRequired({ inputRequests: { [KEY]: request } });
    },
  );

  // --- The official MCP conformance suite's elicitation tools (as its scenario texts describe them).

  mcp.registerTool(
    'test_elicitation',
    {
      description: 'Asks the user for a username and an email address (official conformance suite).',
      inputSchema: z.object({ message: z.string() }),
    },
    async ({ message }, ctx) =>
      ask(
        ctx,
        {
          message,
          requestedSchema: {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
        },
        (result) => text(`User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`),
      ),
  );

  const report = (result) =>
    text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);

  mcp.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite).' },
    async (ctx) =>
      ask(
        ctx,
        {
          message: 'Please review the pre-filled values',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', default: 'John Doe' },
              age: { type: 'integer', default: 30 },
              score: { type: 'number', default: 95.5 },
              status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
              verified: { type: 'boolean', default: true },
            },
          },
        },
        report,
      ),
  );

  mcp.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Asks for one field of each of the five SEP-1330 enum variants (official conformance suite).' },
    async (ctx) =>
      ask(
        ctx,
        {
          message: 'Please pick your options',
          requestedSchema: {
            type: 'object',
            properties: {
              untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
              titledSingle: {
                type: 'string',
                oneOf: [
                  { const: 'value1', title: 'First Option' },
                  { const: 'value2', title: 'Second Option' },
                  { const: 'value3', title: 'Third Option' },
                ],
              },
              legacyEnum: {
                type: 'string',
                enum: ['opt1', 'opt2', 'opt3'],
                enumNames: ['Option One', 'Option Two', 'Option Three'],
              },
              untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
              titledMulti: {
                type: 'array',
                items: {
                  anyOf: [
                    { const: 'value1', title: 'First Choice' },
                    { const: 'value2', title: 'Second Choice' },
                    { const: 'value3', title: 'Third Choice' },
                  ],
                },
              },
            },
          },
        },
        report,
      ),
  );

  return mcp;
}

// --- Transport ----------------------------------------------------------------------------------

// Streamable HTTP as the SDK's serving guide composes it for a server that keeps a sessionful
// 2025 deployment next to a modern endpoint: isLegacyRequest() routes 2025-era traffic to one
// NodeStreamableHTTPServerTransport (and McpServer) per session, made when it sees initialize
// (the stateless fallback of createMcpHandler cannot carry a server-to-client elicitation/create
// and its answer, which arrive on different POSTs); the rest goes to createMcpHandler(factory,
// {legacy: 'reject'}) through toNodeHandler. Loopback only.
async function serveHttp(port) {
  const sessions = new Map();
  const modern = toNodeHandler(createMcpHandler(buildServer, { legacy: 'reject' }));
  const http = createServer(async (req, res) => {
    try {
      if (new URL(req.url, 'http://127.0.0.1').pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      // The body is read once here; both legs get it parsed, as behind a body parser.
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const webRequest = await toWebRequest(req, body ?? raw);
      if (!(await isLegacyRequest(webRequest, body))) {
        await modern(req, res, body);
        return;
      }
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (transport === undefined) {
        if (id !== undefined) {
          res.writeHead(404).end();
          return;
        }
        // No session yet: the transport accepts only initialize, and answers anything else itself.
        const fresh = new NodeStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => sessions.set(sid, fresh),
        });
        fresh.onclose = () => fresh.sessionId && sessions.delete(fresh.sessionId);
        await buildServer().connect(fresh);
        transport = fresh;
      }
      await transport.handleRequest(req, res, body);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(e instanceof Error ? e.message : String(e));
    }
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
}

const httpPort = option('--http', undefined);
if (httpPort !== undefined) {
  const port = Number(httpPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('adapter: --http takes a port (0: any free port)\n');
    process.exit(2);
  }
  await serveHttp(port);
} else {
  serveStdio(buildServer, { onerror: (e) => process.stderr.write(`adapter: ${e.message}\n`) });
}
