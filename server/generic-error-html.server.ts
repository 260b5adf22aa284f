import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { GenericError } from '../views/pages/GenericError.js';
import { NoticePage } from '../views/pages/NoticePage.js';

function documentHtml(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - Freshman Application</title></head><body>${body}</body></html>`;
}

/** The §2 generic error screen for failures outside page rendering (vike renders pages/_error itself). */
export function renderGenericErrorHtml(_nonce: string | undefined): string {
  return documentHtml('Something went wrong', renderToStaticMarkup(createElement(GenericError)));
}

/** A page saying one thing in plain words (e.g. why a staff link does not work); it shows no applicant data. */
export function renderNoticeHtml(heading: string, message: string): string {
  return documentHtml(heading.replace(/[<>&"]/g, ''), renderToStaticMarkup(createElement(NoticePage, { heading, message })));
}
