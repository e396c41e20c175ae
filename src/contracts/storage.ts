// Uploaded files: a signed, expiring upload link per file, the upload itself (a PUT of the raw bytes
// to that link), and stored files by key. Paths are relative to the API base (/api); stored files
// are also served at the same path outside the API (/media/files/{key}) for media tags and links.
import { Type, type Static } from '@sinclair/typebox';
import { Binary, Data, failures, type RouteContract } from './common';
import { storagePaths } from './paths';

/** Where to PUT the file (an address with its signature, relative to the server) and its key. */
export const SignedUpload = Type.Object({ signedUrl: Type.String(), key: Type.String() });
export type SignedUpload = Static<typeof SignedUpload>;

export const StoredFile = Type.Object({ key: Type.String(), url: Type.String(), mimeType: Type.String(), size: Type.Number() });
export type StoredFile = Static<typeof StoredFile>;

const FileBytes = Binary('the stored type: image/jpeg, image/png, application/pdf, audio/mpeg, audio/wav or audio/webm');

export const storageContract = {
  signedRequest: {
    method: 'GET',
    url: storagePaths.signedRequest,
    config: { access: 'any' },
    schema: {
      querystring: Type.Object({ mimeType: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
      response: { 200: Data(SignedUpload), ...failures(401, { 400: ['fileTypeNotAllowed'] }) },
    },
  },
  upload: {
    method: 'PUT',
    url: storagePaths.upload,
    // The link's signature is the authority: it names the key, the owner, the type and the expiry.
    config: { access: 'public' },
    schema: {
      params: Type.Object({ key: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
      querystring: Type.Object(
        { expires: Type.String({ maxLength: 20 }), owner: Type.String({ maxLength: 64 }), type: Type.String({ maxLength: 100 }), signature: Type.String({ maxLength: 128 }) },
        { additionalProperties: false },
      ),
      // 413 also when the student's file space is used up; 429 over the upload rate; 503 and 507 when
      // the storage directory cannot be written or is full.
      response: { 201: Data(StoredFile), ...failures({ 400: ['uploadTypeMismatch', 'uploadEmpty', 'uploadContentMismatch'], 403: ['uploadLinkExpired', 'uploadLinkInvalid'], 409: ['uploadExists'], 413: ['fileTooLarge', 'uploadQuotaExceeded'], 429: ['tooManyUploads'], 503: ['storageUnavailable'], 507: ['storageFull'] }) },
    },
  },
  file: {
    method: 'GET',
    url: storagePaths.file,
    config: { access: 'public' },
    schema: {
      params: Type.Object({ key: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
      response: { 200: FileBytes, 206: FileBytes, ...failures(400, { 404: ['fileNotFound'], 416: ['rangeNotSatisfiable'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
