#!/usr/bin/env node
// elicit-conform server adapter for Effect's MCP server (the `effect` package, 4.x: `McpServer`,
// `McpSchema` and `McpProtocol` of its `effect/ai` entry point), server role. The tools of the
// adapter contract (docs/adapter-contract.md), registered with the McpServer service's addTool
// (the registration whose handler may answer with McpSchema.InputRequired, the 2026-07-28
// multi round-trip; a Toolkit tool cannot):
//
//   elicit       {params}        2025 revisions, form mode: McpServer.elicit({message, schema}), whose
//                                schema is an Effect Schema (it takes no JSON Schema): the adapter
//                                imports params.requestedSchema with Effect's own
//                                SchemaRepresentation.fromJsonSchemaDocument, and McpServer.elicit
//                                puts Effect's JSON Schema of that on the wire. Accepted -> the
//                                decoded content; declined -> ElicitationDeclined; cancelled ->
//                                interruption: the adapter reports each as the ElicitResult it
//                                stands for. URL mode (McpServer.elicit has none): the request's
//                                McpServerClient.getClient -> client.elicit(params), params as given.
//                                2026-07-28: new McpSchema.InputRequired({inputRequests: {elicit:
//                                {method: 'elicitation/create', params}}}), and on the retry the
//                                McpRequestContext's inputResponses.elicit as the result.
//   require_url  {elicitations}  Effect has no -32042 API, and a tool handler's own failures go out as
//                                -32602, isError or -32603: a global McpServer.middleware fails the
//                                call with new McpSchema.McpErrorBase({code: -32042, message,
//                                data: {elicitations}}), which Effect sends as is; SKIP on
//                                2026-07-28 (retired there)
//   complete     {elicitationId} McpServer's notifyElicitationComplete({clientId, elicitationId})
//   elicit_sequence {params: [...]}  2026-07-28: an InputRequired per params, one round each, the
//                                answers so far as JSON in its requestState (read back from the
//                                McpRequestContext); 2025 revisions: the asks one after another
//   elicit_together {params: [...]}  2026-07-28: one InputRequired with a key per params, asked again
//                                for those a retry lacks, the answers it gave kept as JSON in
//                                requestState; 2025 revisions: the asks at once
// and the prompt elicit_prompt {params: "<JSON>"}, registered with the McpServer service's addPrompt
// (whose handler may answer with McpSchema.InputRequired on 2026-07-28, as addTool's): asks as elicit
// does and returns a GetPromptResult with one user message, the JSON of the ElicitResult.
//
// Transport: stdio (McpServer.layerStdio with a Stdio service made from process.stdin/stdout by
// effect's Stdio.make), or `--http PORT`: McpServer.layerHttp (Streamable HTTP) at /mcp, served by
// HttpRouter.toWebHandler through node:http on 127.0.0.1:PORT (0: any free port), its URL
// printed as the first line of stdout, for `elicit-conform server --url`. Effect's own Node
// platform packages (@effect/platform-node 4.x) require Node >= 22.19, hence the bridges on the
// machine's Node 20. README.md says why each choice is what it is.

import { createServer } from 'node:http';
import { Readable } from 'node:stream';

import { Cause, Context, Effect, Exit, JsonSchema, Layer, Option, PlatformError, Schema, SchemaRepresentation, Sink, Stdio, Stream } from 'effect';
import { McpProtocol, McpSchema, McpServer } from 'effect/ai';
import { HttpRouter, HttpServer } from 'effect/http';

const SKIP_STATUS = 77;
const httpAt = process.argv.indexOf('--http');
const overHttp = httpAt !== -1;

// The protocol adapters Effect offers, newest first; the cases about eras name the versions to
// support, exactly (ELICIT_CONFORM_PROTOCOL_VERSIONS), which McpServer's `protocols` option is.
const ALL = [
  McpProtocol.v2026_07_28,
  McpProtocol.v2025_11_25,
  McpProtocol.v2025_06_18,
  McpProtocol.v2025_03_26,
  McpProtocol.v2024_11_05,
];
const told = (process.env.ELICIT_CONFORM_PROTOCOL_VERSIONS || '').split(',').filter((v) => v !== '');
const protocols = told.length > 0 ? ALL.filter((p) => told.includes(p.protocolVersion)) : ALL;
if (protocols.length === 0) {
  process.stderr.write(`elicit-conform: SKIP: Effect's McpServer has no protocol adapter for ${told.join(', ')}\n`);
  process.exit(SKIP_STATUS);
}
const MODERN = McpProtocol.v2026_07_28.protocolVersion;

