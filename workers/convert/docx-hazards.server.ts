/**
 * What a .docx may not hold (ADR 0060). LibreOffice follows links while it converts: a picture whose
 * relationship is `TargetMode="External"`, or an INCLUDEPICTURE field, makes it fetch a URL (or read a
 * local file into the PDF). Such documents are refused before LibreOffice ever sees them; the no-network
 * sandbox around LibreOffice is the second line, not the first.
 *
 * Every part of the package is inspected, not only word/: the main document is wherever _rels/.rels
 * points, so a benign word/document.xml proves nothing about the part LibreOffice actually opens.
 */

export const DOCX_MESSAGES = {
  external:
    'This Word document links to pictures or files stored outside it, which we do not fetch. Please insert the pictures into the document (or save it as PDF) and upload it again.',
  fields:
    'This Word document contains fields that pull in content from other files or programs (INCLUDEPICTURE, INCLUDETEXT, LINK or DDE). Please remove them (or save the document as PDF) and upload it again.',
  objects:
    'This Word document contains embedded objects or controls (OLE or ActiveX). Please remove them (or save the document as PDF) and upload it again.',
  macros: 'This Word document contains macros. Please save it as a Word document without macros (.docx), or as PDF, and upload it again.',
} as const;

/** Field instructions that bring in other files, programs or URLs (the field name is the first word). */
const LINKING_FIELDS = new Set(['INCLUDEPICTURE', 'INCLUDETEXT', 'INCLUDE', 'IMPORT', 'LINK', 'DDE', 'DDEAUTO', 'EMBED']);

/** Relationship types that mean an OLE object, an ActiveX control or an imported foreign document. */
const OBJECT_RELATIONSHIP = /\/(oleObject|activeXControl|activeXControlBinary|control|package|aFChunk|subDocument)"?$/i;
const MACRO_RELATIONSHIP = /\/(vbaProject|vbaData|keyMapCustomizations|wordVbaData)"?$/i;
const HYPERLINK_RELATIONSHIP = /\/officeDocument\/2006\/relationships\/hyperlink$/;
/** Hyperlinks stay links in the PDF (whose URI actions are stripped, see strip-active-content) and are never fetched; other schemes are refused. */
const SAFE_HYPERLINK_TARGET = /^(https?:|mailto:)/i;

export interface PackagePart {
  name: string;
  /** Decoded text of every part that is markup, whatever its name; null for binary parts. */
  text: string | null;
}

/** XML in UTF-8 or UTF-16 (either byte order) as a string, so no encoding hides a field from the checks. */
export function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return swap16(bytes.subarray(2)).toString('utf16le');
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return bytes.toString('utf16le');
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return swap16(bytes).toString('utf16le');
  return bytes.toString('utf8');
}

function swap16(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return copy.swap16();
}

/** Character and entity references resolved, so `&#73;NCLUDEPICTURE` reads as what Word would see. */
function unescapeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Math.min(0x10ffff, parseInt(hex, 16))))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Math.min(0x10ffff, parseInt(dec, 10))))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return match ? unescapeXml(match[2] ?? match[3] ?? '') : null;
}

/** The part a .rels file describes: word/_rels/document.xml.rels → word/document.xml. */
function sourcePartOf(relsName: string): string {
  const match = /^(.*?)_rels\/([^/]+)\.rels$/.exec(relsName);
  return match ? `${match[1]}${match[2]}` : '';
}

const RESULT = Symbol('field result');

/** A start tag's attributes, quoted values included: a ">" inside a value must not end the tag early. */
const ATTRIBUTES = `(?:[^>"']|"[^"]*"|'[^']*')*`;

/**
 * Field instructions as Word assembles them: everything between a field's begin and separate (or end)
 * marks, however many runs the instruction is split across, plus every fldSimple's `instr`.
 */
