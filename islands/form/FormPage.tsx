import type { Block, Node, Page, Question, Rule } from '../../form/types.js';
import { expandBlock, repeaterInstance } from '../../form/blocks.js';
import { evaluate } from '../../form/conditions.js';
import { defaultCount } from '../../form/ui-defaults.js';
import { repeaterCount } from '../../form/repeater-count.js';
import { useFormState, type FormSnapshot } from './context.js';
import { ConfirmationTriggerBlock, RepeaterBlock, TabsBlock } from './Structure.js';
import { CheckboxField, DependentSelectField, RadioGroupField, SelectField } from './fields/Choices.js';
import { DateField, MaskedField, TextareaField, TextField } from './fields/TextInputs.js';
import { AutocompleteField } from './fields/AutocompleteField.js';
import { LazyFileField } from './fields/LazyFileField.js';
import { visibilityControllers } from '../../form/controllers.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Without scripts (DESIGN §6) a question that shows or hides others is followed by a submit button that saves
 * the page and shows it again with the questions that now apply; hidden once the form island has hydrated.
 */
function UpdateButton({ q }: { q: Question }) {
  return (
    <button
      type="submit"
      name={POST_FIELDS.action}
      value={`update:${q.key}`}
      className="button button--secondary update-button nojs-only"
      onClick={(event) => event.preventDefault()}
    >
      {t('Update')}
      <span className="visually-hidden">
        {' '}
        {t('the questions that follow from:')} {q.label}
      </span>
    </button>
  );
}

/** One question as its building block (§2). Read-only, it is views/form/ReadOnlyField.tsx. */
export function QuestionField({ q }: { q: Question }) {
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
      return <LazyFileField q={q} />;
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
  const questions = expandBlock(block);
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

function Heading({ level, id, children }: { level: number; id: string; children: string }) {
  const Tag = `h${Math.min(level, 6)}` as 'h2';
  return (
    <Tag id={id} className={`form-heading form-heading--${Math.min(level, 6)}`}>
      {children}
    </Tag>
  );
}

/**
 * What of a node depends on the form's state, as one primitive: whether it shows, which branch of a group holds, how
 * many instances a repeater shows. A change that leaves it as it was re-renders nothing of the node (useFormState).
 */
function nodeState(node: Node, form: FormSnapshot): boolean | number {
  const shown = (rule: Rule | undefined) => rule === undefined || evaluate(rule, form.answers);
  if ('group' in node) return node.branches.findIndex((b) => evaluate(b.when, form.answers));
  if ('repeater' in node) return repeaterCount(node, form.counts[node.repeater], form.answers);
  if ('tabs' in node || 'trigger' in node) return true;
  return shown(node.showWhen);
}

function NodeView({ node, level }: { node: Node; level: number }) {
  const state = useFormState((snapshot) => nodeState(node, snapshot));
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
        {node.description && <p className="form-section__description">{node.description}</p>}
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
  if ('tabs' in node) return <TabsBlock node={node} render={(children) => <FormNodes nodes={children} level={level + 1} />} />;
  if ('trigger' in node)
    return <ConfirmationTriggerBlock node={node} render={(children) => <FormNodes nodes={children} level={level} />} />;
  return state ? (
    <p id={node.id} className="form-content">
      {node.content}
    </p>
  ) : null;
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

function FormNodes({ nodes, level }: { nodes: readonly Node[]; level: number }) {
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
 * markup is the server's initial HTML and the island's live form; views/form/ReadOnlyNodes.tsx walks the same
 * definition for the read-only views (review, staff view, PDF).
 */
export function FormPage({ page }: { page: Page }) {
  return (
    <div className="form-page">
      <h1 className="form-page-title">{page.title}</h1>
      <FormNodes nodes={page.children} level={2} />
    </div>
  );
}
