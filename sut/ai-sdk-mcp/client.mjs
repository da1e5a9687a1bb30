#!/usr/bin/env node
// elicit-conform client adapter for @ai-sdk/mcp (the AI SDK's MCP client), following the adapter
// contract (docs/adapter-contract.md), with the package's documented API only (README.md beside
// this file lists every choice):
//
//   createMCPClient({ transport, capabilities: { elicitation: ELICIT_CONFORM_CAPABILITIES } })
//   client.onElicitationRequest(ElicitationRequestSchema, handler)   the scripted user
//   client.callTool({ name: ELICIT_CONFORM_TOOL, arguments: {} }), then close, exit 0
//   SKIP (exit 77): asked to declare URL mode, or to accept a form as pre-filled (SEP-1034)
//
// Transport: the last argument. An http:// URL (elicit-conform client --transport http) means the
// package's Streamable HTTP transport ({ type: 'http', url }); anything else is a stdio server to
// spawn (StdioMCPTransport from '@ai-sdk/mcp/mcp-stdio').

import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';

const SKIP_STATUS = 77;
function skip(reason) {
  process.stderr.write(`elicit-conform: SKIP: ${reason}\n`);
  process.exit(SKIP_STATUS);
}
function env(name, fallback) {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
}
function parseJson(name, raw) {
  try {
    return JSON.parse(raw);
  } catch (e) {
    process.stderr.write(`adapter: ${name} is not JSON: ${e.message}\n`);
    process.exit(2);
  }
}

const declared = env('ELICIT_CONFORM_CAPABILITIES', 'none');
const script = parseJson('ELICIT_CONFORM_USER', env('ELICIT_CONFORM_USER', '[]'));
const tool = env('ELICIT_CONFORM_TOOL', 'elicitation_case');
const target = process.argv.at(-1);

// The capabilities to declare, as given. ('none': no elicitation capability and no handler.)
const capabilities = declared === 'none' ? {} : { elicitation: parseJson('ELICIT_CONFORM_CAPABILITIES', declared) };

// URL mode: the package has no API for it. Its ElicitationRequest params are { message,
// requestedSchema } (requestedSchema required), its capability type has no url member, and its
// 2026-07-28 path refuses every input request that is not a form. A client asked to declare URL
// mode cannot be built with it.
if (capabilities.elicitation?.url !== undefined) {
  skip('@ai-sdk/mcp has no API for URL-mode elicitation (its ElicitationRequest is form-only: message and requestedSchema)');
}

let next = 0;
const nextAnswer = () => (next < script.length ? script[next++] : { action: 'cancel' });

const transport = /^https?:\/\//.test(target ?? '')
  ? { type: 'http', url: target }
  : new StdioMCPTransport({ command: target, args: [] });

let client;
try {
  client = await createMCPClient({
    transport,
    clientName: 'elicit-conform-ai-sdk-mcp-adapter',
    version: '0.1.0',
    capabilities,
  });
} catch (e) {
  process.stderr.write(`adapter: connect failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}

if (declared !== 'none') {
  // The handler sees what the package parsed (ElicitationRequestSchema) and answers as the user.
  client.onElicitationRequest(ElicitationRequestSchema, async () => {
    const answer = nextAnswer();
    if (answer.action !== 'accept') return { action: answer.action };
    // A scripted accept without content means "submitted as pre-filled" (SEP-1034): the package
    // types an elicitation.applyDefaults capability but has no code that applies defaults.
    if (answer.content === undefined) skip('@ai-sdk/mcp has no API that applies SEP-1034 schema defaults');
    return { action: 'accept', content: answer.content };
  });
}

try {
  await client.callTool({ name: tool, arguments: {} });
} catch (e) {
  process.stderr.write(`adapter: tool call failed: ${e instanceof Error ? e.message : String(e)}\n`);
}
await client.close();
process.exit(0);
