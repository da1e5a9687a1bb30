#!/usr/bin/env node
// elicit-conform server adapter for the MCP TypeScript SDK (@modelcontextprotocol/sdk).
//
// A high-level McpServer with the tools of the adapter contract (docs/adapter-contract.md):
//   elicit       {params}        -> server.elicitInput(params); the result as JSON text, or
//                                   isError with the SDK's message if it refused or failed. Where
//                                   the SDK has its experimental tasks (2025-11-25), elicit is a
//                                   task tool (execution.taskSupport "optional"): a task-augmented
//                                   call gets a CreateTaskResult and the elicitation goes out with
//                                   the task's related-task _meta over tasks/result; a plain call
//                                   asks at once, as before
//   require_url  {elicitations}  -> throw new UrlElicitationRequiredError(elicitations)
//   complete     {elicitationId} -> server.createElicitationCompletionNotifier(id)()
// and the official conformance suite's test_elicitation, test_elicitation_sep1034_defaults and
// test_elicitation_sep1330_enums. Every argument goes to the SDK as given: the adapter neither
// checks nor repairs it, so what reaches the wire is what the SDK makes of it.
//
// Transport: stdio (the default), or `--http PORT`: Streamable HTTP on 127.0.0.1:PORT (0: any free
// port), whose URL is printed as the first line of stdout (as `elicit-conform reference server
// --listen` does), for `elicit-conform server --url`. `--http PORT --resumable` gives each session
// the SDK's resumability (an event store): the SDK then starts every SSE stream with a priming
// event (an id, empty data; SEP-1699) for clients of 2025-11-25 and later.

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

import { env, features, requireRevision, skip, types } from './common.mjs';

requireRevision(env('ELICIT_CONFORM_PROTOCOL_VERSION', undefined));

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const toolError = (e) => ({ content: [{ type: 'text', text: e instanceof Error ? e.message : String(e) }], isError: true });
const anyObject = z.record(z.string(), z.unknown());

// The SDK's experimental tasks (2025-11-25), where it has them: an in-memory task store and
// message queue, as its examples set up. Found by feature.
let tasksApi = null;
try {
  tasksApi = await import('@modelcontextprotocol/sdk/experimental/tasks');
  if (typeof tasksApi.InMemoryTaskStore !== 'function' || typeof tasksApi.InMemoryTaskMessageQueue !== 'function')
    tasksApi = null;
} catch {
  tasksApi = null;
}

// The ids of the tools/call requests that came task-augmented (params.task): the SDK hands a
// task tool's createTask the same extra either way, so the adapter reads the request's own
// params off the transport.
function noteTaskCalls(transport, taskCalls) {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (message?.method === 'tools/call' && message.params?.task !== undefined && message.id !== undefined)
      taskCalls.add(message.id);
    deliver?.(message, extra);
  };
}

