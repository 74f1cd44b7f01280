/**
 * Malformed percent-encodings, to be sent raw, of both kinds RFC 3986 §2.1 and RFC 3629 rule out: a "%" not
 * followed by two hex digits (before a non-hex digit, cut short, alone at the end), and well-formed escapes whose
 * octets are no UTF-8 (a lead byte before a non-continuation byte, a byte UTF-8 never uses). A server may refuse
 * them (4xx) or read them leniently; a decoder that throws on them (decodeURIComponent, a strict UTF-8 decoder)
 * answers 5xx, which no input may cause.
 */
export const BAD_PERCENT_ENCODINGS: ReadonlyArray<{ label: string; raw: string }> = [
  { label: '"%" not followed by two hex digits', raw: '%zz-conform%4%' },
  { label: 'escapes that decode to invalid UTF-8', raw: '%C3%28-conform%FF' },
];
