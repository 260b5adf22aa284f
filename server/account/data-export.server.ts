import { RECOMMENDATION_LETTER_PREFIX } from '../../contracts/recommendations.js';
import yazl from 'yazl';
import type { Readable } from 'node:stream';
import type { AppServices } from '../../platform/app-services.server.js';
import { findUserById } from '../../db/repos/users.server.js';
import { findApplication } from '../../db/repos/applications.server.js';
import { findApplicationPdf } from '../../db/repos/application-pdfs.server.js';

/** A file name inside the ZIP: the applicant named their files; only safe characters reach the archive. */
const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 120) || 'file';

interface DocumentEntry {
  answer_key: string;
  file_name: string;
  file_size: number;
  status: string | null;
  file_key: string;
  output_key: string | null;
  created_at: Date;
}

/**
 * "Download your data" (issue 27): one ZIP with data.json (the account, every answer, the form's state, each
 * document's details) and the files themselves — each upload as sent, its PDF conversion, the application PDF.
 * Every read is by the session's user id; objects are opened one at a time as the ZIP reaches them.
 */
export async function applicantDataZip(services: AppServices, userId: string): Promise<Readable | null> {
  const { knex } = services.db;
  const user = await findUserById(knex, userId);
  if (!user) return null;
  const application = await findApplication(knex, userId);
  const documents = (await knex('document_answers')
    .where({ user_id: userId })
    // Teachers' letters are not the applicant's to read (issue 39).
    .whereNot('answer_key', 'like', `${RECOMMENDATION_LETTER_PREFIX}%`)
    .orderBy('answer_key')
    .select('answer_key', 'file_name', 'file_size', 'status', 'file_key', 'output_key', 'created_at')) as DocumentEntry[];
  const pdf = await findApplicationPdf(knex, userId);
  const zip = new yazl.ZipFile();
  const files: Array<{ name: string; key: string }> = [];
  const documentList = documents.map((doc) => {
    const upload = `documents/${safeName(doc.answer_key)}/${safeName(doc.file_name)}`;
    const converted = doc.output_key && doc.status === 'COMPLETED' ? `documents/${safeName(doc.answer_key)}/converted.pdf` : null;
    files.push({ name: upload, key: doc.file_key });
    if (converted) files.push({ name: converted, key: doc.output_key! });
    return {
      answer_key: doc.answer_key,
      file_name: doc.file_name,
      file_size: doc.file_size,
      status: doc.status,
      uploaded_at: doc.created_at,
      files: [upload, ...(converted ? [converted] : [])],
    };
  });
  const pdfName = pdf?.status === 'COMPLETED' && pdf.output_key ? 'application.pdf' : null;
  if (pdfName) files.push({ name: pdfName, key: pdf!.output_key! });
  // An object already gone (a conversion being redone) is left out rather than breaking the ZIP half-way.
  const present = await Promise.all(files.map((file) => services.storage.head(file.key)));
  const included = files.filter((_file, i) => present[i]);
  const data = {
    exported_at: services.now().toISOString(),
    account: { username: user.username, created_at: user.created_at, confirmed_at: user.confirmed_at },
    application: application
      ? {
          answers: application.answers,
          add_another: application.add_another,
          tabs: application.tabs,
          last_page: application.last_page,
          created_at: application.created_at,
          updated_at: application.updated_at,
          submitted_at: application.submitted_at,
          reference: application.reference,
        }
      : null,
    documents: documentList.map((doc) => ({ ...doc, files: doc.files.filter((name) => included.some((file) => file.name === name)) })),
    application_pdf: included.some((file) => file.name === pdfName) ? pdfName : null,
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'data.json');
  for (const file of included) {
    zip.addReadStreamLazy(file.name, (cb) => {
      services.storage.getStream(file.key).then(
        (stream) => (stream ? cb(null, stream) : cb(new Error('a file of this account is missing from the store'), undefined as never)),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