// One McpServer with every tool. stdio serves one client with one; Streamable HTTP builds one
// per session, as the SDK's examples do.
function buildServer() {
  // Tasks are a 2025-11-25 feature: a session the harness runs at another revision
  // (ELICIT_CONFORM_PROTOCOL_VERSION) gets the server without them, as an application of that
  // revision would be (the SDK would otherwise send 2025-11-25's notifications/tasks/status there).
  const revision = env('ELICIT_CONFORM_PROTOCOL_VERSION', '2025-11-25');
  const withTasks = tasksApi !== null && features.revisions.includes('2025-11-25') && revision === '2025-11-25';
  const taskStore = withTasks ? new tasksApi.InMemoryTaskStore() : null;
  const mcp = new McpServer(
    { name: 'elicit-conform-typescript-sdk-adapter', version: '0.1.0' },
    withTasks
      ? {
          capabilities: { tasks: { requests: { tools: { call: {} } } } },
          taskStore,
          taskMessageQueue: new tasksApi.InMemoryTaskMessageQueue(),
        }
      : undefined,
  );
  mcp.taskCalls = new Set();
  // The low-level Server the SDK documents for elicitation and notifications.
  const server = mcp.server;

  // registerTool, the documented way (every version of the matrix has it).
  const register = (name, description, inputSchema, handler) =>
    mcp.registerTool(name, { description, inputSchema }, handler);

  const elicit = async (params, options) => {
    if (params.mode === 'url' && !features.urlElicitation) skip('SDK has no API for URL-mode elicitation');
    try {
      return text(JSON.stringify(await server.elicitInput(params, options)));
    } catch (e) {
      return toolError(e);
    }
  };
  if (!withTasks || typeof mcp.experimental?.tasks?.registerToolTask !== 'function') {
    register(
      'elicit',
      'Sends elicitation/create with the given params and returns the result as JSON text.',
      { params: anyObject },
      async ({ params }) => elicit(params),
    );
  } else {
    // A task tool, the SDK's way (registerToolTask). A task-augmented call: the task is created,
    // the CreateTaskResult goes back at once, and the elicitation is sent with the task as its
    // related task (the SDK queues it for tasks/result), the task input_required meanwhile, as the
    // SDK's own interactive task example does. A plain call (the SDK then polls the task itself):
    // the elicitation is asked within the call, as without tasks, and the task is over at once.
    mcp.experimental.tasks.registerToolTask(
      'elicit',
      {
        description: 'Sends elicitation/create with the given params and returns the result as JSON text.',
        inputSchema: { params: anyObject },
        execution: { taskSupport: 'optional' },
      },
      {
        createTask: async ({ params }, extra) => {
          const asTask = mcp.taskCalls.delete(extra.requestId);
          if (!asTask) {
            // The store itself, not the request's view of it (extra.taskStore), which would tell
            // the client of a task it never asked for (notifications/tasks/status).
            const result = await elicit(params);
            const task = await taskStore.createTask({ ttl: 60000, pollInterval: 1 }, extra.requestId,
              { method: 'tools/call', params: {} }, extra.sessionId);
            const created = { ...task };
            await taskStore.storeTaskResult(task.taskId, result.isError ? 'failed' : 'completed', result, extra.sessionId);
            return { task: created };
          }
          const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? 60000, pollInterval: 100 });
          // The SDK's in-memory store hands back the task object it keeps, which the status
          // updates below change in place: the CreateTaskResult is the task as created.
          const created = { ...task };
          (async () => {
            await extra.taskStore.updateTaskStatus(task.taskId, 'input_required');
            const result = await elicit(params, { relatedTask: { taskId: task.taskId } });
            await extra.taskStore.storeTaskResult(task.taskId, result.isError ? 'failed' : 'completed', result);
          })().catch((e) => process.stderr.write(`adapter: task ${task.taskId}: ${e}\n`));
          return { task: created };
        },
        getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
        getTaskResult: async (_args, extra) => extra.taskStore.getTaskResult(extra.taskId),
      },
    );
  }

  register(
    'require_url',
    'Fails with a -32042 URLElicitationRequiredError listing the given elicitations.',
    { elicitations: z.array(anyObject) },
    async ({ elicitations }) => {
      if (!features.urlRequiredError) skip('SDK has no API for the URL elicitation required error (-32042)');
      throw new types.UrlElicitationRequiredError(elicitations);
    },
  );

  register(
    'complete',
    'Sends notifications/elicitation/complete for an elicitation id.',
    { elicitationId: z.string() },
    async ({ elicitationId }) => {
      if (typeof server.createElicitationCompletionNotifier !== 'function') {
        skip('SDK has no API for notifications/elicitation/complete (createElicitationCompletionNotifier)');
      }
      try {
        await server.createElicitationCompletionNotifier(elicitationId)();
        return text('completion sent');
      } catch (e) {
        return toolError(e);
      }
    },
  );

  // --- The official MCP conformance suite's elicitation tools (as its scenario texts describe them).

  register(
    'test_elicitation',
    'Asks the user for a username and an email address (official conformance suite).',
    { message: z.string() },
    async ({ message }) => {
      try {
        const result = await server.elicitInput({
          message,
          requestedSchema: {
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
  );

  async function elicitAndReport(request) {
    try {
      const result = await server.elicitInput(request);
      return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    } catch (e) {
      return toolError(e);
    }
  }

  register(
    'test_elicitation_sep1034_defaults',
    'Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite).',
    {},
    async () =>
      elicitAndReport({
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
      }),
  );

  register(
    'test_elicitation_sep1330_enums',
    'Asks for one field of each of the five SEP-1330 enum variants (official conformance suite).',
    {},
    async () =>
      elicitAndReport({
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
      }),
  );

  return mcp;
}

// --- Transport ----------------------------------------------------------------------------------

// The EventStore interface of the SDK's Streamable HTTP server transport, kept in memory: every
// event of a stream, so a client that comes back with Last-Event-ID gets what followed it.
class MemoryEventStore {
  #events = []; // [eventId, streamId, message]
  #next = 0;
  async storeEvent(streamId, message) {
    const id = `${streamId}:${++this.#next}`;
    this.#events.push([id, streamId, message]);
    return id;
  }
  async getStreamIdForEventId(eventId) {
    return this.#events.find(([id]) => id === eventId)?.[1];
  }
  async replayEventsAfter(lastEventId, { send }) {
    const at = this.#events.findIndex(([id]) => id === lastEventId);
    if (at < 0) return '';
    const streamId = this.#events[at][1];
    for (const [id, stream, message] of this.#events.slice(at + 1)) {
      if (stream === streamId && message && Object.keys(message).length > 0) await send(id, message);
    }
    return streamId;
  }
}
const resumable = process.argv.includes('--resumable');

// Streamable HTTP as the SDK's examples build it: one McpServer and transport per session, the
// session made by the transport when it sees initialize. Loopback only.
async function serveHttp(port) {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    try {
      if (new URL(req.url, 'http://127.0.0.1').pathname !== '/mcp') {
        res.writeHead(404).end();
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
        const fresh = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => sessions.set(sid, fresh),
          ...(resumable ? { eventStore: new MemoryEventStore() } : {}),
        });
        fresh.onclose = () => fresh.sessionId && sessions.delete(fresh.sessionId);
        const mcp = buildServer();
        await mcp.connect(fresh);
        noteTaskCalls(fresh, mcp.taskCalls);
        transport = fresh;
      }
      await transport.handleRequest(req, res);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(e instanceof Error ? e.message : String(e));
    }
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
}

async function connect() {
  const http = process.argv.indexOf('--http');
  if (http !== -1) {
    const port = Number(process.argv[http + 1] ?? '0');
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      process.stderr.write('adapter: --http takes a port (0: any free port)\n');
      process.exit(2);
    }
    return serveHttp(port);
  }
  const mcp = buildServer();
  const transport = new StdioServerTransport();
  await mcp.connect(transport);
  noteTaskCalls(transport, mcp.taskCalls);
}

await connect();
