import type { Block, Question } from '../../form/types.js';
import { expandBlock } from '../../form/blocks.js';
import { isAnswered } from '../../form/conditions.js';
import { displayValue } from '../../form/display.js';
import { useReadOnly } from './read-only-context.js';
import { ReadOnlyLine, ReadOnlyQuestions } from './ReadOnlyField.js';

/** A composite block as the form groups it (one legend over its questions), each question as text. */
export function ReadOnlyBlock({ block }: { block: Block }) {
  const { listed } = useReadOnly();
  const questions = expandBlock(block);
  if (listed) return <ListedBlock block={block} questions={questions} />;
  switch (block.block) {
    case 'address':
    case 'school':
      return block.legend ? (
        <fieldset className={`fieldset block block--${block.block}`}>
          <legend className="block__legend">{block.legend}</legend>
          <ReadOnlyQuestions questions={questions} />
        </fieldset>
      ) : (
        <div className={`block block--${block.block}`}>
          <ReadOnlyQuestions questions={questions} />
        </div>
      );
    case 'monthYear':
      return (
        <fieldset className="fieldset block block--month-year">
          <legend className="block__legend">{block.label}</legend>
          <div className="month-year">
            <ReadOnlyQuestions questions={questions} />
          </div>
        </fieldset>
      );
    case 'checkGroup':
      return (
        <fieldset className="fieldset block block--check-group">
          <legend className="block__legend">{block.legend}</legend>
          <ReadOnlyQuestions questions={questions} />
        </fieldset>
      );
  }
}

/**
 * A block in the review's short listing: a check group or a month and year on one line; an address or a school as
 * its listed questions, without a legend that would repeat the section's title ("Permanent Address").
 */
function ListedBlock({ block, questions }: { block: Block; questions: readonly Question[] }) {
  const { answers } = useReadOnly();
  switch (block.block) {
    case 'checkGroup': {
      const ticked = questions.filter((q) => answers[q.key] === true).map((q) => q.label);
      return <ReadOnlyLine label={block.legend} questions={questions} text={ticked.join(', ')} />;
    }
    case 'monthYear':
      return <ReadOnlyLine label={block.label} questions={questions} text={questions.map((q) => displayValue(q, answers)).filter(Boolean).join(' ')} />;
    case 'address':
      return <ReadOnlyQuestions questions={questions} />;
    case 'school': {
      // The school's line already reads "Alta High School (Ceeb: 450010)": no second line for the code then.
      const name = questions.find((q) => q.kind === 'autocomplete');
      const ceeb = name?.kind === 'autocomplete' ? name.fills.ceeb : undefined;
      return <ReadOnlyQuestions questions={name && isAnswered(answers[name.key]) ? questions.filter((q) => q.key !== ceeb) : questions} />;
    }
  }
}
