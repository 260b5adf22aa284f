/**
 * The e-mail address check of the form and the auth forms, on the server and in the browser alike: joi's
 * `string().email({ tlds: false })` without joi. It is @hapi/address 5.1.1's `isEmailValid` (the function
 * joi 18 calls) with joi's options fixed: no TLD list, at least two domain segments, Unicode allowed, the
 * RFC 5321 length limits. Ported from node_modules/@hapi/address/src/{email,domain}.ts (BSD-3-Clause,
 * Copyright (c) 2019-2022, Sideway, Inc. and Project contributors; see NOTICE).
 *
 * What it accepts: dot-atoms (RFC 5321) in the local part, with UTF-8 (RFC 6531); a domain of at least two
 * LDH labels whose last one starts with a letter, after IDNA (punycode) through the WHATWG URL parser.
 * What it refuses: quoted local parts, IP literals ("[1.2.3.4]") and bare IPs (the last label is numeric),
 * empty dot segments (leading, trailing or double dots), a trailing dot on the domain, addresses over 254
 * characters, local parts over 64 UTF-8 bytes, labels over 63 characters, domains over 256.
 *
 * The one thing it takes from the runtime is the domain's IDNA step (the WHATWG URL parser: Node's on the
 * server, the browser's in the cards and the form); test/unit/validation.test.ts holds the port to joi on a
 * table of addresses and on generated strings. Should a browser's URL parser ever differ, the server still
 * decides: the browser's check only decides when a message shows before the request.
 */

const NON_ASCII_RX = /[^\x00-\x7f]/;
const ATEXT_RX = /^[\w!#$%&'*+\-/=?^`{|}~]+$/;
const DOMAIN_CONTROL_RX = /[\x00-\x20@:/\\#!$&'()*+,;=?]/;
const TLD_SEGMENT_RX = /^[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const DOMAIN_SEGMENT_RX = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;

/** RFC 6531 UTF8-non-ascii, matched against a character's UTF-8 bytes written as one char per byte. */
const ATOM_RX = new RegExp(
  [
    '(?:[\\xc2-\\xdf][\\x80-\\xbf])',
    '(?:\\xe0[\\xa0-\\xbf][\\x80-\\xbf])|(?:[\\xe1-\\xec][\\x80-\\xbf]{2})|(?:\\xed[\\x80-\\x9f][\\x80-\\xbf])|(?:[\\xee-\\xef][\\x80-\\xbf]{2})',
    '(?:\\xf0[\\x90-\\xbf][\\x80-\\xbf]{2})|(?:[\\xf1-\\xf3][\\x80-\\xbf]{3})|(?:\\xf4[\\x80-\\x8f][\\x80-\\xbf]{2})',
  ].join('|'),
);

const encoder = new TextEncoder();

function utf8Binary(char: string): string {
  return Array.from(encoder.encode(char), (byte) => String.fromCharCode(byte)).join('');
}

function localIsValid(local: string, ascii: boolean): boolean {
  for (const segment of local.split('.')) {
    if (!segment.length) return false;
    if (ascii) {
      if (!ATEXT_RX.test(segment)) return false;
      continue;
    }
    for (const char of segment) {
      if (!ATEXT_RX.test(char) && !ATOM_RX.test(utf8Binary(char))) return false;
    }
  }
  return true;
}

/** IDNA to ASCII the way @hapi/address does it: the URL parser's host, or the text itself when it is no host. */
function punycode(domain: string): string {
  try {
    return new URL(`http://${domain.replace(/%/g, '%25')}`).host;
  } catch {
    return domain;
  }
}

function domainIsValid(domain: string): boolean {
  if (!domain || domain.length > 256) return false;
  if (NON_ASCII_RX.test(domain)) domain = domain.normalize('NFC');
  if (DOMAIN_CONTROL_RX.test(domain)) return false;
  const segments = punycode(domain).split('.');
  if (segments.length < 2) return false;
  return segments.every(
    (segment, i) =>
      segment.length > 0 && segment.length <= 63 && (i < segments.length - 1 ? DOMAIN_SEGMENT_RX : TLD_SEGMENT_RX).test(segment),
  );
}

/** True when joi's `string().email({ tlds: false })` accepts this (non-empty) string. */
export function isEmailAddress(email: string): boolean {
  if (!email) return false;
  const ascii = !NON_ASCII_RX.test(email);
  if (!ascii) email = email.normalize('NFC');
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!local || email.length > 254 || encoder.encode(local).length > 64) return false;
  return localIsValid(local, ascii) && domainIsValid(domain);
}
