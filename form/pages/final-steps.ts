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
      titleEs: 'Expedientes académicos',
      children: [
        {
          kind: 'radio',
          key: TRANSCRIPT_PERMISSION_KEY,
          label: 'Do you give the university permission to request and access your high school transcripts?',
          labelEs: '¿Autorizas a la universidad a solicitar y consultar tus expedientes académicos de la preparatoria?',
          hint: 'We ask your school counselor for your transcripts so you do not have to send them yourself.',
          hintEs: 'Le pedimos tus expedientes académicos a tu consejero escolar para que no tengas que enviarlos tú.',
          options: YES_NO,
          required: true,
        },
      ],
    },
    {
      section: 'additional-documents',
      title: 'Additional Documents',
      titleEs: 'Documentos adicionales',
      description: 'Optional. Anything else you would like us to consider, such as a list of your activities.',
      descriptionEs: 'Opcional. Cualquier otra cosa que quieras que consideremos, como una lista de tus actividades.',
      children: [
        {
          kind: 'file',
          key: 'additional_document',
          label: 'Additional Document',
          labelEs: 'Documento adicional',
          hint: 'A PNG, JPEG, PDF or Word (.docx) file of up to 1 MB.',
          hintEs: 'Un archivo PNG, JPEG, PDF o Word (.docx) de hasta 1 MB.',
          printLabel: 'Additional document',
        },
      ],
    },
    {
      tabs: 'after-you-apply',
      label: 'What happens after you apply',
      labelEs: 'Qué pasa después de enviar tu solicitud',
      defaultTab: 'decision',
      items: [
        {
          id: 'decision',
          label: 'Decision',
          labelEs: 'Decisión',
          children: [
            {
              content: 'Most applicants receive an admission decision within two weeks of submitting a complete application.',
              contentEs:
                'La mayoría de los solicitantes recibe una decisión de admisión dentro de las dos semanas posteriores al envío de una solicitud completa.',
              id: 'after-decision',
            },
          ],
        },
        {
          id: 'scholarships',
          label: 'Scholarships',
          labelEs: 'Becas',
          children: [
            {
              content: 'Every admitted student is considered for merit scholarships automatically; there is no separate application.',
              contentEs:
                'Todos los estudiantes admitidos son considerados automáticamente para becas por mérito; no hay que presentar una solicitud aparte.',
              id: 'after-scholarships',
            },
          ],
        },
        {
          id: 'fee',
          label: 'Cost to apply',
          labelEs: 'Costo de la solicitud',
          children: [{ content: 'There is no application fee.', contentEs: 'No hay cuota de solicitud.', id: 'after-fee' }],
        },
      ],
    },
    {
      section: 'certification',
      title: 'Certification',
      titleEs: 'Certificación',
      children: [
        {
          trigger: 'certification',
          mode: 'checkbox',
          triggerLabel: 'I certify that the information in this application is complete and correct.',
          triggerLabelEs: 'Certifico que la información de esta solicitud es completa y correcta.',
          checkbox: {
            kind: 'checkbox',
            key: 'legal_agree',
            label: 'I certify that the information in this application is complete and correct.',
            labelEs: 'Certifico que la información de esta solicitud es completa y correcta.',
            printLabel: 'Certification',
            required: true,
            requiredMessage: MESSAGES.legalAgree,
          },
          before: [
            {
              content:
                'Before you submit, please confirm that everything in this application is complete and true to the best of your knowledge. Giving false or incomplete information may cancel your admission.',
              contentEs:
                'Antes de enviarla, confirma que todo lo que incluye esta solicitud es completo y verdadero según tu leal saber y entender. Dar información falsa o incompleta puede anular tu admisión.',
              id: 'certification-before',
            },
          ],
          after: [
            {
              content: 'Thank you. You can now submit your application.',
              contentEs: 'Gracias. Ya puedes enviar tu solicitud.',
              id: 'certification-after',
            },
          ],
        },
      ],
    },
  ];
  return {
    id: 'final-steps',
    path: '/final-steps',
    title: 'Final Steps',
    titleEs: 'Pasos finales',
    navLabel: '3. Final steps',
    navLabelEs: '3. Pasos finales',
    shortNavLabel: 'Step 3',
    shortNavLabelEs: 'Paso 3',
    children,
  };
}
