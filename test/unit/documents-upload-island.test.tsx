import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { ServerParts } from '../../pages/form-components/FormIsland.js';
import { Form } from '../../islands/Form.island.js';
import { FileUploadInput } from '../../islands/upload/FileUploadInput.js';
import { FILE_MESSAGES } from '../../form/documents.js';

/** The island as the server renders it: with the parts its browser chunk leaves out (pages/form-components/FormIsland.tsx). */
const renderServer = (node: ReactNode): string => renderToString(<ServerParts>{node}</ServerParts>);

/**
 * Render smoke test of the document question as it is mounted: inside the form island, which renders the
 * control's shell on the server and loads the upload control itself in the browser.
 */
const finalSteps = (isLoggedIn: boolean) => renderServer(<Form page="final-steps" answers={{}} isLoggedIn={isLoggedIn} />);

describe('the document upload question', () => {
  it('renders a labelled file input whose id is the answer key', () => {
    const html = finalSteps(true);
    expect(html).toMatch(/<label for="additional_document" class="field__label">[^<]+/);
    expect(html).toMatch(
      /<input id="additional_document" type="file"[^>]*accept="\.png,\.jpeg,\.jpg,\.pdf,\.docx[^>]*name="additional_document"/,
    );
    expect(html).toMatch(/aria-describedby="additional_document-upload-hint[^"]*"/);
    expect(html).toContain('up to 1 MB');
    expect(html).not.toContain('style=');
  });

  it('says an account is needed when logged out', () => {
    const html = finalSteps(false);
    expect(html).toContain(FILE_MESSAGES.loginNeeded);
    expect(html).toContain('aria-disabled="true"');
  });

  it('shows a converted document with its name, its size without decimals or space, and Delete', () => {
    const html = renderServer(
      <FileUploadInput answerKey="transcript" isLoggedIn initial={{ file_name: 'grades.pdf', file_size: 524_288, status: 'COMPLETED' }} />,
    );
    expect(html).toContain('grades.pdf');
    expect(html).toContain('512KB');
    expect(html).toMatch(/<button[^>]*aria-label="Delete grades.pdf"[^>]*>Delete<\/button>/);
    expect(html).not.toContain('type="file"');
  });

  it('shows the converting status for a pending conversion', () => {
    const html = renderServer(
      <FileUploadInput answerKey="transcript" isLoggedIn initial={{ file_name: 'letter.docx', file_size: 2048, status: 'IN_PROGRESS' }} />,
    );
    expect(html).toContain('Converting letter.docx to PDF…');
    expect(html).toMatch(/<input[^>]*disabled=""/);
  });
});