const text = (t) => new McpSchema.CallToolResult({ content: [{ type: 'text', text: t }] });
const toolError = (t) =>
  new McpSchema.CallToolResult({ content: [{ type: 'text', text: t }], isError: true });
const messageOf = (e) => {
  if (e instanceof Error) return e.message || (typeof e.reason === 'string' ? `${e._tag ?? e.name}: ${e.reason}` : String(e._tag ?? e.name));
  return typeof e === 'string' ? e : JSON.stringify(e);
};

// Over stdio a SKIP is exit 77; over HTTP one process serves every session, so the SKIP is said in
// the tool result instead (docs/adapter-contract.md, "In a message, on any transport").
function skipOrSay(reason) {
  if (overHttp) return Effect.succeed(toolError(`elicit-conform: SKIP: ${reason}`));
  return Effect.sync(() => {
    process.stderr.write(`elicit-conform: SKIP: ${reason}\n`);
    process.exit(SKIP_STATUS);
  });
}

// The Effect Schema for a JSON Schema that came over the wire (McpServer.elicit takes no other):
// Effect's documented importer. `patterns: 'apply'` validates a `pattern` as Effect reads it.
function effectSchemaFor(requestedSchema) {
  return SchemaRepresentation.fromJsonSchemaDocument(JsonSchema.fromSchemaDraft2020_12(requestedSchema), {
    patterns: 'apply',
  });
}

// The key of the adapter's one input request on the 2026-07-28 wire.
const KEY = 'elicit';

// The input request that asks with `params` on the 2026-07-28 wire (InputRequired takes raw params).
const inputRequest = (params) => ({ method: 'elicitation/create', params });

// A retry's answer to `params`: what McpServer.elicit does with an accepted answer on the 2025
// revisions, done here (Effect hands the handler the inputResponses undecoded): the content decoded
// with the Effect Schema of the form's JSON Schema. The ElicitResult, or an isError CallToolResult.
const decodeAnswer = (params, answer) =>
  Effect.gen(function* () {
    if (answer.action !== 'accept' || params.mode === 'url') return answer;
    let schema;
    try {
      schema = effectSchemaFor(params.requestedSchema);
    } catch (e) {
      return toolError(`Effect cannot import this JSON Schema: ${messageOf(e)}`);
    }
    const decoded = yield* Effect.exit(Schema.decodeUnknownEffect(schema)(answer.content));
    if (Exit.isFailure(decoded)) return toolError(messageOf(Cause.squash(decoded.cause)));
    return { ...answer, content: decoded.value };
  });

const isElicitResult = (answer) =>
  typeof answer === 'object' && answer !== null && ['accept', 'decline', 'cancel'].includes(answer.action);

