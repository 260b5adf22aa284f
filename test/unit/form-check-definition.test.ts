import { describe, expect, test } from '@jest/globals';
import { checkDefinition, DefinitionError, definitionProblems } from '../../form/check-definition.js';
import type { FormDefinition, Node, PageId } from '../../form/types.js';

const page = (id: PageId, children: readonly Node[]) => ({
  id,
  path: `/${id}` as const,
  title: id,
  navLabel: id,
  shortNavLabel: id,
  children,
});
const definitionOf = (...pages: ReturnType<typeof page>[]): FormDefinition => ({ pages });
const one = (...children: Node[]) => definitionOf(page('about', children));

function thrown(definition: FormDefinition): string[] {
  try {
    checkDefinition(definition);
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return [...(error as DefinitionError).problems];
  }
  throw new Error('checkDefinition did not throw');
}

describe('§5 configuration errors are thrown', () => {
  test.each<[string, FormDefinition, RegExp]>([
    [
      'a schema key not in the answer keys (a condition on an unknown key)',
      one({ kind: 'text', key: 'a', label: 'A', showWhen: { valueKey: 'nope', operator: 'answered' } }),
      /Schema key "nope" .* not in the answer keys/,
    ],
    [
      'a schema key not in the answer keys (requiredness)',
      one({ kind: 'text', key: 'a', label: 'A', required: { valueKey: 'ghost', operator: 'equals', target: 'Y' } }),
      /Schema key "ghost"/,
    ],
    [
      'a schema key not in the answer keys (a section condition)',
      one({
        section: 's',
        title: 'S',
        showWhen: { valueKey: 'missing', operator: 'answered' },
        children: [{ kind: 'text', key: 'a', label: 'A' }],
      }),
      /Schema key "missing"/,
    ],
    [
      'a schema key not in the answer keys (a group branch)',
      one({
        group: 'g',
        branches: [{ when: { valueKey: 'zzz', operator: 'answered' }, children: [{ kind: 'text', key: 'a', label: 'A' }] }],
      }),
      /Schema key "zzz" \(branch 1 of group g\)/,
    ],
    [
      'a schema key not in the answer keys (a dependent select controller)',
      one({ kind: 'dependentSelect', key: 'd', label: 'D', controller: 'ctl', optionsByValue: { x: [{ value: '1', label: 'One' }] } }),
      /Schema key "ctl" \(controller of d\)/,
    ],
    [
      'a summary key on more than one page',
      definitionOf(
        page('about', [{ kind: 'text', key: 'a', label: 'A' }]),
        page('education', [{ kind: 'text', key: 'a', label: 'A again' }]),
      ),
      /Summary key "a" is on more than one page \(about, education\)/,
    ],
    [
      'a key twice on one page',
      one({ kind: 'text', key: 'a', label: 'A' }, { kind: 'text', key: 'a', label: 'A2' }),
      /Key "a" is defined more than once on page about/,
    ],
    [
      'a key absent from the data model (not snake_case)',
      one({ kind: 'text', key: 'First-Name', label: 'First' }),
      /Key "First-Name" is absent from the data model/,
    ],
    [
      'a key absent from the data model (reserved _desc)',
      one({ kind: 'text', key: 'notes_desc', label: 'Notes' }),
      /Key "notes_desc" is absent from the data model/,
    ],
    [
      'autocomplete keys not in the data model',
      one({ kind: 'autocomplete', key: 'school', label: 'School', category: 'hs_ceeb', fills: { name: 'school', ceeb: 'school_ceeb' } }),
      /Autocomplete key "school_ceeb" .* not in the data model/,
    ],
    [
      'a prefix not part of its key',
      one({ kind: 'text', key: 'parent_first_name', label: 'First', prefix: 'parent_2' }),
      /Prefix "parent_2" is not part of the key "parent_first_name"/,
    ],
    [
      'an add-another maximum above 10',
      one({
        repeater: 'r',
        addLabel: 'Add',
        max: 11,
        prefixes: Array.from({ length: 11 }, (_, i) => `r_${i + 1}`),
        template: [{ kind: 'text', key: 'x', label: 'X' }],
        instanceTitle: (i) => `R ${i}`,
      }),
      /Add-another "r" has maximum 11, above 10/,
    ],
    [
      'an unknown option list',
      one({ kind: 'select', key: 's', label: 'S', options: { list: 'planets' } }),
      /Option list "planets" of s does not exist/,
    ],
    [
      'a default tab that is not a tab',
      one({ tabs: 't', label: 'T', defaultTab: 'c', items: [{ id: 'a', label: 'A', children: [] }] }),
      /Tabs "t" default "c"/,
    ],
  ])('%s', (_name, definition, expected) => {
    const problems = thrown(definition);
    expect(problems.some((p) => expected.test(p))).toBe(true);
  });

  test('every problem is reported at once', () => {
    const problems = thrown(
      one(
        { kind: 'text', key: 'Bad Key', label: 'B' },
        { kind: 'text', key: 'a', label: 'A', showWhen: { valueKey: 'nope', operator: 'answered' } },
        { kind: 'text', key: 'k', label: 'K', prefix: 'p' },
      ),
    );
    expect(problems).toHaveLength(3);
  });

  test('a good small definition passes', () => {
    expect(
      checkDefinition(
        one(
          { kind: 'text', key: 'a', label: 'A' },
          { kind: 'text', key: 'b', label: 'B', showWhen: { valueKey: 'a', operator: 'answered' } },
        ),
      ),
    ).toEqual({ warnings: [] });
  });
});

describe('a question with no page is only a warning', () => {
  test('questions of a page that is not one of the three routes come back as warnings, nothing is thrown', () => {
    const stray = { ...page('about', [{ kind: 'text', key: 'orphan', label: 'Orphan' }]), id: 'appendix' as PageId };
    const result = checkDefinition(definitionOf(page('about', [{ kind: 'text', key: 'a', label: 'A' }]), stray));
    expect(result.warnings).toEqual([expect.stringMatching(/Question "orphan" has no page/)]);
    expect(definitionProblems(definitionOf(stray)).errors).toEqual([]);
  });
});
