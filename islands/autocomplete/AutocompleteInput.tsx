import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { debounce } from './debounce.js';
import { fetchLookupRecord, searchLookup } from './lookup-client.js';
import {
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_MAX_WAIT_MS,
  MANUAL_ENTRY_MESSAGE,
  mainRecordKey,
  type LookupCategory,
  type LookupItem,
  type LookupRecord,
} from '../../contracts/lookup.js';
import { t } from '../../contracts/i18n/page-text.js';

export interface AutocompleteInputProps {
  /** The input's id and name: the main answer key (e.g. hs_name, address_line_1). */
  id: string;
  label: string;
  category: LookupCategory;
  /** The main field's current answer; the parent owns it and updates it from the callbacks. */
  value: string;
  /** The current value came from a picked suggestion (e.g. the saved CEEB code is set): no manual-entry message, and typing over it clears the block. */
  selected?: boolean;
  required?: boolean;
  /** Ids of further descriptions (a hint, or the error element when the parent renders it). */
  describedBy?: string;
  /** An error to show under the input, as `${id}-error` (§5); omit when the parent shows errors itself. */
  error?: string | null;
  /** The answer is in error while the parent shows the messages itself: the input still says so (aria-invalid). */
  invalid?: boolean;
  maxLength?: number;
  /** The applicant's state: its records are suggested first. */
  preferState?: string;
  /** The applicant's city: within the state, its records are suggested next. */
  preferCity?: string;
  /** "Not listed" was chosen (schools): the manual-entry message shows even before anything is typed. */
  manual?: boolean;
  /** The id of a notice under the field (what a change cleared), read with the field's description. */
  noticeId?: string | undefined;
  /** That notice: shown right under the input, above the suggestions (which would otherwise cover it). */
  notice?: ReactNode;
  /** A suggestion was picked: the full record, read by the category's key names (§7). */
  onSelect(record: LookupRecord): void;
  /**
   * Free text was typed (or a picked record could not be fetched): store this text in the main field. §4 says
   * typing free text clears the related fields; `replacedSelection` tells whether it replaced a picked record.
   */
  onFreeText(text: string, replacedSelection: boolean): void;
  /** The field was cleared: clear every related field. */
  onClear(): void;
}

type Mode = 'empty' | 'free' | 'selected';

/**
 * The school / address autocomplete as a plain component (SPEC §4): the ARIA 1.2 combobox pattern with
 * a listbox popup, arrow keys, Enter to pick, Escape to close (or, when closed, to clear), and a polite
 * live region announcing the result count. Used inside the form island with callbacks.
 */
