import type { Context } from 'hono';
import * as v from 'valibot';
import { HttpError } from './errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Reads a JSON request body and checks it against a shared domain schema, so the server enforces exactly the
 * rules (and messages) the forms show. Any problem is a 4xx HttpError, never a 500.
 */

export const INVALID_JSON_MESSAGE = (): string => m.server_invalid_json();
export const JSON_CONTENT_TYPE_MESSAGE = (): string => m.server_json_content_type();
export const BODY_NOT_OBJECT_MESSAGE = (): string => m.server_body_not_object();
export const NUL_CHARACTER_MESSAGE = (): string => m.server_nul_character();
export const LONE_SURROGATE_MESSAGE = (): string => m.server_lone_surrogate();

const NUL = '\u0000';
/** Half of a UTF-16 pair without its other half: JSON can spell one (`"\ud800"`), no UTF-8 text can hold it. */
const LONE_SURROGATE = /\p{Cs}/u;

class UnstorableText extends Error {
  constructor(readonly userMessage: () => string) {
    super('unstorable text');
  }
}

/**
 * Characters no text may hold, refused here, once for every JSON endpoint and in keys as in values, so that no field
 * can carry one down to the database: PostgreSQL cannot store a NUL in text or jsonb (a 500), and a lone surrogate
 * fails in jsonb (a 500) and is silently turned into U+FFFD in text.
 */
function refuseUnstorable(key: string, value: unknown): unknown {
  for (const text of typeof value === 'string' ? [key, value] : [key]) {
    if (text.includes(NUL)) throw new UnstorableText(NUL_CHARACTER_MESSAGE);
    if (LONE_SURROGATE.test(text)) throw new UnstorableText(LONE_SURROGATE_MESSAGE);
  }
  return value;
}

/**
 * Every text a client sends: nothing unstorable (see above), and in Unicode's composed form (NFC), so that the same
 * name typed on two keyboards (é as one code point or as e and an accent) is stored, compared and searched as one.
 */
function readText(key: string, value: unknown): unknown {
  const checked = refuseUnstorable(key, value);
  return typeof checked === 'string' ? checked.normalize('NFC') : checked;
}

export async function readJsonBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, JSON_CONTENT_TYPE_MESSAGE());
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text(), readText);
  } catch (error) {
    throw new HttpError(400, error instanceof UnstorableText ? error.userMessage() : INVALID_JSON_MESSAGE());
  }
  return parseWith(schema, body);
}

/** Validates a value; on failure a 400 whose message is the first issue's and whose errors map path -> messages. */
export function parseWith<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const messages = result.issues.map((issue) => ({
    path: v.getDotPath(issue) ?? 'body',
    message: messageFor(schema, issue),
  }));
  // A Map, not an object literal: a body's keys name these paths, and a key such as `constructor` or `__proto__`
  // would find Object.prototype's member in a plain object instead of an empty slot.
  const byPath = new Map<string, string[]>();
  for (const { path, message } of messages) byPath.set(path, [...(byPath.get(path) ?? []), message]);
  throw new HttpError(400, messages[0]?.message ?? BODY_NOT_OBJECT_MESSAGE(), { errors: Object.fromEntries(byPath) });
}

/**
 * valibot reports a missing key with a generic "Invalid key" text; the field's own schema knows the spec's
 * message ("Full name is required"), so ask it. Unknown keys and a non-object body get plain words too.
 */
function messageFor(root: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const last = path.at(-1);
  if (path.length === 0 && issue.kind === 'schema') return BODY_NOT_OBJECT_MESSAGE();
  if (issue.kind !== 'schema' || last?.origin !== 'key') return issue.message;
  if (issue.expected === 'never') return `Unknown field: ${String(last.key)}`;
  if (issue.received !== 'undefined') return issue.message;
  let schema: unknown = root;
  for (const item of path) schema = entryOf(schema, item.key);
  if (!schema) return issue.message;
  const own = v.safeParse(schema as v.GenericSchema, undefined);
  return own.success ? issue.message : (own.issues[0]?.message ?? issue.message);
}

function entryOf(schema: unknown, key: unknown): unknown {
  let current = schema;
  while (current && typeof current === 'object' && 'wrapped' in current) current = current.wrapped;
  if (!current || typeof current !== 'object' || !('entries' in current) || typeof key !== 'string') return undefined;
  const entries = current.entries as Record<string, unknown>;
  return Object.hasOwn(entries, key) ? entries[key] : undefined;
}
