#!/usr/bin/env node
// elicit-conform server adapter for mcp-lite (https://www.npmjs.com/package/mcp-lite), a
// fetch-first MCP server with a Streamable HTTP transport only. The tools of the adapter contract
// (docs/adapter-contract.md), with mcp-lite's documented API only (README.md beside this file):
//
//   elicit       {params}        form mode: ctx.elicit({ message, schema: requestedSchema }) (mcp-lite
//                                takes a plain JSON Schema there); the result as JSON text, or
//                                isError with mcp-lite's message. URL mode: SKIP (no API)
//   require_url  {elicitations}  throw new RpcError(-32042, ..., { elicitations }) (no dedicated API;
//                                RpcError is mcp-lite's exported JSON-RPC error)
//   complete     {elicitationId} SKIP: no API for notifications/elicitation/complete
//
// `--http PORT`: Streamable HTTP on 127.0.0.1:PORT (0: any free port), its URL printed as the first
// line of stdout, for `elicit-conform server --url`. Without it (stdio), there is nothing to serve:
// mcp-lite has no stdio transport, and the adapter says SKIP (exit 77).

import { createServer } from 'node:http';
import { Readable } from 'node:stream';

import {
  InMemoryClientRequestAdapter,
  InMemorySessionAdapter,
  McpServer,
  RpcError,
  StreamableHttpTransport,
} from 'mcp-lite';

const SKIP_PREFIX = 'elicit-conform: SKIP: ';
const httpAt = process.argv.indexOf('--http');
if (httpAt === -1) {
  process.stderr.write(`${SKIP_PREFIX}mcp-lite has no stdio transport (it serves Streamable HTTP only)\n`);
  process.exit(77);
}

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const toolError = (e) => ({
  content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }],
  isError: true,
});
// One process serves every session, so a SKIP is said in the tool result (docs/adapter-contract.md).
const skipResult = (reason) => ({ content: [{ type: 'text', text: SKIP_PREFIX + reason }], isError: true });

const mcp = new McpServer({ name: 'elicit-conform-mcp-lite-adapter', version: '0.1.0' });

mcp.tool('elicit', {
  description: 'Sends elicitation/create with the given params and returns the result as JSON text.',
  inputSchema: { type: 'object', properties: { params: { type: 'object' } }, required: ['params'] },
  handler: async ({ params }, ctx) => {
    if (params.mode === 'url') return skipResult('mcp-lite has no API for URL-mode elicitation');
    try {
      return text(JSON.stringify(await ctx.elicit({ message: params.message, schema: params.requestedSchema })));
    } catch (e) {
      return toolError(e);
    }
  },
});

mcp.tool('require_url', {
  description: 'Fails with a -32042 URL elicitation required error listing the given elicitations.',
  inputSchema: { type: 'object', properties: { elicitations: { type: 'array' } }, required: ['elicitations'] },
  handler: async ({ elicitations }) => {
    throw new RpcError(-32042, 'This request requires more information.', { elicitations });
  },
});

mcp.tool('complete', {
  description: 'Sends notifications/elicitation/complete for an elicitation id.',
  inputSchema: { type: 'object', properties: { elicitationId: { type: 'string' } }, required: ['elicitationId'] },
  handler: async () => skipResult('mcp-lite has no API for notifications/elicitation/complete'),
});

// The official conformance suite's test_elicitation (its two 2025-11-25 tools are left out: mcp-lite
// negotiates 2025-06-18 at most, so their cases never run).
mcp.tool('test_elicitation', {
  description: 'Asks the user for a username and an email address (official conformance suite).',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  handler: async ({ message }, ctx) => {
    try {
      const result = await ctx.elicit({
        message,
        schema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      });
      return text(`User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    } catch (e) {
      return toolError(e);
    }
  },
});

// Elicitation needs both adapters (mcp-lite README, "Elicitation"); the in-memory ones, as its
// README's single-server example.
const transport = new StreamableHttpTransport({
  sessionAdapter: new InMemorySessionAdapter({ maxEventBufferSize: 1024 }),
  clientRequestAdapter: new InMemoryClientRequestAdapter({ defaultTimeoutMs: 30000 }),
});
const handle = transport.bind(mcp);

// Node's http server bridged to the Fetch API handler (mcp-lite's README uses Hono for this): the
// body buffered, the answer streamed back.
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
    const url = new URL(req.url, `http://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const response = await handle(
      new Request(url, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' || body.length === 0 ? undefined : body,
        signal: controller.signal,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body).on('error', () => res.end()).pipe(res);
    else res.end();
  } catch (e) {
    if (!res.headersSent) res.writeHead(500).end(e instanceof Error ? e.message : String(e));
    else res.end();
  }
});
const port = Number(process.argv[httpAt + 1] ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write('adapter: --http takes a port (0: any free port)\n');
  process.exit(2);
}
await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
