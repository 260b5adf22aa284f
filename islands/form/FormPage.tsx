import type { Block, Node, Page, Question, Repeater, Rule, Tabs } from '../../form/types.js';
import { expandBlock, localKeys, repeaterInstance } from '../../form/blocks.js';
import { evaluate, isAnswered } from '../../form/conditions.js';
import { defaultCount } from '../../form/ui-defaults.js';
import { useForm, useFormState, type FormSnapshot } from './context.js';
import { ConfirmationTriggerBlock, RepeaterBlock, TabsBlock } from './Structure.js';
import { ReadOnlyField, ReadOnlyLine } from './fields/Field.js';
import { displayValue } from '../../form/display.js';
import { CheckboxField, DependentSelectField, RadioGroupField, SelectField } from './fields/Choices.js';
import { DateField, MaskedField, TextareaField, TextField } from './fields/TextInputs.js';
import { AutocompleteField, FileField } from './fields/Shells.js';
import { visibilityControllers } from '../../form/controllers.js';
import { POST_FIELDS } from '../../contracts/form-post.js';

/**
 * Without scripts (DESIGN §6) a question that shows or hides others is followed by a submit button that saves
 * the page and shows it again with the questions that now apply; hidden once the form island has hydrated.
 */
function UpdateButton({ q }: { q: Question }) {
  return (
    <button type="submit" name={POST_FIELDS.action} value={`update:${q.key}`} className="button button--secondary update-button nojs-only" onClick={(event) => event.preventDefault()}>
      Update<span className="visually-hidden"> the questions that follow from: {q.label}</span>
    </button>
  );
}

/** One question as its building block (§2), or as static text in read-only mode. */
export function QuestionField({ q }: { q: Question }) {
  const form = useForm();
  if (form.readOnly) return <ReadOnlyField q={q} />;
  if (!visibilityControllers().has(q.key)) return <QuestionControl q={q} />;
  return (
    <>
      <QuestionControl q={q} />
      <UpdateButton q={q} />
    </>
  );
}

function QuestionControl({ q }: { q: Question }) {
  switch (q.kind) {
    case 'text':
    case 'email':
      return <TextField q={q} />;
    case 'phone':
    case 'ssn':
      return <MaskedField q={q} />;
    case 'textarea':
      return <TextareaField q={q} />;
    case 'date':
      return <DateField q={q} />;
    case 'select':
      return <SelectField q={q} />;
    case 'dependentSelect':
      return <DependentSelectField q={q} />;
    case 'radio':
      return <RadioGroupField q={q} />;
    case 'checkbox':
      return <CheckboxField q={q} />;
    case 'file':
      return <FileField q={q} />;
    case 'autocomplete':
      return <AutocompleteField q={q} />;
  }
}

function Questions({ questions }: { questions: readonly Question[] }) {
  return (
    <>
      {questions.map((q) => (
        <QuestionField key={q.key} q={q} />
      ))}
    </>
  );
}

/** Composite blocks keep their questions together under one legend, so screen readers announce the group. */
function BlockView({ block }: { block: Block }) {
  const form = useForm();
  const questions = expandBlock(block);
  if (form.readOnly && form.listed) return <ListedBlock block={block} questions={questions} />;
  switch (block.block) {
    case 'address':
    case 'school':
      return block.legend ? (
        <fieldset className={`fieldset block block--${block.block}`}>
          <legend className="block__legend">{block.legend}</legend>
          <Questions questions={questions} />
        </fieldset>
      ) : (
        <div className={`block block--${block.block}`}>
          <Questions questions={questions} />
        </div>
      );
    case 'monthYear':
      return (
        <fieldset className="fieldset block block--month-year">
          <legend className="block__legend">{block.label}</legend>
          <div className="month-year">
            <Questions questions={questions} />
          </div>
        </fieldset>
      );
    case 'checkGroup':
      return (
        <fieldset className="fieldset block block--check-group">
          <legend className="block__legend">{block.legend}</legend>
          <Questions questions={questions} />
        </fieldset>
      );
  }
}

