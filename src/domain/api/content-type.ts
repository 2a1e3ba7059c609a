/** What a request's Content-Type says of its body's characters (RFC 9110 8.3: type/subtype; name=value, a value maybe quoted). */

/** The charset parameter as written (lower case, unquoted), or null when there is none. */
export function declaredCharset(contentType: string): string | null {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...rest] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    return rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return null;
}

/** UTF-8 under the names the registry gives it (IANA: UTF-8; `utf8` as many clients write it). */
export const isUtf8 = (charset: string): boolean => charset === 'utf-8' || charset === 'utf8';
