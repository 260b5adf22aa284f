import { MESSAGES } from '../messages.js';
import { YES_NO } from '../options.js';
import type { Node, Page } from '../types.js';

/** The "may the university request your transcripts?" question: step 2's transcript note depends on its answer. */
export const TRANSCRIPT_PERMISSION_KEY = 'counselor_waiver_request';

/** Step 3 (§2 /final-steps): counselor_waiver_request and legal_agree. */
export function finalStepsPage(): Page {
  const children: Node[] = [
    {
      section: 'transcripts',
      title: 'Transcripts',
      children: [
        {
          kind: 'radio',
          key: TRANSCRIPT_PERMISSION_KEY,
          label: 'Do you give the university permission to request and access your high school transcripts?',
          hint: 'We ask your school counselor for your transcripts so you do not have to send them yourself.',
          options: YES_NO,
          required: true,
        },
      ],
    },
    {
      section: 'additional-documents',
      title: 'Additional Documents',
      description: 'Optional. Anything else you would like us to consider, such as a list of your activities.',
      children: [
        {
          kind: 'file',
          key: 'additional_document',
          label: 'Additional Document',
          hint: 'A PNG, JPEG, PDF or Word (.docx) file of up to 1 MB.',
          printLabel: 'Additional document',
        },
      ],
    },
    {
      tabs: 'after-you-apply',
      label: 'What happens after you apply',
      defaultTab: 'decision',
      items: [
        {
          id: 'decision',
          label: 'Decision',
          children: [
            {
              content: 'Most applicants receive an admission decision within two weeks of submitting a complete application.',
              id: 'after-decision',
            },
          ],
        },
        {
          id: 'scholarships',
          label: 'Scholarships',
          children: [
            {
              content: 'Every admitted student is considered for merit scholarships automatically; there is no separate application.',
              id: 'after-scholarships',
            },
          ],
        },
        { id: 'fee', label: 'Cost to apply', children: [{ content: 'There is no application fee.', id: 'after-fee' }] },
      ],
    },
    {
      section: 'certification',
      title: 'Certification',
      children: [
        {
          trigger: 'certification',
          mode: 'checkbox',
          triggerLabel: 'I certify that the information in this application is complete and correct.',
          checkbox: {
            kind: 'checkbox',
            key: 'legal_agree',
            label: 'I certify that the information in this application is complete and correct.',
            printLabel: 'Certification',
            required: true,
            requiredMessage: MESSAGES.legalAgree,
          },
          before: [
            {
              content:
                'Before you submit, please confirm that everything in this application is complete and true to the best of your knowledge. Giving false or incomplete information may cancel your admission.',
              id: 'certification-before',
            },
          ],
          after: [{ content: 'Thank you. You can now submit your application.', id: 'certification-after' }],
        },
      ],
    },
  ];
  return { id: 'final-steps', path: '/final-steps', title: 'Final Steps', navLabel: '3. Final steps', shortNavLabel: 'Step 3', children };
}