export function fieldInstructions(xml: string): string[] {
  const found: string[] = [];
  for (const match of xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?fldSimple\\b${ATTRIBUTES}>`, 'g'))) {
    const instr = attribute(match[0], '(?:[\\w.-]+:)?instr');
    if (instr !== null) found.push(instr);
  }
  // One entry per open field: its instruction so far, or RESULT once its separate mark has passed.
  const open: Array<string | typeof RESULT> = [];
  const token = new RegExp(
    `<(?:[\\w.-]+:)?fldChar\\b${ATTRIBUTES}>|<((?:[\\w.-]+:)?instrText)\\b${ATTRIBUTES}?(?:\\/>|>([\\s\\S]*?)<\\/\\1\\s*>)`,
    'g',
  );
  for (const match of xml.matchAll(token)) {
    if (match[1] !== undefined) {
      const text = unescapeXml(match[2] ?? '');
      const top = open.length - 1;
      if (top >= 0 && open[top] !== RESULT) open[top] = (open[top] as string) + text;
      else found.push(text); // instruction text outside an instruction: judged on its own
      continue;
    }
    const type = attribute(match[0], '(?:[\\w.-]+:)?fldCharType');
    if (type === 'begin') open.push('');
    else if (type === 'separate' || type === 'end') {
      const current = open.pop();
      if (current !== undefined && current !== RESULT) found.push(current);
      if (type === 'separate') open.push(RESULT);
    }
  }
  for (const current of open) if (current !== RESULT) found.push(current);
  return found.map((i) => i.trim()).filter(Boolean);
}

function fieldName(instruction: string): string {
  return (/^[\s"]*([A-Za-z]+)/.exec(instruction)?.[1] ?? '').toUpperCase();
}

/** Hyperlink relationship ids may only be referred to by hyperlink elements (not by a picture's r:link). */
function referencedOnlyByHyperlinks(partXml: string | null, id: string): boolean {
  if (partXml === null) return false; // a .rels whose part is missing: nothing proves the link harmless
  const quoted = new RegExp(`=\\s*(["'])${id.replace(/[^\w-]/g, (c) => `\\${c}`)}\\1`, 'g');
  for (const match of partXml.matchAll(quoted)) {
    const before = partXml.slice(0, match.index);
    const tagStart = before.lastIndexOf('<');
    if (!/^<(?:[\w.-]+:)?hyperlink\b/.test(before.slice(tagStart))) return false;
  }
  return true;
}

/** The applicant's message for the first hazard found, or null when the package may be converted. */
export function findDocxHazard(parts: PackagePart[]): string | null {
  // Zip names as a reader may resolve them: case-insensitive, backslashes as separators.
  const normal = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
  const byName = new Map(parts.map((p) => [normal(p.name), p] as const));
  for (const part of parts) {
    const name = normal(part.name);
    if (/vba(project|data)/.test(name)) return DOCX_MESSAGES.macros;
    if (/(^|\/)(activex|embeddings)\//.test(name) || /oleobject/.test(name)) return DOCX_MESSAGES.objects;
  }
  const contentTypes = byName.get('[content_types].xml')?.text ?? '';
  if (/macroEnabled|vbaProject|ms-office\.vbaProject/i.test(contentTypes)) return DOCX_MESSAGES.macros;
  if (/oleObject|activeX/i.test(contentTypes)) return DOCX_MESSAGES.objects;

  for (const part of parts) {
    if (part.text === null) continue;
    const lower = normal(part.name);
    if (lower.endsWith('.rels')) {
      const source = byName.get(sourcePartOf(lower))?.text ?? null;
      for (const match of part.text.matchAll(new RegExp(`<(?:[\\w.-]+:)?Relationship\\b${ATTRIBUTES}>`, 'g'))) {
        const type = attribute(match[0], 'Type') ?? '';
        if (MACRO_RELATIONSHIP.test(type)) return DOCX_MESSAGES.macros;
        if (OBJECT_RELATIONSHIP.test(type)) return DOCX_MESSAGES.objects;
        if (!/^external$/i.test((attribute(match[0], 'TargetMode') ?? '').trim())) continue;
        const target = (attribute(match[0], 'Target') ?? '').trim();
        const id = attribute(match[0], 'Id') ?? '';
        const plainHyperlink =
          HYPERLINK_RELATIONSHIP.test(type) && SAFE_HYPERLINK_TARGET.test(target) && referencedOnlyByHyperlinks(source, id);
        if (!plainHyperlink) return DOCX_MESSAGES.external;
      }
    } else {
      if (/<(?:[\w.-]+:)?(OLEObject|control|objectEmbed|objectLink)\b/.test(part.text)) return DOCX_MESSAGES.objects;
      if (/<(?:[\w.-]+:)?altChunk\b/.test(part.text)) return DOCX_MESSAGES.objects;
      if (fieldInstructions(part.text).some((i) => LINKING_FIELDS.has(fieldName(i)))) return DOCX_MESSAGES.fields;
      // Belt and braces: these words have no business anywhere in a transcript's markup.
      if (/INCLUDEPICTURE|INCLUDETEXT|DDEAUTO/i.test(unescapeXml(part.text))) return DOCX_MESSAGES.fields;
    }
  }
  return null;
}
