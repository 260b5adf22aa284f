import { formDefinition } from '../../form/definition.js';
import { applicantName } from '../../form/applicant-name.js';
import type { Data } from './+data.js';
import { useData, usePageContext } from '../page-context.js';
import { StaffApplication } from '../form-components/StaffApplication.js';
import { printHeaderText, printPageRules } from './print-rules.js';

/**
 * /print (staff only): every form page of the application in one read-only document, as the staff view
 * shows each, for the PDF renderer to print in one pass. Its page rules put the applicant's name, the
 * reference and the form page's title in every sheet's header. No script is loaded here.
 */
export function Page() {
  const data = useData<Data>()!;
  const { cspNonce } = usePageContext() as { cspNonce?: string };
  // The PDF names the applicant by their legal name (form/applicant-name.ts); the staff view by their account.
  const header = printHeaderText(applicantName(data.answers, data.applicant ?? ''), data.reference);
  return (
    <div className="print-document">
      {/* Every character of the name is escaped by cssString: nothing here can leave the style element. */}
      <style nonce={cspNonce} dangerouslySetInnerHTML={{ __html: printPageRules(formDefinition().pages, header) }} />
      <StaffApplication data={data} pages={formDefinition().pages.map((page) => page.id)} />
    </div>
  );
}
