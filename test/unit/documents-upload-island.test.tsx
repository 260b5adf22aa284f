import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { FileUpload } from '../../islands/FileUpload.island.js';
import { FileUploadInput } from '../../islands/upload/FileUploadInput.js';
import { FILE_MESSAGES } from '../../form/documents.js';

/** Render smoke test: the server HTML of the upload island (hydration takes over in the browser). */
describe('FileUpload island', () => {
  it('renders a labelled file input whose id is the answer key', () => {
    const html = renderToString(<FileUpload answerKey="transcript" label="Upload your transcript" isLoggedIn />);
    expect(html).toContain('<label class="field__label" for="transcript">Upload your transcript</label>');
    expect(html).toMatch(/<input id="transcript" type="file"[^>]*accept="\.png,\.jpeg,\.jpg,\.pdf,\.docx/);
    expect(html).toContain('aria-describedby="transcript-upload-hint"');
    expect(html).toContain('up to 1 MB');
    expect(html).not.toContain('style=');
  });

  it('says an account is needed when logged out', () => {
    const html = renderToString(<FileUpload answerKey="transcript" label="Transcript" isLoggedIn={false} />);
    expect(html).toContain(FILE_MESSAGES.loginNeeded);
    expect(html).toContain('aria-disabled="true"');
  });

  it('shows a converted document with its name, its size without decimals or space, and Delete', () => {
    const html = renderToString(
      <FileUploadInput answerKey="transcript" isLoggedIn initial={{ file_name: 'grades.pdf', file_size: 524_288, status: 'COMPLETED' }} />,
    );
    expect(html).toContain('grades.pdf');
    expect(html).toContain('512KB');
    expect(html).toMatch(/<button[^>]*aria-label="Delete grades.pdf"[^>]*>Delete<\/button>/);
    expect(html).not.toContain('type="file"');
  });

  it('shows the converting status for a pending conversion', () => {
    const html = renderToString(
      <FileUploadInput answerKey="transcript" isLoggedIn initial={{ file_name: 'letter.docx', file_size: 2048, status: 'IN_PROGRESS' }} />,
    );
    expect(html).toContain('Converting letter.docx to PDF…');
    expect(html).toMatch(/<input[^>]*disabled=""/);
  });
});
