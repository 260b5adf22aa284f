import type { Block, Node, Question, Repeater, Rule } from './types.js';
import { MONTHS } from './options.js';
import { expandAddress, expandSchool, prefixed } from './address-blocks.js';
import { defaultCount } from './ui-defaults.js';
import { localizeNode } from './i18n/localize.js';

export function expandBlock(block: Block): Question[] {
  const questions = expandInEnglish(block);
  return block.lang === 'es' ? localizeNode(questions, 'es') : questions;
}

function expandInEnglish(block: Block): Question[] {
  switch (block.block) {
    case 'address':
      return expandAddress(block);
    case 'school':
      return expandSchool(block);
    case 'monthYear': {
      const required = block.required === true;
      return [
        {
          kind: 'select',
          key: block.monthKey,
          label: 'Month',
          labelEs: 'Mes',
          printLabel: `${block.label} (month)`,
          options: MONTHS,
          required,
        },
        {
          kind: 'select',
          key: block.yearKey,
          label: 'Year',
          labelEs: 'Año',
          printLabel: `${block.label} (year)`,
          options: { years: block.years },
          required,
        },
      ];
    }
    case 'checkGroup':
      return block.items.map((item): Question => ({
        kind: 'checkbox',
        key: item.key,
        label: item.label,
        ...(item.labelEs ? { labelEs: item.labelEs } : {}),
        printLabel: `${block.legend}: ${item.label}`,
      }));
  }
}

function joinPrefix(outer: string, inner: string | undefined): string | undefined {
  if (!outer) return inner;
  return inner ? `${outer}_${inner}` : outer;
}

/** Every answer key a list of nodes defines, before any prefix of an enclosing repeater. */
export function localKeys(nodes: readonly Node[]): Set<string> {
  const keys = new Set<string>();
  const visit = (node: Node): void => {
    if ('kind' in node) keys.add(node.key);
    else if ('block' in node) for (const q of expandBlock(node)) keys.add(q.key);
    else if ('section' in node) node.children.forEach(visit);
    else if ('group' in node) node.branches.forEach((b) => b.children.forEach(visit));
    else if ('repeater' in node) node.template.forEach(visit);
    else if ('tabs' in node) node.items.forEach((item) => item.children.forEach(visit));
    else if ('trigger' in node) {
      if (node.checkbox) keys.add(node.checkbox.key);
      [...node.before, ...(node.optional ?? []), ...node.after].forEach(visit);
    }
  };
  nodes.forEach(visit);
  return keys;
}

/**
 * Applies an instance prefix to template nodes: keys defined inside the template get `prefix_`, and so do the
 * conditions, controllers and autocomplete targets that point at them; keys outside the template are left alone.
 * `optional` drops requiredness (repeater instances beyond the default count are extras the applicant chose to add).
 */
export function prefixNodes(nodes: readonly Node[], prefix: string, options: { optional?: boolean } = {}): Node[] {
  const local = localKeys(nodes);
  const key = (k: string) => (local.has(k) ? prefixed(prefix, k) : k);
  const id = (i: string) => prefixed(prefix, i);
  const rule = (r: Rule): Rule => {
    if ('all' in r) return { all: r.all.map(rule) };
    if ('any' in r) return { any: r.any.map(rule) };
    return { ...r, valueKey: key(r.valueKey) };
  };
  const maybeRule = <T extends { showWhen?: Rule }>(x: T): T => (x.showWhen ? { ...x, showWhen: rule(x.showWhen) } : x);
  const required = (r: boolean | Rule | undefined): boolean | Rule | undefined =>
    options.optional ? undefined : r === undefined || typeof r === 'boolean' ? r : rule(r);
  const question = <Q extends Question>(q: Q): Q => {
    const out: Question = maybeRule({ ...q, key: key(q.key) });
    const p = joinPrefix(prefix, q.prefix);
    if (p) out.prefix = p;
    const req = required(q.required);
    if (req === undefined) delete out.required;
    else out.required = req;
    if (q.checks) out.checks = q.checks.map((c) => ('when' in c && c.when ? { ...c, when: rule(c.when) } : c));
    if (out.kind === 'dependentSelect') out.controller = key(out.controller);
    if (out.kind === 'autocomplete')
      out.fills = Object.fromEntries(Object.entries(out.fills).map(([field, target]) => [field, key(target)]));
    return out as Q;
  };
  const node = (n: Node): Node => {
    if ('kind' in n) return question(n);
    if ('block' in n) {
      const b = maybeRule(n);
      switch (b.block) {
        case 'address':
        case 'school': {
          const p = joinPrefix(prefix, b.prefix);
          const out = { ...b, ...(p ? { prefix: p } : {}) };
          if (options.optional) delete out.required;
          return out;
        }
        case 'monthYear': {
          const out = { ...b, monthKey: key(b.monthKey), yearKey: key(b.yearKey) };
          if (options.optional) delete out.required;
          return out;
        }
        case 'checkGroup':
          return { ...b, items: b.items.map((item) => ({ ...item, key: key(item.key) })) };
      }
    }
    if ('section' in n) return maybeRule({ ...n, section: id(n.section), children: n.children.map(node) });
    if ('group' in n)
      return { ...n, group: id(n.group), branches: n.branches.map((b) => ({ when: rule(b.when), children: b.children.map(node) })) };
    if ('repeater' in n) return { ...n, repeater: id(n.repeater), template: n.template.map(node) };
    if ('tabs' in n) return { ...n, tabs: id(n.tabs), items: n.items.map((item) => ({ ...item, children: item.children.map(node) })) };
    if ('trigger' in n) {
      const out = { ...n, trigger: id(n.trigger), before: n.before.map(node), after: n.after.map(node) };
      if (n.optional) out.optional = n.optional.map(node);
      if (n.checkbox) out.checkbox = question(n.checkbox);
      return out;
    }
    return maybeRule({ ...n, id: id(n.id) });
  };
  return nodes.map(node);
}

/** The nodes of one add-another instance (0-based): the template under `prefixes[index]`. */
export function repeaterInstance(repeater: Repeater, index: number): Node[] {
  const prefix = repeater.prefixes[index] ?? `${repeater.repeater}_${index + 1}`;
  return prefixNodes(repeater.template, prefix, { optional: index >= defaultCount(repeater) });
}
