import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { GenericError } from '../pages/GenericError.js';

/** The §2 generic error screen for failures outside page rendering (vike renders pages/_error itself). */
export function renderGenericErrorHtml(_nonce: string | undefined): string {
  const body = renderToStaticMarkup(createElement(GenericError));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong - Freshman Application</title></head><body>${body}</body></html>`;
}
