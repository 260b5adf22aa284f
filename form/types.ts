/**
 * The shape of the form definition (DESIGN §3). Everything about the application's questions is
 * data of these types in form/; rendering, islands, validation, clearing, the staff view and the PDF
 * read it through the pure functions of form/. No other module lists answer keys.
 */
// Additions only (form core, issue 3): Check; QuestionBase.prefix/requiredMessage/invalidMessage/checks; phone.pattern; autocomplete.maxLength; address.autocomplete/legend; school.category/legend; ConfirmationTrigger.checkbox; FormDefinition; UiState.

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
  /** The label in Spanish (docs/i18n.md): every text of the definition has its `…Es` sibling. */
  labelEs?: string;
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
  | 'deferTermsShort'
  | 'housingPlans'
  | 'deferReasons'
  | 'majors'
  | (string & {});

export interface YearList {
  years: { count: number; direction: 'past' | 'future'; start?: number };
}

export type OptionsSource = readonly Option[] | { list: OptionListName; lang?: 'en' | 'es' } | YearList;

/**
 * An extra rule checked on a non-empty answer (§5). `when` limits it to answers where the rule holds
 * (e.g. ZIP at least 5 characters only for US addresses). Messages are the exact texts of form/messages.ts.
 */
export type Check =
  | { check: 'minLength'; min: number; message: string; when?: Rule }
  | { check: 'pattern'; pattern: RegExp; message: string; when?: Rule }
  /** The date (YYYY-MM-DD) lies at least `years` before today (minimum age). */
  | { check: 'minAge'; years: number; message: string }
  /** The date lies no more than `years` before today (the oldest supported date). */
  | { check: 'maxAge'; years: number; message: string }
  /** The term (e.g. 'FA2027') starts no earlier than the month/year answered in `monthKey`/`yearKey` (a graduation). */
  | { check: 'termAfter'; monthKey: string; yearKey: string; message: string }
  /** The e-mail differs from every other e-mail answer of the form and from the applicant's account address (when known). */
  | { check: 'notOwnAddress'; message: string };

