/**
 * The token of an `Authorization: Bearer <token>` value (spec §7 sends the stored token that way),
 * read by the HTTP session hook, the local-caller check and the socket handshake alike.
 */

/**
 * `Authorization: Bearer <token>` → token ('' when empty); anything else (no header, another
 * scheme such as Basic from a proxy) → null.
 */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  if (!match) return null;
  return match[1] ?? '';
}
