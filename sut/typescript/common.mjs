// Shared by both adapters: the SDK loader, feature detection, and the SKIP signal.
//
// The adapters import the SDK by its documented package paths. Which copy of the SDK they get is
// decided by Node's ordinary resolution: the node_modules folder beside the adapter file (the
// version matrix copies these files next to each installed version).

import * as types from '@modelcontextprotocol/sdk/types.js';

export { types };

// Status 77 is the automake / ctest convention for "this test was skipped". An adapter exits
// with it, after one line `elicit-conform: SKIP: <reason>` on stderr, when the SDK under test has
// no API for what the case needs. It never does so to hide what the SDK does.
export const SKIP_STATUS = 77;

export function skip(reason) {
  process.stderr.write(`elicit-conform: SKIP: ${reason}\n`);
  process.exit(SKIP_STATUS);
}

// The same for every case at the revision this process was started for: the harness then starts
// the adapter for no other case at that revision (docs/adapter-contract.md).
export function skipRevision(reason) {
  process.stderr.write(`elicit-conform: SKIP-REVISION: ${reason}\n`);
  process.exit(SKIP_STATUS);
}

export function env(name, fallback) {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
}

export function parseJsonEnv(name, fallback) {
  const raw = env(name, undefined);
  if (raw === undefined) return fallback;
  try {
    return JSON.parse(raw);
  } catch (e) {
    process.stderr.write(`adapter: ${name} is not JSON: ${e.message}\n`);
    process.exit(2);
  }
}

// What the installed SDK offers, found by feature (never by version number).
export const features = {
  // The revisions the SDK can negotiate.
  revisions: Array.isArray(types.SUPPORTED_PROTOCOL_VERSIONS) ? types.SUPPORTED_PROTOCOL_VERSIONS : [],
  // URL-mode elicitation (2025-11-25): the request params schema for URL mode.
  urlElicitation: types.ElicitRequestURLParamsSchema !== undefined,
  // The -32042 error class.
  urlRequiredError: typeof types.UrlElicitationRequiredError === 'function',
  // notifications/elicitation/complete as a schema (the server's notifier is checked on the instance).
  completeNotification: types.ElicitationCompleteNotificationSchema !== undefined,
};

// Where the SDK's client capability carries its SEP-1034 "apply defaults" switch, if it has one:
// 'form' (elicitation.form.applyDefaults, 1.24 on), 'top' (elicitation.applyDefaults, 1.22) or
// null. Found by feature: the SDK's own capability schema types the flag as a boolean, so a
// string there fails to parse exactly where the SDK knows the flag.
export function applyDefaultsPlacement() {
  const schema = types.ClientCapabilitiesSchema;
  if (!schema || typeof schema.safeParse !== 'function') return null;
  const rejects = (elicitation) => !schema.safeParse({ elicitation }).success;
  if (rejects({ form: { applyDefaults: 'not a boolean' } })) return 'form';
  if (rejects({ applyDefaults: 'not a boolean' })) return 'top';
  return null;
}

export function requireRevision(revision) {
  if (revision && !features.revisions.includes(revision)) {
    skipRevision(`SDK has no API for protocol revision ${revision} (its latest is ${features.revisions[0]})`);
  }
}
