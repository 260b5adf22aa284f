import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { ignoreQueueErrorsFromNowOn, presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { makeDocx, makeDocxZipBomb, makePng } from '../fixtures/documents.js';
import {
  makeDocmContentType,
  makeDocxWithActiveX,
  makeDocxWithHyperlink,
  makeDocxWithIncludePicture,
  makeDocxWithLinkedPicture,
  makeDocxWithMacros,
  makeDocxWithOleObject,
  makeDocxWithPictureBehindHyperlinkRelationship,
  makeDocxWithSimpleField,
  makeRawDocx,
} from '../fixtures/hostile-documents.js';
import { DOCX_MESSAGES } from '../../workers/convert/docx-hazards.server.js';
import { detectDocumentType } from '../../workers/convert/detect-type.server.js';
import { docxToPdf, sofficeSandbox } from '../../workers/convert/soffice.server.js';

/**
 * Issue 13, item 1: a .docx made LibreOffice fetch URLs (and read local files into the PDF). Documents
 * that link to anything outside themselves are refused with a message saying why, and LibreOffice runs
 * where it cannot reach the network anyway.
 */
const SOFFICE = '/usr/bin/soffice';

let ctx: TestContext;
let user: TestUser;
let listener: Server;
let requests: string[] = [];
let base = '';

beforeAll(async () => {
  // The attacker's server, on loopback: every request it sees is a document pipeline that fetched.
  listener = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('Content-Type', 'image/png');
    res.end(makePng(32, 32));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  ctx = await createTestApp({ queue: 'workers' });
  user = await createUserWithSession(ctx.db.knex, ctx.clock.now);
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx?.queue);
  await ctx?.close();
  listener?.close();
});

async function uploadAndConvert(bytes: Buffer, name: string) {
  const presigned = await presign(ctx.app, user.cookie, 'transcript');
  expect((await uploadTo(ctx.app, presigned, bytes, name)).status).toBe(204);
  expect((await startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, name)).status).toBe(202);
  return waitForFinalStatus(ctx.app, user.cookie, 'transcript', 90_000);
}

