#!/usr/bin/env node
// elicit-conform server adapter for tmcp (https://www.npmjs.com/package/tmcp), the schema-agnostic
// MCP server library. The tools of the adapter contract (docs/adapter-contract.md):
//
//   elicit       {params}        form mode: server.elicitation(params.message, schema), where schema
//                                is a Standard Schema whose JSON Schema (what tmcp puts on the wire)
//                                is params.requestedSchema as given, and whose validator is zod's
//                                reading of that JSON Schema (z.fromJSONSchema); URL mode:
//                                server.elicitation(params.message, params.url). The result as JSON
//                                text, or isError with tmcp's message if it refused or failed.
//   require_url  {elicitations}  throw new McpError(-32042, ..., { elicitations }) (tmcp has no
//                                dedicated -32042 API; McpError is its exported JSON-RPC error);
//                                SKIP on a 2026-07-28 request (that revision retired -32042)
//   complete     {elicitationId} SKIP: tmcp has no API for notifications/elicitation/complete
//   elicit_sequence {params: [...]}  one `await server.elicitation(...)` after another (on 2026-07-28
//                                tmcp makes that one InputRequiredResult per round, the answers so
//                                far in its requestState); the results as a JSON array
//   elicit_together {params: [...]}  `await Promise.all(...)` of the same asks (on 2026-07-28 one
//                                InputRequiredResult with a key per ask)
//   (both declare "io.elicit-conform/state-protected" in their _meta: tmcp's requestStateCodec
//   option is given an HMAC-SHA256 codec under a key of the process, so an altered requestState
//   fails decoding and tmcp answers -32602)
// and the prompt elicit_prompt {params: "<JSON>"} (server.prompt, replayable): asks as elicit does
// and returns one user message whose text is the JSON of the result (on 2026-07-28 prompts/get is a
// multi round-trip method in tmcp, as tools/call is).
//
// Transport: stdio (@tmcp/transport-stdio), or `--http PORT`: Streamable HTTP
// (@tmcp/transport-http) on 127.0.0.1:PORT (0: any free port), its URL printed as the first line of
// stdout, for `elicit-conform server --url`. README.md says why each choice is what it is.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';

import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { HttpTransport } from '@tmcp/transport-http';
import { StdioTransport } from '@tmcp/transport-stdio';
import { McpServer, McpError, isInputRequired } from 'tmcp';
import { z } from 'zod';

const SKIP_STATUS = 77;
function skip(reason) {
  process.stderr.write(`elicit-conform: SKIP: ${reason}\n`);
  process.exit(SKIP_STATUS);
}

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const toolError = (e) => ({
  content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }],
  isError: true,
});

// On the 2026-07-28 per-request wire (server.ctx.protocolVersion is set only there) tmcp refuses a
// request it cannot serve by throwing that request's JSON-RPC error from server.elicitation():
// -32021 with data.requiredCapabilities when the request's clientCapabilities lack the mode, -32602
// when a retry's inputResponses entry is no ElicitResult. That error is tmcp's answer to the request,
// so the adapter lets it through as it lets the input-required signal through; turning it into an
// isError tool result (the contract's rule for a refused elicitation on the 2025 revisions) would put
// the adapter's answer on the wire instead of tmcp's.
// (isModernRefusal, in buildServer, says which errors those are.)

// A Standard Schema (https://standardschema.dev) for a JSON Schema that came over the wire: its
// JSON Schema is the one given (the adapter below hands it to tmcp unchanged), and its validator is
// zod's, built from that JSON Schema with z.fromJSONSchema when tmcp first validates an answer.
const jsonSchemaOf = new WeakMap();
function standardSchemaFor(requestedSchema) {
  let validator;
  let validator_error;
  const schema = {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate(value) {
        if (validator === undefined) {
          try {
            validator = z.fromJSONSchema(requestedSchema);
          } catch (e) {
            validator = null;
            validator_error = e instanceof Error ? e.message : String(e);
          }
        }
        if (validator === null) return { issues: [{ message: `zod cannot read this JSON Schema: ${validator_error}` }] };
        return validator['~standard'].validate(value);
      },
    },
  };
  jsonSchemaOf.set(schema, requestedSchema);
  return schema;
}

// @tmcp/adapter-zod for the tools' own argument schemas; a schema made by standardSchemaFor is
// handed to tmcp as the JSON Schema it came from.
class Adapter extends ZodJsonSchemaAdapter {
  async toJsonSchema(schema) {
    return jsonSchemaOf.has(schema) ? jsonSchemaOf.get(schema) : super.toJsonSchema(schema);
  }
}

