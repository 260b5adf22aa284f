import { useState } from 'react';
import { AutocompleteInput, mainValueOf } from './autocomplete/AutocompleteInput.js';
import { mainRecordKey, type LookupCategory, type LookupRecord, type RecordKey } from '../contracts/lookup.js';

export interface AutocompleteProps {
  /** The input's id: the main answer key (e.g. hs_name). */
  id: string;
  label: string;
  category: LookupCategory;
  value: string;
  selected?: boolean;
  required?: boolean;
  describedBy?: string;
  error?: string | null;
  maxLength?: number;
  /**
   * Record key → id of the server-rendered input that receives it (e.g. { city: 'hs_city' }); the
   * main record key is this input itself and need not be listed.
   */
  fills?: Partial<Record<RecordKey, string>>;
}

/** Sets a plain server-rendered field and tells any listener, as if the applicant had typed it. */
function setField(fieldId: string, value: string): void {
  const field = document.getElementById(fieldId);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) return;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * The autocomplete as a standalone island with JSON props. It fills the block's other fields, plain
 * inputs rendered by the server, through `fills`. Inside the form island use AutocompleteInput with
 * callbacks instead, so the form's own state receives the record.
 */
export function Autocomplete({ fills = {}, ...props }: AutocompleteProps) {
  const [value, setValue] = useState(props.value);
  const main = mainRecordKey(props.category);
  const fillAll = (record: Partial<LookupRecord>) => {
    for (const [key, fieldId] of Object.entries(fills) as Array<[RecordKey, string]>) {
      if (key !== main && fieldId) setField(fieldId, record[key] ?? '');
    }
  };
  return (
    <AutocompleteInput
      {...props}
      value={value}
      onSelect={(record) => {
        setValue(mainValueOf(props.category, record));
        fillAll(record);
      }}
      onFreeText={(text, replacedSelection) => {
        setValue(text);
        if (replacedSelection) fillAll({});
      }}
      onClear={() => {
        setValue('');
        fillAll({});
      }}
    />
  );
}
