import type { Node, Page, Question, Rule, Tabs } from '../../form/types.js';
import { expandBlock, localKeys, repeaterInstance } from '../../form/blocks.js';
import { evaluate } from '../../form/conditions.js';
import { repeaterCount } from '../../form/repeater-count.js';
import { useReadOnly, type ReadOnlyContextValue } from './read-only-context.js';
import { ReadOnlyField } from './ReadOnlyField.js';
import { ReadOnlyBlock } from './ReadOnlyBlock.js';
import { ReadOnlyRepeater, ReadOnlyTabs, ReadOnlyTrigger } from './ReadOnlyStructure.js';

function Heading({ level, id, children }: { level: number; id: string; children: string }) {
  const Tag = `h${Math.min(level + (useReadOnly().headingOffset ?? 0), 6)}` as 'h2';
  return (
    <Tag id={id} className={`form-heading form-heading--${Math.min(level, 6)}`}>
      {children}
    </Tag>
  );
}

const shownBy = (view: ReadOnlyContextValue) => (rule: Rule | undefined) => rule === undefined || evaluate(rule, view.answers);

/** Whether any of these nodes, as shown for the answers, lists a question (the review's short listing). */
function listsAny(nodes: readonly Node[], view: ReadOnlyContextValue, listed: (q: Question) => boolean): boolean {
  const shown = shownBy(view);
  return nodes.some((node) => {
    if ('kind' in node) return shown(node.showWhen) && listed(node);
    if ('block' in node) return shown(node.showWhen) && expandBlock(node).some(listed);
    if ('section' in node) return shown(node.showWhen) && listsAny(node.children, view, listed);
    if ('group' in node) {
      const branch = node.branches.find((b) => evaluate(b.when, view.answers));
      return branch ? listsAny(branch.children, view, listed) : false;
    }
    if ('repeater' in node) {
      const count = repeaterCount(node, view.counts[node.repeater], view.answers);
      return Array.from({ length: count }, (_, index) => index).some((index) => listsAny(repeaterInstance(node, index), view, listed));
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

function NodeView({ node, level }: { node: Node; level: number }) {
  const view = useReadOnly();
  const shown = shownBy(view);
  if ('kind' in node) return shown(node.showWhen) ? <ReadOnlyField q={node} /> : null;
  if ('block' in node) return shown(node.showWhen) ? <ReadOnlyBlock block={node} /> : null;
  if ('section' in node) {
    // The review's short listing: a section with nothing to list is left out.
    if (!shown(node.showWhen) || (view.listed && !listsAny(node.children, view, view.listed))) return null;
    const titleId = `section-${node.section}`;
    // Section descriptions speak to the applicant filling the form: not part of the record.
    return (
      <section className={`form-section form-section--${Math.min(level, 3)}`} aria-labelledby={titleId}>
        <Heading level={level} id={titleId}>
          {node.title}
        </Heading>
        <ReadOnlyNodes nodes={node.children} level={level + 1} />
      </section>
    );
  }
  if ('group' in node) {
    const branch = node.branches.find((b) => evaluate(b.when, view.answers));
    return branch ? <ReadOnlyNodes nodes={branch.children} level={level} /> : null;
  }
  if ('repeater' in node) {
    return (
      <ReadOnlyRepeater
        node={node}
        level={level}
        count={repeaterCount(node, view.counts[node.repeater], view.answers)}
        renderInstance={(index) => <ReadOnlyNodes nodes={repeaterInstance(node, index)} level={level + 1} />}
      />
    );
  }
  // Tabs that only explain (no question under any of them) are for reading while filling in, not for the review.
  if ('tabs' in node && view.listed && !asksAnything(node)) return null;
  if ('tabs' in node) return <ReadOnlyTabs node={node} render={(children) => <ReadOnlyNodes nodes={children} level={level + 1} />} />;
  if ('trigger' in node) return <ReadOnlyTrigger node={node} render={(children) => <ReadOnlyNodes nodes={children} level={level} />} />;
  // Explanatory text is for filling in; the review, the staff view and the PDF list answers.
  return null;
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

/** Nodes of the definition as the form shows them for the answers, every question as its label and answer. */
export function ReadOnlyNodes({ nodes, level }: { nodes: readonly Node[]; level: number }) {
  return (
    <>
      {nodes.map((node, index) => (
        <NodeView key={nodeId(node, index)} node={node} level={level} />
      ))}
    </>
  );
}

/**
 * A page of the form as text: the page title, then every node the form shows for the answers, in the form's
 * markup with each input replaced by its answer (the staff view, the PDF, the review).
 */
export function ReadOnlyPage({ page }: { page: Page }) {
  const Title = useReadOnly().headingOffset ? 'h2' : 'h1';
  return (
    <div className="form-page">
      <Title className="form-page-title">{page.title}</Title>
      <ReadOnlyNodes nodes={page.children} level={2} />
    </div>
  );
}