interface QuestionBase {
  /** The answer key, already prefixed (prefix + '_' + base key). Input id = key; error id = key + '-error'. */
  key: string;
  /** The prefix the key was built with (blocks, repeaters, parent 2); checkDefinition asserts key starts with prefix + '_'. */
  prefix?: string;
  /** Replaces the generic '"<label>" is required.' (e.g. the phone messages optIn / oneRequired of §5). */
  requiredMessage?: string;
  /** Replaces the generic format message of the kind (email, phone, date, ssn). */
  invalidMessage?: string;
  /** Extra §5 rules on a non-empty answer. */
  checks?: readonly Check[];
  label: string;
  labelEs?: string;
  hint?: string;
  hintEs?: string;
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
  /** `pattern` replaces the default (xxx) xxx-xxxx pattern, e.g. parents' phones need area/exchange codes 2–9. */
  | (QuestionBase & { kind: 'phone'; pattern?: RegExp })
  | (QuestionBase & { kind: 'ssn' })
  | (QuestionBase & { kind: 'textarea'; maxLength?: number })
  | (QuestionBase & { kind: 'date' })
  | (QuestionBase & { kind: 'select'; options: OptionsSource })
  /** Shown only while its controller matches; clears itself (and _desc) when the controller changes. */
  | (QuestionBase & { kind: 'dependentSelect'; controller: string; optionsByValue: Record<string, OptionsSource> })
  | (QuestionBase & { kind: 'radio'; options: OptionsSource; withDesc?: boolean })
  | (QuestionBase & { kind: 'checkbox' })
  | (QuestionBase & { kind: 'file' })
  /** `fills`: lookup record field → answer key filled when a suggestion is picked (includes this question's own key). */
  | (QuestionBase & {
      kind: 'autocomplete';
      category: 'hs_ceeb' | 'college_ceeb' | 'address';
      fills: Record<string, string>;
      maxLength?: number;
    });

export type QuestionKind = Question['kind'];

/** Composite building blocks of §2 expand into plain questions through form/blocks.ts (in Spanish when `lang` says so). */
export type Block = BlockShape & { lang?: 'en' | 'es' };

type BlockShape =
  /** `autocomplete`: address_line_1 searches the address lookup (§4 Autocomplete) and fills the other fields. */
  | {
      block: 'address';
      prefix?: string;
      withCountry?: boolean;
      labels?: Partial<Record<'address_line_1' | 'address_line_2' | 'city' | 'state' | 'zip' | 'country', string>>;
      showWhen?: Rule;
      required?: boolean;
      autocomplete?: boolean;
      legend?: string;
      legendEs?: string;
    }
  /** The name searches the lookup `category` (default hs_ceeb) and fills the other fields. */
  | {
      block: 'school';
      prefix?: string;
      withCountry?: boolean;
      showWhen?: Rule;
      required?: boolean;
      category?: 'hs_ceeb' | 'college_ceeb';
      legend?: string;
      legendEs?: string;
    }
  | {
      block: 'monthYear';
      label: string;
      labelEs?: string;
      monthKey: string;
      yearKey: string;
      years: YearList['years'];
      showWhen?: Rule;
      required?: boolean;
    }
  | {
      block: 'checkGroup';
      legend: string;
      legendEs?: string;
      items: ReadonlyArray<{ key: string; label: string; labelEs?: string }>;
      showWhen?: Rule;
    };

/** A node of a page: a question, a composite block, or a structural element. */
export type Node =
  | Question
  | Block
  | Section
  | Group
  | Repeater
  | Tabs
  | ConfirmationTrigger
  | { content: string; contentEs?: string; id: string; showWhen?: Rule };

export interface Section {
  section: string;
  /** Heading shown on the page, the staff view and the PDF. */
  title: string;
  titleEs?: string;
  description?: string;
  descriptionEs?: string;
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
  addLabelEs?: string;
  max: number; // ≤ 10
  defaultCount?: number; // default 1
  /** Prefix per instance; instance 0 may be '' (unprefixed, as school 1 is). */
  prefixes: readonly string[];
  template: readonly Node[];
  instanceTitle: (index: number) => string;
  instanceTitleEs?: (index: number) => string;
}

export interface Tabs {
  tabs: string; // the tab id persisted through /api/tabs
  label: string;
  labelEs?: string;
  defaultTab: string;
  items: ReadonlyArray<{ id: string; label: string; labelEs?: string; children: readonly Node[] }>;
}

/** Before / optional / after content switched by a button or a checkbox (§2, §4). */
export interface ConfirmationTrigger {
  trigger: string;
  mode: 'button' | 'checkbox';
  triggerLabel: string;
  triggerLabelEs?: string;
  /** mode 'checkbox' only: the checkbox is this stored answer (e.g. legal_agree); checked shows `after`. */
  checkbox?: Extract<Question, { kind: 'checkbox' }>;
  before: readonly Node[];
  optional?: readonly Node[];
  after: readonly Node[];
}

export interface Page {
  id: PageId;
  path: `/${PageId}`;
  title: string;
  titleEs?: string;
  navLabel: string;
  navLabelEs?: string;
  shortNavLabel: string;
  shortNavLabelEs?: string;
  children: readonly Node[];
}

/** The whole form: the pages. */
export interface FormDefinition {
  pages: readonly Page[];
  /** The language its texts are in (form/i18n/localize-definition.ts); English when absent. */
  lang?: 'en' | 'es';
}

/**
 * UI state that is not an answer (§3 add-another counts, chosen tabs). When a value is unknown (undefined)
 * every repeater instance / tab item counts as visible, so nothing is cleared by accident.
 */
export interface UiState {
  addAnother?: Record<string, number>;
  tabs?: Record<string, string>;
}

/** §5 result shape: every message for one key, duplicates removed. */
export interface ValidationEntry {
  key: string;
  page: PageId;
  messages: string[];
}
