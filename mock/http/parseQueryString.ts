/**
 * A query string as Express's 'simple' query parser reads it: Node's `querystring.parse`, ported here so the
 * lifecycle imports no `node:` module (it runs in a browser too) and every mount reads a query alike. `+` is
 * a space, a name given twice makes a list, at most 1000 pairs are read, the result has no prototype (a
 * `__proto__` parameter is an ordinary key), and a value that is not valid percent-encoded UTF-8 is decoded
 * byte by byte as Node does (`querystring.unescapeBuffer`). mock/http/parseQueryString.test.ts holds it to
 * Node's own on generated strings.
 */
export function parseQueryString(qs: string): Record<string, string | string[]> {
  const obj = Object.create(null) as Record<string, string | string[]>;
  if (qs.length === 0) return obj;
  let pairs = MAX_PAIRS;
  let lastPos = 0;
  let eqSeen = false;
  let key = '';
  let value = '';
  let keyEncoded = false;
  let valEncoded = false;
  // How much of a `%XX` has been seen: only a name or value that holds one is decoded at all.
  let encodeCheck = 0;
  for (let i = 0; i < qs.length; ++i) {
    const code = qs.charCodeAt(i);
    if (code === AMP) {
      if (!eqSeen) {
        if (lastPos < i) key += qs.slice(lastPos, i);
        else if (key.length === 0) {
          // An empty pair (`a=1&&b=2`) counts toward the limit but is no key.
          if (--pairs === 0) return obj;
          lastPos = i + 1;
          continue;
        }
      } else if (lastPos < i) value += qs.slice(lastPos, i);
      addKeyVal(obj, key, value, keyEncoded, valEncoded);
      if (--pairs === 0) return obj;
      keyEncoded = valEncoded = false;
      key = value = '';
      encodeCheck = 0;
      lastPos = i + 1;
      eqSeen = false;
      continue;
    }
    if (!eqSeen) {
      if (code === EQ) {
        eqSeen = true;
        if (lastPos < i) key += qs.slice(lastPos, i);
        encodeCheck = 0;
        lastPos = i + 1;
        continue;
      }
      if (!keyEncoded) {
        if (code === PERCENT) {
          encodeCheck = 1;
          continue;
        } else if (encodeCheck > 0) {
          if (hexValue(code) >= 0) {
            if (++encodeCheck === 3) keyEncoded = true;
            continue;
          }
          encodeCheck = 0;
        }
      }
      if (code === PLUS) {
        if (lastPos < i) key += qs.slice(lastPos, i);
        key += ' ';
        lastPos = i + 1;
        continue;
      }
    }
    if (code === PLUS) {
      if (lastPos < i) value += qs.slice(lastPos, i);
      value += ' ';
      lastPos = i + 1;
    } else if (!valEncoded) {
      if (code === PERCENT) encodeCheck = 1;
      else if (encodeCheck > 0) {
        if (hexValue(code) >= 0) {
          if (++encodeCheck === 3) valEncoded = true;
        } else encodeCheck = 0;
      }
    }
  }
  if (lastPos < qs.length) {
    if (!eqSeen) key += qs.slice(lastPos);
    else value += qs.slice(lastPos);
  } else if (!eqSeen && key.length === 0) {
    return obj;
  }
  addKeyVal(obj, key, value, keyEncoded, valEncoded);
  return obj;
}

const MAX_PAIRS = 1000;
const AMP = 38;
const EQ = 61;
const PERCENT = 37;
const PLUS = 43;

function addKeyVal(obj: Record<string, string | string[]>, key: string, value: string, keyEncoded: boolean, valEncoded: boolean): void {
  if (key.length > 0 && keyEncoded) key = decode(key);
  if (value.length > 0 && valEncoded) value = decode(value);
  const current = obj[key];
  if (current === undefined) obj[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else obj[key] = [current, value];
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return unescapeBytes(s);
  }
}

// As Buffer#toString: invalid sequences become U+FFFD, and a byte order mark stays.
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Node's querystring.unescapeBuffer, then UTF-8: each valid `%XX` is a byte, every other character its low byte. */
function unescapeBytes(s: string): string {
  const out = new Uint8Array(s.length);
  let index = 0;
  let outIndex = 0;
  const maxLength = s.length - 2;
  while (index < s.length) {
    let current = s.charCodeAt(index);
    if (current === PLUS) {
      out[outIndex++] = 32;
      index++;
      continue;
    }
    if (current === PERCENT && index < maxLength) {
      current = s.charCodeAt(++index);
      const high = hexValue(current);
      if (high < 0) {
        out[outIndex++] = PERCENT;
        continue;
      }
      const low = hexValue(s.charCodeAt(++index));
      if (low < 0) {
        out[outIndex++] = PERCENT;
        index--;
      } else current = high * 16 + low;
    }
    out[outIndex++] = current;
    index++;
  }
  return UTF8.decode(out.subarray(0, outIndex));
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}
