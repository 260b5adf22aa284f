import type { Node } from './types.js';

/** Every node of the definition, depth first (structure only; blocks are leaves). */
export function* walkNodes(nodes: readonly Node[]): Generator<Node> {
  for (const node of nodes) {
    yield node;
    if ('section' in node) yield* walkNodes(node.children);
    else if ('group' in node) for (const branch of node.branches) yield* walkNodes(branch.children);
    else if ('repeater' in node) yield* walkNodes(node.template);
    else if ('tabs' in node) for (const item of node.items) yield* walkNodes(item.children);
    else if ('trigger' in node) yield* walkNodes([...node.before, ...(node.optional ?? []), ...node.after]);
  }
}
