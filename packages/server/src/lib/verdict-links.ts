/**
 * The verdict link in each scheduled lead file's mail (docs/api/verdicts.md): the client opens it,
 * without an account, and gives its verdicts on that file's leads. The link names the file, its
 * client and when it expires, signed with HMAC-SHA256 under the server's secret; nothing of it is
 * stored, so a link cannot be revoked, only outlived.
 *
 * `v1.{file id}.{client id}.{expiry, Unix seconds}.{signature, base64url}`
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { VERDICT_LINK_PATTERN } from '@lead/contract/api';

const SHAPE = new RegExp(VERDICT_LINK_PATTERN);

export interface VerdictLink {
  fileId: number;
  clientId: number;
  expiresAt: Date;
}

const signature = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(`verdict-link:${text}`).digest('base64url');

/** The link's token for a file of a client's, good until `expiresAt` (to the second). */
export function signVerdictLink(secret: string, link: VerdictLink): string {
  const text = `v1.${link.fileId}.${link.clientId}.${Math.floor(link.expiresAt.getTime() / 1000)}`;
  return `${text}.${signature(secret, text)}`;
}

/**
 * What a token says, once its signature is checked: `malformed` (not a token's shape), `forged`
 * (not signed by this server, or altered), `expired` (signed, past its expiry), or the link.
 */
export function readVerdictLink(
  secret: string,
  token: string,
  now: Date,
): VerdictLink | 'malformed' | 'forged' | 'expired' {
  if (!SHAPE.test(token)) return 'malformed';
  const cut = token.lastIndexOf('.');
  const text = token.slice(0, cut);
  // Compared as text, not as decoded bytes: base64url's last character carries two bits that
  // decoding drops, so four spellings of one signature would otherwise all pass.
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(signature(secret, text));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  const [, file, client, expiry] = text.split('.');
  const expiresAt = new Date(Number(expiry) * 1000);
  if (now.getTime() > expiresAt.getTime()) return 'expired';
  return { fileId: Number(file), clientId: Number(client), expiresAt };
}
