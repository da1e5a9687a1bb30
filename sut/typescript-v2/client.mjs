#!/usr/bin/env node
// elicit-conform client adapter for the MCP TypeScript SDK v2 (@modelcontextprotocol/client).
//
// A Client that declares the elicitation capability of ELICIT_CONFORM_CAPABILITIES, registers an
// elicitation/create handler with setRequestHandler('elicitation/create', ...), connects to the
// server named by its last argument, calls ELICIT_CONFORM_TOOL once and exits 0 after the result.
// The handler is the "user interface": it answers with the scripted user of ELICIT_CONFORM_USER,
// one answer per elicitation shown, and cancels once the script is used up. Whatever the SDK
// checks or changes on the way (mode support, result validation, defaults, the 2026-07-28
// envelope, input_required retries) is the SDK's doing.
//
// The revision (ELICIT_CONFORM_PROTOCOL_VERSION):
//   a 2025 revision the SDK lists in SUPPORTED_PROTOCOL_VERSIONS: the default 'legacy' negotiation
//     (initialize), offering that revision first (ClientOptions.supportedProtocolVersions);
//   2026-07-28: versionNegotiation { mode: { pin: '2026-07-28' } } (server/discover, then the
//     per-request _meta envelope), and the SDK's input_required auto-fulfilment, which calls the
//     same elicitation/create handler and retries the call;
//   anything else: SKIP (exit 77), the SDK has no API to ask for it.
// ELICIT_CONFORM_PROTOCOL_VERSIONS (the cases about eras) naming 2026-07-28 and 2025 revisions:
//   versionNegotiation { mode: 'auto' }, the SDK's dual-era client, with those 2025 revisions.
//
// Last argument: an http:// URL (Streamable HTTP, the official suite's convention) or the path of
// an executable to spawn as the stdio server.

import { Client, StreamableHTTPClientTransport, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const SKIP_STATUS = 77;
function skip(reason) {
  process.stderr.write(`elicit-conform: SKIP: ${reason}\n`);
  process.exit(SKIP_STATUS);
}
const env = (name, fallback) => (process.env[name] === undefined || process.env[name] === '' ? fallback : process.env[name]);
function parseJsonEnv(name, fallback) {
  const raw = env(name, undefined);
  if (raw === undefined) return fallback;
  try {
    return JSON.parse(raw);
  } catch (e) {
    process.stderr.write(`adapter: ${name} is not JSON: ${e.message}\n`);
    process.exit(2);
  }
}

const revision = env('ELICIT_CONFORM_PROTOCOL_VERSION', undefined);
const declared = env('ELICIT_CONFORM_CAPABILITIES', 'none');
const script = parseJsonEnv('ELICIT_CONFORM_USER', []);
const tool = env('ELICIT_CONFORM_TOOL', 'elicitation_case');
const target = process.argv.at(-1);
const overHttp = /^https?:\/\//.test(target ?? '');

// --- The revision: which of the SDK's documented connection modes asks for it. ------------------
const options = {};
// The cases about eras name the versions to support, exactly (ELICIT_CONFORM_PROTOCOL_VERSIONS).
// A modern one and legacy ones: the SDK's dual-era client, versionNegotiation { mode: 'auto' }
// (probe with server/discover, fall back to initialize), offering the legacy ones told. A modern
// one alone: pinned, as below. Anything the SDK's options cannot say: SKIP.
const told = env('ELICIT_CONFORM_PROTOCOL_VERSIONS', '').split(',').filter((v) => v !== '');
const toldLegacy = told.filter((v) => SUPPORTED_PROTOCOL_VERSIONS.includes(v));
const toldModern = told.filter((v) => !SUPPORTED_PROTOCOL_VERSIONS.includes(v));
if (told.length > 0 && toldModern.length > 0 && toldLegacy.length > 0) {
  if (typeof Client.prototype.setVersionNegotiation !== 'function' || toldModern.length > 1) {
    skip(`SDK has no option to support exactly ${told.join(', ')}`);
  }
  options.versionNegotiation = { mode: 'auto' };
  options.supportedProtocolVersions = toldLegacy;
} else if (revision === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(revision)) {
  if (revision !== undefined) {
    options.supportedProtocolVersions = [revision, ...SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v !== revision)];
  }
} else if (typeof Client.prototype.setVersionNegotiation === 'function') {
  // A revision past the legacy list: the SDK's opt-in negotiation, pinned to it. The SDK fails
  // loudly at connect if it cannot speak it (the adapter then exits 1: nothing is hidden).
  options.versionNegotiation = { mode: { pin: revision } };
} else {
  skip(`SDK has no API for protocol revision ${revision}`);
}