/**
 * A block in the review's short listing: a check group or a month and year on one line; an address or a school as
 * its listed questions, without a legend that would repeat the section's title ("Permanent Address").
 */
function ListedBlock({ block, questions }: { block: Block; questions: readonly Question[] }) {
  // Read-only contexts only, which never change: the whole answers are as good as any selection.
  const answers = useFormState((snapshot) => snapshot.answers);
  switch (block.block) {
    case 'checkGroup': {
      const ticked = questions.filter((q) => answers[q.key] === true).map((q) => q.label);
      return <ReadOnlyLine label={block.legend} questions={questions} text={ticked.join(', ')} />;
    }
    case 'monthYear':
      return <ReadOnlyLine label={block.label} questions={questions} text={questions.map((q) => displayValue(q, answers)).filter(Boolean).join(' ')} />;
    case 'address':
      return <Questions questions={questions} />;
    case 'school': {
      // The school's line already reads "Alta High School (Ceeb: 450010)": no second line for the code then.
      const name = questions.find((q) => q.kind === 'autocomplete');
      const ceeb = name?.kind === 'autocomplete' ? name.fills.ceeb : undefined;
      return <Questions questions={name && isAnswered(answers[name.key]) ? questions.filter((q) => q.key !== ceeb) : questions} />;
    }
  }
}

function Heading({ level, id, children }: { level: number; id: string; children: string }) {
  const Tag = (`h${Math.min(level + (useForm().headingOffset ?? 0), 6)}` as 'h2');
  return (
    <Tag id={id} className={`form-heading form-heading--${Math.min(level, 6)}`}>
      {children}
    </Tag>
  );
}

/**
 * How many instances of an add-another to show: the chosen count, but never fewer than the last instance
 * that holds an answer (answers restored from the browser or saved before must stay visible).
 */
export function repeaterCount(node: Repeater, chosen: number | undefined, answers: Record<string, unknown>): number {
  let count = chosen ?? defaultCount(node);
  for (let index = count; index < node.max; index++) {
    const keys = localKeys(repeaterInstance(node, index));
    if ([...keys].some((key) => isAnswered(answers[key] as string | boolean | undefined))) count = index + 1;
  }
  return count;
}

/**
 * What of a node depends on the form's state, as one primitive: whether it shows, which branch of a group holds, how
 * many instances a repeater shows. A change that leaves it as it was re-renders nothing of the node (useFormState).
 */
function nodeState(node: Node, form: FormSnapshot, listed: ((q: Question) => boolean) | undefined): boolean | number {
  const shown = (rule: Rule | undefined) => rule === undefined || evaluate(rule, form.answers);
  if ('group' in node) return node.branches.findIndex((b) => evaluate(b.when, form.answers));
  if ('repeater' in node) return repeaterCount(node, form.counts[node.repeater], form.answers);
  if ('tabs' in node || 'trigger' in node) return true;
  // The review's short listing: a section with nothing to list is left out, and so is its guidance.
  if ('section' in node) return shown(node.showWhen) && (!listed || listsAny(node.children, form, listed));
  return shown(node.showWhen);
}

