import type { Answers, Block, Question } from '../../form/types.js';
import { expandBlock } from '../../form/blocks.js';
import { isAnswered } from '../../form/conditions.js';
import { displayValue } from '../../form/display.js';
import { useReadOnly } from './read-only-context.js';
import { ReadOnlyLine, ReadOnlyQuestions } from './ReadOnlyField.js';
import { pageLang } from '../../contracts/i18n/page-text.js';

/**
 * A school's questions as read: the name's line already reads "Alta High School (Ceeb: 450010)", so the code has no
 * line of its own then (issue 38: it was printed twice).
 */
function schoolQuestions(questions: readonly Question[], answers: Answers): readonly Question[] {
  const name = questions.find((q) => q.kind === 'autocomplete');
  const ceeb = name?.kind === 'autocomplete' ? name.fills.ceeb : undefined;
  return name && isAnswered(answers[name.key]) ? questions.filter((q) => q.key !== ceeb) : questions;
}

/**
 * A composite block as a document reads it (the review, the staff view, the PDF): a check group's ticked boxes on
 * one line ("Asian, White"), a month and year on one ("May 2027"), an address or a school as its questions. The
 * staff view and the PDF keep an address's or a school's legend; the review's short listing leaves it out, as it
 * would repeat the section's title ("Permanent Address").
 */
export function ReadOnlyBlock({ block }: { block: Block }) {
  const { answers, listed } = useReadOnly();
  const questions = expandBlock(block);
  switch (block.block) {
    case 'checkGroup': {
      const ticked = questions.filter((q) => answers[q.key] === true).map((q) => q.label);
      return <ReadOnlyLine label={block.legend} questions={questions} text={ticked.join(', ')} />;
    }
    case 'monthYear':
      return (
        <ReadOnlyLine
          label={block.label}
          questions={questions}
          text={questions
            .map((q) => displayValue(q, answers, pageLang()))
            .filter(Boolean)
            .join(' ')}
        />
      );
    case 'address':
    case 'school': {
      const shown = block.block === 'school' ? schoolQuestions(questions, answers) : questions;
      if (listed) return <ReadOnlyQuestions questions={shown} />;
      if (!block.legend) {
        return (
          <div className={`block block--${block.block}`}>
            <ReadOnlyQuestions questions={shown} />
          </div>
        );
      }
      return (
        <fieldset className={`fieldset block block--${block.block}`}>
          <legend className="block__legend">{block.legend}</legend>
          <ReadOnlyQuestions questions={shown} />
        </fieldset>
      );
    }
  }
}