const anyObject = z.record(z.string(), z.unknown());

// tmcp's requestStateCodec (its documented way to detect a changed requestState): the state's JSON,
// base64url, and an HMAC-SHA256 of it under a key of this process; decode throws on a bad tag, and
// tmcp then answers the retry with -32602 "the configured codec failed to decode it".
const stateKey = randomBytes(32);
const tag = (body) => createHmac('sha256', stateKey).update(body).digest('base64url');
const requestStateCodec = {
  encode: (state) => {
    const body = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${body}.${tag(body)}`;
  },
  decode: (encoded) => {
    const dot = encoded.lastIndexOf('.');
    const body = encoded.slice(0, dot);
    const given = Buffer.from(encoded.slice(dot + 1));
    const want = Buffer.from(tag(body));
    if (dot < 0 || given.length !== want.length || !timingSafeEqual(given, want)) throw new Error('requestState failed verification');
    return JSON.parse(Buffer.from(body, 'base64url').toString());
  },
};
const stateProtected = { 'io.elicit-conform/state-protected': true };
// What mrtr.mdx says servers SHOULD put inside the protected state, set with tmcp's
// server.setRequestState from the first round on: the originating request (the tool's name) and a
// short expiry, both checked on every retry (an error, -32602, when either fails).
const STATE_TTL_MS = 10 * 60 * 1000;

function buildServer() {
  const server = new McpServer(
    { name: 'elicit-conform-tmcp-adapter', version: '0.1.0', description: 'elicit-conform adapter for tmcp' },
    { adapter: new Adapter(), capabilities: { tools: {}, prompts: {} }, requestStateCodec },
  );
  const isModernRefusal = (e) => e instanceof McpError && server.ctx.protocolVersion !== undefined;
  // The user's answer to one params: tmcp's form or URL overload of server.elicitation().
  const ask = (params) =>
    params.mode === 'url'
      ? server.elicitation(params.message, params.url)
      : server.elicitation(params.message, standardSchemaFor(params.requestedSchema));

  server.tool(
    {
      name: 'elicit',
      description: 'Sends elicitation/create with the given params and returns the result as JSON text.',
      schema: z.object({ params: anyObject }),
      // tmcp re-runs a handler that asks for input on the 2026-07-28 wire (multi round-trip).
      replayable: true,
    },
    async ({ params }) => {
      try {
        return text(JSON.stringify(await ask(params)));
      } catch (e) {
        // On the 2026-07-28 wire tmcp asks for input by throwing; its docs say to rethrow that.
        if (isInputRequired(e)) throw e;
        if (isModernRefusal(e)) throw e;
        return toolError(e);
      }
    },
  );

  // elicit_sequence: one await after another, so on the 2026-07-28 wire tmcp asks one question per
  // round (an InputRequiredResult each, the answers so far in its requestState, the handler replayed
  // from the top on every retry). elicit_together: the asks awaited at once (Promise.all), which tmcp
  // gathers into one InputRequiredResult, a key per question.
  for (const [name, together, description] of [
    ['elicit_sequence', false, 'Asks with each of the given params in turn, one round each; returns the results.'],
    ['elicit_together', true, 'Asks with all of the given params at once; returns the results in order.'],
  ]) {
    server.tool(
      { name, description, schema: z.object({ params: z.array(anyObject).min(1) }), replayable: true, _meta: stateProtected },
      async ({ params }) => {
        const incoming = server.ctx.requestState;
        if (incoming !== undefined && (incoming?.tool !== name || !(incoming?.expires > Date.now()))) {
          throw new McpError(-32602, 'requestState was issued for another request or has expired');
        }
        if (server.ctx.protocolVersion !== undefined) server.setRequestState({ tool: name, expires: Date.now() + STATE_TTL_MS });
        try {
          if (together) return text(JSON.stringify(await Promise.all(params.map(ask))));
          const results = [];
          for (const p of params) results.push(await ask(p));
          return text(JSON.stringify(results));
        } catch (e) {
          if (isInputRequired(e)) throw e;
          if (isModernRefusal(e)) throw e;
          return toolError(e);
        }
      },
    );
  }

  // The contract's prompt: prompts/get is, with tools/call, a multi round-trip method of tmcp.
  server.prompt(
    {
      name: 'elicit_prompt',
      description: 'Elicits with the given params (JSON text) and returns the result as a user message.',
      schema: z.object({ params: z.string() }),
      replayable: true,
    },
    async ({ params }) => {
      try {
        const result = await ask(JSON.parse(params));
        return { messages: [{ role: 'user', content: { type: 'text', text: JSON.stringify(result) } }] };
      } catch (e) {
        if (isInputRequired(e)) throw e;
        if (isModernRefusal(e)) throw e;
        throw new McpError(-32603, e instanceof Error ? e.message : String(e));
      }
    },
  );

  server.tool(
    {
      name: 'require_url',
      description: 'Fails with a -32042 URL elicitation required error listing the given elicitations.',
      schema: z.object({ elicitations: z.array(anyObject) }),
    },
    async ({ elicitations }) => {
      // 2026-07-28 retired -32042 and tmcp has no API for it: the code would be the adapter's own
      // literal, not tmcp's, so on that wire the tool says SKIP instead of sending it.
      if (server.ctx.protocolVersion !== undefined) {
        return skip_or_error('tmcp has no API for the URL-elicitation-required error (-32042, retired in 2026-07-28); the adapter would be the one sending it');
      }
      throw new McpError(-32042, 'This request requires more information.', { elicitations });
    },
  );

  server.tool(
    {
      name: 'complete',
      description: 'Sends notifications/elicitation/complete for an elicitation id.',
      schema: z.object({ elicitationId: z.string() }),
    },
    async () => {
      skip_or_error('tmcp has no API for notifications/elicitation/complete');
    },
  );

  // --- The official MCP conformance suite's elicitation tools (as its scenario texts describe
  // them), with their JSON Schemas given to tmcp the same way as the elicit tool's.
  const elicitAndReport = async (message, requestedSchema, prefix) => {
    try {
      const result = await server.elicitation(message, standardSchemaFor(requestedSchema));
      return text(`${prefix}: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    } catch (e) {
      if (isInputRequired(e)) throw e;
      if (isModernRefusal(e)) throw e;
      return toolError(e);
    }
  };
  server.tool(
    {
      name: 'test_elicitation',
      description: 'Asks the user for a username and an email address (official conformance suite).',
      schema: z.object({ message: z.string() }),
      replayable: true,
    },
    async ({ message }) =>
      elicitAndReport(
        message,
        {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
        'User response',
      ),
  );
  server.tool(
    {
      name: 'test_elicitation_sep1034_defaults',
      description: 'Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite).',
      replayable: true,
    },
    async () =>
      elicitAndReport(
        'Please review the pre-filled values',
        {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        },
        'Elicitation completed',
      ),
  );
  server.tool(
    {
      name: 'test_elicitation_sep1330_enums',
      description: 'Asks for one field of each of the five SEP-1330 enum variants (official conformance suite).',
      replayable: true,
    },
    async () =>
      elicitAndReport(
        'Please pick your options',
        {
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
        'Elicitation completed',
      ),
  );

  return server;
}

// Over stdio a SKIP is exit 77; over HTTP one process serves every session, so the SKIP is said in
// the tool result instead (docs/adapter-contract.md, "In a message, on any transport").
let overHttp = false;
function skip_or_error(reason) {
  if (overHttp) return { content: [{ type: 'text', text: `elicit-conform: SKIP: ${reason}` }], isError: true };
  skip(reason);
}

// --- Streamable HTTP: @tmcp/transport-http answers a Fetch API Request with a Response; node's
// http server is bridged to it (the package's README uses @remix-run/node-fetch-server for this;
// the bridge here is the few lines that need: buffer the body, stream the answer back).
async function serveHttp(port) {
  overHttp = true;
  const transport = new HttpTransport(buildServer(), { path: '/mcp' });
  const http = createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
        else if (v !== undefined) headers.set(k, v);
      }
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      const request = new Request(new URL(req.url, `http://${req.headers.host ?? '127.0.0.1'}`), {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' || body.length === 0 ? undefined : body,
        signal: controller.signal,
      });
      const response = (await transport.respond(request)) ?? new Response(null, { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        Readable.fromWeb(response.body).on('error', () => res.end()).pipe(res);
      } else {
        res.end();
      }
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(e instanceof Error ? e.message : String(e));
      else res.end();
    }
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
}

const httpAt = process.argv.indexOf('--http');
if (httpAt !== -1) {
  const port = Number(process.argv[httpAt + 1] ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('adapter: --http takes a port (0: any free port)\n');
    process.exit(2);
  }
  await serveHttp(port);
} else {
  new StdioTransport(buildServer()).listen();
}
