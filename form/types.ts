/**
 * The shape of the form definition (DESIGN §3). Everything about the application's questions is
 * data of these types in form/; rendering, islands, validation, clearing, the staff view and the PDF
 * read it through the pure functions of form/. No other module lists answer keys.
 */

/** A stored answer. The empty answer is '' (§3). Check boxes store booleans; documents store 'ANSWERED'. */
export type AnswerValue = string | boolean;
export type Answers = Record<string, AnswerValue>;

export type PageId = 'about' | 'education' | 'final-steps';

export type Operator = 'notEquals' | 'equals' | 'lt' | 'lte' | 'gt' | 'gte' | 'notAnswered' | 'answered' | 'in' | 'notIn';

type Scalar = string | number | boolean;

/** §3 "Conditional rule": the answer named by valueKey compared with target. */
export interface Condition {
  valueKey: string;
  operator: Operator;
  target?: Scalar | readonly Scalar[];
}

/** Conditions combine with all/any; a bare Condition is the common case. */
export type Rule = Condition | { all: readonly Rule[] } | { any: readonly Rule[] };

export interface Option {
  label: string;
  value: string;
}

/** Named option lists resolved by form/options.ts (countries and states come from libraries/data files). */
export type OptionListName =
  | 'yesNo'
  | 'countries'
  | 'countriesWithoutUS'
  | 'statesAndProvinces'
  | 'months'
  | 'entryTerms'
  | 'deferTerms'
  | 'housingPlans'
  | 'deferReasons'
  | 'majors'
  | (string & {});

export interface YearList {
  years: { count: number; direction: 'past' | 'future'; start?: number };
}

export type OptionsSource = readonly Option[] | { list: OptionListName } | YearList;

interface QuestionBase {
  /** The answer key, already prefixed (prefix + '_' + base key). Input id = key; error id = key + '-error'. */
  key: string;
  label: string;
  hint?: string;
  /** Required always (true) or while the rule holds. Messages come from form/messages.ts. */
  required?: boolean | Rule;
  /** Visible only while the rule holds; hidden answers are cleared (§4). */
  showWhen?: Rule;
  /** Shorter label for the staff view and the PDF. */
  printLabel?: string;
  /** Autocomplete token for the browser (e.g. 'given-name'). */
  autoComplete?: string;
}

export type Question =
  | (QuestionBase & { kind: 'text'; maxLength?: number; inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel' })
  | (QuestionBase & { kind: 'email'; maxLength?: number })
  | (QuestionBase & { kind: 'phone' })
  | (QuestionBase & { kind: 'ssn' })
  | (QuestionBase & { kind: 'textarea'; maxLength?: number })
  | (QuestionBase & { kind: 'date' })
  | (QuestionBase & { kind: 'select'; options: OptionsSource })
  /** Shown only while its controller matches; clears itself (and _desc) when the controller changes. */
  | (QuestionBase & { kind: 'dependentSelect'; controller: string; optionsByValue: Record<string, OptionsSource> })
  | (QuestionBase & { kind: 'radio'; options: OptionsSource; withDesc?: boolean })
  | (QuestionBase & { kind: 'checkbox' })
  | (QuestionBase & { kind: 'file' })
  | (QuestionBase & { kind: 'autocomplete'; category: 'hs_ceeb' | 'college_ceeb' | 'address'; fills: Record<string, string> });

export type QuestionKind = Question['kind'];

/** Composite building blocks of §2 expand into plain questions through form/blocks.ts. */
export type Block =
  | { block: 'address'; prefix?: string; withCountry?: boolean; labels?: Partial<Record<'address_line_1' | 'address_line_2' | 'city' | 'state' | 'zip' | 'country', string>>; showWhen?: Rule; required?: boolean }
  | { block: 'school'; prefix?: string; withCountry?: boolean; showWhen?: Rule; required?: boolean }
  | { block: 'monthYear'; label: string; monthKey: string; yearKey: string; years: YearList['years']; showWhen?: Rule; required?: boolean }
  | { block: 'checkGroup'; legend: string; items: ReadonlyArray<{ key: string; label: string }>; showWhen?: Rule };

/** A node of a page: a question, a composite block, or a structural element. */
export type Node =
  | Question
  | Block
  | Section
  | Group
  | Repeater
  | Tabs
  | ConfirmationTrigger
  | { content: string; id: string; showWhen?: Rule };

export interface Section {
  section: string;
  /** Heading shown on the page, the staff view and the PDF. */
  title: string;
  description?: string;
  showWhen?: Rule;
  children: readonly Node[];
}

/** Mutually exclusive branches: the first branch whose rule holds is shown; the answers of the others are cleared. */
export interface Group {
  group: string;
  branches: ReadonlyArray<{ when: Rule; children: readonly Node[] }>;
}

/** Add-another (§2): `count` copies of `template`, each instance's keys prefixed by `prefixes[i]`. */
export interface Repeater {
  repeater: string; // the button id persisted through /api/add-another
  addLabel: string;
  max: number; // ≤ 10
  defaultCount?: number; // default 1
  /** Prefix per instance; instance 0 may be '' (unprefixed, as school 1 is). */
  prefixes: readonly string[];
  template: readonly Node[];
  instanceTitle: (index: number) => string;
}

export interface Tabs {
  tabs: string; // the tab id persisted through /api/tabs
  label: string;
  defaultTab: string;
  items: ReadonlyArray<{ id: string; label: string; children: readonly Node[] }>;
}

/** Before / optional / after content switched by a button or a checkbox (§2, §4). */
export interface ConfirmationTrigger {
  trigger: string;
  mode: 'button' | 'checkbox';
  triggerLabel: string;
  before: readonly Node[];
  optional?: readonly Node[];
  after: readonly Node[];
}

export interface Page {
  id: PageId;
  path: `/${PageId}`;
  title: string;
  navLabel: string;
  shortNavLabel: string;
  children: readonly Node[];
}

/** §5 result shape: every message for one key, duplicates removed. */
export interface ValidationEntry {
  key: string;
  page: PageId;
  messages: string[];
}