// --- Capabilities: exactly what the case asks for, through the SDK's options. -------------------
const capabilities = {};
let defaultsApplied = false;
if (declared !== 'none') {
  let elicitation;
  try {
    elicitation = JSON.parse(declared);
  } catch (e) {
    process.stderr.write(`adapter: ELICIT_CONFORM_CAPABILITIES is not JSON: ${e.message}\n`);
    process.exit(2);
  }
  // A user who accepts without typing submits the form as it was pre-filled (SEP-1034 defaults):
  // the SDK's switch for that is elicitation.form.applyDefaults. The adapter turns it on only when
  // the script has such an answer (and the declared capability names form mode), and never fills
  // anything itself.
  if (script.some((a) => a.action === 'accept' && a.content === undefined) && elicitation.form !== undefined) {
    elicitation = { ...elicitation, form: { ...elicitation.form, applyDefaults: true } };
    defaultsApplied = true;
  }
  capabilities.elicitation = elicitation;
}

const client = new Client({ name: 'elicit-conform-typescript-sdk-v2-adapter', version: '0.1.0' }, { capabilities, ...options });

// --- The user interface: one scripted answer per elicitation shown. -----------------------------
let next = 0;
const nextAnswer = () => (next < script.length ? script[next++] : { action: 'cancel' });

// "Opening" a URL the user agreed to: one GET, and only on loopback (this adapter never leaves the
// machine). This is the application's job, not the SDK's: the SDK hands the URL over.
async function openUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol !== 'http:' || parsed.hostname !== '127.0.0.1') return;
  try {
    await fetch(parsed, { signal: AbortSignal.timeout(1000) });
  } catch {
    // the harness's trap records the attempt; the answer does not matter
  }
}

if (declared !== 'none') {
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params;
    const answer = nextAnswer();
    if (answer.action !== 'accept') return { action: answer.action };
    if (params.mode === 'url') {
      await openUrl(params.url);
      return { action: 'accept' };
    }
    // Form mode: the user's content, or the pre-filled form untouched (the SDK fills defaults).
    if (answer.content === undefined && !defaultsApplied) {
      skip('SDK has no API for applying SEP-1034 defaults with an elicitation capability that names no form mode');
    }
    return { action: 'accept', content: answer.content ?? {} };
  });
}

// Completion of a URL-mode elicitation (2025-11-25): an application would update its UI; here it
// is a line on stderr, and the retry below waits for it.
const completed = new Set();
let completionSeen = () => {};
if (capabilities.elicitation?.url !== undefined) {
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    process.stderr.write(`adapter: elicitation ${notification.params.elicitationId} completed\n`);
    completed.add(notification.params.elicitationId);
    completionSeen();
  });
}

// True once every id has completed, false after `ms` without.
function completion(ids, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    completionSeen = () => {
      if (ids.every((id) => completed.has(id))) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    completionSeen();
  });
}

// --- Transport -----------------------------------------------------------------------------------
function transportFor(where) {
  if (overHttp) return new StreamableHTTPClientTransport(new URL(where));
  return new StdioClientTransport({ command: where, args: [] });
}

// --- Run: connect, call the tool once, exit 0 after its result. ---------------------------------
try {
  await client.connect(transportFor(target));
} catch (e) {
  process.stderr.write(`adapter: connect failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
for (let attempt = 1; ; attempt++) {
  try {
    await client.callTool({ name: tool, arguments: {} });
    break;
  } catch (e) {
    if (e?.code !== -32042 || !Array.isArray(e?.data?.elicitations)) {
      process.stderr.write(`adapter: tool call failed: ${e instanceof Error ? e.message : String(e)}\n`);
      break;
    }
    // A -32042 URLElicitationRequiredError (2025-11-25): each URL is shown to the user and opened
    // only if the user accepts. When the user accepted them all, the application retries the call
    // once they have completed (the spec's MAY; the SDK delivers the notifications, the retry is
    // the application's).
    const accepted = [];
    for (const elicitation of e.data.elicitations) {
      if (nextAnswer().action !== 'accept') continue;
      await openUrl(elicitation.url);
      accepted.push(elicitation.elicitationId);
    }
    const retry = attempt === 1 && accepted.length === e.data.elicitations.length;
    if (!retry || !(await completion(accepted, 3000))) break;
  }
}
await client.close();
process.exit(0);
