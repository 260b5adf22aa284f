import { describe, expect, it } from '@jest/globals';
import { FILE_MAX_BYTES, FILE_MESSAGES, fileProblem, formatFileSize, uploadErrorTitle } from '../../form/documents.js';
import { fileKeysIn, fileQuestionKeys, isFileQuestionKey } from '../../form/document-keys.js';
import { pageById } from '../../form/definition.js';
import type { FormDefinition } from '../../form/types.js';
import { sanitiseFileName } from '../../server/documents/file-name.server.js';
import { isUploadKeyFor, newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';

describe('§5 file rules', () => {
  const ok = { name: 'transcript.pdf', size: 1000 };
  it.each([
    [{ ...ok }, false, FILE_MESSAGES.loginNeeded],
    [{ ...ok, name: 'setup.exe' }, true, FILE_MESSAGES.wrongType],
    [{ ...ok, name: 'noextension' }, true, FILE_MESSAGES.wrongType],
    [{ ...ok, size: 0 }, true, FILE_MESSAGES.empty],
    [{ ...ok, size: FILE_MAX_BYTES + 1 }, true, FILE_MESSAGES.tooLargeDocument],
    [{ ...ok, name: 'letter.docx', size: FILE_MAX_BYTES + 1 }, true, FILE_MESSAGES.tooLargeDocument],
    [{ ...ok, name: 'scan.png', size: FILE_MAX_BYTES + 1 }, true, FILE_MESSAGES.tooLarge],
    [{ ...ok, name: `${'a'.repeat(29)}.pdf` }, true, FILE_MESSAGES.nameTooLong],
  ])('%j (logged in: %s) → %s', (file, loggedIn, message) => expect(fileProblem(file, loggedIn)).toBe(message));

  it.each(['a.png', 'a.PNG', 'a.jpeg', 'a.jpg', 'a.pdf', 'a.docx', `${'a'.repeat(28)}.pdf`])('accepts %s', (name) =>
    expect(fileProblem({ name, size: FILE_MAX_BYTES }, true)).toBeNull(),
  );

  it('has the exact §5 texts', () => {
    expect(FILE_MESSAGES.tooLarge).toBe('Your file is too large. The maximum file size is 1 MB.');
    expect(FILE_MESSAGES.wrongType).toBe('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx');
    expect(FILE_MESSAGES.empty).toBe('Your file is empty. Please upload a non-empty file.');
    expect(FILE_MESSAGES.loginNeeded).toBe('This question can be finished once you have created an account.');
    expect(FILE_MESSAGES.deleteConfirm).toBe('Are you sure you want to delete your file?');
    expect(uploadErrorTitle('transcript')).toBe('Error uploading file for transcript');
  });

  it.each([
    [0, '0B'],
    [900, '900B'],
    [1536, '2KB'],
    [524_288, '512KB'],
    [1_048_576, '1MB'],
  ])('formats %d bytes as %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});

describe('file questions of a definition', () => {
  it('finds kind file questions in sections, tabs, groups, triggers and repeaters', () => {
    const file = (key: string) => ({ kind: 'file' as const, key, label: key });
    const definition = {
      pages: [
        {
          id: 'about',
          children: [
            { kind: 'text', key: 'first_name', label: 'First' },
            { section: 's', title: 'S', children: [file('transcript')] },
            { tabs: 't', label: 'T', defaultTab: 'a', items: [{ id: 'a', label: 'A', children: [file('tab_doc')] }] },
            { group: 'g', branches: [{ when: { valueKey: 'x', operator: 'answered' }, children: [file('group_doc')] }] },
            { trigger: 'c', mode: 'button', triggerLabel: 'c', before: [], after: [file('after_doc')] },
            { repeater: 'r', addLabel: 'Add', max: 2, prefixes: ['', 'hs_2'], template: [file('school_doc')], instanceTitle: () => '' },
          ],
        },
      ],
    } as unknown as FormDefinition;
    expect(fileQuestionKeys(definition)).toEqual(['transcript', 'tab_doc', 'group_doc', 'after_doc', 'school_doc', 'hs_2_school_doc']);
    expect(isFileQuestionKey('tab_doc', definition)).toBe(true);
    expect(isFileQuestionKey('first_name', definition)).toBe(false);
  });

  it("finds the documents of one tab's content (§4 tab check)", () => {
    const tabs = pageById('education')
      .children.flatMap((n) => ('section' in n ? n.children : [n]))
      .find((n) => 'tabs' in n);
    const items = tabs && 'tabs' in tabs ? tabs.items : [];
    const withFiles = items.filter((item) => fileKeysIn(item.children).length > 0);
    expect(withFiles.map((item) => fileKeysIn(item.children))).toEqual([['transcript']]);
  });

  it('the real definition: only file questions count (none of the §3 text keys)', () => {
    expect(isFileQuestionKey('first_name')).toBe(false);
    for (const key of fileQuestionKeys()) expect(isFileQuestionKey(key)).toBe(true);
  });
});

describe('server-made names and keys', () => {
  it('sanitises display names: no path, no control or bidi characters', () => {
    expect(sanitiseFileName('C:\\Users\\me\\grades.pdf')).toBe('grades.pdf');
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('a\u0000b\u202e.pdf')).toBe('ab.pdf');
    expect(sanitiseFileName('  ..hidden   name.pdf ')).toBe('hidden name.pdf');
  });

  it("accepts only keys issued for this user's question", () => {
    const key = newUploadKey('u-1', 'transcript');
    expect(isUploadKeyFor(key, 'u-1', 'transcript')).toBe(true);
    expect(isUploadKeyFor(key, 'u-2', 'transcript')).toBe(false);
    expect(isUploadKeyFor(key, 'u-1', 'other')).toBe(false);
    expect(isUploadKeyFor(`${key}/../x`, 'u-1', 'transcript')).toBe(false);
    expect(isUploadKeyFor(42, 'u-1', 'transcript')).toBe(false);
    expect(outputKeyFor('u-1', 'transcript', key)).toBe(outputKeyFor('u-1', 'transcript', key));
    expect(outputKeyFor('u-1', 'transcript', key)).not.toBe(outputKeyFor('u-1', 'transcript', newUploadKey('u-1', 'transcript')));
  });
});