// elicit_sequence (together = false) and elicit_together (true): the ElicitResults of every params
// as one JSON array. On 2026-07-28 the handler keeps nothing between rounds: elicit_sequence asks
// one params per round (key `step-N`) with the answers so far as JSON in InputRequired's
// requestState, read back from the McpRequestContext's requestState; elicit_together asks with all
// of them in one InputRequired (keys `input-N`) and again for those a retry lacks, keeping the
// answers a retry gave as JSON in requestState (null where one is missing). On the 2025
// revisions: `ask` for each, one after another or all at once (Effect.forEach's concurrency).
const askMany = (list, together) =>
  Effect.gen(function* () {
    if (!Array.isArray(list) || list.length === 0) return toolError('params must be a non-empty array');
    const ctx = yield* McpSchema.McpRequestContext;
    if (ctx.protocolVersion !== MODERN) {
      const results = yield* Effect.forEach(list, (p) => ask(p, (result) => result), {
        concurrency: together ? 'unbounded' : 1,
      });
      const failed = results.find((r) => r instanceof McpSchema.CallToolResult);
      return failed ?? text(JSON.stringify(results));
    }
    const responses = ctx.inputResponses ?? {};
    if (together) {
      const keys = list.map((_, i) => `input-${i + 1}`);
      // The answers earlier retries gave, one member per params (null while it is missing).
      let kept;
      try {
        kept = ctx.requestState === undefined ? list.map(() => null) : JSON.parse(ctx.requestState);
      } catch {
        kept = undefined;
      }
      if (
        !Array.isArray(kept) ||
        kept.length !== list.length ||
        kept.some((a) => a !== null && (typeof a !== 'object' || Array.isArray(a)))
      ) {
        return toolError("the requestState is not this call's");
      }
      const results = yield* Effect.forEach(keys, (key, i) =>
        isElicitResult(responses[key]) ? decodeAnswer(list[i], responses[key]) : Effect.succeed(kept[i]),
      );
      const failed = results.find((r) => r instanceof McpSchema.CallToolResult);
      if (failed) return failed;
      const missing = keys.filter((_, i) => results[i] === null);
      if (missing.length > 0) {
        // Ask again for the missing ones alone, keeping the answers given so far in requestState.
        return new McpSchema.InputRequired({
          inputRequests: Object.fromEntries(missing.map((key) => [key, inputRequest(list[keys.indexOf(key)])])),
          ...(missing.length < keys.length ? { requestState: JSON.stringify(results) } : {}),
        });
      }
      return text(JSON.stringify(results));
    }
    let answers;
    try {
      answers = ctx.requestState === undefined ? [] : JSON.parse(ctx.requestState);
    } catch {
      answers = undefined;
    }
    if (!Array.isArray(answers) || answers.length >= list.length) return toolError("the requestState is not this call's");
    const key = `step-${answers.length + 1}`;
    if (isElicitResult(responses[key])) {
      const checked = yield* decodeAnswer(list[answers.length], responses[key]);
      if (checked instanceof McpSchema.CallToolResult) return checked;
      answers.push(checked);
      if (answers.length === list.length) return text(JSON.stringify(answers));
    }
    return new McpSchema.InputRequired({
      inputRequests: { [`step-${answers.length + 1}`]: inputRequest(list[answers.length]) },
      requestState: JSON.stringify(answers),
    });
  });

// Asks with `params` and renders the ElicitResult with `render`, on whichever revision the request
// came in.
const ask = (params, render) =>
  Effect.gen(function* () {
    const ctx = yield* McpSchema.McpRequestContext;
    if (ctx.protocolVersion === MODERN) {
      const answer = ctx.inputResponses?.[KEY];
      if (answer !== undefined) {
        const checked = yield* decodeAnswer(params, answer);
        return checked instanceof McpSchema.CallToolResult ? checked : render(checked);
      }
      return new McpSchema.InputRequired({ inputRequests: { [KEY]: inputRequest(params) } });
    }
    const session = yield* Effect.serviceOption(McpSchema.McpServerClient);
    if (Option.isNone(session)) return toolError('Effect provided no McpServerClient for this request');
    if (params.mode === 'url') {
      // The reverse client takes the request as Effect's model of it: the params decoded with
      // McpSchema.ElicitRequestURLParams, as McpServer.elicit decodes its form request.
      const exit = yield* Effect.exit(
        Schema.decodeUnknownEffect(McpSchema.ElicitRequestURLParams)(params).pipe(
          Effect.flatMap((request) => Effect.scoped(Effect.flatMap(session.value.getClient, (client) => client.elicit(request)))),
        ),
      );
      if (Exit.isSuccess(exit)) return render(exit.value);
      return toolError(messageOf(Cause.squash(exit.cause)));
    }
    let schema;
    try {
      schema = effectSchemaFor(params.requestedSchema);
    } catch (e) {
      return toolError(`Effect cannot import this JSON Schema: ${messageOf(e)}`);
    }
    const exit = yield* Effect.exit(
      McpServer.elicit({ message: params.message, schema }).pipe(Effect.provideService(McpSchema.McpServerClient, session.value)),
    );
    if (Exit.isSuccess(exit)) return render({ action: 'accept', content: exit.value });
    if (Cause.hasInterruptsOnly(exit.cause)) return render({ action: 'cancel' });
    const failure = Cause.findErrorOption(exit.cause);
    if (Option.isSome(failure) && failure.value._tag === 'ElicitationDeclined') {
      if (failure.value.cause === undefined) return render({ action: 'decline' });
      return toolError(messageOf(failure.value.cause));
    }
    return toolError(messageOf(Cause.squash(exit.cause)));
  });

