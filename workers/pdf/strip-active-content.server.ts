import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';

/**
 * Removes what a PDF can *do* rather than show (ADR 0060): JavaScript, Launch, URI, SubmitForm,
 * ImportData and every other action except an in-document GoTo; the catalog's OpenAction; additional
 * actions (/AA) on the catalog, pages, annotations and fields; the document's JavaScript and
 * EmbeddedFiles name trees; XFA form scripts; file attachments and multimedia annotations. Then every
 * object no longer reachable from the trailer is dropped, because pdf-lib writes every object it holds,
 * referenced or not: an unlinked script would otherwise still travel in the file.
 *
 * Works on pdf-lib's low-level objects, so it applies to an uploaded PDF (before it is stored) and to
 * the merged application PDF alike. Viewers show the same pages; links inside the document still work.
 */
export function stripActiveContent(doc: PDFDocument): void {
  const context = doc.context;
  const seen = new Set<PDFObject>();
  for (const [, object] of context.enumerateIndirectObjects()) clean(object, seen, context.lookup.bind(context));
  dropUnreachable(doc);
}

const N = (name: string) => PDFName.of(name);

/** Keys that hold scripts, triggers or attached files, wherever they appear. */
const ALWAYS_REMOVE = ['AA', 'OpenAction', 'JS', 'JavaScript', 'EmbeddedFiles', 'XFA', 'EF', 'RF'].map(N);
/** Annotations whose whole purpose is an attached file or active media. */
const REMOVED_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound', '3D']);
/** Keys of an action dictionary that point outside the document or carry its payload. */
const ACTION_PAYLOAD = ['S', 'JS', 'F', 'URI', 'Win', 'Unix', 'Mac', 'Fields', 'D', 'Next', 'P', 'O'].map(N);

type Lookup = (object: PDFObject | undefined) => PDFObject | undefined;

function nameOf(object: PDFObject | undefined): string | null {
  return object instanceof PDFName ? object.decodeText() : null;
}

function clean(object: PDFObject | undefined, seen: Set<PDFObject>, lookup: Lookup): void {
  if (!object || seen.has(object)) return;
  seen.add(object);
  if (object instanceof PDFStream) return clean(object.dict, seen, lookup);
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) if (!(item instanceof PDFRef)) clean(item, seen, lookup);
    return;
  }
  if (!(object instanceof PDFDict)) return;

  // An action met by itself (in an array, a name tree, a field): only an in-document GoTo keeps its keys.
  // (/Next chains further actions onto a GoTo; outline items' /Next links siblings and stays.)
  const kind = nameOf(object.get(N('S')));
  if (kind === 'GoTo') object.delete(N('Next'));
  else if (kind !== null && (isActionKind(kind) || nameOf(object.get(N('Type'))) === 'Action')) {
    for (const key of ACTION_PAYLOAD) object.delete(key);
  }
  for (const key of ALWAYS_REMOVE) object.delete(key);
  const action = lookup(object.get(N('A')));
  if (action instanceof PDFDict && nameOf(action.get(N('S'))) !== 'GoTo') object.delete(N('A'));
  const annots = lookup(object.get(N('Annots')));
  if (annots instanceof PDFArray) {
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = lookup(annots.get(i));
      if (annot instanceof PDFDict && REMOVED_ANNOTATIONS.has(nameOf(annot.get(N('Subtype'))) ?? '')) annots.remove(i);
    }
  }
  for (const [, value] of object.entries()) if (!(value instanceof PDFRef)) clean(value, seen, lookup);
}

const ACTION_KINDS = new Set([
  'GoToR',
  'GoToE',
  'GoTo3DView',
  'Launch',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'RichMediaExecute',
]);

function isActionKind(kind: string): boolean {
  return ACTION_KINDS.has(kind);
}

/** Deletes every indirect object the trailer (catalog, info) no longer reaches. */
function dropUnreachable(doc: PDFDocument): void {
  const context = doc.context;
  const reached = new Set<string>();
  const stack: PDFObject[] = [];
  const { Root, Info } = context.trailerInfo;
  if (Root) stack.push(Root);
  if (Info) stack.push(Info);
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (object instanceof PDFRef) {
      if (reached.has(object.tag)) continue;
      reached.add(object.tag);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFStream) stack.push(object.dict);
    else if (object instanceof PDFDict) for (const [, value] of object.entries()) stack.push(value);
    else if (object instanceof PDFArray) stack.push(...object.asArray());
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) context.delete(ref);
}
