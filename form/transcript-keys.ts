import { allFields } from './fields.js';
import { formDefinition } from './definition.js';
import type { FormDefinition, Node, Question, Tabs } from './types.js';
import { walkNodes as walk } from './walk-nodes.js';

/**
 * What the transcript checklist reads from a submitted application, found by what the questions are (never by
 * typing their keys again): the tabs that choose between a counselor sending the transcript and an upload
 * (the only tabs holding a file question), the file question itself, the counselor's e-mail and name
 * questions, the first high school's name, and the applicant's permission to ask the counselor at all.
 */
export interface TranscriptKeys {
  tabsId: string;
  /** The tab item meaning "My counselor will send it" (the one without a file question). */
  counselorItem: string;
  /** The tab item with the upload. */
  uploadItem: string;
  defaultItem: string;
  fileKey: string;
  counselorEmail: string;
  counselorFirstName: string | null;
  counselorLastName: string | null;
  schoolName: string;
  /** The "may the university request your transcripts?" question and its "No" answer: no counselor request then. */
  permission: { key: string; refused: string } | null;
}

const fileIn = (nodes: readonly Node[]) =>
  [...walk(nodes)].find((n): n is Extract<Question, { kind: 'file' }> => 'kind' in n && n.kind === 'file');

const cache = new WeakMap<FormDefinition, TranscriptKeys>();

export function transcriptKeys(definition: FormDefinition = formDefinition()): TranscriptKeys {
  const cached = cache.get(definition);
  if (cached) return cached;
  const tabs = definition.pages
    .flatMap((p) => [...walk(p.children)])
    .find((n): n is Tabs => 'tabs' in n && n.items.some((item) => fileIn(item.children)));
  if (!tabs) throw new Error('The form definition has no tabs choosing how the transcript arrives.');
  const upload = tabs.items.find((item) => fileIn(item.children))!;
  const counselor = tabs.items.find((item) => item !== upload);
  if (!counselor) throw new Error('The transcript tabs have no "counselor will send it" choice.');
  const questions = allFields(definition).map((f) => f.question);
  const counselorQuestion = (kind: string, label: RegExp) =>
    questions.find((q) => q.kind === kind && /counselor/i.test(q.label) && label.test(q.label));
  const email = counselorQuestion('email', /e-?mail/i);
  if (!email) throw new Error("The form definition has no counselor's e-mail question.");
  const school = questions.find((q) => q.kind === 'autocomplete' && q.category === 'hs_ceeb');
  if (!school) throw new Error('The form definition has no high-school question.');
  const permission = questions.find((q) => q.kind === 'radio' && /permission/i.test(q.label) && /transcript/i.test(q.label));
  const options =
    permission && permission.kind === 'radio' && Array.isArray(permission.options)
      ? (permission.options as readonly { label: string; value: string }[])
      : [];
  const no = options.find((o) => /^no$/i.test(o.label));
  const keys: TranscriptKeys = {
    tabsId: tabs.tabs,
    counselorItem: counselor.id,
    uploadItem: upload.id,
    defaultItem: tabs.defaultTab,
    fileKey: fileIn(upload.children)!.key,
    counselorEmail: email.key,
    counselorFirstName: counselorQuestion('text', /first/i)?.key ?? null,
    counselorLastName: counselorQuestion('text', /last/i)?.key ?? null,
    schoolName: school.key,
    permission: permission && no ? { key: permission.key, refused: no.value } : null,
  };
  cache.set(definition, keys);
  return keys;
}
