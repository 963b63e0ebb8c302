import { HttpError } from './errors';

/**
 * The form of a multipart upload: 415 when the body is another type, 400 when it cannot be parsed, so a
 * broken upload is the caller's 4xx and never a 500.
 */
export async function readMultipartForm(request: Request): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '')) {
    throw new HttpError(415, 'Request body must be multipart/form-data');
  }
  try {
    return await request.formData();
  } catch {
    throw new HttpError(400, 'Request body must be valid multipart/form-data');
  }
}
