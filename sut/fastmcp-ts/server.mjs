#!/usr/bin/env node
// elicit-conform server adapter for fastmcp (https://www.npmjs.com/package/fastmcp, punkpeye's
// FastMCP for TypeScript), server role. The tools of the adapter contract
// (docs/adapter-contract.md), each an ordinary FastMCP tool (`server.addTool`):
//
//   elicit       {params}        context.elicit(params): FastMCP's documented elicitation API, which
//                                takes the request's params (ElicitRequestFormParams |
//                                ElicitRequestURLParams) as given, JSON Schema included. The result
//                                as JSON text; a refusal or failure comes back as FastMCP makes it
//                                (the tool throws, FastMCP answers isError).
//   require_url  {elicitations}  throw new UrlElicitationRequiredError(elicitations), the TypeScript
//                                SDK's documented -32042 error (FastMCP has none of its own);
//                                what FastMCP makes of it is what goes on the wire
//   complete     {elicitationId} FastMCP has no API for notifications/elicitation/complete; the
//                                adapter reaches the session's underlying TypeScript SDK Server
//                                (FastMCPSession.server, public) and calls its documented
//                                createElicitationCompletionNotifier(elicitationId)()
//
// Transport: stdio (server.start({transportType: 'stdio'})), or `--http PORT`: FastMCP's
// httpStream transport (Streamable HTTP) on 127.0.0.1:PORT, endpoint /mcp (0: a free port chosen
// here, FastMCP has no "any port" option), its URL printed as the first line of stdout, for
// `elicit-conform server --url`. README.md says why each choice is what it is.

import { createServer } from 'node:net';

import { FastMCP } from 'fastmcp';
import { SUPPORTED_PROTOCOL_VERSIONS, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const SKIP_STATUS = 77;
const httpAt = process.argv.indexOf('--http');
const overHttp = httpAt !== -1;

// FastMCP serves what its TypeScript SDK 1.x negotiates over initialize (2025-11-25 and older); it
// has no 2026-07-28 per-request wire and no option to narrow the versions it accepts.
const revision = process.env.ELICIT_CONFORM_PROTOCOL_VERSION || undefined;
if (revision && !SUPPORTED_PROTOCOL_VERSIONS.includes(revision)) {
  process.stderr.write(
    `elicit-conform: SKIP-REVISION: fastmcp (TypeScript SDK ${SUPPORTED_PROTOCOL_VERSIONS[0]} and older over initialize) has no API for protocol revision ${revision}\n`,
  );
  process.exit(SKIP_STATUS);
}

// Over stdio a SKIP is exit 77; over HTTP one process serves every session, so the SKIP is said in
// the tool result instead (docs/adapter-contract.md, "In a message, on any transport").
function skipOrSay(reason) {
  if (overHttp) return { content: [{ type: 'text', text: `elicit-conform: SKIP: ${reason}` }], isError: true };
  process.stderr.write(`elicit-conform: SKIP: ${reason}\n`);
  process.exit(SKIP_STATUS);
}

const anyObject = z.record(z.string(), z.unknown());

const server = new FastMCP({ name: 'elicit-conform-fastmcp-ts-adapter', version: '0.1.0' });

// The session a tool call belongs to: over httpStream the context carries its Mcp-Session-Id, over
// stdio there is one session. FastMCP lists a session (server.sessions) only once its connect()
// is done, which polls for the client's capabilities every 100 ms after initialize: a tool called
// at once may run before that, so the adapter waits for the session up to 2 s.
async function sessionOf(context) {
  for (let waited = 0; waited <= 2000; waited += 50) {
    const { sessions } = server;
    const session =
      context.sessionId !== undefined
        ? sessions.find((s) => s.sessionId === context.sessionId)
        : sessions.length === 1
          ? sessions[0]
          : undefined;
    if (session !== undefined) return session;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

server.addTool({
  name: 'elicit',
  description: 'Sends elicitation/create with the given params and returns the result as JSON text.',
  parameters: z.object({ params: anyObject }),
  // A tool that throws is answered by FastMCP with isError and the error's message (its
  // documented behaviour); the adapter lets the SDK's refusal reach it unchanged.
  execute: async ({ params }, context) => JSON.stringify(await context.elicit(params)),
});

server.addTool({
  name: 'require_url',
  description: 'Fails with a -32042 URL elicitation required error listing the given elicitations.',
  parameters: z.object({ elicitations: z.array(anyObject) }),
  execute: async ({ elicitations }) => {
    throw new UrlElicitationRequiredError(elicitations);
  },
});

server.addTool({
  name: 'complete',
  description: 'Sends notifications/elicitation/complete for an elicitation id.',
  parameters: z.object({ elicitationId: z.string() }),
  execute: async ({ elicitationId }, context) => {
    const session = await sessionOf(context);
    if (session === undefined) throw new Error('no FastMCP session for this call');
    const sdkServer = session.server;
    if (typeof sdkServer.createElicitationCompletionNotifier !== 'function') {
      return skipOrSay('neither fastmcp nor its TypeScript SDK has an API for notifications/elicitation/complete');
    }
    await sdkServer.createElicitationCompletionNotifier(elicitationId)();
    return '{}';
  },
});

// --- The official MCP conformance suite's elicitation tools (as its scenario texts describe them).
const elicitAndReport = async (context, message, requestedSchema, prefix) => {
  const result = await context.elicit({ message, requestedSchema });
  return `${prefix}: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
};
server.addTool({
  name: 'test_elicitation',
  description: 'Asks the user for a username and an email address (official conformance suite).',
  parameters: z.object({ message: z.string() }),
  execute: async ({ message }, context) =>
    elicitAndReport(
      context,
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
});
server.addTool({
  name: 'test_elicitation_sep1034_defaults',
  description: 'Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite).',
  execute: async (_args, context) =>
    elicitAndReport(
      context,
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
});
server.addTool({
  name: 'test_elicitation_sep1330_enums',
  description: 'Asks for one field of each of the five SEP-1330 enum variants (official conformance suite).',
  execute: async (_args, context) =>
    elicitAndReport(
      context,
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
});

// A free loopback port, for `--http 0` (FastMCP's httpStream.port is a fixed number).
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

if (overHttp) {
  let port = Number(process.argv[httpAt + 1] ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('adapter: --http takes a port (0: any free port)\n');
    process.exit(2);
  }
  if (port === 0) port = await freePort();
  await server.start({ transportType: 'httpStream', httpStream: { host: '127.0.0.1', port, endpoint: '/mcp' } });
  process.stdout.write(`http://127.0.0.1:${port}/mcp\n`);
} else {
  await server.start({ transportType: 'stdio' });
}