export function AutocompleteInput(props: AutocompleteInputProps) {
  const { id, label, category, value, required, describedBy, error, invalid, maxLength } = props;
  const [mode, setMode] = useState<Mode>(props.selected ? 'selected' : value.trim() ? 'free' : 'empty');
  const [items, setItems] = useState<LookupItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const [pendingLabel, setPendingLabel] = useState<string | null>(null);
  const searchAbort = useRef<AbortController | null>(null);
  // Bumped by every edit, so a record that arrives after the applicant typed again is ignored.
  const edits = useRef(0);
  const latest = useRef(props);
  latest.current = props;

  const runSearch = async (text: string) => {
    searchAbort.current?.abort();
    const controller = new AbortController();
    searchAbort.current = controller;
    let found: LookupItem[];
    try {
      found = await searchLookup(category, text, controller.signal, { state: latest.current.preferState, city: latest.current.preferCity });
    } catch {
      return; // cancelled: a newer search or a blur
    }
    setItems(found);
    setActive(-1);
    setOpen(found.length > 0);
    setStatus(
      found.length === 0
        ? t('No matches found.')
        : `${found.length} ${found.length === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrow keys to review and Enter to select.`,
    );
  };
  const runSearchRef = useRef(runSearch);
  runSearchRef.current = runSearch;
  const debounced = useMemo(() => debounce<string>((text) => void runSearchRef.current(text), LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_WAIT_MS), []);

  const cancelSearch = () => {
    debounced.cancel();
    searchAbort.current?.abort();
  };
  useEffect(() => cancelSearch, []);

  useEffect(() => {
    if (!value.trim()) setMode('empty');
  }, [value]);

  // The pick came back (Undo restored it) or went (cleared from outside, e.g. "not listed"): the mode follows.
  const wasSelected = useRef(props.selected);
  useEffect(() => {
    if (props.selected === wasSelected.current) return;
    wasSelected.current = props.selected;
    setMode(props.selected ? 'selected' : latest.current.value.trim() ? 'free' : 'empty');
  }, [props.selected]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const edit = (text: string) => {
    edits.current++;
    setPendingLabel(null);
    if (!text.trim()) {
      cancelSearch();
      close();
      setItems([]);
      setMode('empty');
      setStatus('');
      latest.current.onClear();
      return;
    }
    setMode('free');
    latest.current.onFreeText(text, mode === 'selected');
    debounced.schedule(text);
  };

  const pick = async (item: LookupItem) => {
    cancelSearch();
    close();
    setItems([]);
    const ticket = ++edits.current;
    const label = (category === 'address' ? item.address_line_1 : item.name) ?? item.text;
    setPendingLabel(label);
    setMode('selected');
    setStatus(`${item.text}, ${item.sub_text} selected.`);
    const record = await fetchLookupRecord(category, item.id);
    if (ticket !== edits.current) return;
    setPendingLabel(null);
    if (record) {
      latest.current.onSelect(record);
    } else {
      // §7: on failure the typed label is kept as the name or address line.
      setMode('free');
      latest.current.onFreeText(label, true);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (open) setActive((active + 1) % items.length);
        else if (items.length > 0) {
          setOpen(true);
          setActive(0);
        }
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (open) setActive(active <= 0 ? items.length - 1 : active - 1);
        else if (items.length > 0) {
          setOpen(true);
          setActive(items.length - 1);
        }
        break;
      case 'Enter':
        if (open && active >= 0) {
          e.preventDefault();
          void pick(items[active]!);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        } else if (value) {
          e.preventDefault();
          edit('');
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const showManual = (mode === 'free' || (props.manual === true && mode !== 'selected')) && category !== 'address';
  const errorId = `${id}-error`;
  const described = [
    ...new Set([...(describedBy?.split(/\s+/) ?? []), error ? errorId : '', showManual ? `${id}-manual` : '', props.noticeId ?? '']),
  ]
    .filter(Boolean)
    .join(' ');
  const shown = pendingLabel ?? value;

  return (
    <div className="autocomplete">
      <label id={`${id}-label`} htmlFor={id} className="field__label autocomplete__label">
        {label}
        {/* The same marker as every other required question (islands/form/fields/Field.tsx), read by sighted users. */}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="autocomplete__control">
        <input
          id={id}
          name={id}
          type="text"
          className="input autocomplete__input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={described || undefined}
          aria-invalid={error || invalid ? true : undefined}
          required={required}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          value={shown}
          onChange={(e) => edit(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            cancelSearch();
            close();
          }}
        />
        {shown !== '' && (
          // js-only: without scripts the button could do nothing (editing the field is the way to clear it then).
          <button
            type="button"
            className="autocomplete__clear js-only"
            aria-label={t('Clear {{label}}', { label })}
            onClick={() => {
              edit('');
              document.getElementById(id)?.focus();
            }}
          >
            {t('Clear')}
          </button>
        )}
        {props.notice}
        <ul id={`${id}-listbox`} role="listbox" aria-labelledby={`${id}-label`} className="autocomplete__list" hidden={!open}>
          {items.map((item, i) => (
            <li
              key={item.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className="autocomplete__option"
              // Keep focus in the input, so picking with the mouse does not count as a blur.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void pick(item)}
            >
              <span className="autocomplete__text">{item.text}</span>
              {item.sub_text && <span className="autocomplete__sub"> {item.sub_text}</span>}
            </li>
          ))}
        </ul>
      </div>
      <div role="status" className="visually-hidden">
        {status}
      </div>
      {showManual && (
        <p id={`${id}-manual`} className="autocomplete__manual">
          {MANUAL_ENTRY_MESSAGE}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error-message autocomplete__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The main record field's value of a picked record (the school's name or the street line). */
export function mainValueOf(category: LookupCategory, record: LookupRecord): string {
  return record[mainRecordKey(category)] ?? '';
}