function NodeView({ node, level }: { node: Node; level: number }) {
  const form = useForm();
  const state = useFormState((snapshot) => nodeState(node, snapshot, form.listed));
  if ('kind' in node) return state ? <QuestionField q={node} /> : null;
  if ('block' in node) return state ? <BlockView block={node} /> : null;
  if ('section' in node) {
    if (!state) return null;
    const titleId = `section-${node.section}`;
    return (
      <section className={`form-section form-section--${Math.min(level, 3)}`} aria-labelledby={titleId}>
        <Heading level={level} id={titleId}>
          {node.title}
        </Heading>
        {/* Descriptions and content nodes speak to the applicant filling the form: not part of the record (read-only). */}
        {node.description && !form.readOnly && !form.listed && <p className="form-section__description">{node.description}</p>}
        <FormNodes nodes={node.children} level={level + 1} />
      </section>
    );
  }
  if ('group' in node) {
    const branch = typeof state === 'number' ? node.branches[state] : undefined;
    return branch ? <FormNodes nodes={branch.children} level={level} /> : null;
  }
  if ('repeater' in node) {
    return (
      <RepeaterBlock
        node={node}
        level={level}
        count={typeof state === 'number' ? state : defaultCount(node)}
        renderInstance={(index) => <FormNodes nodes={repeaterInstance(node, index)} level={level + 1} />}
      />
    );
  }
  // Tabs that only explain (no question under any of them) are for reading while filling in, not for the review.
  if ('tabs' in node && form.listed && !asksAnything(node)) return null;
  if ('tabs' in node) return <TabsBlock node={node} render={(children) => <FormNodes nodes={children} level={level + 1} />} />;
  if ('trigger' in node) return <ConfirmationTriggerBlock node={node} render={(children) => <FormNodes nodes={children} level={level} />} />;
  // Explanatory text is for filling in; the review's short listing, the staff view and the PDF list answers.
  if (form.listed) return null;
  return state && !form.readOnly ? (
    <p id={node.id} className="form-content">
      {node.content}
    </p>
  ) : null;
}

/** Whether any of these nodes, as shown for the current answers, lists a question (the review's short listing). */
function listsAny(nodes: readonly Node[], form: FormSnapshot, listed: (q: Question) => boolean): boolean {
  const shown = (rule: Rule | undefined) => rule === undefined || evaluate(rule, form.answers);
  return nodes.some((node) => {
    if ('kind' in node) return shown(node.showWhen) && listed(node);
    if ('block' in node) return shown(node.showWhen) && expandBlock(node).some(listed);
    if ('section' in node) return shown(node.showWhen) && listsAny(node.children, form, listed);
    if ('group' in node) {
      const branch = node.branches.find((b) => evaluate(b.when, form.answers));
      return branch ? listsAny(branch.children, form, listed) : false;
    }
    if ('repeater' in node) {
      const count = repeaterCount(node, form.counts[node.repeater], form.answers);
      return Array.from({ length: count }, (_, index) => index).some((index) => listsAny(repeaterInstance(node, index), form, listed));
    }
    // Tabs that ask something say which was chosen, a confirmation its state: always something to read.
    if ('tabs' in node) return asksAnything(node);
    return 'trigger' in node;
  });
}

/** Whether a tabs node asks anything under any of its tabs (else it only explains). */
function asksAnything(node: Tabs): boolean {
  return node.items.some((item) => localKeys(item.children).size > 0);
}

function nodeId(node: Node, index: number): string {
  if ('kind' in node) return node.key;
  if ('section' in node) return `section:${node.section}`;
  if ('group' in node) return `group:${node.group}`;
  if ('repeater' in node) return `repeater:${node.repeater}`;
  if ('tabs' in node) return `tabs:${node.tabs}`;
  if ('trigger' in node) return `trigger:${node.trigger}`;
  if ('block' in node) return `block:${index}`;
  return `content:${node.id}`;
}

export function FormNodes({ nodes, level }: { nodes: readonly Node[]; level: number }) {
  return (
    <>
      {nodes.map((node, index) => (
        <NodeView key={nodeId(node, index)} node={node} level={level} />
      ))}
    </>
  );
}

/**
 * A page of the form (§3) walked from the definition: the page title, then every visible node. The same
 * markup is the server's initial HTML, the island's live form and (with a read-only context) the staff view.
 */
export function FormPage({ page }: { page: Page }) {
  const Title = useForm().headingOffset ? 'h2' : 'h1';
  return (
    <div className="form-page">
      <Title className="form-page-title">{page.title}</Title>
      <FormNodes nodes={page.children} level={2} />
    </div>
  );
}
