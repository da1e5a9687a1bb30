#!/usr/bin/env node
// elicit-conform client adapter for the MCP TypeScript SDK (@modelcontextprotocol/sdk).
//
// A Client that declares the elicitation capability of ELICIT_CONFORM_CAPABILITIES, registers an
// elicitation/create handler with setRequestHandler(ElicitRequestSchema, ...), connects to the
// server named by its last argument, calls ELICIT_CONFORM_TOOL once and exits 0 after the result.
// The handler is the "user interface": it answers with the scripted user of ELICIT_CONFORM_USER,
// one answer per elicitation shown, and cancels once the script is used up. Whatever the SDK
// checks or changes on the way (mode support, result validation, defaults) is the SDK's doing.
//
// ELICIT_CONFORM_TASKS (2025-11-25): the tasks capability to declare. When it names
// requests.elicitation.create, the Client gets the SDK's experimental in-memory task store, and a
// task-augmented elicitation/create is answered as the SDK's task API has it: the handler creates
// the task, stores the scripted user's answer as its result and returns the CreateTaskResult; the
// SDK serves tasks/get and tasks/result from the store.
//
// Last argument: an http:// URL (Streamable HTTP, the official suite's convention) or the path of
// an executable to spawn as the stdio server.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { applyDefaultsPlacement, env, features, parseJsonEnv, requireRevision, skip, types } from './common.mjs';

const revision = env('ELICIT_CONFORM_PROTOCOL_VERSION', undefined);
const declared = env('ELICIT_CONFORM_CAPABILITIES', 'none');
const script = parseJsonEnv('ELICIT_CONFORM_USER', []);
const tool = env('ELICIT_CONFORM_TOOL', 'elicitation_case');
const tasksDeclared = env('ELICIT_CONFORM_TASKS', 'none') === 'none' ? 'none' : parseJsonEnv('ELICIT_CONFORM_TASKS', 'none');
const target = process.argv.at(-1);

requireRevision(revision);

// --- Capabilities: exactly what the case asks for, through the SDK's options. -------------------
const capabilities = {};
let defaultsApplied = false;
let noDefaultsApi = 'SDK has no API for applying SEP-1034 defaults (applyDefaults)';
if (declared !== 'none') {
  let elicitation;
  try {
    elicitation = JSON.parse(declared);
  } catch (e) {
    process.stderr.write(`adapter: ELICIT_CONFORM_CAPABILITIES is not JSON: ${e.message}\n`);
    process.exit(2);
  }
  if (elicitation.url !== undefined && !features.urlElicitation) skip('SDK has no API for URL-mode elicitation');
  // A user who accepts without typing submits the form as it was pre-filled (SEP-1034 defaults).
  // Filling in defaults is what the SDK's applyDefaults switch is for; the adapter turns it on
  // only when the script has such an answer, and never fills anything itself. Without the switch
  // the case is skipped when such an answer is actually given to a form (see the handler).
  if (script.some((a) => a.action === 'accept' && a.content === undefined) && elicitation.url === undefined) {
    const placement = applyDefaultsPlacement();
    if (placement === 'form' && elicitation.form !== undefined) {
      elicitation = { ...elicitation, form: { ...elicitation.form, applyDefaults: true } };
      defaultsApplied = true;
    } else if (placement === 'form') {
      noDefaultsApi = 'SDK has no API for applying SEP-1034 defaults with an elicitation capability that names no form mode';
    } else if (placement === 'top') {
      elicitation = { ...elicitation, applyDefaults: true };
      defaultsApplied = true;
    }
  }
  capabilities.elicitation = elicitation;
}

const clientOptions = { capabilities };
if (tasksDeclared !== 'none') {
  let tasksApi = null;
  try {
    tasksApi = await import('@modelcontextprotocol/sdk/experimental/tasks');
  } catch {
    tasksApi = null;
  }
  if (typeof tasksApi?.InMemoryTaskStore !== 'function') skip('SDK has no experimental tasks API (InMemoryTaskStore)');
  capabilities.tasks = tasksDeclared;
  clientOptions.taskStore = new tasksApi.InMemoryTaskStore();
}

const client = new Client({ name: 'elicit-conform-typescript-sdk-adapter', version: '0.1.0' }, clientOptions);

// --- The user interface: one scripted answer per elicitation shown. -----------------------------
let next = 0;
const nextAnswer = () => (next < script.length ? script[next++] : { action: 'cancel' });

// "Opening" a URL the user agreed to: one GET, and only on loopback (this adapter never leaves the
// machine). This is the application's job, not the SDK's: the SDK hands the URL over and nothing
// more.
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
  // A task-augmented request, where this client runs it as a task: the answer becomes the task's
  // result, and the handler returns the CreateTaskResult.
  const asTask = (answered) => async (request, extra) => {
    if (request.params.task === undefined || extra.taskStore === undefined) return answered(request);
    const task = await extra.taskStore.createTask({ ttl: request.params.task.ttl ?? 60000, pollInterval: 100 });
    // The SDK's in-memory store hands back the task object it keeps, which storing the result
    // changes in place: the CreateTaskResult is the task as created, the user answers after it.
    const created = { ...task };
    setImmediate(async () => {
      try {
        await extra.taskStore.storeTaskResult(task.taskId, 'completed', await answered(request));
      } catch (e) {
        process.stderr.write(`adapter: task ${task.taskId}: ${e}\n`);
      }
    });
    return { task: created };
  };
  client.setRequestHandler(types.ElicitRequestSchema, asTask(async (request) => {
    const params = request.params;
    const answer = nextAnswer();
    if (answer.action !== 'accept') return { action: answer.action };
    if (params.mode === 'url') {
      await openUrl(params.url);
      return { action: 'accept' };
    }
    // Form mode: the user's content, or the pre-filled form untouched (the SDK fills defaults).
    if (answer.content === undefined && !defaultsApplied) {
      skip(noDefaultsApi);
    }
    return { action: 'accept', content: answer.content ?? {} };
  }));
}

// Completion of a URL-mode elicitation: an application would update its UI for an id it showed and
// ignore any other; here both mean writing a line to stderr. Nothing is answered: the SDK's
// notification handlers have no way to answer.
const completed = new Set();
let completionSeen = () => {};
if (capabilities.elicitation?.url !== undefined && features.completeNotification) {
  client.setNotificationHandler(types.ElicitationCompleteNotificationSchema, (notification) => {
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
  if (/^https?:\/\//.test(where ?? '')) return new StreamableHTTPClientTransport(new URL(where));
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
    // A -32042 URLElicitationRequiredError: each URL is shown to the user and opened only if the
    // user accepts. When the user accepted them all, the application retries the call once they
    // have completed (the spec's MAY; the SDK delivers the notifications, the retry is ours).
    const accepted = [];
    for (const elicitation of e.data.elicitations) {
      if (nextAnswer().action !== 'accept') continue;
      await openUrl(elicitation.url);
      accepted.push(elicitation.elicitationId);
    }
    const retry = attempt === 1 && accepted.length === e.data.elicitations.length && features.completeNotification;
    if (!retry || !(await completion(accepted, 3000))) break;
  }
}
await client.close();
process.exit(0);
