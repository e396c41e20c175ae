// Media: the ClearKey licence server (under the API base, /api) and the addresses the browser loads
// by itself outside the API (`mediaSitePaths`): protected stream playlists and segments, the hosted
// player page, and course images.
import { Type } from '@sinclair/typebox';
import { Binary, failures, Id, IdParams, NoBody, type RouteContract } from './common';
import { mediaPaths, mediaSitePaths } from './paths';

/** A W3C ClearKey licence request (EME): the key ids the player needs, base64url. */
export const ClearKeyRequest = Type.Object({
  kids: Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }), { minItems: 1, maxItems: 16 }),
  type: Type.Optional(Type.String({ maxLength: 40 })),
});

/** A W3C ClearKey licence (a JSON Web Key set); not in the { data } envelope, as EME reads it directly. */
export const ClearKeyLicence = Type.Object({
  keys: Type.Array(Type.Object({ kty: Type.Literal('oct'), kid: Type.String(), k: Type.String() })),
  type: Type.String(),
});

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 512 })) });
const Html = Binary('text/html');
const StreamBytes = Binary('application/vnd.apple.mpegurl, application/dash+xml, video/mp2t, video/iso.segment or video/mp4');
const ImageBytes = Binary('image/jpeg, image/png or image/webp');

export const mediaContract = {
  clearKey: {
    method: 'POST',
    url: mediaPaths.clearKey,
    // The DRM token in x-drm-token is the authority (the player's licence request carries no session).
    config: { access: 'public' },
    schema: {
      params: IdParams('contentId'),
      headers: Type.Object({ 'x-drm-token': Type.Optional(Type.String({ maxLength: 512 })) }),
      response: { 200: ClearKeyLicence, ...failures({ 400: ['invalidLicenceRequest'], 403: ['drmTokenInvalid'], 404: ['notInBatch', 'unknownKey'] }) },
    },
  },
} satisfies Record<string, RouteContract>;

export const mediaSiteContract = {
  stream: {
    method: 'GET',
    url: mediaSitePaths.stream,
    // The stream token in the query is the authority: bound to one student and one video, short-lived.
    config: { access: 'public' },
    schema: {
      params: Type.Object({ contentId: Id, file: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*\\.(m3u8|mpd|ts|m4s|mp4)$', maxLength: 120 }) }),
      querystring: TokenQuery,
      response: { 200: StreamBytes, 206: StreamBytes, 416: NoBody, ...failures(400, { 403: ['streamTokenInvalid'], 404: ['notInBatch', 'notFound'] }) },
    },
  },
  embed: {
    method: 'GET',
    url: mediaSitePaths.embed,
    config: { access: 'public' },
    // A page either way: the player, or (403) a page saying the link expired.
    schema: { params: IdParams('contentId'), querystring: TokenQuery, response: { 200: Html, 403: Html, ...failures(400) } },
  },
  image: {
    method: 'GET',
    url: mediaSitePaths.image,
    config: { access: 'public' },
    schema: {
      params: Type.Object({ name: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*\\.(jpg|jpeg|png|webp)$', maxLength: 120 }) }),
      response: { 200: ImageBytes, 206: ImageBytes, 416: NoBody, ...failures(400, { 404: ['notFound'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