const objectSchema = (properties, required) => ({ type: 'object', properties, required });

const registrations = Layer.effectDiscard(
  Effect.gen(function* () {
    const server = yield* McpServer.McpServer;
    const add = (name, description, inputSchema, handle) =>
      server.addTool({
        tool: new McpSchema.Tool({ name, description, inputSchema }),
        annotations: Context.empty(),
        handle: (payload) => handle(payload ?? {}),
      });

    yield* add(
      'elicit',
      'Sends elicitation/create with the given params and returns the result as JSON text.',
      objectSchema({ params: { type: 'object' } }, ['params']),
      ({ params }) => ask(params, (result) => text(JSON.stringify(result))),
    );

    yield* add(
      'elicit_sequence',
      'Asks with each of the given params in turn, one round each; returns the results.',
      objectSchema({ params: { type: 'array', items: { type: 'object' } } }, ['params']),
      ({ params }) => askMany(params, false),
    );
    yield* add(
      'elicit_together',
      'Asks with all of the given params at once; returns the results in order.',
      objectSchema({ params: { type: 'array', items: { type: 'object' } } }, ['params']),
      ({ params }) => askMany(params, true),
    );

    // The contract's prompt, through the McpServer service's addPrompt (McpServer.prompt's
    // registerPrompt wraps the handler's result into a GetPromptResult and cannot pass an
    // InputRequired through; addPrompt maps a tagged InputRequired to the 2026-07-28 outcome).
    yield* server.addPrompt({
      prompt: new McpSchema.Prompt({
        name: 'elicit_prompt',
        description: 'Elicits with the given params (JSON text) and returns the result as a user message.',
        arguments: [{ name: 'params', required: true }],
      }),
      completions: {},
      annotations: Context.empty(),
      handle: (args) =>
        Effect.gen(function* () {
          let params;
          try {
            params = JSON.parse(args?.params);
          } catch (e) {
            return yield* Effect.fail(new McpSchema.InvalidParams({ message: `params is not JSON: ${messageOf(e)}` }));
          }
          const out = yield* ask(params, (result) =>
            new McpSchema.GetPromptResult({
              messages: [{ role: 'user', content: McpSchema.TextContent.make({ text: JSON.stringify(result) }) }],
            }),
          );
          if (out instanceof McpSchema.CallToolResult) {
            return yield* Effect.fail(new McpSchema.InternalError({ message: out.content[0]?.text ?? 'elicitation failed' }));
          }
          return out;
        }),
    });

    yield* add(
      'require_url',
      'Fails with a -32042 URL elicitation required error listing the given elicitations.',
      objectSchema({ elicitations: { type: 'array', items: { type: 'object' } } }, ['elicitations']),
      ({ elicitations }) =>
        Effect.gen(function* () {
          const ctx = yield* McpSchema.McpRequestContext;
          if (ctx.protocolVersion === MODERN) {
            return yield* skipOrSay("Effect's McpServer has no API for the URL-elicitation-required error (-32042, retired in 2026-07-28); the adapter would be the one sending it");
          }
          // On the 2025 revisions the urlRequired middleware below answers this call first.
          return toolError('unreachable: the urlRequired middleware answers require_url');
        }),
    );

    yield* add(
      'complete',
      'Sends notifications/elicitation/complete for an elicitation id.',
      objectSchema({ elicitationId: { type: 'string' } }, ['elicitationId']),
      ({ elicitationId }) =>
        Effect.gen(function* () {
          const ctx = yield* McpSchema.McpRequestContext;
          yield* server.notifyElicitationComplete({ clientId: ctx.clientId, elicitationId });
          return text('{}');
        }),
    );

    // --- The official MCP conformance suite's elicitation tools (as its scenario texts describe
    // them), asked the same way as the elicit tool's form mode.
    const report = (prefix) => (result) =>
      text(`${prefix}: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    yield* add(
      'test_elicitation',
      'Asks the user for a username and an email address (official conformance suite).',
      objectSchema({ message: { type: 'string' } }, ['message']),
      ({ message }) =>
        ask(
          {
            mode: 'form',
            message,
            requestedSchema: objectSchema(
              {
                username: { type: 'string', description: "User's response" },
                email: { type: 'string', description: "User's email address" },
              },
              ['username', 'email'],
            ),
          },
          report('User response'),
        ),
    );
    yield* add(
      'test_elicitation_sep1034_defaults',
      'Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite).',
      { type: 'object', properties: {} },
      () =>
        ask(
          {
            mode: 'form',
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
          report('Elicitation completed'),
        ),
    );
    yield* add(
      'test_elicitation_sep1330_enums',
      'Asks for one field of each of the five SEP-1330 enum variants (official conformance suite).',
      { type: 'object', properties: {} },
      () =>
        ask(
          {
            mode: 'form',
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
          report('Elicitation completed'),
        ),
    );
  }),
);

// require_url on the 2025 revisions. A tool handler cannot answer with a JSON-RPC error of its
// choosing (its failures go out as -32602, an isError result, or -32603); McpServer's middleware
// can: "A middleware failure is sent as a JSON-RPC error with its `code`, `message` and `data`
// [...]: any numeric `code` is sent as is" (McpServer.middleware's documentation). So the -32042
// comes from a global middleware around tools/call of require_url, failing with Effect's JSON-RPC
// error class McpSchema.McpErrorBase.
const urlRequired = McpServer.middleware(
  (effect, { method, target, payload, requestContext }) =>
    method === 'tools/call' && target === 'require_url' && requestContext.protocolVersion !== MODERN
      ? Effect.fail(
          new McpSchema.McpErrorBase({
            code: -32042,
            message: 'This request requires more information.',
            data: { elicitations: payload?.arguments?.elicitations },
          }),
        )
      : effect,
  { global: true },
);

const serverOptions = {
  name: 'elicit-conform-effect-mcp-adapter',
  version: '0.1.0',
  protocols,
  registrations: Layer.mergeAll(registrations, urlRequired),
};

// --- stdio: Effect's Stdio service over this process's stdin and stdout (Stdio.make).
const stdioError = (method) => (cause) =>
  PlatformError.systemError({ _tag: 'Unknown', module: 'Stdio', method, cause });
const writeSink = (stream, method) =>
  Sink.forEach((chunk) =>
    Effect.callback((resume) => {
      stream.write(chunk, (err) => resume(err ? Effect.fail(stdioError(method)(err)) : Effect.void));
    }),
  );
const NodeStdio = Layer.succeed(
  Stdio.Stdio,
  Stdio.make({
    args: Effect.succeed(process.argv.slice(2)),
    stdin: Stream.fromAsyncIterable(process.stdin, stdioError('stdin')),
    stdout: () => writeSink(process.stdout, 'stdout'),
    stderr: () => writeSink(process.stderr, 'stderr'),
  }),
);

async function serveHttp(port) {
  const app = HttpRouter.toWebHandler(
    McpServer.layerHttp({ ...serverOptions, path: '/mcp' }).pipe(Layer.provide(HttpServer.layerServices)),
    { disableLogger: true },
  );
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
      const response = await app.handler(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        Readable.fromWeb(response.body).on('error', () => res.end()).pipe(res);
      } else {
        res.end();
      }
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(messageOf(e));
      else res.end();
    }
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
}

if (overHttp) {
  const port = Number(process.argv[httpAt + 1] ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('adapter: --http takes a port (0: any free port)\n');
    process.exit(2);
  }
  await serveHttp(port);
} else {
  Effect.runFork(Layer.launch(McpServer.layerStdio(serverOptions).pipe(Layer.provide(NodeStdio))));
}