async function rejection(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('a .docx that links outside itself, uploaded by an applicant', () => {
  it('with a linked picture (TargetMode="External") ends FAILED with the message, and nothing is fetched', async () => {
    requests = [];
    const final = await uploadAndConvert(makeDocxWithLinkedPicture(`${base}/linked.png`), 'transcript.docx');
    expect(final).toEqual({ status: 'FAILED', message: DOCX_MESSAGES.external });
    expect(requests).toEqual([]);
  });

  it('with an INCLUDEPICTURE field split across runs ends FAILED with the message, and nothing is fetched', async () => {
    requests = [];
    const final = await uploadAndConvert(makeDocxWithIncludePicture(`${base}/included.png`), 'transcript.docx');
    expect(final).toEqual({ status: 'FAILED', message: DOCX_MESSAGES.fields });
    expect(requests).toEqual([]);
  });

  it('a plain Word document, and one with a mailto: hyperlink, still convert', async () => {
    expect((await uploadAndConvert(await makeDocx(), 'letter.docx')).status).toBe('COMPLETED');
    expect((await uploadAndConvert(makeDocxWithHyperlink(), 'letter.docx')).status).toBe('COMPLETED');
  });
});

describe('what the inspection refuses, and with which message', () => {
  const cases: Array<[string, () => Buffer, string]> = [
    ['a linked picture', () => makeDocxWithLinkedPicture('http://attacker.example/x.png'), DOCX_MESSAGES.external],
    ['a picture linked to a local file', () => makeDocxWithLinkedPicture('file:///etc/passwd'), DOCX_MESSAGES.external],
    [
      'a picture behind a "hyperlink" relationship',
      () => makeDocxWithPictureBehindHyperlinkRelationship('http://attacker.example/x.png'),
      DOCX_MESSAGES.external,
    ],
    [
      'an external relationship whose target hides a ">" before TargetMode',
      () =>
        makeRawDocx({
          body: '<w:p><w:r><w:drawing><a:blip r:link="rId7"/></w:drawing></w:r></w:p>',
          relationships: `<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://attacker.example/a>b.png" TargetMode="External"/>`,
        }),
      DOCX_MESSAGES.external,
    ],
    ['a file: hyperlink', () => makeDocxWithHyperlink('file:///etc/passwd'), DOCX_MESSAGES.external],
    ['INCLUDEPICTURE in one run', () => makeDocxWithIncludePicture('http://attacker.example/x.png', false), DOCX_MESSAGES.fields],
    ['INCLUDEPICTURE split across runs', () => makeDocxWithIncludePicture('http://attacker.example/x.png'), DOCX_MESSAGES.fields],
    ['INCLUDETEXT (fldSimple)', () => makeDocxWithSimpleField('INCLUDETEXT "/etc/passwd"'), DOCX_MESSAGES.fields],
    ['LINK', () => makeDocxWithSimpleField('LINK Excel.Sheet.8 "C:\\\\secret.xls" "" \\a'), DOCX_MESSAGES.fields],
    ['DDE', () => makeDocxWithSimpleField('DDE cmd "/c calc" x'), DOCX_MESSAGES.fields],
    ['DDEAUTO', () => makeDocxWithSimpleField(' DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe"'), DOCX_MESSAGES.fields],
    [
      'a field name hidden behind character references',
      () => makeRawDocx({ body: '<w:p><w:fldSimple w:instr="&#73;NCLUDE&#x54;EXT &quot;x&quot;"/></w:p>' }),
      DOCX_MESSAGES.fields,
    ],
    ['an OLE object', makeDocxWithOleObject, DOCX_MESSAGES.objects],
    ['an ActiveX control', makeDocxWithActiveX, DOCX_MESSAGES.objects],
    ['macros (vbaProject.bin)', makeDocxWithMacros, DOCX_MESSAGES.macros],
    ['a macro-enabled .docm renamed .docx', makeDocmContentType, DOCX_MESSAGES.macros],
    [
      'an external relationship outside word/document.xml (an attached template in settings)',
      () =>
        makeRawDocx({
          body: '',
          extraEntries: [
            {
              name: 'word/_rels/settings.xml.rels',
              data: Buffer.from(
                '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="http://attacker.example/t.dotm" TargetMode="External"/></Relationships>',
              ),
            },
          ],
        }),
      DOCX_MESSAGES.external,
    ],
    [
      'a field in the part _rels/.rels really opens, under a name that is not .xml',
      () =>
        makeRawDocx({
          body: '',
          extraEntries: [
            {
              name: 'custom/main.dat',
              data: Buffer.from(
                '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>INCLUDETEXT "/etc/passwd"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:body></w:document>',
              ),
            },
          ],
        }),
      DOCX_MESSAGES.fields,
    ],
    [
      'a field in UTF-16 markup',
      () => {
        // A header part written in UTF-16: an encoding must not hide a field.
        const header = Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from('<w:hdr xmlns:w="x"><w:fldSimple w:instr="INCLUDETEXT x"/></w:hdr>', 'utf16le'),
        ]);
        return makeRawDocx({ body: '', extraEntries: [{ name: 'word/header1.xml', data: header }] });
      },
      DOCX_MESSAGES.fields,
    ],
  ];
  it.each(cases)('refuses %s', async (_name, make, message) => {
    expect(await rejection(detectDocumentType(make()))).toBe(message);
  });

  it('still refuses zip bombs (entry sizes, whatever the headers claim)', async () => {
    expect(await rejection(detectDocumentType(makeDocxZipBomb(60, true)))).toMatch(/could not be read/);
  });

  it('accepts ordinary documents: text, and hyperlinks to web pages or e-mail addresses', async () => {
    expect(await detectDocumentType(await makeDocx())).toBe('docx');
    expect(await detectDocumentType(makeDocxWithHyperlink())).toBe('docx');
    expect(await detectDocumentType(makeDocxWithHyperlink('https://school.example/'))).toBe('docx');
    expect(
      await detectDocumentType(makeRawDocx({ body: '<w:p><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>' })),
    ).toBe('docx');
  });
});

describe('LibreOffice itself cannot reach the network', () => {
  it('runs in its own network namespace here (as root, or through a user namespace)', () => {
    expect(['namespace', 'user-namespace']).toContain(sofficeSandbox().network);
  });

  it('a linked picture that got past the inspection is not fetched (network namespace)', async () => {
    requests = [];
    const pdf = await docxToPdf(makeDocxWithLinkedPicture(`${base}/sandbox.png`), {
      sofficePath: SOFFICE,
      timeoutMs: 60_000,
      tag: 'sec-sandbox',
    });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(requests).toEqual([]);
  });

  it('nor with only the profile settings (where no namespace can be made)', async () => {
    requests = [];
    const pdf = await docxToPdf(makeDocxWithLinkedPicture(`${base}/profile.png`), {
      sofficePath: SOFFICE,
      timeoutMs: 60_000,
      tag: 'sec-profile',
      sandbox: { network: 'profile-only', prefix: [] },
    });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(requests).toEqual([]);
  });
});
