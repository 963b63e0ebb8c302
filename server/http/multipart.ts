import busboy from 'busboy';
import { HttpError } from './errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Multipart uploads, read as a stream (busboy) under the rules of one form: which field files come in, how many
 * files, parts and text fields, how many bytes per file and in all. The first breach stops the reading: the rest
 * of the body is neither parsed nor kept, so a body of 194,000 empty parts or a file past its limit costs what
 * was read up to that point, not the whole body. Bad framing is the caller's 400 and another body type 415,
 * never a 500.
 *
 * A refusal before the body was read to its end answers with `Connection: close`: the client may still be sending
 * the rest, which the server will not read, so that connection must not carry the client's next request.
 */

export const NOT_MULTIPART_MESSAGE = (): string => m.server_not_multipart();
export const INVALID_MULTIPART_MESSAGE = (): string => m.server_invalid_multipart();
export const TOO_MANY_PARTS_MESSAGE = (): string => m.server_too_many_parts();
export const TEXT_FIELD_MESSAGE = (): string => m.server_text_field();

/** The header a refusal sets when it leaves part of the body unread. */
export const CLOSE_CONNECTION = { Connection: 'close' } as const;

export interface UploadFormRules {
  /** The one field that files may come in; a file in any other field is refused. */
  field: string;
  maxFiles: number;
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** The whole body, multipart framing included. */
  maxBodyBytes: number;
  /** Parts of any kind, including parts without a usable Content-Disposition (which carry nothing). */
  maxParts: number;
  /** Parts that are text fields rather than files. */
  maxFields: number;
  /** The form's own words for a file or a body over its limit (answered as 413), read when a request is refused,
   * so that they are in that request's language. */
  tooLargeMessage(): string;
  /** The form's own answer to more than `maxFiles` files. */
  tooManyFiles(): HttpError;
}

/** A form of one file in `field` and nothing else, under `maxFileBytes`, its body under 6 MiB. */
export function oneFileForm(
  form: Pick<UploadFormRules, 'field' | 'maxFileBytes' | 'tooLargeMessage' | 'tooManyFiles'>,
): UploadFormRules {
  return { ...form, maxFiles: 1, maxBodyBytes: 6 * 1024 * 1024, maxParts: 1, maxFields: 0 };
}

export interface UploadedFile {
  bytes: Buffer;
  /** As the client named and typed it: informative only, never trusted (images are sniffed by content). */
  filename: string;
  mimeType: string;
}

export interface UploadForm {
  /** In the order they were sent. */
  files: UploadedFile[];
  fields: { name: string; value: string }[];
}

// A text field a form takes (none takes one today) is a short value, not a document.
const FIELD_MAX_BYTES = 1024;
// Content-Disposition and Content-Type, with room to spare; busboy's default is 2000 per part.
const PART_HEADER_PAIRS_MAX = 20;

/** A refusal that stops the reading half-way. */
function stopped(status: 400 | 413, message: string, errors?: Record<string, string[]>): HttpError {
  return new HttpError(status, message, { headers: { ...CLOSE_CONNECTION }, ...(errors ? { errors } : {}) });
}

export function tooLargeBody(rules: Pick<UploadFormRules, 'tooLargeMessage'>): HttpError {
  return stopped(413, rules.tooLargeMessage());
}

/** The declared Content-Length, when there is a valid one. */
export function declaredLength(request: Request): number | undefined {
  const header = request.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * Reads an upload form under `rules`. Throws an HttpError for another body type (415), broken framing (400), a
 * breach of the rules (400, or 413 for bytes), and the form's own `tooManyFiles()`. The files are kept in memory:
 * the rules bound them to `maxFiles * maxFileBytes`.
 */
export async function readUploadForm(request: Request, rules: UploadFormRules): Promise<UploadForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new HttpError(415, NOT_MULTIPART_MESSAGE(), { headers: { ...CLOSE_CONNECTION } });
  }
  if ((declaredLength(request) ?? 0) > rules.maxBodyBytes) throw tooLargeBody(rules);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: {
        files: rules.maxFiles,
        fileSize: rules.maxFileBytes,
        fields: rules.maxFields,
        fieldSize: FIELD_MAX_BYTES,
        // busboy counts the closing boundary as the end of a part, and says so when the count reaches the
        // limit: one more than the parts allowed is the first that breaks the rule.
        parts: rules.maxParts + 1,
        headerPairs: PART_HEADER_PAIRS_MAX,
      },
    });
  } catch {
    // No boundary, or one busboy cannot use.
    throw stopped(400, INVALID_MULTIPART_MESSAGE());
  }

  const form: UploadForm = { files: [], fields: [] };
  let breach: HttpError | undefined;
  const refuse = (error: HttpError) => {
    breach ??= error;
  };

  parser.on('file', (name, stream, info) => {
    // Files that break a rule are drained and dropped; the breach stops the reading right after this chunk.
    stream.on('error', () => undefined);
    if (name !== rules.field) {
      refuse(
        stopped(400, `Please send the image in the form field "${rules.field}".`, { [name]: ['Unexpected field'] }),
      );
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    const file: UploadedFile = { bytes: Buffer.alloc(0), filename: info.filename ?? '', mimeType: info.mimeType };
    form.files.push(file);
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => refuse(tooLargeBody(rules)));
    stream.on('end', () => {
      file.bytes = Buffer.concat(chunks);
    });
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) refuse(stopped(413, `The form field "${name}" is too long.`));
    form.fields.push({ name, value });
  });
  parser.on('fieldsLimit', () => refuse(stopped(400, TEXT_FIELD_MESSAGE(), { [rules.field]: [TEXT_FIELD_MESSAGE()] })));
  parser.on('filesLimit', () => {
    const { status, message, errors } = rules.tooManyFiles();
    refuse(new HttpError(status, message, { headers: { ...CLOSE_CONNECTION }, ...(errors ? { errors } : {}) }));
  });
  parser.on('partsLimit', () => refuse(stopped(400, TOO_MANY_PARTS_MESSAGE())));
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', (error) => {
      // Malformed framing: whatever busboy says is the client's 400.
      refuse(stopped(400, INVALID_MULTIPART_MESSAGE()));
      reject(error);
    });
  });
  // Read errors surface through `finished`; this keeps an early one from counting as unhandled meanwhile.
  finished.catch(() => undefined);

  const reader = request.body?.getReader();
  if (!reader) throw stopped(400, INVALID_MULTIPART_MESSAGE());
  let bytesRead = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytesRead += value.byteLength;
      if (bytesRead > rules.maxBodyBytes) refuse(tooLargeBody(rules));
      else if (!parser.write(value)) await waitForDrain(parser, finished);
      if (breach) break;
    }
    if (!breach) {
      parser.end();
      await finished;
    }
  } catch {
    // A framing error (already refused above) or a connection that broke off.
    refuse(stopped(400, INVALID_MULTIPART_MESSAGE()));
  }
  if (breach) {
    parser.destroy();
    await reader.cancel().catch(() => undefined);
    throw breach;
  }
  return form;
}

/** Waits for the parser to take more bytes, or for it to fail (whichever comes first). */
function waitForDrain(parser: busboy.Busboy, finished: Promise<void>): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => parser.once('drain', resolve)), finished]);
}
