import type { FormPageData } from '../../contracts/page-data.js';
import { formDefinition } from '../../form/definition.js';
import { applicantName } from '../../form/applicant-name.js';
import { StaffApplication } from './StaffApplication.js';
import { printHeaderText, printPageRules } from './print-rules.js';

/**
 * Every form page of the application in one read-only document, as the staff view shows each, for the PDF
 * renderer to print in one pass. Its page rules put the applicant's name, the reference and the form page's
 * title in every sheet's header.
 */
export function PrintDocument({ data, nonce }: { data: FormPageData; nonce: string | undefined }) {
  const pages = formDefinition().pages;
  // The PDF names the applicant by their legal name (form/applicant-name.ts); the staff view by their account.
  const header = printHeaderText(applicantName(data.answers, data.applicant ?? ''), data.reference);
  return (
    <div className="print-document">
      {/* Every character of the name is escaped by cssString: nothing here can leave the style element. */}
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: printPageRules(pages, header) }} />
      <StaffApplication data={data} pages={pages.map((page) => page.id)} />
    </div>
  );
}
